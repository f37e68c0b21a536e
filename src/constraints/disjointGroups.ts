/**
 * Disjoint groups: cells in the same position of their boxes (every box's top-left cell, …) hold
 * different digits. Boxes must be rectangles, so a jigsaw board has none.
 */
import type { Geometry } from '../geometry.js';
import type { FpuzzlesCodec, KindDefinition } from './kind.js';

/** The `size` groups, each the cells at one position within the boxes. */
export function disjointGroupCells(g: Geometry): number[][] {
  const groups: number[][] = Array.from({ length: g.size }, () => []);
  for (let cell = 0; cell < g.cellCount; cell++) {
    const r = Math.floor(cell / g.size) % g.boxRows;
    const c = (cell % g.size) % g.boxCols;
    groups[r * g.boxCols + c]!.push(cell);
  }
  return groups;
}

export const disjointGroups: KindDefinition<'disjoint-groups'> = {
  kind: 'disjoint-groups',
  label: 'disjoint groups',
  validate: (_c, g) => (g.jigsaw ? 'a jigsaw board has no box positions to group' : undefined),
  check: (_c, grid, g) => disjointGroupCells(g).every((cells) => new Set(cells.map((cell) => grid[cell])).size === cells.length),
  compile(_c, g, b) {
    for (const cells of disjointGroupCells(g)) b.distinct(cells);
  },
  cells: () => [],
};

export const disjointGroupsCodec: FpuzzlesCodec = {
  keys: ['disjointgroups'],
  read: (json) => (json.disjointgroups === true ? [{ kind: 'disjoint-groups' }] : []),
  write(constraints, json) {
    if (constraints.some((c) => c.kind === 'disjoint-groups')) json.disjointgroups = true;
  },
};
