/**
 * A Sudoku grid as SVG, for every board from 4×4 to 49×49 with square or rectangular boxes.
 *
 * The picture follows the backtracking article's figure: the givens sit on shaded cells in
 * dark, heavier digits, and the digits a solver placed are drawn in blue on white, so a solved
 * grid still shows which digits were the puzzle. Thin lines separate cells and thick lines
 * separate boxes (a 2×3 box makes thick lines every 2 rows and every 3 columns). Candidates of
 * empty cells can be drawn small, laid out like the cells of a box (digit 1 top left), so a
 * digit is always in the same corner of every cell.
 *
 * A pure function returning a string, with no Node imports: the web page draws with it too.
 * The SVG has a `<title>` (its accessible name), `width`/`height` and a `viewBox`, so it scales.
 */
import { cellName, type Geometry, isGeometry } from '../geometry.js';
import { escapeXml, num, svgOpen } from './svg.js';
import { checkOptionsObject, SudokitError } from '../errors.js';
import { boardOf, type Puzzle } from '../puzzle.js';

export interface GridSvgOptions {
  /** The puzzle's givens (non-zero entries): those cells are shaded and their digits drawn dark. */
  readonly givens?: ArrayLike<number> | undefined;
  /** Candidates per cell as a mask, bit d−1 (the value 2^(d−1)) for digit d; drawn small in empty cells only. */
  readonly candidates?: ArrayLike<number> | undefined;
  /** Cells to highlight (a light yellow). */
  readonly highlight?: readonly number[] | undefined;
  /** Candidates to set apart (circled), e.g. the ones a step eliminates. */
  readonly highlightCandidates?: readonly { readonly cell: number; readonly digit: number }[] | undefined;
  /** Side of one cell in pixels (default: 44 up to 9×9, smaller for bigger boards). */
  readonly cellSize?: number | undefined;
  /** The accessible name; default e.g. "9×9 Sudoku grid, 30 givens". */
  readonly title?: string | undefined;
}

/** The palette: light fills, dark lines, one accent for placed digits. */
export const GRID_COLORS = {
  background: '#ffffff',
  given: '#e3e8ef',
  highlight: '#fff1b8',
  thin: '#b6bdc8',
  thick: '#2f3a4a',
  givenDigit: '#1c2330',
  placedDigit: '#1d5fd6',
  candidate: '#6b7482',
  candidateMark: '#f4b4b4',
} as const;

/** True when bit d−1 of a candidate mask is set (works beyond 32 bits: masks for 49 digits need 49). */
export function hasCandidate(mask: number, digit: number): boolean {
  return Math.floor(mask / 2 ** (digit - 1)) % 2 === 1;
}

/**
 * The simplest candidates: for each empty cell, the digits that no peer holds (no inference
 * beyond that). Returns one mask per cell (0 for filled cells), as `GridSvgOptions.candidates` takes.
 */
export function peerCandidates(geometry: Geometry, grid: ArrayLike<number>): number[] {
  const all = 2 ** geometry.size - 1;
  const masks: number[] = [];
  for (let cell = 0; cell < geometry.cellCount; cell++) {
    if (grid[cell] !== 0) {
      masks.push(0);
      continue;
    }
    const seen = new Set<number>();
    for (const peer of geometry.peers[cell]!) if (grid[peer]) seen.add(grid[peer]!);
    let mask = all;
    for (const d of seen) mask -= 2 ** (d - 1);
    masks.push(mask);
  }
  return masks;
}

function defaultCellSize(size: number): number {
  if (size <= 9) return 44;
  if (size <= 16) return 36;
  if (size <= 25) return 30;
  return 24;
}

/**
 * Draw `grid` (0 = empty) on a board of this geometry as an SVG document. Throws a SudokitError
 * on a geometry that is not the library's ('geometry'), a grid of the wrong size ('length'), a
 * cell that is not 0 or a whole digit of the board ('character') and a `cellSize` that is not a
 * positive number ('options'): each would draw a picture that is not the grid (NaN sizes, a `?`).
 */
export function renderGridSvg(puzzle: Puzzle, grid?: ArrayLike<number>, options?: GridSvgOptions): string;
export function renderGridSvg(puzzle: Puzzle, options: GridSvgOptions): string;
export function renderGridSvg(geometry: Geometry, grid: ArrayLike<number>, options?: GridSvgOptions): string;
export function renderGridSvg(board: Geometry | Puzzle, ...rest: [grid?: ArrayLike<number> | GridSvgOptions, options?: GridSvgOptions]): string {
  const { geometry, grid, options: given } = boardOf('renderGridSvg', board, rest);
  checkOptionsObject('renderGridSvg', given);
  let options = (given ?? {}) as GridSvgOptions;
  if (!isGeometry(geometry)) throw new SudokitError('geometry', "Invalid geometry: not one of the library's (make one with geometry(boxRows, boxCols))");
  const { size, boxRows, boxCols, digits } = geometry;
  if (grid.length !== geometry.cellCount) throw new SudokitError('length', `Invalid grid: expected ${geometry.cellCount} cells, got ${grid.length}`);
  for (let i = 0; i < grid.length; i++) {
    const d = grid[i];
    if (!(typeof d === 'number' && Number.isInteger(d) && d >= 0 && d <= size))
      throw new SudokitError('character', `Invalid grid: the cell at ${cellName(geometry, i)} holds ${String(d)}; expected 0 (empty) or a digit 1-${size}`);
  }
  options ??= {};
  const { cellSize } = options;
  if (cellSize !== undefined && !(typeof cellSize === 'number' && cellSize > 0 && Number.isFinite(cellSize)))
    throw new SudokitError('options', `Invalid cellSize: expected a positive number of pixels, got ${typeof cellSize === 'number' ? cellSize : JSON.stringify(cellSize)}`);
  const cell = cellSize ?? defaultCellSize(size);
  const thick = Math.max(2, Math.round(cell * 0.06));
  const pad = thick;
  const side = size * cell;
  const total = side + 2 * pad;
  const givens = options.givens;
  const isGiven = (i: number) => (givens ? givens[i] !== 0 && givens[i] !== undefined : false);
  let givenCount = 0;
  let filled = 0;
  for (let i = 0; i < geometry.cellCount; i++) {
    if (isGiven(i)) givenCount++;
    if (grid[i] !== 0) filled++;
  }
  const title =
    options.title ??
    `${size}×${size} Sudoku grid${boxRows === boxCols ? '' : ` (${boxRows}×${boxCols} boxes)`}, ${givens ? `${plural(givenCount, 'given')}, ${plural(filled - givenCount, 'placed digit')}` : plural(filled, 'digit')}`;
  const x = (col: number) => pad + col * cell;
  const y = (row: number) => pad + row * cell;
  const parts: string[] = [svgOpen(total, total, title, 'sudoku-grid')];
  parts.push(`<rect class="background" x="0" y="0" width="${num(total)}" height="${num(total)}" fill="${GRID_COLORS.background}"/>\n`);

  // Cells: shading first, so lines and digits lie on top.
  const highlighted = new Set(options.highlight ?? []);
  for (let i = 0; i < geometry.cellCount; i++) {
    const kind = highlighted.has(i) ? 'highlight' : isGiven(i) ? 'given' : undefined;
    const fill = kind === 'highlight' ? GRID_COLORS.highlight : kind === 'given' ? GRID_COLORS.given : 'none';
    const classes = ['cell', ...(isGiven(i) ? ['given'] : []), ...(highlighted.has(i) ? ['highlight'] : [])].join(' ');
    parts.push(`<rect class="${classes}" x="${num(x(geometry.colOf[i]!))}" y="${num(y(geometry.rowOf[i]!))}" width="${num(cell)}" height="${num(cell)}" fill="${fill}"/>\n`);
  }

  // Lines: thin between cells, then thick between boxes (on top), and the border.
  for (const kind of ['thin', 'box'] as const) {
    for (let k = 1; k < size; k++) {
      if ((k % boxCols === 0 ? 'box' : 'thin') === kind) parts.push(lineSvg(kind, x(k), pad, x(k), pad + side, thick));
      if ((k % boxRows === 0 ? 'box' : 'thin') === kind) parts.push(lineSvg(kind, pad, y(k), pad + side, y(k), thick));
    }
  }
  parts.push(
    `<rect class="border" x="${num(pad / 2)}" y="${num(pad / 2)}" width="${num(side + pad)}" height="${num(side + pad)}" fill="none" stroke="${GRID_COLORS.thick}" stroke-width="${thick}"/>\n`,
  );

  // Digits, then candidates of empty cells.
  const fontSize = cell * 0.62;
  const candidateMarks = new Set((options.highlightCandidates ?? []).map((c) => c.cell * 64 + c.digit));
  const subCols = boxCols;
  const subRows = boxRows;
  const subW = cell / subCols;
  const subH = cell / subRows;
  const smallSize = Math.min(subW, subH) * 0.78;
  for (let i = 0; i < geometry.cellCount; i++) {
    const cx = x(geometry.colOf[i]!) + cell / 2;
    const cy = y(geometry.rowOf[i]!) + cell / 2;
    const d = grid[i]!;
    if (d !== 0) {
      const given = isGiven(i) || !givens;
      const color = given ? GRID_COLORS.givenDigit : GRID_COLORS.placedDigit;
      parts.push(
        `<text class="digit${given ? ' given' : ' placed'}" x="${num(cx)}" y="${num(cy + fontSize * 0.35)}" font-size="${num(fontSize)}" font-weight="${given ? 600 : 400}" fill="${color}" text-anchor="middle">${escapeXml(digits[d - 1] ?? '?')}</text>\n`,
      );
      continue;
    }
    const mask = options.candidates?.[i] ?? 0;
    if (mask === 0) continue;
    for (let digit = 1; digit <= size; digit++) {
      if (!hasCandidate(mask, digit)) continue;
      const k = digit - 1;
      const sx = x(geometry.colOf[i]!) + (k % subCols) * subW + subW / 2;
      const sy = y(geometry.rowOf[i]!) + Math.floor(k / subCols) * subH + subH / 2;
      if (candidateMarks.has(i * 64 + digit)) {
        parts.push(`<circle class="candidate-mark" cx="${num(sx)}" cy="${num(sy)}" r="${num(Math.min(subW, subH) * 0.46)}" fill="${GRID_COLORS.candidateMark}"/>\n`);
      }
      parts.push(
        `<text class="candidate" x="${num(sx)}" y="${num(sy + smallSize * 0.35)}" font-size="${num(smallSize)}" fill="${GRID_COLORS.candidate}" text-anchor="middle">${escapeXml(digits[k] ?? '?')}</text>\n`,
      );
    }
  }
  parts.push('</svg>\n');
  return parts.join('');
}

function lineSvg(kind: 'thin' | 'box', x1: number, y1: number, x2: number, y2: number, thick: number): string {
  const stroke = kind === 'box' ? GRID_COLORS.thick : GRID_COLORS.thin;
  const width = kind === 'box' ? thick : 1;
  return `<line class="${kind}" x1="${num(x1)}" y1="${num(y1)}" x2="${num(x2)}" y2="${num(y2)}" stroke="${stroke}" stroke-width="${width}" stroke-linecap="square"/>\n`;
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}
