/**
 * `sudokit/variant`'s `solve`: the package root's, and puzzles with constraints or jigsaw regions,
 * which go to the variant solver (src/core/solve.ts says how the three front doors differ).
 */
import { CORE_ENGINE_IDS, type CoreSolveOptions, coreEngine, type SolveDoor, solveThrough } from '../core/solve.js';
import type { SolveResult } from '../engine.js';
import type { Puzzle } from '../puzzle.js';
import { assertConstraintsFit } from './check.js';
import { solveVariant } from './solver/index.js';

const VARIANT_DOOR: SolveDoor = {
  engineById: coreEngine,
  engineIds: CORE_ENGINE_IDS,
  variant: solveVariant,
  checkConstraints: assertConstraintsFit,
};

/**
 * Solve any puzzle sudokit reads: a classic one as the package root's `solve` does, one with
 * constraints or jigsaw regions with the variant solver (the default engine only). A constraint
 * that does not fit its board is refused with a `SudokitError` ('invalid') naming it.
 */
export function solve(puzzle: Puzzle, options: CoreSolveOptions | null = {}): SolveResult {
  return solveThrough(VARIANT_DOOR, puzzle, options);
}
