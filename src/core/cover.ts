/**
 * The exact-cover matrix of a Sudoku geometry, shared by the general core's search (general/)
 * and its clause-learning search (cdcl/), built once per geometry.
 *
 * Options are the pairs (cell, digit), numbered `cell·n + digit − 1`; items are the 4n² facts
 * "cell c is filled" (item c), "digit d is in row r" (n² + r·n + d), "… in column k"
 * (2n² + k·n + d) and "… in box b" (3n² + b·n + d). Every option covers four items (in that
 * order), and every item is covered by n options (in increasing option order).
 */
import type { Geometry } from '../geometry.js';

export interface CoverMatrix {
  /** The four items of option o: optionItems[4·o + k], k = cell, row, column, box. */
  readonly optionItems: Int32Array;
  /** The n options of item i: itemOptions[i·n + j], increasing. */
  readonly itemOptions: Int32Array;
}

const matrices = new Map<Geometry, CoverMatrix>();

export function coverMatrix(g: Geometry): CoverMatrix {
  const known = matrices.get(g);
  if (known) return known;
  const n = g.size;
  const cells = g.cellCount;
  const optionItems = new Int32Array(4 * cells * n);
  const itemOptions = new Int32Array(4 * cells * n);
  const filled = new Int32Array(4 * cells);
  for (let cell = 0; cell < cells; cell++) {
    const rowBase = cells + g.rowOf[cell]! * n;
    const colBase = 2 * cells + g.colOf[cell]! * n;
    const boxBase = 3 * cells + g.boxOf[cell]! * n;
    for (let d = 0; d < n; d++) {
      const o = cell * n + d;
      const items = [cell, rowBase + d, colBase + d, boxBase + d];
      for (let k = 0; k < 4; k++) {
        const item = items[k]!;
        optionItems[4 * o + k] = item;
        itemOptions[item * n + filled[item]!] = o;
        filled[item]!++;
      }
    }
  }
  const made = { optionItems, itemOptions };
  matrices.set(g, made);
  return made;
}
