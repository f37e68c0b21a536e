/** A pool worker: answers batches of puzzles with the same code the main thread uses. */
import { parentPort } from 'node:worker_threads';
import { type AnswerOptions, answerBatch, type BatchInput } from '../batch.js';
import { answerGenerate, type GenerateJob } from '../generate/batch.js';

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

parentPort?.on('message', (request: BatchRequest | GenerateRequest) => {
  try {
    const answer = 'generate' in request ? answerGenerate(request.generate) : answerBatch(request.batch, request.options);
    parentPort!.postMessage({ id: request.id, answer });
  } catch (e) {
    parentPort!.postMessage({ id: request.id, error: (e as Error).stack ?? String(e) });
  }
});
