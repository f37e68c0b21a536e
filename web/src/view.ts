/**
 * The board view: the grid of cells (an ARIA grid with one tab stop) and the digit pad, built once
 * per geometry, and `render()`, which draws the whole page state into them: digits, marks or
 * candidates, the step on show, clashes, mistakes, the modes, the status line and the grade.
 */
import { Board, describeConflict, findConflicts, type Geometry, geometryName, type Step } from '../../src/index.js';
import { ui } from './dom.js';
import { renderGrade } from './grade.js';
import { renderStepPanel } from './panel.js';
import { game, state, stepView, wrong } from './state.js';
import { renderStatus } from './status.js';
import { digitName, digitsOf, plural } from './words.js';

let cells: HTMLElement[] = [];
let builtFor: Geometry | undefined;
const shownKey: string[] = [];

/** Build the cells (rows of gridcells, one tab stop) and the digit pad (a toolbar, one tab stop too) for a geometry. */
function buildBoard(g: Geometry): void {
  ui.board.replaceChildren();
  ui.board.style.setProperty('--n', String(g.size));
  ui.board.dataset.size = String(g.size);
  ui.board.setAttribute('aria-label', `Sudoku board, ${geometryName(g)}`);
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
      if (c > 0 && c % g.boxCols === 0) cell.classList.add('box-left');
      if (r > 0 && r % g.boxRows === 0) cell.classList.add('box-top');
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

/** The candidates of the player's board (the library's Board), less those applied hints removed. */
export function boardCandidates(): Uint32Array {
  const { candidates } = Board.fromGrid(game.geometry, game.grid());
  for (let cell = 0; cell < candidates.length; cell++) candidates[cell] = candidates[cell]! & ~game.eliminated[cell]!;
  return candidates;
}

/** How a step marks the candidates of one cell: digit → class. */
type CandidateMarks = Map<number, string>;

/** The candidates a step proves with, removes and places, by cell. */
function stepMarks(step: Step | undefined): Map<number, CandidateMarks> {
  const out = new Map<number, CandidateMarks>();
  if (!step) return out;
  const mark = (cell: number, digit: number, cls: string) => {
    let m = out.get(cell);
    if (!m) out.set(cell, (m = new Map()));
    m.set(digit, cls);
  };
  for (const c of step.candidates) mark(c.cell, c.digit, 'c-proof');
  for (const e of step.eliminations) mark(e.cell, e.digit, 'c-remove');
  for (const p of step.placements) mark(p.cell, p.digit, 'c-place');
  return out;
}

/** A cell's small digits: pencil marks or candidates, coloured by the step on show. */
function marksElement(g: Geometry, mask: number, marks?: CandidateMarks): HTMLElement {
  const box = document.createElement('span');
  box.className = 'marks';
  box.setAttribute('aria-hidden', 'true');
  box.style.gridTemplateColumns = `repeat(${g.boxCols}, 1fr)`;
  for (let d = 1; d <= g.size; d++) {
    const m = document.createElement('span');
    m.className = 'm';
    if (mask & (1 << (d - 1))) {
      m.textContent = digitName(g, d);
      const cls = marks?.get(d);
      if (cls) m.classList.add(cls);
    }
    box.append(m);
  }
  return box;
}

/** A hint's candidates in a cell, drawn over the player's own marks (which it never replaces): each digit in its place. */
function overlayElement(g: Geometry, marks: CandidateMarks): HTMLElement {
  let mask = 0;
  for (const d of marks.keys()) mask |= 1 << (d - 1);
  const box = marksElement(g, mask, marks);
  box.classList.add('overlay');
  return box;
}

/** Draw the page state into the board, the conflict line, the mode buttons, the status line and the grade. */
export function render(): void {
  const g = game.geometry;
  if (builtFor !== g) buildBoard(g);
  if (state.selected >= g.cellCount) state.selected = 0;
  const view = stepView();
  // An explanation shows its own board; a hint is drawn over the player's board, whose marks stay.
  const tour = state.tour !== undefined;
  const grid = tour && view ? view.values : game.grid();
  const conflicts = findConflicts(g, grid);
  const clashing = new Set(conflicts.flatMap((c) => c.cells));
  const selectedDigit = grid[state.selected] ?? 0;
  const [sr, sc, sb] = [g.rowOf[state.selected], g.colOf[state.selected], g.boxOf[state.selected]];
  const candidates = tour && view ? view.candidates : state.showCandidates ? boardCandidates() : undefined;
  const step = view?.step;
  const proof = new Set(step?.cells);
  const inUnits = new Set((step?.units ?? []).flatMap((u) => [...g.units[u]!]));
  const places = new Map(step?.placements.map((p) => [p.cell, p.digit]));
  const marked = stepMarks(step);
  for (let cell = 0; cell < g.cellCount; cell++) {
    const el = cells[cell]!;
    const d = grid[cell]!;
    const given = game.givens[cell] !== 0;
    const marks = d ? 0 : candidates ? candidates[cell]! : game.marks[cell]!;
    const filled = state.tour ? d !== 0 : game.filled[cell] === 1;
    const cl = el.classList;
    cl.toggle('given', given);
    cl.toggle('entry', !given && d !== 0 && !filled);
    cl.toggle('filled', !given && d !== 0 && filled);
    cl.toggle('unit', inUnits.has(cell));
    cl.toggle('proof', proof.has(cell));
    cl.toggle('place', places.has(cell));
    cl.toggle('selected', cell === state.selected);
    cl.toggle('peer', !step && cell !== state.selected && (g.rowOf[cell] === sr || g.colOf[cell] === sc || g.boxOf[cell] === sb));
    cl.toggle('same', d !== 0 && d === selectedDigit);
    cl.toggle('conflict', clashing.has(cell));
    if (clashing.has(cell)) el.setAttribute('aria-invalid', 'true');
    else el.removeAttribute('aria-invalid');
    cl.toggle('wrong', wrong.has(cell));
    cl.toggle('auto', candidates !== undefined);
    el.tabIndex = cell === state.selected ? 0 : -1;
    if (given) el.setAttribute('aria-readonly', 'true');
    else el.removeAttribute('aria-readonly');
    const cellMarks = marked.get(cell);
    const key = `${d}|${marks}|${cellMarks ? [...cellMarks].join() : ''}|${tour}`;
    if (shownKey[cell] !== key) {
      shownKey[cell] = key;
      if (d) el.replaceChildren(digitName(g, d));
      else if (tour) el.replaceChildren(marks ? marksElement(g, marks, cellMarks) : '');
      else el.replaceChildren(...(marks ? [marksElement(g, marks)] : []), ...(cellMarks ? [overlayElement(g, cellMarks)] : []));
    }
    let label = `row ${g.rowOf[cell]! + 1} column ${g.colOf[cell]! + 1}, ${d ? digitName(g, d) : 'empty'}`;
    if (given) label += ', given';
    if (!d && marks) label += `, ${candidates ? 'candidates' : 'marks'} ${digitsOf(g, marks).join(' ')}`;
    if (!d && !tour && cellMarks) label += `, the hint's candidates ${[...cellMarks.keys()].sort((a, b) => a - b).map((x) => digitName(g, x)).join(' ')}`;
    if (clashing.has(cell)) label += ', conflict';
    if (wrong.has(cell)) label += ', mistake';
    if (proof.has(cell)) label += ', proves the step';
    if (places.has(cell)) label += `, the step places ${digitName(g, places.get(cell)!)}`;
    const removed = step?.eliminations.filter((e) => e.cell === cell).map((e) => digitName(g, e.digit));
    if (removed?.length) label += `, the step removes ${removed.join(' ')}`;
    if (el.getAttribute('aria-label') !== label) el.setAttribute('aria-label', label);
  }
  ui.conflicts.textContent = conflicts.length
    ? `Conflict: ${describeConflict(g, conflicts[0]!)}${conflicts.length > 1 ? ` (and ${plural(conflicts.length - 1, 'more clash', 'more clashes')})` : ''}.`
    : '';
  ui.pencil.setAttribute('aria-pressed', String(state.pencil));
  ui.candidates.setAttribute('aria-pressed', String(state.showCandidates));
  ui.edit.setAttribute('aria-pressed', String(state.editing));
  ui.board.classList.toggle('editing', state.editing);
  const sizeValue = `${g.boxRows}x${g.boxCols}`;
  if (ui.size.value !== sizeValue) ui.size.value = sizeValue;
  renderStepPanel();
  renderStatus();
  renderGrade();
}

/** Select a cell and give it the keyboard focus. */
export function focusCell(cell: number): void {
  state.selected = cell;
  render();
  cells[cell]?.focus();
}
