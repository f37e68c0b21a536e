/**
 * Aligned exclusion (Sukaku Explainer's Aligned Pair Exclusion, 6.2, and Aligned Triplet
 * Exclusion, 7.5): take k empty cells and every combination of their candidates. A combination is
 * impossible when two of the cells see each other and hold the same digit, or when it would
 * take every candidate of a cell that sees all k cells (an excluder: a cell of two or three
 * candidates). A candidate that belongs to no possible combination leaves its cell.
 *
 * Search: only cells with an excluder in common can exclude anything, so each cell keeps the
 * excluders it sees as a bit set, and a pair (or triple) is only examined when the AND of its
 * cells' sets is not empty; then its combinations are enumerated against those excluders.
 */
import { type Board, countBits, digitsOf } from '../board.js';
import { type Candidate, type Step, type Technique, describeCells, describeEffects } from '../step.js';

function findAlignedExclusion(board: Board, k: number): Step | undefined {
  const g = board.geometry;
  const cand = board.candidates;
  const words = Math.ceil(g.cellCount / 32);
  const excluderMask = new Uint32Array(words);
  const base: number[] = [];
  for (let cell = 0; cell < g.cellCount; cell++) {
    if (board.values[cell] !== 0) continue;
    const count = countBits(cand[cell]!);
    if (count === 1) return undefined; // a naked single first
    base.push(cell);
    if (count <= k) excluderMask[cell >> 5] = excluderMask[cell >> 5]! | (1 << (cell & 31));
  }
  // The excluders each base cell sees, as bit sets.
  const seen = base.map((cell) => {
    const m = new Uint32Array(words);
    for (const p of g.peers[cell]!) if ((excluderMask[p >> 5]! & (1 << (p & 31))) !== 0) m[p >> 5] = m[p >> 5]! | (1 << (p & 31));
    return m;
  });
  const both = new Uint32Array(words);
  const all = new Uint32Array(words);
  const listOf = (m: Uint32Array): number[] => {
    const out: number[] = [];
    for (let w = 0; w < words; w++) for (let x = m[w]!; x !== 0; x &= x - 1) out.push(w * 32 + 31 - Math.clz32(x & -x));
    return out;
  };
  for (let i = 0; i < base.length; i++) {
    for (let j = i + 1; j < base.length; j++) {
      let any = 0;
      for (let w = 0; w < words; w++) any |= both[w] = seen[i]![w]! & seen[j]![w]!;
      if (any === 0) continue;
      if (k === 2) {
        const step = exclude(board, [base[i]!, base[j]!], listOf(both));
        if (step) return step;
        continue;
      }
      for (let l = j + 1; l < base.length; l++) {
        let any3 = 0;
        for (let w = 0; w < words; w++) any3 |= all[w] = both[w]! & seen[l]![w]!;
        if (any3 === 0) continue;
        const step = exclude(board, [base[i]!, base[j]!, base[l]!], listOf(all));
        if (step) return step;
      }
    }
  }
  return undefined;
}

/** The exclusions of one set of cells, as a step, or undefined. */
function exclude(board: Board, cells: readonly number[], common: readonly number[]): Step | undefined {
  const g = board.geometry;
  const cand = board.candidates;
  const k = cells.length;
  const options = cells.map((c) => digitsOf(cand[c]!));
  const allowed = cells.map(() => 0);
  const pick: number[] = new Array(k).fill(0);
  const walk = (i: number, used: number): void => {
    if (i === k) {
      for (const x of common) if ((cand[x]! & ~used) === 0) return;
      for (let j = 0; j < k; j++) allowed[j] = allowed[j]! | (1 << (pick[j]! - 1));
      return;
    }
    for (const d of options[i]!) {
      let clash = false;
      for (let j = 0; j < i; j++) if (pick[j] === d && board.sees(cells[j]!, cells[i]!)) clash = true;
      if (clash) continue;
      pick[i] = d;
      walk(i + 1, used | (1 << (d - 1)));
    }
  };
  walk(0, 0);
  const eliminations: Candidate[] = [];
  cells.forEach((cell, i) => {
    for (const d of digitsOf(cand[cell]! & ~allowed[i]!)) eliminations.push({ cell, digit: d });
  });
  if (eliminations.length === 0) return undefined;
  const name = k === 2 ? 'Aligned Pair Exclusion' : 'Aligned Triplet Exclusion';
  const step = { technique: name, placements: [], eliminations };
  const text = `${name}: ${describeCells(g, cells)}, excluders ${describeCells(g, common)} => ${describeEffects(g, step)}`;
  const shown = [...cells, ...common];
  const candidates = shown.flatMap((cell) => digitsOf(cand[cell]!).map((digit) => ({ cell, digit })));
  return { ...step, rating: k === 2 ? 6.2 : 7.5, cells: shown, candidates, text };
}

export const ALIGNED_PAIR_EXCLUSION: Technique = { name: 'Aligned Pair Exclusion', rating: 6.2, find: (board) => findAlignedExclusion(board, 2) };
export const ALIGNED_TRIPLET_EXCLUSION: Technique = { name: 'Aligned Triplet Exclusion', rating: 7.5, find: (board) => findAlignedExclusion(board, 3) };
