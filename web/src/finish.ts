/**
 * The finish panel, drawn from state: once the grid is complete and right, the time it took, the
 * puzzle's grade, the hints asked for, and how many cells Solve or hints filled in.
 */
import { clockText, isSolved, playedMs } from './clock.js';
import { ui } from './dom.js';
import { currentGrade } from './grade.js';
import { game } from './state.js';
import { plural } from './words.js';

/** Show the finish panel while the puzzle on the board is solved. */
export function renderFinish(): void {
  const solved = isSolved();
  ui.finish.hidden = !solved;
  if (!solved) return;
  const grade = currentGrade()?.grade;
  let filled = 0;
  for (let cell = 0; cell < game.filled.length; cell++) if (game.filled[cell] && !game.givens[cell]) filled++;
  const facts: [string, string][] = [
    ['Time', clockText(playedMs())],
    ['Grade', grade ? `${grade.level} (${grade.rating.toFixed(1)})` : 'not graded'],
    ['Hints used', String(game.hintsUsed)],
  ];
  if (filled) facts.push(['Filled in for you', plural(filled, 'cell')]);
  const key = JSON.stringify(facts);
  if (ui.finishFacts.dataset.key === key) return;
  ui.finishFacts.dataset.key = key;
  ui.finishFacts.replaceChildren(
    ...facts.map(([term, value]) => {
      const row = document.createElement('div');
      const dt = document.createElement('dt');
      const dd = document.createElement('dd');
      dt.textContent = term;
      dd.textContent = value;
      row.append(dt, dd);
      return row;
    }),
  );
}
