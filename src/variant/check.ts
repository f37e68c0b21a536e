/**
 * The door for variant puzzles built by hand: a variant puzzle is a valid puzzle (geometry,
 * givens) whose every constraint is of a known kind and fits the board. `solve` checks this
 * once, as it does classic puzzles, and the solver then trusts it.
 */
import { checkConstraint, KIND_NAMES, validateConstraint } from '../constraints/index.js';
import { SudokitError, type SudokitErrorCode } from '../errors.js';
import { assertPuzzle, checkPuzzle, isSolution } from '../puzzle.js';
import type { VariantPuzzle } from './puzzle.js';

/** Why `value` is not a valid variant puzzle, or undefined. */
export function checkVariantPuzzle(value: unknown): { readonly code: SudokitErrorCode; readonly message: string } | undefined {
  const base = checkPuzzle(value);
  if (base) return base;
  const constraints = (value as Partial<VariantPuzzle>).constraints;
  if (constraints === undefined) return undefined;
  if (!Array.isArray(constraints)) return { code: 'invalid', message: 'Invalid puzzle: constraints must be an array' };
  const g = (value as VariantPuzzle).geometry;
  for (let i = 0; i < constraints.length; i++) {
    const c = constraints[i];
    const problem = validateConstraint(c, g);
    if (problem) {
      const kind = typeof c === 'object' && c !== null && typeof c.kind === 'string' && (KIND_NAMES as string[]).includes(c.kind) ? c.kind : 'constraint';
      return { code: 'invalid', message: `Invalid puzzle: ${kind} (constraint ${i + 1}): ${problem}` };
    }
  }
  return undefined;
}

/** Throw a SudokitError naming what is wrong when `value` is not a valid variant puzzle. */
export function assertVariantPuzzle(value: unknown): asserts value is VariantPuzzle {
  // A puzzle that is not one at all is refused as every entry point refuses it (a PuzzleError).
  assertPuzzle(value);
  const problem = checkVariantPuzzle(value);
  if (problem) throw new SudokitError(problem.code, problem.message);
}

/**
 * Whether `grid` solves the variant puzzle: a Sudoku solution of its geometry (rows, columns,
 * boxes or jigsaw regions) with its givens, that satisfies every constraint by the kinds'
 * independent checks.
 */
export function isVariantSolution(grid: ArrayLike<number>, puzzle: VariantPuzzle): boolean {
  if (!isSolution(grid, puzzle)) return false;
  const constraints = puzzle.constraints ?? [];
  return constraints.every((c) => checkConstraint(c, grid, puzzle.geometry, constraints));
}
