/**
 * A grid being filled in, with the digits each unit already holds: the whole state of the plain
 * searches (`backtracking`, `search`), which keep no candidates and only ask "does this digit
 * clash with a peer?". Each unit keeps one flag per digit, so the question costs three lookups
 * instead of a scan of the row, column and box.
 */
import type { Geometry } from '../geometry.js';
import type { Puzzle } from '../puzzle.js';

export class Filling {
  readonly geometry: Geometry;
  /** The digits placed so far, 0 for an empty cell; starts as the givens. */
  readonly grid: Uint8Array;
  /** `used[unit * (size + 1) + d]` is 1 when the unit holds digit d. */
  readonly #used: Uint8Array;

  constructor(puzzle: Puzzle) {
    const g = puzzle.geometry;
    this.geometry = g;
    this.grid = new Uint8Array(g.cellCount);
    this.#used = new Uint8Array(g.units.length * (g.size + 1));
    for (let cell = 0; cell < g.cellCount; cell++) if (puzzle.givens[cell] !== 0) this.place(cell, puzzle.givens[cell]!);
  }

  /** Whether `d` can go in `cell` without clashing with its row, column or box. */
  isFree(cell: number, d: number): boolean {
    const stride = this.geometry.size + 1;
    for (const unit of this.geometry.unitsOf[cell]!) if (this.#used[unit * stride + d] === 1) return false;
    return true;
  }

  place(cell: number, d: number): void {
    this.grid[cell] = d;
    this.#mark(cell, d, 1);
  }

  /** Empty `cell` again. */
  clear(cell: number): void {
    this.#mark(cell, this.grid[cell]!, 0);
    this.grid[cell] = 0;
  }

  /** The digits that can go in `cell`, ascending, written into `out` (cleared first). */
  freeDigits(cell: number, out: number[]): number[] {
    out.length = 0;
    for (let d = 1; d <= this.geometry.size; d++) if (this.isFree(cell, d)) out.push(d);
    return out;
  }

  /** How many digits can go in `cell`. */
  countFree(cell: number): number {
    let n = 0;
    for (let d = 1; d <= this.geometry.size; d++) if (this.isFree(cell, d)) n++;
    return n;
  }

  #mark(cell: number, d: number, value: number): void {
    const stride = this.geometry.size + 1;
    for (const unit of this.geometry.unitsOf[cell]!) this.#used[unit * stride + d] = value;
  }
}
