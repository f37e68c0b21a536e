/**
 * The player's edits: digits, pencil marks and givens put into cells, undo and redo, the board's
 * keyboard, the input modes, and Clear. Each change is recorded in the game before it is made.
 */
import { cellName, type Geometry } from '../../src/index.js';
import { ui } from './dom.js';
import { newBoard } from './persistence.js';
import { game, state, wrong } from './state.js';
import { say } from './status.js';
import { closeHint, closeTour } from './steps.js';
import { focusCell, render } from './view.js';

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
      game.filled[cell] = 0;
      // A placed digit is no longer a possibility for its peers: drop it from their marks.
      if (digit) for (const p of g.peers[cell]!) game.marks[p]! &= ~bit;
    }
  }
  wrong.delete(cell);
  render();
  if (state.pencil && digit && state.showCandidates && !state.editing) say('Candidates are shown; switch them off to see your own marks.');
}

/** The digit a key stands for on this board, or 0. */
export function digitOfKey(g: Geometry, key: string): number {
  if (key.length !== 1) return 0;
  const i = g.digits.indexOf(key.toUpperCase());
  return i >= 0 && key !== '0' ? i + 1 : 0;
}

/** Take back the last change of the board. */
export function undo(): void {
  if (!game.undo()) return say('Nothing to undo.');
  puzzleChanged();
  render();
}

/** Make the last undone change again. */
export function redo(): void {
  if (!game.redo()) return say('Nothing to redo.');
  puzzleChanged();
  render();
}

/** The next (or previous) empty cell after the selected one in reading order, or -1. */
function nextEmpty(step: 1 | -1): number {
  const grid = game.grid();
  for (let cell = state.selected + step; cell >= 0 && cell < grid.length; cell += step) if (grid[cell] === 0) return cell;
  return -1;
}

/** The board's keyboard: moves, digits, erasing, the jump to an empty cell, and the mode keys. */
export function onBoardKey(e: KeyboardEvent): void {
  const g = game.geometry;
  const n = g.size;
  // Ctrl+Home and Ctrl+End reach the first and last cell, as in the WAI-ARIA grid pattern.
  if (e.ctrlKey && !e.altKey && (e.key === 'Home' || e.key === 'End')) {
    e.preventDefault();
    return focusCell(e.key === 'Home' ? 0 : g.cellCount - 1);
  }
  if (e.ctrlKey || e.metaKey || e.altKey) return;
  const r = Math.floor(state.selected / n);
  const c = state.selected % n;
  const moves: Record<string, [number, number]> = {
    ArrowUp: [r - 1, c],
    ArrowDown: [r + 1, c],
    ArrowLeft: [r, c - 1],
    ArrowRight: [r, c + 1],
    Home: [r, 0],
    End: [r, n - 1],
  };
  const target = moves[e.key];
  if (target) {
    // Moves stop at the edges of the board.
    e.preventDefault();
    const [row, col] = target.map((x) => Math.max(0, Math.min(n - 1, x)));
    return focusCell(row! * n + col!);
  }
  switch (e.key) {
    // Tab and Shift+Tab leave the board (one tab stop, as in the WAI-ARIA grid pattern); Enter
    // and Shift+Enter jump to the next or previous empty cell inside it.
    case 'Enter': {
      const next = nextEmpty(e.shiftKey ? -1 : 1);
      if (next >= 0) {
        e.preventDefault();
        focusCell(next);
      }
      return;
    }
    case 'Escape':
      if (state.hint || state.tour) {
        e.preventDefault();
        closeHint();
        closeTour();
        render();
      }
      return;
    case 'Backspace':
    case 'Delete':
    case '0':
    case '.':
    case ' ':
      e.preventDefault();
      return put(state.selected, 0);
  }
  const digit = digitOfKey(g, e.key);
  if (digit) {
    e.preventDefault();
    return put(state.selected, digit);
  }
  if (e.key === 'p' || e.key === 'P') togglePencil();
  else if (e.key === 'c' || e.key === 'C') toggleCandidates();
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
