/**
 * Big wings as Sukaku Explainer rates them: WXYZ-Wing (three cells) and VWXYZ-Wing (four cells).
 *
 * The wing is a set of k cells that all see one another and hold k + 1 digits between them (an
 * almost locked set: one digit too many), and a bivalue cell {x,z} outside it whose two digits
 * are among the set's. When every cell of the set holding x sees the bivalue cell, x is a
 * restricted common: the bivalue cell and the set cannot both hold x. Then if the bivalue cell
 * is x, the set loses x and locks its other k digits, z among them; if it is z, it is z. So z
 * leaves every cell that sees the bivalue cell and each cell of the set holding z. When z is a
 * restricted common too (doubly linked), the set and the bivalue cell are locked together: each
 * digit of the set other than x and z leaves the cells that see all its places in the set, and
 * x (like z) leaves what sees the bivalue cell and its places in the set.
 *
 * Ratings (SE 1.18): the size of the set's largest cell counts, a middle size being harder than
 * the extremes: WXYZ-Wing 5.5, 5.6 when the largest cell has 3 digits; VWXYZ-Wing 6.2 + 0.1 × (2 −
 * |3 − largest|), so 6.3 for a largest cell of 2 or 4 digits, 6.4 for 3, 6.2 for 5. Among the
 * wings found the lowest rating wins, then the one that removes most, as SE sorts its hints.
 */
import { cellName } from '../../geometry.js';
import { type Board, countBits, digitsOf } from '../board.js';
import { type Candidate, type Step, type Technique, describeEffects } from '../step.js';

function ratingOf(k: number, largest: number): number {
  if (k === 3) return 5.5 + (1 - Math.abs(3 - largest)) * 0.1;
  return 6.2 + (2 - Math.abs(3 - largest)) * 0.1;
}

const NAMES: Record<number, string> = { 3: 'WXYZ-Wing', 4: 'VWXYZ-Wing' };

interface Found {
  set: number[];
  pivot: number;
  x: number;
  z: number;
  double: boolean;
  eliminations: Candidate[];
  rating: number;
}

/** Every wing of a set of `k` cells with eliminations; the best by SE's order. */
function findAlsWing(board: Board, k: number): Step | undefined {
  const g = board.geometry;
  const cand = board.candidates;
  const empty: number[] = [];
  for (let cell = 0; cell < g.cellCount; cell++) if (board.values[cell] === 0 && countBits(cand[cell]!) >= 2 && countBits(cand[cell]!) <= k + 1) empty.push(cell);
  const bivalue = empty.filter((c) => countBits(cand[c]!) === 2);
  let best: Found | undefined;
  const set: number[] = [];

  /** The cells (outside the wing) holding `digit` that see every cell of `through`. */
  const victims = (digit: number, through: readonly number[], wing: readonly number[], out: Map<number, Candidate>): void => {
    if (through.length === 0) return;
    const b = 1 << (digit - 1);
    for (const cell of g.peers[through[0]!]!) {
      if ((cand[cell]! & b) === 0 || wing.includes(cell)) continue;
      if (through.every((t) => t === cell || board.sees(cell, t))) out.set(cell * g.size + digit - 1, { cell, digit });
    }
  };

  const tryPivots = (union: number): void => {
    for (const pivot of bivalue) {
      const pm = cand[pivot]!;
      if ((pm & ~union) !== 0 || set.includes(pivot)) continue;
      // A digit is a restricted common when every cell of the set holding it sees the pivot.
      const pb = pm & -pm;
      const qb = pm & ~pb;
      let rp = true;
      let rq = true;
      for (let i = 0; i < set.length; i++) {
        const m = cand[set[i]!]!;
        if ((m & pm) !== 0 && !board.sees(set[i]!, pivot)) {
          if ((m & pb) !== 0) rp = false;
          if ((m & qb) !== 0) rq = false;
        }
      }
      if (!rp && !rq) continue;
      const p = 32 - Math.clz32(pb);
      const q = 32 - Math.clz32(qb);
      const holders = (d: number) => set.filter((c) => (cand[c]! & (1 << (d - 1))) !== 0);
      const double = rp && rq;
      const largest = Math.max(...set.map((c) => countBits(cand[c]!)));
      const rating = ratingOf(k, largest);
      if (best && rating > best.rating + 1e-9) continue;
      const wing = [...set, pivot];
      for (const [x, z] of rp && rq ? ([[p, q]] as const) : rp ? ([[p, q]] as const) : ([[q, p]] as const)) {
        const out = new Map<number, Candidate>();
        victims(z, [pivot, ...holders(z)], wing, out);
        if (double) {
          victims(x, [pivot, ...holders(x)], wing, out);
          for (const w of digitsOf(union & ~pm)) victims(w, holders(w), wing, out);
        }
        if (out.size === 0) continue;
        if (best && Math.abs(rating - best.rating) < 1e-9 && out.size <= best.eliminations.length) continue;
        best = { set: [...set], pivot, x, z, double, eliminations: [...out.values()], rating };
      }
    }
  };

  // The cells of `empty` each one sees, as bit sets over their places in `empty` (words of 32):
  // a set grows only by a cell every member sees, in the order of `empty`.
  const words = Math.ceil(empty.length / 32);
  const sees = new Int32Array(empty.length * words);
  for (let i = 0; i < empty.length; i++) {
    for (let j = 0; j < empty.length; j++) {
      if (i !== j && board.sees(empty[i]!, empty[j]!)) sees[i * words + (j >> 5)]! |= 1 << (j & 31);
    }
  }
  const open = new Int32Array((k + 1) * words);
  open.fill(-1, 0, words);
  const grow = (from: number, union: number): void => {
    if (set.length === k) {
      if (countBits(union) === k + 1) tryPivots(union);
      return;
    }
    const level = set.length * words;
    for (let w = from >> 5; w < words; w++) {
      let bits = open[level + w]! & (w === from >> 5 ? -1 << (from & 31) : -1);
      while (bits !== 0) {
        const i = w * 32 + 31 - Math.clz32(bits & -bits);
        bits &= bits - 1;
        if (i >= empty.length) break;
        const cell = empty[i]!;
        const next = union | cand[cell]!;
        if (countBits(next) > k + 1) continue;
        for (let v = 0; v < words; v++) open[level + words + v] = open[level + v]! & sees[i * words + v]!;
        set.push(cell);
        grow(i + 1, next);
        set.pop();
      }
    }
  };
  grow(0, 0);

  if (!best) return undefined;
  const found: Found = best;
  const name = NAMES[k]!;
  const eliminations = found.eliminations.sort((a, b) => a.cell - b.cell || a.digit - b.digit);
  const step = { technique: name, placements: [], eliminations };
  const cellText = (c: number) =>
    `${cellName(g, c)} (${digitsOf(cand[c]!)
      .map((d) => g.digits[d - 1])
      .join('')})`;
  const link = found.double ? `restricted commons ${g.digits[found.x - 1]} and ${g.digits[found.z - 1]} (doubly linked)` : `x = ${g.digits[found.x - 1]}, z = ${g.digits[found.z - 1]}`;
  const text = `${name}: ${found.set.map(cellText).join(', ')} with ${cellText(found.pivot)}, ${link} => ${describeEffects(g, step)}`;
  const cells = [...found.set, found.pivot];
  const candidates = cells.flatMap((cell) => digitsOf(cand[cell]!).map((digit) => ({ cell, digit })));
  return { ...step, rating: Math.round(found.rating * 10) / 10, cells, candidates, text };
}

export const WXYZ_WING: Technique = { name: 'WXYZ-Wing', rating: 5.5, find: (board) => findAlsWing(board, 3) };
export const VWXYZ_WING: Technique = { name: 'VWXYZ-Wing', rating: 6.2, find: (board) => findAlsWing(board, 4) };
