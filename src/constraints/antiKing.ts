/** Anti-king: two cells that touch, diagonally included, never hold the same digit. */
import { movePairs } from './antiKnight.js';
import type { FpuzzlesCodec, KindDefinition } from './kind.js';

const KING: ReadonlyArray<readonly [number, number]> = [
  [1, 1],
  [1, -1],
  [-1, 1],
  [-1, -1],
  [0, 1],
  [1, 0],
  [0, -1],
  [-1, 0],
];

export const antiKing: KindDefinition<'anti-king'> = {
  kind: 'anti-king',
  label: 'anti-king',
  validate: () => undefined,
  check: (_c, grid, g) => movePairs(g, KING).every(([a, b]) => grid[a] !== grid[b]),
  compile(_c, g, b) {
    for (const [x, y] of movePairs(g, KING)) b.different(x, y);
  },
  cells: () => [],
};

export const antiKingCodec: FpuzzlesCodec = {
  keys: ['antiking'],
  read: (json) => (json.antiking === true ? [{ kind: 'anti-king' }] : []),
  write(constraints, json) {
    if (constraints.some((c) => c.kind === 'anti-king')) json.antiking = true;
  },
};
