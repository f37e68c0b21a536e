/** Anti-knight: two cells a chess knight's move apart never hold the same digit. */
import type { Geometry } from '../geometry.js';
import type { FpuzzlesCodec, KindDefinition } from './kind.js';

/** Every pair of cells (smaller first) whose offset is one of `moves` (row, column), each pair once. */
export function movePairs(g: Geometry, moves: ReadonlyArray<readonly [number, number]>): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  const n = g.size;
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      for (const [dr, dc] of moves) {
        const r2 = r + dr;
        const c2 = c + dc;
        if (r2 < 0 || c2 < 0 || r2 >= n || c2 >= n) continue;
        const a = r * n + c;
        const b = r2 * n + c2;
        if (a < b) out.push([a, b]);
      }
    }
  }
  return out;
}

const KNIGHT: ReadonlyArray<readonly [number, number]> = [
  [1, 2],
  [2, 1],
  [-1, 2],
  [-2, 1],
  [1, -2],
  [2, -1],
  [-1, -2],
  [-2, -1],
];

export const antiKnight: KindDefinition<'anti-knight'> = {
  kind: 'anti-knight',
  label: 'anti-knight',
  validate: () => undefined,
  check: (_c, grid, g) => movePairs(g, KNIGHT).every(([a, b]) => grid[a] !== grid[b]),
  compile(_c, g, b) {
    for (const [x, y] of movePairs(g, KNIGHT)) b.different(x, y);
  },
  cells: () => [],
};

export const antiKnightCodec: FpuzzlesCodec = {
  keys: ['antiknight'],
  read: (json) => (json.antiknight === true ? [{ kind: 'anti-knight' }] : []),
  write(constraints, json) {
    if (constraints.some((c) => c.kind === 'anti-knight')) json.antiknight = true;
  },
};
