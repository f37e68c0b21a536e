/**
 * ALS-XZ: two almost locked sets joined by a restricted common candidate.
 *
 * An almost locked set (ALS) is N cells of one unit holding N + 1 candidates between them: take
 * any one digit away and the rest lock. Two ALSs A and B (no cell in common) have a restricted
 * common candidate X when every X of A sees every X of B: then X is true in at most one of them,
 * so the other one locks. If they share another digit Z, one of them holds Z: every cell that
 * sees all the Zs of both sets loses Z. With two restricted commons the pair is doubly linked:
 * both sets lock (each restricted common is in exactly one of them), so besides Z every digit of
 * A leaves the cells seeing all its places in A, likewise for B, and each restricted common
 * leaves the cells seeing all its places in both sets. An XY-Wing is the smallest ALS-XZ.
 * (The rule comes from the ALS chapter of HoDoKu's technique documentation and the players'
 * forums; the code is our own.)
 *
 * Search: every ALS of every unit (sets of up to MAX_ALS_CELLS cells: larger ones are rare in
 * human solutions, and the subsets and pairs explode), cell sets as bit sets, for each digit the
 * bit set of cells that see all its places in the set. Pairs are found through their restricted
 * common: B's Xs must all lie where A's Xs are all seen, so an index of the sets by (cell,
 * digit) yields the partners of A without trying every pair. The pair with the fewest cells
 * wins (ties: the first found), so the explanation is the simplest one.
 *
 * Rating: SE has no ALS rule (it finds these eliminations as forcing chains of 7.0 and up).
 * HoDoKu scores ALS-XZ beside its chains; we rate it as a chain of 7.0 whose length is the
 * number of cells in both sets, with SE's length adjustment (`lengthBonus`).
 */
import { checkClock } from '../clock.js';
import { cellName, type Geometry } from '../../geometry.js';
import { type Board, countBits, digitsOf } from '../board.js';
import { type Candidate, type Step, type Technique, describeEffects, unitName } from '../step.js';
import { lengthBonus } from './chains.js';

/** The largest ALS searched, in cells: bigger sets are rare in human solutions and costly to pair. */
export const MAX_ALS_CELLS = 5;

export interface Als {
  unit: number;
  cells: number[];
  mask: number;
  /** The set's cells as a bit set. */
  bits: Uint32Array;
  /** For each digit of the set (by index d − 1): the cells of the set holding it. */
  places: (Uint32Array | undefined)[];
  /** For each digit of the set: the cells outside the set that see all its places in the set. */
  seeAll: (Uint32Array | undefined)[];
}

const peerBitsCache = new WeakMap<Geometry, Uint32Array[]>();

/** Each cell's peers as a bit set over the cells. */
function peerBits(g: Geometry): Uint32Array[] {
  const known = peerBitsCache.get(g);
  if (known) return known;
  const words = (g.cellCount + 31) >>> 5;
  const out = g.peers.map((peers) => {
    const bits = new Uint32Array(words);
    for (const p of peers) bits[p >>> 5] = bits[p >>> 5]! | (1 << (p & 31));
    return bits;
  });
  peerBitsCache.set(g, out);
  return out;
}

function setBit(bits: Uint32Array, i: number): void {
  bits[i >>> 5] = bits[i >>> 5]! | (1 << (i & 31));
}

export function intersects(a: Uint32Array, b: Uint32Array): boolean {
  for (let w = 0; w < a.length; w++) if ((a[w]! & b[w]!) !== 0) return true;
  return false;
}

export function isSubset(a: Uint32Array, b: Uint32Array): boolean {
  for (let w = 0; w < a.length; w++) if ((a[w]! & ~b[w]!) !== 0) return false;
  return true;
}

/** Every ALS of the board, each cell set once (a set inside a box and a line is found twice). */
export function findAlses(board: Board): Als[] {
  const g = board.geometry;
  const words = (g.cellCount + 31) >>> 5;
  const peers = peerBits(g);
  const out: Als[] = [];
  const cap = Math.min(g.size - 1, MAX_ALS_CELLS);
  for (let unit = 0; unit < g.units.length; unit++) {
    const empty = [...g.units[unit]!].filter((c) => board.values[c] === 0);
    const pick: number[] = [];
    const visit = (from: number, mask: number): void => {
      if (pick.length > 0 && countBits(mask) === pick.length + 1 && firstUnit(g, pick, unit)) out.push(makeAls(board, unit, [...pick], mask, words, peers));
      if (pick.length >= cap || pick.length >= empty.length - 1) return;
      for (let i = from; i < empty.length; i++) {
        const next = mask | board.candidates[empty[i]!]!;
        // More candidates than cells + 1 can never shrink back, whatever cells join.
        if (countBits(next) > cap + 1) continue;
        pick.push(empty[i]!);
        visit(i + 1, next);
        pick.pop();
      }
    };
    visit(0, 0);
  }
  return out.sort((a, b) => a.cells.length - b.cells.length);
}

/**
 * Whether no unit before `unit` (by index) holds every cell of `cells`: rows, then columns, then
 * boxes, then the extra houses of a variant, which hold a set no other unit holds but rarely.
 */
function firstUnit(g: Geometry, cells: readonly number[], unit: number): boolean {
  const n = g.size;
  const c0 = cells[0]!;
  let row = true;
  let col = true;
  let box = true;
  for (let i = 1; i < cells.length; i++) {
    const c = cells[i]!;
    row &&= g.rowOf[c] === g.rowOf[c0];
    col &&= g.colOf[c] === g.colOf[c0];
    box &&= g.boxOf[c] === g.boxOf[c0];
  }
  if (row) return unit === g.rowOf[c0];
  if (col) return unit === n + g.colOf[c0]!;
  if (box) return unit === 2 * n + g.boxOf[c0]!;
  for (const u of g.unitsOf[c0]!) if (u < unit && cells.every((c) => g.unitsOf[c]!.includes(u))) return false;
  return true;
}

function makeAls(board: Board, unit: number, cells: number[], mask: number, words: number, peers: Uint32Array[]): Als {
  const bits = new Uint32Array(words);
  for (const c of cells) setBit(bits, c);
  const places: (Uint32Array | undefined)[] = [];
  const seeAll: (Uint32Array | undefined)[] = [];
  for (const d of digitsOf(mask)) {
    const p = new Uint32Array(words);
    const s = new Uint32Array(words).fill(0xffffffff);
    for (const c of cells) {
      if ((board.candidates[c]! & (1 << (d - 1))) === 0) continue;
      setBit(p, c);
      const pc = peers[c]!;
      for (let w = 0; w < words; w++) s[w] = s[w]! & pc[w]!;
    }
    places[d - 1] = p;
    seeAll[d - 1] = s;
  }
  return { unit, cells, mask, bits, places, seeAll };
}

interface Found {
  a: Als;
  b: Als;
  restricted: number[];
  eliminations: Candidate[];
}

/** The eliminations of digit d from the cells of `targets` that still have it. */
/**
 * Which sets hold each digit in each cell: the sets of place p = cell × n + d − 1 are
 * `ids[start[p]]` … `ids[start[p + 1] − 1]`, in the order of `alses`. Two flat arrays, not a list
 * per place (729 of them on a 9×9, at every step the ALS techniques are tried).
 */
export function setsByPlace(board: Board, alses: readonly Als[]): { readonly start: Int32Array; readonly ids: Int32Array } {
  const n = board.geometry.size;
  const places = board.geometry.cellCount * n;
  const start = new Int32Array(places + 1);
  for (const als of alses) {
    for (const c of als.cells) for (let m = board.candidates[c]!; m !== 0; m &= m - 1) start[c * n + 32 - Math.clz32(m & -m)]!++;
  }
  for (let p = 0; p < places; p++) start[p + 1]! += start[p]!;
  const ids = new Int32Array(start[places]!);
  const next = start.slice(0, places);
  alses.forEach((als, id) => {
    for (const c of als.cells) for (let m = board.candidates[c]!; m !== 0; m &= m - 1) ids[next[c * n + 31 - Math.clz32(m & -m)]!++] = id;
  });
  return { start, ids };
}

/** What `findPartners` fills for one set, reused from set to set. */
export interface PartnerScratch {
  /** Which sets were met for set i (stamped i + 1). */
  readonly met: Int32Array;
  /** Each partner's restricted commons, as a mask. */
  readonly commons: Uint32Array;
  /** The partners, in the order first met. */
  readonly partners: number[];
}

export function partnerScratch(count: number): PartnerScratch {
  return { met: new Int32Array(count), commons: new Uint32Array(count), partners: [] };
}

/**
 * The sets that share a restricted common with set i (with `after`, only those after it), into
 * `scratch`. Found from i's side: a set whose Xs all sit where every X of i is seen must have an X
 * in a cell that sees them all, so only those cells are looked up (`byPlace`).
 */
export function findPartners(board: Board, alses: readonly Als[], byPlace: ReturnType<typeof setsByPlace>, i: number, after: boolean, scratch: PartnerScratch): void {
  const g = board.geometry;
  const n = g.size;
  const { met, commons, partners } = scratch;
  const a = alses[i]!;
  partners.length = 0;
  for (const x of digitsOf(a.mask)) {
    const xb = 1 << (x - 1);
    const area = a.seeAll[x - 1]!;
    for (let w = 0; w < area.length; w++) {
      for (let m = area[w]!; m !== 0; m &= m - 1) {
        const cell = w * 32 + 31 - Math.clz32(m & -m);
        if (cell >= g.cellCount || (board.candidates[cell]! & xb) === 0) continue;
        const place = cell * n + x - 1;
        for (let q = byPlace.start[place]!; q < byPlace.start[place + 1]!; q++) {
          const j = byPlace.ids[q]!;
          if (j === i || (after && j < i)) continue;
          if (met[j] === i + 1 && (commons[j]! & xb) !== 0) continue;
          if (!isSubset(alses[j]!.places[x - 1]!, area)) continue;
          if (met[j] !== i + 1) {
            met[j] = i + 1;
            commons[j] = 0;
            partners.push(j);
          }
          commons[j] = commons[j]! | xb;
        }
      }
    }
  }
}

/** Each digit's cells as a bit set over the cells (index d − 1). */
export function digitCells(board: Board): Uint32Array[] {
  const g = board.geometry;
  const words = Math.ceil(g.cellCount / 32);
  const out = Array.from({ length: g.size }, () => new Uint32Array(words));
  for (let cell = 0; cell < g.cellCount; cell++) {
    if (board.values[cell] !== 0) continue;
    for (let m = board.candidates[cell]!; m !== 0; m &= m - 1) {
      const d = 31 - Math.clz32(m & -m);
      out[d]![cell >> 5] = out[d]![cell >> 5]! | (1 << (cell & 31));
    }
  }
  return out;
}

/**
 * Whether two sets eliminate a digit of both but those of `excluded` (a mask): some cell holds it
 * and sees all its places in both. What the eliminations work out in full, without building
 * anything: most pairs and chains the searches meet eliminate nothing.
 */
export function eliminatesAny(a: Als, b: Als, excluded: number, holding: readonly Uint32Array[]): boolean {
  for (let common = a.mask & b.mask & ~excluded; common !== 0; common &= common - 1) {
    const d = 31 - Math.clz32(common & -common);
    const seenA = a.seeAll[d]!;
    const seenB = b.seeAll[d]!;
    const holds = holding[d]!;
    for (let w = 0; w < holds.length; w++) if ((seenA[w]! & seenB[w]! & holds[w]!) !== 0) return true;
  }
  return false;
}

export function eliminate(board: Board, d: number, targets: Uint32Array, out: Map<number, Candidate>): void {
  const b = 1 << (d - 1);
  for (let w = 0; w < targets.length; w++) {
    for (let m = targets[w]!; m !== 0; m &= m - 1) {
      const cell = w * 32 + 31 - Math.clz32(m & -m);
      if (cell < board.geometry.cellCount && (board.candidates[cell]! & b) !== 0) out.set(cell * 64 + d, { cell, digit: d });
    }
  }
}

export function and(a: Uint32Array, b: Uint32Array): Uint32Array {
  const out = new Uint32Array(a.length);
  for (let w = 0; w < a.length; w++) out[w] = a[w]! & b[w]!;
  return out;
}

function alsXz(board: Board, all?: Found[]): Step | undefined {
  const alses = findAlses(board);
  const byPlace = setsByPlace(board, alses);
  // Restricted commons of every pair, found from A's side (findPartners), each pair once.
  let best: Found | undefined;
  const scratch = partnerScratch(alses.length);
  const { partners, commons: restrictedMask } = scratch;
  const holding = digitCells(board);
  for (let i = 0; i < alses.length; i++) {
    const a = alses[i]!;
    checkClock();
    // Sets come smallest first: once A and the smallest B cannot beat the best pair, stop.
    if (!all && best && a.cells.length + 1 >= best.a.cells.length + best.b.cells.length) break;
    findPartners(board, alses, byPlace, i, true, scratch);
    for (const j of partners) {
      const b = alses[j]!;
      const restricted = digitsOf(restrictedMask[j]!);
      if (!all && best && a.cells.length + b.cells.length >= best.a.cells.length + best.b.cells.length) continue;
      const common = a.mask & b.mask;
      if (countBits(common) < 2 || intersects(a.bits, b.bits)) continue;
      // Singly linked, only the Zs can go: most pairs have none to eliminate.
      if (restricted.length === 1 && !eliminatesAny(a, b, restrictedMask[j]!, holding)) continue;
      const elims = new Map<number, Candidate>();
      for (const z of digitsOf(common)) {
        if (restricted.includes(z)) continue;
        eliminate(board, z, and(a.seeAll[z - 1]!, b.seeAll[z - 1]!), elims);
      }
      if (restricted.length >= 2) {
        for (const x of restricted) eliminate(board, x, and(a.seeAll[x - 1]!, b.seeAll[x - 1]!), elims);
        for (const set of [a, b]) {
          for (const d of digitsOf(set.mask)) if (!restricted.includes(d)) eliminate(board, d, set.seeAll[d - 1]!, elims);
        }
      }
      if (elims.size === 0) continue;
      best = { a, b, restricted, eliminations: [...elims.values()].sort((p, q) => p.cell - q.cell || p.digit - q.digit) };
      all?.push(best);
    }
  }
  return best ? stepOf(board, best) : undefined;
}

export function describeAls(g: Geometry, als: Als): string {
  const digits = digitsOf(als.mask)
    .map((d) => g.digits[d - 1])
    .join('');
  return `${digits} in ${als.cells.map((c) => cellName(g, c)).join(', ')} (${unitName(g, als.unit)})`;
}

function stepOf(board: Board, f: Found): Step {
  const g = board.geometry;
  const cells = [...f.a.cells, ...f.b.cells];
  const candidates: Candidate[] = [];
  for (const c of cells) for (const d of digitsOf(board.candidates[c]!)) candidates.push({ cell: c, digit: d });
  const doubly = f.restricted.length >= 2;
  const x = f.restricted.map((d) => g.digits[d - 1]).join(',');
  const z = digitsOf(f.a.mask & f.b.mask)
    .filter((d) => !f.restricted.includes(d))
    .map((d) => g.digits[d - 1])
    .join(',');
  const rating = 7.0 + lengthBonus(cells.length);
  const technique = doubly ? 'ALS-XZ (doubly linked)' : 'ALS-XZ';
  return {
    technique,
    rating: Math.round(rating * 10) / 10,
    placements: [],
    eliminations: f.eliminations,
    cells,
    candidates,
    units: [f.a.unit, f.b.unit],
    text: `${technique}: A = ${describeAls(g, f.a)}, B = ${describeAls(g, f.b)}, X = ${x}${z ? `, Z = ${z}` : ''} => ${describeEffects(g, { placements: [], eliminations: f.eliminations })}`,
  };
}

export const ALS_XZ: Technique = {
  name: 'ALS-XZ',
  rating: 7.0,
  stepNames: ['ALS-XZ', 'ALS-XZ (doubly linked)'],
  find: (board) => alsXz(board),
  findAll(board) {
    const all: Found[] = [];
    alsXz(board, all);
    return all.map((f) => stepOf(board, f));
  },
};
