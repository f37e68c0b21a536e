/** The grade line: the grade of the puzzle on the board, asked of the grader once per puzzle. */
import { findConflicts, type Puzzle } from '../../src/index.js';
import { SupersededError } from './client.js';
import { ui } from './dom.js';
import { grader, puzzleKey, toData } from './requests.js';
import { game, state } from './state.js';
import { gradeText } from './words.js';

/** The grade line's text for each puzzle (by key) the grader has answered about. */
export const grades = new Map<string, string>();
/** The puzzle whose grade is being worked out, or ''. */
let gradeAsked = '';

/** The grade line shows the grade of the puzzle on the board (none while its givens are being edited), asking the grader once per puzzle. */
export function renderGrade(): void {
  const puzzle = game.puzzle();
  const key = puzzleKey(puzzle);
  let text = state.editing ? '' : grades.get(key);
  if (text === undefined) {
    if (findConflicts(puzzle.geometry, puzzle.givens).length) grades.set(key, (text = 'Grade: none, the givens clash.'));
    else {
      text = 'Grade: working it out…';
      if (gradeAsked !== key) void askGrade(puzzle, key);
    }
  }
  if (ui.grade.textContent !== text) ui.grade.textContent = text;
}

/** Ask the grader about a puzzle and remember its answer (or why there is none). */
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
