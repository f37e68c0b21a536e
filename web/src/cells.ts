/**
 * The board's cells and the digit pad, built once per geometry (an ARIA grid of rows of gridcells
 * with one tab stop, and a toolbar of digits), and the small digits drawn in a cell: the player's
 * marks or the candidates, and a step's candidates coloured or laid over them.
 */
import { type Geometry, geometryName, type Step } from '../../src/index.js';
import { ui } from './dom.js';
import { digitName, digitsOf } from './words.js';

/** The cells of the board as built, in reading order. */
export let cells: HTMLElement[] = [];
/** The geometry the board was built for. */
export let builtFor: Geometry | undefined;
/** What each cell shows, as drawn last: a cell is redrawn only when this changes. */
export const shownKey: string[] = [];

/** Build the cells (rows of gridcells, one tab stop) and the digit pad (a toolbar, one tab stop too) for a geometry. */
export function buildBoard(g: Geometry): void {
  ui.board.replaceChildren();
  ui.board.style.setProperty('--n', String(g.size));
  ui.board.dataset.size = String(g.size);
  ui.board.setAttribute('aria-label', `Sudoku board, ${geometryName(g)}`);
  ui.board.setAttribute('aria-multiselectable', 'true');
  cells = [];
  shownKey.length = 0;
  for (let r = 0; r < g.size; r++) {
    const row = document.createElement('div');
    row.setAttribute('role', 'row');
    row.className = 'row';
    for (let c = 0; c < g.size; c++) {
      const cell = document.createElement('div');
      cell.setAttribute('role', 'gridcell');
      cell.tabIndex = -1;
      cell.dataset.cell = String(r * g.size + c);
      // A thick edge where the box (a jigsaw's region) changes.
      const i = r * g.size + c;
      if (c > 0 && g.boxOf[i - 1] !== g.boxOf[i]) cell.classList.add('box-left');
      if (r > 0 && g.boxOf[i - g.size] !== g.boxOf[i]) cell.classList.add('box-top');
      row.append(cell);
      cells.push(cell);
    }
    ui.board.append(row);
  }
  ui.pad.replaceChildren();
  for (let d = 1; d <= g.size; d++) {
    const b = document.createElement('button');
    b.type = 'button';
    b.textContent = digitName(g, d);
    b.dataset.digit = String(d);
    b.setAttribute('aria-label', `Digit ${digitName(g, d)}`);
    b.tabIndex = d === 1 ? 0 : -1;
    ui.pad.append(b);
  }
  const erase = document.createElement('button');
  erase.type = 'button';
  erase.textContent = 'Erase';
  erase.dataset.digit = '0';
  erase.className = 'erase';
  erase.tabIndex = -1;
  ui.pad.append(erase);
  ui.pad.dataset.size = String(g.size);
  builtFor = g;
}

/** How a step marks the candidates of one cell: digit → class. */
export type CandidateMarks = Map<number, string>;

/** The candidates a step proves with, removes and places, by cell. */
export function stepMarks(step: Step | undefined): Map<number, CandidateMarks> {
  const out = new Map<number, CandidateMarks>();
  if (!step) return out;
  const mark = (cell: number, digit: number, cls: string) => {
    let m = out.get(cell);
    if (!m) {
      m = new Map();
      out.set(cell, m);
    }
    m.set(digit, cls);
  };
  for (const c of step.candidates) mark(c.cell, c.digit, 'c-proof');
  for (const e of step.eliminations) mark(e.cell, e.digit, 'c-remove');
  for (const p of step.placements) mark(p.cell, p.digit, 'c-place');
  return out;
}

/** A cell's small digits: pencil marks or candidates, coloured by the step on show. */
export function marksElement(g: Geometry, mask: number, marks?: CandidateMarks, corners = false): HTMLElement {
  const box = document.createElement('span');
  box.className = 'marks';
  box.setAttribute('aria-hidden', 'true');
  box.style.gridTemplateColumns = `repeat(${g.boxCols}, 1fr)`;
  const spans = Array.from({ length: g.size }, () => document.createElement('span'));
  // Beside centre marks, the pencil marks go to the corners first (in ascending order), then the
  // edges, leaving the middle to the centre marks; otherwise each digit sits at its own place.
  const places = corners ? cornerOrder(g) : spans.map((_, i) => i);
  let next = 0;
  for (let d = 1; d <= g.size; d++) {
    if (!(mask & (1 << (d - 1)))) continue;
    const m = spans[places[corners ? next++ : d - 1]!]!;
    // Drawn by CSS from the attribute, so the cell's visible text stays its digit and its
    // accessible name (which says the marks in words) matches what is seen.
    m.dataset.d = digitName(g, d);
    const cls = marks?.get(d);
    if (cls) m.classList.add(cls);
  }
  for (const m of spans) m.classList.add('m');
  box.append(...spans);
  return box;
}

/** The places of a cell's small grid (boxRows by boxCols), farthest from the middle first. */
function cornerOrder(g: Geometry): number[] {
  const far = (i: number) => (Math.floor(i / g.boxCols) - (g.boxRows - 1) / 2) ** 2 + ((i % g.boxCols) - (g.boxCols - 1) / 2) ** 2;
  return Array.from({ length: g.size }, (_, i) => i).sort((a, b) => far(b) - far(a) || a - b);
}

/** A cell's centre marks: its digits in a row, small, in the middle (the more there are, the smaller). */
export function centreElement(g: Geometry, mask: number): HTMLElement {
  const el = document.createElement('span');
  el.className = 'centre';
  el.setAttribute('aria-hidden', 'true');
  const text = digitsOf(g, mask).join('');
  // Drawn by CSS from the attribute, as the pencil marks are (see marksElement).
  el.dataset.d = text;
  el.style.setProperty('--k', String(text.length));
  return el;
}

/** A hint's candidates in a cell, drawn over the player's own marks (which it never replaces): each digit in its place. */
export function overlayElement(g: Geometry, marks: CandidateMarks): HTMLElement {
  let mask = 0;
  for (const d of marks.keys()) mask |= 1 << (d - 1);
  const box = marksElement(g, mask, marks);
  box.classList.add('overlay');
  return box;
}
