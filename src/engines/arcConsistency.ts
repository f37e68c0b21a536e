/**
 * `arc-consistency`: forward checking whose consequences keep going: a cell narrowed to one
 * candidate is placed at once, which narrows its peers, and so on until nothing changes.
 *
 * The essay's first propagation rule ("if a square has only one possible value, eliminate that
 * value from the square's peers"; Norvig, "Solving Every Sudoku Puzzle", and the pytudes Sudoku
 * notebook, which calls it arc consistency). Alone it solves most easy puzzles without a guess.
 * Orderings: `varOrder` and `valOrder` (default `minrv`, `first`), `random` for the random ones.
 */
import type { Engine } from '../engine.js';
import { propagationSearch, type Rule } from './propagation.js';

/** Naked single: a cell down to one candidate gets that digit placed (which eliminates it from the peers). */
export const nakedSingle: Rule = (p, cell) => p.board.counts[cell] !== 1 || p.assign(cell, p.board.first(cell));

export const ARC_CONSISTENCY_RULES: readonly Rule[] = [nakedSingle];

export const arcConsistencyEngine: Engine = {
  id: 'arc-consistency',
  description: 'forward checking that also places every cell narrowed to one candidate, to a fixed point (the essay family, step 2); orderings apply',
  supports: () => true,
  solve: (puzzle, options = {}) => propagationSearch(puzzle, options, ARC_CONSISTENCY_RULES),
};
