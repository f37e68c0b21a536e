/**
 * fast9 in AssemblyScript: the same 9×9 solution counter as src/core/fast9.ts, compiled to
 * WebAssembly by `asc` (`npm run build:wasm`, part of `npm run build`) twice: with SIMD into
 * dist/src/core/fast9-simd.wasm and without into fast9-scalar.wasm (`ASC_FEATURE_SIMD` picks the
 * code at compile time). src/core/fast9wasm.ts loads it; bench/results/wasm9.md measures it.
 *
 * What it is
 *   A line-by-line port of the TypeScript core (same bit layout, same tables, same propagation
 *   order, same branch-cell choice and tie-breaks), so for a given puzzle it visits the same
 *   search tree: same counts, same first solution, same node and guess counts. The TypeScript
 *   core stays the reference (tests compare the two) and the fallback (random digit order and
 *   per-solution callbacks are served by it). Read src/core/fast9.ts for the algorithm; this
 *   header only says what differs.
 *
 * Differences from the TypeScript core
 *   - State is in linear memory at fixed addresses, one 16-byte slot per digit: word 4·d + b is
 *     digit d in band b (lane 3 unused, kept 0), words 36..38 the unplaced cells per band. A
 *     digit's three band words are one v128, so the state is 10 v128s and a push/pop is 10 vector
 *     loads and stores; clearing placed cells from every digit (hidden singles) is 9 vector ANDs.
 *   - popcnt / ctz / clz are single instructions, so chooseCell's weighted count is 4 popcnts.
 *   - The deadline is checked every 2048 nodes through an imported clock (`env.now`).
 *   - Naked singles: the scan covers the three bands at once and is redone after a band placed
 *     something, which finds what the TypeScript core's band-by-band scan finds.
 *   - chooseCell scores each band through one inlined function with that band's constants, and
 *     counts a cell's column in the other two bands with one i64 AND and popcnt (COLUMN2).
 *   - The nine-digit loops of the naked-single scan, chooseCell's counts and clearPlaced are
 *     written out (clearPlaced clears all nine digits, then puts the placing digit's slot back);
 *     a cell's digits (the guess, pop) are nine any_true tests against its CELL mask.
 *   - The SIMD build sets up the root state a band at a time (placeGivensSimd): the same state,
 *     about 1.05–1.09× the whole solve on 17-clue and subig20, where a puzzle is 1–2 nodes.
 *
 * Memory map (bytes): tables, then W (state, 160 bytes), then the stack (192 bytes an entry:
 * 160 of state, then the word index and bit to clear on backtrack), then GRID (81 bytes in) and
 * SOLUTION (81 bytes out). Nothing is allocated at run time (runtime stub).
 *
 * Build: asc src/core/wasm/fast9.ts -O3 --runtime stub --noAssert --use abort= [--enable simd]
 */

// @ts-nocheck -- AssemblyScript: i32, v128, load/store and the decorators are asc built-ins.

/** The 27 cells of a band. */
const BAND_MASK: i32 = 0x7ffffff;
/** The 9 cells of the first row of a band. */
const ROW_MASK: i32 = 0x1ff;
/** The 3 cells of a minirow (row ∩ box). */
const MINIROW_MASK: i32 = 0x7;
/** Word index of the first "unplaced cells" word. */
const UNPLACED: i32 = 36;
/** Bytes of a state: 10 v128s. */
const STATE_BYTES: i32 = 160;
/** Bytes of a stack entry: the state, then the word index and bit to clear. */
const ENTRY_BYTES: i32 = 192;
/** Deepest guess chain: every guess places a cell, so at most 81. */
const MAX_DEPTH: i32 = 84;
/** Nodes between two deadline checks (power of two minus one). */
const DEADLINE_EVERY: i32 = 2047;

const SHRINK: usize = memory.data(512 * 4, 16);
const PERM: usize = memory.data(512 * 4, 16);
const BAND_KEEP: usize = memory.data(512 * 4, 16);
const SINGLE: usize = memory.data(512 * 4, 16);
const SPREAD: usize = memory.data(512 * 4, 16);
const PEER: usize = memory.data(32 * 4, 16);
const COLUMN: usize = memory.data(32 * 4, 16);
/** Cell of a band (0..26) -> its column in all 3 rows of a band, in both halves of an i64. */
const COLUMN2: usize = memory.data(32 * 8, 16);
/** Cell (band·27 + k) -> the 4 words to AND into a digit's slot to place it there (SIMD build). */
const PLACE: usize = memory.data(81 * 16, 16);
/** Cell (band·27 + k) -> bit k in lane b, 0 elsewhere (SIMD build). */
const CELL: usize = memory.data(81 * 16, 16);
const SCORE: usize = memory.data(32 * 4, 16);
/** Scratch: the naked singles of each band (lanes 0..2). */
const NAKED: usize = memory.data(16, 16);
const W: usize = memory.data(STATE_BYTES, 16);
const STACK: usize = memory.data(ENTRY_BYTES * MAX_DEPTH, 16);
const GRID: usize = memory.data(96, 16);
const SOLUTION: usize = memory.data(96, 16);

@external('env', 'now')
declare function now(): f64;

@inline function tab(table: usize, i: i32): i32 {
  return load<i32>(table + (<usize>i << 2));
}
@inline function w(i: i32): i32 {
  return load<i32>(W + (<usize>i << 2));
}
@inline function setW(i: i32, v: i32): void {
  store<i32>(W + (<usize>i << 2), v);
}

let nodeCount: i32 = 0;
let guessCount: i32 = 0;
let stopped: i32 = 0;

function buildTables(): void {
  for (let v = 0; v < 512; v++) {
    let s = 0;
    for (let k = 0; k < 3; k++) if (((v >> (3 * k)) & MINIROW_MASK) != 0) s |= 1 << k;
    store<i32>(SHRINK + (<usize>v << 2), s);
    store<i32>(SINGLE + (<usize>v << 2), popcnt<i32>(v) == 1 ? v : 0);
    store<i32>(SPREAD + (<usize>v << 2), v | (v << 9) | (v << 18));
    let keep = 0;
    for (let p = 0; p < 6; p++) {
      // the six permutations of 0..2 in the order [012, 021, 102, 120, 201, 210]
      const p0 = p >> 1;
      const rest0 = p0 == 0 ? 1 : 0;
      const rest1 = p0 == 2 ? 1 : 2;
      const p1 = (p & 1) == 0 ? rest0 : rest1;
      const p2 = 3 - p0 - p1;
      const m = (1 << p0) | (1 << (3 + p1)) | (1 << (6 + p2));
      if ((v & m) == m) keep |= m;
    }
    store<i32>(PERM + (<usize>v << 2), keep);
    let band = 0;
    for (let r = 0; r < 3; r++) {
      for (let k = 0; k < 3; k++) if ((keep >> (3 * r + k)) & 1) band |= MINIROW_MASK << (9 * r + 3 * k);
    }
    store<i32>(BAND_KEEP + (<usize>v << 2), band);
  }
  for (let k = 0; k < 27; k++) {
    const r = k / 9;
    const c = k % 9;
    const boxCol = c - (c % 3);
    const box = (MINIROW_MASK << boxCol) * 0x40201;
    store<i32>(PEER + (<usize>k << 2), ((ROW_MASK << (9 * r)) | box) & ~(1 << k) & BAND_MASK);
    store<i32>(COLUMN + (<usize>k << 2), (1 << c) | (1 << (c + 9)) | (1 << (c + 18)));
    store<u64>(COLUMN2 + (<usize>k << 3), <u64>tab(COLUMN, k) * 0x100000001);
  }
  for (let b = 0; b < 3; b++) {
    for (let k = 0; k < 27; k++) {
      const at = PLACE + (<usize>(27 * b + k) << 4);
      for (let j = 0; j < 3; j++) store<i32>(at + (<usize>j << 2), j == b ? ~tab(PEER, k) : ~tab(COLUMN, k));
      store<i32>(at + 12, -1);
      store<i32>(CELL + (<usize>(27 * b + k) << 4) + (<usize>b << 2), 1 << k);
    }
  }
}
buildTables();


/** Place digit d at cell k of band b: clear its peers of d. Assumes the cell holds only d. */
@inline function placeSingle(d: i32, b: i32, k: i32): void {
  if (ASC_FEATURE_SIMD) {
    const slot = W + (<usize>d << 4);
    v128.store(slot, v128.and(v128.load(slot), v128.load(PLACE + (<usize>(27 * b + k) << 4))));
  } else {
    const e = d << 2;
    setW(e + b, w(e + b) & ~tab(PEER, k));
    const col = ~tab(COLUMN, k);
    if (b != 0) setW(e, w(e) & col);
    if (b != 1) setW(e + 1, w(e + 1) & col);
    if (b != 2) setW(e + 2, w(e + 2) & col);
  }
}

@inline function bandKeep(a: i32): i32 {
  return tab(BAND_KEEP, tab(SHRINK, a & ROW_MASK) | (tab(SHRINK, (a >> 9) & ROW_MASK) << 3) | (tab(SHRINK, a >>> 18) << 6));
}

/** One bit per minirow (at its lowest cell) when the minirow holds a bit of x. */
@inline function minirows(x: i32): i32 {
  return (x | (x >> 1) | (x >> 2)) & 0x1249249;
}

@inline function rowSingles(a: i32): i32 {
  return tab(SINGLE, a & ROW_MASK) | (tab(SINGLE, (a >> 9) & ROW_MASK) << 9) | (tab(SINGLE, a >>> 18) << 18);
}

/** Bit dd of the result: digit dd is a candidate of the cell c (a CELL entry). */
@inline function holds(dd: i32, c: v128): i32 {
  return (<i32>v128.any_true(v128.and(v128.load(W + (<usize>dd << 4)), c))) << dd;
}

/** The digits that are candidates of cell k of band b, as a 9-bit mask. */
@inline function cellDigits(b: i32, k: i32): i32 {
  if (ASC_FEATURE_SIMD) {
    const c = v128.load(CELL + (<usize>(27 * b + k) << 4));
    return holds(0, c) | holds(1, c) | holds(2, c) | holds(3, c) | holds(4, c) | holds(5, c) | holds(6, c) | holds(7, c) | holds(8, c);
  } else {
    let digits = 0;
    for (let d = 0; d < 9; d++) digits |= ((w((d << 2) + b) >>> k) & 1) << d;
    return digits;
  }
}

/** Clear the cells s from digit dd; sets bit dd of dirty when it held one. */
@inline function clearOne(dd: i32, s: v128, dirty: i32): i32 {
  const slot = W + (<usize>dd << 4);
  const x = v128.load(slot);
  v128.store(slot, v128.andnot(x, s));
  return dirty | ((<i32>v128.any_true(v128.and(x, s))) << dd);
}

/** Clear the placed cells s0..s2 (per band) from every digit but d; returns the digits that lost a candidate. */
@inline function clearPlaced(d: i32, s0: i32, s1: i32, s2: i32): i32 {
  let dirty = 0;
  if (ASC_FEATURE_SIMD) {
    // all nine digits unrolled, then d's own slot put back (its singles stay)
    const s = i32x4(s0, s1, s2, 0);
    const own = W + (<usize>d << 4);
    const kept = v128.load(own);
    dirty = clearOne(0, s, dirty);
    dirty = clearOne(1, s, dirty);
    dirty = clearOne(2, s, dirty);
    dirty = clearOne(3, s, dirty);
    dirty = clearOne(4, s, dirty);
    dirty = clearOne(5, s, dirty);
    dirty = clearOne(6, s, dirty);
    dirty = clearOne(7, s, dirty);
    dirty = clearOne(8, s, dirty);
    v128.store(own, kept);
    dirty &= ~(1 << d);
  } else {
    const t0 = ~s0;
    const t1 = ~s1;
    const t2 = ~s2;
    for (let dd = 0; dd < 9; dd++) {
      if (dd == d) continue;
      const e = dd << 2;
      const x0 = w(e);
      const x1 = w(e + 1);
      const x2 = w(e + 2);
      dirty |= (<i32>(((x0 & s0) | (x1 & s1) | (x2 & s2)) != 0)) << dd;
      setW(e, x0 & t0);
      setW(e + 1, x1 & t1);
      setW(e + 2, x2 & t2);
    }
  }
  return dirty;
}

/**
 * Naked-single scan: writes each band's naked singles (unplaced cells with one candidate) to
 * NAKED[0..2]; false when an unplaced cell has no candidate.
 */
@inline function nakedScan(): bool {
  if (ASC_FEATURE_SIMD) {
    // unrolled: nine loads the engine can schedule at once
    let ones = v128.load(W);
    let a = v128.load(W, 16);
    let twos = v128.and(ones, a);
    ones = v128.or(ones, a);
    a = v128.load(W, 32);
    twos = v128.or(twos, v128.and(ones, a));
    ones = v128.or(ones, a);
    a = v128.load(W, 48);
    twos = v128.or(twos, v128.and(ones, a));
    ones = v128.or(ones, a);
    a = v128.load(W, 64);
    twos = v128.or(twos, v128.and(ones, a));
    ones = v128.or(ones, a);
    a = v128.load(W, 80);
    twos = v128.or(twos, v128.and(ones, a));
    ones = v128.or(ones, a);
    a = v128.load(W, 96);
    twos = v128.or(twos, v128.and(ones, a));
    ones = v128.or(ones, a);
    a = v128.load(W, 112);
    twos = v128.or(twos, v128.and(ones, a));
    ones = v128.or(ones, a);
    a = v128.load(W, 128);
    twos = v128.or(twos, v128.and(ones, a));
    ones = v128.or(ones, a);
    const u = v128.load(W + (<usize>UNPLACED << 2));
    v128.store(NAKED, v128.andnot(u, twos));
    return !v128.any_true(v128.andnot(u, ones));
  } else {
    let bad = 0;
    for (let b = 0; b < 3; b++) {
      let ones = 0;
      let twos = 0;
      for (let e = b; e < 36; e += 4) {
        const a = w(e);
        twos |= ones & a;
        ones |= a;
      }
      const u = w(UNPLACED + b);
      bad |= u & ~ones;
      store<i32>(NAKED + (<usize>b << 2), u & ~twos);
    }
    return bad == 0;
  }
}

/** Run the propagation to a fixpoint. False on a contradiction. `dirty`: digits whose words may have changed. */
function propagate(dirty: i32): bool {
  for (;;) {
    let worked = false;
    // digits in increasing order; one dirtied behind the current one waits for the next sweep
    let from = 0;
    for (;;) {
      const pending = dirty & (-1 << from);
      if (pending == 0) break;
      const d = ctz<i32>(pending);
      from = d + 1;
      dirty ^= 1 << d;
      const i = d << 2;
      let a0 = w(i);
      let a1 = w(i + 1);
      let a2 = w(i + 2);
      worked = true;
      // 1. band analysis (row/box locked candidates) and 2. stack analysis (column/box locked
      //    candidates, column hidden singles), repeated until the digit is a fixpoint of both (the
      //    band analysis again only when the stack analysis emptied a minirow), as in the TS core
      for (;;) {
        a0 &= bandKeep(a0);
        a1 &= bandKeep(a1);
        a2 &= bandKeep(a2);
        if (a0 == 0 || a1 == 0 || a2 == 0) return false;
        const b0 = a0;
        const b1 = a1;
        const b2 = a2;
        const c0 = (a0 | (a0 >> 9) | (a0 >> 18)) & ROW_MASK;
        const c1 = (a1 | (a1 >> 9) | (a1 >> 18)) & ROW_MASK;
        const c2 = (a2 | (a2 >> 9) | (a2 >> 18)) & ROW_MASK;
        const q0 = tab(PERM, (c0 & 7) | ((c1 & 7) << 3) | ((c2 & 7) << 6));
        const q1 = tab(PERM, ((c0 >> 3) & 7) | (((c1 >> 3) & 7) << 3) | (((c2 >> 3) & 7) << 6));
        const q2 = tab(PERM, (c0 >> 6) | ((c1 >> 6) << 3) | ((c2 >> 6) << 6));
        if (q0 == 0 || q1 == 0 || q2 == 0) return false;
        const n0 = (q0 & 7) | ((q1 & 7) << 3) | ((q2 & 7) << 6);
        const n1 = ((q0 >> 3) & 7) | (((q1 >> 3) & 7) << 3) | (((q2 >> 3) & 7) << 6);
        const n2 = (q0 >> 6) | ((q1 >> 6) << 3) | ((q2 >> 6) << 6);
        a0 &= tab(SPREAD, n0);
        a1 &= tab(SPREAD, n1);
        a2 &= tab(SPREAD, n2);
        if (((a0 ^ b0) | (a1 ^ b1) | (a2 ^ b2)) == 0) break;
        if (((minirows(a0) ^ minirows(b0)) | (minirows(a1) ^ minirows(b1)) | (minirows(a2) ^ minirows(b2))) == 0) break;
      }
      setW(i, a0);
      setW(i + 1, a1);
      setW(i + 2, a2);
      // 3. hidden singles in rows
      const u0 = w(UNPLACED);
      const u1 = w(UNPLACED + 1);
      const u2 = w(UNPLACED + 2);
      const s0 = rowSingles(a0) & u0;
      const s1 = rowSingles(a1) & u1;
      const s2 = rowSingles(a2) & u2;
      if ((s0 | s1 | s2) != 0) {
        setW(UNPLACED, u0 & ~s0);
        setW(UNPLACED + 1, u1 & ~s1);
        setW(UNPLACED + 2, u2 & ~s2);
        dirty |= clearPlaced(d, s0, s1, s2);
      }
    }
    if (!worked) return true;
    // 4. naked singles, band by band; a band's placements can make more in the next bands, so
    //    the scan is redone after a band placed something (as the TypeScript core counts band by band)
    if (!nakedScan()) return false;
    for (let b = 0; b < 3; b++) {
      const ns = load<i32>(NAKED + (<usize>b << 2));
      if (ns == 0) continue;
      for (let d = 0; d < 9; d++) {
        const e = (d << 2) + b;
        let m = w(e) & ns;
        while (m != 0) {
          const bit = m & -m;
          m ^= bit;
          if ((w(e) & bit) == 0) return false; // emptied by a twin single placed just before
          setW(UNPLACED + b, w(UNPLACED + b) & ~bit);
          placeSingle(d, b, ctz<i32>(bit));
          dirty |= 1 << d;
        }
      }
      if (b < 2 && !nakedScan()) return false;
    }
  }
  return true; // not reached: asc's flow analysis wants it
}

/** Save the state on the stack with (word, bit) to clear when it is resumed. */
@inline function push(sp: i32, word: i32, bit: i32): void {
  const base = STACK + <usize>(sp * ENTRY_BYTES);
  if (ASC_FEATURE_SIMD) {
    v128.store(base, v128.load(W), 0);
    v128.store(base, v128.load(W, 16), 16);
    v128.store(base, v128.load(W, 32), 32);
    v128.store(base, v128.load(W, 48), 48);
    v128.store(base, v128.load(W, 64), 64);
    v128.store(base, v128.load(W, 80), 80);
    v128.store(base, v128.load(W, 96), 96);
    v128.store(base, v128.load(W, 112), 112);
    v128.store(base, v128.load(W, 128), 128);
    v128.store(base, v128.load(W, 144), 144);
  } else {
    for (let j: usize = 0; j < <usize>STATE_BYTES; j += 8) store<i64>(base + j, load<i64>(W + j));
  }
  store<i32>(base, word, STATE_BYTES);
  store<i32>(base, bit, STATE_BYTES + 4);
}

/**
 * Resume a saved state: it was a fixpoint, so only the cleared digit (and the digit then placed)
 * are new. Returns them as a dirty-digit mask for propagate.
 */
@inline function pop(sp: i32): i32 {
  const base = STACK + <usize>(sp * ENTRY_BYTES);
  if (ASC_FEATURE_SIMD) {
    v128.store(W, v128.load(base), 0);
    v128.store(W, v128.load(base, 16), 16);
    v128.store(W, v128.load(base, 32), 32);
    v128.store(W, v128.load(base, 48), 48);
    v128.store(W, v128.load(base, 64), 64);
    v128.store(W, v128.load(base, 80), 80);
    v128.store(W, v128.load(base, 96), 96);
    v128.store(W, v128.load(base, 112), 112);
    v128.store(W, v128.load(base, 128), 128);
    v128.store(W, v128.load(base, 144), 144);
  } else {
    for (let j: usize = 0; j < <usize>STATE_BYTES; j += 8) store<i64>(W + j, load<i64>(base + j));
  }
  const word = load<i32>(base, STATE_BYTES);
  const bit = load<i32>(base, STATE_BYTES + 4);
  setW(word, w(word) & ~bit);
  // The branch cell was usually bivalue: place its remaining digit now rather than in a later pass.
  const b = word & 3;
  const cleared = 1 << (word >> 2);
  const k = ctz<i32>(bit);
  const digits = cellDigits(b, k);
  if (digits == 0 || (digits & (digits - 1)) != 0) return cleared;
  setW(UNPLACED + b, w(UNPLACED + b) & ~bit);
  placeSingle(ctz<i32>(digits), b, k);
  return cleared | digits;
}

/**
 * Score the bivalue cells `bv` of band b (bvX, bvY: those of the other two bands, in band order) and
 * return the best so far as score << 8 | band·32 + bit (0xff: none yet), a later cell only winning
 * with a strictly higher score, as in the TypeScript core.
 */
@inline function scoreBand(b: i32, bv: i32, bvX: i32, bvY: i32, packed: i32): i32 {
  let bestScore = packed >> 8;
  let best = packed & 0xff;
  for (let m = bv; m != 0; m &= m - 1) store<i32>(SCORE + (<usize>ctz<i32>(m) << 2), -1);
  for (let e = b; e < 36; e += 4) {
    const a = w(e);
    let m = a & bv;
    if (m == 0) continue;
    const ei = e - b;
    const x = b == 0 ? w(ei + 1) : w(ei);
    const y = b == 2 ? w(ei + 1) : w(ei + 2);
    // the other two bands side by side in one i64, so a cell's column in both is one AND
    const xy = <u64>(<u32>x) | (<u64>(<u32>y) << 32);
    const xyBv = <u64>(<u32>(x & bvX)) | (<u64>(<u32>(y & bvY)) << 32);
    do {
      const k = ctz<i32>(m);
      m &= m - 1;
      const col = load<u64>(COLUMN2 + (<usize>k << 3));
      const peer = a & tab(PEER, k);
      const at = SCORE + (<usize>k << 2);
      const prev = load<i32>(at);
      const t = popcnt<i32>(peer) + <i32>popcnt<u64>(xy & col) + 2 * (popcnt<i32>(peer & bv) + <i32>popcnt<u64>(xyBv & col));
      const total = prev + t;
      store<i32>(at, prev < 0 ? t : total);
      if (prev >= 0 && total > bestScore) {
        bestScore = total;
        best = b * 32 + k;
      }
    } while (m != 0);
  }
  return (bestScore << 8) | best;
}

/**
 * Choose the branch cell exactly as the TypeScript core does (see chooseCell there): among
 * bivalue cells the best-scored, the first of equals; else the first cell with fewest candidates.
 * Returns band·32 + bit index.
 */
function chooseCell(): i32 {
  let best = -1;
  let bestScore = -1;
  let bv0: i32, bv1: i32, bv2: i32;
  if (ASC_FEATURE_SIMD) {
    // candidates seen once, twice, three times or more, all three bands at once (one lane each)
    // unrolled like nakedScan
    let o = v128.load(W);
    let a = v128.load(W, 16);
    let t = v128.and(o, a);
    o = v128.or(o, a);
    a = v128.load(W, 32);
    let h = v128.and(t, a);
    t = v128.or(t, v128.and(o, a));
    o = v128.or(o, a);
    a = v128.load(W, 48);
    h = v128.or(h, v128.and(t, a));
    t = v128.or(t, v128.and(o, a));
    o = v128.or(o, a);
    a = v128.load(W, 64);
    h = v128.or(h, v128.and(t, a));
    t = v128.or(t, v128.and(o, a));
    o = v128.or(o, a);
    a = v128.load(W, 80);
    h = v128.or(h, v128.and(t, a));
    t = v128.or(t, v128.and(o, a));
    o = v128.or(o, a);
    a = v128.load(W, 96);
    h = v128.or(h, v128.and(t, a));
    t = v128.or(t, v128.and(o, a));
    o = v128.or(o, a);
    a = v128.load(W, 112);
    h = v128.or(h, v128.and(t, a));
    t = v128.or(t, v128.and(o, a));
    o = v128.or(o, a);
    a = v128.load(W, 128);
    h = v128.or(h, v128.and(t, a));
    t = v128.or(t, v128.and(o, a));
    o = v128.or(o, a);
    const bv = v128.and(v128.andnot(t, h), v128.load(W + (<usize>UNPLACED << 2)));
    bv0 = i32x4.extract_lane(bv, 0);
    bv1 = i32x4.extract_lane(bv, 1);
    bv2 = i32x4.extract_lane(bv, 2);
  } else {
    let o0 = 0, t0 = 0, h0 = 0;
    let o1 = 0, t1 = 0, h1 = 0;
    let o2 = 0, t2 = 0, h2 = 0;
    for (let e = 0; e < 36; e += 4) {
      const a0 = w(e);
      const a1 = w(e + 1);
      const a2 = w(e + 2);
      h0 |= t0 & a0;
      t0 |= o0 & a0;
      o0 |= a0;
      h1 |= t1 & a1;
      t1 |= o1 & a1;
      o1 |= a1;
      h2 |= t2 & a2;
      t2 |= o2 & a2;
      o2 |= a2;
    }
    bv0 = t0 & ~h0 & w(UNPLACED);
    bv1 = t1 & ~h1 & w(UNPLACED + 1);
    bv2 = t2 & ~h2 & w(UNPLACED + 2);
  }
  if ((bv0 | bv1 | bv2) == 0) return chooseFewest();
  // each band with its own constants (scoreBand is inlined three times)
  let packed = (bestScore << 8) | 0xff;
  if (bv0 != 0) packed = scoreBand(0, bv0, bv1, bv2, packed);
  if (bv1 != 0) packed = scoreBand(1, bv1, bv0, bv2, packed);
  if (bv2 != 0) packed = scoreBand(2, bv2, bv0, bv1, packed);
  best = packed & 0xff;
  if (best == 0xff) best = -1;
  return best;
}

/** The first unplaced cell with the fewest candidates, as band·32 + bit index. */
function chooseFewest(): i32 {
  let best = -1;
  let bestCount = 10;
  for (let b = 0; b < 3; b++) {
    let u = w(UNPLACED + b);
    while (u != 0) {
      const k = ctz<i32>(u);
      const bit = 1 << k;
      u ^= bit;
      let n = 0;
      for (let e = b; e < 36; e += 4) n += (w(e) >>> k) & 1;
      if (n < bestCount) {
        bestCount = n;
        best = b * 32 + k;
      }
    }
  }
  return best;
}

function writeSolution(): void {
  for (let d = 0; d < 9; d++) {
    for (let b = 0; b < 3; b++) {
      let m = w((d << 2) + b);
      while (m != 0) {
        const k = ctz<i32>(m);
        m &= m - 1;
        store<u8>(SOLUTION + <usize>(27 * b + k), <u8>(d + 1));
      }
    }
  }
}

/**
 * The root state: every candidate, then each given placed (its cell cleared from every digit,
 * set in its own, cleared from the unplaced cells, and its peers cleared of its digit).
 */
function placeGivens(): void {
  for (let d = 0; d < 9; d++) {
    const e = d << 2;
    setW(e, BAND_MASK);
    setW(e + 1, BAND_MASK);
    setW(e + 2, BAND_MASK);
    setW(e + 3, 0);
  }
  setW(UNPLACED, BAND_MASK);
  setW(UNPLACED + 1, BAND_MASK);
  setW(UNPLACED + 2, BAND_MASK);
  setW(UNPLACED + 3, 0);
  for (let cell = 0; cell < 81; cell++) {
    const v = <i32>load<u8>(GRID + <usize>cell);
    if (v == 0) continue;
    const b = cell / 27;
    const k = cell - 27 * b;
    const bit = 1 << k;
    const not = ~bit;
    for (let e = b; e < 36; e += 4) setW(e, w(e) & not);
    const own = ((v - 1) << 2) + b;
    setW(own, w(own) | bit);
    setW(UNPLACED + b, w(UNPLACED + b) & not);
    placeSingle(v - 1, b, k);
  }
}

/** The given cells among the 27 bytes of band b of GRID, as a band word (two overlapping 16-byte loads). */
@inline function givenCells(b: i32): i32 {
  const at = GRID + <usize>(27 * b);
  const zero = i32x4.splat(0);
  const low = i8x16.bitmask(i8x16.ne(v128.load(at), zero));
  const high = i8x16.bitmask(i8x16.ne(v128.load(at, 11), zero));
  return low | (high << 11);
}

/**
 * placeGivens' state built a band at a time: the given cells of each band found with one vector
 * compare per 16 bytes, cleared from every digit with one AND per digit, then each given's own
 * bit set and its peers cleared. Givens of one digit never see one another (trusted input), so
 * the order does not matter and the state is placeGivens' to the bit. A solved grid's solve went
 * from 1.2 to 0.47 µs; the whole of 17-clue 1.05–1.07× and subig20 1.09–1.10× (chunk-interleaved
 * A/B of the two builds).
 */
function placeGivensSimd(): void {
  const g0 = givenCells(0);
  const g1 = givenCells(1);
  const g2 = givenCells(2);
  const open = v128.andnot(i32x4(BAND_MASK, BAND_MASK, BAND_MASK, 0), i32x4(g0, g1, g2, 0));
  for (let d = 0; d < 9; d++) v128.store(W + (<usize>d << 4), open);
  v128.store(W + (<usize>UNPLACED << 2), open);
  // own bits first, then the peer clearing, so no vector load reads a word just stored alone
  for (let b = 0; b < 3; b++) {
    let m = b == 0 ? g0 : b == 1 ? g1 : g2;
    while (m != 0) {
      const k = ctz<i32>(m);
      m &= m - 1;
      const own = ((<i32>load<u8>(GRID + <usize>(27 * b + k)) - 1) << 2) + b;
      setW(own, w(own) | (1 << k));
    }
  }
  for (let b = 0; b < 3; b++) {
    let m = b == 0 ? g0 : b == 1 ? g1 : g2;
    while (m != 0) {
      const k = ctz<i32>(m);
      m &= m - 1;
      placeSingle(<i32>load<u8>(GRID + <usize>(27 * b + k)) - 1, b, k);
    }
  }
}

/** Where the caller writes the 81 cells of the puzzle (0 empty, 1..9 given). */
export function gridPointer(): usize {
  return GRID;
}

/** Where solve writes the first solution (81 digits 1..9) when asked to. */
export function solutionPointer(): usize {
  return SOLUTION;
}

/** Search nodes of the last solve (root included). */
export function nodes(): i32 {
  return nodeCount;
}

/** Branch points of the last solve. */
export function guesses(): i32 {
  return guessCount;
}

/** 1 when the last solve stopped at its deadline. */
export function timedOut(): i32 {
  return stopped;
}

/**
 * Count the solutions of the puzzle at GRID up to `limit` (>= 1); write the first to SOLUTION
 * when `wantSolution` is not 0. `deadline`: an env.now() value after which to stop (Infinity: none).
 * Assumes no two givens clash (trusted input).
 */
export function solve(limit: i32, wantSolution: i32, deadline: f64): i32 {
  if (ASC_FEATURE_SIMD) placeGivensSimd();
  else placeGivens();

  let count = 0;
  let nodesHere = 0;
  let guessesHere = 0;
  let timed = 0;
  let sp = 0;
  let dirty = 0x1ff;
  const hasDeadline = deadline != Infinity;
  for (;;) {
    nodesHere++;
    if (hasDeadline && (nodesHere & DEADLINE_EVERY) == 0 && now() > deadline) {
      timed = 1;
      break;
    }
    let alive = propagate(dirty);
    if (alive) {
      if ((w(UNPLACED) | w(UNPLACED + 1) | w(UNPLACED + 2)) == 0) {
        count++;
        if (count == 1 && wantSolution != 0) writeSolution();
        if (count >= limit) break;
        alive = false;
      } else {
        const pick = chooseCell();
        const b = pick >> 5;
        const k = pick & 31;
        const bit = 1 << k;
        // the cell's digits: the first is tried, all of them lose the cell but it
        const digits = cellDigits(b, k);
        const d = ctz<i32>(digits);
        guessesHere++;
        push(sp++, (d << 2) + b, bit);
        const not = ~bit;
        dirty = digits;
        for (let m = digits & (digits - 1); m != 0; m &= m - 1) {
          const e = (ctz<i32>(m) << 2) + b;
          setW(e, w(e) & not);
        }
        setW(UNPLACED + b, w(UNPLACED + b) & not);
        placeSingle(d, b, k);
      }
    }
    if (!alive) {
      if (sp == 0) break;
      dirty = pop(--sp);
    }
  }
  nodeCount = nodesHere;
  guessCount = guessesHere;
  stopped = timed;
  return count;
}
