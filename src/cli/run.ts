/**
 * How a batch command ends: on its own, on Ctrl-C or SIGTERM, or when its reader goes away
 * (`sudokit grade FILE | head -1`). One `Run` per command holds that state, so `solve`,
 * `generate` and the step commands stop alike:
 *
 * - The main thread never computes for long: answers come from workers (or, for `solve`, from
 *   short slices of work here), so a signal is seen at once, whatever one puzzle costs.
 * - Every wait (a worker's answer, a full pipe, the next line of input) races the stop, so
 *   nothing waits for what a stop has made pointless: a read from a terminal nobody types at
 *   gives up at Ctrl-C too. The workers are then terminated, which interrupts their
 *   search wherever it is.
 * - What was written is whole lines answering a prefix of the input; exit 130 for SIGINT, 143
 *   for SIGTERM, 0 for a closed pipe (the reader took what it wanted). A second signal while
 *   stopping ends the process at once.
 * - Any other failure to write (a full disk, `> /dev/full`) stops the
 *   run too, and `exitCode` then throws the OutputError that names it (output.ts: commands.ts says
 *   it on stderr and exits 74).
 */
import type { SolvePool } from '../pool/pool.js';
import { EXIT_WRITE_FAILED, OutputError, outputFailure, stdoutIsSync, writeStdoutSync } from './output.js';

/** Why a run stopped: a signal, its reader leaving (EPIPE), or a write that failed otherwise ('output'). */
export type StopReason = 'SIGINT' | 'SIGTERM' | 'EPIPE' | 'output';

/** A stop, as a promise that never rejects: raced against every wait. */
export class Run {
  stopped: StopReason | undefined;
  /** The failed write that stopped the run, when one did. */
  failure: OutputError | undefined;
  /** Bytes handed to `process.stdout` so far (a pipe or a terminal), for the message of a failure. */
  #handed = 0;
  /** Aborted at the stop: a read waiting for input (a terminal nobody types at) gives up then. */
  readonly #abort = new AbortController();
  readonly #stop: Promise<undefined>;
  #resolveStop!: (value: undefined) => void;
  readonly #onSignal = (signal: NodeJS.Signals) => {
    if (this.stopped !== undefined && this.stopped !== 'EPIPE') process.exit(exitCodeOf(signal as StopReason));
    this.stop(signal as StopReason);
  };
  // EPIPE: the reader has gone and wants nothing more, so stop quietly. Any other failure of a
  // pipe or a terminal stops the run with that failure.
  readonly #onError = (e: NodeJS.ErrnoException) => {
    if (e.code === 'EPIPE') this.stop('EPIPE');
    else this.fail(outputFailure(e, { written: this.#handed }));
  };

  /**
   * `signals: false` leaves Ctrl-C and SIGTERM their default effect (a search that never looks
   * up: `solve --all`). Either way the start-up's handlers (main.ts) go: the run has taken over.
   */
  constructor({ signals = true }: { signals?: boolean } = {}) {
    this.#stop = new Promise((resolve) => {
      this.#resolveStop = resolve;
    });
    if (signals) {
      process.on('SIGINT', this.#onSignal);
      process.on('SIGTERM', this.#onSignal);
    }
    releaseStartupSignals();
    process.stdout.on('error', this.#onError);
  }

  /** Stop because the output could not be written (unless the run has stopped already). */
  fail(error: OutputError): void {
    if (this.stopped !== undefined) return;
    this.failure = error;
    this.stop('output');
  }

  /** Stop for `reason` (the first reason wins). */
  stop(reason: StopReason): void {
    if (this.stopped !== undefined) return;
    this.stopped = reason;
    this.#resolveStop(undefined);
    this.#abort.abort();
  }

  /** An AbortSignal that fires at the stop, for reads and fetches. */
  get signal(): AbortSignal {
    return this.#abort.signal;
  }

  /** `promise`'s value, or undefined as soon as the run stops. */
  async wait<T>(promise: Promise<T>): Promise<T | undefined> {
    if (this.stopped !== undefined) return undefined;
    return Promise.race([promise, this.#stop]);
  }

  /**
   * Write whole answers to stdout: a file or a device at once (output.ts), a pipe or a terminal
   * through `process.stdout`, waiting while the pipe is full (unless the run stops meanwhile).
   * A failed write stops the run; nothing is written after it.
   */
  async write(text: string): Promise<void> {
    if (this.stopped === 'EPIPE' || this.stopped === 'output' || text === '') return;
    if (stdoutIsSync()) {
      this.writeSync(text);
      return;
    }
    this.#handed += Buffer.byteLength(text);
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

  /**
   * Write whole answers to stdout synchronously, whatever it is (`solve --all`, whose search
   * cannot wait). Returns false when the run has stopped: the reader went away, or the write
   * failed (the run then holds the failure).
   */
  writeSync(text: string): boolean {
    if (this.stopped === 'EPIPE' || this.stopped === 'output') return false;
    try {
      if (writeStdoutSync(text)) return true;
      this.stop('EPIPE');
    } catch (e) {
      if (!(e instanceof OutputError)) throw e;
      this.fail(e);
    }
    return false;
  }

  /**
   * The exit code a stop calls for, or undefined when the run was not stopped; when a write
   * failed, throws its OutputError instead (commands.ts says it and exits 74). Call it once the
   * command is over (its progress line cleared), so the message stands on a line of its own.
   */
  exitCode(): number | undefined {
    if (this.failure) throw this.failure;
    return this.stopped === undefined ? undefined : exitCodeOf(this.stopped);
  }

  /** Remove the listeners (the command is over). */
  dispose(): void {
    process.off('SIGINT', this.#onSignal);
    process.off('SIGTERM', this.#onSignal);
    process.stdout.off('error', this.#onError);
  }
}

/** The mark main.ts puts on the handlers it installs at start-up (a registered symbol, so main.ts imports nothing). */
const STARTUP_SIGNAL = Symbol.for('sudokit.startup-signal');

/**
 * Remove the handlers main.ts installed before anything loaded (a signal then ends the process
 * with 130 or 143), once a command takes the signals over or wants their default effect.
 */
export function releaseStartupSignals(): void {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    for (const listener of process.listeners(signal)) if (STARTUP_SIGNAL in listener) process.off(signal, listener);
  }
}

function exitCodeOf(reason: StopReason): number {
  return reason === 'EPIPE' ? 0 : reason === 'SIGINT' ? 130 : reason === 'SIGTERM' ? 143 : EXIT_WRITE_FAILED;
}

/**
 * Answers computed out of order (on workers) and written in order, each as soon as it and every
 * answer before it are in: someone typing puzzles at a terminal sees each answer at once, not
 * when a window fills. `push` queues a promise and waits while `window` are in flight; `drain`
 * waits for the rest. A stop drops what is queued; a failure (an answer that rejects, a write
 * that throws) comes out of the next `push` or `drain`.
 */
interface Pending<A> {
  settled: boolean;
  failed?: boolean;
  value?: A;
  error?: unknown;
}

export class InOrder<A> {
  readonly #queue: Pending<A>[] = [];
  readonly #run: Run;
  readonly #window: number;
  readonly #emit: (answer: A) => Promise<void> | void;
  /** Woken whenever the queue shrinks or the writing stops. */
  readonly #waiters: (() => void)[] = [];
  #writing = false;
  #failure: { error: unknown } | undefined;

  constructor(run: Run, window: number, emit: (answer: A) => Promise<void> | void) {
    this.#run = run;
    this.#window = window;
    this.#emit = emit;
  }

  async push(answer: Promise<A>): Promise<void> {
    const entry: Pending<A> = { settled: false };
    this.#queue.push(entry);
    answer.then(
      (value) => {
        Object.assign(entry, { settled: true, value });
        void this.#write();
      },
      (error: unknown) => {
        Object.assign(entry, { settled: true, failed: true, error });
        void this.#write();
      },
    );
    await this.#until(() => this.#queue.length < this.#window);
  }

  async drain(): Promise<void> {
    await this.#until(() => this.#queue.length === 0);
    this.#queue.length = 0;
  }

  async #until(done: () => boolean): Promise<void> {
    for (;;) {
      if (this.#failure) throw this.#failure.error;
      if (this.#run.stopped !== undefined || done()) return;
      await this.#run.wait(new Promise<void>((wake) => this.#waiters.push(wake)));
    }
  }

  /** Write the answers at the head of the queue that are in, in order (one writer at a time). */
  async #write(): Promise<void> {
    if (this.#writing) return;
    this.#writing = true;
    try {
      while (this.#queue[0]?.settled && this.#run.stopped === undefined && this.#failure === undefined) {
        const entry = this.#queue.shift()!;
        if (entry.failed) this.#failure = { error: entry.error };
        else await this.#emit(entry.value as A);
        for (const wake of this.#waiters.splice(0)) wake();
      }
    } catch (e) {
      this.#failure = { error: e };
    } finally {
      this.#writing = false;
      for (const wake of this.#waiters.splice(0)) wake();
    }
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
