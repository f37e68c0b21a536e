/**
 * Solve, Check, Count and Generate: each asks the worker and shows the library's answer on the
 * board (Solve, Generate), as marks (Check), or beside it (Count's solutions side by side).
 */
import { describeConflict, findConflicts, type Geometry, type Level } from '../../src/index.js';
import { isVariant } from '../../src/variant/index.js';
import { solves } from './rules.js';
import { ui } from './dom.js';
import { grades } from './grade.js';
import { loadPuzzle } from './persistence.js';
import { analyse, ask, puzzleKey, solvablePuzzle, solver } from './requests.js';
import { game, state, wrong } from './state.js';
import { say } from './status.js';
import { closeHint, closeTour } from './steps.js';
import { focusCell, render } from './view.js';
import { cellList, digitName, gradeText, plural, timeText } from './words.js';

/** What the page says when a search ran out of time. */
function gaveUp(): string {
  return `The solver gave up after ${plural(solver.timeLimitMs / 1000, 'second')} without settling it.`;
}

/** Fill in a solution (replacing entries that differ) and say whether it is the only one. */
export async function onSolve(): Promise<void> {
  const puzzle = solvablePuzzle();
  if (!puzzle) return;
  const a = await analyse(puzzle, 'Solving');
  if (!a) return;
  const solution = a.solutions[0];
  if (!solution) {
    // A variant's clues, not only its rows, columns and boxes, can leave no solution.
    const what = isVariant(puzzle) ? 'free of repeats and keeps every rule' : 'free of repeats';
    return say(a.timedOut ? gaveUp() : `No solution: no way to fill this grid keeps every row, column and ${puzzle.geometry.jigsaw ? 'region' : 'box'} ${what}.`, 'error');
  }
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
  state.editing = false;
  wrong.clear();
  closeHint();
  closeTour();
  game.eliminated.fill(0);
  render();
  const fixed = replaced ? ` ${plural(replaced, 'entry', 'entries')} of yours did not match and ${replaced === 1 ? 'was' : 'were'} replaced.` : '';
  if (a.count === 1) say(`Solved in ${timeText(a)}; it is the only solution.${fixed}`, 'ok');
  else say(`This puzzle has more than one solution; this is one of them (Count shows two side by side).${fixed}`, 'info');
}

/** Mark the entries that differ from the one solution; with several solutions, say whether the entries still lead to one. */
export async function onCheck(): Promise<void> {
  const puzzle = solvablePuzzle();
  if (!puzzle) return;
  const g = puzzle.geometry;
  const a = await analyse(puzzle, 'Checking');
  if (!a) return;
  wrong.clear();
  if (a.count === 0) return say(a.timedOut ? gaveUp() : 'This puzzle has no solution, so there is nothing to check against.', 'error');
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
  if (solves(grid)) return say('Solved! Your grid is one of the solutions of this puzzle (it has several).', 'ok');
  const b = await analyse(game.withGivens(grid), 'Checking');
  if (!b) return;
  if (b.count === 0 && !b.timedOut) say('Your entries leave no solution, so at least one is wrong (the puzzle has several solutions, so Check cannot say which).', 'error');
  else if (b.count > 0) say('No contradiction: your entries still lead to a solution. The puzzle has several solutions, so there is no single answer to mark against.', 'ok');
  else say(gaveUp(), 'error');
}

/** A small table of a solution, with the cells where it differs from the other marked. */
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

/** None, one, or more than one solution; for more, two of them side by side. */
export async function onCount(): Promise<void> {
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
    p.textContent = gaveUp();
    say(gaveUp(), 'error');
  } else if (a.count === 0) {
    p.textContent = 'No solution.';
    say('Count: this puzzle has no solution.', 'error');
  } else if (a.count === 1) {
    p.textContent = 'Exactly one solution: a proper puzzle.';
    say(`Count: exactly one solution (${timeText(a)}).`, 'ok');
  } else {
    const [s1, s2] = a.solutions;
    p.textContent = s2
      ? `More than one solution. Two of them, side by side; the ${plural(
          s1!.reduce((n, d, i) => n + (d !== s2[i] ? 1 : 0), 0),
          'cell',
        )} where they differ are marked.`
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

// ---------------------------------------------------------------- new puzzles

/** A new puzzle of this size and the chosen level, loaded with the grade the generator gave it. */
export async function onGenerate(): Promise<void> {
  const g = game.geometry;
  const level = ui.level.value === 'any' ? undefined : (ui.level.value as Level);
  const seed = 1 + Math.floor(Math.random() * 0x7ffffffe);
  const made = await ask({ kind: 'generate', boxRows: g.boxRows, boxCols: g.boxCols, level, seed }, 'Generating');
  if (!made) return;
  const puzzle = { geometry: g, givens: made.givens };
  if (made.grade) {
    // The generator graded it already: show that grade rather than ask again.
    grades.set(puzzleKey(puzzle), { text: gradeText(made.grade), grade: made.grade, solution: made.solution });
  }
  loadPuzzle(puzzle, `Generated (seed ${seed})`);
  focusCell(state.selected);
}
