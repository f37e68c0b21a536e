/** Palindrome lines: the line reads the same from either end (the solver ties each cell to its mirror). */
import type { FpuzzlesCodec, KindDefinition } from './kind.js';
import { cellId, checkCells, ofKinds, pushEntry, readLines } from './shared.js';

export const palindrome: KindDefinition<'palindrome'> = {
  kind: 'palindrome',
  label: 'palindrome',
  validate: (c, g) => checkCells(g, c.cells, 2, true),
  check(c, grid) {
    for (let i = 0, j = c.cells.length - 1; i < j; i++, j--) if (grid[c.cells[i]!] !== grid[c.cells[j]!]) return false;
    return true;
  },
  compile(c, _g, b) {
    for (let i = 0, j = c.cells.length - 1; i < j; i++, j--) b.relation(c.cells[i]!, c.cells[j]!, (x, y) => x === y);
  },
  cells: (c) => c.cells,
};

export const palindromeCodec: FpuzzlesCodec = {
  keys: ['palindrome'],
  read: (_json, reader) => readLines(reader, 'palindrome', 2).map(({ cells }) => ({ kind: 'palindrome', cells })),
  write(constraints, json, g) {
    for (const c of ofKinds(constraints, 'palindrome')) pushEntry(json, 'palindrome', { lines: [c.cells.map((cell) => cellId(g, cell))] });
  },
};
