/**
 * A variant puzzle: a geometry (its boxes may be jigsaw regions), givens, and the rules beyond
 * classic Sudoku as plain data. A classic `Puzzle` is a variant puzzle without constraints, so
 * every function that takes one takes the other.
 */
import type { Constraint } from '../constraints/types.js';
import type { Puzzle } from '../puzzle.js';

export interface VariantPuzzle extends Puzzle {
  /** The rules beyond rows, columns and boxes, in the order the source gave them. */
  readonly constraints: readonly Constraint[];
  /** The puzzle's title, when its source has one (f-puzzles `title`). */
  readonly title?: string;
}

/** Whether this puzzle needs the variant solver: it has constraints, or jigsaw regions. */
export function isVariant(puzzle: Puzzle): puzzle is VariantPuzzle {
  const constraints = (puzzle as Partial<VariantPuzzle>).constraints;
  return puzzle.geometry.jigsaw || (Array.isArray(constraints) && constraints.length > 0);
}

/** The constraints of any puzzle: none for a classic one. */
export function constraintsOf(puzzle: Puzzle): readonly Constraint[] {
  const constraints = (puzzle as Partial<VariantPuzzle>).constraints;
  return Array.isArray(constraints) ? constraints : [];
}
