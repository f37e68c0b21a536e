/**
 * Non-consecutive: digits in cells that touch along an edge are never consecutive, except across
 * a kropki dot (read as in f-puzzles and dclamage's SudokuSolver: a dot of either colour lifts the
 * rule on its edge; a white dot then asks for consecutive digits itself).
 */
import type { FpuzzlesCodec, KindDefinition } from './kind.js';
import { consecutive, dottedEdges } from './kropki.js';
import { orthogonalPairs, pairKey } from './shared.js';

export const nonConsecutive: KindDefinition<'non-consecutive'> = {
  kind: 'non-consecutive',
  label: 'non-consecutive',
  validate: () => undefined,
  check(_c, grid, g, all) {
    const dotted = dottedEdges(all, ['white-dot', 'black-dot']);
    return orthogonalPairs(g).every(([a, b]) => dotted.has(pairKey(a, b)) || Math.abs(grid[a]! - grid[b]!) !== 1);
  },
  compile(_c, g, b, all) {
    const dotted = dottedEdges(all, ['white-dot', 'black-dot']);
    for (const [x, y] of orthogonalPairs(g)) if (!dotted.has(pairKey(x, y))) b.relation(x, y, (p, q) => !consecutive(p, q));
  },
  cells: () => [],
};

export const nonConsecutiveCodec: FpuzzlesCodec = {
  keys: ['nonconsecutive'],
  read: (json) => (json.nonconsecutive === true ? [{ kind: 'non-consecutive' }] : []),
  write(constraints, json) {
    if (constraints.some((c) => c.kind === 'non-consecutive')) json.nonconsecutive = true;
  },
};
