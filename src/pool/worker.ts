/** A pool worker: answers batches of puzzles with the same code the main thread uses. */
import { parentPort } from 'node:worker_threads';
import { type AnswerOptions, answerBatch, type BatchInput } from '../batch.js';
import { answerGenerate, type GenerateJob } from '../generate/batch.js';
import { answerStepBatch, type StepBatch, type StepBatchOptions } from '../stepBatch.js';

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
  readonly steps: { readonly batch: StepBatch; readonly options: StepBatchOptions };
}

parentPort?.on('message', (request: BatchRequest | GenerateRequest | StepsRequest) => {
  try {
    const answer =
      'generate' in request
        ? answerGenerate(request.generate)
        : 'steps' in request
          ? answerStepBatch(request.steps.batch, request.steps.options)
          : answerBatch(request.batch, request.options);
    parentPort!.postMessage({ id: request.id, answer });
  } catch (e) {
    parentPort!.postMessage({ id: request.id, error: (e as Error).stack ?? String(e) });
  }
});
