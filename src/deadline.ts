/**
 * The one deadline helper. Every search ends at its time limit by looking at the clock through
 * this file: a deadline is a `performance.now()` value (Infinity for none), and a search looks at
 * the clock often enough to end promptly but rarely enough that looking costs nothing.
 *
 * Two ways to look, for two kinds of search:
 * - `pastDeadline` behind a fixed stride, for searches whose units of work cost about the same
 *   (the 9×9 core's nodes, clause learning's conflicts, a step search's candidates): the caller
 *   counts and looks every 2^k units.
 * - `AdaptiveClock`, for searches whose node cost varies by orders of magnitude (tens of
 *   nanoseconds on a 9×9, up to milliseconds on a near-empty 49×49): it looks at every node at
 *   first and doubles the gap while two looks are under half a millisecond apart, so a fixed gap
 *   neither reads the clock far too often nor lets a limit slip by seconds (a fixed gap of 2,048
 *   nodes let 200 ms limits end after 0.4 to 4.8 s on a 49×49 with one given).
 */

/** The deadline `timeLimitMs` from `now`, or Infinity for no limit. */
export function deadlineAfter(timeLimitMs: number | undefined, now = performance.now()): number {
  return timeLimitMs === undefined ? Number.POSITIVE_INFINITY : now + timeLimitMs;
}

/** Whether the deadline has passed (a look at the clock; Infinity never passes). */
export function pastDeadline(deadline: number): boolean {
  return deadline !== Number.POSITIVE_INFINITY && performance.now() > deadline;
}

/** The most nodes between two looks, by default: a cheap node costs tens of nanoseconds, so 2,048 of them stay far under a millisecond. */
export const MAX_CLOCK_GAP = 2048;

/** Two looks closer than this (ms) double the gap between looks. */
const CHEAP_GAP_MS = 0.5;

/** A look at the clock every so many nodes, the gap adapting to what a node costs. */
export class AdaptiveClock {
  readonly deadline: number;
  readonly #maxGap: number;
  #gap = 1;
  #next = 1;
  #last: number;

  /** `maxGap`: the most nodes between two looks (1 looks at every node). */
  constructor(deadline: number, maxGap = MAX_CLOCK_GAP, now = performance.now()) {
    this.deadline = deadline;
    this.#maxGap = maxGap;
    this.#last = now;
  }

  /**
   * Whether the deadline has passed, for the search that has now entered `nodes` nodes; the clock
   * is only read when the gap since the last look is used up.
   */
  passed(nodes: number): boolean {
    if (nodes < this.#next) return false;
    const now = performance.now();
    if (now - this.#last < CHEAP_GAP_MS) {
      if (this.#gap < this.#maxGap) this.#gap *= 2;
    } else if (this.#gap > 1) this.#gap >>= 1;
    this.#last = now;
    this.#next = nodes + this.#gap;
    return now > this.deadline;
  }
}
