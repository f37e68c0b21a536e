/**
 * The clock: the time played on the puzzle. It runs only while someone can be playing: the tab is
 * visible, the puzzle has givens and is not being edited, it is not solved or lost yet (mistakes.ts),
 * and the player has not paused it (pause.ts). The time lives in the game (saved with it,
 * save.ts); the clock adds the current run, started at `since`.
 */
import { solves } from './rules.js';
import { ui } from './dom.js';
import { isLost } from './mistakes.js';
import { isPaused } from './pause.js';
import { game, state } from './state.js';

/** When the current run started (Date.now()), and for which start of the game; undefined while stopped. */
let run: { readonly since: number; readonly epoch: number } | undefined;

// Before the board moves to another puzzle, the current run is added to the time of the one left.
game.stopClock = () => {
  if (run && run.epoch === game.epoch) game.elapsedMs += Date.now() - run.since;
  run = undefined;
};

/** The time played on this puzzle, the current run included. */
export function playedMs(): number {
  return game.elapsedMs + (run && run.epoch === game.epoch ? Date.now() - run.since : 0);
}

/** `4:05`, or `1:02:03` past an hour. */
export function clockText(ms: number): string {
  const s = Math.floor(ms / 1000);
  const [h, m, sec] = [Math.floor(s / 3600), Math.floor(s / 60) % 60, s % 60];
  const two = (n: number) => String(n).padStart(2, '0');
  return h ? `${h}:${two(m)}:${two(sec)}` : `${m}:${two(sec)}`;
}

/** The puzzle on the board is complete and right. */
export function isSolved(): boolean {
  return !state.editing && game.hasPuzzle() && solves(game.grid());
}

/** A game is going on: a puzzle with givens, played (not edited), neither solved nor lost. Pause is offered then. */
export function inPlay(): boolean {
  return !state.editing && game.hasPuzzle() && !isSolved() && !isLost();
}

/** Start or stop the clock as the page and the game are now, and draw it. */
export function renderClock(): void {
  // A finished game (solved or lost) shows its time as it ended; a game not going on for now says it is paused.
  const ended = isSolved() || isLost();
  const playing = document.visibilityState === 'visible' && inPlay() && !isPaused();
  if (run && run.epoch !== game.epoch) run = undefined; // a run of a game that started over counts for nothing
  if (playing && !run) run = { since: Date.now(), epoch: game.epoch };
  else if (!playing && run) {
    game.elapsedMs += Date.now() - run.since;
    run = undefined;
  }
  const text = clockText(playedMs());
  const shown = playing || ended ? text : `${text} (paused)`;
  if (ui.timer.textContent !== shown) ui.timer.textContent = shown;
}
