/**
 * Constraint propagation plus search: the skeleton of the essay's family of engines
 * (`forward-checking`, `arc-consistency`, `dual`, `naked-pairs`), which differ only in the rules
 * that run after each elimination.
 *
 * Norvig's "Solving Every Sudoku Puzzle" keeps, per cell, the digits still possible, and has two
 * moves: assign a digit to a cell (eliminate every other digit there, and that digit from every
 * peer) and eliminate one digit from one cell. After each elimination a list of rules looks at
 * what changed and may assign or eliminate more; a cell left without candidates is a
 * contradiction. With no rules this is forward checking; each engine adds its rules.
 *
 * The essay writes this as mutual recursion. Here eliminations go on a work queue that `settle`
 * drains, so a long chain of consequences on a 49×49 board cannot overflow the call stack; the
 * result is the same fixed point. Propagation changes the board in place; each guess works on a
 * copy (one board per depth, see `BoardStack`).
 */
import type { SolveOptions, SolveResult } from '../engine.js';
import type { Geometry } from '../geometry.js';
import type { Puzzle } from '../puzzle.js';
import { type Candidates, searchCandidates } from './candidates.js';

/**
 * A propagation rule: runs after `digit` was eliminated from `cell`, may assign and eliminate
 * through `p`, and returns false on a contradiction.
 */
export type Rule = (p: Propagation, cell: number, digit: number) => boolean;

/** A board under propagation: assign and eliminate, with the rules run until nothing changes. */
export class Propagation {
  board: Candidates;
  readonly geometry: Geometry;
  readonly #rules: readonly Rule[];
  readonly #queueCells: Int32Array;
  readonly #queueDigits: Uint8Array;
  #head = 0;
  #tail = 0;
  readonly #others: number[] = [];

  constructor(board: Candidates, rules: readonly Rule[]) {
    this.board = board;
    this.geometry = board.geometry;
    this.#rules = rules;
    // Each (cell, digit) is eliminated at most once per settle, so this never overflows.
    const capacity = board.geometry.cellCount * board.geometry.size;
    this.#queueCells = new Int32Array(capacity);
    this.#queueDigits = new Uint8Array(capacity);
  }

  /** Place `d` in `cell`: eliminate every other digit there and `d` from every peer. False on a contradiction. */
  assign(cell: number, d: number): boolean {
    const { board } = this;
    if (board.placed[cell] !== 0) return board.placed[cell] === d;
    if (!board.has(cell, d)) return false;
    board.placed[cell] = d;
    for (const other of board.digitsOf(cell, this.#others)) if (other !== d && !this.eliminate(cell, other)) return false;
    for (const peer of this.geometry.peers[cell]!) if (!this.eliminate(peer, d)) return false;
    return true;
  }

  /** Eliminate `d` from the candidates of `cell`; the rules see it when `settle` runs. False when the cell has none left. */
  eliminate(cell: number, d: number): boolean {
    if (!this.board.remove(cell, d)) return true;
    if (this.board.counts[cell] === 0) return false;
    this.#queueCells[this.#tail] = cell;
    this.#queueDigits[this.#tail] = d;
    this.#tail++;
    return true;
  }

  /** Run the rules on every elimination so far, and on those they cause, until none is left. False on a contradiction. */
  settle(): boolean {
    let ok = true;
    while (ok && this.#head < this.#tail) {
      const cell = this.#queueCells[this.#head]!;
      const d = this.#queueDigits[this.#head]!;
      this.#head++;
      for (const rule of this.#rules) {
        if (!rule(this, cell, d)) {
          ok = false;
          break;
        }
      }
    }
    this.#head = 0;
    this.#tail = 0;
    return ok;
  }

  /** Forget pending eliminations (after a contradiction, before the next board). */
  clear(): void {
    this.#head = 0;
    this.#tail = 0;
  }
}

/**
 * Solve by propagation with `rules` and search: place the givens and settle, then branch (see
 * `searchCandidates`), settling after each guess.
 */
export function propagationSearch(puzzle: Puzzle, options: SolveOptions, rules: readonly Rule[]): SolveResult {
  let p: Propagation | undefined;
  const settled = (ok: boolean) => {
    if (ok) return p!.settle();
    p!.clear();
    return false;
  };
  return searchCandidates(puzzle, options, {
    start(board, givens) {
      p = new Propagation(board, rules);
      let ok = true;
      for (let cell = 0; ok && cell < givens.length; cell++) if (givens[cell] !== 0) ok = p.assign(cell, givens[cell]!);
      return settled(ok);
    },
    guess(board, cell, d) {
      p!.board = board;
      return settled(p!.assign(cell, d));
    },
  });
}
