/**
 * A worker_threads pool for batch solving. Each batch goes to the least busy worker; `run`
 * returns a promise per batch, and the caller awaits them in submission order, so output order
 * always equals input order however the work was spread.
 */
import { Worker } from 'node:worker_threads';
import type { AnswerOptions, BatchAnswer, BatchInput } from '../batch.js';
import type { GenerateAnswer, GenerateJob } from '../generate/batch.js';
import type { StepBatch, StepBatchAnswer, StepBatchOptions } from '../stepBatch.js';

interface Pending {
  /** Typed by the method that posted the request (`run`, `runSteps` or `generate`). */
  resolve(answer: unknown): void;
  reject(error: Error): void;
}

export class SolvePool {
  readonly size: number;
  readonly #workers: Worker[] = [];
  readonly #load: number[] = [];
  readonly #pending = new Map<number, { pending: Pending; worker: number }>();
  #nextId = 0;

  constructor(size: number) {
    this.size = size;
    for (let i = 0; i < size; i++) {
      const worker = new Worker(new URL('./worker.js', import.meta.url));
      worker.on('message', (msg: { id: number; answer?: unknown; error?: string }) => {
        const job = this.#pending.get(msg.id);
        if (!job) return;
        this.#pending.delete(msg.id);
        this.#load[job.worker]!--;
        if (msg.answer) job.pending.resolve(msg.answer);
        else job.pending.reject(new Error(`worker failed: ${msg.error}`));
      });
      worker.on('error', (e) => this.#failAll(i, e));
      this.#workers.push(worker);
      this.#load.push(0);
    }
  }

  /** Answer one batch on the least busy worker. */
  run(batch: BatchInput, options: AnswerOptions): Promise<BatchAnswer> {
    return this.#send<BatchAnswer>({ batch, options });
  }

  /** Answer one batch of a step command (`hint`, `explain`, `grade`) on the least busy worker. */
  runSteps(batch: StepBatch, options: StepBatchOptions): Promise<StepBatchAnswer> {
    return this.#send({ steps: { batch, options } });
  }

  /** Make one range of generated puzzles on the least busy worker. */
  generate(job: GenerateJob): Promise<GenerateAnswer> {
    return this.#send({ generate: job });
  }

  /** Post a request to the least busy worker; the promise settles with its answer. */
  #send<T>(request: object): Promise<T> {
    let best = 0;
    for (let i = 1; i < this.size; i++) if (this.#load[i]! < this.#load[best]!) best = i;
    const id = this.#nextId++;
    this.#load[best]!++;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { pending: { resolve: resolve as (answer: unknown) => void, reject }, worker: best });
      this.#workers[best]!.postMessage({ id, ...request });
    });
  }

  /** Stop every worker; pending batches are rejected. */
  async close(): Promise<void> {
    await Promise.all(this.#workers.map((w) => w.terminate()));
    for (const [id, job] of this.#pending) {
      this.#pending.delete(id);
      job.pending.reject(new Error('pool closed'));
    }
  }

  #failAll(worker: number, error: Error): void {
    for (const [id, job] of this.#pending) {
      if (job.worker !== worker) continue;
      this.#pending.delete(id);
      job.pending.reject(error);
    }
  }
}
