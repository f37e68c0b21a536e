/**
 * Diagonals (Sudoku X): a main diagonal holds each digit once. `positive` runs from the bottom
 * left to the top right (f-puzzles `diagonal+`), `negative` from the top left (`diagonal-`).
 */
import type { Geometry } from '../geometry.js';
import type { FpuzzlesCodec, KindDefinition } from './kind.js';
import type { ConstraintOf } from './types.js';

export function diagonalCells(g: Geometry, direction: 'positive' | 'negative'): number[] {
  const n = g.size;
  return Array.from({ length: n }, (_, i) => (direction === 'negative' ? i * n + i : i * n + (n - 1 - i)));
}

export const diagonal: KindDefinition<'diagonal'> = {
  kind: 'diagonal',
  label: 'diagonal',
  validate: (c) => (c.direction === 'positive' || c.direction === 'negative' ? undefined : `direction ${String(c.direction)} is neither positive nor negative`),
  check: (c, grid, g) => new Set(diagonalCells(g, c.direction).map((cell) => grid[cell])).size === g.size,
  compile: (c, g, b) => b.distinct(diagonalCells(g, c.direction)),
  cells: (c, g) => diagonalCells(g, c.direction),
};

export const diagonalCodec: FpuzzlesCodec = {
  keys: ['diagonal+', 'diagonal-'],
  read(json) {
    const out: ConstraintOf<'diagonal'>[] = [];
    if (json['diagonal+'] === true) out.push({ kind: 'diagonal', direction: 'positive' });
    if (json['diagonal-'] === true) out.push({ kind: 'diagonal', direction: 'negative' });
    return out;
  },
  write(constraints, json) {
    for (const c of constraints) if (c.kind === 'diagonal') json[c.direction === 'positive' ? 'diagonal+' : 'diagonal-'] = true;
  },
};
