/**
 * `dual`: arc consistency seen from the digits' side as well: when a unit has only one cell left
 * that can hold a digit, that digit goes there (a hidden single), and a unit with no such cell
 * is a contradiction.
 *
 * The essay's second rule ("if a unit has only one possible place for a value, put the value
 * there"; Norvig, "Solving Every Sudoku Puzzle"). The cells-per-digit view is the dual of the
 * digits-per-cell view, hence the name. Together the two rules solve nearly every published
 * puzzle with few guesses; this is the essay's solver. Orderings: `varOrder` and `valOrder`
 * (default `minrv`, `first`), `random` for the random ones.
 */
import type { Engine } from '../engine.js';
import { ARC_CONSISTENCY_RULES } from './arcConsistency.js';
import { propagationSearch, type Rule } from './propagation.js';

/** Hidden single: after `d` left `cell`, each unit of the cell needs some place for `d`; if only one is left, place it there. */
export const hiddenSingle: Rule = (p, cell, d) => {
  const { board, geometry } = p;
  for (const unit of geometry.unitsOf[cell]!) {
    let place = -1;
    let places = 0;
    for (const other of geometry.units[unit]!) {
      if (board.has(other, d)) {
        place = other;
        if (++places > 1) break;
      }
    }
    if (places === 0) return false;
    if (places === 1 && !p.assign(place, d)) return false;
  }
  return true;
};

export const DUAL_RULES: readonly Rule[] = [...ARC_CONSISTENCY_RULES, hiddenSingle];

export const dualEngine: Engine = {
  id: 'dual',
  description: "arc consistency plus hidden singles (a digit with one place left in a unit goes there): the essay's solver; orderings apply",
  supports: () => true,
  solve: (puzzle, options = {}) => propagationSearch(puzzle, options, DUAL_RULES),
};
