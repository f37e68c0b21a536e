/**
 * The grade line: the grade of the puzzle on the board, asked of the grader once per puzzle. The
 * grader also answers with the puzzle's one solution, which "Show mistakes" and the finish panel
 * read; a puzzle with many solutions (an empty grid) is not graded and says so.
 */
import { findConflicts, type Puzzle } from '../../src/index.js';
import { isVariant } from '../../src/variant/index.js';
import { SupersededError, WorkerError } from '../../src/worker/client.js';
import { ui } from './dom.js';
import type { GradeData } from '../../src/worker/protocol.js';
import { grader, puzzleKey, toData } from './requests.js';
import { game, state } from './state.js';
import { gradeText } from './words.js';

/** What the grader said about each puzzle (by key): the grade line's text, and the grade and solution when there is one. */
export const grades = new Map<string, { readonly text: string; readonly grade?: GradeData; readonly solution?: Uint8Array }>();
/** The puzzle whose grade is being worked out, or ''. */
let gradeAsked = '';
/** Called when a grade arrives, so what depends on the solution can be drawn again. */
export const gradeEvents = { onGraded: () => {} };

/** The grade and one solution of the puzzle on the board, once the grader has answered. */
export function currentGrade(): { readonly grade?: GradeData; readonly solution?: Uint8Array } | undefined {
  return grades.get(puzzleKey(game.puzzle()));
}

/** The grade line shows the grade of the puzzle on the board (none while its givens are being edited), asking the grader once per puzzle. */
export function renderGrade(): void {
  const puzzle = game.puzzle();
  const key = puzzleKey(puzzle);
  let text = state.editing ? '' : grades.get(key)?.text;
  if (text === undefined) {
    if (findConflicts(puzzle.geometry, puzzle.givens).length) {
      text = 'Grade: none, the givens clash.';
      grades.set(key, { text });
    } else {
      text = 'Grade: working it out…';
      if (gradeAsked !== key) void askGrade(puzzle, key);
    }
  }
  if (ui.grade.textContent !== text) ui.grade.textContent = text;
}

/** Ask the grader about a puzzle and remember its answer (or why there is none). */
async function askGrade(puzzle: Puzzle, key: string): Promise<void> {
  gradeAsked = key;
  try {
    const answer = await grader.run({ kind: 'grade', puzzle: toData(puzzle) });
    if (answer.kind === 'many') {
      // An empty grid is one with neither givens nor rules: a variant's clues can stand alone.
      const empty = !puzzle.givens.some((d) => d !== 0) && !isVariant(puzzle);
      grades.set(key, { text: `Grade: none, ${empty ? 'an empty grid' : 'this puzzle'} has many solutions.` });
    } else grades.set(key, { text: gradeText(answer.grade, isVariant(puzzle)), grade: answer.grade, solution: answer.solution });
  } catch (e) {
    if (e instanceof SupersededError) return;
    const code = e instanceof WorkerError ? e.code : undefined;
    const text = code === 'unsolvable' ? 'none, the puzzle has no solution' : code === 'timeout' ? 'the time limit ran out before the grade was settled' : (e as Error).message;
    grades.set(key, { text: `Grade: ${text}.` });
  }
  if (gradeAsked === key) gradeAsked = '';
  renderGrade();
  gradeEvents.onGraded();
}
