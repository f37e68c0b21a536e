/**
 * `backtracking`: the plain depth-first search of the first article. Visit the empty cells in
 * index order (row by row); in each, try the digits 1, 2, … in turn, keeping the first that does
 * not clash with its row, column or box, and move on; when a cell has no digit left, go back to
 * the previous cell and try its next digit.
 *
 * The article's program is a few lines over an 81-entry vector (0 for an empty cell); this is the
 * same algorithm for every board size. It has no lookahead and a fixed order, so its time swings
 * from microseconds to minutes with the puzzle (a puzzle whose first row starts with the wrong
 * digits makes it explore vast dead subtrees). Use it as the baseline the other engines are
 * measured against. Orderings do not apply (its order is the algorithm).
 */
import type { Engine } from '../engine.js';
import { Filling } from './filling.js';
import { SearchRun } from './run.js';

export const backtrackingEngine: Engine = {
  id: 'backtracking',
  description: "the first article's depth-first search: empty cells in index order, digits ascending, each checked against its row, column and box; orderings do not apply",
  supports: () => true,
  solve(puzzle, options = {}) {
    const run = new SearchRun(options);
    const filling = new Filling(puzzle);
    const empty: number[] = [];
    for (let cell = 0; cell < puzzle.geometry.cellCount; cell++) if (puzzle.givens[cell] === 0) empty.push(cell);
    const { size } = puzzle.geometry;

    /** Fill the empty cells from the k-th on. */
    const fill = (k: number): void => {
      if (k === empty.length) {
        run.found(filling.grid);
        return;
      }
      const cell = empty[k]!;
      if (filling.countFree(cell) > 1) run.guesses++;
      for (let d = 1; d <= size; d++) {
        if (!filling.isFree(cell, d)) continue;
        if (!run.enter()) return;
        filling.place(cell, d);
        fill(k + 1);
        filling.clear(cell);
        if (run.stopped) return;
      }
    };

    run.enter();
    fill(0);
    return run.result();
  },
};
