/**
 * `sudokit/variant`'s `solve`: the package root's, and puzzles with constraints or jigsaw regions,
 * which go to the variant solver (src/core/solve.ts says how the three front doors differ); it
 * reads a variant's text as well (solvePuzzle.ts is the same door without the readers).
 */
import { type CoreSolveOptions, type SolveDoor, solveThrough } from '../core/solve.js';
import type { SolveResult } from '../engine.js';
import type { Puzzle } from '../puzzle.js';
import { SudokitError } from '../errors.js';
import { puzzleFrom } from '../format/parse.js';
import { isVariantText, parseVariant } from '../format/variant.js';
import { OBJECT_DOOR } from './solvePuzzle.js';

/** The same door, reading a variant's text as well. */
const VARIANT_DOOR: SolveDoor = { ...OBJECT_DOOR, read: readAny };

/** The puzzle a text gives: a variant's link, load string, JSON or ISS text, or a classic puzzle in any format `parsePuzzle` reads. */
export function readAny(text: string): Puzzle {
  if (!isVariantText(text)) return puzzleFrom('solve', text);
  const read = parseVariant(text);
  if (!read.ok) throw new SudokitError(read.error.code, `solve: ${read.error.message}`);
  return read.puzzle;
}

/**
 * Solve any puzzle sudokit reads, as an object or as text (a link, load string, JSON, ISS text or a
 * classic format): a classic one as the package root's `solve` does, one with
 * constraints or jigsaw regions with the variant solver (the default engine only). A constraint
 * that does not fit its board is refused with a `SudokitError` ('invalid') naming it.
 */
export function solve(puzzle: Puzzle | string, options: CoreSolveOptions | null = {}): SolveResult {
  return solveThrough(VARIANT_DOOR, puzzle, options);
}
