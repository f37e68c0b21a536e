/**
 * Forcing chains' facts: how a fact is coded (a candidate true or false, or a contradiction),
 * named in a sentence, and stored with the facts it came from (`FactStore`), so that a
 * conclusion knows its whole proof.
 */
import { cellName, type Geometry } from '../../../geometry.js';

/**
 * A fact: node × 2 + 1 when the candidate is true, node × 2 when it is false (node = cell × size
 * + digit − 1); `CONTRADICTION` where a branch met one.
 */
export const CONTRADICTION = -1;

/**
 * The facts of every branch of one search, in one store: fact i is `fact[i]`, found by rule
 * tier `tier[i]` (the highest tier among its proof), from the facts `parents[parentStart[i] …
 * parentStart[i] + parentCount[i])`. (Not a worker pool: it only stores facts.)
 */
export class FactStore {
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

function grow(a: Int32Array<ArrayBuffer>): Int32Array<ArrayBuffer> {
  const b = new Int32Array(a.length * 2);
  b.set(a);
  return b;
}

/** `r1c2=3` for a true candidate, `r1c2<>3` for a false one. */
export function describeFact(g: Geometry, fact: number): string {
  const node = fact >> 1;
  const cell = Math.floor(node / g.size);
  const d = g.digits[node % g.size];
  return `${cellName(g, cell)}${(fact & 1) === 1 ? '=' : '<>'}${d}`;
}
