/**
 * The page: every search (solve, check, count, hint, explanation, grade) is sent to a Web Worker;
 * the page itself only parses, shows and edits grids with the library's own functions, so what it
 * says about a puzzle is what the library says. This file wires the DOM's events to the page's
 * parts and opens the first puzzle:
 *   state.ts (plain data), view.ts (drawn from state), status.ts and grade.ts (derived lines),
 *   editing.ts (the player's changes, undo), solving.ts and steps.ts (the worker's answers),
 *   requests.ts and client.ts (the workers), persistence.ts (text, links, export), dom.ts.
 */
import { geometry } from '../../src/index.js';
import { renderClock } from './clock.js';
import { onDaily } from './daily.js';
import { ui } from './dom.js';
import { onClear, put, redo, undo } from './editing.js';
import { digitOfKey, onBoardKey, onPageKey } from './keys.js';
import { currentGrade, gradeEvents } from './grade.js';
import { wireMistakes } from './mistakes.js';
import { focusPaused, wirePause } from './pause.js';
import { chooseDigit, fillNotes, setMode, toggleCandidates, toggleDigitFirst } from './modes.js';
import { loadText, newBoard, onExportSvg, onExportText, onShare } from './persistence.js';
import { solver } from './requests.js';
import { saveGame } from './save.js';
import { wireSelection } from './select.js';
import { start } from './start.js';
import { wireStats } from './stats.js';
import { onCheck, onCount, onGenerate, onSolve } from './solving.js';
import { onPractice, practiceTechniques } from './practice.js';
import { game, state } from './state.js';
import { say } from './status.js';
import { applyHint, closeHint, closeTour, onExplain, onHint, showTourStep } from './steps.js';
import { focusCell, render } from './view.js';

// An answer about the board as it was must not land on the board as it is.
game.onChange = () => solver.cancel();

/** An event handler that shows any failure of its action in the status line. */
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
wireSelection();
ui.board.addEventListener('focusin', (e) => {
  const cell = Number((e.target as HTMLElement).dataset.cell);
  if (Number.isInteger(cell) && cell !== state.selected) {
    state.selected = cell;
    render();
  }
});
ui.board.addEventListener('paste', (e) => {
  const text = e.clipboardData?.getData('text') ?? '';
  e.preventDefault();
  const digit = text.trim().length === 1 ? digitOfKey(game.geometry, text.trim()) : 0;
  if (digit) put(digit);
  else if (loadText(text, 'Pasted')) focusCell(state.selected);
});
ui.pad.addEventListener('mousedown', (e) => e.preventDefault());
// The pad is one tab stop, as a WAI-ARIA toolbar: arrows, Home and End move between its buttons.
ui.pad.addEventListener('keydown', (e) => {
  const buttons = [...ui.pad.querySelectorAll('button')];
  const at = buttons.indexOf(e.target as HTMLButtonElement);
  const to = { ArrowLeft: at - 1, ArrowUp: at - 1, ArrowRight: at + 1, ArrowDown: at + 1, Home: 0, End: buttons.length - 1 }[e.key];
  if (at < 0 || to === undefined) return;
  e.preventDefault();
  const next = buttons[Math.max(0, Math.min(buttons.length - 1, to))]!;
  for (const b of buttons) b.tabIndex = b === next ? 0 : -1;
  next.focus();
});
ui.pad.addEventListener('click', (e) => {
  const b = (e.target as HTMLElement).closest('button');
  const digit = Number(b?.dataset.digit ?? Number.NaN);
  if (Number.isNaN(digit)) return;
  if (state.digitFirst && digit) chooseDigit(digit);
  else put(digit);
});
ui.size.addEventListener('change', () => {
  const [r, c] = ui.size.value.split('x').map(Number);
  newBoard(geometry(r!, c!));
});
ui.level.addEventListener('change', () => (ui.level.dataset.choice = ui.level.value));
ui.undo.addEventListener('click', undo);
ui.redo.addEventListener('click', redo);
ui.pencil.addEventListener('click', () => setMode('pencil'));
ui.centre.addEventListener('click', () => setMode('centre'));
ui.colour.addEventListener('click', () => setMode('colour'));
ui.fillNotes.addEventListener('click', fillNotes);
ui.candidates.addEventListener('click', toggleCandidates);
ui.digitFirst.addEventListener('click', toggleDigitFirst);
ui.edit.addEventListener('click', () => {
  state.editing = !state.editing;
  say(state.editing ? 'Edit givens: typed digits become givens of the puzzle.' : 'Play: typed digits are your entries.');
  render();
});
ui.clear.addEventListener('click', onClear);
ui.mistakes.addEventListener('click', () => {
  state.showMistakes = !state.showMistakes;
  const graded = currentGrade();
  say(
    !state.showMistakes
      ? 'Mistakes are no longer marked.'
      : !graded
        ? 'Show mistakes: working out the solution first…'
        : graded.solution
          ? 'Show mistakes: entries that differ from the solution are marked as you type.'
          : 'This puzzle has no single solution, so there is no answer to mark mistakes against.',
  );
  render();
});
ui.daily.addEventListener('click', guard(onDaily));
ui.solve.addEventListener('click', guard(onSolve));
ui.check.addEventListener('click', guard(onCheck));
ui.count.addEventListener('click', guard(onCount));
ui.hint.addEventListener('click', guard(onHint));
ui.explain.addEventListener('click', guard(onExplain));
ui.stepApply.addEventListener('click', applyHint);
ui.stepMore.addEventListener('click', guard(onHint));
ui.stepBack.addEventListener('click', () => showTourStep((state.tour?.index ?? 0) - 1));
ui.stepNext.addEventListener('click', () => showTourStep((state.tour?.index ?? 0) + 1));
ui.stepClose.addEventListener('click', () => {
  closeHint();
  closeTour();
  render();
  focusCell(state.selected);
});
ui.generate.addEventListener('click', guard(onGenerate));
ui.technique.replaceChildren(...practiceTechniques().map((name) => new Option(name, name)));
ui.technique.value = 'X-Wing';
ui.practice.addEventListener('click', guard(onPractice));
ui.share.addEventListener('click', guard(onShare));
ui.exportText.addEventListener('click', guard(onExportText));
ui.exportSvg.addEventListener('click', guard(onExportSvg));
ui.print.addEventListener('click', () => window.print());
ui.stop.addEventListener('click', () => solver.stop());
ui.loadForm.addEventListener('submit', (e) => {
  e.preventDefault();
  if (loadText(ui.puzzleText.value, 'Loaded')) focusCell(state.selected);
});
document.addEventListener('keydown', onPageKey);
wirePause();
wireMistakes();
wireStats();
// The clock ticks each second and stops while the tab is hidden; the game is saved as it goes.
window.setInterval(() => {
  renderClock();
  saveGame();
}, 1000);
document.addEventListener('visibilitychange', () => {
  renderClock();
  saveGame();
});
window.addEventListener('pagehide', saveGame);
gradeEvents.onGraded = render;
// The service worker (web/sw.js) keeps the built page for offline play; the dev server has none.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  navigator.serviceWorker.register('./sw.js').catch((e: unknown) => say(`The page cannot be kept for offline play here: ${(e as Error).message}`));
}
window.addEventListener('error', (e) => say(`Something went wrong: ${e.message}`, 'error'));
window.addEventListener('unhandledrejection', (e) => say(`Something went wrong: ${String((e.reason as Error)?.message ?? e.reason)}`, 'error'));

start();
focusPaused();
