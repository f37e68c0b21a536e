/**
 * The player's edits: digits, marks, colours and givens put into the selected cells, undo and redo,
 * and Clear (the board's keyboard is in keys.ts, the input modes in modes.ts). Each change is
 * recorded in the game before it is made.
 */
import { cellName } from '../../src/index.js';
import { ui } from './dom.js';
import { countMistake, refusesEntry } from './mistakes.js';
import { newBoard } from './persistence.js';
import { game, type Mode, selectedCells, state, wrong } from './state.js';
import { say } from './status.js';
import { closeHint, closeTour } from './steps.js';
import { render } from './view.js';
import { COLOURS } from './words.js';

/** Forget what was worked out about the previous puzzle. */
export function puzzleChanged(): void {
  wrong.clear();
  closeHint();
  closeTour();
  ui.countOut.hidden = true;
  ui.shareOut.hidden = true;
}

/** Put a digit (0 to erase) into the selected cells, as the mode says: one change, undone at once. */
export function put(digit: number, mode: Mode = state.mode): void {
  const g = game.geometry;
  if (state.tour) {
    say('The board shows the explanation; press Close to go back to your grid.');
    return;
  }
  if (refusesEntry()) return;
  closeHint();
  const chosen = selectedCells();
  // A given takes no digit or mark, but a colour it does (and Erase takes the colour off).
  const paintable = (cell: number) => (mode === 'colour' && digit !== 0) || (digit === 0 && game.colours[cell] !== 0);
  const cells = state.editing ? chosen : chosen.filter((cell) => !game.givens[cell] || paintable(cell));
  if (cells.length === 0) {
    say(`${chosen.length === 1 ? `${cellName(g, chosen[0]!)} is a given` : 'The selected cells are givens'} of the puzzle; switch on "Edit givens" to change ${chosen.length === 1 ? 'it' : 'them'}.`);
    return;
  }
  if (state.editing) editGivens(cells, digit);
  else if (digit === 0) erase(cells);
  else if (mode === 'digit') enter(cells, digit);
  else if (mode === 'colour') paint(cells, digit);
  else if (!mark(cells, digit, mode === 'pencil' ? game.marks : game.centre)) return;
  for (const cell of cells) wrong.delete(cell);
  render();
  if (mode === 'pencil' && digit && state.showCandidates && !state.editing) say('Candidates are shown; switch them off to see your own marks.');
}

/** Typed digits become givens of the puzzle. */
function editGivens(cells: number[], digit: number): void {
  if (cells.every((cell) => game.givens[cell] === digit && !game.entries[cell])) return;
  game.record();
  for (const cell of cells) {
    game.givens[cell] = digit;
    for (const layer of [game.entries, game.filled, game.marks, game.centre]) layer[cell] = 0;
  }
  game.eliminated.fill(0);
  puzzleChanged();
}

/** Entries placed (a placed digit is no longer a possibility for its peers: it leaves their marks). */
function enter(cells: number[], digit: number): void {
  if (cells.every((cell) => game.entries[cell] === digit)) return;
  game.record();
  const bit = 1 << (digit - 1);
  for (const cell of cells) {
    // Eliminations from hints rest on the entries: changing one voids them.
    if (game.entries[cell]) game.eliminated.fill(0);
    game.entries[cell] = digit;
    game.filled[cell] = 0;
    countMistake(cell, digit);
    for (const p of game.geometry.peers[cell]!) {
      game.marks[p]! &= ~bit;
      game.centre[p]! &= ~bit;
    }
  }
}

/** Erase in the order a player means it: entries first, then marks, then colours. */
function erase(cells: number[]): void {
  const some = (layer: ArrayLike<number>) => cells.some((cell) => layer[cell] !== 0);
  const layers = some(game.entries) ? [game.entries, game.filled] : some(game.marks) || some(game.centre) ? [game.marks, game.centre] : some(game.colours) ? [game.colours] : [];
  if (layers.length === 0) return;
  game.record();
  if (layers[0] === game.entries) game.eliminated.fill(0);
  for (const layer of layers) for (const cell of cells) layer[cell] = 0;
}

/** A mark toggled in every empty selected cell: taken out when all have it, else put in all. False when no cell can take it. */
function mark(cells: number[], digit: number, layer: Uint32Array): boolean {
  const open = cells.filter((cell) => !game.entries[cell]);
  if (open.length === 0) {
    say(`${cells.length === 1 ? `${cellName(game.geometry, cells[0]!)} holds a digit` : 'The selected cells hold digits'}; empty ${cells.length === 1 ? 'it' : 'them'} before pencilling marks.`);
    return false;
  }
  const bit = 1 << (digit - 1);
  const all = open.every((cell) => layer[cell]! & bit);
  game.record();
  for (const cell of open) layer[cell] = all ? layer[cell]! & ~bit : layer[cell]! | bit;
  return true;
}

/** A colour given to the selected cells, or taken off when they all have it. */
function paint(cells: number[], colour: number): void {
  if (colour > COLOURS.length) {
    say(`There are ${COLOURS.length} colours, 1 to ${COLOURS.length}.`);
    return;
  }
  const all = cells.every((cell) => game.colours[cell] === colour);
  game.record();
  for (const cell of cells) game.colours[cell] = all ? 0 : colour;
}

/**
 * After undo or redo: a move back to another puzzle takes up the mode that puzzle is played in,
 * givens edited on an empty board and played otherwise (as when a saved game is resumed), so
 * the clock, the grade and typed digits follow the puzzle and not the board just left.
 */
function moved(to: 'puzzle' | 'board'): void {
  if (to === 'puzzle') state.editing = !game.hasPuzzle();
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

/** Clear the player's entries and marks; on a board without them, empty it. */
export function onClear(): void {
  const layers = [game.entries, game.marks, game.centre, game.colours, game.filled, game.eliminated];
  if (game.countEntries() || layers.slice(1, 4).some((layer) => layer.some((x) => x !== 0))) {
    game.record();
    for (const layer of layers) layer.fill(0);
    puzzleChanged();
    say('Your entries, marks and colours are cleared; the givens stay (Clear again empties the board).');
    render();
  } else if (game.hasPuzzle()) {
    newBoard(game.geometry);
  } else {
    say('The board is already empty.');
  }
}
