/**
 * Board: the grid as a human solver sees it — a digit in each solved cell and, in each empty
 * cell, the candidates still possible. Every technique reads a Board and proposes a Step; only
 * the step solver changes it (`place`, `eliminate`), so a technique can never half-apply itself.
 *
 * Candidates are bit masks (bit d−1 for digit d) in a Uint32Array: sets, unions and counts are
 * one instruction each, and a 25×25 board still fits. Larger boards are left to the engines.
 */
import { type Geometry, unitLabel } from '../geometry.js';
import { assertPuzzle, createPuzzle, type Puzzle } from '../puzzle.js';
import { SudokitError } from '../errors.js';
import type { VariantRules } from './rules.js';
import { variantSupport } from '../variant/support.js';
import { variantPart } from '../core/solve.js';
import { constraintsOf } from '../variant/puzzle.js';

/** The largest side the step solver handles: its candidate masks hold one bit per digit in 32 bits. */
export const MAX_LOGIC_SIZE = 25;

/** The number of set bits of a candidate mask (the variant digits' popcount: one definition). */
export { popcount as countBits } from '../variant/digits.js';

/** The digits (1-based) of a candidate mask, ascending. */
export function digitsOf(mask: number): number[] {
  const out: number[] = [];
  for (let m = mask; m !== 0; m &= m - 1) out.push(31 - Math.clz32(m & -m) + 1);
  return out;
}

/** The mask of one digit. */
export function bit(digit: number): number {
  return 1 << (digit - 1);
}

/**
 * Every way to choose `k` items of a list, in order (the subsets, fish and patterns enumerate
 * these). Iterative over an index array: the step solver enumerates millions of these while it
 * grades, and a recursive generator costs a generator object per level per combination.
 */
export function* combinations<T>(items: readonly T[], k: number): Generator<T[]> {
  const n = items.length;
  if (k < 0 || k > n) return;
  const index = new Int32Array(k);
  for (let i = 0; i < k; i++) index[i] = i;
  for (;;) {
    const chosen = new Array<T>(k);
    for (let i = 0; i < k; i++) chosen[i] = items[index[i]!]!;
    yield chosen;
    let i = k - 1;
    while (i >= 0 && index[i] === n - k + i) i--;
    if (i < 0) return;
    index[i]!++;
    for (let j = i + 1; j < k; j++) index[j] = index[j - 1]! + 1;
  }
}

export class Board {
  readonly geometry: Geometry;
  /** The digit in each cell, 0 when empty. */
  readonly values: Uint8Array;
  /** The candidates of each empty cell (bit d−1 for digit d); 0 in a filled cell. */
  readonly candidates: Uint32Array;
  /**
   * A variant puzzle's rules (src/logic/rules.ts), or undefined for classic Sudoku. With rules,
   * `geometry` carries the houses and peers they add, and the rule techniques narrow with them.
   */
  readonly rules: VariantRules | undefined;

  private constructor(geometry: Geometry, values: Uint8Array, candidates: Uint32Array, rules: VariantRules | undefined) {
    this.geometry = geometry;
    this.values = values;
    this.candidates = candidates;
    this.rules = rules;
  }

  /**
   * The board of a puzzle: its givens, and every digit not seen by a peer as a candidate. A
   * variant puzzle's board carries its rules, and its peers include the cells they make differ.
   * Throws a SudokitError (a PuzzleError for what is no puzzle at all) naming what is wrong.
   */
  static fromPuzzle(puzzle: Puzzle): Board {
    // The library's door: a hand-made puzzle is checked here (a 10 on a 9x9, a geometry not made
    // by the library, a cage off the board). Clashing digits are a position all the same (a
    // player's grid may clash): the board then says it has no solution (findContradiction).
    if (typeof puzzle !== 'object' || puzzle === null) assertPuzzle(puzzle);
    createPuzzle(puzzle.geometry, puzzle.givens);
    // Constraints come with their rules from the variant code, once loaded (src/variant/support.ts);
    // jigsaw regions alone are the geometry's.
    const count = variantPart(puzzle) === undefined ? 0 : constraintsOf(puzzle).length;
    const rules = count === 0 ? undefined : variantSupport(`${count} constraint${count === 1 ? '' : 's'}`).rules(puzzle);
    return Board.fromGrid(puzzle.geometry, puzzle.givens, rules);
  }

  /**
   * The board of any partial grid (givens and entries alike), candidates derived from peers; with
   * `rules` (of the puzzle the grid is a position of), a variant board on the rules' geometry.
   */
  static fromGrid(puzzleGeometry: Geometry, grid: ArrayLike<number>, rules?: VariantRules): Board {
    const geometry = rules?.geometry ?? puzzleGeometry;
    if (geometry.size > MAX_LOGIC_SIZE) {
      throw new SudokitError('geometry', `Step solving supports boards up to ${MAX_LOGIC_SIZE}x${MAX_LOGIC_SIZE}, got ${geometry.size}x${geometry.size}`);
    }
    const values = Uint8Array.from({ length: geometry.cellCount }, (_, i) => grid[i] ?? 0);
    const full = (1 << geometry.size) - 1;
    const candidates = new Uint32Array(geometry.cellCount);
    for (let cell = 0; cell < geometry.cellCount; cell++) {
      if (values[cell] !== 0) continue;
      let seen = 0;
      for (const peer of geometry.peers[cell]!) {
        const d = values[peer]!;
        if (d !== 0) seen |= bit(d);
      }
      candidates[cell] = full & ~seen;
    }
    return new Board(geometry, values, candidates, rules);
  }

  /** A board with candidates given explicitly (a pencil-mark grid); filled cells need no mask. */
  static fromCandidates(geometry: Geometry, values: ArrayLike<number>, candidates: ArrayLike<number>, rules?: VariantRules): Board {
    const board = Board.fromGrid(geometry, values, rules);
    for (let cell = 0; cell < geometry.cellCount; cell++) {
      if (board.values[cell] === 0) board.candidates[cell] = (candidates[cell] ?? 0) & board.candidates[cell]!;
    }
    return board;
  }

  /**
   * What JSON.stringify writes for a board: the position as plain data, the values as one line
   * (`.` for an empty cell) and each cell's candidates as a string of digits ('' in a filled cell),
   * not its geometry's tables or its rules' compiled pieces. An explanation or a grade, which hold
   * a board, so serialise as they are.
   */
  toJSON(): { readonly values: string; readonly candidates: readonly string[] } {
    const { digits } = this.geometry;
    let values = '';
    const candidates: string[] = [];
    for (let cell = 0; cell < this.values.length; cell++) {
      const d = this.values[cell]!;
      values += d === 0 ? '.' : digits[d - 1];
      let text = '';
      for (let m = d === 0 ? this.candidates[cell]! : 0; m !== 0; m &= m - 1) text += digits[31 - Math.clz32(m & -m)];
      candidates.push(text);
    }
    return { values, candidates };
  }

  clone(): Board {
    return new Board(this.geometry, this.values.slice(), this.candidates.slice(), this.rules);
  }

  /** The digits `cell` may hold: its digit's bit when it is filled, else its candidates. */
  holds(cell: number): number {
    return this.values[cell] !== 0 ? bit(this.values[cell]!) : this.candidates[cell]!;
  }

  /** Whether `digit` is still a candidate of an empty `cell`. */
  has(cell: number, digit: number): boolean {
    return (this.candidates[cell]! & bit(digit)) !== 0;
  }

  /** Put `digit` in `cell` and remove it from the candidates of every peer. */
  place(cell: number, digit: number): void {
    this.values[cell] = digit;
    this.candidates[cell] = 0;
    const b = bit(digit);
    for (const peer of this.geometry.peers[cell]!) this.candidates[peer] = this.candidates[peer]! & ~b;
  }

  /** Remove `digit` from the candidates of `cell`; true when it was there. */
  eliminate(cell: number, digit: number): boolean {
    const before = this.candidates[cell]!;
    this.candidates[cell] = before & ~bit(digit);
    return before !== this.candidates[cell];
  }

  /** The empty cells of a unit where `digit` is a candidate. */
  cellsWith(unit: number, digit: number): number[] {
    const b = bit(digit);
    const out: number[] = [];
    for (const cell of this.geometry.units[unit]!) if ((this.candidates[cell]! & b) !== 0) out.push(cell);
    return out;
  }

  /** Where `digit` can go in a unit: bit i set when the unit's i-th cell has it as a candidate. */
  positions(unit: number, digit: number): number {
    const b = bit(digit);
    const cells = this.geometry.units[unit]!;
    let mask = 0;
    for (let i = 0; i < cells.length; i++) if ((this.candidates[cells[i]!]! & b) !== 0) mask |= 1 << i;
    return mask;
  }

  /** Whether two different cells must differ: they share a row, column or box, or a variant rule says so. */
  sees(a: number, b: number): boolean {
    const g = this.geometry;
    if (this.rules) return this.rules.differ[a * g.cellCount + b] === 1;
    return a !== b && (g.rowOf[a] === g.rowOf[b] || g.colOf[a] === g.colOf[b] || g.boxOf[a] === g.boxOf[b]);
  }

  /** Whether `digit` is already placed in the unit. */
  isPlaced(unit: number, digit: number): boolean {
    for (const cell of this.geometry.units[unit]!) if (this.values[cell] === digit) return true;
    return false;
  }

  /** Number of empty cells. */
  countEmpty(): number {
    let n = 0;
    for (const v of this.values) if (v === 0) n++;
    return n;
  }

  isSolved(): boolean {
    return this.values.indexOf(0) < 0;
  }

  /**
   * Why the board can no longer be completed by elimination alone, or undefined: an empty cell
   * without candidates, or a digit with no place left in a unit. (A wrong placement shows up here.)
   */
  findContradiction(): string | undefined {
    const g = this.geometry;
    const { values, candidates } = this;
    for (let cell = 0; cell < g.cellCount; cell++) {
      if (values[cell] === 0 && candidates[cell] === 0) return `r${g.rowOf[cell]! + 1}c${g.colOf[cell]! + 1} has no candidate left`;
    }
    const full = (1 << g.size) - 1;
    for (let unit = 0; unit < g.units.length; unit++) {
      let seen = 0;
      const cells = g.units[unit]!;
      for (let i = 0; i < cells.length; i++) {
        const v = values[cells[i]!]!;
        seen |= v !== 0 ? 1 << (v - 1) : candidates[cells[i]!]!;
      }
      if ((seen & full) !== full) {
        const missing = digitsOf(full & ~seen)[0]!;
        return `${g.digits[missing - 1]} has no place left in ${unitLabel(g, unit)}`;
      }
    }
    return undefined;
  }
}
