/**
 * Kropki dots between two cells: white, the digits are consecutive; black, one is twice the
 * other. With the negative rule (f-puzzles `negative: ["ratio"]`) every edge without a black dot
 * is not in a 1:2 ratio. Each is a relation between the two cells for the solver.
 */
import type { Geometry } from '../geometry.js';
import type { FpuzzlesCodec, KindDefinition } from './kind.js';
import { cellId, checkCells, orthogonal, orthogonalPairs, pairKey, pushEntry } from './shared.js';
import type { Constraint, ConstraintOf } from './types.js';

export const consecutive = (x: number, y: number): boolean => Math.abs(x - y) === 1;
export const double = (x: number, y: number): boolean => x === 2 * y || y === 2 * x;

function validatePair(cells: readonly number[], g: Geometry): string | undefined {
  const bad = checkCells(g, cells, 2);
  if (bad) return bad;
  if (cells.length !== 2 || !orthogonal(g, cells[0]!, cells[1]!)) return 'a dot joins two cells that touch along an edge';
  return undefined;
}

export const whiteDot: KindDefinition<'white-dot'> = {
  kind: 'white-dot',
  label: 'white kropki dot',
  validate: (c, g) => validatePair(c.cells, g),
  check: (c, grid) => consecutive(grid[c.cells[0]]!, grid[c.cells[1]]!),
  compile: (c, _g, b) => b.relation(c.cells[0], c.cells[1], consecutive),
  cells: (c) => c.cells,
};

export const blackDot: KindDefinition<'black-dot'> = {
  kind: 'black-dot',
  label: 'black kropki dot',
  validate: (c, g) => validatePair(c.cells, g),
  check: (c, grid) => double(grid[c.cells[0]]!, grid[c.cells[1]]!),
  compile: (c, _g, b) => b.relation(c.cells[0], c.cells[1], double),
  cells: (c) => c.cells,
};

/** The edges that carry a dot of the given kinds. */
export function dottedEdges(all: readonly Constraint[], kinds: readonly Constraint['kind'][]): Set<number> {
  const out = new Set<number>();
  for (const c of all) if (kinds.includes(c.kind) && 'cells' in c) out.add(pairKey(c.cells[0]!, c.cells[1]!));
  return out;
}

export const negativeBlack: KindDefinition<'negative-black'> = {
  kind: 'negative-black',
  label: 'negative black dots (every 1:2 pair is marked)',
  validate: () => undefined,
  check(_c, grid, g, all) {
    const dotted = dottedEdges(all, ['black-dot']);
    return orthogonalPairs(g).every(([a, b]) => dotted.has(pairKey(a, b)) || !double(grid[a]!, grid[b]!));
  },
  compile(_c, g, b, all) {
    const dotted = dottedEdges(all, ['black-dot']);
    for (const [x, y] of orthogonalPairs(g)) if (!dotted.has(pairKey(x, y))) b.relation(x, y, (p, q) => !double(p, q));
  },
  cells: () => [],
};

export const kropkiCodec: FpuzzlesCodec = {
  keys: ['difference', 'ratio', 'negative:ratio'],
  read(json, reader) {
    const out: Constraint[] = [];
    for (const [key, kind, plain] of [
      ['difference', 'white-dot', 1],
      ['ratio', 'black-dot', 2],
    ] as const) {
      reader.entries(key).forEach((entry, i) => {
        const where = `${key} ${i + 1}`;
        const cells = reader.cells(entry.cells, where);
        if (cells.length !== 2) reader.fail(`${where}: a dot joins 2 cells, got ${cells.length}`);
        const value = entry.value;
        if (value !== undefined && value !== null && String(value).trim() !== '' && reader.integer(value, `${where} value`) !== plain) {
          reader.fail(`unsupported: '${key}' with value ${String(value)} (${where}); only ${key === 'difference' ? 'difference 1 (white)' : 'ratio 2 (black)'} dots are supported`);
        }
        out.push({ kind, cells: [cells[0]!, cells[1]!] });
      });
    }
    if (Array.isArray(json.negative) && json.negative.includes('ratio')) out.push({ kind: 'negative-black' });
    return out;
  },
  write(constraints, json, g) {
    for (const c of constraints) {
      if (c.kind === 'negative-black') {
        const list = (json.negative as string[] | undefined) ?? [];
        if (!list.includes('ratio')) list.push('ratio');
        json.negative = list;
      } else if (c.kind === 'white-dot' || c.kind === 'black-dot') {
        pushEntry(json, c.kind === 'white-dot' ? 'difference' : 'ratio', { cells: c.cells.map((cell) => cellId(g, cell)) });
      }
    }
  },
};

export type { ConstraintOf };
