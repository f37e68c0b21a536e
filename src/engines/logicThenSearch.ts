/**
 * `logic-then-search`: solve the way a person with a pencil does, and guess only when stuck.
 * Write the candidates of every cell; then, in rounds, place every naked single (a cell with one
 * candidate left) and every hidden single (a digit with one place left in a row, column or box),
 * crossing the placed digit off its peers, until a round changes nothing. If cells are still
 * open, guess a candidate of one (variable and value orderings apply, default `minrv`, `first`)
 * on a copy of the board and narrow again.
 *
 * From the logic article sudokit grew out of (a human-style solver: candidates, naked singles,
 * hidden singles, repeated to a fixed point, search as the last resort). It reaches the same
 * fixed point as the `dual` engine, but by sweeping the whole board each round instead of
 * following each elimination, which is how a person works and easier to show step by step.
 */
import type { Engine } from '../engine.js';
import { type Candidates, searchCandidates } from './candidates.js';

/** Place `d` in `cell` and cross it off the peers. False when a peer is left with no candidate. */
function place(board: Candidates, cell: number, d: number): boolean {
  if (!board.has(cell, d)) return false;
  board.placed[cell] = d;
  for (let other = 1; other <= board.geometry.size; other++) if (other !== d) board.remove(cell, other);
  for (const peer of board.geometry.peers[cell]!) if (board.remove(peer, d) && board.counts[peer] === 0) return false;
  return true;
}

/** One sweep of naked singles: returns the number placed, or −1 on a contradiction. */
function placeNakedSingles(board: Candidates): number {
  let placed = 0;
  for (let cell = 0; cell < board.geometry.cellCount; cell++) {
    if (board.placed[cell] !== 0 || board.counts[cell] !== 1) continue;
    if (!place(board, cell, board.first(cell))) return -1;
    placed++;
  }
  return placed;
}

/** One sweep of hidden singles over every unit and digit: returns the number placed, or −1 on a contradiction. */
function placeHiddenSingles(board: Candidates): number {
  const { units, size } = board.geometry;
  let placed = 0;
  for (const unit of units) {
    for (let d = 1; d <= size; d++) {
      let where = -1;
      let places = 0;
      for (const cell of unit) {
        if (board.has(cell, d)) {
          where = cell;
          if (++places > 1) break;
        }
      }
      if (places === 0) return -1;
      if (places === 1 && board.placed[where] === 0) {
        if (!place(board, where, d)) return -1;
        placed++;
      }
    }
  }
  return placed;
}

/** Naked and hidden singles, round after round, until a round places nothing. False on a contradiction. */
function narrow(board: Candidates): boolean {
  for (;;) {
    const naked = placeNakedSingles(board);
    if (naked < 0) return false;
    const hidden = placeHiddenSingles(board);
    if (hidden < 0) return false;
    if (naked + hidden === 0) return true;
  }
}

export const logicThenSearchEngine: Engine = {
  id: 'logic-then-search',
  description: 'the logic article: candidates, naked and hidden singles in rounds to a fixed point, a guess only when stuck; orderings apply',
  supports: () => true,
  solve: (puzzle, options = {}) =>
    searchCandidates(puzzle, options, {
      start(board, givens) {
        for (let cell = 0; cell < givens.length; cell++) if (givens[cell] !== 0 && !place(board, cell, givens[cell]!)) return false;
        return narrow(board);
      },
      guess: (board, cell, d) => place(board, cell, d) && narrow(board),
    }),
};
