/**
 * A variant Sudoku puzzle as SVG, drawn the way f-puzzles draws it, so a setter recognises the
 * picture: shaded extra regions and odd/even marks under the grid, thick borders wherever two
 * neighbouring cells lie in different regions (one rule for classic boxes and jigsaw regions),
 * lines from cell centre to cell centre with rounded joins (thermometers, arrows, palindromes,
 * renban, whispers, between lines), dashed killer cages inset from the cell edges, kropki dots
 * and X/V letters on the edge between two cells, and the digits on top.
 *
 * Clues that live outside the grid (little killers, sandwich sums) get a margin of one cell all
 * round, only when the puzzle has one, so an ordinary variant has the same frame as a classic
 * grid. Global rules (anti-knight, non-consecutive …) have nothing to draw on a cell: they are
 * listed in a caption under the grid, so the picture still says every rule.
 *
 * Every constraint becomes exactly one element whose class is its kind (`<g class="killer">`,
 * `<circle class="white-dot">` …), so a page can style or find them and a test can count them.
 * The kinds are handled by one exhaustive switch: a kind added to `Constraint` does not compile
 * until it is drawn here.
 *
 * Like `renderGridSvg`, a pure function returning a string with no Node imports (the web page
 * can use it), sharing the grid renderer's palette and helpers.
 */
import { validateConstraint } from '../constraints/index.js';
import type { Constraint, ConstraintKindName, ConstraintOf, DiagonalDirection } from '../constraints/types.js';
import { cellName, isGeometry } from '../geometry.js';
import type { VariantPuzzle } from '../variant/puzzle.js';
import { checkOptionsObject, SudokitError } from '../errors.js';
import { GRID_COLORS } from './grid.js';
import { escapeXml, num, svgOpen } from './svg.js';

export interface VariantSvgOptions {
  /** The digits to draw (0 = empty), e.g. a solution; default the puzzle's givens. Givens are bold and dark, other digits lighter. */
  readonly grid?: ArrayLike<number> | undefined;
  /** Cells to highlight (a light yellow). */
  readonly highlight?: readonly number[] | undefined;
  /** Side of one cell in pixels (default: 44 up to 9×9, smaller for bigger boards). */
  readonly cellSize?: number | undefined;
  /** The accessible name; default the puzzle's title, else e.g. "9×9 variant Sudoku, 30 givens, 4 constraints". */
  readonly title?: string | undefined;
  /**
   * Only the rules, to lay over a board drawn elsewhere (the page's): no background, grid, digits
   * or caption; shading and lines half see-through and circles hollow, so digits under them stay
   * readable. The picture keeps its margin for outside clues (one cell each side when the puzzle
   * has little killers or sandwiches).
   */
  readonly overlay?: boolean | undefined;
}

/** The variant palette: light fills under the grid, soft line colours that keep digits readable on top. */
export const VARIANT_COLORS = {
  shade: '#dcdfe4',
  oddEven: '#cfd3d9',
  diagonal: '#8d99ab',
  cage: '#1c2330',
  thermo: '#c3c7cd',
  slowThermo: '#b4c6df',
  arrow: '#98a0ab',
  palindrome: '#b3b7bd',
  renban: '#eba2f0',
  whispers: '#7fd17f',
  between: '#98a0ab',
  dot: '#1c2330',
  clue: '#1c2330',
  caption: '#4a5568',
} as const;

/** The rules that mark no cell, as the caption names them. */
const GLOBAL_RULES = {
  'anti-knight': 'anti-knight',
  'anti-king': 'anti-king',
  'disjoint-groups': 'disjoint groups',
  'non-consecutive': 'non-consecutive',
  'negative-black': 'negative black dots',
  'negative-xv': 'negative XV',
} as const satisfies Partial<Record<ConstraintKindName, string>>;
type GlobalKind = keyof typeof GLOBAL_RULES;

/**
 * Where each constraint is drawn, bottom to top: shading under the grid lines; diagonals, then
 * lines over the grid; cages over lines; dots and letters on the edges; the digits; then the
 * clues outside the grid.
 */
type Layer = 'shading' | 'diagonals' | 'lines' | 'cages' | 'edges' | 'outside';

type Point = readonly [number, number];

function defaultCellSize(size: number): number {
  if (size <= 9) return 44;
  if (size <= 16) return 36;
  if (size <= 25) return 30;
  return 24;
}

/** Every cell a constraint names (for the range check). */
function cellsNamed(c: Constraint): readonly number[] {
  switch (c.kind) {
    case 'arrow':
      return [...c.circle, ...c.arrow];
    case 'odd':
    case 'even':
      return [c.cell];
    case 'killer':
    case 'thermo':
    case 'slow-thermo':
    case 'little-killer':
    case 'white-dot':
    case 'black-dot':
    case 'xv':
    case 'extra-region':
    case 'palindrome':
    case 'renban':
    case 'whispers':
    case 'between':
      return c.cells;
    default:
      return [];
  }
}

const STEP: Record<DiagonalDirection, Point> = { UL: [-1, -1], UR: [1, -1], DL: [-1, 1], DR: [1, 1] };

/**
 * Draw a variant puzzle as an SVG document. Throws a SudokitError on a geometry that is not the
 * library's ('geometry'), givens or `grid` of the wrong size ('length') or holding a non-digit
 * ('character'), a bad `cellSize` and a constraint the kinds refuse or naming a cell or line off the
 * board ('options').
 */
export function renderVariantSvg(puzzle: VariantPuzzle, options: VariantSvgOptions = {}): string {
  if (typeof puzzle !== 'object' || puzzle === null)
    throw new SudokitError('geometry', `Invalid puzzle: expected a variant puzzle { geometry, givens, constraints }, got ${puzzle === null ? 'null' : typeof puzzle}`);
  const g = puzzle.geometry;
  if (!isGeometry(g)) throw new SudokitError('geometry', "Invalid geometry: not one of the library's (make one with geometry(boxRows, boxCols) or jigsawGeometry(size, regions))");
  const { size, cellCount, digits } = g;
  checkOptionsObject('renderVariantSvg', options);
  options ??= {};
  const givens = puzzle.givens;
  const grid = options.grid ?? givens;
  for (const [name, values] of [
    ['givens', givens],
    ['grid', grid],
  ] as const) {
    if (typeof values !== 'object' || values === null) throw new SudokitError('length', `Invalid ${name}: expected ${cellCount} cells, got ${values === null ? 'null' : typeof values}`);
    if (values.length !== cellCount) throw new SudokitError('length', `Invalid ${name}: expected ${cellCount} cells, got ${values.length}`);
    for (let i = 0; i < cellCount; i++) {
      const d = values[i];
      if (!(typeof d === 'number' && Number.isInteger(d) && d >= 0 && d <= size))
        throw new SudokitError('character', `Invalid ${name}: the cell at ${cellName(g, i)} holds ${String(d)}; expected 0 (empty) or a digit 1-${size}`);
    }
  }
  const { cellSize } = options;
  if (cellSize !== undefined && !(typeof cellSize === 'number' && cellSize > 0 && Number.isFinite(cellSize)))
    throw new SudokitError('options', `Invalid cellSize: expected a positive number of pixels, got ${typeof cellSize === 'number' ? cellSize : JSON.stringify(cellSize)}`);
  const constraints = puzzle.constraints === undefined ? [] : puzzle.constraints;
  if (!Array.isArray(constraints as unknown)) throw new SudokitError('options', `Invalid constraints: expected an array, got ${constraints === null ? 'null' : typeof constraints}`);
  for (const c of constraints) {
    // What the kinds refuse (a shape they cannot read, a sum no digits reach) is refused here too, before anything is drawn from it.
    const problem = validateConstraint(c, g);
    if (problem) throw new SudokitError('options', `Invalid ${typeof c === 'object' && c !== null && typeof c.kind === 'string' ? `${c.kind} ` : ''}constraint: ${problem}`);
    for (const cell of cellsNamed(c)) {
      if (!(Number.isInteger(cell) && cell >= 0 && cell < cellCount))
        throw new SudokitError('options', `Invalid ${c.kind} constraint: cell ${String(cell)} is off the ${size}x${size} board (cells are 0-${cellCount - 1})`);
    }
  }

  const overlay = options.overlay === true;
  const cell = cellSize ?? defaultCellSize(size);
  const thick = Math.max(2, Math.round(cell * 0.06));
  // Laid over a board drawn elsewhere, the picture has no frame: its cells start at the margin.
  const pad = overlay ? 0 : thick;
  const outside = constraints.some((c) => c.kind === 'little-killer' || c.kind === 'sandwich');
  const margin = outside ? cell : 0;
  const side = size * cell;
  const width = side + 2 * margin + 2 * pad;

  // Global rules, once each, in the order the puzzle gives them, wrapped to the picture's width.
  const rules = [...new Set(constraints.filter((c): c is ConstraintOf<GlobalKind> => c.kind in GLOBAL_RULES).map((c) => GLOBAL_RULES[c.kind]))];
  const captionSize = Math.max(10, cell * 0.3);
  const captionLines = wrap(rules, ' · ', Math.floor((width - 2 * pad) / (captionSize * 0.56)));
  const captionHeight = captionLines.length > 0 ? captionLines.length * captionSize * 1.3 + captionSize * 0.5 : 0;
  const height = width + captionHeight;

  const x = (col: number) => pad + margin + col * cell;
  const y = (row: number) => pad + margin + row * cell;
  const centre = (i: number): Point => [x(g.colOf[i]!) + cell / 2, y(g.rowOf[i]!) + cell / 2];
  const path = (points: readonly Point[]) => points.map(([px, py], k) => `${k === 0 ? 'M' : 'L'}${num(px)} ${num(py)}`).join(' ');
  const bg = overlay ? 'none' : GRID_COLORS.background;
  const hair = Math.max(1, cell * 0.03);

  let givenCount = 0;
  for (let i = 0; i < cellCount; i++) if (givens[i] !== 0) givenCount++;
  const title =
    options.title ??
    puzzle.title ??
    `${size}×${size}${g.jigsaw ? ' jigsaw' : ''} variant Sudoku, ${plural(givenCount, 'given')}, ${plural(constraints.length, 'constraint')}${rules.length ? ` (${rules.join(', ')})` : ''}`;

  /** A line through cell centres, in one colour, with rounded joins and ends. */
  const centreLine = (cells: readonly number[], color: string, lineWidth: number, extra = '') =>
    cells.length === 0 ? '' : `<path d="${path(cells.map(centre))}" fill="none" stroke="${color}" stroke-width="${num(lineWidth)}" stroke-linecap="round" stroke-linejoin="round"${extra}/>`;
  const circle = ([cx, cy]: Point, r: number, fill: string, stroke?: string, strokeWidth = hair * 1.5) =>
    `<circle cx="${num(cx)}" cy="${num(cy)}" r="${num(r)}" fill="${fill}"${stroke ? ` stroke="${stroke}" stroke-width="${num(strokeWidth)}"` : ''}/>`;
  /** A line with an arrowhead at its last point. */
  const arrowPath = (points: readonly Point[], head: number) => {
    const end = points.at(-1)!;
    const before = points.at(-2) ?? end;
    const len = Math.hypot(end[0] - before[0], end[1] - before[1]) || 1;
    const [ux, uy] = [(end[0] - before[0]) / len, (end[1] - before[1]) / len];
    const wing = (s: number): Point => [end[0] - head * (ux - s * uy) * Math.SQRT1_2, end[1] - head * (uy + s * ux) * Math.SQRT1_2];
    return `${path(points)} ${path([wing(1), end, wing(-1)])}`;
  };
  /** The outside cell of a little killer: from its clue (`R0C6`, rows and columns from 1), else one step back from its first cell. */
  const clueCell = (c: ConstraintOf<'little-killer'>): Point | undefined => {
    const m = /^R(\d+)C(\d+)$/i.exec(c.clue);
    if (m) return [Number(m[2]) - 1, Number(m[1]) - 1];
    const first = c.cells[0];
    if (first === undefined) return undefined;
    const [dx, dy] = STEP[c.direction];
    return [g.colOf[first]! - dx, g.rowOf[first]! - dy];
  };

  const layers: Record<Layer, string[]> = { shading: [], diagonals: [], lines: [], cages: [], edges: [], outside: [] };
  const draw = (layer: Layer, kind: ConstraintKindName, body: string, attributes = '') => layers[layer].push(`<g class="${kind}"${attributes}>${body}</g>\n`);

  for (const c of constraints) {
    switch (c.kind) {
      case 'extra-region':
        draw(
          'shading',
          c.kind,
          c.cells.map((i) => `<rect x="${num(x(g.colOf[i]!))}" y="${num(y(g.rowOf[i]!))}" width="${num(cell)}" height="${num(cell)}"/>`).join(''),
          ` fill="${VARIANT_COLORS.shade}"`,
        );
        break;
      case 'odd':
        layers.shading.push(`<circle class="odd" cx="${num(centre(c.cell)[0])}" cy="${num(centre(c.cell)[1])}" r="${num(cell * 0.38)}" fill="${VARIANT_COLORS.oddEven}"/>\n`);
        break;
      case 'even': {
        const s = cell * 0.76;
        const [cx, cy] = centre(c.cell);
        layers.shading.push(`<rect class="even" x="${num(cx - s / 2)}" y="${num(cy - s / 2)}" width="${num(s)}" height="${num(s)}" fill="${VARIANT_COLORS.oddEven}"/>\n`);
        break;
      }
      case 'diagonal': {
        const [x1, y1, x2, y2] = c.direction === 'positive' ? [x(0), y(size), x(size), y(0)] : [x(0), y(0), x(size), y(size)];
        layers.diagonals.push(
          `<line class="diagonal" x1="${num(x1)}" y1="${num(y1)}" x2="${num(x2)}" y2="${num(y2)}" stroke="${VARIANT_COLORS.diagonal}" stroke-width="${num(Math.max(1.5, cell * 0.04))}"/>\n`,
        );
        break;
      }
      case 'thermo':
      case 'slow-thermo': {
        const color = c.kind === 'thermo' ? VARIANT_COLORS.thermo : VARIANT_COLORS.slowThermo;
        const bulb = c.cells[0];
        // A slow thermometer has a dashed white core, so it differs from a thermometer in grey print too.
        const core = c.kind === 'slow-thermo' && c.cells.length > 1 ? centreLine(c.cells, bg, hair * 1.5, ` stroke-dasharray="${num(cell * 0.12)} ${num(cell * 0.12)}"`) : '';
        draw('lines', c.kind, (bulb === undefined ? '' : circle(centre(bulb), cell * 0.38, color)) + centreLine(c.cells, color, cell * 0.3) + core);
        break;
      }
      case 'arrow': {
        const r = cell * 0.38;
        const stroke = Math.max(1.5, cell * 0.045);
        let body: string;
        if (c.circle.length === 1) body = circle(centre(c.circle[0]!), r, bg, VARIANT_COLORS.arrow, stroke);
        else if (c.circle.length > 1)
          // A pill: a wide round stroke in the line colour with a narrower one in the background inside it.
          body = centreLine(c.circle, VARIANT_COLORS.arrow, 2 * r + stroke) + centreLine(c.circle, bg, 2 * r - stroke);
        else body = '';
        const first = c.arrow[0];
        if (first !== undefined) {
          const [fx, fy] = centre(first);
          const anchor = c.circle.reduce<number | undefined>((best, i) => (best === undefined || chebyshev(g, i, first) < chebyshev(g, best, first) ? i : best), undefined);
          let start: Point = [fx, fy];
          if (anchor !== undefined) {
            const [ax, ay] = centre(anchor);
            const len = Math.hypot(fx - ax, fy - ay);
            if (len > 0) start = [ax + ((fx - ax) * r) / len, ay + ((fy - ay) * r) / len];
          }
          body += `<path d="${arrowPath([start, ...c.arrow.map(centre)], cell * 0.25)}" fill="none" stroke="${VARIANT_COLORS.arrow}" stroke-width="${num(stroke)}" stroke-linecap="round" stroke-linejoin="round"/>`;
        }
        draw('lines', c.kind, body);
        break;
      }
      case 'palindrome':
        draw('lines', c.kind, centreLine(c.cells, VARIANT_COLORS.palindrome, cell * 0.25));
        break;
      case 'renban':
        draw('lines', c.kind, centreLine(c.cells, VARIANT_COLORS.renban, cell * 0.3));
        break;
      case 'whispers':
        draw('lines', c.kind, centreLine(c.cells, VARIANT_COLORS.whispers, cell * 0.25));
        break;
      case 'between': {
        const ends = c.cells.length > 1 ? [c.cells[0]!, c.cells.at(-1)!] : c.cells;
        const circles = ends.map((i) => circle(centre(i), cell * 0.38, bg, VARIANT_COLORS.between)).join('');
        draw('lines', c.kind, centreLine(c.cells, VARIANT_COLORS.between, Math.max(1.5, cell * 0.045)) + circles);
        break;
      }
      case 'killer': {
        const inset = cell * 0.08;
        const loops = cageOutline(new Set(c.cells), size).map((loop) => `${path(loop.map(([col, row, nx, ny]) => [x(col) + inset * nx, y(row) + inset * ny]))} Z`);
        let body = `<path d="${loops.join(' ')}" fill="none" stroke="${VARIANT_COLORS.cage}" stroke-width="${num(hair)}" stroke-dasharray="${num(cell * 0.08)} ${num(cell * 0.06)}"/>`;
        if (c.sum !== undefined && c.cells.length > 0) {
          // The sum sits in the cage's top-left cell (first in reading order), on a patch that breaks the dashed line.
          const top = Math.min(...c.cells);
          const text = escapeXml(String(c.sum));
          const fontSize = cell * 0.24;
          const [left, upper] = [x(g.colOf[top]!) + cell * 0.03, y(g.rowOf[top]!) + cell * 0.03];
          body +=
            `<rect x="${num(left)}" y="${num(upper)}" width="${num(text.length * fontSize * 0.6 + fontSize * 0.3)}" height="${num(fontSize * 1.05)}" fill="${bg}"/>` +
            `<text class="killer-sum" x="${num(left + fontSize * 0.15)}" y="${num(upper + fontSize * 0.85)}" font-size="${num(fontSize)}" fill="${VARIANT_COLORS.cage}">${text}</text>`;
        }
        draw('cages', c.kind, body);
        break;
      }
      case 'white-dot':
      case 'black-dot': {
        const [px, py] = midpoint(centre(c.cells[0]), centre(c.cells[1]));
        const fill = c.kind === 'white-dot' ? bg : VARIANT_COLORS.dot;
        layers.edges.push(`<circle class="${c.kind}" cx="${num(px)}" cy="${num(py)}" r="${num(cell * 0.13)}" fill="${fill}" stroke="${VARIANT_COLORS.dot}" stroke-width="${num(hair * 1.2)}"/>\n`);
        break;
      }
      case 'xv': {
        const [px, py] = midpoint(centre(c.cells[0]), centre(c.cells[1]));
        const fontSize = cell * 0.36;
        layers.edges.push(
          `<text class="xv" x="${num(px)}" y="${num(py + fontSize * 0.36)}" font-size="${num(fontSize)}" font-weight="700" fill="${VARIANT_COLORS.clue}" stroke="${bg}" stroke-width="${num(fontSize * 0.22)}" paint-order="stroke" text-anchor="middle">${c.sum === 10 ? 'X' : 'V'}</text>\n`,
        );
        break;
      }
      case 'little-killer': {
        const at = clueCell(c);
        if (!at) throw new SudokitError('options', `Invalid little-killer constraint: clue ${JSON.stringify(c.clue)} is not R<row>C<column> and it has no cells`);
        const [cx, cy] = [x(at[0]) + cell / 2, y(at[1]) + cell / 2];
        const [dx, dy] = STEP[c.direction];
        const fontSize = cell * 0.34;
        const from: Point = [cx + dx * cell * 0.2, cy + dy * cell * 0.2];
        const to: Point = [cx + dx * cell * 0.42, cy + dy * cell * 0.42];
        draw(
          'outside',
          c.kind,
          `<text x="${num(cx - dx * cell * 0.06)}" y="${num(cy - dy * cell * 0.06 + fontSize * 0.35)}" font-size="${num(fontSize)}" text-anchor="middle">${escapeXml(String(c.sum))}</text>` +
            `<path d="${arrowPath([from, to], cell * 0.12)}" fill="none" stroke="${VARIANT_COLORS.clue}" stroke-width="${num(hair * 1.2)}" stroke-linecap="round" stroke-linejoin="round"/>`,
          ` fill="${VARIANT_COLORS.clue}"`,
        );
        break;
      }
      case 'sandwich': {
        const fontSize = cell * 0.4;
        const [cx, cy] = c.line === 'row' ? [x(-1) + cell / 2, y(c.index) + cell / 2] : [x(c.index) + cell / 2, y(-1) + cell / 2];
        layers.outside.push(
          `<text class="sandwich" x="${num(cx)}" y="${num(cy + fontSize * 0.35)}" font-size="${num(fontSize)}" fill="${VARIANT_COLORS.clue}" text-anchor="middle">${escapeXml(String(c.sum))}</text>\n`,
        );
        break;
      }
      case 'anti-knight':
      case 'anti-king':
      case 'disjoint-groups':
      case 'non-consecutive':
      case 'negative-black':
      case 'negative-xv':
        break; // in the caption
      default: {
        const missing: never = c;
        throw new SudokitError('options', `Invalid constraint: unknown kind ${JSON.stringify((missing as { kind: unknown }).kind)}`);
      }
    }
  }

  if (overlay) {
    const see = (list: string[]) => (list.length === 0 ? [] : ['<g opacity="0.6">\n', ...list, '</g>\n']);
    const drawn = [...see(layers.shading), ...see([...layers.diagonals, ...layers.lines]), ...layers.cages, ...layers.edges, ...layers.outside];
    return [svgOpen(width, width, title, 'sudoku-variant-rules'), ...drawn, '</svg>\n'].join('');
  }
  const parts: string[] = [svgOpen(width, height, title, 'sudoku-grid sudoku-variant')];
  parts.push(`<rect class="background" x="0" y="0" width="${num(width)}" height="${num(height)}" fill="${bg}"/>\n`);
  for (const i of new Set(options.highlight ?? [])) {
    if (!(Number.isInteger(i) && i >= 0 && i < cellCount)) continue;
    parts.push(`<rect class="highlight" x="${num(x(g.colOf[i]!))}" y="${num(y(g.rowOf[i]!))}" width="${num(cell)}" height="${num(cell)}" fill="${GRID_COLORS.highlight}"/>\n`);
  }
  parts.push(...layers.shading);

  // Grid: thin lines between all cells, then thick ones wherever neighbours lie in different regions, then the frame.
  for (let k = 1; k < size; k++) {
    parts.push(`<line class="thin" x1="${num(x(k))}" y1="${num(y(0))}" x2="${num(x(k))}" y2="${num(y(size))}" stroke="${GRID_COLORS.thin}" stroke-width="1"/>\n`);
    parts.push(`<line class="thin" x1="${num(x(0))}" y1="${num(y(k))}" x2="${num(x(size))}" y2="${num(y(k))}" stroke="${GRID_COLORS.thin}" stroke-width="1"/>\n`);
  }
  for (const [x1, y1, x2, y2] of regionBorders(g.boxOf, size)) {
    parts.push(`<line class="region" x1="${num(x(x1))}" y1="${num(y(y1))}" x2="${num(x(x2))}" y2="${num(y(y2))}" stroke="${GRID_COLORS.thick}" stroke-width="${thick}" stroke-linecap="square"/>\n`);
  }
  parts.push(
    `<rect class="border" x="${num(x(0) - pad / 2)}" y="${num(y(0) - pad / 2)}" width="${num(side + pad)}" height="${num(side + pad)}" fill="none" stroke="${GRID_COLORS.thick}" stroke-width="${thick}"/>\n`,
  );
  parts.push(...layers.diagonals, ...layers.lines, ...layers.cages, ...layers.edges);

  // Digits: givens dark and bold, the others (a solution, a player's entries) lighter.
  const fontSize = cell * 0.62;
  for (let i = 0; i < cellCount; i++) {
    const d = grid[i]!;
    if (d === 0) continue;
    const given = givens[i] !== 0;
    const [cx, cy] = centre(i);
    parts.push(
      `<text class="digit${given ? ' given' : ' placed'}" x="${num(cx)}" y="${num(cy + fontSize * 0.35)}" font-size="${num(fontSize)}" font-weight="${given ? 600 : 400}" fill="${given ? GRID_COLORS.givenDigit : GRID_COLORS.placedDigit}" text-anchor="middle">${escapeXml(digits[d - 1] ?? '?')}</text>\n`,
    );
  }
  parts.push(...layers.outside);
  captionLines.forEach((line, k) => {
    parts.push(
      `<text class="rules" x="${num(width / 2)}" y="${num(width + captionSize * (1.1 + 1.3 * k))}" font-size="${num(captionSize)}" fill="${VARIANT_COLORS.caption}" text-anchor="middle">${escapeXml(line)}</text>\n`,
    );
  });
  parts.push('</svg>\n');
  return parts.join('');
}

/**
 * The thick borders between regions, as runs of cell edges merged along each grid line:
 * [x1, y1, x2, y2] in cell units. Classic boxes give full lines; jigsaw regions give pieces.
 */
export function regionBorders(regionOf: ArrayLike<number>, size: number): Array<[number, number, number, number]> {
  const lines: Array<[number, number, number, number]> = [];
  for (let k = 1; k < size; k++) {
    for (const vertical of [true, false]) {
      let start = -1;
      for (let t = 0; t <= size; t++) {
        const differs = t < size && (vertical ? regionOf[t * size + k - 1] !== regionOf[t * size + k] : regionOf[(k - 1) * size + t] !== regionOf[k * size + t]);
        if (differs && start < 0) start = t;
        if (!differs && start >= 0) {
          lines.push(vertical ? [k, start, k, t] : [start, k, t, k]);
          start = -1;
        }
      }
    }
  }
  return lines;
}

/**
 * The outline of a set of cells as closed loops of grid corners, each corner with the direction
 * to move it by to inset the outline: [column, row, nx, ny]. The edges are walked clockwise
 * (inside on the right); at a corner the inset is the sum of the two edges' inward normals, which
 * is right for convex and concave corners alike. Where two cells touch only at a corner the walk
 * turns right, so each keeps its own loop.
 */
function cageOutline(cells: ReadonlySet<number>, size: number): Array<Array<[number, number, number, number]>> {
  type Edge = { from: Point; to: Point; dir: Point; used: boolean };
  const inside = (col: number, row: number) => col >= 0 && row >= 0 && col < size && row < size && cells.has(row * size + col);
  const outgoing = new Map<string, Edge[]>();
  const edges: Edge[] = [];
  const add = (from: Point, to: Point) => {
    const edge: Edge = { from, to, dir: [to[0] - from[0], to[1] - from[1]], used: false };
    edges.push(edge);
    const key = from.join();
    outgoing.set(key, [...(outgoing.get(key) ?? []), edge]);
  };
  for (const i of [...cells].sort((a, b) => a - b)) {
    const [c, r] = [i % size, Math.floor(i / size)];
    if (!inside(c, r - 1)) add([c, r], [c + 1, r]);
    if (!inside(c + 1, r)) add([c + 1, r], [c + 1, r + 1]);
    if (!inside(c, r + 1)) add([c + 1, r + 1], [c, r + 1]);
    if (!inside(c - 1, r)) add([c, r + 1], [c, r]);
  }
  const loops: Array<Array<[number, number, number, number]>> = [];
  for (const first of edges) {
    if (first.used) continue;
    const loop: Array<[number, number, number, number]> = [];
    let edge = first;
    edge.used = true;
    for (;;) {
      const [dx, dy] = edge.dir;
      const turns: Point[] = [
        [-dy, dx],
        [dx, dy],
        [dy, -dx],
      ]; // right, straight, left
      const candidates = outgoing.get(edge.to.join()) ?? [];
      const next = turns.map(([tx, ty]) => candidates.find((e) => e.dir[0] === tx && e.dir[1] === ty && (!e.used || e === first))).find((e) => e !== undefined);
      if (!next) break; // cannot happen on a closed outline
      if (next.dir[0] !== dx || next.dir[1] !== dy) loop.push([edge.to[0], edge.to[1], -dy - next.dir[1], dx + next.dir[0]]);
      if (next === first) break;
      next.used = true;
      edge = next;
    }
    loops.push(loop);
  }
  return loops;
}

function midpoint(a: Point, b: Point): Point {
  return [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
}

function chebyshev(g: { readonly rowOf: Int32Array; readonly colOf: Int32Array }, a: number, b: number): number {
  return Math.max(Math.abs(g.rowOf[a]! - g.rowOf[b]!), Math.abs(g.colOf[a]! - g.colOf[b]!));
}

/** Items joined by `separator` into lines of at most `width` characters (an item longer than that has a line of its own). */
function wrap(items: readonly string[], separator: string, width: number): string[] {
  const lines: string[] = [];
  for (const item of items) {
    const last = lines.at(-1);
    if (last !== undefined && last.length + separator.length + item.length <= width) lines[lines.length - 1] = last + separator + item;
    else lines.push(item);
  }
  return lines;
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}
