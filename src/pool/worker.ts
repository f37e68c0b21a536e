/** A pool worker: answers batches of puzzles with the same code the main thread uses. */
import { parentPort } from 'node:worker_threads';
import { type AnswerOptions, answerBatch, type BatchInput } from '../batch.js';
import { answerGradeBatch, type GradeBatch, type GradeBatchOptions } from '../grade.js';

export interface BatchRequest {
  readonly id: number;
  readonly batch: BatchInput;
  readonly options: AnswerOptions;
}

/** A batch to grade (`sudokit grade --threads`) instead of solving. */
export interface GradeRequest {
  readonly id: number;
  readonly grade: { readonly batch: GradeBatch; readonly options: GradeBatchOptions };
}

parentPort?.on('message', (request: BatchRequest | GradeRequest) => {
  try {
    if ('grade' in request) {
      parentPort!.postMessage({ id: request.id, answer: answerGradeBatch(request.grade.batch, request.grade.options) });
      return;
    }
    parentPort!.postMessage({ id: request.id, answer: answerBatch(request.batch, request.options) });
  } catch (e) {
    parentPort!.postMessage({ id: request.id, error: (e as Error).stack ?? String(e) });
  }
});
