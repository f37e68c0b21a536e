/**
 * `sudokit/9x9`: the narrowest door of solving, for apps whose puzzles are all 9×9. Its `solve`
 * is the root's with the bit-parallel core alone behind it, so an app that parses with the root
 * and solves with this carries neither the exact-cover core of the other sizes nor the
 * clause-learning one of the largest (about 9 kB gzip in all against the root's 20 kB;
 * bench/results/bundle.md). Every answer is the root's: the same core, checks, options and result.
 */
import type { Engine, SolveOptions, SolveResult } from '../engine.js';
import { geometryName } from '../geometry.js';
import type { Puzzle } from '../puzzle.js';
import { fast9Engine } from './engines.js';
import { puzzleFrom } from '../format/parse.js';
import { type SolveDoor, solveThrough } from './solve.js';

/** `solve`'s options: the root's, with the fast engine (or an engine object) alone to name. */
export interface NineSolveOptions extends SolveOptions {
  readonly engine?: 'fast' | Engine | undefined;
}

const NINE_DOOR: SolveDoor = {
  defaultEngine: fast9Engine,
  engineById: (id) => (id === fast9Engine.id ? fast9Engine : undefined),
  engineIds: [fast9Engine.id],
  read: (text) => puzzleFrom('solve', text),
  refuseSize: ({ geometry: g }) =>
    g.boxRows === 3 && g.boxCols === 3 ? undefined : `This is a ${geometryName(g)} board: solve from 'sudokit/9x9' takes 9x9 boards alone; solve from 'sudokit' takes every size`,
};

/**
 * Solve a classic 9×9 puzzle, or the 9×9 puzzle a text gives, as the root's `solve` does with its
 * default engine: up to `limit` solutions within `timeLimitMs`, each passed to `onSolution`.
 * Another size is refused with code 'unsupported' (the root's `solve` takes it), a variant puzzle
 * too (`sudokit/variant`'s does), and an engine other than `'fast'` with code 'engine'.
 */
export function solve(puzzle: Puzzle | string, options: NineSolveOptions | null = {}): SolveResult {
  return solveThrough(NINE_DOOR, puzzle, options);
}
