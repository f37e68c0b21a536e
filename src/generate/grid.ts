/**
 * Random complete grids: the raw material of every generated puzzle.
 *
 * How: the fast core solves the empty board with a random digit order at each branch (a
 * randomised depth-first search, the way most generators start), and the grid it finds is then
 * pushed through a random member of the board's validity-preserving transformations: bands in any
 * order, rows in any order inside their band, stacks and the columns inside them likewise, the
 * digits renamed, and (when the boxes are square, so the shape survives) a transposition. The
 * search alone favours grids that resemble the search order (its first rows come out in a
 * recognisable pattern); the transformations spread that over the whole equivalence class, so no
 * visible pattern repeats. This is not an exactly uniform draw over all grids; it is the standard
 * practical one (tdoku, QQWing and most generators do the same or less).
 *
 * Everything comes from the `random` source passed in, so a seed fixes the grid on every machine.
 */
import type { Geometry } from '../geometry.js';
import { createPuzzle } from '../puzzle.js';
import { shuffle } from '../random.js';
import { solvePuzzle as solve } from '../variant/solvePuzzle.js';
import { bandRowOrder, permuteColumns, permuteRows, relabel, stackColumnOrder, transpose } from './transform.js';

/** 0 … k−1 in a random order. */
function randomOrder(k: number, random: () => number): number[] {
  return shuffle(
    Array.from({ length: k }, (_, i) => i),
    random,
  );
}

/** Apply a random validity-preserving transformation (same box shape) to a complete or partial grid. */
export function shuffleGrid(g: Geometry, grid: ArrayLike<number>, random: () => number): Uint8Array {
  const bands = g.size / g.boxRows;
  const stacks = g.size / g.boxCols;
  const rows = bandRowOrder(
    g,
    randomOrder(bands, random),
    Array.from({ length: bands }, () => randomOrder(g.boxRows, random)),
  );
  const cols = stackColumnOrder(
    g,
    randomOrder(stacks, random),
    Array.from({ length: stacks }, () => randomOrder(g.boxCols, random)),
  );
  let out = permuteColumns(g, permuteRows(g, grid, rows).grid, cols).grid;
  out = relabel(
    g,
    out,
    randomOrder(g.size, random).map((d) => d + 1),
  ).grid;
  if (g.boxRows === g.boxCols && random() < 0.5) out = transpose(g, out).grid;
  return out;
}

/**
 * A start for the search: random digits in the first `boxes` boxes on the diagonal (band k,
 * stack k). They share no row, column or box, so each can hold any permutation of the digits; one
 * box always extends to a grid (rename the digits of any grid), several do not always (on 4×4 about
 * half the time), so the caller falls back to one box when the search finds no grid.
 * Seeding spares the search much of its work (9×9: about 33 µs from an empty board, less from three boxes).
 */
function seedDiagonalBoxes(g: Geometry, boxes: number, random: () => number): Uint8Array {
  const grid = new Uint8Array(g.cellCount);
  for (let k = 0; k < boxes; k++) {
    const digits = randomOrder(g.size, random);
    const box = k * (g.size / g.boxCols) + k;
    g.units[2 * g.size + box]!.forEach((cell, i) => {
      grid[cell] = digits[i]! + 1;
    });
  }
  return grid;
}

/**
 * A random complete grid of a geometry. `timeLimitMs` bounds the search (only ever reached on
 * very large boards); returns undefined when it ran out.
 */
export function randomGrid(g: Geometry, random: () => number, timeLimitMs?: number): Uint8Array | undefined {
  const options = { random, limit: 1, ...(timeLimitMs === undefined ? {} : { timeLimitMs }) };
  const diagonal = g.size < 9 ? 1 : Math.min(g.size / g.boxRows, g.size / g.boxCols);
  let result = solve(createPuzzle(g, seedDiagonalBoxes(g, diagonal, random)), options);
  if (!result.solution && !result.timedOut && diagonal > 1) result = solve(createPuzzle(g, seedDiagonalBoxes(g, 1, random)), options);
  if (!result.solution) return undefined;
  return shuffleGrid(g, result.solution, random);
}
