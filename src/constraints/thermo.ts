/**
 * Thermometers: digits strictly increase from the bulb along the line; on a slow thermometer they
 * never decrease. The solver links each cell to the next by a relation (< or ≤), whose bounds
 * travel the line as propagation repeats.
 */
import type { FpuzzlesCodec, KindDefinition } from './kind.js';
import { cellId, checkCells, ofKinds, pushEntry, readLines } from './shared.js';

function validate(c: { cells: readonly number[] }, g: Parameters<KindDefinition['validate']>[1], strict: boolean): string | undefined {
  const bad = checkCells(g, c.cells, 2);
  if (bad) return bad;
  if (strict && c.cells.length > g.size) return `${c.cells.length} cells cannot strictly increase with digits 1-${g.size}`;
  return undefined;
}

export const thermo: KindDefinition<'thermo'> = {
  kind: 'thermo',
  label: 'thermometer',
  validate: (c, g) => validate(c, g, true),
  check(c, grid) {
    for (let i = 1; i < c.cells.length; i++) if (!(grid[c.cells[i - 1]!]! < grid[c.cells[i]!]!)) return false;
    return true;
  },
  compile(c, _g, b) {
    // Strictly increasing digits are all different: every cell of the line sees every other.
    b.distinct(c.cells);
    for (let i = 1; i < c.cells.length; i++) b.relation(c.cells[i - 1]!, c.cells[i]!, (x, y) => x < y);
  },
  cells: (c) => c.cells,
};

export const slowThermo: KindDefinition<'slow-thermo'> = {
  kind: 'slow-thermo',
  label: 'slow thermometer',
  validate: (c, g) => validate(c, g, false),
  check(c, grid) {
    for (let i = 1; i < c.cells.length; i++) if (!(grid[c.cells[i - 1]!]! <= grid[c.cells[i]!]!)) return false;
    return true;
  },
  compile(c, _g, b) {
    for (let i = 1; i < c.cells.length; i++) b.relation(c.cells[i - 1]!, c.cells[i]!, (x, y) => x <= y);
  },
  cells: (c) => c.cells,
};

/** f-puzzles `thermometer` (each line its own thermometer, bulb first); slow ones under `slowthermometer`, the same shape. */
export const thermoCodec: FpuzzlesCodec = {
  keys: ['thermometer', 'slowthermometer'],
  read(_json, reader) {
    return [
      ...readLines(reader, 'thermometer', 2).map(({ cells }) => ({ kind: 'thermo' as const, cells })),
      ...readLines(reader, 'slowthermometer', 2).map(({ cells }) => ({ kind: 'slow-thermo' as const, cells })),
    ];
  },
  write(constraints, json, g) {
    for (const c of ofKinds(constraints, 'thermo', 'slow-thermo')) {
      pushEntry(json, c.kind === 'thermo' ? 'thermometer' : 'slowthermometer', { lines: [c.cells.map((cell) => cellId(g, cell))] });
    }
  },
};
