/**
 * `dancing-links`: Knuth's Algorithm X on a dancing-links structure (DLX), with Sudoku as an
 * exact-cover problem.
 *
 * A board of side n becomes a 0/1 matrix with one column per constraint — each cell holds one
 * digit, each row, column and box holds each digit once: 4n² columns — and one row per option
 * "digit d in cell c" (n³ rows, four 1s each). A solution is a set of rows that covers every
 * column exactly once. Algorithm X picks the column with the fewest rows left (Knuth's S
 * heuristic), tries each of its rows, and removes the columns that row covers and the rows that
 * clash with it. Dancing links makes removal and restoration O(1) per node: every 1 of the matrix
 * is a node in a circular doubly linked list across its row and another down its column, and a
 * node taken out remembers its neighbours, so `uncover` puts it back by reversing `cover`.
 *
 * From Knuth, "Dancing Links" (2000), and the Dancing Links notebook sudokit grew out of. The
 * nodes live in typed arrays (left, right, up, down, column, option) instead of objects. Any box
 * shape works, since the four constraint kinds are all a board needs; the search walks the whole
 * tree when asked, so it enumerates every solution in constant memory. Orderings do not apply:
 * the column rule is the algorithm.
 */
import type { Engine } from '../engine.js';
import type { Puzzle } from '../puzzle.js';
import { SearchRun } from './run.js';

/** The exact-cover matrix of a board, linked up; node 0 is the root, nodes 1 … columns are the column headers. */
class Links {
  readonly left: Int32Array;
  readonly right: Int32Array;
  readonly up: Int32Array;
  readonly down: Int32Array;
  /** Column header of each node. */
  readonly column: Int32Array;
  /** Option (cell · n + digit − 1) of each node; −1 for headers. */
  readonly option: Int32Array;
  /** Rows left in each column, indexed by header node. */
  readonly size: Int32Array;

  constructor(puzzle: Puzzle) {
    const { size: n, cellCount, rowOf, colOf, boxOf } = puzzle.geometry;
    const columns = 4 * cellCount;
    const nodes = 1 + columns + 4 * cellCount * n;
    this.left = new Int32Array(nodes);
    this.right = new Int32Array(nodes);
    this.up = new Int32Array(nodes);
    this.down = new Int32Array(nodes);
    this.column = new Int32Array(nodes);
    this.option = new Int32Array(nodes).fill(-1);
    this.size = new Int32Array(1 + columns);
    // The header row: root and columns in one circle; each column starts as an empty vertical circle.
    for (let h = 0; h <= columns; h++) {
      this.left[h] = h === 0 ? columns : h - 1;
      this.right[h] = h === columns ? 0 : h + 1;
      this.up[h] = h;
      this.down[h] = h;
      this.column[h] = h;
    }
    let next = columns + 1;
    for (let cell = 0; cell < cellCount; cell++) {
      for (let d = 0; d < n; d++) {
        // Columns of "digit d+1 in cell": the cell, then d in its row, its column and its box.
        const covers = [cell, cellCount + rowOf[cell]! * n + d, 2 * cellCount + colOf[cell]! * n + d, 3 * cellCount + boxOf[cell]! * n + d];
        const first = next;
        for (let k = 0; k < 4; k++) {
          const node = next++;
          const header = covers[k]! + 1;
          this.column[node] = header;
          this.option[node] = cell * n + d;
          // Append at the bottom of the column.
          this.up[node] = this.up[header]!;
          this.down[node] = header;
          this.down[this.up[header]!] = node;
          this.up[header] = node;
          this.size[header]!++;
          // Link into the option's row circle.
          this.left[node] = k === 0 ? first + 3 : node - 1;
          this.right[node] = k === 3 ? first : node + 1;
        }
      }
    }
  }

  /** Take column `c` out of the header row, and every row that has a 1 in it out of the other columns. */
  cover(c: number): void {
    const { left, right, up, down, column, size } = this;
    right[left[c]!] = right[c]!;
    left[right[c]!] = left[c]!;
    for (let i = down[c]!; i !== c; i = down[i]!) {
      for (let j = right[i]!; j !== i; j = right[j]!) {
        up[down[j]!] = up[j]!;
        down[up[j]!] = down[j]!;
        size[column[j]!]!--;
      }
    }
  }

  /** Undo `cover(c)`, in exactly the reverse order. */
  uncover(c: number): void {
    const { left, right, up, down, column, size } = this;
    for (let i = up[c]!; i !== c; i = up[i]!) {
      for (let j = left[i]!; j !== i; j = left[j]!) {
        size[column[j]!]!++;
        up[down[j]!] = j;
        down[up[j]!] = j;
      }
    }
    right[left[c]!] = c;
    left[right[c]!] = c;
  }

  /** Cover the other columns of the row of `node` (its own column is covered already). */
  coverRow(node: number): void {
    for (let j = this.right[node]!; j !== node; j = this.right[j]!) this.cover(this.column[j]!);
  }

  /** Undo `coverRow(node)`. */
  uncoverRow(node: number): void {
    for (let j = this.left[node]!; j !== node; j = this.left[j]!) this.uncover(this.column[j]!);
  }

  /** The uncovered column with the fewest rows (Knuth's S heuristic), or 0 when every column is covered. */
  smallestColumn(): number {
    let best = 0;
    let bestSize = Number.POSITIVE_INFINITY;
    for (let c = this.right[0]!; c !== 0; c = this.right[c]!) {
      if (this.size[c]! < bestSize) {
        best = c;
        bestSize = this.size[c]!;
        if (bestSize <= 1) break;
      }
    }
    return best;
  }

  /** The node of `option` in column `c`. */
  nodeIn(c: number, option: number): number {
    for (let i = this.down[c]!; i !== c; i = this.down[i]!) if (this.option[i] === option) return i;
    return -1;
  }
}

export const dancingLinksEngine: Engine = {
  id: 'dancing-links',
  description: "Knuth's Algorithm X on dancing links (exact cover, fewest-rows column first), any box shape, enumerates every solution; orderings do not apply",
  supports: () => true,
  solve(puzzle, options = {}) {
    const run = new SearchRun(options);
    const n = puzzle.geometry.size;
    const links = new Links(puzzle);
    const grid = puzzle.givens.slice();

    /** Algorithm X: cover the smallest column, try each of its rows in turn. */
    const search = (): void => {
      const c = links.smallestColumn();
      if (c === 0) {
        run.found(grid);
        return;
      }
      if (links.size[c] === 0) return;
      if (links.size[c]! > 1) run.guesses++;
      links.cover(c);
      for (let r = links.down[c]!; r !== c; r = links.down[r]!) {
        if (!run.enter()) break;
        const option = links.option[r]!;
        grid[Math.floor(option / n)] = (option % n) + 1;
        links.coverRow(r);
        search();
        links.uncoverRow(r);
        if (run.stopped) break;
      }
      links.uncover(c);
    };

    run.enter();
    // The givens are rows chosen before the search: cover their columns.
    let consistent = true;
    for (let cell = 0; consistent && cell < puzzle.geometry.cellCount; cell++) {
      const d = puzzle.givens[cell]!;
      if (d === 0) continue;
      const header = cell + 1;
      const node = links.right[links.left[header]!] === header ? links.nodeIn(header, cell * n + d - 1) : -1;
      if (node < 0) consistent = false;
      else {
        links.cover(header);
        links.coverRow(node);
      }
    }
    if (consistent) search();
    return run.result();
  },
};
