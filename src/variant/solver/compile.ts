/**
 * From a geometry, givens and constraints to the solver's model: the classic houses of the
 * geometry, then each constraint kind's rules through the `ModelBuilder` it writes to.
 */
import type { Geometry } from '../../geometry.js';
import type { ModelBuilder, Propagator } from '../model.js';
import { combinedSums } from './combined.js';
import { impliedSums, type KnownSum } from './implied.js';
import { sumCombinations } from '../digits.js';
import { DigitSetPropagator, DistinctSumPropagator, GroupedSumPropagator, MAX_COMBINATIONS, RelationPropagator, SmallSumPropagator, SumPropagator } from './propagators.js';
import { Seen } from './seen.js';
import type { CompiledModel } from './state.js';

/** Sums over at most this many cells are narrowed exactly (cages too, beside their digit-set tables); larger ones that may repeat a digit by their groups of distinct cells. */
const SMALL_SUM_CELLS = 3;

/**
 * A sum with weights 1 and −1 (an arrow with a one-cell circle) over at most this many cells is
 * narrowed exactly; longer ones, and pills' weights of 10 and 100, by bounds. Five (a circle and
 * four arrow cells): Arrow, slow went from 30,022 to 18,475 guesses, the CTC Tribute from 412 to 148.
 */
const SMALL_WEIGHTED_CELLS = 5;

/** A leftover of a large sum over more cells than this narrows too little to add. */
const MAX_LEFTOVER = 12;

/** Steps of the search for sets of sums that cover one house. */
const COVER_BUDGET = 1000;

export class Compiler implements ModelBuilder {
  readonly size: number;
  readonly #g: Geometry;
  readonly #peers: Array<Set<number>>;
  readonly #houses = new Map<string, readonly number[]>();
  readonly #propagators: Propagator[] = [];
  /** Who sees whom, for the rules that need it: filled by build(). */
  readonly #seen = new Seen();
  readonly #initial: Int32Array;
  /** Propagators to build once every rule has said which cells differ. */
  readonly #deferred: Array<() => void> = [];
  /** The sums of distinct digits given so far (cages): the ground for implied sums. */
  readonly #cageSums: KnownSum[] = [];
  /** Every sum of weight-1 cells given so far (cages and lines alike): the ground for combined sums. */
  readonly #unitSums: KnownSum[] = [];
  /** Set when a rule can never hold (more distinct cells than digits): the model has no solution. */
  impossible = false;

  constructor(g: Geometry) {
    this.#g = g;
    this.size = g.size;
    this.#peers = Array.from({ length: g.cellCount }, () => new Set<number>());
    this.#initial = new Int32Array(g.cellCount).fill(g.size >= 31 ? -1 : (1 << g.size) - 1);
    for (const unit of g.units) this.distinct(Array.from(unit));
  }

  distinct(cells: readonly number[]): void {
    const unique = [...new Set(cells)];
    if (unique.length > this.size) this.impossible = true;
    if (unique.length === this.size) {
      const sorted = [...unique].sort((a, b) => a - b);
      this.#houses.set(sorted.join(','), sorted);
    }
    for (const a of unique) for (const b of unique) if (a !== b) this.#peers[a]!.add(b);
  }

  different(a: number, b: number): void {
    if (a === b) {
      this.impossible = true;
      return;
    }
    this.#peers[a]!.add(b);
    this.#peers[b]!.add(a);
  }

  restrict(cell: number, mask: number): void {
    this.#initial[cell]! &= mask;
  }

  relation(a: number, b: number, allowed: (x: number, y: number) => boolean): void {
    if (a === b) {
      let mask = 0;
      for (let x = 1; x <= this.size; x++) if (allowed(x, x)) mask |= 1 << (x - 1);
      this.restrict(a, mask);
      return;
    }
    this.#propagators.push(new RelationPropagator(a, b, this.size, allowed));
  }

  sum(cells: readonly number[], total: number, options: { readonly weights?: readonly number[]; readonly distinct?: boolean } = {}): void {
    const weights = options.weights ?? cells.map(() => 1);
    if (options.distinct) this.distinct(cells);
    if (options.distinct && weights.every((w) => w === 1) && new Set(cells).size === cells.length) {
      const combos = sumCombinations(this.size, cells.length, total);
      if (combos.length === 0) {
        this.impossible = true;
        return;
      }
      const known = { cells: [...cells], total };
      this.#cageSums.push(known);
      this.#unitSums.push(known);
      if (combos.length <= MAX_COMBINATIONS) {
        // A small cage is also narrowed exactly (every digit left has an assignment of the cage that
        // uses it); the digit-set table beside it places and excludes the digits every set needs.
        if (cells.length <= SMALL_SUM_CELLS) this.#propagators.push(new SmallSumPropagator(cells, total, () => true));
        this.#propagators.push(new DistinctSumPropagator(cells, combos, this.size, total, this.#seen));
        return;
      }
    }
    this.#boundsSum(cells, weights, total);
  }

  /** A sum narrowed by bounds, or exactly when it is over a few cells of weight 1. */
  #boundsSum(cells: readonly number[], weights: readonly number[], total: number): void {
    // A cell listed twice counts twice: merge it into one term.
    const merged = new Map<number, number>();
    for (const [i, cell] of cells.entries()) merged.set(cell, (merged.get(cell) ?? 0) + weights[i]!);
    const terms = [...merged].filter(([, w]) => w !== 0);
    if (terms.every(([, w]) => w === 1)) {
      // Which cells must differ is known only when every rule is in: build it then.
      const sumCells = terms.map(([c]) => c);
      this.#unitSums.push({ cells: sumCells, total });
      this.#deferred.push(() => {
        const differ = (a: number, b: number) => this.#seen.sees(a, b);
        if (sumCells.length <= SMALL_SUM_CELLS) {
          this.#propagators.push(new SmallSumPropagator(sumCells, total, differ));
          return;
        }
        this.#propagators.push(new GroupedSumPropagator(this.#cliques(sumCells), total, differ));
      });
      return;
    }
    if (terms.length <= SMALL_WEIGHTED_CELLS && terms.every(([, w]) => w === 1 || w === -1)) {
      // A short arrow: circle − arrow = 0, narrowed exactly, with which of its cells must differ once every rule is in.
      this.#deferred.push(() => {
        this.#propagators.push(
          new SmallSumPropagator(
            terms.map(([c]) => c),
            total,
            (a, b) => this.#seen.sees(a, b),
            terms.map(([, w]) => w),
          ),
        );
      });
      return;
    }
    this.#propagators.push(
      new SumPropagator(
        terms.map(([c]) => c),
        terms.map(([, w]) => w),
        total,
      ),
    );
  }

  digitSets(cells: readonly number[], sets: Int32Array): void {
    this.distinct(cells);
    this.#propagators.push(new DigitSetPropagator(cells, sets, this.#seen));
  }

  propagator(p: Propagator): void {
    this.#propagators.push(p);
  }

  /** The innie and outie sums of the cages (implied.ts), as sums of distinct digits where their cells share a house. */
  #addImpliedSums(): void {
    if (this.#cageSums.length === 0) return;
    const g = this.#g;
    const n = g.size;
    const units = g.units.map((u) => Array.from(u));
    const implied = impliedSums(n, units.slice(0, n), units.slice(n, 2 * n), units.slice(2 * n, 3 * n), this.#cageSums);
    for (const s of implied) {
      // Any `size` distinct digits add up to the house total: such a sum says nothing new.
      if (s.cells.length === n && s.total === (n * (n + 1)) / 2 && this.#pairwise(s.cells)) continue;
      if (!this.#impliedSum(s.cells, s.total)) return;
    }
  }

  /** Whether every two of `cells` must differ. */
  #pairwise(cells: readonly number[]): boolean {
    return cells.every((a) => cells.every((b) => a === b || this.#seen.sees(a, b)));
  }

  /**
   * A sum the rules imply (innies, outies, leftovers): over cells that all differ, by the digit
   * sets that reach it; otherwise by groups of distinct cells. False when no digits reach it (the
   * model is then impossible).
   */
  #impliedSum(cells: readonly number[], total: number): boolean {
    if (!this.#pairwise(cells)) {
      this.#boundsSum(
        cells,
        cells.map(() => 1),
        total,
      );
      return true;
    }
    const combos = sumCombinations(this.size, cells.length, total);
    if (combos.length === 0) {
      this.impossible = true;
      return false;
    }
    this.#propagators.push(new DistinctSumPropagator(cells, combos, this.size, total, this.#seen));
    return true;
  }

  /**
   * Leftovers: when sums that do not overlap cover a house (a box crossed by the diagonal and the
   * little killers beside it), their union has a known total; the houses and cages wholly inside
   * the union have known totals too, so the cells they leave add up to the rest. The band of the
   * main diagonal and the four little killers along it, less boxes 1, 5 and 9, is twelve cells.
   */
  #addLeftovers(): void {
    if (this.#unitSums.length === this.#cageSums.length) return;
    const houses = [...this.#houses.values()];
    const houseTotal = (this.size * (this.size + 1)) / 2;
    // The sums, and the houses beyond rows, columns and boxes (a diagonal): any `size` distinct digits add up to the house total.
    const units = new Set(this.#g.units.map((u) => [...u].sort((a, b) => a - b).join(',')));
    const pool: KnownSum[] = [...this.#unitSums, ...[...this.#houses].filter(([key]) => !units.has(key)).map(([, cells]) => ({ cells, total: houseTotal }))];
    const done = new Set<string>();
    const inRegion = new Uint8Array(this.#g.cellCount);
    for (const house of houses) {
      // Sets of sums that do not overlap and together cover the house, found by covering its cells in turn.
      const meeting = pool.filter((s) => s.cells !== house && s.cells.some((c) => house.includes(c)));
      const covers: KnownSum[][] = [];
      const chosen: KnownSum[] = [];
      inRegion.fill(0);
      let budget = COVER_BUDGET;
      const cover = (): void => {
        if (--budget < 0) return;
        const open = house.find((c) => inRegion[c] === 0);
        if (open === undefined) {
          covers.push([...chosen]);
          return;
        }
        for (const s of meeting) {
          if (!s.cells.includes(open) || s.cells.some((c) => inRegion[c] !== 0)) continue;
          for (const c of s.cells) inRegion[c] = 1;
          chosen.push(s);
          cover();
          chosen.pop();
          for (const c of s.cells) inRegion[c] = 0;
        }
      };
      cover();
      let best: { cells: number[]; total: number } | undefined;
      for (const used of covers) {
        // Cages alone are the innie and outie sums' ground (implied.ts); leftovers from them made the
        // extreme killers' trees half as large again.
        if (used.every((s) => this.#cageSums.includes(s))) continue;
        const found = this.#leftover(used, houses, houseTotal);
        if (found === undefined) return;
        if (found.cells.length > 0 && (!best || found.cells.length < best.cells.length)) best = found;
      }
      if (!best || best.cells.length > MAX_LEFTOVER) continue;
      const { cells, total } = best;
      const key = [...cells].sort((x, y) => x - y).join(',');
      if (done.has(key)) continue;
      done.add(key);
      if (!this.#impliedSum(cells, total)) return;
    }
  }

  /**
   * The cells of the union of `used` (sums that do not overlap) left by the houses and cages
   * wholly inside it, and their total; an empty leftover whose total is not 0 makes the model
   * impossible (undefined).
   */
  #leftover(used: readonly KnownSum[], houses: readonly (readonly number[])[], houseTotal: number): { cells: number[]; total: number } | undefined {
    let total = 0;
    const left = new Set<number>();
    for (const s of used) {
      total += s.total;
      for (const c of s.cells) left.add(c);
    }
    for (const h of houses) {
      if (h.every((c) => left.has(c))) {
        for (const c of h) left.delete(c);
        total -= houseTotal;
      }
    }
    for (const cage of this.#cageSums) {
      if (cage.cells.every((c) => left.has(c))) {
        for (const c of cage.cells) left.delete(c);
        total -= cage.total;
      }
    }
    if (left.size === 0 && total !== 0) {
      this.impossible = true;
      return undefined;
    }
    return { cells: [...left], total };
  }

  /** `cells` split greedily into groups of cells that all differ (largest groups first). */
  #cliques(cells: readonly number[]): number[][] {
    const seen = this.#seen;
    let left = [...cells];
    const groups: number[][] = [];
    while (left.length > 0) {
      // Start from the cell that sees most of those left, and add whatever differs from the whole group (most-seeing first).
      const degree = new Map<number, number>();
      for (const a of left) {
        let count = 0;
        for (const b of left) if (seen.sees(a, b)) count++;
        degree.set(a, count);
      }
      const order = [...left].sort((a, b) => degree.get(b)! - degree.get(a)!);
      const group = [order[0]!];
      const rest: number[] = [];
      for (let i = 1; i < order.length; i++) {
        const cell = order[i]!;
        if (group.every((c) => seen.sees(c, cell))) group.push(cell);
        else rest.push(cell);
      }
      groups.push(group);
      left = rest;
    }
    return groups;
  }

  /** Place a given. */
  give(cell: number, digit: number): void {
    this.restrict(cell, 1 << (digit - 1));
  }

  build(): CompiledModel {
    const g = this.#g;
    // Every rule has said which cells differ: the implied sums and the deferred ones read it.
    const peers = this.#peers.map((set) => Int32Array.from([...set].sort((a, b) => a - b)));
    this.#seen.fill(peers);
    // Sums the rules gave that see each other a lot, added up (combined.ts): implied, so they only
    // narrow. Before the innie and outie sums, which are built from the same cages.
    for (const s of combinedSums(
      this.size,
      this.#unitSums,
      (cells) => this.#cliques(cells),
      (a, b) => this.#seen.sees(a, b),
    ))
      this.#propagators.push(new GroupedSumPropagator(this.#cliques(s.cells), s.total, (a, b) => this.#seen.sees(a, b)));
    this.#addLeftovers();
    this.#addImpliedSums();
    for (const make of this.#deferred) make();
    this.#deferred.length = 0;
    const houses = [...this.#houses.values()];
    const houseCells = new Int32Array(houses.length * this.size);
    for (const [h, cells] of houses.entries()) houseCells.set(cells, h * this.size);
    const watching: number[][] = Array.from({ length: g.cellCount }, () => []);
    this.#propagators.forEach((p, i) => {
      for (const cell of new Set(p.cells)) watching[cell]!.push(i);
    });
    // Locked candidates: every pair of houses that share two or more cells.
    const lockCells: number[] = [];
    const lockStart: number[] = [0];
    const lockHouses: number[] = [];
    for (let x = 0; x < houses.length; x++) {
      const hx = new Set(houses[x]);
      for (let y = x + 1; y < houses.length; y++) {
        const shared = houses[y]!.filter((c) => hx.has(c));
        if (shared.length < 2 || shared.length === this.size) continue;
        const hy = new Set(houses[y]);
        lockHouses.push(x, y);
        lockCells.push(...houses[x]!.filter((c) => !hy.has(c)));
        lockStart.push(lockCells.length);
        lockCells.push(...shared);
        lockStart.push(lockCells.length);
        lockCells.push(...houses[y]!.filter((c) => !hx.has(c)));
        lockStart.push(lockCells.length);
      }
    }
    return {
      lockCells: Int32Array.from(lockCells),
      lockStart: Int32Array.from(lockStart),
      lockHouses: Int32Array.from(lockHouses),
      size: this.size,
      cellCount: g.cellCount,
      peers,
      houseCells,
      houseCount: houses.length,
      propagators: this.#propagators,
      watchers: watching.map((list) => Int32Array.from(list)),
      initial: this.#initial,
    };
  }
}
