/**
 * The status line. A message speaks about one revision of the board; once the board changes,
 * the line says what can be said of the board as it is, so undo, reload and late answers
 * cannot leave stale text behind.
 */
import { geometryName } from '../../src/index.js';
import { solvedText, solves } from './rules.js';
import { ui } from './dom.js';
import { game, state } from './state.js';
import { plural } from './words.js';

type Tone = 'info' | 'ok' | 'error';

/** The board revision the status line speaks about: once the board changes, render() replaces it with boardStatus(). */
let saidAt = -1;

/** Show a message about the board as it is now. */
export function say(text: string, tone: Tone = 'info'): void {
  ui.status.textContent = text;
  ui.status.dataset.tone = tone;
  saidAt = game.revision;
  // A message longer than the box scrolls inside it: then the box takes the keyboard too, to scroll.
  const scrolls = ui.status.scrollHeight > ui.status.clientHeight;
  if (scrolls) ui.status.tabIndex = 0;
  else ui.status.removeAttribute('tabindex');
}

/** What the status line says about the board when no message speaks about this revision of it. */
function boardStatus(): [string, Tone] {
  const g = game.geometry;
  const grid = game.grid();
  if (state.editing) return ['Edit givens: typed digits become givens of the puzzle.', 'info'];
  if (solves(grid)) return [solvedText(), 'ok'];
  const givens = game.givens.reduce((n, d) => n + (d ? 1 : 0), 0);
  const empty = grid.reduce((n, d) => n + (d ? 0 : 1), 0);
  return [`A ${geometryName(g)} puzzle with ${plural(givens, 'given')}: ${plural(empty, 'empty cell')} left.`, 'info'];
}

/** Replace a message about an earlier board with what can be said of this one. */
export function renderStatus(): void {
  if (saidAt === game.revision) return;
  const [text, tone] = boardStatus();
  say(text, tone);
}
