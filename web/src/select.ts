/**
 * Selecting cells with the pointer: a press selects a cell, Ctrl (or Cmd) or Shift with it adds the
 * cell to the selection (Ctrl on a selected cell takes it out), and a drag selects every cell it
 * crosses, on a touch screen too. In digit-first play a click puts the chosen digit in the cell
 * (in the mode on: entry, mark or colour), or takes it out when the cell holds it already.
 */
import { put } from './editing.js';
import { ui } from './dom.js';
import { game, state } from './state.js';
import { focusCell, render } from './view.js';

/** The cell an element belongs to, or -1. */
function cellOf(target: EventTarget | null): number {
  const el = target instanceof Element ? target.closest<HTMLElement>('[role="gridcell"]') : null;
  return el && ui.board.contains(el) ? Number(el.dataset.cell) : -1;
}

/** Wire the board's pointer events: selection, drags and digit-first clicks. */
export function wireSelection(): void {
  let dragging = false;
  ui.board.addEventListener('pointerdown', (e) => {
    const cell = cellOf(e.target);
    if (cell < 0 || e.button !== 0) return;
    const adding = e.ctrlKey || e.metaKey || e.shiftKey;
    if (adding && (e.ctrlKey || e.metaKey) && (state.extra.has(cell) || (cell === state.selected && state.extra.size))) {
      // Ctrl on a selected cell takes it out of the selection; the focus goes to another selected cell.
      e.preventDefault();
      state.extra.delete(cell);
      if (cell === state.selected) {
        const [next] = state.extra;
        state.extra.delete(next!);
        focusCell(next!);
      } else render();
      return;
    }
    if (adding) state.extra.add(state.selected);
    else state.extra.clear();
    state.extra.delete(cell);
    dragging = true;
    // The page, not the browser, moves the focus: a drag must not start a text selection.
    e.preventDefault();
    focusCell(cell);
  });
  ui.board.addEventListener('pointermove', (e) => {
    if (!dragging) return;
    // A touch keeps sending its moves to the cell it started on: the cell under the finger is looked up.
    const cell = cellOf(document.elementFromPoint(e.clientX, e.clientY));
    if (cell < 0 || cell === state.selected || state.extra.has(cell)) return;
    state.extra.add(state.selected);
    focusCell(cell);
  });
  for (const type of ['pointerup', 'pointercancel'] as const) document.addEventListener(type, () => (dragging = false));
  ui.board.addEventListener('click', (e) => {
    const cell = cellOf(e.target);
    if (cell >= 0 && !e.ctrlKey && !e.metaKey && !e.shiftKey && !state.extra.size) putChosen();
  });
}

/**
 * In digit-first play, put the chosen digit into the selected cell (a click, or Space from the
 * keyboard); marks and colours toggle by themselves, and an entry of the chosen digit comes out.
 * False when no digit is chosen.
 */
export function putChosen(): boolean {
  if (!state.digitFirst || !state.chosen) return false;
  put(state.mode === 'digit' && game.entries[state.selected] === state.chosen ? 0 : state.chosen);
  return true;
}
