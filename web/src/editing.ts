/**
 * The player's edits: digits, pencil marks and givens put into cells, undo and redo, the input
 * modes, and Clear (the board's keyboard is in keys.ts). Each change is recorded in the game
 * before it is made.
 */
import { cellName } from '../../src/index.js';
import { ui } from './dom.js';
import { countMistake, refusesEntry } from './mistakes.js';
import { newBoard } from './persistence.js';
import { game, state, wrong } from './state.js';
import { say } from './status.js';
import { closeHint, closeTour } from './steps.js';
import { render } from './view.js';

/** Forget what was worked out about the previous puzzle. */
export function puzzleChanged(): void {
  wrong.clear();
  closeHint();
  closeTour();
  ui.countOut.hidden = true;
  ui.shareOut.hidden = true;
}

/** Put a digit (0 to empty) in a cell, as a given, an entry or a pencil mark depending on the mode. */
export function put(cell: number, digit: number): void {
  const g = game.geometry;
  const bit = digit ? 1 << (digit - 1) : 0;
  if (state.tour) {
    say('The board shows the explanation; press Close to go back to your grid.');
    return;
  }
  if (refusesEntry()) return;
  closeHint();
  if (state.editing) {
    if (game.givens[cell] === digit && !game.entries[cell]) return;
    game.record();
    game.givens[cell] = digit;
    game.entries[cell] = 0;
    game.filled[cell] = 0;
    game.marks[cell] = 0;
    game.eliminated.fill(0);
    puzzleChanged();
  } else if (game.givens[cell]) {
    say(`${cellName(g, cell)} is a given of the puzzle; switch on "Edit givens" to change it.`);
    return;
  } else if (state.pencil && digit) {
    if (game.entries[cell]) {
      say(`${cellName(g, cell)} holds a digit; empty it before pencilling marks.`);
      return;
    }
    game.record();
    game.marks[cell]! ^= bit;
  } else {
    if (digit === 0 && !game.entries[cell]) {
      if (!game.marks[cell]) return;
      game.record();
      game.marks[cell] = 0;
    } else {
      if (game.entries[cell] === digit) return;
      game.record();
      // Eliminations from hints rest on the entries: changing or erasing one voids them.
      if (game.entries[cell]) game.eliminated.fill(0);
      game.entries[cell] = digit;
      countMistake(cell, digit);
      game.filled[cell] = 0;
      // A placed digit is no longer a possibility for its peers: drop it from their marks.
      if (digit) for (const p of g.peers[cell]!) game.marks[p]! &= ~bit;
    }
  }
  wrong.delete(cell);
  render();
  if (state.pencil && digit && state.showCandidates && !state.editing) say('Candidates are shown; switch them off to see your own marks.');
}

/**
 * After undo or redo: a move back to another puzzle takes up the mode that puzzle is played in,
 * givens edited on an empty board and played otherwise (as when a saved game is resumed), so
 * the clock, the grade and typed digits follow the puzzle and not the board just left.
 */
function moved(to: 'puzzle' | 'board'): void {
  if (to === 'puzzle') state.editing = !game.givens.some((d) => d !== 0);
  puzzleChanged();
  render();
}

/** Take back the last change of the board. */
export function undo(): void {
  const to = game.undo();
  if (to) moved(to);
  else say('Nothing to undo.');
}

/** Make the last undone change again. */
export function redo(): void {
  const to = game.redo();
  if (to) moved(to);
  else say('Nothing to redo.');
}

/** Typed digits become pencil marks, or entries again. */
export function togglePencil(): void {
  state.pencil = !state.pencil;
  say(state.pencil ? 'Pencil marks: typed digits are marked or unmarked in the cell.' : 'Digits: typed digits are entered in the cell.');
  render();
}

/** Show every candidate of every empty cell, or the player's own marks again. */
export function toggleCandidates(): void {
  state.showCandidates = !state.showCandidates;
  say(state.showCandidates ? 'Showing every candidate: the digits no peer holds yet.' : 'Showing your own pencil marks.');
  render();
}

/** Clear the player's entries and marks; on a board without them, empty it. */
export function onClear(): void {
  if (game.countEntries() || game.marks.some((m) => m !== 0)) {
    game.record();
    game.entries.fill(0);
    game.marks.fill(0);
    game.filled.fill(0);
    game.eliminated.fill(0);
    puzzleChanged();
    say('Your entries and marks are cleared; the givens stay (Clear again empties the board).');
    render();
  } else if (game.givens.some((d) => d !== 0)) {
    newBoard(game.geometry);
  } else {
    say('The board is already empty.');
  }
}
