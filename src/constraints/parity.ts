/** Odd and even cells (f-puzzles `odd` circles and `even` squares): the cell's digit is odd, or even. */
import type { FpuzzlesCodec, KindDefinition } from './kind.js';
import { cellId, checkCells, pushEntry } from './shared.js';
import type { Constraint } from './types.js';

/** The odd (parity 1) or even (parity 0) digits of a board as a mask. */
function parityMask(size: number, parity: 0 | 1): number {
  let mask = 0;
  for (let d = 1; d <= size; d++) if (d % 2 === parity) mask |= 1 << (d - 1);
  return mask;
}

export const odd: KindDefinition<'odd'> = {
  kind: 'odd',
  label: 'odd cell',
  validate: (c, g) => checkCells(g, [c.cell]),
  check: (c, grid) => grid[c.cell]! % 2 === 1,
  compile: (c, g, b) => b.restrict(c.cell, parityMask(g.size, 1)),
  cells: (c) => [c.cell],
};

export const even: KindDefinition<'even'> = {
  kind: 'even',
  label: 'even cell',
  validate: (c, g) => checkCells(g, [c.cell]),
  check: (c, grid) => grid[c.cell]! % 2 === 0,
  compile: (c, g, b) => b.restrict(c.cell, parityMask(g.size, 0)),
  cells: (c) => [c.cell],
};

export const parityCodec: FpuzzlesCodec = {
  keys: ['odd', 'even'],
  read(_json, reader) {
    const out: Constraint[] = [];
    for (const kind of ['odd', 'even'] as const) {
      for (const [i, entry] of reader.entries(kind).entries()) out.push({ kind, cell: reader.cell(entry.cell, `${kind} ${i + 1}`) });
    }
    return out;
  },
  write(constraints, json, g) {
    for (const c of constraints) if (c.kind === 'odd' || c.kind === 'even') pushEntry(json, c.kind, { cell: cellId(g, c.cell) });
  },
};
