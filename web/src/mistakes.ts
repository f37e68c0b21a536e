/**
 * The mistake limit, a setting (off, 3 or 5; kept by settings.ts). While it is on, each entry the
 * player types that differs from the puzzle's one solution counts as a mistake: shown beside the
 * clock, saved with the game (save.ts), and never taken back by Undo (a mistake made stays made).
 * At the limit the game is lost: the board takes no more entries, the clock stops, and the Game
 * over panel offers to try the same puzzle again or a new one. Without a known solution (the
 * grader has not answered, or the puzzle has several) nothing counts as a mistake.
 */
import { ui } from './dom.js';
import { currentGrade } from './grade.js';
import { isPaused } from './pause.js';
import { loadPuzzle } from './persistence.js';
import { onGenerate } from './solving.js';
import { game, state } from './state.js';
import { say } from './status.js';
import { focusCell, render } from './view.js';
import { plural } from './words.js';

/** The limits offered; 0 is off. */
export const MISTAKE_LIMITS = [0, 3, 5] as const;

/** The mistakes a game may take before it is lost, 0 for no limit. */
let limit = 0;

export function mistakeLimit(): number {
  return limit;
}

/** Set the limit (settings.ts takes the saved one up; an unknown value is off). */
export function setMistakeLimit(n: number): void {
  limit = (MISTAKE_LIMITS as readonly number[]).includes(n) ? n : 0;
}

/** The game on the board reached the limit. */
export function isLost(): boolean {
  return limit > 0 && game.mistakes >= limit;
}

/** The board takes no entry while the game is paused or lost; the player is told why. True when refused. */
export function refusesEntry(): boolean {
  if (isPaused()) return true;
  if (!isLost()) return false;
  say('Game over: the board takes no more entries. Try again, or start a new puzzle.', 'error');
  return true;
}

/** Count an entry the player just typed in a cell, if it is not the solution's digit (editing.ts calls this as it writes the entry). */
export function countMistake(cell: number, digit: number): void {
  const solution = currentGrade()?.solution;
  if (!limit || !digit || state.editing || !solution || solution[cell] === digit) return;
  game.mistakes++;
  if (isLost()) say(`Game over: that was mistake ${game.mistakes} of ${limit}.`, 'error');
  else say(`That is not the right digit: mistake ${game.mistakes} of ${limit}.`, 'error');
}

/** The count beside the clock, the setting's menu and the Game over panel, drawn from state. */
export function renderMistakes(): void {
  const count = limit ? `Mistakes ${game.mistakes}/${limit}` : '';
  ui.mistakeCount.hidden = !limit;
  if (ui.mistakeCount.textContent !== count) ui.mistakeCount.textContent = count;
  if (ui.mistakeLimit.value !== String(limit)) ui.mistakeLimit.value = String(limit);
  const lost = isLost();
  ui.gameOver.hidden = !lost;
  const text = lost ? `${plural(game.mistakes, 'mistake')}: the limit is ${limit}. Try this puzzle again from the start, or start a new one.` : '';
  if (ui.gameOverText.textContent !== text) ui.gameOverText.textContent = text;
}

/** The setting's menu and the Game over panel's buttons. */
export function wireMistakes(): void {
  ui.mistakeLimit.addEventListener('change', () => {
    setMistakeLimit(Number(ui.mistakeLimit.value));
    say(limit ? `Mistake limit: the game is lost at ${plural(limit, 'mistake')} (entries that differ from the solution).` : 'No mistake limit.');
    render();
  });
  // Trying again is a new game of the same puzzle: no entries, no mistakes, the clock from zero (Undo brings the lost game back).
  ui.tryAgain.addEventListener('click', () => {
    loadPuzzle(game.puzzle(), 'Try again');
    focusCell(state.selected);
  });
  ui.newPuzzle.addEventListener('click', () => {
    onGenerate().catch((e: unknown) => say(`Something went wrong: ${(e as Error).message}`, 'error'));
  });
}
