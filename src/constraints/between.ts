/**
 * Between lines: the digits on the line lie strictly between the digits in the circles at its
 * two ends. The solver narrows by bounds for each of the two ways round (which end is lower).
 */
import type { Domains, Propagator } from '../variant/model.js';
import { high, low, rangeMask } from '../variant/digits.js';
import type { FpuzzlesCodec, KindDefinition } from './kind.js';
import { cellId, checkCells, ofKinds, pushEntry, readLines } from './shared.js';

class BetweenPropagator implements Propagator {
  readonly cells: readonly number[];

  constructor(cells: readonly number[]) {
    this.cells = cells;
  }

  propagate(d: Domains): boolean {
    const { cells } = this;
    const cands = d.cands;
    const a = cells[0]!;
    const z = cells[cells.length - 1]!;
    const ma = cands[a]!;
    const mz = cands[z]!;
    // The middle's smallest possible maximum and largest possible minimum.
    let lowestTop = 99;
    let highestBottom = 0;
    for (let i = 1; i < cells.length - 1; i++) {
      const m = cands[cells[i]!]!;
      if (high(m) < lowestTop) lowestTop = high(m);
      if (low(m) > highestBottom) highestBottom = low(m);
    }
    let keepA = 0;
    let keepZ = 0;
    let keepMiddle = 0;
    // lo is the end below the middle, hi the one above.
    for (const [lo, hi, isA] of [
      [ma, mz, true],
      [mz, ma, false],
    ] as const) {
      const loMask = lo & rangeMask(1, lowestTop - 1);
      const hiMask = hi & rangeMask(highestBottom + 1, 31);
      if (loMask === 0 || hiMask === 0) continue;
      const middle = rangeMask(low(loMask) + 1, high(hiMask) - 1);
      if (cells.length > 2 && middle === 0) continue;
      keepMiddle |= middle;
      if (isA) {
        keepA |= loMask;
        keepZ |= hiMask;
      } else {
        keepA |= hiMask;
        keepZ |= loMask;
      }
    }
    if (!d.narrow(a, keepA) || !d.narrow(z, keepZ)) return false;
    for (let i = 1; i < cells.length - 1; i++) if (!d.narrow(cells[i]!, keepMiddle)) return false;
    return true;
  }
}

export const between: KindDefinition<'between'> = {
  kind: 'between',
  label: 'between line',
  validate: (c, g) => checkCells(g, c.cells, 3),
  check(c, grid) {
    const a = grid[c.cells[0]!]!;
    const z = grid[c.cells[c.cells.length - 1]!]!;
    const lo = Math.min(a, z);
    const hi = Math.max(a, z);
    for (let i = 1; i < c.cells.length - 1; i++) {
      const d = grid[c.cells[i]!]!;
      if (!(d > lo && d < hi)) return false;
    }
    return true;
  },
  compile(c, _g, b) {
    b.propagator(new BetweenPropagator(c.cells));
  },
  cells: (c) => c.cells,
};

export const betweenCodec: FpuzzlesCodec = {
  keys: ['betweenline'],
  read: (_json, reader) => readLines(reader, 'betweenline', 3).map(({ cells }) => ({ kind: 'between', cells })),
  write(constraints, json, g) {
    for (const c of ofKinds(constraints, 'between')) pushEntry(json, 'betweenline', { lines: [c.cells.map((cell) => cellId(g, cell))] });
  },
};
