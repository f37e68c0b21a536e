/**
 * The daily puzzle: the same for everyone on a date, because it is the library's seeded generator
 * (a medium 9x9 puzzle, rotationally symmetric) with the date's digits as the seed: 2026-11-25
 * gives seed 20261125. The date is the player's own calendar date.
 */
import { geometry, type Level } from '../../src/index.js';
import { grades } from './grade.js';
import { loadPuzzle } from './persistence.js';
import { ask, puzzleKey } from './requests.js';
import { game, state } from './state.js';
import { rememberDaily } from './stats.js';
import { say } from './status.js';
import { focusCell } from './view.js';
import { gradeText } from './words.js';

/** The level of every daily puzzle. */
export const DAILY_LEVEL: Level = 'medium';

/** Today's date as YYYY-MM-DD in the player's calendar, and the seed made of its digits. */
export function today(now = new Date()): { readonly day: string; readonly seed: number } {
  const day = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
  return { day, seed: Number(day.replaceAll('-', '')) };
}

/** Load today's puzzle, unless it is the game on the board already (then the game goes on). */
export async function onDaily(): Promise<void> {
  const { day, seed } = today();
  const made = await ask({ kind: 'generate', boxRows: 3, boxCols: 3, level: DAILY_LEVEL, seed }, 'Making the daily puzzle');
  if (!made) return;
  const puzzle = { geometry: geometry(3, 3), givens: made.givens };
  rememberDaily(day, puzzle);
  const key = puzzleKey(puzzle);
  if (made.grade) grades.set(key, { text: gradeText(made.grade), grade: made.grade, solution: made.solution });
  if (puzzleKey(game.puzzle()) === key && !state.editing) {
    say(`This is the daily puzzle for ${day} already: your game goes on.`);
    return focusCell(state.selected);
  }
  loadPuzzle(puzzle, `Daily puzzle for ${day}`);
  focusCell(state.selected);
}
