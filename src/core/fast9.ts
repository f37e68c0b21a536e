/**
 * fast9: the fast 9×9 solving core of sudokit.
 *
 * What it is
 *   A solution counter for standard 9×9 Sudoku (3×3 boxes) that stops at a limit, optionally writes
 *   the first solution, honours a deadline and can randomise its digit order. Every other engine is
 *   generic over box shapes; this one is specialised to 9×9 because that is what people benchmark.
 *
 * Design (bitboards + constraint propagation + depth-first search on a manual stack)
 *   The state is 27 candidate words plus 3 "unplaced cells" words, all 32-bit integers:
 *   digit-major bitboards, one word per (digit, band), 27 bits each (3 rows × 9 columns of a band).
 *   Working in bands keeps every word below 2^31, so all arithmetic stays in V8's small-integer /
 *   Int32 fast paths (no BigInt, no doubles), and a whole state is 30 words (copying it to guess is
 *   cheap, so no undo log is needed).
 *
 *   Propagation, repeated until nothing changes (a digit's three words are only re-examined when
 *   they may have changed since they were last examined, tracked as a 9-bit dirty-digit mask that
 *   the guess, the backtrack and every step that clears candidates keep up to date):
 *   1. Band analysis per (digit, band): within a band a digit sits exactly once in each of its 3 rows
 *      and once in each of its 3 boxes, so its 3 placements form a permutation of the 3×3 grid of
 *      "minirows" (row r ∩ box k). The word is shrunk to that 9-bit minirow occupancy (SHRINK) and
 *      every minirow that lies on no permutation inside the occupancy is removed (BAND_KEEP). This
 *      single table lookup does pointing and claiming along rows at once, and finds contradictions.
 *   2. Stack analysis per digit: the same permutation argument on bands × columns of each stack
 *      (minicolumns), via PERM, gives vertical pointing/claiming and hidden singles in columns.
 *      Both analyses are idempotent, so a digit step repeats 1–2 until the digit is a fixpoint of
 *      both, redoing 1 only when 2 emptied a minirow (its only way to give 1 new input); queuing
 *      the digit again instead made 45 % of the digit steps on forum-hardest find nothing.
 *   3. Hidden singles: a row of a band left with one candidate places the digit there (SINGLE);
 *      the cell is removed from the other 8 digits. (Box and column hidden singles reduce to row
 *      singles through steps 1–2.)
 *   4. Naked singles per band, bit-sliced over the 9 digits (ONES/TWOS counters): an unplaced cell
 *      with no candidate is a contradiction; with one, its digit is placed and removed from the
 *      cell's row and box (PEER) and its column in the other bands (COLUMN).
 *   When propagation stalls the search branches on a bivalue cell (else a cell with fewest
 *   candidates): the state minus the tried digit is pushed on a preallocated Int32Array stack, the
 *   digit is placed (its peers cleared at once), and propagation resumes. Backtracking pops a state
 *   and removes the digit, placing the cell's last digit at once when one is left, so every branch
 *   point is binary and a cell with k candidates is re-chosen (or not) after a pop.
 *   Which bivalue cell matters most: chooseCell scores each by how many candidates its two digits
 *   have among its peers (bivalue peers weighted up), which halves the guesses on the hardest
 *   puzzles compared with taking the first bivalue cell (forum-hardest: 145 -> 70 per puzzle).
 *
 * Why
 *   This is the design of the fastest scalar solvers (JCZSolve, fsss2-style band words): bit-parallel
 *   updates touch 9 cells per operation, the band/stack permutation tables give locked candidates for
 *   the price of a few lookups, and bivalue branching keeps the search tree small. In JavaScript it
 *   also keeps the hot loop allocation-free and monomorphic: only Int32Arrays and small integers.
 *
 * Bit layout of one word F[3·d + b] (digit d = 0..8, band b = 0..2 covering rows 3b..3b+2):
 *
 *              column:  0  1  2 | 3  4  5 | 6  7  8
 *     row 3b   bits     0  1  2 | 3  4  5 | 6  7  8      <- ROW_MASK << 0
 *     row 3b+1 bits     9 10 11 |12 13 14 |15 16 17      <- ROW_MASK << 9
 *     row 3b+2 bits    18 19 20 |21 22 23 |24 25 26      <- ROW_MASK << 18
 *                      box 3b   | box 3b+1| box 3b+2
 *                      MINIROW_MASK << (9r + 3k) = minirow of row r, box k
 *
 *   Bit k of band b is cell 27·b + k of the usual row-major 0..80 numbering.
 *   Minirow/permutation patterns are 9 bits: bit 3·r + k = (row r, box k) for bands, and
 *   bit 3·b + j = (band b, column j of the stack) for stacks.
 *
 * State layout (STATE_WORDS = 32 Int32s): [0..26] F candidates, [27..29] unplaced cells per band,
 *   on the stack [30] index of the word to clear on backtrack, [31] the bit to clear.
 *
 * src/core/wasm/fast9.ts is this core ported to AssemblyScript (the `fast` engine runs it when it
 * loads, about 1.3× faster on hard puzzles) and visits the same search tree: a change to the search
 * here must be made there too, and test/wasm9.test.ts compares counts, solutions, nodes and guesses.
 *
 * The working state and stack are module-level typed arrays allocated once, so solve9 allocates
 * nothing per call. A call made while another runs (from inside its `onSolution` or `random`)
 * copies the state it interrupts aside and puts it back when it returns, so the outer search
 * goes on as if nothing happened; only such a nested call pays for the copy (about 11 KB).
 *
 * Measured (bench/fast9.ts, Node 20.20, limit 2, this 2-core machine): about 330,000 puzzles/s
 * on 17-clue and 12,900/s on forum-hardest-11plus (70.3 guesses/puzzle); bench/results/ holds the
 * figures of each run. The hot paths avoid unpredictable branches: in the propagation, testing
 * which word changed cost more than redoing the table lookups on all three words of a digit.
 * Tried and not kept (no gain within noise): naked singles only on bands marked dirty, the three
 * bands' naked-single counts interleaved, STACK.set for push, reusing the naked pass's bivalue
 * cells in chooseCell, a product or min of the two digits' scores (69.9 / 71.6 guesses).
 */
import { pastDeadline } from '../deadline.js';

export interface CoreStats {
  nodes: number;
  guesses: number;
  timedOut: boolean;
}

/** The 27 cells of a band. */
const BAND_MASK = 0x7ffffff;
/** The 9 cells of the first row of a band. */
const ROW_MASK = 0x1ff;
/** The 3 cells of a minirow (row ∩ box). */
const MINIROW_MASK = 0x7;
/** Index of the first "unplaced cells" word of a state. */
const UNPLACED = 27;
const STATE_WORDS = 32;
/** Deepest guess chain: every guess places a cell, so at most 81. */
const MAX_DEPTH = 84;
/** Nodes between two deadline checks (power of two minus one). */
const DEADLINE_EVERY = 2047;

/** Row bits (9) -> box occupancy (3 bits): bit k when the minirow in box k has a candidate. */
const SHRINK = new Int32Array(512);
/** 9-bit 3×3 occupancy -> the cells of it that lie on at least one permutation inside it. */
const PERM = new Int32Array(512);
/** Band minirow occupancy (9 bits) -> 27-bit mask of the minirows to keep (0: contradiction). */
const BAND_KEEP = new Int32Array(512);
/** Row bits (9) -> the same bits when exactly one is set, else 0. */
const SINGLE = new Int32Array(512);
/** Column set (9 bits) -> those columns in all 3 rows of a band (27 bits). */
const SPREAD = new Int32Array(512);
/** Cell of a band (0..26) -> its row and box peers inside the band. */
const PEER = new Int32Array(27);
/** Cell of a band (0..26) -> its column in all 3 rows of a band. */
const COLUMN = new Int32Array(27);

function popcount9(v: number): number {
  let n = 0;
  for (; v !== 0; v &= v - 1) n++;
  return n;
}

(function buildTables(): void {
  const perms = [
    [0, 1, 2],
    [0, 2, 1],
    [1, 0, 2],
    [1, 2, 0],
    [2, 0, 1],
    [2, 1, 0],
  ];
  for (let v = 0; v < 512; v++) {
    let s = 0;
    for (let k = 0; k < 3; k++) if (((v >> (3 * k)) & MINIROW_MASK) !== 0) s |= 1 << k;
    SHRINK[v] = s;
    SINGLE[v] = popcount9(v) === 1 ? v : 0;
    SPREAD[v] = v | (v << 9) | (v << 18);
    let keep = 0;
    for (const p of perms) {
      const m = (1 << p[0]!) | (1 << (3 + p[1]!)) | (1 << (6 + p[2]!));
      if ((v & m) === m) keep |= m;
    }
    PERM[v] = keep;
    let band = 0;
    for (let r = 0; r < 3; r++) {
      for (let k = 0; k < 3; k++) if ((keep >> (3 * r + k)) & 1) band |= MINIROW_MASK << (9 * r + 3 * k);
    }
    BAND_KEEP[v] = band;
  }
  for (let k = 0; k < 27; k++) {
    const r = (k / 9) | 0;
    const c = k % 9;
    const boxCol = c - (c % 3);
    const box = (MINIROW_MASK << boxCol) * 0x40201; // the 3 minirows of the box: bits 0, 9, 18 apart
    PEER[k] = ((ROW_MASK << (9 * r)) | box) & ~(1 << k) & BAND_MASK;
    COLUMN[k] = (1 << c) | (1 << (c + 9)) | (1 << (c + 18));
  }
})();

/** Working state: F[0..26] candidates, [27..29] unplaced cells. */
const W = new Int32Array(STATE_WORDS);
/** Saved states, STATE_WORDS each. */
const STACK = new Int32Array(STATE_WORDS * MAX_DEPTH);
/** Scratch branch scores of the cells of a band. */
const SCORE = new Int32Array(27);
/** Scratch list of candidate digits for random branching. */
const DIGITS = new Int32Array(9);

/** Whether a solve9 call is running: a call made meanwhile saves and restores its state. */
let running = false;

/** One bit per minirow (at its lowest cell) when the minirow holds a bit of x. */
function minirows(x: number): number {
  return (x | (x >> 1) | (x >> 2)) & 0x1249249;
}

/** Place digit d (0..8) at cell k of band b: clear its peers of d. Assumes the cell holds only d. */
function placeSingle(d: number, b: number, k: number): void {
  const e = 3 * d;
  W[e + b] = W[e + b]! & ~PEER[k]!;
  const col = ~COLUMN[k]!;
  if (b !== 0) W[e] = W[e]! & col;
  if (b !== 1) W[e + 1] = W[e + 1]! & col;
  if (b !== 2) W[e + 2] = W[e + 2]! & col;
}

/**
 * Run the propagation to a fixpoint. False on a contradiction.
 * `dirty`: bit d set when the words of digit d may have changed since they were last examined.
 */
function propagate(dirty: number): boolean {
  const F = W;
  for (;;) {
    let worked = false;
    // digits in increasing order; one dirtied behind the current one waits for the next sweep
    for (let from = 0; ; ) {
      const pending = dirty & (-1 << from);
      if (pending === 0) break;
      const d = 31 - Math.clz32(pending & -pending);
      from = d + 1;
      dirty ^= 1 << d;
      const i = 3 * d;
      let a0 = F[i]!;
      let a1 = F[i + 1]!;
      let a2 = F[i + 2]!;
      worked = true;
      // 1. band analysis (row/box locked candidates), on all three words: branch-free is cheaper
      //    than testing which changed (an unchanged word is a fixpoint of it); then
      // 2. stack analysis (column/box locked candidates, column hidden singles). Both are
      //    idempotent, so they are repeated here until the digit is a fixpoint of both, the band
      //    analysis again only when the stack analysis emptied a minirow (most of its shrinks do
      //    not): re-queuing the digit instead made 45 % of the digit steps on forum-hardest no-ops.
      for (;;) {
        a0 &= BAND_KEEP[SHRINK[a0 & ROW_MASK]! | (SHRINK[(a0 >> 9) & ROW_MASK]! << 3) | (SHRINK[a0 >> 18]! << 6)]!;
        a1 &= BAND_KEEP[SHRINK[a1 & ROW_MASK]! | (SHRINK[(a1 >> 9) & ROW_MASK]! << 3) | (SHRINK[a1 >> 18]! << 6)]!;
        a2 &= BAND_KEEP[SHRINK[a2 & ROW_MASK]! | (SHRINK[(a2 >> 9) & ROW_MASK]! << 3) | (SHRINK[a2 >> 18]! << 6)]!;
        if (a0 === 0 || a1 === 0 || a2 === 0) return false;
        const b0 = a0;
        const b1 = a1;
        const b2 = a2;
        const c0 = (a0 | (a0 >> 9) | (a0 >> 18)) & ROW_MASK;
        const c1 = (a1 | (a1 >> 9) | (a1 >> 18)) & ROW_MASK;
        const c2 = (a2 | (a2 >> 9) | (a2 >> 18)) & ROW_MASK;
        const q0 = PERM[(c0 & 7) | ((c1 & 7) << 3) | ((c2 & 7) << 6)]!;
        const q1 = PERM[((c0 >> 3) & 7) | (((c1 >> 3) & 7) << 3) | (((c2 >> 3) & 7) << 6)]!;
        const q2 = PERM[(c0 >> 6) | ((c1 >> 6) << 3) | ((c2 >> 6) << 6)]!;
        if (q0 === 0 || q1 === 0 || q2 === 0) return false;
        const n0 = (q0 & 7) | ((q1 & 7) << 3) | ((q2 & 7) << 6);
        const n1 = ((q0 >> 3) & 7) | (((q1 >> 3) & 7) << 3) | (((q2 >> 3) & 7) << 6);
        const n2 = (q0 >> 6) | ((q1 >> 6) << 3) | ((q2 >> 6) << 6);
        a0 &= SPREAD[n0]!;
        a1 &= SPREAD[n1]!;
        a2 &= SPREAD[n2]!;
        if (((a0 ^ b0) | (a1 ^ b1) | (a2 ^ b2)) === 0) break;
        if (((minirows(a0) ^ minirows(b0)) | (minirows(a1) ^ minirows(b1)) | (minirows(a2) ^ minirows(b2))) === 0) break;
      }
      F[i] = a0;
      F[i + 1] = a1;
      F[i + 2] = a2;
      // 3. hidden singles in rows: place, and clear the cell from the other digits (one test for the
      //    three words: most digit steps find none)
      const s0 = (SINGLE[a0 & ROW_MASK]! | (SINGLE[(a0 >> 9) & ROW_MASK]! << 9) | (SINGLE[a0 >> 18]! << 18)) & F[UNPLACED]!;
      const s1 = (SINGLE[a1 & ROW_MASK]! | (SINGLE[(a1 >> 9) & ROW_MASK]! << 9) | (SINGLE[a1 >> 18]! << 18)) & F[UNPLACED + 1]!;
      const s2 = (SINGLE[a2 & ROW_MASK]! | (SINGLE[(a2 >> 9) & ROW_MASK]! << 9) | (SINGLE[a2 >> 18]! << 18)) & F[UNPLACED + 2]!;
      if ((s0 | s1 | s2) !== 0) {
        F[UNPLACED] = F[UNPLACED]! & ~s0;
        F[UNPLACED + 1] = F[UNPLACED + 1]! & ~s1;
        F[UNPLACED + 2] = F[UNPLACED + 2]! & ~s2;
        const t0 = ~s0;
        const t1 = ~s1;
        const t2 = ~s2;
        for (let e = 0, dd = 0; e < 27; e += 3, dd++) {
          if (e === i) continue;
          const x0 = F[e]!;
          const x1 = F[e + 1]!;
          const x2 = F[e + 2]!;
          const hit = (x0 & s0) | (x1 & s1) | (x2 & s2);
          dirty |= ((hit | -hit) >>> 31) << dd;
          F[e] = x0 & t0;
          F[e + 1] = x1 & t1;
          F[e + 2] = x2 & t2;
        }
      }
    }
    if (!worked) return true;
    // 4. naked singles, band by band
    for (let b = 0; b < 3; b++) {
      let ones = 0;
      let twos = 0;
      for (let e = b; e < 27; e += 3) {
        const a = F[e]!;
        twos |= ones & a;
        ones |= a;
      }
      const u = F[UNPLACED + b]!;
      if ((u & ~ones) !== 0) return false;
      const ns = u & ~twos;
      if (ns === 0) continue;
      for (let e = b, d = 0; e < 27; e += 3, d++) {
        let m = F[e]! & ns;
        while (m !== 0) {
          const bit = m & -m;
          m ^= bit;
          if ((F[e]! & bit) === 0) return false; // emptied by a twin single placed just before
          F[UNPLACED + b] = F[UNPLACED + b]! & ~bit;
          placeSingle(d, b, 31 - Math.clz32(bit));
          dirty |= 1 << d;
        }
      }
    }
  }
}

/** Save the state on the stack with (word, bit) to clear when it is resumed. */
function push(sp: number, word: number, bit: number): void {
  const base = sp * STATE_WORDS;
  for (let j = 0; j < 30; j++) STACK[base + j] = W[j]!;
  STACK[base + 30] = word;
  STACK[base + 31] = bit;
}

/**
 * Resume a saved state: it was a fixpoint, so only the cleared digit (and the digit then placed)
 * are new. Returns them as a dirty-digit mask for propagate.
 */
function pop(sp: number): number {
  const base = sp * STATE_WORDS;
  for (let j = 0; j < 27; j++) W[j] = STACK[base + j]!;
  W[27] = STACK[base + 27]!;
  W[28] = STACK[base + 28]!;
  W[29] = STACK[base + 29]!;
  const word = STACK[base + 30]!;
  const bit = STACK[base + 31]!;
  W[word] = W[word]! & ~bit;
  // The branch cell was usually bivalue: place its remaining digit now rather than in a later pass.
  const b = word % 3;
  const cleared = 1 << ((word / 3) | 0);
  const k = 31 - Math.clz32(bit);
  let digits = 0;
  for (let e = b, d = 0; e < 27; e += 3, d++) digits |= ((W[e]! >>> k) & 1) << d;
  if (digits === 0 || (digits & (digits - 1)) !== 0) return cleared;
  W[UNPLACED + b] = W[UNPLACED + b]! & ~bit;
  placeSingle(31 - Math.clz32(digits), b, k);
  return cleared | digits;
}

/** Byte-wise popcounts of v (each byte 0..8), the first stages of a SWAR popcount. */
function byteCounts(v: number): number {
  v = v - ((v >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (v + (v >>> 4)) & 0x0f0f0f0f;
}

/** popcount(x) + popcount(y) + 2·(popcount(u) + popcount(v)) with one final multiply (bytes stay <= 48). */
function weightedCount(x: number, y: number, u: number, v: number): number {
  const s = byteCounts(x) + byteCounts(y) + 2 * (byteCounts(u) + byteCounts(v));
  return Math.imul(s, 0x01010101) >>> 24;
}

/**
 * Choose the branch cell. Among bivalue cells, the one whose two digits have the most candidates
 * among its peers (row, box, column), peers that are bivalue cells themselves counting 3 times
 * (they become naked singles): setting either digit then removes the most candidates, so both
 * branches propagate further. On forum-hardest this needs 70 guesses per puzzle instead of 145
 * for the first bivalue cell; scoring only some of the bivalue cells loses most of the gain.
 * Without a bivalue cell, the first cell with the fewest candidates.
 * Returns band·32 + bit index.
 */
function chooseCell(): number {
  let best = -1;
  let bestScore = -1;
  let o0 = 0,
    t0 = 0,
    h0 = 0;
  let o1 = 0,
    t1 = 0,
    h1 = 0;
  let o2 = 0,
    t2 = 0,
    h2 = 0;
  for (let e = 0; e < 27; e += 3) {
    const a0 = W[e]!;
    const a1 = W[e + 1]!;
    const a2 = W[e + 2]!;
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
  const bv0 = t0 & ~h0 & W[UNPLACED]!;
  const bv1 = t1 & ~h1 & W[UNPLACED + 1]!;
  const bv2 = t2 & ~h2 & W[UNPLACED + 2]!;
  if ((bv0 | bv1 | bv2) === 0) return chooseFewest();
  for (let b = 0; b < 3; b++) {
    const bv = b === 0 ? bv0 : b === 1 ? bv1 : bv2;
    if (bv === 0) continue;
    for (let m = bv; m !== 0; m &= m - 1) SCORE[31 - Math.clz32(m & -m)] = -1;
    for (let e = b; e < 27; e += 3) {
      const a = W[e]!;
      let m = a & bv;
      if (m === 0) continue;
      const ei = e - b;
      // the digit's candidates in the other two bands x < y, and those on bivalue cells; a cell's
      // column in them is (x & col) | (y & col) << 1
      const x = b === 0 ? W[ei + 1]! : W[ei]!;
      const y = b === 2 ? W[ei + 1]! : W[ei + 2]!;
      const xBv = x & (b === 0 ? bv1 : bv0);
      const yBv = y & (b === 2 ? bv1 : bv2);
      do {
        const bit = m & -m;
        m ^= bit;
        const k = 31 - Math.clz32(bit);
        const col = COLUMN[k]!;
        const peer = a & PEER[k]!;
        const cols = (x & col) | ((y & col) << 1);
        const colsBv = (xBv & col) | ((yBv & col) << 1);
        // a bivalue cell gets two contributions: the second one completes its score
        const prev = SCORE[k]!;
        const t = weightedCount(peer, cols, peer & bv, colsBv);
        const total = prev + t;
        SCORE[k] = prev < 0 ? t : total;
        if (prev >= 0 && total > bestScore) {
          bestScore = total;
          best = b * 32 + k;
        }
      } while (m !== 0);
    }
  }
  return best;
}

/** The first unplaced cell with the fewest candidates, as band·32 + bit index. */
function chooseFewest(): number {
  let best = -1;
  let bestCount = 10;
  for (let b = 0; b < 3; b++) {
    let u = W[UNPLACED + b]!;
    while (u !== 0) {
      const bit = u & -u;
      u ^= bit;
      let n = 0;
      for (let e = b; e < 27; e += 3) if ((W[e]! & bit) !== 0) n++;
      if (n < bestCount) {
        bestCount = n;
        best = b * 32 + 31 - Math.clz32(bit);
      }
    }
  }
  return best;
}

/**
 * Count the solutions of a 9×9 puzzle, up to `limit` (>= 1).
 * `grid`: 81 entries, 0 = empty, 1..9 = given. Assumes no two givens clash (trusted input),
 *   but the puzzle may still have no solution (return 0 then) or many.
 * `solution`: when not null, receives the first solution found (81 digits 1..9).
 * `stats`: overwritten with search nodes (states entered, root included), guesses (branch points) and timedOut.
 * `deadline`: a performance.now() value after which the search stops (Infinity = no limit); checked
 *   only every few thousand nodes. When it stops early, stats.timedOut = true and the count so far is returned.
 * `random`: when given, the order in which the digits of a branch are tried is randomised with it.
 * `onSolution`: when given, called with every solution found (a scratch buffer, valid during the
 *   call); returning false stops the search. It may call solve9 (so may `random`): see below.
 * Returns the number of solutions found (<= limit).
 */
export function solve9(
  grid: ArrayLike<number>,
  limit: number,
  solution: Uint8Array | null,
  stats: CoreStats,
  deadline: number,
  random?: () => number,
  onSolution?: (solution: Uint8Array) => boolean | void,
): number {
  if (!running) {
    running = true;
    try {
      return search(grid, limit, solution, stats, deadline, random, onSolution);
    } finally {
      running = false;
    }
  }
  // Called from inside a running search's callback: that search's state lives in the module's
  // buffers, so keep a copy and restore it on the way out, whatever happens (SCORE is scratch
  // that no callback interrupts). The outer flag stays set.
  const w = W.slice();
  const stack = STACK.slice();
  const digits = DIGITS.slice();
  const each = EACH_SOLUTION.slice();
  try {
    return search(grid, limit, solution, stats, deadline, random, onSolution);
  } finally {
    W.set(w);
    STACK.set(stack);
    DIGITS.set(digits);
    EACH_SOLUTION.set(each);
  }
}

/** solve9's search, on the module's buffers. */
function search(
  grid: ArrayLike<number>,
  limit: number,
  solution: Uint8Array | null,
  stats: CoreStats,
  deadline: number,
  random?: () => number,
  onSolution?: (solution: Uint8Array) => boolean | void,
): number {
  // Root state: all candidates, then each given placed directly.
  for (let j = 0; j < 27; j++) {
    W[j] = BAND_MASK;
  }
  W[27] = BAND_MASK;
  W[28] = BAND_MASK;
  W[29] = BAND_MASK;
  for (let cell = 0; cell < 81; cell++) {
    const v = grid[cell]! | 0;
    if (v === 0) continue;
    const b = (cell / 27) | 0;
    const k = cell - 27 * b;
    const bit = 1 << k;
    const not = ~bit;
    for (let e = b; e < 27; e += 3) W[e] = W[e]! & not;
    W[3 * (v - 1) + b] = W[3 * (v - 1) + b]! | bit;
    W[UNPLACED + b] = W[UNPLACED + b]! & not;
    placeSingle(v - 1, b, k);
  }

  let count = 0;
  let nodes = 0;
  let guesses = 0;
  let timedOut = false;
  let sp = 0;
  let dirty = 0x1ff;
  for (;;) {
    nodes++;
    if ((nodes & DEADLINE_EVERY) === 0 && pastDeadline(deadline)) {
      timedOut = true;
      break;
    }
    let alive = propagate(dirty);
    if (alive) {
      if ((W[27]! | W[28]! | W[29]!) === 0) {
        count++;
        if (count === 1 && solution !== null) writeSolution(solution);
        if (onSolution !== undefined && onSolution(writeSolution(EACH_SOLUTION)) === false) break;
        if (count >= limit) break;
        alive = false;
      } else {
        const pick = chooseCell();
        const b = pick >> 5;
        const k = pick & 31;
        const bit = 1 << k;
        let d = 0;
        if (random === undefined) {
          while ((W[3 * d + b]! & bit) === 0) d++;
        } else {
          let n = 0;
          for (let e = 0; e < 9; e++) if ((W[3 * e + b]! & bit) !== 0) DIGITS[n++] = e;
          d = DIGITS[Math.min(n - 1, Math.floor(random() * n))]!;
        }
        guesses++;
        push(sp++, 3 * d + b, bit);
        const not = ~bit;
        dirty = 1 << d;
        for (let e = b, dd = 0; e < 27; e += 3, dd++) {
          if (e === 3 * d + b) continue;
          const x = W[e]!;
          W[e] = x & not;
          dirty |= ((x >>> k) & 1) << dd;
        }
        W[UNPLACED + b] = W[UNPLACED + b]! & not;
        placeSingle(d, b, pick & 31);
      }
    }
    if (!alive) {
      if (sp === 0) break;
      dirty = pop(--sp);
    }
  }
  stats.nodes = nodes;
  stats.guesses = guesses;
  stats.timedOut = timedOut;
  return count;
}

/** The buffer `onSolution` sees. */
const EACH_SOLUTION = new Uint8Array(81);

function writeSolution(out: Uint8Array): Uint8Array {
  for (let i = 0; i < 27; i++) {
    const d = ((i / 3) | 0) + 1;
    const base = 27 * (i % 3);
    let m = W[i]!;
    while (m !== 0) {
      const bit = m & -m;
      m ^= bit;
      out[base + 31 - Math.clz32(bit)] = d;
    }
  }
  return out;
}
