/**
 * The one engine signature. Every solver, fast or readable, answers the same question the same
 * way, so one dataset test, one agreement property and one benchmark cover them all.
 */
import type { Geometry } from './geometry.js';
import type { Puzzle } from './puzzle.js';
import { SudokitError } from './errors.js';

/**
 * Variable orderings: which empty cell a search branches on next.
 * `first`: the first in index order; `random`: any, drawn with `random`; `minrv`: fewest remaining
 * candidates (the essay's choice, "fail first"); `maxrv`: most remaining candidates (the foil).
 */
export const VAR_ORDERS = ['first', 'random', 'minrv', 'maxrv'] as const;
export type VarOrder = (typeof VAR_ORDERS)[number];

/**
 * Value orderings: in which order the digits of the chosen cell are tried.
 * `first`: ascending; `most-constrained` / `least-constrained`: the digit that would take a
 * candidate from the most / the fewest open peers first; `random`: shuffled with `random`.
 */
export const VAL_ORDERS = ['first', 'most-constrained', 'least-constrained', 'random'] as const;
export type ValOrder = (typeof VAL_ORDERS)[number];

/** The seed of the random orderings when no `random` is given (and of `sudokit solve` without `--seed`). */
export const DEFAULT_SEED = 1;

export interface SolveOptions {
  /** Stop after this many solutions (default 1; 2 decides uniqueness). */
  readonly limit?: number | undefined;
  /** Give up after this many milliseconds (default: no limit); the result says `timedOut`. */
  readonly timeLimitMs?: number | undefined;
  /**
   * A source of random numbers in [0, 1) to randomise the search order (default: fixed order; the
   * `random` orderings then draw from `seededRandom(DEFAULT_SEED)`).
   */
  readonly random?: (() => number) | undefined;
  /** Variable ordering for the engines that branch on a cell (default `minrv`; see each engine's description). */
  readonly varOrder?: VarOrder | undefined;
  /** Value ordering for the engines that branch on a cell (default `first`). */
  readonly valOrder?: ValOrder | undefined;
  /**
   * Called with every solution as it is found, in search order, up to `limit`: with `limit:
   * Infinity` this enumerates every solution in constant memory. The array is the engine's own
   * buffer, valid only during the call: copy it to keep it. Return `false` to stop the search
   * (the result then counts the solutions seen so far). It may call `solve` again, with any
   * engine and puzzle: the search it interrupts keeps its own state and goes on unharmed.
   */
  readonly onSolution?: ((solution: Uint8Array) => boolean | void) | undefined;
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
  /**
   * The same solution as one line of digits in the board's alphabet (`makeLine`'s form), for JSON
   * and an app's state. Every `solve` of the package sets it; an engine called on its own need not.
   */
  readonly line?: string;
  /** True when the time limit stopped the search before it was complete. */
  readonly timedOut: boolean;
  readonly stats: SolveStats;
}

/**
 * The engines' ids, in the registry's order: the fast core first (the default), then the
 * exact-cover core, the readable engines of the articles from the simplest idea to the strongest,
 * and the step solver. A closed list, so a misspelt engine in code fails to compile.
 */
export const ENGINE_IDS = [
  'fast',
  'exact-cover',
  'generate-and-test',
  'backtracking',
  'search',
  'forward-checking',
  'arc-consistency',
  'dual',
  'naked-pairs',
  'logic-then-search',
  'dancing-links',
  'logic',
] as const;
export type EngineId = (typeof ENGINE_IDS)[number];

export interface Engine {
  /** The registry's engines use an `EngineId`; an engine of one's own (for `benchEngine`, say) may take any name. */
  readonly id: string;
  readonly description: string;
  /** Whether this engine handles boards of this geometry. */
  supports(geometry: Geometry): boolean;
  /**
   * Why this engine will not try this puzzle (its search would never end, say), or undefined
   * when it will. `solve` throws an `EngineRefusal` with this reason. Most engines never refuse.
   */
  refuses?(puzzle: Puzzle): string | undefined;
  /** Assumes a parsed, conflict-free puzzle. Throws `EngineRefusal` on a puzzle the engine refuses. */
  solve(puzzle: Puzzle, options?: SolveOptions): SolveResult;
}

/** Thrown by `solve` on a puzzle an engine refuses up front; the message says why. */
export class EngineRefusal extends SudokitError {
  declare readonly code: 'refused';
  constructor(message: string) {
    super('refused', message);
    this.name = 'EngineRefusal';
  }
}

/**
 * Throw a SudokitError('options') naming the option when solve options are not what they say:
 * `limit` a whole number of at least 1 (or Infinity), `timeLimitMs` a number of at least 0,
 * `random` and `onSolution` functions, `varOrder` and `valOrder` one of their names. What
 * `random` returns is checked as it is drawn (`checkedRandom`).
 */
export function checkSolveOptions(options: SolveOptions): void {
  if (typeof options !== 'object') throw new SudokitError('options', `Invalid options: expected an object, got ${typeof options}`);
  const { limit, timeLimitMs, random, onSolution, varOrder, valOrder } = options;
  if (limit !== undefined) {
    if (typeof limit !== 'number') throw new SudokitError('options', `Invalid limit: expected a number, got ${typeof limit} ${JSON.stringify(limit)}`);
    if (!(limit >= 1) || (!Number.isInteger(limit) && limit !== Number.POSITIVE_INFINITY))
      throw new SudokitError('options', `Invalid limit: expected a whole number of at least 1 (or Infinity), got ${limit}`);
  }
  if (timeLimitMs !== undefined) {
    if (typeof timeLimitMs !== 'number') throw new SudokitError('options', `Invalid timeLimitMs: expected a number of milliseconds, got ${typeof timeLimitMs} ${JSON.stringify(timeLimitMs)}`);
    if (!(timeLimitMs >= 0)) throw new SudokitError('options', `Invalid timeLimitMs: expected a number of at least 0, got ${timeLimitMs}`);
  }
  if (random !== undefined) checkedRandom(random);
  if (onSolution !== undefined && typeof onSolution !== 'function') throw new SudokitError('options', `Invalid onSolution: expected a function, got ${typeof onSolution}`);
  if (varOrder !== undefined && !VAR_ORDERS.includes(varOrder)) throw new SudokitError('options', `Invalid varOrder: expected one of ${VAR_ORDERS.join(', ')}, got ${JSON.stringify(varOrder)}`);
  if (valOrder !== undefined && !VAL_ORDERS.includes(valOrder)) throw new SudokitError('options', `Invalid valOrder: expected one of ${VAL_ORDERS.join(', ')}, got ${JSON.stringify(valOrder)}`);
}

/**
 * The caller's `random`, checked as it is drawn: each value must be a number in [0, 1). A search
 * scales a draw to an index among its choices, so 1, a negative number or NaN would pick no
 * choice at all (an incomplete grid taken for a solution, a solvable puzzle called unsolvable, a
 * search that never ends); the wrapper throws a SudokitError('options') naming the value
 * instead. Every engine that draws wraps the option once, at the start of its `solve`.
 */
export function checkedRandom(random: () => number): () => number {
  if (typeof random !== 'function') throw new SudokitError('options', `Invalid random: expected a function returning numbers in [0, 1), got ${typeof random}`);
  return () => {
    const x = random();
    if (typeof x === 'number' && x >= 0 && x < 1) return x;
    throw new SudokitError('options', `Invalid random: it returned ${typeof x === 'number' ? x : `${typeof x} ${JSON.stringify(x)}`}; expected a number in [0, 1)`);
  };
}
