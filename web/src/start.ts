/**
 * Opening the page. The saved game comes back first (save.ts), so a reload never loses it. A
 * `?puzzle=` link (with `&entries=` and `&box=`), or a variant's `?fpuzzles=` (or `?load=`) load
 * string, then opens its puzzle, undoably when there was a
 * saved game (Undo brings that back), and leaves the address bar, so a reload resumes the game
 * instead of starting the link's puzzle over. Without either, the example puzzle.
 */
import type { Puzzle } from '../../src/index.js';
import { type GameResult, readEntries } from './gametext.js';
import { FIRST_PUZZLE, loadPuzzle, loadText, readPuzzle } from './persistence.js';
import { resumeGame } from './save.js';
import { resumeSettings } from './settings.js';
import { game, state } from './state.js';
import { say } from './status.js';
import { focusCell, render } from './view.js';
import { plural } from './words.js';

/** The entries of a link (one `&entries=` line per layer, gametext.ts), merged. */
function linkEntries(lines: string[], puzzle: Puzzle): GameResult {
  const entries = new Uint8Array(puzzle.geometry.cellCount);
  for (const line of lines) {
    const layer = readEntries(line, puzzle, readPuzzle);
    if (!layer.ok) return layer;
    layer.entries.forEach((d, cell) => {
      if (d) entries[cell] = d;
    });
  }
  return { ok: true, puzzle, entries };
}

/** Open the saved game, the link's puzzle (with the focus on its first empty cell), or the example. */
export function start(): void {
  resumeSettings();
  const resumed = resumeGame();
  const had = resumed === 'resumed';
  const params = new URLSearchParams(window.location.search);
  // A variant comes as an f-puzzles load string (`?fpuzzles=`, or `?load=` as f-puzzles itself writes it).
  const linked = params.get('puzzle') ?? params.get('fpuzzles') ?? params.get('load');
  if (linked !== null) {
    const parsed = readPuzzle(linked, params.get('box') ?? undefined);
    const entries = parsed.ok ? linkEntries(params.getAll('entries'), parsed.puzzle) : undefined;
    for (const name of ['puzzle', 'fpuzzles', 'load', 'entries', 'box']) params.delete(name);
    const query = params.toString();
    window.history.replaceState(null, '', `${window.location.pathname}${query ? `?${query}` : ''}${window.location.hash}`);
    if (parsed.ok) {
      loadPuzzle(parsed.puzzle, 'Opened from the link', !had, entries?.ok ? entries.entries : undefined);
      if (entries && !entries.ok) say(`The link's entries could not be read. ${sentence(entries.error.message)}`, 'error');
      // Whoever follows a link came to play: the first empty cell takes the keyboard.
      focusCell(state.selected);
      return;
    }
    if (!had) loadText(FIRST_PUZZLE, 'Example', true);
    render();
    say(`The link's puzzle could not be read. ${sentence(parsed.error.message)}${had ? ' Your saved game is on the board.' : ''}`, 'error');
    return;
  }
  if (had) {
    state.editing = !game.hasPuzzle();
    focusCell(Math.max(0, game.grid().indexOf(0)));
    const left = game.grid().reduce((n, d) => n + (d ? 0 : 1), 0);
    say(`Welcome back: your game is as you left it, with ${plural(left, 'empty cell')} left${game.canUndo ? ' (Undo goes on where you were)' : ''}.`);
    return;
  }
  loadText(FIRST_PUZZLE, 'Example', true);
  focusCell(state.selected);
  if (resumed !== 'none') say(resumed, 'error');
  else say('An example puzzle to start with: type digits, ask for a hint, or paste your own puzzle.');
}

/** A library message as a sentence of the page's: ending with a full stop, so the next one does not run on. */
function sentence(message: string): string {
  return /[.!?]$/.test(message.trim()) ? message.trim() : `${message.trim()}.`;
}
