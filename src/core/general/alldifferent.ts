/**
 * The all-different pass (16×16 up, not when drawing grids): each of the 4n groups (row, column,
 * box: cells × digits; digit: rows × columns) must be a perfect matching between its uncovered
 * left and right items, so an option on no alternating cycle of a maximum matching can go
 * (Régin, AAAI 1994: this subsumes naked and hidden subsets and fish). It looks only at the
 * groups that lost an option since its last pass (the state a level returns to was a fixpoint).
 *
 * The alive options are read as bit masks of two 32-bit words each, so every side up to 64: a set
 * of digits (of a cell) or of columns (of a row's digit) j is bit j & 31 of word j >> 5; on sides
 * up to 32 the second word stays 0. The masks are synced from the trail here only, so the
 * search's inner loop pays nothing.
 */
import { discard } from './propagate.js';
import type { SearchState } from './state.js';

/** The item of right node `j` of group `grp`: a unit's digit item, or a digit's column item. */
function rightItem(s: SearchState, grp: number, j: number): number {
  const n = s.n;
  if (grp >= 3 * n) return s.colItems + j * n + (grp - 3 * n);
  return s.cells * (1 + Math.floor(grp / n)) + (grp % n) * n + j;
}

/** Bring the masks up to the trail's top. */
function syncMasks(s: SearchState): void {
  const { n, trail, rowOf, colOf, cellMask, rowDigitMask } = s;
  const trailTop = s.trailTop;
  for (let t = s.maskTop; t < trailTop; t++) {
    const o = trail[t]!;
    const cell = (o / n) | 0;
    const d = o - cell * n;
    const c = colOf[cell]!;
    cellMask[2 * cell + (d >> 5)]! &= ~(1 << (d & 31));
    rowDigitMask[2 * (rowOf[cell]! * n + d) + (c >> 5)]! &= ~(1 << (c & 31));
  }
  s.maskTop = trailTop;
}

/** Undo the masks down to the trail's top (after the search popped the trail). */
export function unsyncMasks(s: SearchState): void {
  const { n, trail, rowOf, colOf, cellMask, rowDigitMask } = s;
  const trailTop = s.trailTop;
  for (let t = trailTop; t < s.maskTop; t++) {
    const o = trail[t]!;
    const cell = (o / n) | 0;
    const d = o - cell * n;
    const c = colOf[cell]!;
    cellMask[2 * cell + (d >> 5)]! |= 1 << (d & 31);
    rowDigitMask[2 * (rowOf[cell]! * n + d) + (c >> 5)]! |= 1 << (c & 31);
  }
  s.maskTop = trailTop;
}

/** Kuhn's augmenting path from left node `i` of the group at `base` (= group·n), over `adjMask`. */
function augment(s: SearchState, base: number, i: number): boolean {
  const { adjMask, matchLeft, matchRight, words } = s;
  for (let h = 0; h < words; h++) {
    let m = adjMask[2 * i + h]! & ~(h === 0 ? s.seenLo : s.seenHi);
    while (m !== 0) {
      const bit = m & -m;
      m ^= bit;
      // The recursion below may have visited it meanwhile.
      if (h === 0) {
        if ((s.seenLo & bit) !== 0) continue;
        s.seenLo |= bit;
      } else {
        if ((s.seenHi & bit) !== 0) continue;
        s.seenHi |= bit;
      }
      const j = 32 * h + 31 - Math.clz32(bit);
      const k = matchRight[base + j]!;
      if (k < 0 || augment(s, base, k)) {
        matchLeft[base + i] = j;
        matchRight[base + j] = i;
        return true;
      }
    }
  }
  return false;
}

/**
 * Tarjan's strongly connected components over a group's nodes (left i = i, right j = n + j):
 * edges left → right for alive options outside the matching, right → left along the matching.
 */
function strong(s: SearchState, base: number, v: number): void {
  const { n, tIndex, tLow, tStack, tOn, tComp, matchLeft, matchRight, adjMask, words } = s;
  tIndex[v] = ++s.tCounter;
  tLow[v] = s.tCounter;
  tStack[s.tTop++] = v;
  tOn[v] = 1;
  if (v < n) {
    const mj = matchLeft[base + v]!;
    for (let h = 0; h < words; h++) {
      let m = adjMask[2 * v + h]!;
      if (mj >> 5 === h) m &= ~(1 << (mj & 31));
      while (m !== 0) {
        const bit = m & -m;
        m ^= bit;
        const w = n + 32 * h + 31 - Math.clz32(bit);
        if (tIndex[w] === 0) {
          strong(s, base, w);
          if (tLow[w]! < tLow[v]!) tLow[v] = tLow[w]!;
        } else if (tOn[w] !== 0 && tIndex[w]! < tLow[v]!) tLow[v] = tIndex[w]!;
      }
    }
  } else {
    const w = matchRight[base + v - n]!;
    if (tIndex[w] === 0) {
      strong(s, base, w);
      if (tLow[w]! < tLow[v]!) tLow[v] = tLow[w]!;
    } else if (tOn[w] !== 0 && tIndex[w]! < tLow[v]!) tLow[v] = tIndex[w]!;
  }
  if (tLow[v] === tIndex[v]) {
    let w: number;
    do {
      w = tStack[--s.tTop]!;
      tOn[w] = 0;
      tComp[w] = s.compCount;
    } while (w !== v);
    s.compCount++;
  }
}

/**
 * All-different on one group (Régin 1994): each group must be a perfect matching between its
 * uncovered left and right items, so find one (repairing the last one found), and discard every
 * option on no alternating cycle, i.e. whose ends lie in different strongly connected components.
 * The group's alive options are read as bit masks (synced from the trail here only, so the
 * search's inner loop pays nothing), so the matching and Tarjan's pass cost O(n + options), not n².
 * A left node that cannot be matched is a contradiction: its Hall set (it and the left nodes
 * matched to the right nodes its search reached) gains conflict weight.
 */
function checkGroup(s: SearchState, grp: number): void {
  const { n, cells, alive, count, position, groupLeft, groupOption, matchLeft, matchRight, adjMask, cellMask, rowDigitMask, tIndex, tComp, weight, words } = s;
  const size = s.size;
  const base = grp * n;
  // Régin's filtering removes an option, or finds no matching, only when the group has a tight
  // set: S live left items whose options reach only |S| right items (0 < |S| < active). Each
  // item of S has at most |S| options and each right item outside S's reach at most
  // active − |S|, so when the least left count and the least right count add up to more than
  // the live items there is none, and the group is skipped (most groups, on boards with few
  // givens: a 16×16 with one given took 4.5× less time; the tree is the same).
  let active = 0;
  let minLeft = n;
  let minRight = n;
  for (let i = 0; i < n; i++) {
    const left = groupLeft[base + i]!;
    if (position[left]! < size) {
      active++;
      if (count[left]! < minLeft) minLeft = count[left]!;
    }
    const right = rightItem(s, grp, i);
    if (position[right]! < size && count[right]! < minRight) minRight = count[right]!;
  }
  if (minLeft + minRight > active) return;
  syncMasks(s);
  const digitGroup = grp >= 3 * n;
  for (let j = 0; j < n; j++) matchRight[base + j] = -1;
  for (let i = 0; i < n; i++) {
    const left = groupLeft[base + i]!;
    if (position[left]! >= size) {
      matchLeft[base + i] = -1;
      adjMask[2 * i] = 0;
      adjMask[2 * i + 1] = 0;
      continue;
    }
    const w = digitGroup ? 2 * (left - cells) : 2 * left;
    const source = digitGroup ? rowDigitMask : cellMask;
    adjMask[2 * i] = source[w]!;
    adjMask[2 * i + 1] = source[w + 1]!;
    const j = matchLeft[base + i]!;
    if (j >= 0 && ((adjMask[2 * i + (j >> 5)]! >>> (j & 31)) & 1) !== 0 && matchRight[base + j]! < 0) matchRight[base + j] = i;
    else matchLeft[base + i] = -1;
  }
  if (active <= 1) return;
  for (let i = 0; i < n; i++) {
    if (matchLeft[base + i]! >= 0 || position[groupLeft[base + i]!]! >= size) continue;
    s.seenLo = 0;
    s.seenHi = 0;
    if (!augment(s, base, i)) {
      s.conflict = true;
      weight[groupLeft[base + i]!]! += 1;
      for (let h = 0; h < words; h++) {
        for (let m = h === 0 ? s.seenLo : s.seenHi; m !== 0; m &= m - 1) {
          const j = 32 * h + 31 - Math.clz32(m & -m);
          weight[groupLeft[base + matchRight[base + j]!]!]! += 1;
          weight[rightItem(s, grp, j)]! += 1;
        }
      }
      return;
    }
  }
  tIndex.fill(0);
  s.tCounter = 0;
  s.tTop = 0;
  s.compCount = 0;
  for (let i = 0; i < n; i++) if (matchLeft[base + i]! >= 0 && tIndex[i] === 0) strong(s, base, i);
  if (s.compCount <= 1) return; // one component: every option is on an alternating cycle
  for (let i = 0; i < n; i++) {
    const mj = matchLeft[base + i]!;
    if (mj < 0) continue;
    const ci = tComp[i]!;
    const row = (base + i) * n;
    for (let h = 0; h < words; h++) {
      let m = adjMask[2 * i + h]!;
      if (mj >> 5 === h) m &= ~(1 << (mj & 31));
      while (m !== 0) {
        const bit = m & -m;
        m ^= bit;
        const j = 32 * h + 31 - Math.clz32(bit);
        if (tComp[n + j] !== ci) {
          const o = groupOption[row + j]!;
          if (alive[o] !== 0) discard(s, o);
        }
      }
    }
  }
}

/**
 * Run `checkGroup` on every group that lost an option since the last pass (the state a level
 * returns to was a fixpoint, as for locked candidates). Returns true when it discarded something.
 */
export function allDifferent(s: SearchState): boolean {
  const { n, trail, rowOf, colOf, boxOf, groupMark, groupQueue } = s;
  const before = s.trailTop;
  let qTop = 0;
  for (let t = s.gacFrom; t < before; t++) {
    const o = trail[t]!;
    const cell = (o / n) | 0;
    const g0 = rowOf[cell]!,
      g1 = n + colOf[cell]!,
      g2 = 2 * n + boxOf[cell]!,
      g3 = 3 * n + o - cell * n;
    if (groupMark[g0] === 0) {
      groupMark[g0] = 1;
      groupQueue[qTop++] = g0;
    }
    if (groupMark[g1] === 0) {
      groupMark[g1] = 1;
      groupQueue[qTop++] = g1;
    }
    if (groupMark[g2] === 0) {
      groupMark[g2] = 1;
      groupQueue[qTop++] = g2;
    }
    if (groupMark[g3] === 0) {
      groupMark[g3] = 1;
      groupQueue[qTop++] = g3;
    }
  }
  s.gacFrom = before;
  for (let q = 0; q < qTop; q++) {
    const grp = groupQueue[q]!;
    groupMark[grp] = 0;
    if (s.conflict) continue;
    checkGroup(s, grp);
  }
  return s.trailTop !== before;
}
