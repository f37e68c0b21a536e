/**
 * The solve the library's own searches go through (grades, generation, the worker): puzzle
 * objects and classic text, a variant one to the variant solver through the variant slot
 * (support.ts). Apart from `solve.ts`, which also reads the variant formats, so that these
 * searches carry no format reader (LZ-String, ISS text, f-puzzles JSON) and no variant solver
 * into an app of classic puzzles.
 */
import { coreEngine, fastEngine } from '../core/engines.js';
import { CORE_ENGINE_IDS, type CoreSolveOptions, type SolveDoor, solveThrough, variantPart } from '../core/solve.js';
import type { SolveResult } from '../engine.js';
import { puzzleFrom } from '../format/parse.js';
import type { Puzzle } from '../puzzle.js';
import { variantSupport } from './support.js';

/** The door for puzzle objects and classic text. */
export const OBJECT_DOOR: SolveDoor = {
  defaultEngine: fastEngine,
  engineById: coreEngine,
  engineIds: CORE_ENGINE_IDS,
  variant: (puzzle, options) => variantSupport(variantPart(puzzle) ?? 'rules').solve(puzzle, options),
  checkConstraints: (puzzle) => variantSupport(variantPart(puzzle) ?? 'rules').checkConstraints(puzzle),
  read: (text) => puzzleFrom('solve', text),
};

/** `solve` for puzzle objects (and classic text). */
export function solvePuzzle(puzzle: Puzzle | string, options: CoreSolveOptions | null = {}): SolveResult {
  return solveThrough(OBJECT_DOOR, puzzle, options);
}
