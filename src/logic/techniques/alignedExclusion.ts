/**
 * Aligned exclusion (Sukaku Explainer's Aligned Pair Exclusion, 6.2, and Aligned Triplet
 * Exclusion, 7.5): take k empty cells and every combination of their candidates. A combination is
 * impossible when two of the cells see each other and hold the same digit, or when it would
 * take every candidate of a cell that sees all k cells (an excluder: a cell of two or three
 * candidates). A candidate that belongs to no possible combination leaves its cell.
 *
 * Which sets are tried is SE's: a set needs at least two excluders in common, and a triplet needs
 * a cell of two or three candidates that sees another cell of the set (SE draws a triplet's
 * third cell from the excluders of the first two).
 *
 * Search: each cell keeps the excluders it sees as a bit set, and a pair (or triple) is only
 * examined when the AND of its cells' sets holds two excluders or more and one of them holds only
 * digits of the set's cells (no other can rule out a combination); then its combinations are
 * enumerated against them, until every candidate of the set is in a possible combination.
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
  const small = (cell: number) => countBits(cand[cell]!) <= 3;
  const both = new Uint32Array(words);
  const all = new Uint32Array(words);
  const listOf = (m: Uint32Array): number[] => {
    const out: number[] = [];
    for (let w = 0; w < words; w++) for (let x = m[w]!; x !== 0; x &= x - 1) out.push(w * 32 + 31 - Math.clz32(x & -x));
    return out;
  };
  // The candidates of the excluders of `m` that can rule out a combination of digits from
  // `union` (only those whose candidates all lie in it, as a combination takes its digits from
  // the union), into `biting`; how many.
  const biting = new Int32Array(g.cellCount);
  const bitingOf = (m: Uint32Array, union: number): number => {
    let count = 0;
    for (let w = 0; w < words; w++) {
      for (let x = m[w]!; x !== 0; x &= x - 1) {
        const c = cand[w * 32 + 31 - Math.clz32(x & -x)]!;
        if ((c & ~union) === 0) biting[count++] = c;
      }
    }
    return count;
  };
  for (let i = 0; i < base.length; i++) {
    for (let j = i + 1; j < base.length; j++) {
      let common = 0;
      for (let w = 0; w < words; w++) {
        both[w] = seen[i]![w]! & seen[j]![w]!;
        common += countBits(both[w]!);
      }
      if (common < 2) continue;
      const pair = cand[base[i]!]! | cand[base[j]!]!;
      if (k === 2) {
        const count = bitingOf(both, pair);
        if (count === 0) continue;
        const allowed = allowedDigits(board, base[i]!, base[j]!, -1, biting, count);
        const step = allowed && stepOf(board, [base[i]!, base[j]!], listOf(both), allowed);
        if (step) return step;
        continue;
      }
      const a = base[i]!;
      const b = base[j]!;
      const seesAB = board.sees(a, b);
      const smallA = small(a);
      const smallB = small(b);
      for (let l = j + 1; l < base.length; l++) {
        let common3 = 0;
        for (let w = 0; w < words; w++) {
          all[w] = both[w]! & seen[l]![w]!;
          common3 += countBits(all[w]!);
        }
        if (common3 < 2) continue;
        const c = base[l]!;
        // SE's third cell: two or three candidates, seeing one of the other two.
        const seesAC = board.sees(a, c);
        const seesBC = board.sees(b, c);
        if (!((smallA && (seesAB || seesAC)) || (smallB && (seesAB || seesBC)) || (small(c) && (seesAC || seesBC)))) continue;
        const count = bitingOf(all, pair | cand[c]!);
        if (count === 0) continue;
        const allowed = allowedDigits(board, a, b, c, biting, count);
        const step = allowed && stepOf(board, [a, b, c], listOf(all), allowed);
        if (step) return step;
      }
    }
  }
  return undefined;
}

/**
 * The digits each of two or three cells (`c2` −1 for two) keeps in some possible combination,
 * or undefined when every candidate does (nothing to exclude). `biting`: the candidates of the
 * first `count` excluders that can rule a combination out. Digits as bits, each combination once,
 * nothing allocated unless something goes; once every candidate is in some possible combination
 * the walk stops, and most sets end there long before their last combination.
 */
function allowedDigits(board: Board, c0: number, c1: number, c2: number, biting: Int32Array, count: number): number[] | undefined {
  const cand = board.candidates;
  const m0 = cand[c0]!;
  const m1 = cand[c1]!;
  const m2 = c2 < 0 ? 0 : cand[c2]!;
  const s01 = board.sees(c0, c1);
  const s02 = c2 >= 0 && board.sees(c0, c2);
  const s12 = c2 >= 0 && board.sees(c1, c2);
  let a0 = 0;
  let a1 = 0;
  let a2 = 0;
  search: for (let ma = m0; ma !== 0; ma &= ma - 1) {
    const a = ma & -ma;
    for (let mb = m1; mb !== 0; mb &= mb - 1) {
      const b = mb & -mb;
      if (a === b && s01) continue;
      if (c2 < 0) {
        if (killed(a | b, biting, count)) continue;
        a0 |= a;
        a1 |= b;
        if (a0 === m0 && a1 === m1) break search;
        continue;
      }
      // The third cell's digits that complete a|b: an excluder kills every one when a and b
      // already take all its digits, and one when a single digit of it is left.
      const ab = a | b;
      let dead = 0;
      let i = 0;
      for (; i < count; i++) {
        const rest = biting[i]! & ~ab;
        if (rest === 0) break;
        if ((rest & (rest - 1)) === 0) dead |= rest;
      }
      if (i < count) continue;
      let cs = m2 & ~dead;
      if (s02) cs &= ~a;
      if (s12) cs &= ~b;
      if (cs === 0) continue;
      a0 |= a;
      a1 |= b;
      a2 |= cs;
      if (a0 === m0 && a1 === m1 && a2 === m2) break search;
    }
  }
  if (a0 === m0 && a1 === m1 && a2 === m2) return undefined;
  return c2 < 0 ? [a0, a1] : [a0, a1, a2];
}

/** Whether a combination using the digits `used` takes every candidate of an excluder. */
function killed(used: number, biting: Int32Array, count: number): boolean {
  for (let i = 0; i < count; i++) if ((biting[i]! & ~used) === 0) return true;
  return false;
}

/** The step of a set of cells whose candidates outside `allowed` go. */
function stepOf(board: Board, cells: readonly number[], common: readonly number[], allowed: readonly number[]): Step | undefined {
  const g = board.geometry;
  const cand = board.candidates;
  const k = cells.length;
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
