/**
 * A pool worker: answers batches of puzzles with the same code the main thread uses. It loads
 * what a job needs when the first such job comes (the cores for solving; the registry, the
 * generator or the step solver only when asked), so a pool that solves starts quickly.
 */
import { parentPort } from 'node:worker_threads';
import type { BatchInput } from '../batch/input.js';
import { type AnswerOptions, answerBatch } from '../batch/solve.js';
import { engineById } from '../core/engines.js';
import type { GenerateJob } from '../batch/generate.js';
import type { StepBatchOptions } from '../batch/steps.js';

export interface BatchRequest {
  readonly id: number;
  readonly batch: BatchInput;
  readonly options: AnswerOptions;
}

/** A range of puzzles to generate (`sudokit generate`). */
export interface GenerateRequest {
  readonly id: number;
  readonly generate: GenerateJob;
}

/** A batch for a step command (`hint`, `explain`, `grade`) instead of solving. */
export interface StepsRequest {
  readonly id: number;
  readonly steps: { readonly batch: BatchInput; readonly options: StepBatchOptions };
}

parentPort?.on('message', async (request: BatchRequest | GenerateRequest | StepsRequest) => {
  try {
    const started = performance.now();
    let answer: unknown;
    if ('generate' in request) answer = (await import('../batch/generate.js')).answerGenerate(request.generate);
    else if ('steps' in request) answer = (await import('../batch/steps.js')).answerStepBatch(request.steps.batch, request.steps.options);
    else {
      if (!engineById(request.options.engine)) await import('../registry.js');
      answer = answerBatch(request.batch, request.options);
    }
    parentPort!.postMessage({ id: request.id, answer, ms: performance.now() - started });
  } catch (e) {
    parentPort!.postMessage({ id: request.id, error: (e as Error).stack ?? String(e) });
  }
});
