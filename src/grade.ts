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
import { makeLine } from './format/make.js';
import { parsePuzzle } from './format/parse.js';
import { MAX_LOGIC_SIZE } from './logic/board.js';
import type { Puzzle } from './puzzle.js';
import { explain, type Explanation } from './logic/stepSolver.js';
import { solve } from './registry.js';

export const LEVELS = ['easy', 'medium', 'hard', 'expert', 'master', 'extreme'] as const;
export type Level = (typeof LEVELS)[number];

/** The highest rating of each level but the last (ratings above the last bound are `extreme`). */
const LEVEL_BOUNDS: readonly number[] = [1.2, 2.4, 4.9, 6.4, 7.9];

/** The level of an SE-scale rating. */
export function levelOf(rating: number): Level {
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

/** Grade a puzzle. Throws when it has no solution (nothing to grade). */
export function gradePuzzle(puzzle: Puzzle): Grade {
  const result = solve(puzzle, { limit: 2 });
  if (result.count === 0 || !result.solution) throw new RangeError('Cannot grade a puzzle without a solution');
  return gradeSolved(puzzle, result.solution, result.count === 1);
}

/** A puzzle checked for step solving: its solution and whether it is the only one, or why not. */
export type StepReady = { readonly ok: true; readonly solution: Uint8Array; readonly unique: boolean } | { readonly ok: false; readonly message: string };

/** Check that the step solver can take a puzzle (its size, a solution to guess from) with one count to 2. */
export function prepareForSteps(puzzle: Puzzle): StepReady {
  if (puzzle.geometry.size > MAX_LOGIC_SIZE) return { ok: false, message: `Invalid puzzle: step solving supports boards up to ${MAX_LOGIC_SIZE}x${MAX_LOGIC_SIZE}` };
  const counted = solve(puzzle, { limit: 2 });
  if (counted.count === 0 || !counted.solution) return { ok: false, message: 'no solution' };
  return { ok: true, solution: counted.solution, unique: counted.count === 1 };
}

/** Grade a puzzle whose solution (and whether it is the only one) is already known. */
export function gradeSolved(puzzle: Puzzle, solution: Uint8Array, unique: boolean): Grade {
  return gradeOf(explain(puzzle, { unique, solution }), unique);
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

/** A batch of puzzle texts to grade, with where each came from (for messages): cheap to send to a worker. */
export interface GradeBatch {
  readonly texts: readonly string[];
  readonly wheres: readonly string[];
}

export interface GradeBatchOptions {
  readonly format: 'text' | 'json';
  /** Box shape `RxC` for boards whose side is not a perfect square. */
  readonly box?: string;
}

/** What `sudokit grade` prints for a batch: one answer per puzzle, in order, and the errors. */
export function answerGradeBatch(batch: GradeBatch, options: GradeBatchOptions): { out: string; err: string; failed: number } {
  let out = '';
  let err = '';
  let failed = 0;
  for (const [i, text] of batch.texts.entries()) {
    const parsed = parsePuzzle(text, options.box === undefined ? {} : { box: options.box });
    let grade: Grade | undefined;
    let problem = parsed.ok ? undefined : parsed.error.message;
    if (parsed.ok) {
      const ready = prepareForSteps(parsed.puzzle);
      if (ready.ok) grade = gradeSolved(parsed.puzzle, ready.solution, ready.unique);
      else problem = ready.message;
    }
    if (!parsed.ok || !grade) {
      failed++;
      err += `sudokit: ${batch.wheres[i]}: ${problem}\n`;
      out += options.format === 'json' ? `${JSON.stringify({ puzzle: text, error: problem })}\n` : 'invalid\n';
      continue;
    }
    const line = makeLine(parsed.puzzle.geometry, parsed.puzzle.givens);
    if (options.format === 'json') {
      out += `${JSON.stringify({ puzzle: line, rating: grade.rating, level: grade.level, techniques: grade.techniques, guessed: grade.guessed, unique: grade.unique })}\n`;
    } else {
      const used = Object.entries(grade.techniques).map(([name, n]) => `${name} ${n}`).join(', ');
      out += `${grade.rating.toFixed(1)} ${grade.level.padEnd(7)} ${line} ${used}\n`;
    }
  }
  return { out, err, failed };
}
