/** Extra regions (windoku windows and the like): the cells of a region hold different digits. */
import type { FpuzzlesCodec, KindDefinition } from './kind.js';
import { cellId, checkCells, ofKinds, pushEntry } from './shared.js';

export const extraRegion: KindDefinition<'extra-region'> = {
  kind: 'extra-region',
  label: 'extra region',
  validate(c, g) {
    const bad = checkCells(g, c.cells);
    if (bad) return bad;
    return c.cells.length > g.size ? `${c.cells.length} cells cannot hold different digits 1-${g.size}` : undefined;
  },
  check: (c, grid) => new Set(c.cells.map((cell) => grid[cell])).size === c.cells.length,
  compile: (c, _g, b) => b.distinct(c.cells),
  cells: (c) => c.cells,
};

export const extraRegionCodec: FpuzzlesCodec = {
  keys: ['extraregion'],
  read: (_json, reader) => reader.entries('extraregion').map((entry, i) => ({ kind: 'extra-region', cells: reader.cells(entry.cells, `extraregion ${i + 1}`) })),
  write(constraints, json, g) {
    for (const c of ofKinds(constraints, 'extra-region')) pushEntry(json, 'extraregion', { cells: c.cells.map((cell) => cellId(g, cell)) });
  },
};
