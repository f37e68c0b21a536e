/**
 * Renban lines: the line's digits are a set of consecutive digits, in any order, none repeated.
 * The solver sees the runs as the digit sets the line may hold (ModelBuilder.digitSets).
 */
import type { FpuzzlesCodec, KindDefinition } from './kind.js';
import { cellId, checkCells, ofKinds, pushEntry, readLines } from './shared.js';

export const renban: KindDefinition<'renban'> = {
  kind: 'renban',
  label: 'renban',
  validate(c, g) {
    const bad = checkCells(g, c.cells, 2);
    if (bad) return bad;
    return c.cells.length > g.size ? `${c.cells.length} cells cannot hold different digits 1-${g.size}` : undefined;
  },
  check(c, grid) {
    const digits = c.cells.map((cell) => grid[cell]!);
    if (new Set(digits).size !== digits.length) return false;
    return Math.max(...digits) - Math.min(...digits) === digits.length - 1;
  },
  compile(c, g, b) {
    // The line's digits are one run of consecutive digits as long as the line.
    const run = (1 << c.cells.length) - 1;
    b.digitSets(
      c.cells,
      Int32Array.from({ length: g.size - c.cells.length + 1 }, (_, start) => run << start),
    );
  },
  cells: (c) => c.cells,
};

export const renbanCodec: FpuzzlesCodec = {
  keys: ['renban'],
  read: (_json, reader) => readLines(reader, 'renban', 2).map(({ cells }) => ({ kind: 'renban', cells })),
  write(constraints, json, g) {
    for (const c of ofKinds(constraints, 'renban')) pushEntry(json, 'renban', { lines: [c.cells.map((cell) => cellId(g, cell))] });
  },
};
