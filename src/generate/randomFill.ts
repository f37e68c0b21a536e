/**
 * Random fill: the experiment of Norvig's essay ("Solving Every Sudoku Puzzle", random_puzzle),
 * which filled random cells with random digits and found that most such puzzles have no solution
 * or many. Useful to stress solvers with impossible and ill-formed inputs.
 *
 * Each puzzle: visit the cells in a random order and give each of the first `fill` a random digit
 * that none of its peers already holds (so the puzzle never contradicts itself on its face; when a
 * cell has no such digit left the draw starts again). The fast core then counts its solutions to 2.
 * Unlike the essay we do not propagate constraints while filling, so the puzzles are the plain
 * "N random non-conflicting givens" kind; a classification is exact unless a time limit cut it short.
 */
import type { Geometry } from '../geometry.js';
import { shuffle } from '../random.js';
import { countTo2 } from './remove.js';

export const FILL_CLASSES = ['none', 'one', 'many', 'unknown'] as const;
/** none: no solution; one: exactly one; many: two or more; unknown: the time limit stopped the count. */
export type FillClass = (typeof FILL_CLASSES)[number];

/** Draws before randomFillGrid gives up (only dense fills, near a complete grid, need many). */
export const MAX_FILL_DRAWS = 1000;

/** A grid with `fill` random givens, no two of them clashing; undefined after MAX_FILL_DRAWS failed draws. */
export function randomFillGrid(g: Geometry, fill: number, random: () => number): Uint8Array | undefined {
  const cells = Array.from({ length: g.cellCount }, (_, i) => i);
  const grid = new Uint8Array(g.cellCount);
  const options: number[] = [];
  const used = new Uint8Array(g.size + 1);
  for (let draw = 0; draw < MAX_FILL_DRAWS; draw++) {
    shuffle(cells, random);
    grid.fill(0);
    let placed = 0;
    for (const cell of cells) {
      if (placed === fill) return grid;
      options.length = 0;
      used.fill(0);
      for (const peer of g.peers[cell]!) used[grid[peer]!] = 1;
      for (let d = 1; d <= g.size; d++) if (used[d] === 0) options.push(d);
      if (options.length === 0) break;
      grid[cell] = options[Math.floor(random() * options.length)]!;
      placed++;
    }
    if (placed === fill) return grid;
  }
  return undefined;
}

/** How many solutions a grid has: none, one or many (or unknown when the deadline came first). */
export function classifyFill(g: Geometry, grid: Uint8Array, deadline = Number.POSITIVE_INFINITY): FillClass {
  const { count, timedOut } = countTo2(g, grid, deadline);
  if (count >= 2) return 'many';
  if (timedOut) return 'unknown';
  return count === 1 ? 'one' : 'none';
}
