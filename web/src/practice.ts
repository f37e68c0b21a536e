/**
 * "Practice a technique": a puzzle that needs the chosen technique on the teaching path, made by
 * the worker's generator and opened just before the step that needs it.
 */
import { geometry, TEACHING_TECHNIQUES } from '../../src/index.js';
import { ui } from './dom.js';
import { grades } from './grade.js';
import { loadPuzzle } from './persistence.js';
import { ask, puzzleKey } from './requests.js';
import { game, state } from './state.js';
import { say } from './status.js';
import { boardCandidates, focusCell, render } from './view.js';
import { gradeText } from './words.js';

/** The techniques "Practice a technique" offers: the teaching path's, in its order, but the forcing chains (which any hard puzzle needs). */
export function practiceTechniques(): string[] {
  return TEACHING_TECHNIQUES.map((t) => t.name).filter((name) => !/Forcing Chain/.test(name));
}

/**
 * A 9x9 puzzle that needs the chosen technique on the teaching path, opened at the step that needs
 * it: the path's steps before it are on the board (their digits as filled entries, their
 * eliminations kept), every open cell holds its candidates as pencil marks, and every easier
 * technique is stuck there.
 */
export async function onPractice(): Promise<void> {
  const technique = ui.technique.value;
  const seed = 1 + Math.floor(Math.random() * 0x7ffffffe);
  const made = await ask({ kind: 'generate', boxRows: 3, boxCols: 3, technique, seed }, `Making a puzzle that needs ${technique}`);
  if (!made?.practice) return;
  const g = geometry(3, 3);
  const puzzle = { geometry: g, givens: made.givens };
  if (made.grade) grades.set(puzzleKey(puzzle), { text: gradeText(made.grade), grade: made.grade, solution: made.solution });
  const { steps, step } = made.practice;
  const entries = new Uint8Array(g.cellCount);
  for (const s of steps.slice(0, step)) for (const p of s.placements) entries[p.cell] = p.digit;
  loadPuzzle(puzzle, `Practice ${technique} (seed ${seed})`, false, entries);
  for (const s of steps.slice(0, step)) {
    for (const p of s.placements) game.filled[p.cell] = 1;
    for (const e of s.eliminations) game.eliminated[e.cell]! |= 1 << (e.digit - 1);
  }
  const candidates = boardCandidates();
  const grid = game.grid();
  for (let cell = 0; cell < g.cellCount; cell++) game.marks[cell] = grid[cell] ? 0 : candidates[cell]!;
  state.selected = Math.max(0, grid.indexOf(0));
  render();
  focusCell(state.selected);
  say(`Practice ${technique}: the board is at step ${step + 1} of ${steps.length}, where every easier technique is stuck and ${technique} makes the next deduction. Find it, or ask for a hint.`, 'ok');
}
