/**
 * The board view: `render()` draws the whole page state into the board (built by cells.ts):
 * digits, marks or candidates, the step on show, clashes, mistakes, the modes; then the status
 * line, the grade, the clock and the finish panel; and it saves the game (save.ts).
 */
import { Board, type Geometry } from '../../src/index.js';
import { levelsReached } from '../../src/generate/index.js';
import { clashesOf, drawRules, unitsOfRules } from './rules.js';
import { buildBoard, builtFor, cells, centreElement, marksElement, overlayElement, shownKey, stepMarks } from './cells.js';
import { ui } from './dom.js';
import { renderClock } from './clock.js';
import { renderFinish } from './finish.js';
import { currentGrade, renderGrade } from './grade.js';
import { renderMistakes } from './mistakes.js';
import { renderPause } from './pause.js';
import { renderStepPanel } from './panel.js';
import { game, state, stepView, wrong } from './state.js';
import { saveGame } from './save.js';
import { saveSettings } from './settings.js';
import { renderStats } from './stats.js';
import { renderStatus } from './status.js';
import { COLOURS, digitName, digitsOf } from './words.js';

/** The candidates of the player's board (the library's Board), less those applied hints removed. */
export function boardCandidates(): Uint32Array {
  const { candidates } = Board.fromPuzzle(game.withGivens(game.grid()));
  for (let cell = 0; cell < candidates.length; cell++) candidates[cell] = candidates[cell]! & ~game.eliminated[cell]!;
  return candidates;
}

/** Draw the page state into the board, the conflict line, the mode buttons, the status line and the grade. */
export function render(): void {
  const g = game.geometry;
  if (builtFor !== g) {
    // A board of another size: the cells selected on the old one mean nothing here.
    buildBoard(g);
    state.extra.clear();
  }
  if (state.selected >= g.cellCount) state.selected = 0;
  const view = stepView();
  // An explanation shows its own board; a hint is drawn over the player's board, whose marks stay.
  const tour = state.tour !== undefined;
  const grid = tour && view ? view.values : game.grid();
  const { cells: clashing, text: clashText } = clashesOf(g, grid);
  drawRules();
  // The digit chosen for digit-first play, else the selected cell's, is shown wherever it stands.
  const selectedDigit = state.digitFirst && state.chosen ? state.chosen : (grid[state.selected] ?? 0);
  const several = state.extra.size > 0;
  const [sr, sc, sb] = [g.rowOf[state.selected], g.colOf[state.selected], g.boxOf[state.selected]];
  const candidates = tour && view ? view.candidates : state.showCandidates ? boardCandidates() : undefined;
  const step = view?.step;
  const proof = new Set(step?.cells);
  // A variant's own houses (a diagonal) are units of the step's board, beyond the page's geometry.
  const units = unitsOfRules();
  const inUnits = new Set((step?.units ?? []).flatMap((u) => [...(units[u] ?? [])]));
  const places = new Map(step?.placements.map((p) => [p.cell, p.digit]));
  const marked = stepMarks(step);
  // Check's findings, and with "Show mistakes" every entry that is not the solution's digit.
  const solution = state.showMistakes && !tour ? currentGrade()?.solution : undefined;
  const mistaken = (cell: number) => wrong.has(cell) || (solution !== undefined && game.entries[cell] !== 0 && !game.givens[cell] && game.entries[cell] !== solution[cell]);
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
    const selected = cell === state.selected || state.extra.has(cell);
    cl.toggle('selected', selected);
    if (el.getAttribute('aria-selected') !== String(selected)) el.setAttribute('aria-selected', String(selected));
    const colour = tour ? 0 : game.colours[cell]!;
    if (colour) el.dataset.colour = String(colour);
    else delete el.dataset.colour;
    cl.toggle('peer', !step && !several && cell !== state.selected && (g.rowOf[cell] === sr || g.colOf[cell] === sc || g.boxOf[cell] === sb));
    cl.toggle('same', d !== 0 && d === selectedDigit);
    cl.toggle('conflict', clashing.has(cell));
    if (clashing.has(cell)) el.setAttribute('aria-invalid', 'true');
    else el.removeAttribute('aria-invalid');
    cl.toggle('wrong', mistaken(cell));
    cl.toggle('auto', candidates !== undefined);
    el.tabIndex = cell === state.selected ? 0 : -1;
    if (given) el.setAttribute('aria-readonly', 'true');
    else el.removeAttribute('aria-readonly');
    const cellMarks = marked.get(cell);
    const centre = d || candidates ? 0 : game.centre[cell]!;
    const key = `${d}|${marks}|${centre}|${cellMarks ? [...cellMarks].join() : ''}|${tour}`;
    if (shownKey[cell] !== key) {
      shownKey[cell] = key;
      if (d) el.replaceChildren(digitName(g, d));
      else if (tour) el.replaceChildren(marks ? marksElement(g, marks, cellMarks) : '');
      else el.replaceChildren(...(marks ? [marksElement(g, marks, undefined, centre !== 0)] : []), ...(centre ? [centreElement(g, centre)] : []), ...(cellMarks ? [overlayElement(g, cellMarks)] : []));
    }
    let label = `row ${g.rowOf[cell]! + 1} column ${g.colOf[cell]! + 1}, ${d ? digitName(g, d) : 'empty'}`;
    if (given) label += ', given';
    if (!d && marks) label += `, ${candidates ? 'candidates' : 'marks'} ${digitsOf(g, marks).join(' ')}`;
    if (centre) label += `, centre marks ${digitsOf(g, centre).join(' ')}`;
    if (colour) label += `, ${COLOURS[colour - 1]}`;
    if (!d && !tour && cellMarks)
      label += `, the hint's candidates ${[...cellMarks.keys()]
        .sort((a, b) => a - b)
        .map((x) => digitName(g, x))
        .join(' ')}`;
    if (clashing.has(cell)) label += ', conflict';
    if (mistaken(cell)) label += ', mistake';
    if (proof.has(cell)) label += ', proves the step';
    if (places.has(cell)) label += `, the step places ${digitName(g, places.get(cell)!)}`;
    const removed = step?.eliminations.filter((e) => e.cell === cell).map((e) => digitName(g, e.digit));
    if (removed?.length) label += `, the step removes ${removed.join(' ')}`;
    if (el.getAttribute('aria-label') !== label) el.setAttribute('aria-label', label);
  }
  ui.conflicts.textContent = clashText;
  for (const [b, mode] of [
    [ui.pencil, 'pencil'],
    [ui.centre, 'centre'],
    [ui.colour, 'colour'],
  ] as const)
    b.setAttribute('aria-pressed', String(state.mode === mode));
  ui.digitFirst.setAttribute('aria-pressed', String(state.digitFirst));
  ui.candidates.setAttribute('aria-pressed', String(state.showCandidates));
  ui.edit.setAttribute('aria-pressed', String(state.editing));
  ui.mistakes.setAttribute('aria-pressed', String(state.showMistakes));
  ui.board.classList.toggle('editing', state.editing);
  const sizeValue = `${g.boxRows}x${g.boxCols}`;
  if (ui.size.value !== sizeValue) ui.size.value = sizeValue;
  renderLevels(g);
  renderPad(g, grid);
  renderStepPanel();
  renderStatus();
  renderGrade();
  renderClock();
  renderFinish();
  renderMistakes();
  renderPause();
  renderStats();
  saveGame();
  saveSettings();
}

/**
 * The digit pad: a digit placed as many times as the board has rows is shown as done (and said so
 * to a screen reader); in colour mode the digits are the colours; in digit-first play the chosen
 * digit is pressed.
 */
function renderPad(g: Geometry, grid: Uint8Array): void {
  const placed = new Uint16Array(g.size + 1);
  for (const d of grid) placed[d]!++;
  const colours = state.mode === 'colour' && !state.editing;
  for (const b of ui.pad.querySelectorAll<HTMLButtonElement>('button[data-digit]')) {
    const d = Number(b.dataset.digit);
    if (d === 0) continue;
    const done = placed[d] === g.size;
    b.classList.toggle('done', done && !colours);
    b.disabled = colours && d > COLOURS.length;
    if (colours && d <= COLOURS.length) b.dataset.colour = String(d);
    else delete b.dataset.colour;
    const label = colours ? `Colour ${digitName(g, d)}${d <= COLOURS.length ? `, ${COLOURS[d - 1]}` : ''}` : `Digit ${digitName(g, d)}${done ? `, all ${g.size} placed` : ''}`;
    if (b.getAttribute('aria-label') !== label) b.setAttribute('aria-label', label);
    if (state.digitFirst) b.setAttribute('aria-pressed', String(state.chosen === d));
    else b.removeAttribute('aria-pressed');
  }
}

/**
 * The Difficulty menu offers the levels a puzzle of this size can be made at (a 4x4 is always
 * easy); the player's last choice comes back on a size that has it.
 */
function renderLevels(g: Geometry): void {
  const offered = ['any', ...levelsReached(g)];
  if ([...ui.level.options].map((o) => o.value).join() === offered.join()) return;
  const choice = ui.level.dataset.choice ?? 'medium';
  ui.level.replaceChildren(...offered.map((level) => new Option(level, level)));
  ui.level.value = offered.includes(choice) ? choice : 'any';
}

/** Select a cell and give it the keyboard focus. */
export function focusCell(cell: number): void {
  state.selected = cell;
  render();
  cells[cell]?.focus();
}
