/**
 * Grading: a puzzle's difficulty as the ratings players trust compute it. Sukaku Explainer (SE)
 * solves with the easiest technique available at every step and rates the puzzle by its hardest
 * step; we do the same with our step solver and SE's scale, so the numbers read alike.
 *
 * Levels are bands of that rating. Easy and medium follow the bands of the Sudoku Exchange puzzle
 * bank (easy: hidden singles only, up to 1.2; medium: up to naked singles, 2.3); the rest follow
 * the technique families: hard up to the wings and uniqueness (below 5.0), expert up to BUG and
 * the big fish (below 6.5), master for chains (below 8.0), extreme for forcing chains and guesses.
 */
import type { Puzzle } from '../puzzle.js';
import { puzzleFrom } from '../format/parse.js';
import { explain, type Explanation } from './stepSolver.js';
import { solvePuzzle as solve } from '../variant/solvePuzzle.js';
import { checkOptionsObject, checkSignal, describeValue, SudokitError } from '../errors.js';

export const LEVELS = ['easy', 'medium', 'hard', 'expert', 'master', 'extreme'] as const;
export type Level = (typeof LEVELS)[number];

/** The highest rating of each level but the last (ratings above the last bound are `extreme`). */
const LEVEL_BOUNDS: readonly number[] = [1.2, 2.4, 4.9, 6.4, 7.9];

/** The level of an SE-scale rating. */
export function levelOf(rating: number): Level {
  if (typeof rating !== 'number' || Number.isNaN(rating)) throw new SudokitError('options', `levelOf: expected a rating, got ${describeValue(rating)}`);
  const i = LEVEL_BOUNDS.findIndex((bound) => rating <= bound + 1e-9);
  return LEVELS[i < 0 ? LEVELS.length - 1 : i]!;
}

/** The SE-scale range of a level: [lowest, highest] (the last level has no upper end). */
export function ratingRangeOf(level: Level): [number, number] {
  const i = LEVELS.indexOf(level);
  const low = i === 0 ? 1.0 : LEVEL_BOUNDS[i - 1]! + 0.1;
  const high = LEVEL_BOUNDS[i] ?? Number.POSITIVE_INFINITY;
  return [low, high];
}

export interface Grade {
  /** SE-scale rating: the rating of the hardest step. */
  readonly rating: number;
  readonly level: Level;
  /** How many steps of each technique the solving path used. */
  readonly techniques: Record<string, number>;
  /** True when the puzzle has exactly one solution (uniqueness techniques were allowed). */
  readonly unique: boolean;
  /** True when logic alone could not finish and the path contains a guess. */
  readonly guessed: boolean;
  /** The solving path the grade was read from. */
  readonly explanation: Explanation;
}

export interface GradeOptions {
  /**
   * How long the grade may take, in milliseconds, counting the search for the solution; a grade
   * the clock cuts short throws a SudokitError 'timeout' (a rating read from part of the path
   * would say the puzzle is easier than it is).
   */
  readonly timeLimitMs?: number | undefined;
  /** Stop when this signal is aborted, throwing its reason (as `explain` and the worker's `grade` do). */
  readonly signal?: AbortSignal | undefined;
}

/**
 * Grade a puzzle with one solution, as `sudokit grade` does. Throws a SudokitError 'unsolvable'
 * when it has none and 'multiple' when it has several: a grade reads the path of deductions to
 * the one solution, and a puzzle with several has none (past the givens every step would be a
 * guess). `gradeSolved` grades the path to a solution chosen among several.
 */
export function gradePuzzle(given: Puzzle | string, options: GradeOptions = {}): Grade {
  const puzzle = puzzleFrom('gradePuzzle', given);
  checkOptionsObject('gradePuzzle', options);
  const limit = options?.timeLimitMs;
  if (limit !== undefined && !(typeof limit === 'number' && limit >= 0 && Number.isFinite(limit)))
    throw new SudokitError('options', `Invalid option timeLimitMs: expected a finite number of milliseconds >= 0, got ${describeValue(limit)}`);
  const signal = options?.signal;
  checkSignal(signal);
  signal?.throwIfAborted();
  const started = performance.now();
  const result = solve(puzzle, { limit: 2, ...(limit === undefined ? {} : { timeLimitMs: limit }) });
  signal?.throwIfAborted();
  const late = () => new SudokitError('timeout', `The time limit of ${limit} ms ran out before the grade was settled`);
  if (result.timedOut && result.count < 2) throw late();
  if (result.count === 0 || !result.solution) throw new SudokitError('unsolvable', 'Cannot grade a puzzle without a solution');
  if (result.count > 1) throw new SudokitError('multiple', 'Cannot grade a puzzle with several solutions: a grade needs exactly one (gradeSolved grades the path to a solution chosen among them)');
  const left = limit === undefined ? undefined : Math.max(0, limit - (performance.now() - started));
  const explanation = explain(puzzle, { path: 'se', unique: true, solution: result.solution, timeLimitMs: left, signal });
  if (explanation.timedOut) throw late();
  return gradeOf(explanation, true);
}

/** Grade a puzzle whose solution (and whether it is the only one) is already known. */
export function gradeSolved(puzzle: Puzzle, solution: Uint8Array, unique: boolean): Grade {
  return gradeOf(explain(puzzle, { path: 'se', unique, solution }), unique);
}

/** The grade of a solving path. */
export function gradeOf(explanation: Explanation, unique: boolean): Grade {
  let rating = 0;
  const techniques: Record<string, number> = {};
  for (const step of explanation.steps) {
    rating = Math.max(rating, step.rating);
    techniques[step.technique] = (techniques[step.technique] ?? 0) + 1;
  }
  rating = Math.round(rating * 10) / 10;
  return { rating, level: levelOf(rating), techniques, unique, guessed: explanation.guessed, explanation };
}
