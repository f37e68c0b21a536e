/**
 * Where the CLI answers a batch: the one policy behind `solve`, `hint`, `explain` and `grade`.
 *
 * Batches are answered on the main thread, each within a short slice of time, while that stays
 * cheap: a short input never pays for starting workers, and easy puzzles never pay for messages.
 * The first batch that overruns its slice hands what it has left (the puzzle cut short starts
 * again, its time so far charged to its time limit) and every batch after it to the worker pool,
 * one worker with `--threads 1`. So the main thread is never busy for longer than a slice, and
 * Ctrl-C, SIGTERM or a closed pipe end the run at once (cli/run.ts). With more than one thread the
 * pool also starts once the main thread has worked `POOL_AFTER_MS` on puzzles that average
 * `POOL_MIN_MICROS` or more, since then the workers answer faster together.
 *
 * What goes to the pool goes in pieces of about `PIECE_MS` of work each, judged from the time
 * puzzles have taken so far (the workers' own, once they have answered), and a puzzle cut short
 * goes alone: each piece's answers are written as soon as it and those before it are in, so slow
 * puzzles (variant killers of seconds each) come out one by one rather than a batch at a time,
 * and a signal loses only the pieces still being worked on.
 *
 * Answers are handed to `push` in submission order (an answer cut short first, then the pool's
 * answers for the rest), which is the order they must be written in.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import { SolvePool } from '../pool/pool.js';
import { type BatchInput, partOf, restOf } from './input.js';

/**
 * How long a batch may keep the main thread busy: short enough that a signal or a closed pipe is
 * seen at once, long enough that a batch of easy puzzles never needs a worker.
 */
export const SLICE_MS = 100;

/**
 * The first batch's slice is longer: the code is cold then, and a puzzle cut short here starts
 * again from scratch on a worker that is colder still. A 16×16 of 796 nodes took 25–145 ms cold
 * on the main thread (about 3 ms warm), so with 100 ms half the runs of `sudokit solve` on it
 * handed it to a worker and took 0.53–0.59 s instead of 0.23 s; a hint took about 190 ms end to
 * end through a worker against 114 ms for `solve`.
 */
export const FIRST_SLICE_MS = 300;

/**
 * With --threads above 1, when the pool starts. Starting two workers, and sending them the lines,
 * costs more than they save on a short run (magictour-top1465, 1,465 puzzles in about 40 ms: 0.13
 * s end to end on one thread, 0.18 s when the pool took every batch after the first), and on
 * puzzles so easy that reading and writing a line costs as much as solving it (17-clue: 0.34 s
 * on one thread, 0.39 s with the pool). SUDOKIT_POOL_AFTER_MS=0 gives every batch after the first
 * to the pool whatever the thread count, for tests that must see the pool answer.
 */
const EVERY_BATCH_TO_POOL = process.env.SUDOKIT_POOL_AFTER_MS === '0';
const POOL_AFTER_MS = 150;
const POOL_MIN_MICROS = 20;

/**
 * About how long one piece of work sent to the pool takes: how long an answer may wait to be
 * written. A message costs well under a millisecond, so pieces this long cost nothing to speak of.
 */
export const PIECE_MS = 250;

/** What answering a batch on the main thread within a slice gave. */
export interface SliceAnswer<A> {
  /** The answer for the records finished here (none when the first was cut short and nothing is to be written). */
  readonly answer: A | undefined;
  /** How many records, from the first, the answer covers. */
  readonly answered: number;
  /** When a record was cut short: how long it ran here (ms), charged to its time limit on the worker. */
  readonly cutMs?: number;
}

/** How a command answers its batches; `C` is what a batch is submitted with (its options, where it ends). */
export interface BatchAnswerer<A, C> {
  /** Answer `batch` on this thread, stopping at the record that would overrun `sliceMs`. */
  here(batch: BatchInput, sliceMs: number, context: C): SliceAnswer<A>;
  /** Answer `batch` on the pool; `upTo` is the share (0 to 1) of the batch submitted that it and what went before it cover. */
  pooled(pool: SolvePool, batch: BatchInput, context: C, upTo: number): Promise<A>;
}

export class BatchScheduler<A, C> {
  readonly #threads: number;
  readonly #answerer: BatchAnswerer<A, C>;
  readonly #push: (answer: Promise<A>) => Promise<void>;
  #pool: SolvePool | undefined;
  #submitted = 0;
  /** Time spent and records answered on the main thread (see POOL_AFTER_MS). */
  #mainMs = 0;
  #mainAnswered = 0;
  /** Puzzles cut short on the main thread: each ran at least a slice (see #msPerPuzzle). */
  #mainCut = 0;

  readonly #now: () => number;
  readonly #startPool: (threads: number) => SolvePool;

  /**
   * `now` and `startPool` are the clock the policy reads and how it starts the pool; tests pass
   * their own to check the policy without a real clock or real workers.
   */
  constructor(
    threads: number,
    answerer: BatchAnswerer<A, C>,
    push: (answer: Promise<A>) => Promise<void>,
    { now = () => performance.now(), startPool = (n: number) => new SolvePool(n) }: { now?: () => number; startPool?: (threads: number) => SolvePool } = {},
  ) {
    this.#threads = threads;
    this.#answerer = answerer;
    this.#push = push;
    this.#now = now;
    this.#startPool = startPool;
  }

  /** The pool, once a batch has gone to it. */
  get pool(): SolvePool | undefined {
    return this.#pool;
  }

  async submit(batch: BatchInput, context: C): Promise<void> {
    const size = batch.texts.length;
    if (size === 0) return;
    const first = this.#submitted === 0;
    this.#submitted += size;
    if (!this.#pool && (first || this.#staysOnMain())) {
      const started = this.#now();
      const sliced = this.#answerer.here(batch, first ? FIRST_SLICE_MS : SLICE_MS, context);
      this.#mainMs += this.#now() - started;
      this.#mainAnswered += sliced.answered;
      if (sliced.answer !== undefined) await this.#push(Promise.resolve(sliced.answer));
      if (sliced.answered === size) {
        // Let signals and stream events in between batches.
        await nextTurn();
        return;
      }
      if (sliced.cutMs !== undefined) this.#mainCut++;
      this.#pool = this.#startPool(this.#threads);
      await this.#toPool(restOf(batch, sliced.answered, sliced.cutMs), context, sliced.answered, size);
      return;
    }
    this.#pool ??= this.#startPool(this.#threads);
    await this.#toPool(batch, context, 0, size);
  }

  /** Send `batch`, the records of a submitted batch of `total` from `done` on, to the pool in pieces. */
  async #toPool(batch: BatchInput, context: C, done: number, total: number): Promise<void> {
    const pool = this.#pool!;
    const size = batch.texts.length;
    let at = 0;
    while (at < size) {
      // A puzzle cut short is slow: it goes alone.
      const n = at === 0 && batch.firstSpentMs !== undefined ? 1 : this.#pieceSize(size - at);
      const piece = n === size ? batch : partOf(batch, at, at + n);
      at += n;
      await this.#push(this.#answerer.pooled(pool, piece, context, (done + at) / total));
    }
  }

  /** How many of the `left` records make a piece of about PIECE_MS. */
  #pieceSize(left: number): number {
    const ms = this.#msPerPuzzle();
    if (ms === undefined || ms <= 0) return left;
    return Math.max(1, Math.min(left, Math.floor(PIECE_MS / ms)));
  }

  /**
   * The time a puzzle has taken (ms): the workers' figure once they have one, else the main
   * thread's, each puzzle cut short counted at the time it ran there.
   */
  #msPerPuzzle(): number | undefined {
    const pooled = this.#pool?.msPerPuzzle();
    if (pooled !== undefined) return pooled;
    const counted = this.#mainAnswered + this.#mainCut;
    return counted === 0 ? undefined : this.#mainMs / counted;
  }

  /** Whether a batch after the first is answered here too. */
  #staysOnMain(): boolean {
    if (EVERY_BATCH_TO_POOL) return false;
    if (this.#threads === 1) return true;
    return this.#mainMs < POOL_AFTER_MS || (this.#mainMs * 1000) / Math.max(1, this.#mainAnswered) < POOL_MIN_MICROS;
  }

  async close(): Promise<void> {
    await this.#pool?.close();
  }
}
