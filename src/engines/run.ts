/**
 * The bookkeeping every readable engine shares, so each engine file is only its algorithm:
 * counting search states and guesses, stopping at the solution limit, looking at the clock, and
 * handing each solution to `onSolution` as it is found.
 *
 * Counts mean the same in every engine (and in the fast core): a node is a search state entered,
 * the root included; a guess is a branch point where more than one digit was tried or left.
 */
import type { SolveOptions, SolveResult } from '../engine.js';

/**
 * Nodes between two looks at the clock, at most. A node costs tens of nanoseconds on a 9×9 and up
 * to milliseconds on a near-empty 49×49 (a copy of the board, a sweep of its 2,401 cells to pick
 * one, and for some engines a sweep of every unit and digit), so a fixed gap either reads the
 * clock far too often or lets a limit slip by seconds (a gap of 2,048 nodes: 200 ms limits ended
 * after 0.4 to 4.8 s on a 49×49 with one given). As in the general core, the search looks at
 * every node at first and doubles the gap while two looks are under half a millisecond apart.
 */
const CLOCK_EVERY_MAX = 2048;

export class SearchRun {
  nodes = 0;
  guesses = 0;
  count = 0;
  timedOut = false;
  /** True once the search must unwind: the limit is reached, time is up, or `onSolution` said stop. */
  stopped = false;
  readonly limit: number;
  readonly #deadline: number;
  readonly #started = performance.now();
  readonly #onSolution: SolveOptions['onSolution'];
  #first: Uint8Array | undefined;
  #clockEvery = 1;
  #nextClock = 1;
  #lastClock = this.#started;

  constructor(options: SolveOptions) {
    this.limit = Math.max(1, Math.floor(options.limit ?? 1));
    this.#deadline = options.timeLimitMs === undefined ? Number.POSITIVE_INFINITY : this.#started + options.timeLimitMs;
    this.#onSolution = options.onSolution;
  }

  /** Enter a search state. Returns false when the search must stop instead. */
  enter(): boolean {
    if (this.stopped) return false;
    this.nodes++;
    if (this.nodes >= this.#nextClock) {
      const now = performance.now();
      if (now > this.#deadline) {
        this.timedOut = true;
        this.stopped = true;
      }
      if (now - this.#lastClock < 0.5) {
        if (this.#clockEvery < CLOCK_EVERY_MAX) this.#clockEvery *= 2;
      } else if (this.#clockEvery > 1) this.#clockEvery >>= 1;
      this.#lastClock = now;
      this.#nextClock = this.nodes + this.#clockEvery;
    }
    return !this.stopped;
  }

  /** Record a complete grid (copied if it is the first). Returns false when the search must stop. */
  found(grid: Uint8Array): boolean {
    this.count++;
    if (this.count === 1) this.#first = grid.slice();
    if (this.#onSolution?.(grid) === false || this.count >= this.limit) this.stopped = true;
    return !this.stopped;
  }

  /** The engine result: count, first solution, stats. */
  result(): SolveResult {
    const micros = Math.round((performance.now() - this.#started) * 1000);
    return {
      count: this.count,
      solution: this.#first,
      timedOut: this.timedOut,
      stats: { nodes: this.nodes, guesses: this.guesses, micros },
    };
  }
}
