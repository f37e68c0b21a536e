/**
 * `forward-checking`: search where placing a digit takes it from the candidates of every peer,
 * and a peer left with no candidate ends the branch at once.
 *
 * The first step up from plain search in the essay's family (Norvig, "Solving Every Sudoku
 * Puzzle", and the pytudes Sudoku notebook): it looks one step ahead of each assignment but no
 * further, so a peer narrowed to one candidate is not placed until the search reaches it. It
 * shows how much of the work lookahead alone saves; for real use prefer `arc-consistency` or
 * better. Orderings: `varOrder` and `valOrder` (default `minrv`, `first`), `random` for the
 * random ones.
 */
import type { Engine } from '../engine.js';
import { propagationSearch, type Rule } from './propagation.js';

/** No rule: an elimination only fails when it empties a cell, which `Propagation` checks itself. */
export const FORWARD_CHECKING_RULES: readonly Rule[] = [];

export const forwardCheckingEngine: Engine = {
  id: 'forward-checking',
  description: 'search that removes each placed digit from its peers and backtracks when a cell has no candidate left (the essay family, step 1); orderings apply',
  supports: () => true,
  solve: (puzzle, options = {}) => propagationSearch(puzzle, options, FORWARD_CHECKING_RULES),
};
