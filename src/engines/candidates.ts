/**
 * Candidates as bit masks, the state of every propagating readable engine: for each cell, the
 * digits still possible there (bit d−1 for digit d), a count of them, and the digit placed in the
 * cell once the engine has decided it (0 while open).
 *
 * A cell's mask takes one 32-bit word for boards up to 32×32 and two for bigger ones (up to
 * 49×49), so the same code runs on every size; the engines read it through `has`, `remove` and
 * `digitsOf` and never see the words. Propagation changes a `Candidates` in place; each guess
 * works on a copy (`copyFrom` into a board kept per search depth, so nothing is allocated per
 * node).
 */
import type { SolveOptions, SolveResult } from '../engine.js';
import type { Geometry } from '../geometry.js';
import type { Puzzle } from '../puzzle.js';
import { branchingOf, orderDigits, pickCell } from './orderings.js';
import { SearchRun } from './run.js';

export class Candidates {
  readonly geometry: Geometry;
  /** 32-bit words per cell. */
  readonly words: number;
  /** The masks, `words` per cell: bit (d−1) % 32 of word (d−1) / 32 is digit d. */
  readonly bits: Uint32Array;
  /** Number of candidates of each cell. */
  readonly counts: Uint8Array;
  /** The digit placed in each cell, 0 while the cell is open. */
  readonly placed: Uint8Array;

  /** A board where every digit is a candidate of every cell. */
  constructor(geometry: Geometry) {
    this.geometry = geometry;
    const { size, cellCount } = geometry;
    this.words = Math.ceil(size / 32);
    this.bits = new Uint32Array(cellCount * this.words);
    this.counts = new Uint8Array(cellCount).fill(size);
    this.placed = new Uint8Array(cellCount);
    for (let cell = 0; cell < cellCount; cell++) {
      for (let d = 1; d <= size; d++) this.bits[cell * this.words + ((d - 1) >>> 5)]! |= 1 << ((d - 1) & 31);
    }
  }

  /** Whether `d` is still a candidate of `cell`. */
  has(cell: number, d: number): boolean {
    return ((this.bits[cell * this.words + ((d - 1) >>> 5)]! >>> ((d - 1) & 31)) & 1) === 1;
  }

  /** Take `d` from the candidates of `cell`. Returns false when it was not there. */
  remove(cell: number, d: number): boolean {
    const i = cell * this.words + ((d - 1) >>> 5);
    const bit = 1 << ((d - 1) & 31);
    const word = this.bits[i]!;
    if ((word & bit) === 0) return false;
    this.bits[i] = word & ~bit;
    this.counts[cell]!--;
    return true;
  }

  /** The smallest candidate of `cell` (the only one when its count is 1), or 0 when none is left. */
  first(cell: number): number {
    for (let w = 0; w < this.words; w++) {
      const word = this.bits[cell * this.words + w]!;
      if (word !== 0) return 32 * w + 32 - Math.clz32(word & -word);
    }
    return 0;
  }

  /** The candidates of `cell`, ascending, written into `out` (cleared first). */
  digitsOf(cell: number, out: number[]): number[] {
    out.length = 0;
    for (let w = 0; w < this.words; w++) {
      let word = this.bits[cell * this.words + w]!;
      while (word !== 0) {
        const low = word & -word;
        word ^= low;
        out.push(32 * w + 32 - Math.clz32(low));
      }
    }
    return out;
  }

  /** Whether two cells have exactly the same candidates. */
  sameAs(a: number, b: number): boolean {
    for (let w = 0; w < this.words; w++) if (this.bits[a * this.words + w] !== this.bits[b * this.words + w]) return false;
    return true;
  }

  /** How many open peers of `cell` still have `d` as a candidate: what placing d there would narrow. */
  constrains(cell: number, d: number): number {
    let n = 0;
    for (const peer of this.geometry.peers[cell]!) if (this.placed[peer] === 0 && this.has(peer, d)) n++;
    return n;
  }

  /** Make this board a copy of `other` (same geometry). */
  copyFrom(other: Candidates): this {
    this.bits.set(other.bits);
    this.counts.set(other.counts);
    this.placed.set(other.placed);
    return this;
  }
}

/** Boards kept per search depth, made on first use: a guess at depth k copies into board k + 1. */
export class BoardStack {
  readonly #boards: Candidates[] = [];
  readonly #geometry: Geometry;

  constructor(geometry: Geometry) {
    this.#geometry = geometry;
  }

  /** The board for `depth`. */
  at(depth: number): Candidates {
    let board = this.#boards[depth];
    if (!board) {
      board = new Candidates(this.#geometry);
      this.#boards[depth] = board;
    }
    return board;
  }
}

/** How a candidate engine narrows a board: both return false on a contradiction. */
export interface Narrowing {
  /** Place the givens on a fresh board (every digit a candidate of every cell) and narrow it. */
  start(board: Candidates, givens: Uint8Array): boolean;
  /** Place the guess `d` in `cell` and narrow the board. */
  guess(board: Candidates, cell: number, d: number): boolean;
}

/**
 * The search of every candidate engine: narrow the givens, then branch on an open cell chosen by
 * the variable ordering, trying its candidates in the value ordering, each on a copy of the
 * board, until every cell is placed.
 */
export function searchCandidates(puzzle: Puzzle, options: SolveOptions, narrowing: Narrowing): SolveResult {
  const run = new SearchRun(options);
  const branching = branchingOf(options);
  const { cellCount } = puzzle.geometry;
  const boards = new BoardStack(puzzle.geometry);

  const explore = (depth: number): void => {
    const board = boards.at(depth);
    const cell = pickCell(
      branching,
      cellCount,
      (c) => board.placed[c] === 0,
      (c) => board.counts[c]!,
    );
    if (cell < 0) {
      run.found(board.placed);
      return;
    }
    const digits = orderDigits(branching, board.digitsOf(cell, []), (d) => board.constrains(cell, d));
    if (digits.length > 1) run.guesses++;
    for (const d of digits) {
      if (!run.enter()) return;
      if (narrowing.guess(boards.at(depth + 1).copyFrom(board), cell, d)) explore(depth + 1);
      if (run.stopped) return;
    }
  };

  run.enter();
  if (narrowing.start(boards.at(0), puzzle.givens)) explore(0);
  return run.result();
}
