/**
 * The door for variant puzzles built by hand: a variant puzzle is a valid puzzle (geometry,
 * givens) whose every constraint is of a known kind and fits the board. `solve` checks this
 * once, as it does classic puzzles, and the solver then trusts it.
 */
import { checkConstraint, KIND_NAMES, validateConstraint } from '../constraints/index.js';
import { SudokitError, type SudokitErrorCode } from '../errors.js';
import { assertPuzzle, checkPuzzle, isSolution, type Puzzle } from '../puzzle.js';
import type { VariantPuzzle } from './puzzle.js';

/** Why `value` is not a valid variant puzzle, or undefined. */
export function checkVariantPuzzle(value: unknown): { readonly code: SudokitErrorCode; readonly message: string } | undefined {
  return checkPuzzle(value) ?? checkConstraintsOf(value as VariantPuzzle);
}

/** Why the constraints of a valid puzzle do not fit it, or undefined (none is fine). */
function checkConstraintsOf(puzzle: VariantPuzzle): { readonly code: SudokitErrorCode; readonly message: string } | undefined {
  const constraints = (puzzle as Partial<VariantPuzzle>).constraints;
  if (constraints === undefined) return undefined;
  if (!Array.isArray(constraints)) return { code: 'invalid', message: 'Invalid puzzle: constraints must be an array' };
  for (let i = 0; i < constraints.length; i++) {
    const c = constraints[i];
    const problem = validateConstraint(c, puzzle.geometry);
    if (problem) {
      const kind = typeof c === 'object' && c !== null && typeof c.kind === 'string' && (KIND_NAMES as string[]).includes(c.kind) ? c.kind : 'constraint';
      return { code: 'invalid', message: `Invalid puzzle: ${kind} (constraint ${i + 1}): ${problem}` };
    }
  }
  return undefined;
}

/** Throw a SudokitError ('invalid') naming the first constraint of a puzzle that does not fit its board. */
export function assertConstraintsFit(puzzle: Puzzle): void {
  const problem = checkConstraintsOf(puzzle as VariantPuzzle);
  if (problem) throw new SudokitError(problem.code, problem.message);
}

/** Throw a SudokitError naming what is wrong when `value` is not a valid variant puzzle (a PuzzleError when it is no puzzle at all). */
export function assertVariantPuzzle(value: unknown): asserts value is VariantPuzzle {
  assertPuzzle(value);
  const problem = checkConstraintsOf(value as VariantPuzzle);
  if (problem) throw new SudokitError(problem.code, problem.message);
}

/**
 * Whether `grid` solves the variant puzzle: a Sudoku solution of its geometry (rows, columns,
 * boxes or jigsaw regions) with its givens, that satisfies every constraint by the kinds'
 * independent checks.
 */
export function isVariantSolution(puzzle: VariantPuzzle, grid: ArrayLike<number>): boolean {
  // The units and givens by the root's check, without its constraints (they are judged here, once).
  return isSolution({ geometry: puzzle.geometry, givens: puzzle.givens }, grid) && keepsRules(puzzle, grid);
}

/** Whether a complete grid keeps every constraint of the puzzle, by the kinds' own checks (its units are judged apart). */
export function keepsRules(puzzle: VariantPuzzle, grid: ArrayLike<number>): boolean {
  const constraints = puzzle.constraints ?? [];
  return constraints.every((c) => checkConstraint(c, grid, puzzle.geometry, constraints));
}
