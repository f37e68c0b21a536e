/**
 * Whispers lines (German whispers: difference 5): neighbours along the line differ by at least
 * the line's difference. A relation between each pair of neighbours for the solver.
 */
import type { FpuzzlesCodec, KindDefinition } from './kind.js';
import { cellId, checkCells, ofKinds, pushEntry, readLines } from './shared.js';

export const whispers: KindDefinition<'whispers'> = {
  kind: 'whispers',
  label: 'whispers line',
  validate(c, g) {
    const bad = checkCells(g, c.cells, 2, true);
    if (bad) return bad;
    if (!Number.isInteger(c.difference) || c.difference < 1 || c.difference >= g.size) return `difference ${c.difference} is not 1 to ${g.size - 1}`;
    return undefined;
  },
  check(c, grid) {
    for (let i = 1; i < c.cells.length; i++) if (Math.abs(grid[c.cells[i]!]! - grid[c.cells[i - 1]!]!) < c.difference) return false;
    return true;
  },
  compile(c, _g, b) {
    for (let i = 1; i < c.cells.length; i++) b.relation(c.cells[i - 1]!, c.cells[i]!, (x, y) => Math.abs(x - y) >= c.difference);
  },
  cells: (c) => c.cells,
};

export const whispersCodec: FpuzzlesCodec = {
  keys: ['whispers'],
  read(_json, reader) {
    return readLines(reader, 'whispers', 2).map(({ cells, entry, where }) => {
      const value = entry.value;
      // f-puzzles' whispers default to German whispers.
      const difference = value === undefined || value === null || String(value).trim() === '' ? 5 : reader.integer(value, `${where} difference`);
      return { kind: 'whispers', cells, difference };
    });
  },
  write(constraints, json, g) {
    for (const c of ofKinds(constraints, 'whispers')) pushEntry(json, 'whispers', { lines: [c.cells.map((cell) => cellId(g, cell))], value: String(c.difference) });
  },
};
