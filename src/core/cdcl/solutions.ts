/**
 * Solutions: every variable assigned without a conflict is one. It is read off the trail, and
 * counting past it blocks it with a clause (the negation of its placements outside the givens),
 * so the count up to `limit` is exact: the search ends when the clauses are unsatisfiable.
 */
import { addClause } from './clauses.js';
import type { Propagation } from './propagate.js';
import { type CdclState, DECISION, PERMANENT } from './state.js';

/** The digits of the solution on the trail, into `out` (one per cell, 1 … n). */
export function writeSolution(s: CdclState, out: Uint8Array): void {
  const { n, trail } = s;
  for (let t = 0; t < s.trailTop; t++) {
    const lit = trail[t]!;
    if ((lit & 1) === 0) {
      const cell = ((lit >> 1) / n) | 0;
      out[cell] = (lit >> 1) - cell * n + 1;
    }
  }
}

/**
 * Block the solution on the trail: some non-given cell must hold another digit. Backjumps to
 * where the clause can stand (asserting its literal when one is left open). Returns false when
 * nothing is left to search (no cell outside the givens, or every placement at level 0).
 */
export function blockSolution(s: CdclState, { assign, backtrack }: Propagation, grid: ArrayLike<number>): boolean {
  const { n, trail, learnt, level } = s;
  // Highest levels first.
  let size = 0;
  for (let t = 0; t < s.trailTop; t++) {
    const lit = trail[t]!;
    if ((lit & 1) === 0 && grid[((lit >> 1) / n) | 0] === 0) learnt[size++] = lit ^ 1;
  }
  if (size === 0) return false;
  let top = 0;
  for (let k = 1; k < size; k++) if (level[learnt[k]! >> 1]! > level[learnt[top]! >> 1]!) top = k;
  let t = learnt[0]!;
  learnt[0] = learnt[top]!;
  learnt[top] = t;
  const high = level[learnt[0]! >> 1]!;
  if (high === 0) return false;
  if (size === 1) {
    backtrack(0);
    assign(learnt[0]!, DECISION);
    return true;
  }
  let second = 1;
  for (let k = 2; k < size; k++) if (level[learnt[k]! >> 1]! > level[learnt[second]! >> 1]!) second = k;
  t = learnt[1]!;
  learnt[1] = learnt[second]!;
  learnt[second] = t;
  const low = level[learnt[1]! >> 1]!;
  if (low === high) {
    backtrack(high - 1);
    addClause(s, learnt, size, PERMANENT);
  } else {
    backtrack(low);
    const cref = addClause(s, learnt, size, PERMANENT);
    assign(learnt[0]!, s.reasonClause + cref);
  }
  return true;
}
