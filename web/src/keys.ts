/**
 * The board's keyboard: arrows and Home/End move (Ctrl+Home/End to the corners, as in the WAI-ARIA
 * grid pattern), Shift with them selects several cells, digits and letters enter (Shift+digit
 * pencils a mark), Backspace and Delete erase, Enter jumps to the next empty cell, and the mode
 * keys switch pencil marks (P), centre marks (M), colours (O) and candidates (C).
 */
import type { Geometry } from '../../src/index.js';
import { ui } from './dom.js';
import { put, redo, undo } from './editing.js';
import { setMode, toggleCandidates } from './modes.js';
import { putChosen } from './select.js';
import { game, state } from './state.js';
import { closeHint, closeTour } from './steps.js';
import { focusCell, render } from './view.js';

/** The digit a key stands for on this board, or 0. */
export function digitOfKey(g: Geometry, key: string): number {
  if (key.length !== 1) return 0;
  const i = g.digits.indexOf(key.toUpperCase());
  return i >= 0 && key !== '0' ? i + 1 : 0;
}

/** The digit of a key pressed with Shift (which turns 1 into !): read from the key's place on the keyboard. */
function shiftedDigit(g: Geometry, e: KeyboardEvent): number {
  const m = /^(?:Digit|Numpad)(\d)$/.exec(e.code);
  return m ? digitOfKey(g, m[1]!) : digitOfKey(g, e.key);
}

/** Move the focus to a cell; with Shift the cells passed stay selected (a selection grows). */
function moveTo(cell: number, extend: boolean): void {
  if (extend) state.extra.add(state.selected);
  else state.extra.clear();
  state.extra.delete(cell);
  focusCell(cell);
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
    moveTo(e.key === 'Home' ? 0 : g.cellCount - 1, false);
    return;
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
    moveTo(row! * n + col!, e.shiftKey);
    return;
  }
  switch (e.key) {
    // Tab and Shift+Tab leave the board (one tab stop, as in the WAI-ARIA grid pattern); Enter
    // and Shift+Enter jump to the next or previous empty cell inside it.
    case 'Enter': {
      const next = nextEmpty(e.shiftKey ? -1 : 1);
      if (next >= 0) {
        e.preventDefault();
        moveTo(next, false);
      }
      return;
    }
    case 'Escape':
      if (state.hint || state.tour || state.extra.size) {
        e.preventDefault();
        closeHint();
        closeTour();
        state.extra.clear();
        render();
      }
      return;
    case 'Backspace':
    case 'Delete':
    case '0':
    case '.':
    case ' ':
      e.preventDefault();
      // Space puts the digit chosen for digit-first play, if any; else it erases as the others do.
      if (e.key !== ' ' || !putChosen()) put(0);
      return;
  }
  // Shift+digit pencils a mark whatever the mode (on 16x16 the letters are digits: Shift+A is A).
  const shifted = e.shiftKey && /^(?:Digit|Numpad)\d$/.test(e.code);
  const digit = shifted ? shiftedDigit(g, e) : digitOfKey(g, e.key);
  if (digit) {
    e.preventDefault();
    put(digit, shifted ? 'pencil' : state.mode);
    return;
  }
  const key = e.key.toLowerCase();
  if (key === 'p') setMode('pencil');
  else if (key === 'm') setMode('centre');
  else if (key === 'o') setMode('colour');
  else if (key === 'c') toggleCandidates();
}

/**
 * The page's keys, from anywhere but a text field or a list. The board's keys reach it: a digit
 * typed after a click on a button goes to the selected cell, which takes the focus back; Escape
 * closes the step on show and returns to the board, however far the focus has gone from it.
 * Ctrl+Z undoes, Ctrl+Y and Ctrl+Shift+Z redo.
 */
export function onPageKey(e: KeyboardEvent): void {
  const target = e.target as HTMLElement;
  if (e.defaultPrevented || e.altKey || target.matches('input, textarea, select')) return;
  if (e.ctrlKey || e.metaKey) {
    const key = e.key.toLowerCase();
    if (key === 'z' && !e.shiftKey) {
      e.preventDefault();
      undo();
    } else if (key === 'y' || (key === 'z' && e.shiftKey)) {
      e.preventDefault();
      redo();
    }
    return;
  }
  if (ui.board.contains(target)) return;
  if (e.key === 'Escape') {
    e.preventDefault();
    closeHint();
    closeTour();
    focusCell(state.selected);
    return;
  }
  const digit = digitOfKey(game.geometry, e.key);
  if (digit || e.key === 'Backspace' || e.key === 'Delete') {
    e.preventDefault();
    focusCell(state.selected);
    put(digit);
  }
}
