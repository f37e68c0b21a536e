/**
 * The general propagators the constraint kinds compile to: a binary relation given as tables, a
 * weighted sum by bounds, and a sum of distinct digits by the digit sets that reach it (the
 * killer cage's reasoning). Each is sound on any candidates and exact once its cells are placed.
 */
import { high, low, popcount, rangeMask, sumCombinations } from '../digits.js';
import type { Domains, Propagator } from '../model.js';
import type { Seen } from './seen.js';

/** `a` and `b` hold digits x, y with allowed(x, y), kept as tables: forward[x−1] is the mask of y allowed with x. */
export class RelationPropagator implements Propagator {
  readonly cells: readonly number[];
  readonly #a: number;
  readonly #b: number;
  readonly #forward: Int32Array;
  readonly #backward: Int32Array;

  constructor(a: number, b: number, size: number, allowed: (x: number, y: number) => boolean) {
    this.cells = [a, b];
    this.#a = a;
    this.#b = b;
    this.#forward = new Int32Array(size);
    this.#backward = new Int32Array(size);
    for (let x = 1; x <= size; x++) {
      for (let y = 1; y <= size; y++) {
        if (allowed(x, y)) {
          this.#forward[x - 1]! |= 1 << (y - 1);
          this.#backward[y - 1]! |= 1 << (x - 1);
        }
      }
    }
  }

  propagate(d: Domains): boolean {
    const cands = d.cands;
    let ma = cands[this.#a]!;
    let allowedB = 0;
    while (ma !== 0) {
      const bit = ma & -ma;
      allowedB |= this.#forward[31 - Math.clz32(bit)]!;
      ma ^= bit;
    }
    if (!d.narrow(this.#b, allowedB)) return false;
    let mb = cands[this.#b]!;
    let allowedA = 0;
    while (mb !== 0) {
      const bit = mb & -mb;
      allowedA |= this.#backward[31 - Math.clz32(bit)]!;
      mb ^= bit;
    }
    return d.narrow(this.#a, allowedA);
  }
}

/** Σ weights[i] × digit(cells[i]) = total, narrowed by bounds (weights may be negative: an arrow is circle − arrow = 0). */
export class SumPropagator implements Propagator {
  readonly cells: readonly number[];
  readonly #weights: Int32Array;
  readonly #total: number;
  readonly #lo: Float64Array;
  readonly #hi: Float64Array;

  constructor(cells: readonly number[], weights: readonly number[], total: number) {
    this.cells = cells;
    this.#weights = Int32Array.from(weights);
    this.#total = total;
    this.#lo = new Float64Array(cells.length);
    this.#hi = new Float64Array(cells.length);
  }

  propagate(d: Domains): boolean {
    const { cells } = this;
    const w = this.#weights;
    const los = this.#lo;
    const his = this.#hi;
    const cands = d.cands;
    for (let round = 0; round < 4; round++) {
      let lo = 0;
      let hi = 0;
      for (let i = 0; i < cells.length; i++) {
        const m = cands[cells[i]!]!;
        const a = w[i]! * low(m);
        const b = w[i]! * high(m);
        los[i] = a < b ? a : b;
        his[i] = a < b ? b : a;
        lo += los[i]!;
        hi += his[i]!;
      }
      const total = this.#total;
      if (total < lo || total > hi) return false;
      let changed = false;
      for (let i = 0; i < cells.length; i++) {
        // w·x must lie in [total − (hi − hi_i), total − (lo − lo_i)]
        const min = total - (hi - his[i]!);
        const max = total - (lo - los[i]!);
        if (min <= los[i]! && max >= his[i]!) continue;
        const wi = w[i]!;
        const xlo = wi > 0 ? Math.ceil(min / wi) : Math.ceil(max / wi);
        const xhi = wi > 0 ? Math.floor(max / wi) : Math.floor(min / wi);
        const cell = cells[i]!;
        const before = cands[cell]!;
        if (!d.narrow(cell, rangeMask(xlo, xhi))) return false;
        if (cands[cell] !== before) changed = true;
      }
      if (!changed) return true;
    }
    return true;
  }
}

/** Totals of digits 1 … 9 stay below this: the stride of DistinctSumPropagator's tables by cell count. */
const ROW = 64;

/** More digit sets than this and a distinct sum is narrowed by bounds only. */
export const MAX_COMBINATIONS = 2048;

/**
 * Distinct digits adding up to `total`: only digits of a set that reaches the total (and fits the
 * cells: every placed digit in it, every cell with a candidate in it, and enough digits in the
 * cells' union) stay; on boards up to 9, a digit stays in a cell only when the other open cells can
 * still hold a set that makes up the rest. A digit every such set needs goes to its one place, or
 * leaves every cell that sees all its places.
 */
export class DistinctSumPropagator implements Propagator {
  readonly cells: readonly number[];
  readonly #combos: Int32Array;
  readonly #size: number;
  readonly #total: number;
  /** openTable(size, count, total) at count × ROW + total, fetched as needed. */
  readonly #tables: Array<Int32Array | undefined> = [];
  /** Scratch: the union of the open cells from each one to the end. */
  readonly #after: Int32Array;

  readonly #seen: Seen;

  constructor(cells: readonly number[], combos: Int32Array, size: number, total: number, seen: Seen) {
    this.cells = cells;
    this.#combos = combos;
    this.#size = size;
    this.#total = total;
    this.#seen = seen;
    this.#after = new Int32Array(cells.length + 1);
  }

  propagate(d: Domains): boolean {
    return this.#size <= TABLE_SIZE ? this.#byTable(d) : this.#byCombos(d);
  }

  /**
   * Up to 9 digits: the placed digits are taken out, and what the open cells may hold (and must
   * hold) is read from a table indexed by the digits they can still take.
   */
  #byTable(d: Domains): boolean {
    const { cells } = this;
    const cands = d.cands;
    let open = 0;
    let placed = 0;
    let placedSum = 0;
    let openCount = 0;
    let openCells = 0;
    for (let i = 0; i < cells.length; i++) {
      const m = cands[cells[i]!]!;
      if ((m & (m - 1)) === 0) {
        if ((placed & m) !== 0) return false;
        placed |= m;
        placedSum += 32 - Math.clz32(m);
      } else {
        open |= m;
        openCount++;
        openCells |= 1 << i;
      }
    }
    const left = this.#total - placedSum;
    if (openCount === 0) return left === 0;
    if (left < openCount) return false;
    const table = this.#table(openCount, left);
    const available = open & ~placed;
    const allowed = table[available * 2]!;
    if (allowed === 0) return false;
    const required = table[available * 2 + 1]!;
    for (let i = 0; i < cells.length; i++) {
      const m = cands[cells[i]!]!;
      if ((m & (m - 1)) !== 0 && !d.narrow(cells[i]!, allowed)) return false;
    }
    if (openCount >= 2) {
      // Each digit of an open cell must leave the other open cells a digit set they can hold.
      const after = this.#after;
      after[cells.length] = 0;
      for (let i = cells.length - 1; i >= 0; i--) after[i] = ((openCells >> i) & 1) !== 0 ? after[i + 1]! | cands[cells[i]!]! : after[i + 1]!;
      let before = 0;
      for (let i = 0; i < cells.length; i++) {
        if (((openCells >> i) & 1) === 0) continue;
        const m = cands[cells[i]!]!;
        const others = (before | after[i + 1]!) & ~placed;
        before |= m;
        let keep = 0;
        for (let rest = m; rest !== 0; ) {
          const bit = rest & -rest;
          rest ^= bit;
          const need = left - (32 - Math.clz32(bit));
          if (need < openCount - 1) continue;
          if (this.#table(openCount - 1, need)[(others & ~bit) * 2] !== 0) keep |= bit;
        }
        if (keep !== m && !d.narrow(cells[i]!, keep)) return false;
      }
    }
    return this.#seen.excludeRequired(d, cells, required);
  }

  /** The table of `count` open cells adding up to `total` (see openTable). */
  #table(count: number, total: number): Int32Array {
    const at = count * ROW + total;
    let table = this.#tables[at];
    if (table === undefined) {
      table = openTable(this.#size, count, total);
      this.#tables[at] = table;
    }
    return table;
  }

  /** Larger boards: every digit set that reaches the sum is tried against the cells. */
  #byCombos(d: Domains): boolean {
    return narrowToSets(d, this.cells, this.#combos, this.#seen);
  }
}

/**
 * The cells hold distinct digits that make up exactly one of `sets`: a set stays possible when the
 * cells can hold all of it, it keeps every placed digit, and each cell has a digit in it. The
 * cells keep the digits of the possible sets, and a digit every possible set needs goes to its one
 * place or leaves every cell that sees all its places (Seen.excludeRequired). False on a
 * contradiction.
 */
export function narrowToSets(d: Domains, cells: readonly number[], sets: Int32Array, seen: Seen): boolean {
  const cands = d.cands;
  let union = 0;
  let placed = 0;
  for (let i = 0; i < cells.length; i++) {
    const m = cands[cells[i]!]!;
    union |= m;
    if ((m & (m - 1)) === 0) placed |= m;
  }
  let allowed = 0;
  let required = -1;
  next: for (let c = 0; c < sets.length; c++) {
    const set = sets[c]!;
    if ((set & union) !== set || (set & placed) !== placed) continue;
    for (let i = 0; i < cells.length; i++) if ((cands[cells[i]!]! & set) === 0) continue next;
    allowed |= set;
    required &= set;
  }
  if (allowed === 0) return false;
  for (let i = 0; i < cells.length; i++) if (!d.narrow(cells[i]!, allowed)) return false;
  return seen.excludeRequired(d, cells, required & ~placed);
}

/** Distinct digits that make up one of the given sets (a renban's runs): see narrowToSets. */
export class DigitSetPropagator implements Propagator {
  readonly cells: readonly number[];
  readonly #sets: Int32Array;

  readonly #seen: Seen;

  constructor(cells: readonly number[], sets: Int32Array, seen: Seen) {
    this.cells = cells;
    this.#sets = sets;
    this.#seen = seen;
  }

  propagate(d: Domains): boolean {
    return narrowToSets(d, this.cells, this.#sets, this.#seen);
  }
}

/** Boards up to this side use DistinctSumPropagator's tables (2 × 2^side entries each). */
const TABLE_SIZE = 9;

const openTables = new Map<number, Int32Array>();
/**
 * For `count` distinct digits of 1 … size adding up to `total`: for each mask of available digits
 * M, entry 2M is the union of the digit sets within M that reach the total (0: none), entry 2M+1
 * their intersection (the digits every such set needs). Cached.
 */
function openTable(size: number, count: number, total: number): Int32Array {
  const key = (size * 64 + count) * 4096 + total;
  const known = openTables.get(key);
  if (known) return known;
  const masks = 1 << size;
  const table = new Int32Array(2 * masks);
  for (let m = 0; m < masks; m++) table[2 * m + 1] = -1;
  const combos = sumCombinations(size, count, total);
  for (let m = 0; m < masks; m++) {
    for (let c = 0; c < combos.length; c++) {
      const combo = combos[c]!;
      if ((combo & m) !== combo) continue;
      table[2 * m]! |= combo;
      table[2 * m + 1]! &= combo;
    }
  }
  for (let m = 0; m < masks; m++) if (table[2 * m] === 0) table[2 * m + 1] = 0;
  openTables.set(key, table);
  return table;
}

/** Digits 1 … 9: the sums of the `count` smallest and largest digits of each mask, by table (count × 512 + mask; −1 when it has fewer). */
const SMALL_MASKS = 512;
const lowestTable = new Int8Array(10 * SMALL_MASKS);
const highestTable = new Int8Array(10 * SMALL_MASKS);
for (let count = 0; count <= 9; count++) {
  for (let mask = 0; mask < SMALL_MASKS; mask++) {
    lowestTable[count * SMALL_MASKS + mask] = extremeByBits(mask, count, false);
    highestTable[count * SMALL_MASKS + mask] = extremeByBits(mask, count, true);
  }
}

/** The sum of the `count` smallest (or largest) digits of `mask`; −1 when it has fewer. */
function extreme(mask: number, count: number, largest: boolean): number {
  if (mask >= 0 && mask < SMALL_MASKS && count <= 9) return largest ? highestTable[count * SMALL_MASKS + mask]! : lowestTable[count * SMALL_MASKS + mask]!;
  return extremeByBits(mask, count, largest);
}

function extremeByBits(mask: number, count: number, largest: boolean): number {
  let total = 0;
  for (let k = 0; k < count; k++) {
    if (mask === 0) return -1;
    const bit = largest ? 1 << (31 - Math.clz32(mask)) : mask & -mask;
    total += 32 - Math.clz32(bit);
    mask ^= bit;
  }
  return total;
}

/** A grouped sum with this many cells or fewer left open is narrowed exactly (bounds first). */
const EXACT_OPEN = 4;

/**
 * A sum of digits over many cells, in groups whose cells must differ (the cells a row, a box or a
 * cage shares): a group's digits are distinct, so it adds at least its |group| smallest
 * candidates and at most its largest, bounds much tighter than each cell's alone.
 */
export class GroupedSumPropagator implements Propagator {
  readonly cells: readonly number[];
  readonly #total: number;
  /** The cells of each group, flattened, and where each group starts (groupStart[g] … groupStart[g+1]). */
  readonly #groupCells: Int32Array;
  readonly #groupStart: Int32Array;
  readonly #lo: Float64Array;
  readonly #hi: Float64Array;
  /** Scratch: the union of a group's cells from each one to its end. */
  readonly #after: Int32Array;
  /** For the exact step: differ[i × cells + j] is 1 when cells i and j must differ; scratch for the open cells. */
  readonly #differ: Uint8Array;
  readonly #open: Int32Array;
  readonly #openAt: Int32Array;
  readonly #apart: Int32Array;
  readonly #walk = new SumSupport(EXACT_OPEN);

  /** `differ` says whether two of the cells must hold different digits (those of a group always do). */
  constructor(groups: readonly (readonly number[])[], total: number, differ?: (a: number, b: number) => boolean) {
    this.cells = groups.flat();
    const count = this.cells.length;
    this.#differ = new Uint8Array(count * count);
    let at = 0;
    for (const g of groups) {
      for (let i = at; i < at + g.length; i++) for (let j = at; j < at + g.length; j++) if (i !== j) this.#differ[i * count + j] = 1;
      at += g.length;
    }
    if (differ) for (let i = 0; i < count; i++) for (let j = 0; j < count; j++) if (i !== j && differ(this.cells[i]!, this.cells[j]!)) this.#differ[i * count + j] = 1;
    this.#open = new Int32Array(EXACT_OPEN);
    this.#openAt = new Int32Array(EXACT_OPEN);
    this.#apart = new Int32Array(EXACT_OPEN);
    this.#total = total;
    this.#groupCells = Int32Array.from(this.cells);
    this.#groupStart = new Int32Array(groups.length + 1);
    groups.forEach((g, i) => {
      this.#groupStart[i + 1] = this.#groupStart[i]! + g.length;
    });
    this.#lo = new Float64Array(groups.length);
    this.#hi = new Float64Array(groups.length);
    this.#after = new Int32Array(Math.max(0, ...groups.map((g) => g.length)) + 1);
  }

  propagate(d: Domains): boolean {
    const cands = d.cands;
    const cells = this.#groupCells;
    const start = this.#groupStart;
    const groups = start.length - 1;
    let lo = 0;
    let hi = 0;
    for (let g = 0; g < groups; g++) {
      let union = 0;
      let sumLo = 0;
      let sumHi = 0;
      for (let i = start[g]!; i < start[g + 1]!; i++) {
        const m = cands[cells[i]!]!;
        union |= m;
        sumLo += low(m);
        sumHi += high(m);
      }
      const size = start[g + 1]! - start[g]!;
      const a = extreme(union, size, false);
      if (a < 0) return false;
      const b = extreme(union, size, true);
      this.#lo[g] = a > sumLo ? a : sumLo;
      this.#hi[g] = b < sumHi ? b : sumHi;
      lo += this.#lo[g]!;
      hi += this.#hi[g]!;
    }
    const total = this.#total;
    if (total < lo || total > hi) return false;
    for (let g = 0; g < groups; g++) {
      const size = start[g + 1]! - start[g]!;
      const restLo = lo - this.#lo[g]!;
      const restHi = hi - this.#hi[g]!;
      // The group must add up to [total − restHi, total − restLo]; each cell gets what the others leave.
      const groupMin = total - restHi;
      const groupMax = total - restLo;
      if (groupMin <= this.#lo[g]! && groupMax >= this.#hi[g]!) continue;
      // What the other cells of the group may hold, from unions before and after each cell.
      const first = start[g]!;
      const after = this.#after;
      after[size] = 0;
      for (let i = size - 1; i >= 0; i--) after[i] = after[i + 1]! | cands[cells[first + i]!]!;
      let before = 0;
      for (let i = first; i < start[g + 1]!; i++) {
        const own = cands[cells[i]!]!;
        const others = before | after[i - first + 1]!;
        before |= own;
        const othersLo = size === 1 ? 0 : extreme(others, size - 1, false);
        const othersHi = size === 1 ? 0 : extreme(others, size - 1, true);
        if (othersLo < 0) return false;
        if (!d.narrow(cells[i]!, rangeMask(groupMin - othersHi, groupMax - othersLo))) return false;
      }
    }
    return this.#exact(d);
  }

  /**
   * With few cells left open, bounds miss values no assignment of them supports (a + b = 7 keeps
   * 2 in a beside b of 2, 3, 4, 6): the open cells are then narrowed exactly against what the
   * placed ones leave.
   */
  #exact(d: Domains): boolean {
    const cands = d.cands;
    const cells = this.#groupCells;
    const open = this.#open;
    const openAt = this.#openAt;
    let count = 0;
    let rest = this.#total;
    for (let i = 0; i < cells.length; i++) {
      const m = cands[cells[i]!]!;
      if ((m & (m - 1)) === 0) {
        rest -= 32 - Math.clz32(m);
        continue;
      }
      if (count === EXACT_OPEN) return true;
      openAt[count] = i;
      open[count++] = cells[i]!;
    }
    if (count < 2) return true;
    // Fewest candidates first: the walk branches least near its root, and the last cell, whose digit the others fix, has the most.
    for (let i = 1; i < count; i++) {
      const cell = open[i]!;
      const at = openAt[i]!;
      const size = popcount(cands[cell]!);
      let j = i - 1;
      while (j >= 0 && popcount(cands[open[j]!]!) > size) {
        open[j + 1] = open[j]!;
        openAt[j + 1] = openAt[j]!;
        j--;
      }
      open[j + 1] = cell;
      openAt[j + 1] = at;
    }
    const apart = this.#apart;
    const differ = this.#differ;
    const stride = cells.length;
    for (let i = 0; i < count; i++) {
      const row = openAt[i]! * stride;
      let a = 0;
      for (let j = 0; j < count; j++) if (differ[row + openAt[j]!] === 1) a |= 1 << j;
      apart[i] = a;
    }
    const support = this.#walk.support;
    this.#walk.run(cands, open, count, apart, rest);
    // In the cells' own order, as before the sort: the order of narrowing steers which placement a failure is blamed on.
    let done = 0;
    for (let k = 0; k < count; k++) {
      let next = -1;
      for (let i = 0; i < count; i++) if (((done >> i) & 1) === 0 && (next < 0 || openAt[i]! < openAt[next]!)) next = i;
      done |= 1 << next;
      if (!d.narrow(open[next]!, support[next]!)) return false;
    }
    return true;
  }
}

/**
 * Which values of a few cells some assignment adding up to a total supports, by a walk over the
 * cells that stops once every candidate is supported. After `run`, support[i] holds the digits of
 * cell i that take part in one. Scratch for up to `most` cells; nothing allocates per call.
 */
class SumSupport {
  readonly support: Int32Array;
  readonly #values: Int32Array;
  #cands: Int32Array = new Int32Array(0);
  #cells: Int32Array = new Int32Array(0);
  #apart: Int32Array = new Int32Array(0);
  /** Each cell's weight, or none: all 1. */
  #weights: Int32Array | undefined;
  #count = 0;
  #total = 0;
  /** Cells some candidate of which is not yet supported: at 0 the walk stops. */
  #short = 0;

  constructor(most: number) {
    this.support = new Int32Array(most);
    this.#values = new Int32Array(most);
  }

  /** `apart[i]` has bit j when cells i and j must differ; `weights`, when given, multiply each cell's digit. */
  run(cands: Int32Array, cells: Int32Array, count: number, apart: Int32Array, total: number, weights?: Int32Array): void {
    this.support.fill(0, 0, count);
    this.#weights = weights;
    this.#cands = cands;
    this.#cells = cells;
    this.#apart = apart;
    this.#count = count;
    this.#total = total;
    this.#short = count;
    this.#walk(0, 0);
  }

  #walk(i: number, sum: number): boolean {
    const cands = this.#cands;
    const cells = this.#cells;
    const count = this.#count;
    const values = this.#values;
    const support = this.support;
    const total = this.#total;
    if (i === count) {
      if (sum !== total) return false;
      for (let j = 0; j < count; j++) {
        const before = support[j]!;
        const after = before | (1 << (values[j]! - 1));
        if (after === before) continue;
        support[j] = after;
        if (after === cands[cells[j]!]!) this.#short--;
      }
      return this.#short === 0;
    }
    const weights = this.#weights;
    if (i === count - 1) {
      // The last cell's digit is what the others leave: no loop over its candidates.
      const w = weights === undefined ? 1 : weights[i]!;
      const v = (total - sum) / w;
      if (v < 1 || v > 31 || v !== Math.floor(v)) return false;
      const bit = 1 << (v - 1);
      if ((cands[cells[i]!]! & bit) === 0) return false;
      const a = this.#apart[i]!;
      for (let j = 0; j < i; j++) if ((a >> j) & 1 && values[j] === v) return false;
      values[i] = v;
      return this.#walk(count, total);
    }
    // The smallest and largest the cells after this one can add.
    let restLo = 0;
    let restHi = 0;
    for (let j = i + 1; j < count; j++) {
      const m = cands[cells[j]!]!;
      if (weights === undefined) {
        restLo += low(m);
        restHi += high(m);
        continue;
      }
      const w = weights[j]!;
      const a = w * low(m);
      const b = w * high(m);
      restLo += a < b ? a : b;
      restHi += a < b ? b : a;
    }
    let m = cands[cells[i]!]!;
    const a = this.#apart[i]!;
    for (let j = 0; j < i; j++) if ((a >> j) & 1) m &= ~(1 << (values[j]! - 1));
    const w = weights === undefined ? 1 : weights[i]!;
    while (m !== 0) {
      const bit = m & -m;
      m ^= bit;
      const v = 32 - Math.clz32(bit);
      const s = sum + w * v;
      if (s + restLo > total) {
        // Digits rise, so with a positive weight every later one is too large as well.
        if (w > 0) break;
        continue;
      }
      if (s + restHi < total) continue;
      values[i] = v;
      if (this.#walk(i + 1, s)) return true;
    }
    return false;
  }
}

/**
 * A sum over a few cells some of which may repeat a digit (they share no house): every value
 * that some assignment of the cells supports stays, the rest go (exact, by a search over the
 * cells that stops as soon as every value is supported).
 */
export class SmallSumPropagator implements Propagator {
  readonly cells: readonly number[];
  readonly #cells: Int32Array;
  readonly #total: number;
  /** apart[i] has bit j when cells i and j must differ. */
  readonly #apart: Int32Array;
  readonly #walk: SumSupport;
  readonly #weights: Int32Array | undefined;

  /** `weights`, when given, multiply each cell's digit (an arrow: 1 for its circle, −1 for the rest). */
  constructor(cells: readonly number[], total: number, differ: (a: number, b: number) => boolean, weights?: readonly number[]) {
    this.cells = cells;
    this.#weights = weights ? Int32Array.from(weights) : undefined;
    this.#cells = Int32Array.from(cells);
    this.#total = total;
    this.#apart = new Int32Array(cells.length);
    for (let i = 0; i < cells.length; i++) for (let j = 0; j < cells.length; j++) if (i !== j && differ(cells[i]!, cells[j]!)) this.#apart[i]! |= 1 << j;
    this.#walk = new SumSupport(cells.length);
  }

  propagate(d: Domains): boolean {
    const { cells } = this;
    const support = this.#walk.support;
    this.#walk.run(d.cands, this.#cells, cells.length, this.#apart, this.#total, this.#weights);
    for (let i = 0; i < cells.length; i++) if (!d.narrow(cells[i]!, support[i]!)) return false;
    return true;
  }
}
