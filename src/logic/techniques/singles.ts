/**
 * Singles: the deductions every solver learns first, and the only ones the logic article used.
 * - Full House: a unit with one empty cell left gets its missing digit.
 * - Hidden Single: a digit with one place left in a unit goes there (boxes rate easier than lines,
 *   as in Sukaku Explainer: 1.2 in a box, 1.5 in a row or column).
 * - Naked Single: a cell with one candidate left gets it.
 */
import { cellName } from '../../geometry.js';
import { type Board, bit, digitsOf } from '../board.js';
import { type Step, type Technique, unitName } from '../step.js';

/**
 * Place every naked and hidden single, and the singles they leave, at once, on a board without
 * rules: what the single techniques find a step at a time (each a sentence written), at a
 * fraction of the cost. Singles do not depend on their order: a board they solve one way they
 * solve any way. The generator uses it where only the end matters (its quick extreme check, and
 * the technique targets, which no puzzle that singles solve can need).
 */
export function placeAllSingles(board: Board): void {
  const g = board.geometry;
  const { values, candidates } = board;
  for (let changed = true; changed; ) {
    changed = false;
    for (let cell = 0; cell < g.cellCount; cell++) {
      const m = candidates[cell]!;
      if (values[cell] !== 0 || m === 0 || (m & (m - 1)) !== 0) continue;
      board.place(cell, 32 - Math.clz32(m));
      changed = true;
    }
    for (let unit = 0; unit < g.units.length; unit++) {
      const cells = g.units[unit]!;
      let once = 0;
      let twice = 0;
      for (let i = 0; i < cells.length; i++) {
        const m = candidates[cells[i]!]!;
        twice |= once & m;
        once |= m;
      }
      for (let alone = once & ~twice; alone !== 0; alone &= alone - 1) {
        const b = alone & -alone;
        for (let i = 0; i < cells.length; i++) {
          const cell = cells[i]!;
          if ((candidates[cell]! & b) === 0) continue;
          board.place(cell, 32 - Math.clz32(b));
          changed = true;
          break;
        }
      }
    }
  }
}

function fullHouse(board: Board): Step | undefined {
  const g = board.geometry;
  for (let unit = 0; unit < g.units.length; unit++) {
    let empty = -1;
    let count = 0;
    let seen = 0;
    const cells = g.units[unit]!;
    for (let i = 0; i < cells.length && count < 2; i++) {
      const v = board.values[cells[i]!]!;
      if (v === 0) {
        empty = cells[i]!;
        count++;
      } else seen |= bit(v);
    }
    if (count !== 1) continue;
    const missing = ((1 << g.size) - 1) & ~seen;
    // The missing digit must still be a candidate; otherwise the board is broken and no step is sound.
    if ((board.candidates[empty]! & missing) === 0) continue;
    const digit = digitsOf(missing)[0]!;
    return {
      technique: 'Full House',
      rating: 1.0,
      placements: [{ cell: empty, digit }],
      eliminations: [],
      cells: [empty],
      candidates: [{ cell: empty, digit }],
      units: [unit],
      text: `Full House: ${cellName(g, empty)} is the last empty cell of ${unitName(g, unit)} => ${cellName(g, empty)}=${g.digits[digit - 1]}`,
    };
  }
  return undefined;
}

/** Hidden singles in the units [from, to): boxes are units 2n … 3n−1, lines 0 … 2n−1. */
export function hiddenSingleIn(board: Board, from: number, to: number, rating: number): Step | undefined {
  const g = board.geometry;
  for (let unit = from; unit < to; unit++) {
    const cells = g.units[unit]!;
    // once: cells' candidates seen at least once; twice: at least twice. once & ~twice = single places.
    let once = 0;
    let twice = 0;
    for (const cell of cells) {
      const m = board.candidates[cell]!;
      twice |= once & m;
      once |= m;
    }
    const singles = once & ~twice;
    if (singles === 0) continue;
    const digit = digitsOf(singles)[0]!;
    const cell = cells.find((c) => board.has(c, digit))!;
    return {
      technique: 'Hidden Single',
      rating,
      placements: [{ cell, digit }],
      eliminations: [],
      cells: [cell],
      candidates: [{ cell, digit }],
      units: [unit],
      text: `Hidden Single: ${g.digits[digit - 1]} in ${unitName(g, unit)} can only go in ${cellName(g, cell)}`,
    };
  }
  return undefined;
}

function nakedSingle(board: Board): Step | undefined {
  const g = board.geometry;
  for (let cell = 0; cell < g.cellCount; cell++) {
    const m = board.candidates[cell]!;
    if (board.values[cell] !== 0 || m === 0 || (m & (m - 1)) !== 0) continue;
    const digit = digitsOf(m)[0]!;
    return {
      technique: 'Naked Single',
      rating: 2.3,
      placements: [{ cell, digit }],
      eliminations: [],
      cells: [cell],
      candidates: [{ cell, digit }],
      text: `Naked Single: ${cellName(g, cell)} can only be ${g.digits[digit - 1]}`,
    };
  }
  return undefined;
}

export const FULL_HOUSE: Technique = { name: 'Full House', rating: 1.0, find: fullHouse };

export const HIDDEN_SINGLE_BOX: Technique = {
  name: 'Hidden Single',
  rating: 1.2,
  find: (board) => hiddenSingleIn(board, 2 * board.geometry.size, 3 * board.geometry.size, 1.2),
};

export const HIDDEN_SINGLE_LINE: Technique = {
  name: 'Hidden Single',
  rating: 1.5,
  find: (board) => hiddenSingleIn(board, 0, 2 * board.geometry.size, 1.5),
};

export const NAKED_SINGLE: Technique = { name: 'Naked Single', rating: 2.3, find: nakedSingle };
