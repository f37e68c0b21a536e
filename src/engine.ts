/**
 * The one engine signature. Every solver, fast or readable, answers the same question the same
 * way, so one dataset test, one agreement property and one benchmark cover them all.
 */
import type { Geometry } from './geometry.js';
import type { Puzzle } from './puzzle.js';

export interface SolveOptions {
  /** Stop after this many solutions (default 1; 2 decides uniqueness). */
  readonly limit?: number;
  /** Give up after this many milliseconds (default: no limit); the result says `timedOut`. */
  readonly timeLimitMs?: number;
  /** A source of random numbers in [0, 1) to randomise the search order (default: fixed order). */
  readonly random?: () => number;
}

export interface SolveStats {
  /** Search nodes visited (states the search entered, the root included). */
  nodes: number;
  /** Branch points where more than one digit was tried or left to try. */
  guesses: number;
  /** Elapsed wall time in microseconds. */
  micros: number;
}

export interface SolveResult {
  /** Solutions found, at most `limit`. 0 means none exists, unless `timedOut`. */
  readonly count: number;
  /** The first solution found, when `count > 0`. */
  readonly solution?: Uint8Array;
  /** True when the time limit stopped the search before it was complete. */
  readonly timedOut: boolean;
  readonly stats: SolveStats;
}

export interface Engine {
  readonly id: string;
  readonly description: string;
  /** Whether this engine handles boards of this geometry. */
  supports(geometry: Geometry): boolean;
  /** Assumes a parsed, conflict-free puzzle. */
  solve(puzzle: Puzzle, options?: SolveOptions): SolveResult;
}
