/**
 * Hints and explanations: the next step drawn over the player's board (Apply places it), or the
 * whole solving path stepped through forward and back, in the step panel.
 */
import { applyStep, Board, describeConflict, findConflicts } from '../../src/index.js';
import { solvedText, solves } from './rules.js';
import { ui } from './dom.js';
import { hintSentence } from './hints.js';
import { renderStepPanel } from './panel.js';
import { ask, solvablePuzzle, toData } from './requests.js';
import { game, state, wrong } from './state.js';
import { say } from './status.js';
import { focusCell, render } from './view.js';
import { cellList, effectsText, plural } from './words.js';

/** Take the hint off the board. */
export function closeHint(): void {
  state.hintSaid = undefined;
  if (!state.hint) return;
  state.hint = undefined;
  renderStepPanel();
}

/** End the explanation: the board shows the player's grid again. */
export function closeTour(): void {
  if (!state.tour) return;
  state.tour = undefined;
  renderStepPanel();
}

/** Give away the next level of the hint on show: the proof, then the deduction. */
function moreHint(): void {
  const step = state.hint!.step!;
  state.hintLevel = Math.min(3, state.hintLevel + 1) as 1 | 2 | 3;
  const text = hintSentence(game.geometry, step, state.hintLevel);
  state.hintSaid = { text, revision: game.revision };
  say(`Hint: ${text}`);
  render();
}

/**
 * Hint: the first press asks for the next step on the player's board (or the wrong entries to fix
 * first) and names its technique and unit; the next presses give away more of the same step.
 */
export async function onHint(): Promise<void> {
  if (state.hint?.step && !state.tour && state.hintSaid?.revision === game.revision && state.hintLevel < 3) return moreHint();
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
  let text: string;
  switch (answer.kind) {
    case 'mistakes':
      for (const cell of answer.cells) wrong.add(cell);
      text = `Before the next step: ${plural(answer.cells.length, 'entry', 'entries')} ${answer.cells.length === 1 ? 'is' : 'are'} wrong, marked on the board: ${cellList(g, answer.cells)}.`;
      say(text, 'error');
      break;
    case 'solved':
      text = 'The grid is complete: no step left.';
      say(text, 'ok');
      break;
    case 'stuck':
      text = `No hint: ${answer.reason}.`;
      say(text, 'error');
      break;
    case 'step':
      state.hint = { values: game.grid(), candidates: answer.candidates, step: answer.step };
      state.hintLevel = 1;
      game.hintsUsed++;
      text = hintSentence(g, answer.step, 1);
      say(`Hint: ${text}`);
      renderStepPanel();
      break;
  }
  state.hintSaid = { text, revision: game.revision };
  render();
}

/** Put the hint's placements and eliminations on the player's board (undoable). */
export function applyHint(): void {
  if (!state.hint?.step || state.hintLevel < 3) return;
  const { step } = state.hint;
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
  focusCell(state.selected);
  if (solves(game.grid())) say(solvedText(), 'ok');
  else say(`Applied: ${effectsText(g, step)}.`, 'ok');
}

/** The whole solving path from the givens, shown step by step instead of the player's board. */
export async function onExplain(): Promise<void> {
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
  state.tour = { steps: path.steps, boards, index: 0, note };
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
  ui.stepNext.focus({ preventScroll: true });
}

/** Show the explanation's board before step `index` (after the last step at the end). */
export function showTourStep(index: number): void {
  if (!state.tour) return;
  state.tour.index = Math.max(0, Math.min(state.tour.steps.length, index));
  renderStepPanel();
  render();
}
