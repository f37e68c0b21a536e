/**
 * Puzzle: a geometry and its givens. Grids are `Uint8Array`s of `cellCount` digits, 0 for an
 * empty cell and 1 … size for a digit, so a puzzle, a partial grid and a solution share one shape.
 *
 * Parsing (src/format) is the main door in: it guarantees the digits are in range and that no
 * two givens clash, so engines can trust a `Puzzle`. A puzzle object built by hand comes in by
 * the other door, the library's entry points (`solve`, `explain`, `gradePuzzle`,
 * `generatePuzzle`), which check it once with `assertPuzzle` and refuse it with the parser's
 * codes. The other checks here are for grids from elsewhere.
 */
import { cellName, describeUnit, type Geometry, isGeometry } from './geometry.js';
import { describeValue, SudokitError } from './errors.js';
import { variantSupport } from './variant/support.js';

/** Why a text or an object is not a puzzle: the codes of parse errors and of `PuzzleError`. */
export const PUZZLE_ERROR_CODES = ['length', 'character', 'duplicate-given', 'geometry'] as const;
export type PuzzleErrorCode = (typeof PUZZLE_ERROR_CODES)[number];

/** A puzzle object the library refuses (thrown by its entry points): `code` says why, as the parser would. */
export class PuzzleError extends SudokitError {
  declare readonly code: PuzzleErrorCode;
  constructor(code: PuzzleErrorCode, message: string) {
    super(code, message);
    this.name = 'PuzzleError';
  }
}

/**
 * Why `value` is not a valid puzzle (a geometry of the library, one given per cell, each 0 or a
 * digit of the board, no two clashing), or undefined when it is one.
 */
export function checkPuzzle(value: unknown): { readonly code: PuzzleErrorCode; readonly message: string } | undefined {
  if (typeof value !== 'object' || value === null) return { code: 'geometry', message: `Invalid puzzle: expected a puzzle object { geometry, givens }, got ${value === null ? 'null' : typeof value}` };
  const { geometry, givens } = value as Partial<Puzzle>;
  const shape = checkGivens(geometry, givens);
  if (shape) return shape;
  const [g, grid] = [geometry as Geometry, givens as ArrayLike<number>];
  if (!hasConflicts(g, grid)) return undefined;
  return { code: 'duplicate-given', message: `Invalid puzzle: ${describeConflict(g, findConflicts(g, grid)[0]!)}` };
}

/** Why a geometry and givens cannot make a puzzle (not the library's geometry, a wrong count, a digit out of range), clashes aside. */
function checkGivens(g: unknown, givens: unknown): { readonly code: PuzzleErrorCode; readonly message: string } | undefined {
  if (!isGeometry(g)) return { code: 'geometry', message: "Invalid puzzle: its geometry is not one of the library's (make one with geometry(boxRows, boxCols))" };
  if (typeof givens !== 'object' || givens === null || typeof (givens as ArrayLike<number>).length !== 'number') return { code: 'length', message: 'Invalid puzzle: givens must be an array of cells' };
  const cells = givens as ArrayLike<unknown>;
  if (cells.length !== g.cellCount) return { code: 'length', message: `Invalid puzzle: expected ${g.cellCount} givens for a ${g.size}x${g.size} board, got ${cells.length}` };
  // A Uint8Array (what the parser makes) holds whole numbers from 0 up: only the top needs a look.
  const typed = givens instanceof Uint8Array;
  for (let cell = 0; cell < cells.length; cell++) {
    const d = cells[cell];
    if (typed ? (d as number) > g.size : !(typeof d === 'number' && Number.isInteger(d) && d >= 0 && d <= g.size)) {
      return { code: 'character', message: `Invalid puzzle: the given at ${cellName(g, cell)} is ${String(d)}; expected 0 (empty) or a digit 1-${g.size}` };
    }
  }
  return undefined;
}

/** Throw a `PuzzleError` naming what is wrong when `value` is not a valid puzzle (see checkPuzzle). */
export function assertPuzzle(value: unknown): asserts value is Puzzle {
  const problem = checkPuzzle(value);
  if (problem) throw new PuzzleError(problem.code, problem.message);
}

/**
 * Check the first argument of a `(puzzle, grid)` function: a puzzle (a `PuzzleError` otherwise),
 * and a grid second, with a message that says so when the two came the other way round.
 */
export function assertPuzzleFirst(fn: string, puzzle: unknown, grid: unknown): asserts puzzle is Puzzle {
  const looksLikeGrid = (v: unknown) => typeof v === 'object' && v !== null && typeof (v as ArrayLike<number>).length === 'number';
  if (looksLikeGrid(puzzle) && typeof grid === 'object' && grid !== null && 'geometry' in grid) {
    throw new SudokitError('options', `${fn}(puzzle, grid): the puzzle comes first, then the grid`);
  }
  assertPuzzle(puzzle);
  if (!looksLikeGrid(grid)) throw new SudokitError('options', `${fn}(puzzle, grid): the grid must be an array of cells, got ${grid === null ? 'null' : typeof grid}`);
}

export interface Puzzle {
  readonly geometry: Geometry;
  /** One entry per cell: 0 for empty, otherwise the given digit (1 … size). */
  readonly givens: Uint8Array;
}

/** A clash: one digit standing more than once in one unit. */
export interface Conflict {
  /** Index into `geometry.units`. */
  readonly unit: number;
  readonly kind: 'row' | 'column' | 'box';
  /** 1-based number of the row, column or box. */
  readonly number: number;
  readonly digit: number;
  /** The cells in that unit holding that digit (two or more). */
  readonly cells: readonly number[];
}

/**
 * Make a puzzle from a geometry and a grid of givens (copied). Refuses with a `PuzzleError` a geometry
 * not made by the library, a wrong number of cells or a digit out of range; does not check for clashes.
 */
export function createPuzzle(geometry: Geometry, givens: ArrayLike<number>): Puzzle {
  // Clashing givens make a puzzle still (one being typed in has them); the entry points refuse it.
  const problem = checkGivens(geometry, givens);
  if (problem) throw new PuzzleError(problem.code, problem.message);
  return { geometry, givens: Uint8Array.from(givens) };
}

/**
 * The board a `(board, grid)` function was handed: a geometry with a grid of its cells, or a
 * puzzle, whose givens are the grid when no grid follows it. So `makeLine(puzzle)` writes the
 * givens and `makeLine(puzzle, result.solution)` the solution, as `makeLine(geometry, grid)`
 * does. `rest` is the call's arguments after the board: a grid that is passed but undefined (the
 * solution of a search that found none) is refused, not taken for the givens.
 */
export function boardOf(fn: string, board: Geometry | Puzzle, rest: readonly unknown[]): { readonly geometry: Geometry; readonly grid: ArrayLike<number>; readonly options: unknown } {
  const first = rest[0];
  // A puzzle followed by its options (renderGridSvg(puzzle, { cellSize })): the givens are the grid.
  if (typeof first === 'object' && first !== null && typeof (first as { length?: unknown }).length !== 'number' && !isGeometry(board) && rest.length <= 2) {
    if (rest.length === 2) throw new SudokitError('options', `${fn}: the grid must be an array of cells, got an object`);
    return { ...boardOf(fn, board, []), options: first };
  }
  const grid = first as ArrayLike<number> | null | undefined;
  if (rest.length > 0 && (grid === undefined || grid === null))
    throw new SudokitError('options', `${fn}: the grid passed is ${String(grid)} (a search that found no solution has none); pass the puzzle alone to use its givens`);
  if (grid !== undefined && grid !== null && (typeof grid !== 'object' || typeof grid.length !== 'number'))
    throw new SudokitError('options', `${fn}: the grid must be an array of cells, got ${describeValue(grid)}`);
  const options = rest[1];
  if (isGeometry(board)) {
    if (grid === undefined || grid === null) throw new SudokitError('options', `${fn}: a geometry needs a grid (or pass a puzzle, whose givens are the grid)`);
    return { geometry: board, grid, options };
  }
  const held = board as Partial<Puzzle> | null;
  if (typeof held === 'object' && held !== null && isGeometry(held.geometry)) {
    const cells = grid ?? held.givens;
    if (cells === undefined || cells === null) throw new SudokitError('options', `${fn}: the puzzle has no givens`);
    return { geometry: held.geometry, grid: cells, options };
  }
  throw new SudokitError(
    'geometry',
    `${fn}: the board (${held === null ? 'null' : typeof held}) is not one of the library's geometries, nor a puzzle on one (make a geometry with geometry(boxRows, boxCols))`,
  );
}

/** Number of givens of a puzzle, or of the filled cells of a grid. */
export function countGivens(grid: ArrayLike<number> | Puzzle): number {
  if (typeof grid === 'object' && grid !== null && 'givens' in grid) return countGivens(grid.givens);
  if (typeof grid !== 'object' || grid === null || typeof grid.length !== 'number') {
    throw new SudokitError('options', `countGivens(grid): expected a puzzle or an array of cells, got ${grid === null ? 'null' : typeof grid}`);
  }
  let n = 0;
  for (let i = 0; i < grid.length; i++) if (grid[i] !== 0) n++;
  return n;
}

const stampsOf = new WeakMap<Geometry, { marks: Int32Array; generation: number }>();

/** True when some digit stands twice in a unit of a (partial) grid. Cheap: no allocation after the first call per geometry. */
export function hasConflicts(puzzle: Puzzle, grid?: ArrayLike<number>): boolean;
export function hasConflicts(geometry: Geometry, grid: ArrayLike<number>): boolean;
export function hasConflicts(board: Geometry | Puzzle, ...rest: [grid?: ArrayLike<number>]): boolean {
  const { geometry, grid } = boardOf('hasConflicts', board, rest);
  let stamps = stampsOf.get(geometry);
  if (!stamps) {
    stamps = { marks: new Int32Array(3 * geometry.size * (geometry.size + 1)), generation: 0 };
    stampsOf.set(geometry, stamps);
  }
  if (stamps.generation === 0x7fffffff) {
    stamps.marks.fill(0);
    stamps.generation = 0;
  }
  const gen = ++stamps.generation;
  const { marks } = stamps;
  const { size, rowOf, colOf, boxOf } = geometry;
  const stride = size + 1;
  const colBase = size * stride;
  const boxBase = 2 * size * stride;
  for (let cell = 0; cell < geometry.cellCount; cell++) {
    const d = grid[cell]!;
    if (d === 0) continue;
    const r = rowOf[cell]! * stride + d;
    const c = colBase + colOf[cell]! * stride + d;
    const b = boxBase + boxOf[cell]! * stride + d;
    if (marks[r] === gen || marks[c] === gen || marks[b] === gen) return true;
    marks[r] = gen;
    marks[c] = gen;
    marks[b] = gen;
  }
  return false;
}

/** Every clash in a (partial) grid: the same digit twice or more in a row, column or box. */
export function findConflicts(puzzle: Puzzle, grid?: ArrayLike<number>): Conflict[];
export function findConflicts(geometry: Geometry, grid: ArrayLike<number>): Conflict[];
export function findConflicts(board: Geometry | Puzzle, ...rest: [grid?: ArrayLike<number>]): Conflict[] {
  const { geometry, grid } = boardOf('findConflicts', board, rest);
  const conflicts: Conflict[] = [];
  const seen: number[][] = Array.from({ length: geometry.size + 1 }, () => []);
  geometry.units.forEach((cells, unit) => {
    for (const list of seen) list.length = 0;
    for (const cell of cells) {
      const d = grid[cell] ?? 0;
      if (d > 0 && d <= geometry.size) seen[d]!.push(cell);
    }
    for (let d = 1; d <= geometry.size; d++) {
      const holders = seen[d]!;
      if (holders.length > 1) {
        const { kind, number } = describeUnit(geometry, unit);
        conflicts.push({ unit, kind, number, digit: d, cells: [...holders] });
      }
    }
  });
  return conflicts;
}

/** A conflict as a sentence, e.g. `digit 5 twice in row 1 (r1c2, r1c7)`. */
export function describeConflict(geometry: Geometry, c: Conflict): string {
  const times = c.cells.length === 2 ? 'twice' : `${c.cells.length} times`;
  const digit = geometry.digits[c.digit - 1] ?? String(c.digit);
  return `digit ${digit} ${times} in ${c.kind} ${c.number} (${c.cells.map((x) => cellName(geometry, x)).join(', ')})`;
}

/**
 * True when `candidate` is a complete, conflict-free grid that keeps every given of `puzzle` (and,
 * for a variant puzzle, every constraint):
 * every cell a whole digit 1 … size (1.5 or 1.0000001 is no digit, and would slip past a test of
 * the range and of the units, as a typed array ignores a fractional index). The puzzle comes
 * first, as everywhere in the library; a call with the two the other way round is refused with
 * code `options` (the order of 0.1).
 */
export function isSolution(puzzle: Puzzle, candidate: ArrayLike<number>): boolean {
  assertPuzzleFirst('isSolution', puzzle, candidate);
  const { geometry, givens } = puzzle;
  if (candidate.length !== geometry.cellCount) return false;
  for (let cell = 0; cell < geometry.cellCount; cell++) {
    const d = candidate[cell]!;
    if (!(Number.isInteger(d) && d >= 1 && d <= geometry.size)) return false;
    if (givens[cell] !== 0 && givens[cell] !== d) return false;
  }
  // A complete grid is valid when every unit holds each digit once.
  const stamp = new Int32Array(geometry.size + 1);
  for (let unit = 0; unit < geometry.units.length; unit++) {
    for (const cell of geometry.units[unit]!) {
      const d = candidate[cell]!;
      if (stamp[d] === unit + 1) return false;
      stamp[d] = unit + 1;
    }
  }
  // A variant puzzle's grid keeps its rules too (judged by the kinds' own checks, which
  // 'sudokit/variant' brings; without it the puzzle is refused, as solve refuses it).
  const constraints = (puzzle as { readonly constraints?: unknown }).constraints;
  if (Array.isArray(constraints) && constraints.length > 0) {
    return variantSupport(`${constraints.length} constraint${constraints.length === 1 ? '' : 's'}`).keepsRules(puzzle, candidate);
  }
  return true;
}
