/**
 * `naked-pairs`: the `dual` engine plus naked pairs: two cells of a unit with the same two
 * candidates hold those two digits between them, so no other cell of the unit can.
 *
 * The extra strategy the essay mentions as an exercise ("naked twins"; Norvig, "Solving Every
 * Sudoku Puzzle", and the pytudes notebook). It narrows more per step and saves guesses on hard
 * puzzles, at the price of looking for a twin after every elimination; whether that pays is a
 * benchmark question. Orderings: `varOrder` and `valOrder` (default `minrv`, `first`), `random`
 * for the random ones.
 */
import type { Engine } from '../engine.js';
import { DUAL_RULES } from './dual.js';
import { propagationSearch, type Rule } from './propagation.js';

const pair: number[] = [];

/** Naked pair: when `cell` is down to two candidates and a cell of one of its units has the same two, clear them from the rest of that unit. */
export const nakedPair: Rule = (p, cell) => {
  const { board, geometry } = p;
  if (board.counts[cell] !== 2) return true;
  for (const unit of geometry.unitsOf[cell]!) {
    const cells = geometry.units[unit]!;
    const twin = cells.find((other) => other !== cell && board.counts[other] === 2 && board.sameAs(cell, other));
    if (twin === undefined) continue;
    const [a, b] = board.digitsOf(cell, pair) as [number, number];
    for (const other of cells) {
      if (other === cell || other === twin) continue;
      if (!p.eliminate(other, a) || !p.eliminate(other, b)) return false;
    }
  }
  return true;
};

export const NAKED_PAIRS_RULES: readonly Rule[] = [...DUAL_RULES, nakedPair];

export const nakedPairsEngine: Engine = {
  id: 'naked-pairs',
  description: 'the dual engine plus naked pairs (two cells of a unit with the same two candidates clear them from the rest of the unit); orderings apply',
  supports: () => true,
  solve: (puzzle, options = {}) => propagationSearch(puzzle, options, NAKED_PAIRS_RULES),
};
