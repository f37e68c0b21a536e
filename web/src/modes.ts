/**
 * The input modes and the notes: what a typed digit becomes (an entry, a pencil mark, a centre
 * mark, a colour), digit-first play, the candidates view, and Fill notes, which writes every empty
 * cell's candidates as its pencil marks in one undoable change, to be struck out one by one.
 */
import { game, type Mode, state } from './state.js';
import { say } from './status.js';
import { boardCandidates, render } from './view.js';
import { COLOURS } from './words.js';

const SAID: Record<Mode, string> = {
  digit: 'Digits: typed digits are entered in the selected cells.',
  pencil: 'Pencil marks: a typed digit is marked at its place in the selected cells, or taken out (Shift+digit does this in any mode).',
  centre: 'Centre marks: a typed digit is written small in the middle of the selected cells, or taken out.',
  colour: `Colours: digits 1 to ${COLOURS.length} colour the selected cells; the same colour again takes it off.`,
};

/** Switch to a mode; the mode already on switches back to digits. */
export function setMode(mode: Mode): void {
  state.mode = state.mode === mode ? 'digit' : mode;
  say(SAID[state.mode]);
  render();
}

/** Show every candidate of every empty cell, or the player's own marks again. */
export function toggleCandidates(): void {
  state.showCandidates = !state.showCandidates;
  say(state.showCandidates ? 'Showing every candidate: the digits no peer holds yet.' : 'Showing your own pencil marks.');
  render();
}

/** Digit first: choose a digit on the pad, then click cells; or back to choosing the cell first. */
export function toggleDigitFirst(): void {
  state.digitFirst = !state.digitFirst;
  state.chosen = 0;
  say(state.digitFirst ? 'Digit first: choose a digit on the pad, then click each cell it goes in (click it again to take it out).' : 'Cell first: select a cell, then type or press its digit.');
  render();
}

/** In digit-first play, the pad's digit is chosen (or put down when pressed again). */
export function chooseDigit(digit: number): void {
  state.chosen = state.chosen === digit ? 0 : digit;
  render();
}

/** Write every empty cell's candidates (less those hints removed) as its pencil marks, and switch to pencil marks to strike them out. */
export function fillNotes(): void {
  if (state.tour) {
    say('The board shows the explanation; press Close to go back to your grid.');
    return;
  }
  const candidates = boardCandidates();
  const grid = game.grid();
  if (grid.every((d, cell) => d !== 0 || game.marks[cell] === candidates[cell])) {
    say('Every empty cell already holds its candidates as pencil marks.');
    return;
  }
  game.record();
  for (let cell = 0; cell < grid.length; cell++) if (!grid[cell]) game.marks[cell] = candidates[cell]!;
  state.mode = 'pencil';
  state.showCandidates = false;
  say('Every empty cell now holds its candidates as pencil marks; type a digit to strike it out of the selected cells (Undo takes them all back).');
  render();
}
