/**
 * Branch choice: which item to branch on, and in which order to try its options.
 *
 * Branching on the item with the fewest remaining options (Knuth's MRV rule) gives the classic
 * Sudoku deductions for free: a cell item with one option is a naked single, a unit item with one
 * a hidden single, and an item with none a contradiction. Singles come from the pending stack
 * (propagate.ts); only when none is pending, and the passes have nothing more to remove, is there
 * a scan of the uncovered items. From 16×16 up MRV ties go to the item whose options lie in the
 * tightest items, and from 25×25 up the count is taken per unit of conflict weight (dom/wdeg).
 * With a `random` source the scan starts at a random place and the options are shuffled, then
 * the most constraining go first; from 25×25 up each cell's last digit goes first (phase saving).
 */
import { allDifferent } from './alldifferent.js';
import { lockedCandidates } from './propagate.js';
import { pastDeadline } from '../../deadline.js';
import type { SearchState } from './state.js';

/** What `weightedItem` returns when the deadline passed during its scan. */
export const TIMED_OUT = -2;

/**
 * A pending single (an uncovered item with at most one option), running the passes (locked
 * candidates, all-different) while none is pending and they remove something; −1 when there is
 * none left, or when the state turned out dead (then `s.conflict` is set).
 */
export function nextSingle(s: SearchState): number {
  const { pending, position, count } = s;
  const size = s.size;
  for (;;) {
    let top = s.pendingTop;
    while (top > 0) {
      const it = pending[--top]!;
      if (position[it]! < size && count[it]! <= 1) {
        s.pendingTop = top;
        return it;
      }
    }
    s.pendingTop = 0;
    if (s.conflict) return -1;
    if (s.useLocked && lockedCandidates(s)) continue;
    if (s.useGac && allDifferent(s)) continue;
    return -1;
  }
}

/**
 * The uncovered item with the fewest options (the first found, scanning from a random place
 * with `random`); a count of 2 ends the scan, as no single is pending. `s.size` > 0.
 */
export function smallestItem(s: SearchState, random: (() => number) | undefined): number {
  const { uncovered, count } = s;
  const size = s.size;
  let best = -1;
  let bestCount = s.n + 1;
  let p = random === undefined ? 0 : Math.floor(random() * size) % size;
  for (let k = 0; k < size; k++) {
    const it = uncovered[p]!;
    const c = count[it]!;
    if (c < bestCount) {
      best = it;
      bestCount = c;
      if (c <= 2) break;
    }
    if (++p === size) p = 0;
  }
  return best;
}

/**
 * The uncovered item with the fewest options per unit of conflict weight (all weights 1: plain
 * MRV), ties going to the one whose options lie in the tightest items (smallest sum of the counts
 * of their four items): each branch then sets off more singles and dead ends show sooner. On
 * unique 25×25 puzzles this cut the nodes about tenfold; on 9×9 it costs more than it saves. After
 * a restart the scan starts at a place drawn from `rng`. `s.size` > 0. Returns TIMED_OUT when
 * the deadline passes during the scan.
 */
export function weightedItem(s: SearchState, rng: () => number, restarts: number, deadline: number): number {
  const { n, uncovered, count, weight, itemOptions, alive, optionItems } = s;
  const size = s.size;
  let best = -1;
  let bestCount = n + 1;
  let bestScore = 0;
  let bestWeight = 1;
  let p = restarts === 0 ? 0 : Math.floor(rng() * size) % size;
  for (let k = 0; k < size; k++, p = p + 1 === size ? 0 : p + 1) {
    // This scan is most of a node's cost on a near-empty large board (every item ties,
    // so every one is scored: about 2 million reads on a 49×49), and before the search
    // code is optimised one scan took 50-95 ms: look at the clock within it too.
    if ((k & 1023) === 1023 && pastDeadline(deadline)) return TIMED_OUT;
    const it = uncovered[p]!;
    const c = count[it]!;
    // dom/wdeg: the smallest count per unit of conflict weight (all weights 1: plain MRV).
    const w = weight[it]!;
    const lhs = c * bestWeight;
    const rhs = bestCount * w;
    if (lhs > rhs) continue;
    let sc = 0;
    const row = it * n;
    for (let j = 0; j < n; j++) {
      const o = itemOptions[row + j]!;
      if (alive[o] === 0) continue;
      const ob = 4 * o;
      sc += count[optionItems[ob]!]! + count[optionItems[ob + 1]!]! + count[optionItems[ob + 2]!]! + count[optionItems[ob + 3]!]!;
    }
    if (lhs < rhs || sc < bestScore) {
      best = it;
      bestCount = c;
      bestScore = sc;
      bestWeight = w;
    }
  }
  return best;
}

/**
 * Order the options `choices[start … end)` of a branch (more than one): with `random`, shuffled
 * and then the most constraining first; with the weights on, the options their cell held last
 * first (phase saving: a stable move to the front); else as they are (increasing).
 */
export function orderOptions(s: SearchState, start: number, end: number, random: (() => number) | undefined): void {
  const choices = s.choices;
  if (random !== undefined) {
    for (let i = end - 1; i > start; i--) {
      const k = start + Math.floor(random() * (i - start + 1));
      const t = choices[i]!;
      choices[i] = choices[k]!;
      choices[k] = t;
    }
    orderMostConstraining(s, start, end);
  } else if (s.useWdeg) {
    const { n, saved } = s;
    let front = start;
    for (let i = start; i < end; i++) {
      const o = choices[i]!;
      if (saved[(o / n) | 0] !== o) continue;
      for (let k = i; k > front; k--) choices[k] = choices[k - 1]!;
      choices[front++] = o;
    }
  }
}

/**
 * With `random` (drawing complete grids), try first the options that hurt the tightest items
 * most: each option scores the sum of 1/(count − 1) over the items its placement would shrink.
 * Settling the tightest items first avoids the dead ends a random fill of a 36×36 or 49×49
 * board otherwise discovers only near the end; the shuffle before this stable sort breaks ties.
 */
function orderMostConstraining(s: SearchState, start: number, end: number): void {
  const { n, choices, optionItems, itemOptions, alive, count, score } = s;
  for (let i = start; i < end; i++) {
    const o = choices[i]!;
    const ob = 4 * o;
    const i0 = optionItems[ob]!,
      i1 = optionItems[ob + 1]!,
      i2 = optionItems[ob + 2]!,
      i3 = optionItems[ob + 3]!;
    let sum = 0;
    for (let m = 0; m < 4; m++) {
      const row = optionItems[ob + m]! * n;
      for (let j = 0; j < n; j++) {
        const other = itemOptions[row + j]!;
        if (alive[other] === 0 || other === o) continue;
        const qb = 4 * other;
        for (let q = 0; q < 4; q++) {
          const it = optionItems[qb + q]!;
          if (it === i0 || it === i1 || it === i2 || it === i3) continue;
          const c = count[it]!;
          sum += c <= 1 ? 1000 : 1 / (c - 1);
        }
      }
    }
    score[i - start] = -sum;
  }
  for (let i = start + 1; i < end; i++) {
    const o = choices[i]!;
    const v = score[i - start]!;
    let j = i - 1;
    while (j >= start && score[j - start]! > v) {
      choices[j + 1] = choices[j]!;
      score[j + 1 - start] = score[j - start]!;
      j--;
    }
    choices[j + 1] = o;
    score[j + 1 - start] = v;
  }
}
