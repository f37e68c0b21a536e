/**
 * Digits as bit masks (digit d is bit d−1), the helpers every propagator and constraint kind
 * shares, and the sets of distinct digits that reach a sum. No dependencies: the constraint kinds
 * use these without seeing the solver.
 */

/** The lowest and highest digit of a non-empty mask. */
export const low = (m: number): number => 32 - Math.clz32(m & -m);
export const high = (m: number): number => 32 - Math.clz32(m);

/** How many digits a mask holds. */
export function popcount(mask: number): number {
  let c = mask - ((mask >>> 1) & 0x55555555);
  c = (c & 0x33333333) + ((c >>> 2) & 0x33333333);
  return (((c + (c >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}
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
