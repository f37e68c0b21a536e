/**
 * Forcing chains' propagation: what follows from one assumption, on a copy of the candidates,
 * in rounds of increasing power (the cheapest tier that concludes is used, as Sukaku Explainer
 * does):
 * - static: only the board's own links — a true candidate removes its peers' digit and its
 *   cell's other digits (weak links); a false candidate makes its bivalue partner or its
 *   bilocal partner true (strong links of the board before the assumption);
 * - dynamic: any naked or hidden single that appears in the branch;
 * - dynamic+: also locked candidates (pointing and claiming) inside the branch;
 * - nested: also, when that stalls, every candidate left in the branch whose own assumption
 *   (propagated by singles) contradicts the branch is removed from it.
 * Facts are followed in SE's order (true ones first, each in the order its cause found it: a
 * true candidate's cell, box, row, column; a false one's cell, box, row, column), so each fact
 * records the cause SE records, and a proof is as long as SE counts it.
 */
import { cellName, type Geometry } from '../../../geometry.js';
import { countBits } from '../../board.js';
import { unitLabel } from '../../../geometry.js';
import { CONTRADICTION, describeFact, FactStore } from './facts.js';
import { type VisitOrder, visitOrderOf } from './order.js';
import { implicationPath, proofSize } from './proof.js';

/** Propagation power: 0 static links, 1 singles, 2 singles and locked candidates, 3 also nested forcing chains. */
export type Tier = 0 | 1 | 2 | 3;

export interface Branch {
  /** The assumption: a fact. */
  readonly assumption: number;
  /** Store indices [start, end) of the facts found in this branch (the assumption first). */
  readonly start: number;
  readonly end: number;
  /** Store index of the contradiction, or −1. */
  readonly contradiction: number;
  readonly reason: string;
}

export class Propagator {
  readonly g: Geometry;
  readonly n: number;
  readonly tier: Tier;
  facts = new FactStore();
  /** The state every branch starts from. */
  private readonly baseValues: Uint8Array;
  private readonly baseCand: Uint32Array;
  private readonly basePlaced: Uint32Array;
  /** How many places each digit has in each unit in the base state: unitCount[unit × n + d]. */
  private readonly unitCount: Uint8Array;
  private readonly values: Uint8Array;
  private readonly cand: Uint32Array;
  private readonly placed: Uint32Array;
  private readonly known: Int32Array;
  private readonly where: Int32Array;
  private stamp = 0;
  private queue: number[] = [];
  /** drain's lists of true and false facts, kept between branches. */
  private readonly ons: number[] = [];
  private readonly offs: number[] = [];
  private contradiction = -1;
  private reason = '';
  /** How many places each digit has left in each unit in this branch: places[unit × n + d]. */
  private readonly places: Uint8Array;
  /** For each unit, the digits it lost in this branch since locked candidates last looked. */
  private readonly dirty: Uint32Array;
  /** The propagator that tries assumptions inside a branch (tier 3 only). */
  private inner: Propagator | undefined;
  private readonly order: VisitOrder;
  /**
   * Nishio: follow the assumed digit only (a true candidate removes the digit from its peers, a
   * unit left with one place of it places it), and stop only where a candidate would be both
   * true and false, as SE's Nishio rule does.
   */
  singleDigit = false;

  constructor(g: Geometry, values: Uint8Array, candidates: Uint32Array, tier: Tier) {
    this.g = g;
    this.n = g.size;
    this.tier = tier;
    this.order = visitOrderOf(g);
    this.baseValues = values.slice();
    this.baseCand = candidates.slice();
    this.basePlaced = new Uint32Array(g.units.length);
    this.unitCount = new Uint8Array(g.units.length * this.n);
    this.values = values.slice();
    this.cand = candidates.slice();
    this.placed = new Uint32Array(g.units.length);
    this.dirty = new Uint32Array(g.units.length);
    this.places = new Uint8Array(g.units.length * this.n);
    this.known = new Int32Array(g.cellCount * this.n * 2);
    this.where = new Int32Array(g.cellCount * this.n * 2);
    this.rebase(values, candidates);
  }

  /** Start every later branch from this state (and forget the facts found so far). */
  rebase(values: Uint8Array, candidates: Uint32Array): void {
    const g = this.g;
    const n = this.n;
    this.baseValues.set(values);
    this.baseCand.set(candidates);
    this.basePlaced.fill(0);
    this.unitCount.fill(0);
    for (let u = 0; u < g.units.length; u++) {
      for (const cell of g.units[u]!) {
        const v = values[cell]!;
        if (v !== 0) this.basePlaced[u] = this.basePlaced[u]! | (1 << (v - 1));
        for (let m = candidates[cell]!; m !== 0; m &= m - 1) this.unitCount[u * n + 31 - Math.clz32(m & -m)]!++;
      }
    }
    this.facts = new FactStore();
  }

  /**
   * Follow an assumption to its consequences (or a contradiction): the links and singles first
   * (`drain`), then, from tier 2 on, locked candidates, and at tier 3, when those find nothing,
   * the nested forcing chains; again until a round finds nothing.
   */
  run(assumption: number): Branch {
    this.reset();
    const start = this.facts.length;
    this.assert(assumption, [], 0);
    for (;;) {
      this.drain();
      if (this.contradiction >= 0 || this.tier < 2) break;
      this.queue.length = 0;
      this.lockedCandidates();
      if (this.queue.length === 0 && this.tier >= 3) this.nested(start);
      if (this.queue.length === 0 || this.contradiction >= 0) break;
    }
    return { assumption, start, end: this.facts.length, contradiction: this.contradiction, reason: this.reason };
  }

  /** A new branch: the base state, no fact known, nothing queued. */
  private reset(): void {
    this.stamp++;
    this.values.set(this.baseValues);
    this.cand.set(this.baseCand);
    this.placed.set(this.basePlaced);
    this.dirty.fill(0);
    this.places.set(this.unitCount);
    this.queue.length = 0;
    this.contradiction = -1;
    this.reason = '';
  }

  /**
   * Process the facts found, true ones first: SE's chaining takes the next candidate made true
   * while there is one, and a candidate made false only when there is none, so a branch's proofs
   * (and its length) follow the same order as SE's.
   */
  private drain(): void {
    const q = this.queue;
    const ons = this.ons;
    const offs = this.offs;
    ons.length = 0;
    offs.length = 0;
    let onHead = 0;
    let offHead = 0;
    let seen = 0;
    while (this.contradiction < 0) {
      for (; seen < q.length; seen++) ((this.facts.fact[q[seen]!]! & 1) === 1 ? ons : offs).push(q[seen]!);
      if (onHead < ons.length) this.process(ons[onHead++]!);
      else if (offHead < offs.length) this.process(offs[offHead++]!);
      else break;
    }
  }

  /**
   * Forcing chains inside the branch: every candidate left whose own assumption (propagated by
   * singles) contradicts the branch is false in it. The proof of such a fact is the inner
   * chain, which the outer store does not keep: it is recorded as following from the assumption.
   */
  private nested(start: number): void {
    const n = this.n;
    this.inner ??= new Propagator(this.g, this.values, this.cand, 1);
    const inner = this.inner;
    inner.rebase(this.values, this.cand);
    for (let cell = 0; cell < this.g.cellCount && this.contradiction < 0; cell++) {
      if (this.values[cell] !== 0) continue;
      for (let m = this.cand[cell]!; m !== 0; m &= m - 1) {
        const fact = (cell * n + 31 - Math.clz32(m & -m)) * 2 + 1;
        const branch = inner.run(fact);
        if (branch.contradiction < 0) continue;
        this.assert(fact ^ 1, start, 3);
        if (this.contradiction >= 0) return;
        const size = proofSize(inner.facts, branch.contradiction, new Int32Array(inner.facts.length), { v: 0 });
        const path = implicationPath(inner.facts, branch.contradiction).length - 1;
        this.facts.nested.set(this.where[fact ^ 1]!, {
          note: `${describeFact(this.g, fact)} would lead in ${path} steps to a contradiction: ${branch.reason}`,
          size,
        });
      }
      inner.facts = new FactStore();
    }
  }

  private isKnown(fact: number): boolean {
    return this.known[fact] === this.stamp;
  }

  private fail(parents: number[], tier: number, reason: string): void {
    // A cell or unit emptied by several eliminations is beyond the static links: not a conclusion there.
    if (this.contradiction >= 0 || tier > this.tier) return;
    this.contradiction = this.facts.add(CONTRADICTION, tier, parents);
    this.reason = reason;
  }

  private assert(fact: number, parents: number | number[], tier: number): void {
    if (this.contradiction >= 0 || this.isKnown(fact)) return;
    const n = this.n;
    const node = fact >> 1;
    const cell = Math.floor(node / n);
    const d = node % n;
    const b = 1 << d;
    if (this.isKnown(fact ^ 1)) {
      this.fail([...asList(parents), this.where[fact ^ 1]!], tier, `${cellName(this.g, cell)} would be both ${this.g.digits[d]} and not ${this.g.digits[d]}`);
      return;
    }
    if ((fact & 1) === 1) {
      // A second digit true in a cell, or a digit true twice in a unit, is not a contradiction
      // yet: as in SE, it becomes one when the first of the two is processed and makes the other
      // false (so the proof, and its length, are the ones SE counts).
      if ((this.cand[cell]! & b) === 0) return; // cannot happen: singles pick present candidates
      this.record(fact, parents, tier);
      if (this.values[cell] === 0) this.values[cell] = d + 1;
      for (const u of this.g.unitsOf[cell]!) this.placed[u] = this.placed[u]! | b;
    } else {
      // The candidate leaves the branch's grid when it is processed (see drain).
      if ((this.cand[cell]! & b) === 0) return;
      this.record(fact, parents, tier);
    }
  }

  private record(fact: number, parents: number | number[], tier: number): void {
    const i = this.facts.add(fact, tier, parents);
    this.known[fact] = this.stamp;
    this.where[fact] = i;
    this.queue.push(i);
  }

  /** The store index of a fact known in this branch, or −1. */
  private indexOf(fact: number): number {
    return this.isKnown(fact) ? this.where[fact]! : -1;
  }

  /** Follow one fact: a true candidate along its weak links, a false one to the singles it may leave. */
  private process(i: number): void {
    const fact = this.facts.fact[i]!;
    const node = fact >> 1;
    const cell = Math.floor(node / this.n);
    const d = node % this.n;
    if ((fact & 1) === 1) this.weakLinks(i, cell, d);
    else this.remove(cell, d);
  }

  /**
   * Weak links: a true candidate makes its cell's other digits false (not in Nishio, which follows
   * one digit) and its digit false in its peers, in SE's order (box, row, column).
   */
  private weakLinks(i: number, cell: number, d: number): void {
    const n = this.n;
    const b = 1 << d;
    if (!this.singleDigit) for (let m = this.cand[cell]! & ~b; m !== 0; m &= m - 1) this.assert((cell * n + 31 - Math.clz32(m & -m)) * 2, i, 0);
    const peers = this.order.peers[cell]!;
    for (let k = 0; k < peers.length; k++) {
      const p = peers[k]!;
      if ((this.cand[p]! & b) !== 0) this.assert((p * n + d) * 2, i, 0);
    }
  }

  /**
   * A false candidate leaves the branch's grid: its cell may be left with one digit (or none),
   * and each of its units with one place of the digit (or none).
   */
  private remove(cell: number, d: number): void {
    const g = this.g;
    const n = this.n;
    const b = 1 << d;
    this.cand[cell] = this.cand[cell]! & ~b;
    const units = g.unitsOf[cell]!;
    for (let k = 0; k < units.length; k++) {
      const u = units[k]!;
      this.places[u * n + d]!--;
      this.dirty[u] = this.dirty[u]! | b;
    }
    if (this.values[cell] === 0 && !this.singleDigit && !this.cellSingle(cell)) return;
    this.unitSingles(cell, d);
  }

  /**
   * A cell left with one digit: the digit is true, along the cell's strong link when it was
   * bivalue before the assumption (static tier), else as a naked single (dynamic tier). A cell
   * left with none is a contradiction; false then, so that its units are not looked at.
   */
  private cellSingle(cell: number): boolean {
    const n = this.n;
    const m = this.cand[cell]!;
    if (m !== 0 && (m & (m - 1)) !== 0) return true;
    const parents: number[] = [];
    for (let x = this.baseCand[cell]! & ~m; x !== 0; x &= x - 1) {
      const j = this.indexOf((cell * n + 31 - Math.clz32(x & -x)) * 2);
      if (j >= 0) parents.push(j);
    }
    const tier = countBits(this.baseCand[cell]!) === 2 ? 0 : 1;
    if (m === 0) {
      this.fail(parents, tier, `${cellName(this.g, cell)} would have no candidate left`);
      return false;
    }
    if (tier <= this.tier) this.assert((cell * n + 31 - Math.clz32(m)) * 2 + 1, parents, tier);
    return true;
  }

  /**
   * The units of a removed candidate, in SE's order (box, row, column), left with one place of
   * its digit: the place is true, along the unit's strong link when the unit had two places
   * before the assumption (static tier), else as a hidden single (dynamic tier). A unit left with
   * none is a contradiction (not in Nishio).
   */
  private unitSingles(cell: number, d: number): void {
    const g = this.g;
    const n = this.n;
    const b = 1 << d;
    const units = this.order.units[cell]!;
    for (let k = 0; k < units.length; k++) {
      const u = units[k]!;
      if ((this.placed[u]! & b) !== 0 || this.places[u * n + d]! > 1) continue;
      const count = this.places[u * n + d]!;
      let last = -1;
      if (count === 1) for (const c of g.units[u]!) if ((this.cand[c]! & b) !== 0) last = c;
      const tier = this.unitCount[u * n + d] === 2 ? 0 : 1;
      if (count === 1 && tier > this.tier) continue;
      const parents: number[] = [];
      for (const c of g.units[u]!) {
        const gone = (this.baseCand[c]! & b) !== 0 && (this.cand[c]! & b) === 0;
        const j = c === last || !gone ? -1 : this.indexOf((c * n + d) * 2);
        if (j >= 0) parents.push(j);
      }
      if (count === 0) {
        if (this.singleDigit) continue;
        this.fail(parents, tier, `${g.digits[d]} would have no place left in ${unitLabel(g, u)}`);
        return;
      }
      this.assert((last * n + d) * 2 + 1, parents, tier);
      if (this.contradiction >= 0) return;
    }
  }

  /**
   * Locked candidates inside the branch: a digit of a box confined to one line, or of a line to
   * one box. Only the digits a unit lost since the last look can have become confined (the step
   * solver's own locked candidates have emptied the board of any before forcing chains run).
   */
  private lockedCandidates(): void {
    const n = this.n;
    const dirty = this.dirty.slice();
    this.dirty.fill(0);
    for (let u = 0; u < 3 * n && this.contradiction < 0; u++) {
      for (let m = dirty[u]! & ~this.placed[u]!; m !== 0 && this.contradiction < 0; m &= m - 1) this.lockedDigit(u, 31 - Math.clz32(m & -m));
    }
  }

  /**
   * Digit `d` in unit `u`: when all its places there lie in one other unit (a line for a box, the
   * box for a line), it is false in the rest of that unit, from the facts that removed its other
   * places in `u`.
   */
  private lockedDigit(u: number, d: number): void {
    const g = this.g;
    const n = this.n;
    const b = 1 << d;
    const first = this.confinedFirst(u, b);
    if (first < 0) return;
    const targets = this.lockingUnits(u, b, first);
    const parents: number[] = [];
    for (const c of g.units[u]!) {
      const j = this.indexOf((c * n + d) * 2);
      if (j >= 0) parents.push(j);
    }
    for (const t of targets) {
      for (const c of g.units[t]!) {
        if ((this.cand[c]! & b) === 0 || g.unitsOf[c]!.includes(u)) continue;
        this.assert((c * n + d) * 2, parents, 2);
      }
    }
  }

  /** The first place of digit bit `b` in unit `u` when all its places there share a line (a box) or a box (a line), else −1. */
  private confinedFirst(u: number, b: number): number {
    const g = this.g;
    const n = this.n;
    let first = -1;
    for (const c of g.units[u]!) {
      if ((this.cand[c]! & b) === 0) continue;
      if (first < 0) first = c;
      else if (u >= 2 * n ? g.rowOf[c] !== g.rowOf[first] && g.colOf[c] !== g.colOf[first] : g.boxOf[c] !== g.boxOf[first]) return -1;
    }
    return first;
  }

  /** The other units the confined places of digit bit `b` in unit `u` share: for a box, the row or column (or both); for a line, its box. */
  private lockingUnits(u: number, b: number, first: number): number[] {
    const g = this.g;
    const n = this.n;
    const targets: number[] = [];
    if (u >= 2 * n) {
      let sameRow = true;
      let sameCol = true;
      for (const c of g.units[u]!) {
        if ((this.cand[c]! & b) === 0) continue;
        if (g.rowOf[c] !== g.rowOf[first]) sameRow = false;
        if (g.colOf[c] !== g.colOf[first]) sameCol = false;
      }
      if (sameRow) targets.push(g.rowOf[first]!);
      if (sameCol) targets.push(n + g.colOf[first]!);
    } else targets.push(2 * n + g.boxOf[first]!);
    return targets;
  }
}

function asList(parents: number | number[]): number[] {
  return typeof parents === 'number' ? [parents] : parents;
}
