/**
 * Forcing chains: the last logical resort before a guess. Assume a candidate true (or false),
 * follow what must then follow, and conclude from the branches:
 * - Contradiction Forcing Chain: assuming x leads to a contradiction (a candidate forced both
 *   true and false; as in SE, two digits true in a cell or one digit twice in a unit become one
 *   when the first is followed), so x is false (or, assuming x false, x is true). Nishio is the
 *   one-digit case.
 * - Double Forcing Chain: x true and x false both lead to the same fact, so it holds.
 * - Cell Forcing Chain: every candidate of a cell leads to the same fact.
 * - Unit Forcing Chain: every place of a digit in a unit leads to the same fact (SE's region
 *   forcing chain).
 * A branch that meets a contradiction still counts with the facts it found before it: it cannot
 * be the branch that holds. Facts are followed in SE's order (true ones first, each in the order
 * its cause found it: a true candidate's cell, box, row, column; a false one's cell, box, row,
 * column), so each fact records the cause SE records, and a proof is as long as SE counts it.
 *
 * "What follows" is propagation on a copy of the candidates, in rounds of increasing power (the
 * cheapest tier that concludes is used, as Sukaku Explainer does):
 * - static: only the board's own links — a true candidate removes its peers' digit and its
 *   cell's other digits (weak links); a false candidate makes its bivalue partner or its
 *   bilocal partner true (strong links of the board before the assumption);
 * - dynamic: any naked or hidden single that appears in the branch;
 * - dynamic+: also locked candidates (pointing and claiming) inside the branch;
 * - nested: also, when that stalls, every candidate left in the branch whose own assumption
 *   (propagated by singles) contradicts the branch is removed from it; only contradictions are
 *   looked for at this tier, and the first one found is taken (it costs up to seconds a step,
 *   and only the hardest puzzles, SE 10 and up, ever get here).
 * Each fact records the facts it came from, so a conclusion knows its whole proof (for the
 * rating) and the text shows the chain of implications that led to it.
 *
 * Ratings (SE scale, from Sukaku Explainer's table of v1.2.1 ratings on the SukakuExplainer
 * wiki: Nishio from 7.5, cell/region forcing chains from 8.0, dynamic forcing chains from 8.5,
 * dynamic (+) from 9.0, dynamic chains nesting dynamic chains about 11–12, each a base plus SE's
 * length adjustment): a static
 * contradiction rates 7.5, any other static forcing chain 8.0, a dynamic one 8.5, one that needs
 * locked candidates 9.0, a nested one 10.5; the length is the number of facts in the proof (over
 * all branches, a nested fact counting the facts of its inner proof), adjusted by `lengthBonus`.
 *
 * Cost: one propagation per candidate and tier (and one per candidate assumed false), each
 * linear in the facts it finds: a few milliseconds per step on 9×9 (the nested tier: one
 * propagation per candidate inside each branch, up to seconds). Works on every size the
 * Board supports; on 16×16 and 25×25 a step costs proportionally more.
 */
import { checkClock } from '../clock.js';
import { cellName, type Geometry } from '../../geometry.js';
import { type Board, countBits } from '../board.js';
import { type Candidate, type Link, type Step, type Technique, describeEffects } from '../step.js';
import { lengthBonus } from './chains.js';

/** Propagation power: 0 static links, 1 singles, 2 singles and locked candidates, 3 also nested forcing chains. */
type Tier = 0 | 1 | 2 | 3;

const TIER_BASE: readonly number[] = [8.0, 8.5, 9.0, 10.5];
const STATIC_CONTRADICTION_BASE = 7.5;
const TIER_PREFIX: readonly string[] = ['', 'Dynamic ', 'Dynamic+ ', 'Nested '];

/**
 * The largest board the nested tier runs on: it costs one propagation per candidate per branch,
 * seconds a step on 9×9 and minutes on 16×16.
 */
export const MAX_NESTED_SIZE = 9;

/** A fact: node × 2 + 1 when the candidate is true, node × 2 when it is false. */
const CONTRADICTION = -1;

/**
 * The facts of every branch of one search, in one store: fact i is `fact[i]`, found by rule
 * tier `tier[i]` (the highest tier among its proof), from the facts `parents[parentStart[i] …
 * parentStart[i] + parentCount[i])`. (Not a worker pool: it only stores facts.)
 */
class FactStore {
  fact: Int32Array<ArrayBuffer> = new Int32Array(1024);
  tier = new Uint8Array(1024);
  parentStart: Int32Array<ArrayBuffer> = new Int32Array(1024);
  parentCount: Int32Array<ArrayBuffer> = new Int32Array(1024);
  parents: Int32Array<ArrayBuffer> = new Int32Array(2048);
  length = 0;
  private parentLength = 0;
  /** Facts found by a nested forcing chain: what the inner assumption met, and the size of its proof. */
  readonly nested = new Map<number, { note: string; size: number }>();

  /** Add a fact found from the facts `parents` (an index, or a list of indices). */
  add(fact: number, tier: number, parents: number | readonly number[]): number {
    const count = typeof parents === 'number' ? 1 : parents.length;
    if (this.length === this.fact.length) this.growFacts();
    while (this.parentLength + count > this.parents.length) this.parents = grow(this.parents);
    let t = tier;
    const i = this.length++;
    this.fact[i] = fact;
    this.parentStart[i] = this.parentLength;
    this.parentCount[i] = count;
    if (typeof parents === 'number') {
      t = Math.max(t, this.tier[parents]!);
      this.parents[this.parentLength++] = parents;
    } else {
      for (const p of parents) {
        t = Math.max(t, this.tier[p]!);
        this.parents[this.parentLength++] = p;
      }
    }
    this.tier[i] = t;
    return i;
  }

  private growFacts(): void {
    this.fact = grow(this.fact);
    this.parentStart = grow(this.parentStart);
    this.parentCount = grow(this.parentCount);
    const tier = new Uint8Array(this.tier.length * 2);
    tier.set(this.tier);
    this.tier = tier;
  }
}

/**
 * The order in which SE's chaining visits what follows from a fact, per cell: the peers a true
 * candidate removes its digit from (its box, then the rest of its row, then the rest of its
 * column, each in reading order), and the units in which a false candidate can leave a digit one
 * place (box, row, column). The order decides which cause each fact records first, so following
 * it makes a proof, and the rating, come out as SE's.
 */
interface VisitOrder {
  readonly peers: readonly Int32Array[];
  readonly units: readonly Int32Array[];
}

const visitOrders = new WeakMap<Geometry, VisitOrder>();

function visitOrderOf(g: Geometry): VisitOrder {
  const known = visitOrders.get(g);
  if (known) return known;
  const n = g.size;
  const peers: Int32Array[] = [];
  const units: Int32Array[] = [];
  for (let cell = 0; cell < g.cellCount; cell++) {
    const box = 2 * n + g.boxOf[cell]!;
    const row = g.rowOf[cell]!;
    const col = n + g.colOf[cell]!;
    const list: number[] = [];
    for (const c of g.units[box]!) if (c !== cell) list.push(c);
    for (const c of g.units[row]!) if (g.boxOf[c] !== g.boxOf[cell]) list.push(c);
    for (const c of g.units[col]!) if (g.boxOf[c] !== g.boxOf[cell]) list.push(c);
    peers.push(Int32Array.from(list));
    units.push(Int32Array.of(box, row, col));
  }
  const made = { peers, units };
  visitOrders.set(g, made);
  return made;
}

function grow(a: Int32Array<ArrayBuffer>): Int32Array<ArrayBuffer> {
  const b = new Int32Array(a.length * 2);
  b.set(a);
  return b;
}

interface Branch {
  /** The assumption: a fact. */
  readonly assumption: number;
  /** Store indices [start, end) of the facts found in this branch (the assumption first). */
  readonly start: number;
  readonly end: number;
  /** Store index of the contradiction, or −1. */
  readonly contradiction: number;
  readonly reason: string;
}

class Propagator {
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

  /** Follow an assumption to its consequences (or a contradiction). */
  run(assumption: number): Branch {
    this.stamp++;
    this.values.set(this.baseValues);
    this.cand.set(this.baseCand);
    this.placed.set(this.basePlaced);
    this.dirty.fill(0);
    this.places.set(this.unitCount);
    this.queue = [];
    this.contradiction = -1;
    this.reason = '';
    const start = this.facts.length;
    this.assert(assumption, [], 0);
    for (;;) {
      this.drain();
      if (this.contradiction >= 0 || this.tier < 2) break;
      this.queue = [];
      this.lockedCandidates();
      if (this.queue.length === 0 && this.tier >= 3) this.nested(start);
      if (this.queue.length === 0 || this.contradiction >= 0) break;
    }
    return { assumption, start, end: this.facts.length, contradiction: this.contradiction, reason: this.reason };
  }

  /**
   * Process the facts found, true ones first: SE's chaining takes the next candidate made true
   * while there is one, and a candidate made false only when there is none, so a branch's proofs
   * (and its length) follow the same order as SE's.
   */
  private drain(): void {
    const q = this.queue;
    const ons: number[] = [];
    const offs: number[] = [];
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
    const name = cellName(this.g, cell);
    if (this.isKnown(fact ^ 1)) {
      this.fail([...asList(parents), this.where[fact ^ 1]!], tier, `${name} would be both ${this.g.digits[d]} and not ${this.g.digits[d]}`);
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

  private process(i: number): void {
    const g = this.g;
    const n = this.n;
    const fact = this.facts.fact[i]!;
    const node = fact >> 1;
    const cell = Math.floor(node / n);
    const d = node % n;
    const b = 1 << d;
    if ((fact & 1) === 1) {
      if (!this.singleDigit) for (let m = this.cand[cell]! & ~b; m !== 0; m &= m - 1) this.assert((cell * n + 31 - Math.clz32(m & -m)) * 2, i, 0);
      for (const p of this.order.peers[cell]!) if ((this.cand[p]! & b) !== 0) this.assert((p * n + d) * 2, i, 0);
      return;
    }
    // A candidate went: a naked single in its cell, a hidden single in its units, or nothing left.
    this.cand[cell] = this.cand[cell]! & ~b;
    for (const u of g.unitsOf[cell]!) this.places[u * n + d]!--;
    for (const u of g.unitsOf[cell]!) this.dirty[u] = this.dirty[u]! | b;
    if (this.values[cell] === 0 && !this.singleDigit) {
      const m = this.cand[cell]!;
      if (m === 0 || (m & (m - 1)) === 0) {
        const parents: number[] = [];
        for (let x = this.baseCand[cell]! & ~m; x !== 0; x &= x - 1) {
          const j = this.indexOf((cell * n + 31 - Math.clz32(x & -x)) * 2);
          if (j >= 0) parents.push(j);
        }
        const tier = countBits(this.baseCand[cell]!) === 2 ? 0 : 1;
        if (m === 0) {
          this.fail(parents, tier, `${cellName(g, cell)} would have no candidate left`);
          return;
        }
        if (tier <= this.tier) this.assert((cell * n + 31 - Math.clz32(m)) * 2 + 1, parents, tier);
      }
    }
    for (const u of this.order.units[cell]!) {
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
    const g = this.g;
    const n = this.n;
    const dirty = this.dirty.slice();
    this.dirty.fill(0);
    for (let u = 0; u < 3 * n && this.contradiction < 0; u++) {
      for (let m = dirty[u]! & ~this.placed[u]!; m !== 0 && this.contradiction < 0; m &= m - 1) {
        const d = 31 - Math.clz32(m & -m);
        const b = 1 << d;
        let first = -1;
        let confined = true;
        for (const c of g.units[u]!) {
          if ((this.cand[c]! & b) === 0) continue;
          if (first < 0) first = c;
          else if (u >= 2 * n ? g.rowOf[c] !== g.rowOf[first] && g.colOf[c] !== g.colOf[first] : g.boxOf[c] !== g.boxOf[first]) {
            confined = false;
            break;
          }
        }
        if (!confined || first < 0) continue;
        // The other unit the places share: for a box, the row or column; for a line, its box.
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
    }
  }
}

function asList(parents: number | number[]): number[] {
  return typeof parents === 'number' ? [parents] : parents;
}

function unitLabel(g: Geometry, unit: number): string {
  const kind = unit < g.size ? 'row' : unit < 2 * g.size ? 'column' : 'box';
  return `${kind} ${(unit % g.size) + 1}`;
}

function describeFact(g: Geometry, fact: number): string {
  const node = fact >> 1;
  const cell = Math.floor(node / g.size);
  const d = g.digits[node % g.size];
  return `${cellName(g, cell)}${(fact & 1) === 1 ? '=' : '<>'}${d}`;
}

/** How many facts prove store entry `i` (itself and all its ancestors). */
function proofSize(facts: FactStore, i: number, mark: Int32Array, stampRef: { v: number }): number {
  stampRef.v++;
  const stack = [i];
  mark[i] = stampRef.v;
  let count = 0;
  while (stack.length > 0) {
    const j = stack.pop()!;
    count += facts.nested.get(j)?.size ?? 1;
    const s = facts.parentStart[j]!;
    for (let k = s; k < s + facts.parentCount[j]!; k++) {
      const p = facts.parents[k]!;
      if (mark[p] !== stampRef.v) {
        mark[p] = stampRef.v;
        stack.push(p);
      }
    }
  }
  return count;
}

/**
 * The size of a contradiction's proof as SE counts it: the candidate that would be both true and
 * false is counted once with the proof of each state (its last parent is the state already known;
 * the others prove the new one), so what both proofs share counts twice.
 */
function contradictionSize(facts: FactStore, i: number, mark: Int32Array, stampRef: { v: number }): number {
  const s = facts.parentStart[i]!;
  const c = facts.parentCount[i]!;
  if (c < 2) return proofSize(facts, i, mark, stampRef);
  const known = facts.parents[s + c - 1]!;
  // The new state: itself and the union of its parents' proofs.
  stampRef.v++;
  const stack: number[] = [];
  for (let k = s; k < s + c - 1; k++) {
    const p = facts.parents[k]!;
    if (mark[p] !== stampRef.v) {
      mark[p] = stampRef.v;
      stack.push(p);
    }
  }
  let count = 1;
  while (stack.length > 0) {
    const j = stack.pop()!;
    count += facts.nested.get(j)?.size ?? 1;
    const ps = facts.parentStart[j]!;
    for (let k = ps; k < ps + facts.parentCount[j]!; k++) {
      const p = facts.parents[k]!;
      if (mark[p] !== stampRef.v) {
        mark[p] = stampRef.v;
        stack.push(p);
      }
    }
  }
  return count + proofSize(facts, known, mark, stampRef);
}

/** The chain of implications behind store entry `i`: from the assumption, through each fact's latest cause. */
function implicationPath(facts: FactStore, i: number): number[] {
  const path: number[] = [];
  for (let j = i; ; ) {
    path.push(j);
    const s = facts.parentStart[j]!;
    const c = facts.parentCount[j]!;
    if (c === 0) break;
    let latest = -1;
    for (let k = s; k < s + c; k++) latest = Math.max(latest, facts.parents[k]!);
    j = latest;
  }
  return path.reverse();
}

interface Conclusion {
  kind: 'contradiction' | 'double' | 'cell' | 'unit';
  /** The fact concluded (for a contradiction: the assumption's negation). */
  fact: number;
  /** Store index of the conclusion in each branch (for a contradiction, of the contradiction). */
  ends: number[];
  branches: Branch[];
  facts: FactStore;
  tier: number;
  size: number;
  rating: number;
  /** The cell or unit (and digit) the branches start from. */
  cell?: number;
  unit?: number;
  digit?: number;
}

function ratingOf(kind: Conclusion['kind'], tier: number, size: number): number {
  const base = tier === 0 && kind === 'contradiction' ? STATIC_CONTRADICTION_BASE : TIER_BASE[tier]!;
  return Math.round((base + lengthBonus(size - 2)) * 10) / 10;
}

/**
 * Which of SE's chaining rules a search plays: its propagation tier, the conclusions it draws and
 * the base of its rating (SE rates a hint by the rule that found it, not by what its proof used).
 * - `nishio`: singles inside each branch, contradictions only (from x true and from x false), 7.5;
 * - `multiple`: the board's own links only, cell forcing chains from cells of three or more
 *   candidates and unit forcing chains from the units whose first place is such a cell, 8.0;
 * - `dynamic` (and the tiers above): contradictions, double forcing chains from the candidates
 *   of cells with three or more, cell forcing chains from every cell, unit forcing chains from
 *   every unit, 8.5 (9.0 with locked candidates).
 */
type Mode = 'nishio' | 'multiple' | 'dynamic';

/** The simplest forcing-chain conclusion at one tier, or undefined. */
function findForcing(board: Board, tier: Tier, mode: Mode = tier === 0 ? 'multiple' : 'dynamic'): Step | undefined {
  const g = board.geometry;
  const n = g.size;
  if (tier === 3 && g.size > MAX_NESTED_SIZE) return undefined;
  const prop = new Propagator(g, board.values, board.candidates, tier);
  prop.singleDigit = mode === 'nishio';
  // Nested, or a board above 9×9: the first contradiction found is taken (see findFirstContradiction).
  if (tier === 3 || g.size > 9) {
    const first = findFirstContradiction(board, prop);
    if (first || tier === 3) return first;
  }
  const facts = prop.facts;
  const nodes = g.cellCount * n;
  const onBranch: (Branch | undefined)[] = new Array(nodes);
  const offBranch: (Branch | undefined)[] = new Array(nodes);
  for (let cell = 0; cell < g.cellCount; cell++) {
    for (let m = board.candidates[cell]!; m !== 0; m &= m - 1) {
      const node = cell * n + 31 - Math.clz32(m & -m);
      checkClock();
      onBranch[node] = prop.run(node * 2 + 1);
      offBranch[node] = prop.run(node * 2);
    }
  }
  const mark = new Int32Array(facts.length);
  const stampRef = { v: 0 };
  let best: Conclusion | undefined;
  const offer = (c: Omit<Conclusion, 'tier' | 'size' | 'rating' | 'facts'>): void => {
    let t = 0;
    let size = 0;
    for (const e of c.ends) {
      t = Math.max(t, facts.tier[e]!);
      size += c.kind === 'contradiction' ? contradictionSize(facts, e, mark, stampRef) : proofSize(facts, e, mark, stampRef);
    }
    const base = mode === 'nishio' ? STATIC_CONTRADICTION_BASE : TIER_BASE[Math.max(t, tier)]!;
    const rating = Math.round((base + lengthBonus(size - 2)) * 10) / 10;
    if (!best || rating < best.rating || (rating === best.rating && size < best.size)) best = { ...c, facts, tier: mode === 'nishio' ? -1 : Math.max(t, tier), size, rating };
  };
  // Contradictions: the assumption fails.
  for (let node = 0; node < nodes && mode !== 'multiple'; node++) {
    for (const branch of [onBranch[node], offBranch[node]]) {
      if (branch && branch.contradiction >= 0) {
        offer({ kind: 'contradiction', fact: branch.assumption ^ 1, ends: [branch.contradiction], branches: [branch] });
      }
    }
  }
  // Groups of branches of which one must hold: common facts hold.
  const count = new Int32Array(nodes * 2);
  const gen = new Int32Array(nodes * 2);
  let generation = 0;
  // A branch that met a contradiction takes part with the facts it found before (as in SE): it
  // cannot be the branch that holds, so what every other branch implies holds whatever it adds.
  const common = (branches: Branch[], make: (fact: number, ends: number[]) => void): void => {
    generation++;
    for (const br of branches) {
      for (let i = br.start; i < br.end; i++) {
        const f = facts.fact[i]!;
        if (f === CONTRADICTION) continue;
        if (gen[f] !== generation) {
          gen[f] = generation;
          count[f] = 0;
        }
        count[f] = count[f]! + 1;
      }
    }
    const last = branches[branches.length - 1]!;
    for (let i = last.start; i < last.end; i++) {
      const f = facts.fact[i]!;
      if (f === CONTRADICTION || count[f] !== branches.length) continue;
      const ends = branches.map((br) => {
        for (let j = br.start; j < br.end; j++) if (facts.fact[j] === f) return j;
        return -1;
      });
      make(f, ends);
    }
  };
  if (mode === 'nishio') return best ? stepOf(board, best) : undefined;
  for (let node = 0; node < nodes && mode === 'dynamic'; node++) {
    const on = onBranch[node];
    const off = offBranch[node];
    if (on && off && countBits(board.candidates[Math.floor(node / n)]!) >= 3) common([on, off], (fact, ends) => offer({ kind: 'double', fact, ends, branches: [on, off] }));
  }
  for (let cell = 0; cell < g.cellCount; cell++) {
    const m = board.candidates[cell]!;
    if (countBits(m) < (mode === 'multiple' ? 3 : 2)) continue;
    const branches: Branch[] = [];
    for (let x = m; x !== 0; x &= x - 1) branches.push(onBranch[cell * n + 31 - Math.clz32(x & -x)]!);
    common(branches, (fact, ends) => offer({ kind: 'cell', fact, ends, branches, cell }));
  }
  for (let unit = 0; unit < g.units.length; unit++) {
    for (let d = 0; d < n; d++) {
      const places = board.cellsWith(unit, d + 1);
      if (places.length < 2) continue;
      if (mode === 'multiple' && countBits(board.candidates[places[0]!]!) < 3) continue;
      const branches = places.map((c) => onBranch[c * n + d]!);
      common(branches, (fact, ends) => offer({ kind: 'unit', fact, ends, branches, unit, digit: d + 1 }));
    }
  }
  return best ? stepOf(board, best) : undefined;
}

/**
 * The first assumption that fails, without looking further for a simpler conclusion: used by
 * the nested tier (each branch there tries every candidate inside it, so a full search costs
 * seconds) and, before the full search, on boards above 9×9 (where a full search costs a
 * second a step and the SE scale does not apply anyway).
 */
function findFirstContradiction(board: Board, prop: Propagator): Step | undefined {
  const g = board.geometry;
  const n = g.size;
  for (let cell = 0; cell < g.cellCount; cell++) {
    for (let m = board.candidates[cell]!; m !== 0; m &= m - 1) {
      const node = cell * n + 31 - Math.clz32(m & -m);
      checkClock();
      const branch = prop.run(node * 2 + 1);
      if (branch.contradiction < 0) continue;
      const facts = prop.facts;
      const size = proofSize(facts, branch.contradiction, new Int32Array(facts.length), { v: 0 });
      const tier = facts.tier[branch.contradiction]!;
      return stepOf(board, {
        kind: 'contradiction',
        fact: branch.assumption ^ 1,
        ends: [branch.contradiction],
        branches: [branch],
        facts,
        tier,
        size,
        rating: ratingOf('contradiction', tier, size),
      });
    }
  }
  return undefined;
}

const KIND_NAME: Record<Conclusion['kind'], string> = {
  contradiction: 'Contradiction Forcing Chain',
  double: 'Double Forcing Chain',
  cell: 'Cell Forcing Chain',
  unit: 'Unit Forcing Chain',
};

function stepOf(board: Board, c: Conclusion): Step {
  const g = board.geometry;
  const n = g.size;
  const facts = c.facts;
  const node = c.fact >> 1;
  const target: Candidate = { cell: Math.floor(node / n), digit: (node % n) + 1 };
  const placements = (c.fact & 1) === 1 ? [target] : [];
  const eliminations = (c.fact & 1) === 1 ? [] : [target];
  const name = c.tier < 0 ? 'Nishio Forcing Chain' : `${TIER_PREFIX[c.tier]}${KIND_NAME[c.kind]}`;
  const paths = c.ends.map((e) => implicationPath(facts, e));
  const chains = paths.map((path) =>
    path
      .map((i) => {
        if (facts.fact[i] === CONTRADICTION) return 'contradiction';
        const inner = facts.nested.get(i);
        return inner ? `${describeFact(g, facts.fact[i]!)} [${inner.note}]` : describeFact(g, facts.fact[i]!);
      })
      .join(' -> '),
  );
  const effects = describeEffects(g, { placements, eliminations });
  const concl = describeFact(g, c.fact);
  let text: string;
  switch (c.kind) {
    case 'contradiction':
      text = `${name}: ${chains[0]} (${c.branches[0]!.reason}) => ${effects}`;
      break;
    case 'double': {
      const x = describeFact(g, c.branches[0]!.assumption);
      text = `${name}: both ${x} and its opposite lead to ${concl}: ${chains.join('; ')} => ${effects}`;
      break;
    }
    case 'cell': {
      const digits = c.branches.map((br) => g.digits[(br.assumption >> 1) % n]).join(', ');
      text = `${name}: each candidate of ${cellName(g, c.cell!)} (${digits}) leads to ${concl}: ${chains.join('; ')} => ${effects}`;
      break;
    }
    case 'unit': {
      const cells = c.branches.map((br) => cellName(g, Math.floor((br.assumption >> 1) / n))).join(', ');
      text = `${name}: each place of ${g.digits[c.digit! - 1]} in ${unitLabel(g, c.unit!)} (${cells}) leads to ${concl}: ${chains.join('; ')} => ${effects}`;
      break;
    }
  }
  const links: Link[] = [];
  const candidates: Candidate[] = [];
  const seenCand = new Set<number>();
  for (const path of paths) {
    for (let k = 0; k < path.length; k++) {
      const f = facts.fact[path[k]!]!;
      if (f === CONTRADICTION) continue;
      if (!seenCand.has(f >> 1)) {
        seenCand.add(f >> 1);
        candidates.push({ cell: Math.floor((f >> 1) / n), digit: ((f >> 1) % n) + 1 });
      }
      const next = path[k + 1] === undefined ? CONTRADICTION : facts.fact[path[k + 1]!]!;
      if (next === CONTRADICTION) continue;
      links.push({
        from: { cell: Math.floor((f >> 1) / n), digit: ((f >> 1) % n) + 1 },
        to: { cell: Math.floor((next >> 1) / n), digit: ((next >> 1) % n) + 1 },
        strong: (f & 1) === 0 && (next & 1) === 1,
      });
    }
  }
  return {
    technique: name,
    rating: c.rating,
    placements,
    eliminations,
    cells: [...new Set(candidates.map((x) => x.cell))],
    candidates,
    links,
    text,
  };
}

/**
 * The names a forcing step can carry: a tier's prefix and a conclusion's kind. A search may name a
 * step by a lower tier than its own (the nested tier's first contradiction may need less), so
 * every technique lists them all.
 */
const FORCING_STEP_NAMES: readonly string[] = TIER_PREFIX.flatMap((prefix) => Object.values(KIND_NAME).map((kind) => `${prefix}${kind}`));

function forcingTechnique(tier: Tier): Technique {
  return {
    name: `${TIER_PREFIX[tier]}Forcing Chain`,
    rating: tier === 0 ? STATIC_CONTRADICTION_BASE : TIER_BASE[tier]!,
    stepNames: FORCING_STEP_NAMES,
    // The nested tier is sound on any puzzle, but where logic cannot finish (several solutions)
    // it would run in full before every guess: seconds each. It waits for one-solution puzzles.
    find: (board, context) => (tier === 3 && !context.unique ? undefined : findForcing(board, tier)),
  };
}

/** Contradictions through the singles an assumption creates (SE's Nishio forcing chains, 7.5+). */
export const NISHIO_FORCING_CHAIN: Technique = { name: 'Nishio Forcing Chain', rating: STATIC_CONTRADICTION_BASE, find: (board) => findForcing(board, 1, 'nishio') };
/** Cell and unit forcing chains along the board's own links (SE's multiple forcing chains, 8.0+). */
export const FORCING_CHAIN: Technique = forcingTechnique(0);
/** Forcing chains through the singles each assumption creates. */
export const DYNAMIC_FORCING_CHAIN: Technique = forcingTechnique(1);
/** Forcing chains through singles and locked candidates. */
export const DYNAMIC_PLUS_FORCING_CHAIN: Technique = forcingTechnique(2);
/** Contradictions through singles, locked candidates and forcing chains inside each branch. */
export const NESTED_FORCING_CHAIN: Technique = forcingTechnique(3);
