/**
 * The board's keyboard: arrows and Home/End move (Ctrl+Home/End to the corners, as in the WAI-ARIA
 * grid pattern), digits and letters enter, Backspace and Delete erase, Enter jumps to the next
 * empty cell, and the mode keys switch pencil marks and candidates.
 */
import type { Geometry } from '../../src/index.js';
import { ui } from './dom.js';
import { put, redo, toggleCandidates, togglePencil, undo } from './editing.js';
import { game, state } from './state.js';
import { closeHint, closeTour } from './steps.js';
import { focusCell, render } from './view.js';

/** The digit a key stands for on this board, or 0. */
export function digitOfKey(g: Geometry, key: string): number {
  if (key.length !== 1) return 0;
  const i = g.digits.indexOf(key.toUpperCase());
  return i >= 0 && key !== '0' ? i + 1 : 0;
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
    focusCell(e.key === 'Home' ? 0 : g.cellCount - 1);
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
    focusCell(row! * n + col!);
    return;
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
      put(state.selected, 0);
      return;
  }
  const digit = digitOfKey(g, e.key);
  if (digit) {
    e.preventDefault();
    put(state.selected, digit);
    return;
  }
  if (e.key === 'p' || e.key === 'P') togglePencil();
  else if (e.key === 'c' || e.key === 'C') toggleCandidates();
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
    put(state.selected, digit);
  }
}
