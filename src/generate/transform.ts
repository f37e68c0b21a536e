/**
 * Symmetry transforms: maps of a grid that keep it a valid Sudoku (and keep a puzzle's number of
 * solutions). Used to test engines against each other and, later, to vary generated grids.
 *
 * Transposing or rotating swaps the box shape (a board of 2x3 boxes becomes one of 3x2 boxes),
 * so each transform returns the geometry of its result with the grid.
 */
import { SudokitError } from '../errors.js';
import { geometry as geometryOf, type Geometry, isGeometry } from '../geometry.js';
import { boardOf, type Puzzle } from '../puzzle.js';

/**
 * Refuse what is not a geometry and a grid of its cells, naming the call that would work. (For
 * transpose and rotate, which take a puzzle too, `boardOf` has refused a wrong board already.)
 */
function checkGrid(name: string, g: unknown, grid: unknown): asserts g is Geometry {
  if (!isGeometry(g)) throw new SudokitError('geometry', `${name} takes a geometry and a grid; for a puzzle, ${name}(puzzle.geometry, puzzle.givens, …)`);
  const cells = (grid as ArrayLike<number> | null | undefined)?.length;
  if (cells !== g.cellCount) throw new SudokitError('length', `${name}: expected a grid of ${g.cellCount} cells for a ${g.size}x${g.size} board, got ${cells === undefined ? typeof grid : cells}`);
}

export interface Transformed {
  readonly geometry: Geometry;
  readonly grid: Uint8Array;
}

/** Move cell (r, c) to (c, r). */
export function transpose(puzzle: Puzzle, grid?: ArrayLike<number>): Transformed;
export function transpose(geometry: Geometry, grid: ArrayLike<number>): Transformed;
export function transpose(board: Geometry | Puzzle, ...rest: [grid?: ArrayLike<number>]): Transformed {
  const { geometry: g, grid } = boardOf('transpose', board, rest);
  checkGrid('transpose', g, grid);
  const out = new Uint8Array(g.cellCount);
  for (let cell = 0; cell < g.cellCount; cell++) out[g.colOf[cell]! * g.size + g.rowOf[cell]!] = grid[cell]!;
  return { geometry: geometryOf(g.boxCols, g.boxRows), grid: out };
}

/** Turn the board a quarter clockwise: cell (r, c) goes to (c, n−1−r). */
export function rotate(puzzle: Puzzle, grid?: ArrayLike<number>): Transformed;
export function rotate(geometry: Geometry, grid: ArrayLike<number>): Transformed;
export function rotate(board: Geometry | Puzzle, ...rest: [grid?: ArrayLike<number>]): Transformed {
  const { geometry: g, grid } = boardOf('rotate', board, rest);
  checkGrid('rotate', g, grid);
  const out = new Uint8Array(g.cellCount);
  for (let cell = 0; cell < g.cellCount; cell++) out[g.colOf[cell]! * g.size + (g.size - 1 - g.rowOf[cell]!)] = grid[cell]!;
  return { geometry: geometryOf(g.boxCols, g.boxRows), grid: out };
}

/** Rename digits: digit d becomes `mapping[d - 1]` (a permutation of 1 … n); empty stays empty. */
export function relabel(g: Geometry, grid: ArrayLike<number>, mapping: readonly number[]): Transformed {
  checkGrid('relabel', g, grid);
  const out = new Uint8Array(g.cellCount);
  for (let cell = 0; cell < g.cellCount; cell++) out[cell] = grid[cell]! === 0 ? 0 : mapping[grid[cell]! - 1]!;
  return { geometry: g, grid: out };
}

/** Reorder the rows: row r of the result is row `rowOrder[r]` of the grid. Valid when bands stay whole. */
export function permuteRows(g: Geometry, grid: ArrayLike<number>, rowOrder: readonly number[]): Transformed {
  checkGrid('permuteRows', g, grid);
  const out = new Uint8Array(g.cellCount);
  for (let r = 0; r < g.size; r++) for (let c = 0; c < g.size; c++) out[r * g.size + c] = grid[rowOrder[r]! * g.size + c]!;
  return { geometry: g, grid: out };
}

/**
 * A row order that keeps Sudoku valid: bands (groups of boxRows rows) in `bandOrder`, and the
 * rows inside band b in `rowOrders[b]` (default: unchanged).
 */
export function bandRowOrder(g: Geometry, bandOrder: readonly number[], rowOrders: readonly (readonly number[])[] = []): number[] {
  return groupedOrder(g.boxRows, bandOrder, rowOrders);
}

/** Lines in groups of `width`: the groups in `groupOrder`, the lines inside group k in `insideOrders[k]`. */
function groupedOrder(width: number, groupOrder: readonly number[], insideOrders: readonly (readonly number[])[]): number[] {
  const order: number[] = [];
  for (const group of groupOrder) {
    const inside = insideOrders[group] ?? Array.from({ length: width }, (_, i) => i);
    for (const line of inside) order.push(group * width + line);
  }
  return order;
}

/** Is this row order one that keeps every Sudoku valid (whole bands moved, rows moved within bands)? */
export function isValidRowOrder(g: Geometry, rowOrder: readonly number[]): boolean {
  if (rowOrder.length !== g.size || new Set(rowOrder).size !== g.size) return false;
  for (let band = 0; band < g.size / g.boxRows; band++) {
    const source = Math.floor(rowOrder[band * g.boxRows]! / g.boxRows);
    for (let i = 0; i < g.boxRows; i++) if (Math.floor(rowOrder[band * g.boxRows + i]! / g.boxRows) !== source) return false;
  }
  return true;
}

/** Reorder the columns: column c of the result is column `colOrder[c]` of the grid. Valid when stacks stay whole. */
export function permuteColumns(g: Geometry, grid: ArrayLike<number>, colOrder: readonly number[]): Transformed {
  checkGrid('permuteColumns', g, grid);
  const out = new Uint8Array(g.cellCount);
  for (let r = 0; r < g.size; r++) for (let c = 0; c < g.size; c++) out[r * g.size + c] = grid[r * g.size + colOrder[c]!]!;
  return { geometry: g, grid: out };
}

/**
 * A column order that keeps Sudoku valid: stacks (groups of boxCols columns) in `stackOrder`, and
 * the columns inside stack s in `colOrders[s]` (default: unchanged). The column twin of `bandRowOrder`.
 */
export function stackColumnOrder(g: Geometry, stackOrder: readonly number[], colOrders: readonly (readonly number[])[] = []): number[] {
  return groupedOrder(g.boxCols, stackOrder, colOrders);
}
