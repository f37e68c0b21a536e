/**
 * Killer cages: the digits in a cage do not repeat and, when the cage has a sum, add up to it.
 * The solver keeps only digits of the sets of distinct digits that reach the sum and fit the
 * cells (src/variant/solver/propagators.ts, DistinctSumPropagator).
 */
import { describeValue } from '../errors.js';
import { sumCombinations } from '../variant/digits.js';
import type { FpuzzlesCodec, KindDefinition } from './kind.js';
import { cellId, checkCells, ofKinds, pushEntry } from './shared.js';

export const killer: KindDefinition<'killer'> = {
  kind: 'killer',
  label: 'killer cage',
  validate(c, g) {
    const bad = checkCells(g, c.cells);
    if (bad) return bad;
    if (c.cells.length > g.size) return `${c.cells.length} cells cannot hold different digits 1-${g.size}`;
    if (c.sum !== undefined) {
      if (!Number.isInteger(c.sum)) return `its sum ${describeValue(c.sum)} is not a whole number`;
      if (sumCombinations(g.size, c.cells.length, c.sum).length === 0) {
        const min = (c.cells.length * (c.cells.length + 1)) / 2;
        const max = (c.cells.length * (2 * g.size - c.cells.length + 1)) / 2;
        return `no ${c.cells.length} different digits 1-${g.size} add up to ${c.sum} (they make ${min} to ${max})`;
      }
    }
    return undefined;
  },
  check(c, grid) {
    const seen = new Set<number>();
    let total = 0;
    for (const cell of c.cells) {
      const d = grid[cell]!;
      if (seen.has(d)) return false;
      seen.add(d);
      total += d;
    }
    return c.sum === undefined || total === c.sum;
  },
  compile(c, _g, b) {
    if (c.sum === undefined) b.distinct(c.cells);
    else b.sum(c.cells, c.sum, { distinct: true });
  },
  cells: (c) => c.cells,
};

export const killerCodec: FpuzzlesCodec = {
  keys: ['killercage'],
  read(_json, reader) {
    return reader.entries('killercage').map((entry, i) => {
      const where = `killercage ${i + 1}`;
      const cells = reader.cells(entry.cells, where);
      const value = entry.value;
      const blank = value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
      return blank ? { kind: 'killer', cells } : { kind: 'killer', cells, sum: reader.integer(value, `${where} sum`) };
    });
  },
  write(constraints, json, g) {
    for (const c of ofKinds(constraints, 'killer')) {
      pushEntry(json, 'killercage', { cells: c.cells.map((cell) => cellId(g, cell)), ...(c.sum === undefined ? {} : { value: String(c.sum) }) });
    }
  },
};
