/**
 * A worker_threads pool for batch solving. Each batch goes to the least busy worker; `run`
 * returns a promise per batch, and the caller awaits them in submission order, so output order
 * always equals input order however the work was spread.
 *
 * Every promise settles: with the answer, with the worker's error reply, when its worker dies
 * (an uncaught error, or an exit nobody asked for), or when the pool is closed. A dead worker
 * gets no more work; once every worker is dead, new requests are rejected at once.
 */
import { Worker } from 'node:worker_threads';
import type { BatchInput } from '../batch/input.js';
import type { AnswerOptions, BatchAnswer } from '../batch/solve.js';
import type { GenerateAnswer, GenerateJob } from '../batch/generate.js';
import type { StepBatchAnswer, StepBatchOptions } from '../batch/steps.js';

interface Pending {
  /** Typed by the method that posted the request (`run`, `runSteps` or `generate`). */
  resolve(answer: unknown): void;
  reject(error: Error): void;
}

/**
 * The pool's own worker script, which answers every request with the main thread's code: the
 * worker beside this module, so the library's pool starts dist/src/pool/worker.js and the bundled
 * command line (dist/src/bin, tools/bundle-cli.mjs) starts the bundle's own worker entry.
 */
const WORKER_SCRIPT = new URL('./worker.js', import.meta.url);

export class SolvePool {
  readonly size: number;
  readonly #workers: Worker[] = [];
  readonly #load: number[] = [];
  readonly #alive: boolean[] = [];
  /** Puzzles each worker has answered (a batch's inputs, a generate job's count). */
  readonly #answered: number[] = [];
  /** The time the workers spent on the answers they sent, and the puzzles those covered. */
  #busyMs = 0;
  #timed = 0;
  readonly #pending = new Map<number, { pending: Pending; worker: number; puzzles: number }>();
  #nextId = 0;
  #closing = false;

  /**
   * Start `size` workers. `script` replaces the pool's worker (tests use it to start workers that
   * fail); it receives `{ id, … }` requests and replies `{ id, answer }` or `{ id, error }`.
   */
  constructor(size: number, script: URL = WORKER_SCRIPT) {
    this.size = size;
    for (let i = 0; i < size; i++) {
      const worker = new Worker(script);
      worker.on('message', (msg: { id: number; answer?: unknown; error?: string; ms?: number }) => {
        const job = this.#pending.get(msg.id);
        if (!job) return;
        this.#pending.delete(msg.id);
        this.#load[job.worker]!--;
        if (msg.answer) {
          this.#answered[job.worker]! += job.puzzles;
          if (msg.ms !== undefined) {
            this.#busyMs += msg.ms;
            this.#timed += job.puzzles;
          }
          job.pending.resolve(msg.answer);
        } else job.pending.reject(new Error(`worker failed: ${msg.error}`));
      });
      worker.on('error', (e) => this.#fail(i, e));
      worker.on('exit', (code) => {
        if (!this.#closing) this.#fail(i, new Error(`worker ${i + 1} stopped (exit code ${code})`));
      });
      this.#workers.push(worker);
      this.#load.push(0);
      this.#alive.push(true);
      this.#answered.push(0);
    }
  }

  /** Answer one batch on the least busy worker. */
  run(batch: BatchInput, options: AnswerOptions): Promise<BatchAnswer> {
    return this.#send<BatchAnswer>({ batch, options }, batch.texts.length);
  }

  /** Answer one batch of a step command (`hint`, `explain`, `grade`) on the least busy worker. */
  runSteps(batch: BatchInput, options: StepBatchOptions): Promise<StepBatchAnswer> {
    return this.#send({ steps: { batch, options } }, batch.texts.length);
  }

  /** Make one range of generated puzzles on the least busy worker. */
  generate(job: GenerateJob): Promise<GenerateAnswer> {
    return this.#send({ generate: job }, job.count);
  }

  /** The workers' time per puzzle answered so far (ms), or undefined before the first answer. */
  msPerPuzzle(): number | undefined {
    return this.#timed === 0 ? undefined : this.#busyMs / this.#timed;
  }

  /** How many puzzles each worker has answered so far, worker 1 first. */
  answeredByWorker(): number[] {
    return [...this.#answered];
  }

  /** Post a request to the least busy live worker; the promise settles with its answer. */
  #send<T>(request: object, puzzles: number): Promise<T> {
    if (this.#closing) return Promise.reject(new Error('pool closed'));
    let best = -1;
    for (let i = 0; i < this.size; i++) if (this.#alive[i] && (best < 0 || this.#load[i]! < this.#load[best]!)) best = i;
    if (best < 0) return Promise.reject(new Error('every worker of the pool has stopped'));
    const id = this.#nextId++;
    this.#load[best]!++;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { pending: { resolve: resolve as (answer: unknown) => void, reject }, worker: best, puzzles });
      this.#workers[best]!.postMessage({ id, ...request });
    });
  }

  /** Stop every worker; pending batches are rejected. */
  async close(): Promise<void> {
    this.#closing = true;
    await Promise.all(this.#workers.map((w) => w.terminate()));
    for (const [id, job] of this.#pending) {
      this.#pending.delete(id);
      job.pending.reject(new Error('pool closed'));
    }
  }

  /** A worker died: it takes no more work, and what it had is rejected with the reason. */
  #fail(worker: number, error: Error): void {
    if (!this.#alive[worker]) return;
    this.#alive[worker] = false;
    for (const [id, job] of this.#pending) {
      if (job.worker !== worker) continue;
      this.#pending.delete(id);
      this.#load[worker]!--;
      job.pending.reject(error);
    }
  }
}
