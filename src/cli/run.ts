/**
 * How a batch command ends: on its own, on Ctrl-C or SIGTERM, or when its reader goes away
 * (`sudokit grade FILE | head -1`). One `Run` per command holds that state, so `solve`,
 * `generate` and the step commands stop alike:
 *
 * - The main thread never computes for long: answers come from workers (or, for `solve`, from
 *   short slices of work here), so a signal is seen at once, whatever one puzzle costs.
 * - Every wait (a worker's answer, a full pipe) races the stop, so nothing waits for an answer
 *   that a stop has made pointless. The workers are then terminated, which interrupts their
 *   search wherever it is.
 * - What was written is whole lines answering a prefix of the input; exit 130 for SIGINT, 143
 *   for SIGTERM, 0 for a closed pipe (the reader took what it wanted). A second signal while
 *   stopping ends the process at once.
 */
import type { SolvePool } from '../pool/pool.js';

export type StopReason = 'SIGINT' | 'SIGTERM' | 'EPIPE';

/** A stop, as a promise that never rejects: raced against every wait. */
export class Run {
  stopped: StopReason | undefined;
  readonly #stop: Promise<undefined>;
  #resolveStop!: (value: undefined) => void;
  readonly #onSignal = (signal: NodeJS.Signals) => {
    if (this.stopped !== undefined && this.stopped !== 'EPIPE') process.exit(exitCodeOf(signal as StopReason));
    this.stop(signal as StopReason);
  };
  // EPIPE, or any other failure of stdout: nobody can read what is left, so stop quietly.
  readonly #onError = () => this.stop('EPIPE');

  constructor({ signals = true }: { signals?: boolean } = {}) {
    this.#stop = new Promise((resolve) => {
      this.#resolveStop = resolve;
    });
    if (signals) {
      process.on('SIGINT', this.#onSignal);
      process.on('SIGTERM', this.#onSignal);
    }
    process.stdout.on('error', this.#onError);
  }

  /** Stop for `reason` (the first reason wins). */
  stop(reason: StopReason): void {
    if (this.stopped !== undefined) return;
    this.stopped = reason;
    this.#resolveStop(undefined);
  }

  /** `promise`'s value, or undefined as soon as the run stops. */
  async wait<T>(promise: Promise<T>): Promise<T | undefined> {
    if (this.stopped !== undefined) return undefined;
    return Promise.race([promise, this.#stop]);
  }

  /** Write to stdout, waiting while the pipe is full (unless the run stops meanwhile). */
  async write(text: string): Promise<void> {
    if (this.stopped === 'EPIPE' || text === '') return;
    if (process.stdout.write(text)) return;
    await this.wait(
      new Promise<void>((resolve) => {
        const done = () => {
          process.stdout.off('drain', done);
          process.stdout.off('error', done);
          resolve();
        };
        process.stdout.on('drain', done);
        process.stdout.on('error', done);
      }),
    );
  }

  /** The exit code a stop calls for, or undefined when the run was not stopped. */
  exitCode(): number | undefined {
    return this.stopped === undefined ? undefined : exitCodeOf(this.stopped);
  }

  /** Remove the listeners (the command is over). */
  dispose(): void {
    process.off('SIGINT', this.#onSignal);
    process.off('SIGTERM', this.#onSignal);
    process.stdout.off('error', this.#onError);
  }
}

function exitCodeOf(reason: StopReason): number {
  return reason === 'EPIPE' ? 0 : reason === 'SIGINT' ? 130 : 143;
}

/**
 * Answers computed out of order (on workers) and written in order: `push` queues a promise and
 * waits while `window` are in flight; `drain` writes the rest. A stop drops what is queued.
 */
export class InOrder<A> {
  readonly #queue: Promise<A>[] = [];
  readonly #run: Run;
  readonly #window: number;
  readonly #emit: (answer: A) => Promise<void> | void;

  constructor(run: Run, window: number, emit: (answer: A) => Promise<void> | void) {
    this.#run = run;
    this.#window = window;
    this.#emit = emit;
  }

  async push(answer: Promise<A>): Promise<void> {
    answer.catch(() => {}); // awaited in order below; one dropped at a stop must not count as unhandled
    this.#queue.push(answer);
    while (this.#queue.length >= this.#window && this.#run.stopped === undefined) await this.#next();
  }

  async drain(): Promise<void> {
    while (this.#queue.length > 0 && this.#run.stopped === undefined) await this.#next();
    this.#queue.length = 0;
  }

  async #next(): Promise<void> {
    const answer = await this.#run.wait(this.#queue.shift()!);
    if (this.#run.stopped === undefined) await this.#emit(answer as A);
  }
}

/**
 * `SUDOKIT_POOL_REPORT=1`: at the end of a command, say on stderr how many puzzles each worker
 * of its pool answered, or that no pool was started (every answer came from the main thread).
 * A diagnostic, for tests and for checking how `--threads` spread the work; nothing else reads it.
 */
export function reportPool(pool: SolvePool | undefined): void {
  if (process.env.SUDOKIT_POOL_REPORT !== '1') return;
  if (!pool) {
    process.stderr.write('sudokit: pool: not started\n');
    return;
  }
  const answered = pool.answeredByWorker();
  const total = answered.reduce((a, b) => a + b, 0);
  process.stderr.write(`sudokit: pool: ${total} puzzles answered by workers: ${answered.map((n, i) => `worker ${i + 1} ${n}`).join(', ')}\n`);
}
