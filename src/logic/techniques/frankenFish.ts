/**
 * Franken fish (teaching path only): a fish on one digit whose base and cover sets may be boxes.
 * The k base sets are rows and boxes (or columns and boxes) sharing no candidate of the digit;
 * the k cover sets are columns and boxes (or rows and boxes) holding every base candidate. Each
 * base set holds the digit once, in k different cells; each of those lies in a cover set, and a
 * cover set holds the digit at most once, so the k cover sets' digits are exactly the base's:
 * every other candidate of the digit in a cover set goes. At least one box sits in the base or
 * the cover, else it is the plain fish found earlier.
 *
 * Finned: some base candidates (the fins) lie in no cover set. Either a fin holds the digit or the
 * fish stands, so only cover candidates outside the base that see every fin go. Up to three fins,
 * anywhere: HoDoKu's finned Franken fish have fins in more than one box (its library's cases need
 * that), and a fourth fin cost a tenth more time and found no case more.
 *
 * The search: base sets chosen depth first, their candidates kept as a bit set of cells (three
 * 32-bit words, so boards of up to 96 cells: 9×9 and smaller); then from the first base
 * candidate no cover holds, either of its two cover sets is added or it becomes a fin, while a
 * cell outside the base still sees every fin so far. A cover set one branch has tried is left out
 * of the branches after it (0.6 to 0.95 of the time over the positions of bench/techniqueTimes.ts).
 *
 * HoDoKu's names (Franken X-Wing, Finned Franken Swordfish, …); on the teaching path after the
 * grouped AICs and nice loops (stepSolver.ts says why). SE has no such rule (its path finds
 * these eliminations as grouped chains): rated 6.7 and 6.8 as a Swordfish and a Jellyfish, as
 * SE-path finned fish of those sizes are, and 6.5 as an X-Wing; a tenth more with fins. Jigsaw
 * regions serve as boxes; boards above 96 cells (10×10 and up) are not searched.
 */
import type { Board } from '../board.js';
import { type Candidate, type Step, type Technique, describeCells, describeEffects, unitName } from '../step.js';

const FISH_NAMES = ['', '', 'X-Wing', 'Swordfish', 'Jellyfish'] as const;
const RATINGS = [0, 0, 6.5, 6.7, 6.8] as const;
const MAX_FINS = 3;
const WORDS = 3;

/** The cells of a three-word bit set. */
function cellsOf(a: number, b: number, c: number): number[] {
  const out: number[] = [];
  [a, b, c].forEach((w, i) => {
    for (let m = w; m !== 0; m &= m - 1) out.push(i * 32 + (31 - Math.clz32(m & -m)));
  });
  return out;
}

interface Found {
  readonly digit: number;
  readonly base: number[];
  readonly covers: number[];
  readonly fins: number[];
  readonly eliminations: number[];
}

function search(board: Board, k: number, first: boolean): Found[] {
  const g = board.geometry;
  const n = g.size;
  const out: Found[] = [];
  if (g.cellCount > WORDS * 32) return out;
  const units = 3 * n;
  // Each cell's peers (the cells that see it), as bit sets.
  const peers = new Int32Array(g.cellCount * WORDS);
  for (let cell = 0; cell < g.cellCount; cell++) for (const p of g.peers[cell]!) peers[cell * WORDS + (p >> 5)]! |= 1 << (p & 31);
  const unitSet = new Int32Array(units * WORDS);
  const base: number[] = [];
  const covers: number[] = [];
  const fins: number[] = [];
  for (let digit = 1; digit <= n; digit++) {
    unitSet.fill(0);
    let all0 = 0;
    let all1 = 0;
    let all2 = 0;
    const count = new Int32Array(units);
    for (let u = 0; u < units; u++) {
      for (const cell of g.units[u]!) {
        if (board.values[cell] !== 0 || !board.has(cell, digit)) continue;
        unitSet[u * WORDS + (cell >> 5)]! |= 1 << (cell & 31);
        count[u]!++;
      }
      all0 |= unitSet[u * WORDS]!;
      all1 |= unitSet[u * WORDS + 1]!;
      all2 |= unitSet[u * WORDS + 2]!;
    }
    for (const byRows of [true, false]) {
      const baseUnits: number[] = [];
      for (let i = 0; i < n; i++) if (count[byRows ? i : n + i]! >= 2) baseUnits.push(byRows ? i : n + i);
      for (let b = 2 * n; b < 3 * n; b++) if (count[b]! >= 2) baseUnits.push(b);
      const coverOf = (cell: number, box: boolean): number => (box ? 2 * n + g.boxOf[cell]! : byRows ? n + g.colOf[cell]! : g.rowOf[cell]!);

      // The cover search over base set B (b0..b2): covered so far (c0..c2), the fins (f0..f2),
      // and the cells outside B that see every fin (t0..t2).
      let b0 = 0;
      let b1 = 0;
      let b2 = 0;
      const leaf = (c0: number, c1: number, c2: number, t0: number, t1: number, t2: number): boolean => {
        if (!base.some((u) => u >= 2 * n) && !covers.some((u) => u >= 2 * n)) return false;
        const e0 = c0 & ~b0 & t0;
        const e1 = c1 & ~b1 & t1;
        const e2 = c2 & ~b2 & t2;
        if ((e0 | e1 | e2) === 0) return false;
        out.push({ digit, base: [...base], covers: [...covers], fins: [...fins], eliminations: cellsOf(e0, e1, e2) });
        return first;
      };
      // `excluded`: cover sets a branch before this one has tried with every completion (bit u for unit u).
      const coverSearch = (c0: number, c1: number, c2: number, f0: number, f1: number, f2: number, t0: number, t1: number, t2: number, excluded: number): boolean => {
        // The first base candidate neither covered nor a fin.
        const u0 = b0 & ~c0 & ~f0;
        const u1 = b1 & ~c1 & ~f1;
        const u2 = b2 & ~c2 & ~f2;
        if ((u0 | u1 | u2) === 0) return covers.length === k && leaf(c0, c1, c2, t0, t1, t2);
        // With every cover chosen, more fins only narrow what the fish could clear.
        if (covers.length === k && ((c0 & ~b0 & t0) | (c1 & ~b1 & t1) | (c2 & ~b2 & t2)) === 0) return false;
        const cell = u0 !== 0 ? 31 - Math.clz32(u0 & -u0) : u1 !== 0 ? 32 + 31 - Math.clz32(u1 & -u1) : 64 + 31 - Math.clz32(u2 & -u2);
        let without = excluded;
        if (covers.length < k) {
          for (const box of [false, true]) {
            const u = coverOf(cell, box);
            // A cover over a fin: the same fish is reached with that candidate covered, not a fin.
            if ((without & (1 << u)) !== 0 || base.includes(u) || covers.includes(u) || (unitSet[u * WORDS]! & f0) | (unitSet[u * WORDS + 1]! & f1) | (unitSet[u * WORDS + 2]! & f2)) continue;
            covers.push(u);
            const found = coverSearch(c0 | unitSet[u * WORDS]!, c1 | unitSet[u * WORDS + 1]!, c2 | unitSet[u * WORDS + 2]!, f0, f1, f2, t0, t1, t2, without);
            covers.pop();
            if (found) return true;
            // The fish with this cover were met in that branch, so the branches after it leave it
            // out. (That branch misses a fish one of whose covers holds no candidate the others
            // leave open, which a later branch could reach: 1 step of 9,945 tried changed.)
            without |= 1 << u;
          }
        }
        if (fins.length < MAX_FINS) {
          const n0 = t0 & peers[cell * WORDS]!;
          const n1 = t1 & peers[cell * WORDS + 1]!;
          const n2 = t2 & peers[cell * WORDS + 2]!;
          if ((n0 | n1 | n2) === 0) return false;
          const w = cell >> 5;
          const bitOf = 1 << (cell & 31);
          fins.push(cell);
          const found = coverSearch(c0, c1, c2, w === 0 ? f0 | bitOf : f0, w === 1 ? f1 | bitOf : f1, w === 2 ? f2 | bitOf : f2, n0, n1, n2, without);
          fins.pop();
          if (found) return true;
        }
        return false;
      };
      // Base sets depth first, with no candidate shared.
      const pickBase = (from: number, a0: number, a1: number, a2: number): boolean => {
        if (base.length === k) {
          b0 = a0;
          b1 = a1;
          b2 = a2;
          return coverSearch(0, 0, 0, 0, 0, 0, all0 & ~a0, all1 & ~a1, all2 & ~a2, 0);
        }
        for (let i = from; i <= baseUnits.length - (k - base.length); i++) {
          const u = baseUnits[i]!;
          const s0 = unitSet[u * WORDS]!;
          const s1 = unitSet[u * WORDS + 1]!;
          const s2 = unitSet[u * WORDS + 2]!;
          if ((s0 & a0) | (s1 & a1) | (s2 & a2)) continue;
          base.push(u);
          const found = pickBase(i + 1, a0 | s0, a1 | s1, a2 | s2);
          base.pop();
          if (found) return true;
        }
        return false;
      };
      if (baseUnits.length >= k && pickBase(0, 0, 0, 0)) return out;
    }
  }
  return out;
}

function stepOf(board: Board, k: number, f: Found): Step {
  const g = board.geometry;
  const { digit, fins } = f;
  const eliminations: Candidate[] = f.eliminations.map((cell) => ({ cell, digit }));
  const technique = `${fins.length > 0 ? 'Finned ' : ''}Franken ${FISH_NAMES[k]}`;
  const step = { technique, placements: [], eliminations };
  const cells = f.base.flatMap((u) => [...g.units[u]!].filter((c) => board.values[c] === 0 && board.has(c, digit)));
  const finText = fins.length === 0 ? '' : `, fin${fins.length > 1 ? 's' : ''} ${describeCells(g, fins)}`;
  const text = `${technique} on ${g.digits[digit - 1]}: base ${f.base.map((u) => unitName(g, u)).join(', ')}; cover ${f.covers.map((u) => unitName(g, u)).join(', ')}${finText} => ${describeEffects(g, step)}`;
  const rating = Math.round((RATINGS[k]! + (fins.length > 0 ? 0.1 : 0)) * 10) / 10;
  return { ...step, rating, cells, candidates: cells.map((cell) => ({ cell, digit })), units: [...f.base, ...f.covers], text };
}

/** Each fish once: the cover search can reach one set of covers in more than one order. */
function distinct(found: readonly Found[]): Found[] {
  const seen = new Set<string>();
  return found.filter((f) => {
    const key = `${f.digit}|${[...f.base].sort((a, b) => a - b)}|${[...f.covers].sort((a, b) => a - b)}|${f.fins}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function franken(k: 2 | 3 | 4): Technique {
  const name = `Franken ${FISH_NAMES[k]}`;
  return {
    name,
    rating: RATINGS[k],
    stepNames: [name, `Finned ${name}`],
    find(board) {
      const f = search(board, k, true)[0];
      return f && stepOf(board, k, f);
    },
    findAll: (board) => distinct(search(board, k, false)).map((f) => stepOf(board, k, f)),
  };
}

export const FRANKEN_X_WING: Technique = franken(2);
export const FRANKEN_SWORDFISH: Technique = franken(3);
export const FRANKEN_JELLYFISH: Technique = franken(4);
