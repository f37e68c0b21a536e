/**
 * Digits as bit masks (digit d is bit d−1), the helpers every propagator and constraint kind
 * shares, and the sets of distinct digits that reach a sum. No dependencies but the `Domains` type:
 * the constraint kinds use these without seeing the solver.
 */
import type { Domains } from './model.js';

/** The lowest and highest digit of a non-empty mask. */
export const low = (m: number): number => 32 - Math.clz32(m & -m);
export const high = (m: number): number => 32 - Math.clz32(m);
/** The digits lo … hi (clipped to 1 … 31) as a mask; 0 when empty. */
export function rangeMask(lo: number, hi: number): number {
  if (lo < 1) lo = 1;
  if (hi > 31) hi = 31;
  if (lo > hi) return 0;
  return ((hi >= 31 ? -1 : (1 << hi) - 1) & ~((1 << (lo - 1)) - 1)) | 0;
}

/** The digit sets of `count` distinct digits from 1 … size adding up to `total`, cached. */
const combinationCache = new Map<string, Int32Array>();
export function sumCombinations(size: number, count: number, total: number): Int32Array {
  const key = `${size}:${count}:${total}`;
  const known = combinationCache.get(key);
  if (known) return known;
  const out: number[] = [];
  const walk = (next: number, left: number, sum: number, mask: number): void => {
    if (left === 0) {
      if (sum === total) out.push(mask);
      return;
    }
    for (let d = next; d <= size; d++) {
      if (sum + d > total) break;
      walk(d + 1, left - 1, sum + d, mask | (1 << (d - 1)));
    }
  };
  walk(1, count, 0, 0);
  const found = Int32Array.from(out);
  combinationCache.set(key, found);
  return found;
}

/**
 * Each digit of `required` (digits the cells must hold, one cell each) that has one place left
 * among `cells` goes there; false when one has no place left.
 */
export function placeRequired(d: Domains, cells: readonly number[], required: number): boolean {
  const cands = d.cands;
  while (required !== 0) {
    const bit = required & -required;
    required ^= bit;
    let where = -1;
    for (let i = 0; i < cells.length; i++) {
      if ((cands[cells[i]!]! & bit) !== 0) {
        if (where !== -1) {
          where = -2;
          break;
        }
        where = cells[i]!;
      }
    }
    if (where === -1) return false;
    if (where >= 0 && !d.narrow(where, bit)) return false;
  }
  return true;
}
