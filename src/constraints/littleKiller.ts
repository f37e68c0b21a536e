/**
 * Little killers: a clue outside the grid gives the sum of the digits on the diagonal it points
 * along; digits may repeat. The solver narrows the sum by bounds.
 */
import { describeValue } from '../errors.js';
import type { Geometry } from '../geometry.js';
import type { FpuzzlesCodec, KindDefinition } from './kind.js';
import { cellId, checkCells, ofKinds, pushEntry } from './shared.js';
import type { ConstraintOf, DiagonalDirection } from './types.js';

const STEP: Record<DiagonalDirection, [number, number]> = { UL: [-1, -1], UR: [-1, 1], DL: [1, -1], DR: [1, 1] };

/** The cells on the diagonal from the outside clue cell (row, column from 0; −1 or size when outside) in `direction`. */
export function diagonalFrom(g: Geometry, row: number, col: number, direction: DiagonalDirection): number[] {
  const [dr, dc] = STEP[direction];
  const cells: number[] = [];
  for (let r = row + dr, c = col + dc; r >= 0 && c >= 0 && r < g.size && c < g.size; r += dr, c += dc) cells.push(r * g.size + c);
  return cells;
}

/** Parse an f-puzzles clue cell `R0C6` (1-based, 0 and size+1 outside) into 0-based row and column, or undefined. */
function clueCell(text: string): [number, number] | undefined {
  const m = /^R(\d+)C(\d+)$/i.exec(text);
  return m ? [Number(m[1]) - 1, Number(m[2]) - 1] : undefined;
}

export const littleKiller: KindDefinition<'little-killer'> = {
  kind: 'little-killer',
  label: 'little killer',
  validate(c, g) {
    const bad = checkCells(g, c.cells);
    if (bad) return bad;
    if (!Object.hasOwn(STEP, c.direction)) return `its direction ${JSON.stringify(c.direction)} is not one of UL, UR, DL, DR`;
    if (!Number.isInteger(c.sum)) return `its sum ${describeValue(c.sum)} is not a whole number`;
    if (c.sum < c.cells.length || c.sum > c.cells.length * g.size) return `${c.cells.length} digits 1-${g.size} cannot add up to ${c.sum}`;
    return undefined;
  },
  check(c, grid) {
    let total = 0;
    for (const cell of c.cells) total += grid[cell]!;
    return total === c.sum;
  },
  compile(c, _g, b) {
    b.sum(c.cells, c.sum);
  },
  cells: (c) => c.cells,
};

export const littleKillerCodec: FpuzzlesCodec = {
  keys: ['littlekillersum'],
  read(_json, reader) {
    const out: ConstraintOf<'little-killer'>[] = [];
    for (const [i, entry] of reader.entries('littlekillersum').entries()) {
      const where = `littlekillersum ${i + 1}`;
      const value = entry.value;
      // An arrow drawn without a number is only decoration.
      if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) continue;
      const direction = String(entry.direction ?? '').toUpperCase();
      if (!(direction in STEP)) reader.fail(`${where}: direction ${JSON.stringify(entry.direction)} is not one of UL, UR, DL, DR`);
      const clue = typeof entry.cell === 'string' ? clueCell(entry.cell) : undefined;
      if (!clue) return reader.fail(`${where}: expected "cell", the clue's position such as R0C6, got ${JSON.stringify(entry.cell)}`);
      const size = reader.geometry.size;
      if (clue.every((x) => x >= 0 && x < size)) reader.fail(`${where}: ${entry.cell} is inside the grid; a little killer's clue sits outside it (row or column 0 or ${size + 1})`);
      const cells = diagonalFrom(reader.geometry, clue[0], clue[1], direction as DiagonalDirection);
      if (cells.length === 0) reader.fail(`${where}: from ${entry.cell} towards ${direction} no cell of the grid lies on the diagonal`);
      out.push({ kind: 'little-killer', clue: String(entry.cell).toUpperCase(), direction: direction as DiagonalDirection, cells, sum: reader.integer(value, `${where} sum`) });
    }
    return out;
  },
  write(constraints, json, g) {
    for (const c of ofKinds(constraints, 'little-killer')) {
      pushEntry(json, 'littlekillersum', { cell: c.clue, cells: c.cells.map((cell) => cellId(g, cell)), direction: c.direction, value: String(c.sum) });
    }
  },
};
