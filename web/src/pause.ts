/**
 * Pause: the board, the digit pad and the conflict line are hidden (not blurred: a hidden element
 * is out of the accessibility tree too, so a screen reader cannot read the digits either) and a
 * panel of the board's size stands in their place with a Resume button. The clock stops
 * (clock.ts), the controls beside the board are inert and the page's keys are held back, so
 * nothing can change or give away the game meanwhile. A reload comes back paused (save.ts).
 */
import { inPlay } from './clock.js';
import { ui } from './dom.js';
import { game, state } from './state.js';
import { say } from './status.js';
import { closeHint, closeTour } from './steps.js';
import { focusCell, render } from './view.js';

/**
 * The start of the game that is paused (game.epoch), or -1. Tied to the epoch so that any other
 * start of the game (a new puzzle from a link, an undo back to another puzzle) is not paused.
 */
let pausedEpoch = -1;

/** The game on the board is paused. */
export function isPaused(): boolean {
  return pausedEpoch === game.epoch;
}

/** A saved game came back paused (save.ts): it stays paused until the player resumes it. */
export function pauseResumed(): void {
  pausedEpoch = game.epoch;
}

/** A page opened paused (a reload) gives Resume the focus its board cannot take. */
export function focusPaused(): void {
  if (isPaused()) ui.resume.focus();
}

/** Hide the board and stop the clock; the Resume button takes the focus. */
export function pause(): void {
  if (isPaused() || !inPlay()) return;
  // A hint or an explanation would show the board's digits in the side panel and on the board.
  closeHint();
  closeTour();
  pausedEpoch = game.epoch;
  render();
  say('Paused: the board is hidden and the clock is stopped.');
  ui.resume.focus();
}

/** Show the board again, restart the clock, and give the selected cell the focus. */
export function resume(): void {
  if (!isPaused()) return;
  pausedEpoch = -1;
  focusCell(state.selected);
  say('Resumed: the clock is running again.');
}

/** Draw the page paused or not, from state. */
export function renderPause(): void {
  const paused = isPaused();
  ui.board.hidden = paused;
  ui.pad.hidden = paused;
  ui.conflicts.hidden = paused;
  ui.paused.hidden = !paused;
  ui.controls.inert = paused;
  ui.size.disabled = paused;
  ui.pause.hidden = paused;
  // Nothing to pause on a solved, lost or empty board, or one whose givens are being edited.
  ui.pause.disabled = !paused && !inPlay();
}

/** The Pause and Resume buttons; while paused, the page's keys (digits, undo, Escape) are held back. */
export function wirePause(): void {
  ui.pause.addEventListener('click', pause);
  ui.resume.addEventListener('click', resume);
  // Held back before any handler of the page sees them; Tab, Enter and Space still do their default work on the Resume button.
  window.addEventListener(
    'keydown',
    (e) => {
      if (isPaused()) e.stopImmediatePropagation();
    },
    true,
  );
}
