/** A pool worker: answers batches of puzzles with the same code the main thread uses. */
import { parentPort } from 'node:worker_threads';
import { type AnswerOptions, answerBatch, type BatchInput } from '../batch.js';
import { answerGenerate, type GenerateJob } from '../generate/batch.js';
import { answerGradeBatch, type GradeBatch, type GradeBatchOptions } from '../grade.js';

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

/** A batch to grade (`sudokit grade --threads`) instead of solving. */
export interface GradeRequest {
  readonly id: number;
  readonly grade: { readonly batch: GradeBatch; readonly options: GradeBatchOptions };
}

parentPort?.on('message', (request: BatchRequest | GenerateRequest | GradeRequest) => {
  try {
    const answer =
      'generate' in request
        ? answerGenerate(request.generate)
        : 'grade' in request
          ? answerGradeBatch(request.grade.batch, request.grade.options)
          : answerBatch(request.batch, request.options);
    parentPort!.postMessage({ id: request.id, answer });
  } catch (e) {
    parentPort!.postMessage({ id: request.id, error: (e as Error).stack ?? String(e) });
  }
});
