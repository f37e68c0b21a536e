/**
 * make*: a grid (puzzle, partial grid or solution) back to text. Every output here parses back
 * with `parsePuzzle` to the same grid (the round trip is property-tested).
 */
import type { Geometry } from '../geometry.js';
import { boardOf, type Puzzle } from '../puzzle.js';
import { checkOptionsObject, SudokitError } from '../errors.js';

export const OUTPUT_FORMATS = ['line', 'pretty', 'json'] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

/** One line of cellCount characters, `empty` (default `.`) for an empty cell. */
export function makeLine(puzzle: Puzzle, grid?: ArrayLike<number>, empty?: string): string;
export function makeLine(geometry: Geometry, grid: ArrayLike<number>, empty?: string): string;
export function makeLine(board: Geometry | Puzzle, ...rest: [grid?: ArrayLike<number>, empty?: string]): string {
  const { geometry, grid } = boardOf('makeLine', board, rest);
  const empty = rest[1] ?? '.';
  checkGrid(geometry, grid);
  const { digits } = geometry;
  let out = '';
  for (let i = 0; i < geometry.cellCount; i++) {
    const d = grid[i]!;
    out += d === 0 ? empty : digits[d - 1];
  }
  return out;
}

export interface PrettyOptions {
  /** Character for an empty cell (default `.`). */
  readonly empty?: string | undefined;
  /** Cells to set apart (non-zero entries), e.g. the givens of the puzzle a solution solves. */
  readonly emphasize?: ArrayLike<number> | undefined;
  /** How to set them apart, e.g. with terminal colours. */
  readonly style?: ((text: string) => string) | undefined;
}

/**
 * A boxed grid, one row per line:
 *
 *     +-------+-------+-------+
 *     | 4 . . | . . . | 8 . 5 |
 *     …
 */
export function makePretty(puzzle: Puzzle, grid?: ArrayLike<number>, options?: PrettyOptions): string;
export function makePretty(puzzle: Puzzle, options: PrettyOptions): string;
export function makePretty(geometry: Geometry, grid: ArrayLike<number>, options?: PrettyOptions): string;
export function makePretty(board: Geometry | Puzzle, ...rest: [grid?: ArrayLike<number> | PrettyOptions, options?: PrettyOptions]): string {
  const { geometry, grid, options: given } = boardOf('makePretty', board, rest);
  checkOptionsObject('makePretty', given);
  const options = (given ?? {}) as PrettyOptions;
  checkGrid(geometry, grid);
  const { size, boxRows, boxCols, digits } = geometry;
  const { empty = '.', emphasize, style } = options;
  const rule = `+${`${'-'.repeat(2 * boxCols + 1)}+`.repeat(size / boxCols)}`;
  const lines: string[] = [rule];
  for (let r = 0; r < size; r++) {
    let line = '|';
    for (let c = 0; c < size; c++) {
      const d = grid[r * size + c]!;
      const text = d === 0 ? empty : digits[d - 1]!;
      line += ` ${style && emphasize?.[r * size + c] ? style(text) : text}`;
      if ((c + 1) % boxCols === 0) line += ' |';
    }
    lines.push(line);
    if ((r + 1) % boxRows === 0) lines.push(rule);
  }
  return lines.join('\n');
}

/** A JSON array of rows of numbers, 0 for empty: `[[0,4,0,…],…]`. */
export function makeJson(puzzle: Puzzle, grid?: ArrayLike<number>): string;
export function makeJson(geometry: Geometry, grid: ArrayLike<number>): string;
export function makeJson(board: Geometry | Puzzle, ...rest: [grid?: ArrayLike<number>]): string {
  const { geometry, grid } = boardOf('makeJson', board, rest);
  checkGrid(geometry, grid);
  const rows: string[] = [];
  for (let r = 0; r < geometry.size; r++) {
    const row: number[] = [];
    for (let c = 0; c < geometry.size; c++) row.push(grid[r * geometry.size + c]!);
    rows.push(`[${row.join(',')}]`);
  }
  return `[${rows.join(',')}]`;
}

/** A grid (of a puzzle's board, or a geometry's) in the named format. */
export function makeGrid(board: Geometry | Puzzle, cells: ArrayLike<number>, format: OutputFormat): string {
  const { geometry, grid } = boardOf('makeGrid', board, [cells]);
  switch (format) {
    case 'line':
      return makeLine(geometry, grid);
    case 'pretty':
      return makePretty(geometry, grid);
    case 'json':
      return makeJson(geometry, grid);
  }
}

/** Throw a RangeError when a grid does not fit the geometry (one cell each, 0 or a digit of the board). */
function checkGrid(geometry: Geometry, grid: ArrayLike<number>): void {
  if (grid.length !== geometry.cellCount) throw new SudokitError('length', `Invalid grid: expected ${geometry.cellCount} cells for a ${geometry.size}x${geometry.size} board, got ${grid.length}`);
  for (let i = 0; i < grid.length; i++) {
    const d = grid[i]!;
    if (!(d >= 0 && d <= geometry.size && Number.isInteger(d))) throw new SudokitError('character', `Invalid grid: cell ${i + 1} holds ${d}; expected 0 (empty) or a digit 1-${geometry.size}`);
  }
}
