/**
 * Forcing chains' proofs and ratings: how many facts prove a conclusion, the chain of
 * implications the text shows, and the rating on the SE scale (from Sukaku Explainer's table of
 * v1.2.1 ratings on the SukakuExplainer wiki: Nishio from 7.5, cell/region forcing chains from
 * 8.0, dynamic forcing chains from 8.5, dynamic (+) from 9.0, dynamic chains nesting dynamic
 * chains about 11–12, each a base plus SE's length adjustment): a static contradiction rates
 * 7.5, any other static forcing chain 8.0, a dynamic one 8.5, one that needs locked candidates
 * 9.0, a nested one 10.5; the length is the number of facts in the proof (over all branches, a
 * nested fact counting the facts of its inner proof), adjusted by `lengthBonus`.
 */
import { lengthBonus } from '../chains.js';
import type { FactStore } from './facts.js';

/** What a conclusion is drawn from: one branch's contradiction, or the facts a group of branches share. */
export type ConclusionKind = 'contradiction' | 'double' | 'cell' | 'unit';

export const TIER_BASE: readonly number[] = [8.0, 8.5, 9.0, 10.5];
export const STATIC_CONTRADICTION_BASE = 7.5;

/** How many facts prove store entry `i` (itself and all its ancestors). */
export function proofSize(facts: FactStore, i: number, mark: Int32Array, stampRef: { v: number }): number {
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
export function contradictionSize(facts: FactStore, i: number, mark: Int32Array, stampRef: { v: number }): number {
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
export function implicationPath(facts: FactStore, i: number): number[] {
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

export function ratingOf(kind: ConclusionKind, tier: number, size: number): number {
  const base = tier === 0 && kind === 'contradiction' ? STATIC_CONTRADICTION_BASE : TIER_BASE[tier]!;
  return Math.round((base + lengthBonus(size - 2)) * 10) / 10;
}
