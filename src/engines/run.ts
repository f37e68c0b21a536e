/**
 * The bookkeeping every readable engine shares, so each engine file is only its algorithm:
 * counting search states and guesses, stopping at the solution limit, looking at the clock, and
 * handing each solution to `onSolution` as it is found.
 *
 * Counts mean the same in every engine (and in the fast core): a node is a search state entered,
 * the root included; a guess is a branch point where more than one digit was tried or left.
 */
import { AdaptiveClock, deadlineAfter } from '../deadline.js';
import type { SolveOptions, SolveResult } from '../engine.js';

export class SearchRun {
  nodes = 0;
  guesses = 0;
  count = 0;
  timedOut = false;
  /** True once the search must unwind: the limit is reached, time is up, or `onSolution` said stop. */
  stopped = false;
  readonly limit: number;
  readonly #started = performance.now();
  readonly #clock: AdaptiveClock;
  readonly #onSolution: SolveOptions['onSolution'];
  #first: Uint8Array | undefined;

  constructor(options: SolveOptions) {
    this.limit = Math.max(1, Math.floor(options.limit ?? 1));
    this.#clock = new AdaptiveClock(deadlineAfter(options.timeLimitMs, this.#started), undefined, this.#started);
    this.#onSolution = options.onSolution;
  }

  /** Enter a search state. Returns false when the search must stop instead. */
  enter(): boolean {
    if (this.stopped) return false;
    this.nodes++;
    if (this.#clock.passed(this.nodes)) {
      this.timedOut = true;
      this.stopped = true;
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
