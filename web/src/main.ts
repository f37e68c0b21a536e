/**
 * The page: the board, its keyboard, and the buttons. Every search (solve, check, count, hint,
 * explanation, grade) is sent to the Web Worker; the page itself only parses, shows and edits
 * grids with the library's own functions, so what it says about a puzzle is what the library says.
 */
import {
  applyStep,
  Board,
  cellName,
  describeConflict,
  findConflicts,
  geometry,
  type Geometry,
  geometryName,
  isSolution,
  LEVELS,
  type Level,
  makeLine,
  makePretty,
  type ParseResult,
  type Puzzle,
  parsePuzzle,
  renderGridSvg,
  type Step,
} from '../../src/index.js';
import { SolverClient, StoppedError, SupersededError } from './client.js';
import { Game } from './game.js';
import { type Analysis, DEFAULT_TIME_LIMIT_MS, type GradeData, type PuzzleData, type WorkRequest, type WorkResults } from './protocol.js';

/** The puzzle shown when the page opens without a link: the logic article's easy example. */
const FIRST_PUZZLE = '.48.9..5....74521..75..24......7...27.64.9...9.2.6.3.....61.827.13.5.649..798...1';

function byId<T extends HTMLElement = HTMLElement>(id: string): T {
  const el = document.getElementById(id);
  if (!el) throw new Error(`the page has no #${id}`);
  return el as T;
}

const ui = {
  board: byId('board'),
  pad: byId('pad'),
  conflicts: byId('conflicts'),
  status: byId('status'),
  busy: byId('busy'),
  busyText: byId('busy-text'),
  stop: byId<HTMLButtonElement>('stop'),
  size: byId<HTMLSelectElement>('size'),
  undo: byId<HTMLButtonElement>('undo'),
  redo: byId<HTMLButtonElement>('redo'),
  pencil: byId<HTMLButtonElement>('pencil'),
  candidates: byId<HTMLButtonElement>('candidates'),
  edit: byId<HTMLButtonElement>('edit'),
  clear: byId<HTMLButtonElement>('clear'),
  solve: byId<HTMLButtonElement>('solve'),
  check: byId<HTMLButtonElement>('check'),
  count: byId<HTMLButtonElement>('count'),
  hint: byId<HTMLButtonElement>('hint'),
  explain: byId<HTMLButtonElement>('explain'),
  grade: byId('grade'),
  stepPanel: byId('step-panel'),
  stepTitle: byId('step-title'),
  stepText: byId('step-text'),
  stepBack: byId<HTMLButtonElement>('step-back'),
  stepNext: byId<HTMLButtonElement>('step-next'),
  stepApply: byId<HTMLButtonElement>('step-apply'),
  stepClose: byId<HTMLButtonElement>('step-close'),
  stepList: byId('step-list'),
  countOut: byId('count-out'),
  level: byId<HTMLSelectElement>('level'),
  generate: byId<HTMLButtonElement>('generate'),
  share: byId<HTMLButtonElement>('share'),
  shareOut: byId('share-out'),
  shareLink: byId<HTMLInputElement>('share-link'),
  exportText: byId<HTMLButtonElement>('export-text'),
  exportSvg: byId<HTMLButtonElement>('export-svg'),
  print: byId<HTMLButtonElement>('print'),
  loadForm: byId<HTMLFormElement>('load-form'),
  puzzleText: byId<HTMLTextAreaElement>('puzzle-text'),
};

/** The search time limit: 20 seconds, or what the link's `?time-limit=` says (in seconds). */
function timeLimitMs(): number {
  const asked = Number(new URLSearchParams(window.location.search).get('time-limit') ?? Number.NaN);
  return asked > 0 ? asked * 1000 : DEFAULT_TIME_LIMIT_MS;
}

/** Every search the player asks for; a newer one, or any change of the board, ends the one in flight. */
const solver = new SolverClient('sudokit-solver', timeLimitMs());
/** The grade line's own worker, so a grade never holds up (or is cut short by) the player's searches. */
const grader = new SolverClient('sudokit-grader', solver.timeLimitMs);
const game = new Game(geometry(3, 3));
// An answer about the board as it was must not land on the board as it is.
game.onChange = () => solver.cancel();
/** The cell the keyboard and the digit pad act on. */
let selected = 0;
let pencil = false;
let showCandidates = false;
/** While on, typed digits become givens: how a puzzle is entered by hand. */
let editing = false;
/** Cells Check found wrong; cleared when they change. */
const wrong = new Set<number>();
const analyses = new Map<string, Analysis>();

/** A step shown on the board: the grid and candidates it was found on, and the step itself. */
interface StepView {
  readonly values: Uint8Array;
  readonly candidates: Uint32Array;
  readonly step?: Step;
}

/** The hint on show over the player's board, if any. */
let hint: StepView | undefined;

/** A full explanation being stepped through: the board before each step, and after the last. */
let tour: { readonly steps: Step[]; readonly boards: Board[]; index: number; readonly note: string } | undefined;

function stepView(): StepView | undefined {
  if (!tour) return hint;
  const board = tour.boards[tour.index]!;
  return { values: board.values, candidates: board.candidates, step: tour.steps[tour.index] };
}

// ---------------------------------------------------------------- messages

type Tone = 'info' | 'ok' | 'error';

/** The board revision the status line speaks about: once the board changes, render() replaces it with boardStatus(). */
let saidAt = -1;

/** Show a message about the board as it is now. */
function say(text: string, tone: Tone = 'info'): void {
  ui.status.textContent = text;
  ui.status.dataset.tone = tone;
  saidAt = game.revision;
}

/** What the status line says about the board when no message speaks about this revision of it. */
function boardStatus(): [string, Tone] {
  const g = game.geometry;
  const grid = game.grid();
  if (editing) return ['Edit givens: typed digits become givens of the puzzle.', 'info'];
  if (isSolution(grid, game.puzzle())) return ['Solved! Every row, column and box holds each digit once.', 'ok'];
  const givens = game.givens.reduce((n, d) => n + (d ? 1 : 0), 0);
  const empty = grid.reduce((n, d) => n + (d ? 0 : 1), 0);
  return [`A ${geometryName(g)} puzzle with ${plural(givens, 'given')}: ${plural(empty, 'empty cell')} left.`, 'info'];
}

function digitName(g: Geometry, d: number): string {
  return g.digits[d - 1] ?? String(d);
}

function cellList(g: Geometry, cells: Iterable<number>, max = 8): string {
  const names = [...cells].map((c) => cellName(g, c));
  return names.length > max ? `${names.slice(0, max).join(', ')} and ${names.length - max} more` : names.join(', ');
}

/** `1 step`, `2 steps`; `many` for words that do not just take an s. */
function plural(n: number, word: string, many = `${word}s`): string {
  return `${n} ${n === 1 ? word : many}`;
}

// ---------------------------------------------------------------- the board

let cells: HTMLElement[] = [];
let builtFor: Geometry | undefined;
const shownKey: string[] = [];

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
    ui.pad.append(b);
  }
  const erase = document.createElement('button');
  erase.type = 'button';
  erase.textContent = 'Erase';
  erase.dataset.digit = '0';
  erase.className = 'erase';
  ui.pad.append(erase);
  ui.pad.dataset.size = String(g.size);
  builtFor = g;
}

/** The candidates of the player's board (the library's Board), less those applied hints removed. */
function boardCandidates(): Uint32Array {
  const { candidates } = Board.fromGrid(game.geometry, game.grid());
  for (let cell = 0; cell < candidates.length; cell++) candidates[cell] = candidates[cell]! & ~game.eliminated[cell]!;
  return candidates;
}

/** How a step marks the candidates of one cell: digit → class. */
type CandidateMarks = Map<number, string>;

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

function digitsOf(g: Geometry, mask: number): string[] {
  const out: string[] = [];
  for (let d = 1; d <= g.size; d++) if (mask & (1 << (d - 1))) out.push(digitName(g, d));
  return out;
}

function render(): void {
  const g = game.geometry;
  if (builtFor !== g) buildBoard(g);
  if (selected >= g.cellCount) selected = 0;
  const view = stepView();
  const grid = view ? view.values : game.grid();
  const conflicts = findConflicts(g, grid);
  const clashing = new Set(conflicts.flatMap((c) => c.cells));
  const selectedDigit = grid[selected] ?? 0;
  const [sr, sc, sb] = [g.rowOf[selected], g.colOf[selected], g.boxOf[selected]];
  const candidates = view ? view.candidates : showCandidates ? boardCandidates() : undefined;
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
    const filled = tour ? d !== 0 : game.filled[cell] === 1;
    const cl = el.classList;
    cl.toggle('given', given);
    cl.toggle('entry', !given && d !== 0 && !filled);
    cl.toggle('filled', !given && d !== 0 && filled);
    cl.toggle('unit', inUnits.has(cell));
    cl.toggle('proof', proof.has(cell));
    cl.toggle('place', places.has(cell));
    cl.toggle('selected', cell === selected);
    cl.toggle('peer', !step && cell !== selected && (g.rowOf[cell] === sr || g.colOf[cell] === sc || g.boxOf[cell] === sb));
    cl.toggle('same', d !== 0 && d === selectedDigit);
    cl.toggle('conflict', clashing.has(cell));
    cl.toggle('wrong', wrong.has(cell));
    cl.toggle('auto', candidates !== undefined);
    el.tabIndex = cell === selected ? 0 : -1;
    if (given) el.setAttribute('aria-readonly', 'true');
    else el.removeAttribute('aria-readonly');
    const cellMarks = marked.get(cell);
    const key = `${d}|${marks}|${cellMarks ? [...cellMarks].join() : ''}`;
    if (shownKey[cell] !== key) {
      shownKey[cell] = key;
      el.replaceChildren(d ? digitName(g, d) : marks ? marksElement(g, marks, cellMarks) : '');
    }
    let label = `row ${g.rowOf[cell]! + 1} column ${g.colOf[cell]! + 1}, ${d ? digitName(g, d) : 'empty'}`;
    if (given) label += ', given';
    if (!d && marks) label += `, ${candidates ? 'candidates' : 'marks'} ${digitsOf(g, marks).join(' ')}`;
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
  ui.pencil.setAttribute('aria-pressed', String(pencil));
  ui.candidates.setAttribute('aria-pressed', String(showCandidates));
  ui.edit.setAttribute('aria-pressed', String(editing));
  ui.board.classList.toggle('editing', editing);
  const sizeValue = `${g.boxRows}x${g.boxCols}`;
  if (ui.size.value !== sizeValue) ui.size.value = sizeValue;
  if (saidAt !== game.revision) {
    const [text, tone] = boardStatus();
    say(text, tone);
  }
  renderGrade();
}

function focusCell(cell: number): void {
  selected = cell;
  render();
  cells[cell]?.focus();
}

// ---------------------------------------------------------------- editing

/** Forget what was worked out about the previous puzzle. */
function puzzleChanged(): void {
  wrong.clear();
  closeHint();
  closeTour();
  ui.countOut.hidden = true;
  ui.shareOut.hidden = true;
}

/** Put a digit (0 to empty) in a cell, as a given, an entry or a pencil mark depending on the mode. */
function put(cell: number, digit: number): void {
  const g = game.geometry;
  const bit = digit ? 1 << (digit - 1) : 0;
  if (tour) {
    say('The board shows the explanation; press Close to go back to your grid.');
    return;
  }
  closeHint();
  if (editing) {
    if (game.givens[cell] === digit && !game.entries[cell]) return;
    game.record();
    game.givens[cell] = digit;
    game.entries[cell] = 0;
    game.filled[cell] = 0;
    game.marks[cell] = 0;
    game.eliminated.fill(0);
    puzzleChanged();
  } else if (game.givens[cell]) {
    say(`${cellName(g, cell)} is a given of the puzzle; switch on "Edit givens" to change it.`);
    return;
  } else if (pencil && digit) {
    if (game.entries[cell]) {
      say(`${cellName(g, cell)} holds a digit; empty it before pencilling marks.`);
      return;
    }
    game.record();
    game.marks[cell]! ^= bit;
  } else {
    if (digit === 0 && !game.entries[cell]) {
      if (!game.marks[cell]) return;
      game.record();
      game.marks[cell] = 0;
    } else {
      if (game.entries[cell] === digit) return;
      game.record();
      // Eliminations from hints rest on the entries: changing or erasing one voids them.
      if (game.entries[cell]) game.eliminated.fill(0);
      game.entries[cell] = digit;
      game.filled[cell] = 0;
      // A placed digit is no longer a possibility for its peers: drop it from their marks.
      if (digit) for (const p of g.peers[cell]!) game.marks[p]! &= ~bit;
    }
  }
  wrong.delete(cell);
  render();
  if (pencil && digit && showCandidates && !editing) say('Candidates are shown; switch them off to see your own marks.');
}

/** The digit a key stands for on this board, or 0. */
function digitOfKey(g: Geometry, key: string): number {
  if (key.length !== 1) return 0;
  const i = g.digits.indexOf(key.toUpperCase());
  return i >= 0 && key !== '0' ? i + 1 : 0;
}

function undo(): void {
  if (!game.undo()) return say('Nothing to undo.');
  puzzleChanged();
  render();
}

function redo(): void {
  if (!game.redo()) return say('Nothing to redo.');
  puzzleChanged();
  render();
}

/** The next (or previous) empty cell after the selected one in reading order, or -1. */
function nextEmpty(step: 1 | -1): number {
  const grid = game.grid();
  for (let cell = selected + step; cell >= 0 && cell < grid.length; cell += step) if (grid[cell] === 0) return cell;
  return -1;
}

function onBoardKey(e: KeyboardEvent): void {
  if (e.ctrlKey || e.metaKey || e.altKey) return;
  const g = game.geometry;
  const n = g.size;
  const r = Math.floor(selected / n);
  const c = selected % n;
  const moves: Record<string, [number, number]> = {
    ArrowUp: [r - 1, c],
    ArrowDown: [r + 1, c],
    ArrowLeft: [r, c - 1],
    ArrowRight: [r, c + 1],
    Home: [r, 0],
    End: [r, n - 1],
  };
  const target = moves[e.key];
  if (target) {
    // Moves stop at the edges of the board.
    e.preventDefault();
    const [row, col] = target.map((x) => Math.max(0, Math.min(n - 1, x)));
    return focusCell(row! * n + col!);
  }
  switch (e.key) {
    // Tab and Shift+Tab leave the board (one tab stop, as in the WAI-ARIA grid pattern); Enter
    // and Shift+Enter jump to the next or previous empty cell inside it.
    case 'Enter': {
      const next = nextEmpty(e.shiftKey ? -1 : 1);
      if (next >= 0) {
        e.preventDefault();
        focusCell(next);
      }
      return;
    }
    case 'Escape':
      if (hint || tour) {
        e.preventDefault();
        closeHint();
        closeTour();
        render();
      }
      return;
    case 'Backspace':
    case 'Delete':
    case '0':
    case '.':
    case ' ':
      e.preventDefault();
      return put(selected, 0);
  }
  const digit = digitOfKey(g, e.key);
  if (digit) {
    e.preventDefault();
    return put(selected, digit);
  }
  if (e.key === 'p' || e.key === 'P') togglePencil();
  else if (e.key === 'c' || e.key === 'C') toggleCandidates();
}

function togglePencil(): void {
  pencil = !pencil;
  say(pencil ? 'Pencil marks: typed digits are marked or unmarked in the cell.' : 'Digits: typed digits are entered in the cell.');
  render();
}

function toggleCandidates(): void {
  showCandidates = !showCandidates;
  say(showCandidates ? 'Showing every candidate: the digits no peer holds yet.' : 'Showing your own pencil marks.');
  render();
}

// ---------------------------------------------------------------- loading puzzles

/** Parse any text the library reads; a side with several box shapes takes the board's, then 2x3. */
function readPuzzle(text: string, box?: string): ParseResult {
  const first = parsePuzzle(text, box ? { box } : {});
  if (first.ok || first.error.code !== 'geometry' || box) return first;
  const g = game.geometry;
  for (const shape of [`${g.boxRows}x${g.boxCols}`, '2x3']) {
    const again = parsePuzzle(text, { box: shape });
    if (again.ok) return again;
  }
  return first;
}

/** Show a puzzle in play mode; `fresh` starts a new history (the page's first puzzle cannot be undone away). */
function loadPuzzle(puzzle: Puzzle, how: string, fresh = false): void {
  if (fresh) game.reset(puzzle);
  else game.load(puzzle);
  editing = false;
  puzzleChanged();
  const g = puzzle.geometry;
  const givens = puzzle.givens.reduce((n, d) => n + (d ? 1 : 0), 0);
  say(`${how}: a ${geometryName(g)} puzzle with ${plural(givens, 'given')}.`, 'ok');
  selected = Math.max(0, puzzle.givens.indexOf(0));
  render();
}

function loadText(text: string, how: string, fresh = false): boolean {
  const parsed = readPuzzle(text);
  if (!parsed.ok) {
    say(parsed.error.message, 'error');
    return false;
  }
  loadPuzzle(parsed.puzzle, how, fresh);
  return true;
}

function newBoard(g: Geometry): void {
  game.load({ geometry: g, givens: new Uint8Array(g.cellCount) });
  editing = true;
  puzzleChanged();
  selected = 0;
  say(`An empty ${geometryName(g)} board: type the givens ("Edit givens" is on), or paste a puzzle.`);
  render();
}

// ---------------------------------------------------------------- the solver

let busyTimer: number | undefined;
solver.onBusy = (busy) => {
  clearTimeout(busyTimer);
  if (!busy) ui.busy.hidden = true;
  else busyTimer = window.setTimeout(() => (ui.busy.hidden = false), 150);
};

function toData(p: Puzzle): PuzzleData {
  return { boxRows: p.geometry.boxRows, boxCols: p.geometry.boxCols, givens: Uint8Array.from(p.givens) };
}

/** The puzzle to work on, or undefined (with a message) while its givens clash. */
function solvablePuzzle(puzzle: Puzzle = game.puzzle()): Puzzle | undefined {
  const clash = findConflicts(puzzle.geometry, puzzle.givens)[0];
  if (clash) {
    say(`The givens clash, so there is no solution: ${describeConflict(puzzle.geometry, clash)}. Fix it first.`, 'error');
    return undefined;
  }
  return puzzle;
}

function puzzleKey(puzzle: Puzzle): string {
  return `${puzzle.geometry.boxRows}x${puzzle.geometry.boxCols}:${makeLine(puzzle.geometry, puzzle.givens)}`;
}

/** Ask the worker; undefined when the user stopped it or it failed (with a message), or when a newer request or a change of the board superseded it (silently). */
async function ask<K extends WorkRequest['kind']>(request: Extract<WorkRequest, { kind: K }>, label: string): Promise<WorkResults[K] | undefined> {
  ui.busyText.textContent = `${label}…`;
  try {
    return await solver.run(request);
  } catch (e) {
    if (e instanceof SupersededError) return undefined;
    say(e instanceof StoppedError ? 'Stopped.' : `${label} failed: ${(e as Error).message}`, e instanceof StoppedError ? 'info' : 'error');
    return undefined;
  }
}

/** Count (up to two) and solve in the worker, remembered per puzzle. */
async function analyse(puzzle: Puzzle, label: string): Promise<Analysis | undefined> {
  const key = puzzleKey(puzzle);
  const known = analyses.get(key);
  if (known) return known;
  const a = await ask({ kind: 'analyse', puzzle: toData(puzzle) }, label);
  if (a && !a.timedOut) analyses.set(key, a);
  return a;
}

function timeText(a: Analysis): string {
  return a.micros < 1000 ? `${a.micros} µs` : `${(a.micros / 1000).toFixed(a.micros < 10_000 ? 1 : 0)} ms`;
}

const GAVE_UP = `The solver gave up after ${plural(solver.timeLimitMs / 1000, 'second')} without settling it.`;

async function onSolve(): Promise<void> {
  const puzzle = solvablePuzzle();
  if (!puzzle) return;
  const a = await analyse(puzzle, 'Solving');
  if (!a) return;
  const solution = a.solutions[0];
  if (!solution) return say(a.timedOut ? GAVE_UP : 'No solution: no way to fill this grid keeps every row, column and box free of repeats.', 'error');
  const g = puzzle.geometry;
  game.record();
  let replaced = 0;
  for (let cell = 0; cell < g.cellCount; cell++) {
    if (game.givens[cell]) continue;
    if (game.entries[cell] && game.entries[cell] !== solution[cell]) replaced++;
    if (game.entries[cell] !== solution[cell]) {
      game.entries[cell] = solution[cell]!;
      game.filled[cell] = 1;
    }
    game.marks[cell] = 0;
  }
  editing = false;
  wrong.clear();
  closeHint();
  closeTour();
  game.eliminated.fill(0);
  render();
  const fixed = replaced ? ` ${plural(replaced, 'entry', 'entries')} of yours did not match and ${replaced === 1 ? 'was' : 'were'} replaced.` : '';
  if (a.count === 1) say(`Solved in ${timeText(a)}; it is the only solution.${fixed}`, 'ok');
  else say(`This puzzle has more than one solution; this is one of them (Count shows two side by side).${fixed}`, 'info');
}

async function onCheck(): Promise<void> {
  const puzzle = solvablePuzzle();
  if (!puzzle) return;
  const g = puzzle.geometry;
  const a = await analyse(puzzle, 'Checking');
  if (!a) return;
  wrong.clear();
  if (a.count === 0) return say(a.timedOut ? GAVE_UP : 'This puzzle has no solution, so there is nothing to check against.', 'error');
  if (a.count === 1) {
    const solution = a.solutions[0]!;
    let left = 0;
    for (let cell = 0; cell < g.cellCount; cell++) {
      if (game.givens[cell]) continue;
      if (!game.entries[cell]) left++;
      else if (game.entries[cell] !== solution[cell]) wrong.add(cell);
    }
    render();
    if (wrong.size) return say(`${plural(wrong.size, 'mistake')}, marked on the board: ${cellList(g, wrong)}.`, 'error');
    return say(left ? `No mistakes so far; ${plural(left, 'cell')} to go.` : 'Solved! Every entry is right.', 'ok');
  }
  const grid = game.grid();
  const clash = findConflicts(g, grid)[0];
  if (clash) return say(`Your entries clash: ${describeConflict(g, clash)}.`, 'error');
  if (isSolution(grid, puzzle)) return say('Solved! Your grid is one of the solutions of this puzzle (it has several).', 'ok');
  const b = await analyse({ geometry: g, givens: grid }, 'Checking');
  if (!b) return;
  if (b.count === 0 && !b.timedOut) say('Your entries leave no solution, so at least one is wrong (the puzzle has several solutions, so Check cannot say which).', 'error');
  else if (b.count > 0) say('No contradiction: your entries still lead to a solution. The puzzle has several solutions, so there is no single answer to mark against.', 'ok');
  else say(GAVE_UP, 'error');
}

function miniGrid(g: Geometry, grid: Uint8Array, other: Uint8Array, caption: string): HTMLTableElement {
  const table = document.createElement('table');
  table.className = 'mini';
  table.dataset.size = String(g.size);
  table.createCaption().textContent = caption;
  const body = table.createTBody();
  for (let r = 0; r < g.size; r++) {
    const tr = body.insertRow();
    for (let c = 0; c < g.size; c++) {
      const cell = r * g.size + c;
      const td = tr.insertCell();
      td.textContent = digitName(g, grid[cell]!);
      if (game.givens[cell]) td.className = 'given';
      else if (grid[cell] !== other[cell]) td.className = 'diff';
      if (c > 0 && c % g.boxCols === 0) td.classList.add('box-left');
      if (r > 0 && r % g.boxRows === 0) td.classList.add('box-top');
    }
  }
  return table;
}

async function onCount(): Promise<void> {
  const puzzle = solvablePuzzle();
  if (!puzzle) return;
  const a = await analyse(puzzle, 'Counting');
  if (!a) return;
  const g = puzzle.geometry;
  const out = ui.countOut;
  out.replaceChildren();
  const p = document.createElement('p');
  out.append(p);
  out.hidden = false;
  if (a.timedOut && a.count < 2) {
    p.textContent = GAVE_UP;
    say(GAVE_UP, 'error');
  } else if (a.count === 0) {
    p.textContent = 'No solution.';
    say('Count: this puzzle has no solution.', 'error');
  } else if (a.count === 1) {
    p.textContent = 'Exactly one solution: a proper puzzle.';
    say(`Count: exactly one solution (${timeText(a)}).`, 'ok');
  } else {
    const [s1, s2] = a.solutions;
    p.textContent = s2
      ? `More than one solution. Two of them, side by side; the ${plural(s1!.reduce((n, d, i) => n + (d !== s2[i] ? 1 : 0), 0), 'cell')} where they differ are marked.`
      : 'More than one solution.';
    say('Count: more than one solution, so this is not a proper puzzle.', 'info');
    if (s1 && s2) {
      const pair = document.createElement('div');
      pair.className = 'pair';
      pair.append(miniGrid(g, s1, s2, 'Solution 1'), miniGrid(g, s2, s1, 'Solution 2'));
      out.append(pair);
    }
  }
}

// ---------------------------------------------------------------- hints and explanations

function closeHint(): void {
  if (!hint) return;
  hint = undefined;
  renderStepPanel();
}

function closeTour(): void {
  if (!tour) return;
  tour = undefined;
  renderStepPanel();
}

function effectsText(g: Geometry, step: Step): string {
  return [
    ...step.placements.map((p) => `${cellName(g, p.cell)}=${digitName(g, p.digit)}`),
    ...step.eliminations.map((e) => `${cellName(g, e.cell)}<>${digitName(g, e.digit)}`),
  ].join(', ');
}

function stepTitle(step: Step): string {
  return step.technique === 'guess' ? 'a guess (no technique applies here)' : `${step.technique} (${step.rating.toFixed(1)})`;
}

function renderStepPanel(): void {
  const panel = ui.stepPanel;
  const view = stepView();
  panel.hidden = !view;
  if (!view) {
    ui.stepList.replaceChildren();
    return;
  }
  const step = view.step;
  ui.stepApply.hidden = !hint;
  ui.stepBack.hidden = !tour;
  ui.stepNext.hidden = !tour;
  if (tour) {
    const n = tour.steps.length;
    ui.stepTitle.textContent = step ? `Step ${tour.index + 1} of ${n}: ${stepTitle(step)}` : `After all ${n} steps`;
    ui.stepText.textContent = step ? step.text : tour.note;
    ui.stepBack.disabled = tour.index === 0;
    ui.stepNext.disabled = tour.index >= n;
    ui.stepList.querySelector('[aria-current]')?.removeAttribute('aria-current');
    const item = ui.stepList.children[tour.index];
    item?.setAttribute('aria-current', 'step');
    item?.scrollIntoView({ block: 'nearest' });
  } else if (step) {
    ui.stepTitle.textContent = `Hint: ${stepTitle(step)}`;
    ui.stepText.textContent = `${step.text}. Apply puts ${effectsText(game.geometry, step)} on your board.`;
  }
}

async function onHint(): Promise<void> {
  closeTour();
  const puzzle = solvablePuzzle();
  if (!puzzle) return;
  const g = puzzle.geometry;
  const clash = findConflicts(g, game.grid())[0];
  if (clash) return say(`Your entries clash: ${describeConflict(g, clash)}. Fix that first.`, 'error');
  const answer = await ask({ kind: 'hint', puzzle: toData(puzzle), entries: game.entries.slice(), eliminated: game.eliminated.slice() }, 'Finding a hint');
  if (!answer) return;
  closeHint();
  wrong.clear();
  switch (answer.kind) {
    case 'mistakes':
      for (const cell of answer.cells) wrong.add(cell);
      say(`Before the next step: ${plural(answer.cells.length, 'entry', 'entries')} ${answer.cells.length === 1 ? 'is' : 'are'} wrong, marked on the board: ${cellList(g, answer.cells)}.`, 'error');
      break;
    case 'solved':
      say('The grid is complete: no step left.', 'ok');
      break;
    case 'stuck':
      say(`No hint: ${answer.reason}.`, 'error');
      break;
    case 'step':
      hint = { values: game.grid(), candidates: answer.candidates, step: answer.step };
      say(`Hint: ${answer.step.text}.`);
      renderStepPanel();
      break;
  }
  render();
}

function applyHint(): void {
  if (!hint?.step) return;
  const { step } = hint;
  const g = game.geometry;
  game.record();
  for (const p of step.placements) {
    if (game.givens[p.cell]) continue;
    game.entries[p.cell] = p.digit;
    game.filled[p.cell] = 1;
    game.marks[p.cell] = 0;
    for (const peer of g.peers[p.cell]!) game.marks[peer]! &= ~(1 << (p.digit - 1));
  }
  for (const e of step.eliminations) {
    game.eliminated[e.cell]! |= 1 << (e.digit - 1);
    game.marks[e.cell]! &= ~(1 << (e.digit - 1));
  }
  closeHint();
  render();
  cells[selected]?.focus();
  if (isSolution(game.grid(), game.puzzle())) say('Solved! Every row, column and box holds each digit once.', 'ok');
  else say(`Applied: ${effectsText(g, step)}.`, 'ok');
}

async function onExplain(): Promise<void> {
  const puzzle = solvablePuzzle();
  if (!puzzle) return;
  const path = await ask({ kind: 'explain', puzzle: toData(puzzle) }, 'Explaining');
  if (!path) return;
  if (path.steps.length === 0) return say(`No explanation: ${path.reason ?? 'nothing to explain'}.`, path.reason ? 'error' : 'info');
  const boards = [Board.fromPuzzle(puzzle)];
  for (const step of path.steps) {
    const next = boards[boards.length - 1]!.clone();
    applyStep(next, step);
    boards.push(next);
  }
  const guesses = path.steps.filter((s) => s.technique === 'guess').length;
  const note = path.solved
    ? `Solved in ${plural(path.steps.length, 'step')}${guesses ? `, ${plural(guesses, 'guess', 'guesses')} among them where no technique applied` : ', by logic alone'}.`
    : `The steps stop here: ${path.reason ?? 'no further step'}.`;
  closeHint();
  tour = { steps: path.steps, boards, index: 0, note };
  ui.stepList.replaceChildren(
    ...path.steps.map((step, i) => {
      const li = document.createElement('li');
      const b = document.createElement('button');
      b.type = 'button';
      b.textContent = step.technique === 'guess' ? `Guess: ${effectsText(puzzle.geometry, step)}` : `${step.technique}: ${effectsText(puzzle.geometry, step)}`;
      b.addEventListener('click', () => showTourStep(i));
      li.append(b);
      return li;
    }),
  );
  renderStepPanel();
  render();
  say(`${note} Step through with Next and Back, or pick a step from the list.`);
  ui.stepNext.focus();
}

function showTourStep(index: number): void {
  if (!tour) return;
  tour.index = Math.max(0, Math.min(tour.steps.length, index));
  renderStepPanel();
  render();
}

function gradeText(grade: GradeData): string {
  const used = Object.entries(grade.techniques)
    .sort((a, b) => b[1] - a[1])
    .map(([name, n]) => `${name} ×${n}`)
    .join(', ');
  return `Grade: ${grade.level}, ${grade.rating.toFixed(1)} on the Sukaku Explainer scale${grade.unique ? '' : ' (more than one solution)'}${grade.guessed ? '; logic alone does not finish it' : ''}. Steps: ${used}.`;
}

/** The grade line's text for each puzzle (by key) the grader has answered about. */
const grades = new Map<string, string>();
/** The puzzle whose grade is being worked out, or ''. */
let gradeAsked = '';

/** The grade line shows the grade of the puzzle on the board (none while its givens are being edited), asking the grader once per puzzle. */
function renderGrade(): void {
  const puzzle = game.puzzle();
  const key = puzzleKey(puzzle);
  let text = editing ? '' : grades.get(key);
  if (text === undefined) {
    if (findConflicts(puzzle.geometry, puzzle.givens).length) grades.set(key, (text = 'Grade: none, the givens clash.'));
    else {
      text = 'Grade: working it out…';
      if (gradeAsked !== key) void askGrade(puzzle, key);
    }
  }
  if (ui.grade.textContent !== text) ui.grade.textContent = text;
}

async function askGrade(puzzle: Puzzle, key: string): Promise<void> {
  gradeAsked = key;
  let text: string;
  try {
    text = gradeText(await grader.run({ kind: 'grade', puzzle: toData(puzzle) }));
  } catch (e) {
    if (e instanceof SupersededError) return;
    text = /without a solution/.test((e as Error).message) ? 'Grade: none, the puzzle has no solution.' : `Grade: ${(e as Error).message}.`;
  }
  grades.set(key, text);
  if (gradeAsked === key) gradeAsked = '';
  renderGrade();
}

// ---------------------------------------------------------------- new puzzles

async function onGenerate(): Promise<void> {
  const g = game.geometry;
  const level = ui.level.value === 'any' ? undefined : (ui.level.value as Level);
  const seed = 1 + Math.floor(Math.random() * 0x7ffffffe);
  const made = await ask({ kind: 'generate', boxRows: g.boxRows, boxCols: g.boxCols, level, seed }, 'Generating');
  if (!made) return;
  const puzzle = { geometry: g, givens: made.givens };
  if (made.grade) {
    // The generator graded it already: show that grade rather than ask again.
    grades.set(puzzleKey(puzzle), gradeText(made.grade));
  }
  loadPuzzle(puzzle, `Generated (seed ${seed})`);
  cells[selected]?.focus();
}

// ---------------------------------------------------------------- share, export, print

function shareUrl(): string {
  const g = game.geometry;
  const url = new URL(window.location.href);
  url.search = '';
  url.hash = '';
  url.searchParams.set('puzzle', makeLine(g, game.givens));
  if (g.boxRows !== g.boxCols) url.searchParams.set('box', `${g.boxRows}x${g.boxCols}`);
  return url.toString();
}

async function onShare(): Promise<void> {
  const link = shareUrl();
  ui.shareLink.value = link;
  ui.shareOut.hidden = false;
  try {
    if (!navigator.clipboard) throw new Error('no clipboard');
    await navigator.clipboard.writeText(link);
    say('Link copied to the clipboard; it is also in the box below.', 'ok');
  } catch {
    say('Copy the link from the box below (the clipboard is not available here).');
    ui.shareLink.focus();
    ui.shareLink.select();
  }
}

function download(name: string, type: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

function onExportText(): void {
  const g = game.geometry;
  const text = `${makePretty(g, game.grid())}\n`;
  ui.puzzleText.value = text;
  download('sudokit-grid.txt', 'text/plain', text);
  say('The grid is in the text box (it reads back in) and was downloaded as sudokit-grid.txt.', 'ok');
}

/** The board as shown (a step's grid and candidates while one is on show) drawn by the library's SVG renderer, the CLI's too. */
function onExportSvg(): void {
  const g = game.geometry;
  const view = stepView();
  const candidates = view ? view.candidates : showCandidates ? boardCandidates() : undefined;
  const step = view?.step;
  const svg = renderGridSvg(g, view ? view.values : game.grid(), {
    givens: game.givens,
    candidates,
    highlight: step ? [...new Set([...step.cells, ...step.placements.map((p) => p.cell)])] : undefined,
    highlightCandidates: step ? [...step.eliminations, ...step.placements] : undefined,
  });
  download('sudokit-grid.svg', 'image/svg+xml', svg);
  say('The grid was downloaded as sudokit-grid.svg.', 'ok');
}

function onClear(): void {
  if (game.countEntries() || game.marks.some((m) => m !== 0)) {
    game.record();
    game.entries.fill(0);
    game.marks.fill(0);
    game.filled.fill(0);
    game.eliminated.fill(0);
    puzzleChanged();
    say('Your entries and marks are cleared; the givens stay (Clear again empties the board).');
    render();
  } else if (game.givens.some((d) => d !== 0)) {
    newBoard(game.geometry);
  } else {
    say('The board is already empty.');
  }
}

// ---------------------------------------------------------------- wiring

function guard(action: () => unknown): () => void {
  return () => {
    try {
      const result = action();
      if (result instanceof Promise) result.catch((e: unknown) => say(`Something went wrong: ${(e as Error).message}`, 'error'));
    } catch (e) {
      say(`Something went wrong: ${(e as Error).message}`, 'error');
    }
  };
}

ui.board.addEventListener('keydown', onBoardKey);
ui.board.addEventListener('focusin', (e) => {
  const cell = Number((e.target as HTMLElement).dataset.cell);
  if (Number.isInteger(cell) && cell !== selected) {
    selected = cell;
    render();
  }
});
ui.board.addEventListener('paste', (e) => {
  const text = e.clipboardData?.getData('text') ?? '';
  e.preventDefault();
  const digit = text.trim().length === 1 ? digitOfKey(game.geometry, text.trim()) : 0;
  if (digit) put(selected, digit);
  else if (loadText(text, 'Pasted')) cells[selected]?.focus();
});
ui.pad.addEventListener('mousedown', (e) => e.preventDefault());
ui.pad.addEventListener('click', (e) => {
  const b = (e.target as HTMLElement).closest('button');
  if (b?.dataset.digit !== undefined) put(selected, Number(b.dataset.digit));
});
ui.size.addEventListener('change', () => {
  const [r, c] = ui.size.value.split('x').map(Number);
  newBoard(geometry(r!, c!));
});
ui.undo.addEventListener('click', undo);
ui.redo.addEventListener('click', redo);
ui.pencil.addEventListener('click', togglePencil);
ui.candidates.addEventListener('click', toggleCandidates);
ui.edit.addEventListener('click', () => {
  editing = !editing;
  say(editing ? 'Edit givens: typed digits become givens of the puzzle.' : 'Play: typed digits are your entries.');
  render();
});
ui.clear.addEventListener('click', onClear);
ui.solve.addEventListener('click', guard(onSolve));
ui.check.addEventListener('click', guard(onCheck));
ui.count.addEventListener('click', guard(onCount));
ui.hint.addEventListener('click', guard(onHint));
ui.explain.addEventListener('click', guard(onExplain));
ui.stepApply.addEventListener('click', applyHint);
ui.stepBack.addEventListener('click', () => showTourStep((tour?.index ?? 0) - 1));
ui.stepNext.addEventListener('click', () => showTourStep((tour?.index ?? 0) + 1));
ui.stepClose.addEventListener('click', () => {
  closeHint();
  closeTour();
  render();
  cells[selected]?.focus();
});
ui.generate.addEventListener('click', guard(onGenerate));
ui.share.addEventListener('click', guard(onShare));
ui.exportText.addEventListener('click', guard(onExportText));
ui.exportSvg.addEventListener('click', guard(onExportSvg));
ui.print.addEventListener('click', () => window.print());
ui.stop.addEventListener('click', () => solver.stop());
ui.loadForm.addEventListener('submit', (e) => {
  e.preventDefault();
  if (loadText(ui.puzzleText.value, 'Loaded')) focusCell(selected);
});
document.addEventListener('keydown', (e) => {
  if (!(e.ctrlKey || e.metaKey) || e.altKey) return;
  const target = e.target as HTMLElement;
  if (target.matches('input, textarea, select')) return;
  const key = e.key.toLowerCase();
  if (key === 'z' && !e.shiftKey) {
    e.preventDefault();
    undo();
  } else if (key === 'y' || (key === 'z' && e.shiftKey)) {
    e.preventDefault();
    redo();
  }
});
window.addEventListener('error', (e) => say(`Something went wrong: ${e.message}`, 'error'));
window.addEventListener('unhandledrejection', (e) => say(`Something went wrong: ${String((e.reason as Error)?.message ?? e.reason)}`, 'error'));

function start(): void {
  ui.level.append(...LEVELS.map((level) => new Option(level, level, false, level === 'medium')));
  const params = new URLSearchParams(window.location.search);
  const linked = params.get('puzzle');
  if (linked !== null) {
    const parsed = readPuzzle(linked, params.get('box') ?? undefined);
    if (parsed.ok) {
      loadPuzzle(parsed.puzzle, 'Opened from the link', true);
      // Whoever follows a link came to play: the first empty cell takes the keyboard.
      focusCell(selected);
      return;
    }
    loadText(FIRST_PUZZLE, 'Example', true);
    say(`The link's puzzle could not be read. ${parsed.error.message}`, 'error');
    return;
  }
  loadText(FIRST_PUZZLE, 'Example', true);
  say('An example puzzle to start with: type digits, ask for a hint, or paste your own puzzle.');
}

start();
