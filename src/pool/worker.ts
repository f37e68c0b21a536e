/** A pool worker: answers batches of puzzles with the same code the main thread uses. */
import { parentPort } from 'node:worker_threads';
import { type AnswerOptions, answerBatch, type BatchInput } from '../batch.js';

export interface BatchRequest {
  readonly id: number;
  readonly batch: BatchInput;
  readonly options: AnswerOptions;
}

parentPort?.on('message', (request: BatchRequest) => {
  try {
    parentPort!.postMessage({ id: request.id, answer: answerBatch(request.batch, request.options) });
  } catch (e) {
    parentPort!.postMessage({ id: request.id, error: (e as Error).stack ?? String(e) });
  }
});
