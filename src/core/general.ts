/**
 * General-size solving core: counts (and finds) the solutions of a Sudoku of any geometry the
 * board model supports, from 4×4 (2×2 boxes) to 49×49 (7×7), rectangular boxes included.
 *
 * The idea is Knuth's Algorithm X for exact cover (D. E. Knuth, "Dancing Links", arXiv
 * cs/0011047, 2000; The Art of Computer Programming 7.2.2). A Sudoku of side n is the exact cover
 * problem whose *options* are the n³ pairs (cell, digit) and whose *items* (constraints) are the
 * 4n² facts "cell c is filled", "digit d is in row r", "… in column k", "… in box b". Every option
 * covers exactly four items, every item is covered by exactly n options, and a solution is a set
 * of options covering each item exactly once. Algorithm X picks an uncovered item, tries each of
 * its remaining options in turn, and for the tried option covers its four items and discards every
 * other option that shares one of them.
 *
 * Why this design (rather than linked lists, or one bit mask per cell):
 * - The matrix never changes shape, so instead of dancing links the state is flat typed arrays:
 *   `alive[o]` per option, `count[i]` remaining options per item, and the uncovered items as a
 *   sparse set (a list plus positions) that is shrunk by swapping. Discarding an option pushes it
 *   on a trail; undoing a branch pops the trail back to a mark and restores the list length. The
 *   search itself is an explicit stack in preallocated arrays, so the loop allocates nothing, and
 *   the buffers are cached per geometry so repeated calls on one size allocate nothing either.
 * - Nothing depends on the word size: digits are indices, not bits, so n = 49 costs the same code.
 * - Branching on the item with the fewest remaining options (Knuth's MRV rule) gives the classic
 *   Sudoku deductions for free: a cell item with one option is a naked single, a row, column or
 *   box item with one option is a hidden single, and an item with none is a contradiction.
 *   Items whose count falls to 1 or 0 are pushed on a small "pending" stack as it happens, so
 *   singles are found in O(1) and a count of 0 abandons the branch at once; only when no single
 *   is pending do we scan the uncovered items for the minimum (which is then at least 2, so a
 *   count of 2 ends the scan early).
 * - From 16×16 up, three things make the search stronger where it pays (each measured on unique
 *   puzzles, see bench/general.ts): locked candidates (an item whose options are a subset of
 *   another's), run incrementally on the items whose options changed; an all-different pass over
 *   the 4n groups (row, column, box: cells × digits; digit: rows × columns), which must each be a
 *   perfect matching, so an option on no alternating cycle of a maximum matching can go (Régin,
 *   AAAI 1994: this subsumes naked and hidden subsets and fish); and MRV ties broken towards the
 *   item whose options lie in the tightest items. The passes run only when no single is pending,
 *   and look only at what changed since the last pass: the state a level returns to was a fixpoint.
 * - With a `random` source the options of a branch are shuffled and the scan for the smallest item
 *   starts at a random place (so ties are broken at random), which lets a generator draw varied
 *   complete grids of every size from an empty board.
 * - From 25×25 up, a puzzle's search learns from its dead ends and restarts, the constraint
 *   programmers' answer to the heavy-tailed run times of quasigroup completion, which a half-filled
 *   25×25 or 36×36 is: each item carries a weight, raised whenever it runs out of options or lies
 *   in a Hall set the all-different pass finds violated, and the branch goes to the item with the
 *   fewest options per unit of weight (dom/wdeg); until the first solution the search restarts
 *   from the root with a node budget that grows by half each time, keeping the weights; and each
 *   cell's last digit is tried first (phase saving, as SAT solvers do), so a restart returns to
 *   the good part of the last attempt and repairs the rest. There a branch is two-way (place the
 *   item's first option, else discard it and choose an item afresh, as CP solvers do) rather
 *   than one way per option, so after a refutation the weights, not the last choice, pick what to
 *   try next: on 25×25 at 45% (8 puzzles × 5 restart seeds) the 90th percentile of nodes fell from 207k
 *   to 43k and the slowest from 367k to 157k. Restarts stop at the first solution,
 *   so counting past it is the plain exhaustive search and no solution is counted twice. The
 *   restarts' tie-breaks come from a fixed seed, so a call repeats exactly.
 * - Measured on big boards and not kept (bench/results/bigboards.md says how): nogoods recorded at
 *   restarts (reduced nld-nogoods on watched literals: a run's path holds only a handful of refuted
 *   branches, and the 25×25 tail grew), last-conflict branching, singleton consistency at the root
 *   (0 to 23 options removed on 36×36 at 50%), a look-ahead that probes the branch item's options
 *   near the root, Luby restarts, other growth factors and first budgets, least-constraining or
 *   no phase saving, and the deepest point of the last run as the saved phase.
 * - From 36×36 up, the first solution of a puzzle and its uniqueness check (limit 1 or 2,
 *   without `random` or `onSolution`) come from the clause-learning search of cdcl/ instead:
 *   the same options as Boolean variables, the items as native exactly-one constraints, locked
 *   candidates explained by clauses, and learning from each conflict, which this search's
 *   weights and restarts only approximate. On the seven 36×36-at-54% puzzles both solve it took
 *   2.6 s in total against 4.5 s (bench:big, two runs back to back), faster on 5 of 7, the
 *   slowest 1.7 s against 2.5 s (the eighth: neither in 30 s); on 25×25 at 45% the exact-cover
 *   search is faster (median 33–45 ms; clause learning pays its set-up and a slower node), so it
 *   keeps that size. For a count of 2, cdcl/ counts on by blocking each solution with a clause
 *   (checked against this core by its tests): on 36-2 and 36-3 at 50% it counted to two in 14.1
 *   and 6.1 s where this search found nothing in 60 s; on the 36×36-at-54% set 2.0 s in all
 *   against 3.6 s for the seven both count; on four unique 36×36 puzzles from the generator 1.2 s
 *   against 3.2 s; the generator's two 36×36 puzzles of seed 11 (10 s limit each) ended with 682
 *   and 864 clues against 685 and 864, so its checks are no slower (in-process runs, two side by
 *   side). Larger counts and random grids stay here. On 36×36 at 50%, over four search paths of
 *   each solver on the two puzzles either answers within a minute, cdcl/ solves 8 of 8 against
 *   CaDiCaL's 7 of 8, in 116.7 s against 167.3 s (bench:big `modemax-paths-36`; 0.90 of
 *   CaDiCaL's speed in `paths-36`, and none of the four puzzles within 90 s before its restart
 *   modes). Not reached by either solver: the other two 36×36 at 50% and 49×49 at 50% within a
 *   minute. What was tried is in bench/results/cdcl-history.md.
 *
 * Not re-entrant for one geometry (the cached buffers are shared), which is fine in one thread.
 */
import type { Geometry } from '../geometry.js';
import { solveCdcl } from './cdcl/index.js';
import { coverMatrix } from './cover.js';

export interface CoreStats {
  nodes: number;
  guesses: number;
  timedOut: boolean;
  /** Restarts before the first solution (written by solveGeneral only). */
  restarts?: number;
}

/** Preallocated state for one geometry. */
interface Buffers {
  readonly n: number;
  /** The solution `onSolution` sees, made on first use. */
  each?: Uint8Array;
  /** Number of options: n³ (option = cell·n + digit−1). */
  readonly optionCount: number;
  /** Number of items: 4n² (cells, then row·digit, column·digit, box·digit). */
  readonly itemCount: number;
  /** The four items of each option, at 4·o … 4·o+3. */
  readonly optionItems: Int32Array;
  /** The n options of each item, at n·i … n·i+n−1. */
  readonly itemOptions: Int32Array;
  /** 1 while an option is still possible. */
  readonly alive: Uint8Array;
  /** Remaining alive options per item. */
  readonly count: Int32Array;
  /** Sparse set of uncovered items: `uncovered[0 … size)`, with `position[item]`. */
  readonly uncovered: Int32Array;
  readonly position: Int32Array;
  /** Options discarded, in order, for undo. An option is discarded at most once per path. */
  readonly trail: Int32Array;
  /** Items whose count fell to 1 or 0 since the last full scan. */
  readonly pending: Int32Array;
  /** Per search level: first and end index of its options in `choices`, next index, marks. */
  readonly levelStart: Int32Array;
  readonly levelEnd: Int32Array;
  readonly levelNext: Int32Array;
  readonly levelTrail: Int32Array;
  readonly levelUncovered: Int32Array;
  /** 1 where a level branches two ways: its option placed, then (the second way) discarded. */
  readonly levelTwoWay: Uint8Array;
  /** The options still to try, level by level. */
  readonly choices: Int32Array;
  /** Scores of the options of one branch, for ordering them. */
  readonly score: Float64Array;
  /** Unit items whose count fell (to at most a box line) since the last locked-candidates pass, with a mark each. */
  readonly lcQueue: Int32Array;
  readonly lcMark: Uint8Array;
  /**
   * The 4n all-different groups (rows, columns, boxes: cells × digits; digits: rows × columns)
   * as n×n grids of options: group g's option joining left node i and right node j is at
   * groupOption[(g·n + i)·n + j]; the item of left node i is groupLeft[g·n + i].
   */
  readonly groupOption: Int32Array;
  readonly groupLeft: Int32Array;
  /** A perfect matching per group, kept between passes as a warm start (validated before use). */
  readonly matchLeft: Int32Array;
  readonly matchRight: Int32Array;
  /** Groups to check in the current pass, with a mark each. */
  readonly groupQueue: Int32Array;
  readonly groupMark: Uint8Array;
  /** Scratch for one group: Tarjan's index, low link, stack, on-stack mark, component. */
  readonly tIndex: Int32Array;
  readonly tLow: Int32Array;
  readonly tStack: Int32Array;
  readonly tOn: Uint8Array;
  readonly tComp: Int32Array;
  /**
   * The alive options as bit masks of two 32-bit words each (bit j & 31 of word j >> 5), synced
   * from the trail by the all-different pass only (so the search's inner loop pays nothing):
   * digits of each cell at 2·cell, and columns of each (row, digit) item at 2·(row·n + digit).
   * `adjMask` is one group's left nodes' masks, at 2·i.
   */
  readonly cellMask: Int32Array;
  readonly rowDigitMask: Int32Array;
  readonly adjMask: Int32Array;
  /** Conflict weight per item (dom/wdeg): 1 plus the dead ends it was part of, this call. */
  readonly weight: Float64Array;
  /** Phase saving: the option each cell held last on this call (−1: none yet). */
  readonly saved: Int32Array;
  /** The search for this geometry, made on first use (see makeSearch). */
  search?: CoreSearch;
}

const buffersByGeometry = new Map<Geometry, Buffers>();

function buffersFor(g: Geometry): Buffers {
  const known = buffersByGeometry.get(g);
  if (known) return known;
  const n = g.size;
  const cells = g.cellCount;
  const optionCount = cells * n;
  const itemCount = 4 * cells;
  const { optionItems, itemOptions } = coverMatrix(g);
  const groupOption = new Int32Array(4 * n * n * n);
  const groupLeft = new Int32Array(4 * n * n);
  for (let u = 0; u < 3 * n; u++) {
    // Rows, columns, boxes: left = the unit's cells, right = the unit's digit items.
    const unitCells = g.units[u]!;
    for (let i = 0; i < n; i++) {
      const cell = unitCells[i]!;
      groupLeft[u * n + i] = cell;
      for (let d = 0; d < n; d++) groupOption[(u * n + i) * n + d] = cell * n + d;
    }
  }
  for (let d = 0; d < n; d++) {
    // Digits: left = the digit's row items, right = its column items.
    const grp = 3 * n + d;
    for (let r = 0; r < n; r++) {
      groupLeft[grp * n + r] = cells + r * n + d;
      for (let c = 0; c < n; c++) groupOption[(grp * n + r) * n + c] = (r * n + c) * n + d;
    }
  }
  // A path places at most one option per cell and (two-way branching) discards at most every option.
  const levels = cells + optionCount + 1;
  const made: Buffers = {
    n,
    optionCount,
    itemCount,
    optionItems,
    itemOptions,
    alive: new Uint8Array(optionCount),
    count: new Int32Array(itemCount),
    uncovered: new Int32Array(itemCount),
    position: new Int32Array(itemCount),
    trail: new Int32Array(optionCount),
    // Each discarded option can lower 4 counts; each item is pending at most a few times per path.
    pending: new Int32Array(4 * optionCount + itemCount),
    levelStart: new Int32Array(levels),
    levelEnd: new Int32Array(levels),
    levelNext: new Int32Array(levels),
    levelTrail: new Int32Array(levels),
    levelUncovered: new Int32Array(levels),
    levelTwoWay: new Uint8Array(levels),
    // n per n-way level (one per placed cell at most), 2 per two-way level (one per option at most).
    choices: new Int32Array(3 * optionCount),
    score: new Float64Array(n),
    lcQueue: new Int32Array(itemCount),
    lcMark: new Uint8Array(itemCount),
    groupOption,
    groupLeft,
    matchLeft: new Int32Array(4 * n * n).fill(-1),
    matchRight: new Int32Array(4 * n * n).fill(-1),
    groupQueue: new Int32Array(4 * n),
    groupMark: new Uint8Array(4 * n),
    tIndex: new Int32Array(2 * n),
    tLow: new Int32Array(2 * n),
    tStack: new Int32Array(2 * n),
    tOn: new Uint8Array(2 * n),
    tComp: new Int32Array(2 * n),
    cellMask: new Int32Array(2 * cells),
    rowDigitMask: new Int32Array(2 * n * n),
    adjMask: new Int32Array(2 * n),
    weight: new Float64Array(itemCount),
    saved: new Int32Array(cells),
  };
  buffersByGeometry.set(g, made);
  return made;
}

/**
 * Boards from this side up run the locked-candidates pass: on 16×16 and larger it cuts the nodes
 * of hard puzzles severalfold; on 9×9 and 12×12 it costs more than it saves.
 */
const LOCKED_FROM_SIZE = 16;

/**
 * Boards from this side up run the all-different (matching) pass. On unique 25×25 puzzles at
 * about 47% givens it cuts the nodes about tenfold (with the tie-break below) for about four
 * times the cost per node; on 16×16 it about breaks even; below, singles do nearly all the work.
 */
const ALL_DIFFERENT_FROM_SIZE = 16;

/** Boards from this side up break MRV ties by the tightness of the options. */
const TIE_BREAK_FROM_SIZE = 16;

/**
 * Boards from this side up weight items by the dead ends they take part in and branch on the item
 * with the fewest options per unit of weight (dom/wdeg: Boussemart, Hemery, Lecoutre, Saïs, ECAI
 * 2004), restart the search with a growing node budget until the first solution (Gomes, Selman,
 * Kautz, AAAI 1998, on the heavy-tailed run times of quasigroup completion), and try each cell's
 * last digit first (phase saving). The weights persist across restarts, so each run starts with
 * what the earlier ones learned. On 25×25 at 45% givens (28 seeded puzzles) the slowest first
 * solution went from over 10 s (three of them) to under 1 s; on 36×36 at 54%, 6 of 8 solve within
 * 15 s instead of 4. Not on 16×16: it answers within milliseconds anyway, and the generator's
 * thousands of uniqueness checks there would pay the restarts' overhead for nothing.
 */
const WDEG_FROM_SIZE = 25;

/**
 * From this side up, the first solution of a puzzle (limit 1, no `random`, no `onSolution`) comes
 * from the clause-learning search of cdcl/ instead of the exact-cover search (see the header).
 */
const CLAUSE_LEARNING_FROM_SIZE = 36;

/** The largest count (`limit`) asked of the clause-learning search there: 2, a uniqueness check. */
const CLAUSE_LEARNING_UP_TO = 2;

/** The node budget of the first run before a restart, where the weights and restarts are on. */
const FIRST_RESTART_NODES = 500;

/** The seed of the restarts' tie-breaks when no `random` is given. */
const RESTART_SEED = 0x5eed;

/**
 * Where the weights and restarts start, the first run's budget and the restarts' seed: the
 * constants above, changed only by tests (to put restarts on small boards, whose counts a second
 * engine can check) and experiments (another seed draws another run of the same search, for
 * comparing heavy-tailed node counts over several). Not part of the public API.
 */
export const searchTuning = {
  weightsFromSize: WDEG_FROM_SIZE,
  firstRestartNodes: FIRST_RESTART_NODES,
  seed: RESTART_SEED,
  clauseLearningFromSize: CLAUSE_LEARNING_FROM_SIZE,
  clauseLearningUpTo: CLAUSE_LEARNING_UP_TO,
};

/** Each restart's node budget is the previous one's times this. */
const RESTART_GROWTH = 1.5;

/** A 32-bit PRNG (mulberry32), the same as random.ts's: the core imports nothing but geometry. */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * How many nodes between two looks at the clock, at most. A node costs about a microsecond on a
 * 9×9 and close to a millisecond on a near-empty 49×49 (its all-different pass), so a fixed count
 * either reads the clock far too often or lets a time limit slip by seconds: the search starts by
 * looking at every node and doubles the gap while two looks are under half a millisecond apart.
 */
const CLOCK_EVERY_MAX = 2048;

/**
 * Count the solutions of a puzzle of any geometry, up to `limit` (>= 1).
 * `grid`: g.cellCount entries, 0 = empty, 1..g.size = given. Assumes no two givens clash (trusted),
 *   but it may still have no solution (return 0) or many.
 * `solution`: when not null, receives the first solution found.
 * `stats`: overwritten with search nodes (states entered, root included), guesses (branch points with more than one option) and timedOut.
 * `deadline`: a performance.now() value after which the search stops (Infinity = none); checked every
 *   at most half a millisecond or so after it passes; when it stops early, stats.timedOut = true and the count so far is returned.
 * `random`: when given, the order of the options tried at a branch (and ties between equally small
 *   constraints) is randomised with it.
 * `onSolution`: when given, called with every solution found (a scratch buffer, valid during the
 *   call); returning false stops the search. It must not call solveGeneral.
 * Returns the number of solutions found (<= limit).
 */
export function solveGeneral(
  g: Geometry,
  grid: ArrayLike<number>,
  limit: number,
  solution: Uint8Array | null,
  stats: CoreStats,
  deadline: number,
  random?: () => number,
  onSolution?: (solution: Uint8Array) => boolean | void,
): number {
  stats.nodes = 1;
  stats.guesses = 0;
  stats.timedOut = false;
  stats.restarts = 0;
  if (random === undefined && onSolution === undefined && limit <= searchTuning.clauseLearningUpTo && g.size >= searchTuning.clauseLearningFromSize) {
    return solveCdcl(g, grid, limit, solution, stats, deadline);
  }
  const b = buffersFor(g);
  b.search ??= makeSearch(g, b);
  return b.search(grid, limit, solution, stats, deadline, random, onSolution);
}

/** A search as solveGeneral runs it for one geometry (and as cores.ts calls every core). */
export type CoreSearch = (
  grid: ArrayLike<number>,
  limit: number,
  solution: Uint8Array | null,
  stats: CoreStats,
  deadline: number,
  random?: () => number,
  onSolution?: (solution: Uint8Array) => boolean | void,
) => number;

/**
 * One search per geometry, made once and kept with its buffers: its helpers are closures over the
 * buffers and over the state of the current call, so every call reuses the same functions. Making
 * them afresh for each call cost V8 its optimised code at every new puzzle (a "wrong call target"
 * deopt of the all-different pass, 243 of them over 16 searches of 25×25 puzzles).
 */
function makeSearch(g: Geometry, b: Buffers): CoreSearch {
  const { n, itemCount, optionItems, itemOptions, alive, count, uncovered, position, trail, pending } = b;
  const { levelStart, levelEnd, levelNext, levelTrail, levelUncovered, levelTwoWay, choices, score, lcQueue, lcMark } = b;
  const { groupOption, groupLeft, matchLeft, matchRight, groupQueue, groupMark } = b;
  const { tIndex, tLow, tStack, tOn, tComp, cellMask, rowDigitMask, adjMask } = b;
  const { boxRows, boxCols, rowOf, colOf, boxOf } = g;
  const cells = g.cellCount;
  const rowItems = cells;
  const colItems = 2 * cells;
  const boxItems = 3 * cells;
  const lineMax = boxRows > boxCols ? boxRows : boxCols;
  const useLocked = n >= LOCKED_FROM_SIZE;
  const weight = b.weight;
  const saved = b.saved;
  // The state the helpers share with the current call (reset at its start).
  let size = itemCount; // uncovered items
  let trailTop = 0;
  let pendingTop = 0;
  let conflict = false;
  /** Trail index from which discarded options have not yet been looked at by `lockedCandidates`. */
  let lcFrom = 0;

  /** Take option `o`: cover its four items and discard every option that meets one of them. */
  const place = (o: number): void => {
    const base = 4 * o;
    saved[optionItems[base]!] = o;
    // Cover the four items first (swap each to the end of the uncovered list), so that the counts
    // of these items, which fall as their options go, are not mistaken for contradictions.
    for (let k = 0; k < 4; k++) {
      const item = optionItems[base + k]!;
      const p = position[item]!;
      const last = uncovered[--size]!;
      uncovered[p] = last;
      position[last] = p;
      uncovered[size] = item;
      position[item] = size;
    }
    for (let k = 0; k < 4; k++) {
      const row = optionItems[base + k]! * n;
      for (let j = 0; j < n; j++) {
        const other = itemOptions[row + j]!;
        if (alive[other] === 0) continue;
        alive[other] = 0;
        trail[trailTop++] = other;
        const ob = 4 * other;
        for (let m = 0; m < 4; m++) {
          const it = optionItems[ob + m]!;
          const c = --count[it]!;
          if (c <= 1 && position[it]! < size) {
            if (c === 0) {
              conflict = true;
              weight[it]! += 1;
            }
            pending[pendingTop++] = it;
          }
        }
      }
    }
  };

  /** Bring back every option discarded since trail index `mark` (the counts with them). */
  const undoTo = (mark: number): void => {
    while (trailTop > mark) {
      const o = trail[--trailTop]!;
      alive[o] = 1;
      const ob = 4 * o;
      count[optionItems[ob]!]!++;
      count[optionItems[ob + 1]!]!++;
      count[optionItems[ob + 2]!]!++;
      count[optionItems[ob + 3]!]!++;
    }
  };

  /** Discard one alive option (not covering anything). */
  const discard = (o: number): void => {
    alive[o] = 0;
    trail[trailTop++] = o;
    const ob = 4 * o;
    for (let m = 0; m < 4; m++) {
      const it = optionItems[ob + m]!;
      const c = --count[it]!;
      if (c <= 1 && position[it]! < size) {
        if (c === 0) {
          conflict = true;
          weight[it]! += 1;
        }
        pending[pendingTop++] = it;
      }
    }
  };

  /**
   * Locked candidates: when the options of one item are a subset of another's (in Sudoku: a
   * digit confined to one line within a box, or to one box within a line), the other item's
   * options outside the first can go. Run only where a branch would be needed (no single
   * pending), and only over the unit items of the options discarded since the last pass (read
   * from the trail, so the inner loop of the search pays nothing): the state a search level
   * returns to was already a fixpoint, and an item whose options did not change cannot newly
   * confine anything (its targets only lose options). Rescanning every item at every branch was
   * 72% of the time on 25×25. Returns true when it discarded something.
   */
  const lockedCandidates = (): boolean => {
    const before = trailTop;
    // Queue the unit items of the options discarded since the last pass.
    let lcTop = 0;
    for (let t = lcFrom; t < trailTop; t++) {
      const ob = 4 * trail[t]!;
      for (let m = 1; m < 4; m++) {
        const it = optionItems[ob + m]!;
        if (lcMark[it] === 0 && count[it]! <= lineMax) {
          lcMark[it] = 1;
          lcQueue[lcTop++] = it;
        }
      }
    }
    lcFrom = trailTop;
    for (let q = 0; q < lcTop; q++) {
      const it = lcQueue[q]!;
      lcMark[it] = 0;
      if (conflict || position[it]! >= size) continue;
      const c = count[it]!;
      if (c > lineMax || c < 2) continue;
      const row = it * n;
      let first = -1;
      let sameRow = true;
      let sameCol = true;
      let sameBox = true;
      for (let j = 0; j < n; j++) {
        const o = itemOptions[row + j]!;
        if (alive[o] === 0) continue;
        const cell = (o / n) | 0;
        if (first < 0) first = cell;
        else {
          if (rowOf[cell] !== rowOf[first]) sameRow = false;
          if (colOf[cell] !== colOf[first]) sameCol = false;
          if (boxOf[cell] !== boxOf[first]) sameBox = false;
        }
      }
      const d = it % n;
      let target = -1;
      if (it >= boxItems) {
        if (sameRow) target = rowItems + rowOf[first]! * n + d;
        else if (sameCol) target = colItems + colOf[first]! * n + d;
      } else if (sameBox) {
        target = boxItems + boxOf[first]! * n + d;
      }
      if (target < 0 || count[target]! <= c) continue;
      // Discard the target's options that are not options of `it`.
      const trow = target * n;
      for (let j = 0; j < n; j++) {
        const o = itemOptions[trow + j]!;
        if (alive[o] === 0) continue;
        const cell = (o / n) | 0;
        const inside = it >= boxItems ? boxOf[cell] === boxOf[first] : it >= colItems ? colOf[cell] === colOf[first] : rowOf[cell] === rowOf[first];
        if (!inside) discard(o);
      }
    }
    return trailTop !== before;
  };

  /** The item of right node `j` of group `grp`: a unit's digit item, or a digit's column item. */
  const rightItem = (grp: number, j: number): number => {
    if (grp >= 3 * n) return colItems + j * n + (grp - 3 * n);
    return cells * (1 + Math.floor(grp / n)) + (grp % n) * n + j;
  };

  // ---- All-different over bit masks: two 32-bit words per set, so every side up to 64 ----
  // A set of digits (of a cell) or of columns (of a row's digit) j is bit j & 31 of word j >> 5;
  // on sides up to 32 the second word stays 0.
  /** The masks reflect the discards trail[0 … maskTop). */
  let maskTop = 0;
  const syncMasks = (): void => {
    for (let t = maskTop; t < trailTop; t++) {
      const o = trail[t]!;
      const cell = (o / n) | 0;
      const d = o - cell * n;
      const c = colOf[cell]!;
      cellMask[2 * cell + (d >> 5)]! &= ~(1 << (d & 31));
      rowDigitMask[2 * (rowOf[cell]! * n + d) + (c >> 5)]! &= ~(1 << (c & 31));
    }
    maskTop = trailTop;
  };
  /** Undo the masks down to the trail's top (after the search popped the trail). */
  const unsyncMasks = (): void => {
    for (let t = trailTop; t < maskTop; t++) {
      const o = trail[t]!;
      const cell = (o / n) | 0;
      const d = o - cell * n;
      const c = colOf[cell]!;
      cellMask[2 * cell + (d >> 5)]! |= 1 << (d & 31);
      rowDigitMask[2 * (rowOf[cell]! * n + d) + (c >> 5)]! |= 1 << (c & 31);
    }
    maskTop = trailTop;
  };

  /** Words per mask that can hold a bit. */
  const words = n > 32 ? 2 : 1;
  /** Right nodes visited by the current augmenting-path search, as two words. */
  let seenLo = 0;
  let seenHi = 0;
  /** Kuhn's augmenting path from left node `i` of the group at `base` (= group·n), over `adjMask`. */
  const augment = (base: number, i: number): boolean => {
    for (let h = 0; h < words; h++) {
      let m = adjMask[2 * i + h]! & ~(h === 0 ? seenLo : seenHi);
      while (m !== 0) {
        const bit = m & -m;
        m ^= bit;
        // The recursion below may have visited it meanwhile.
        if (h === 0) {
          if ((seenLo & bit) !== 0) continue;
          seenLo |= bit;
        } else {
          if ((seenHi & bit) !== 0) continue;
          seenHi |= bit;
        }
        const j = 32 * h + 31 - Math.clz32(bit);
        const k = matchRight[base + j]!;
        if (k < 0 || augment(base, k)) {
          matchLeft[base + i] = j;
          matchRight[base + j] = i;
          return true;
        }
      }
    }
    return false;
  };

  let tCounter = 0;
  let tTop = 0;
  let compCount = 0;
  /**
   * Tarjan's strongly connected components over a group's nodes (left i = i, right j = n + j):
   * edges left → right for alive options outside the matching, right → left along the matching.
   */
  const strong = (base: number, v: number): void => {
    tIndex[v] = ++tCounter;
    tLow[v] = tCounter;
    tStack[tTop++] = v;
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
            strong(base, w);
            if (tLow[w]! < tLow[v]!) tLow[v] = tLow[w]!;
          } else if (tOn[w] !== 0 && tIndex[w]! < tLow[v]!) tLow[v] = tIndex[w]!;
        }
      }
    } else {
      const w = matchRight[base + v - n]!;
      if (tIndex[w] === 0) {
        strong(base, w);
        if (tLow[w]! < tLow[v]!) tLow[v] = tLow[w]!;
      } else if (tOn[w] !== 0 && tIndex[w]! < tLow[v]!) tLow[v] = tIndex[w]!;
    }
    if (tLow[v] === tIndex[v]) {
      let w: number;
      do {
        w = tStack[--tTop]!;
        tOn[w] = 0;
        tComp[w] = compCount;
      } while (w !== v);
      compCount++;
    }
  };

  /**
   * All-different on one group (Régin 1994): each group must be a perfect matching between its
   * uncovered left and right items, so find one (repairing the last one found), and discard every
   * option on no alternating cycle, i.e. whose ends lie in different strongly connected components.
   * The group's alive options are read as bit masks (synced from the trail here only, so the
   * search's inner loop pays nothing), so the matching and Tarjan's pass cost O(n + options), not n².
   * A left node that cannot be matched is a contradiction: its Hall set (it and the left nodes
   * matched to the right nodes its search reached) gains conflict weight.
   */
  const checkGroup = (grp: number): void => {
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
      const right = rightItem(grp, i);
      if (position[right]! < size && count[right]! < minRight) minRight = count[right]!;
    }
    if (minLeft + minRight > active) return;
    syncMasks();
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
      seenLo = 0;
      seenHi = 0;
      if (!augment(base, i)) {
        conflict = true;
        weight[groupLeft[base + i]!]! += 1;
        for (let h = 0; h < words; h++) {
          for (let m = h === 0 ? seenLo : seenHi; m !== 0; m &= m - 1) {
            const j = 32 * h + 31 - Math.clz32(m & -m);
            weight[groupLeft[base + matchRight[base + j]!]!]! += 1;
            weight[rightItem(grp, j)]! += 1;
          }
        }
        return;
      }
    }
    tIndex.fill(0);
    tCounter = 0;
    tTop = 0;
    compCount = 0;
    for (let i = 0; i < n; i++) if (matchLeft[base + i]! >= 0 && tIndex[i] === 0) strong(base, i);
    if (compCount <= 1) return; // one component: every option is on an alternating cycle
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
            if (alive[o] !== 0) discard(o);
          }
        }
      }
    }
  };

  /** Trail index from which discarded options have not yet been looked at by `allDifferent`. */
  let gacFrom = 0;
  /**
   * Run `checkGroup` on every group that lost an option since the last pass (the state a level
   * returns to was a fixpoint, as for locked candidates). Returns true when it discarded something.
   */
  const allDifferent = (): boolean => {
    const before = trailTop;
    let qTop = 0;
    for (let t = gacFrom; t < trailTop; t++) {
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
    gacFrom = trailTop;
    for (let q = 0; q < qTop; q++) {
      const grp = groupQueue[q]!;
      groupMark[grp] = 0;
      if (conflict) continue;
      checkGroup(grp);
    }
    return trailTop !== before;
  };

  /**
   * With `random` (drawing complete grids), try first the options that hurt the tightest items
   * most: each option scores the sum of 1/(count − 1) over the items its placement would shrink.
   * Settling the tightest items first avoids the dead ends a random fill of a 36×36 or 49×49
   * board otherwise discovers only near the end; the shuffle before this stable sort breaks ties.
   */
  const orderMostConstraining = (start: number, end: number): void => {
    for (let i = start; i < end; i++) {
      const o = choices[i]!;
      const ob = 4 * o;
      const i0 = optionItems[ob]!,
        i1 = optionItems[ob + 1]!,
        i2 = optionItems[ob + 2]!,
        i3 = optionItems[ob + 3]!;
      let s = 0;
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
            s += c <= 1 ? 1000 : 1 / (c - 1);
          }
        }
      }
      score[i - start] = -s;
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
  };

  return (grid, limit, solution, stats, deadline, random, onSolution) => {
    // Not when drawing grids (`random` given): from a near-empty board it prunes little and costs much.
    const useGac = random === undefined && n >= ALL_DIFFERENT_FROM_SIZE;
    // Break MRV ties by the tightness of the options (see the scan below) where it pays: 16×16 up.
    const tieBreak = random === undefined && n >= TIE_BREAK_FROM_SIZE;
    // Conflict weights and restarts for the search of a puzzle (a grid drawn with `random` keeps its own order).
    const useWdeg = random === undefined && n >= searchTuning.weightsFromSize;
    weight.fill(1);
    saved.fill(-1);
    /** The restarts' tie-breaks: the caller's `random`, else a fixed seed, so a call repeats. */
    const rng = random ?? mulberry32(searchTuning.seed);
    if (grid.length !== cells) throw new RangeError(`grid has ${grid.length} cells, expected ${cells}`);
    if (!(limit >= 1)) limit = 1;

    alive.fill(1);
    count.fill(n);
    lcMark.fill(0);
    for (let i = 0; i < itemCount; i++) {
      uncovered[i] = i;
      position[i] = i;
    }
    size = itemCount;
    trailTop = 0;
    pendingTop = 0;
    conflict = false;
    lcFrom = 0;
    gacFrom = 0;
    maskTop = 0;
    if (useGac) {
      const lo = n >= 32 ? -1 : (1 << n) - 1;
      const hi = n > 32 ? (1 << (n - 32)) - 1 : 0;
      for (let w = 0; w < cellMask.length; w += 2) {
        cellMask[w] = lo;
        cellMask[w + 1] = hi;
      }
      for (let w = 0; w < rowDigitMask.length; w += 2) {
        rowDigitMask[w] = lo;
        rowDigitMask[w + 1] = hi;
      }
    }

    // The givens, at the root (never undone).
    for (let cell = 0; cell < cells; cell++) {
      const d = grid[cell]!;
      if (d === 0) continue;
      if (!(d >= 1 && d <= n) || !Number.isInteger(d)) throw new RangeError(`cell ${cell} holds ${d}, not 0 … ${n}`);
      const o = cell * n + d - 1;
      if (alive[o] === 0) return 0; // clashing givens: no solution
      place(o);
    }
    // A contradiction among the givens' consequences shows up as an item with count 0.

    let found = 0;
    let depth = 0;
    let choiceTop = 0;
    let nodes = 1;
    let guesses = 0;
    let clockEvery = 1;
    // From 16×16 up a node costs microseconds to milliseconds, and its cost swings with the search
    // (a restart's full propagation, a wide all-different pass), so the doubling gap can meet a run
    // of expensive nodes: looking at every node there costs about 0.1 µs a node (within the noise of
    // 25×25 at 5-8 µs a node) and kept every 200 ms limit under 203 ms, where a gap of up to 4 nodes
    // let 16×16 and 25×25 overrun by 100-400 ms (25 runs each, one given, counting to 1e9).
    const clockEveryMax = n >= 16 ? 1 : CLOCK_EVERY_MAX;
    let nextClock = 1;
    let lastClock = performance.now();
    // Restarts (with `random`, or with the weights from 25×25 up; only before the first solution,
    // so nothing is counted twice): a search on a large open board can make an early mistake that
    // takes ages to undo; starting afresh with a budget that grows geometrically cuts off that heavy
    // tail at the price of a constant factor when a long search is really needed.
    let restartBudget = useWdeg ? Math.max(1, searchTuning.firstRestartNodes) : 2 * cells + 1000;
    let restartAt = random === undefined && !useWdeg ? Infinity : restartBudget;
    let restarts = 0;

    search: for (;;) {
      // A fresh state: decide whether it is solved, dead, or which item to branch on.
      let dead = conflict;
      if (!dead) {
        if (size === 0) {
          if (onSolution !== undefined && b.each === undefined) b.each = new Uint8Array(cells);
          const out = found === 0 && solution !== null ? solution : onSolution !== undefined ? b.each! : null;
          if (out !== null) {
            for (let cell = 0; cell < cells; cell++) out[cell] = grid[cell]!;
            for (let l = 0; l < depth; l++) {
              // A two-way level on its second way discarded its option.
              if (levelTwoWay[l] === 1 && levelNext[l]! - 1 > levelStart[l]!) continue;
              const o = choices[levelNext[l]! - 1]!;
              const cell = (o / n) | 0;
              out[cell] = o - cell * n + 1;
            }
          }
          found++;
          if (onSolution !== undefined && onSolution(out!) === false) break;
          if (found >= limit) break;
          dead = true;
        } else {
          // Pick the item: a pending single if any, else the smallest count.
          let best = -1;
          let bestCount = 0;
          for (;;) {
            while (pendingTop > 0) {
              const it = pending[--pendingTop]!;
              if (position[it]! < size && count[it]! <= 1) {
                best = it;
                bestCount = count[it]!;
                break;
              }
            }
            if (best >= 0 || conflict) break;
            if (useLocked && lockedCandidates()) continue;
            if (useGac && allDifferent()) continue;
            break;
          }
          if (conflict) {
            bestCount = 0;
          } else if (best < 0) {
            bestCount = n + 1;
            if (!tieBreak && !useWdeg) {
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
            } else {
              // Among the items with the fewest options, take the one whose options lie in the
              // tightest items (smallest sum of the counts of their four items): each branch then
              // sets off more singles and dead ends show sooner. On unique 25×25 puzzles this cut
              // the nodes about tenfold; on 9×9 it costs more than it saves.
              let bestScore = 0;
              let bestWeight = 1;
              let p = restarts === 0 ? 0 : Math.floor(rng() * size) % size;
              for (let k = 0; k < size; k++, p = p + 1 === size ? 0 : p + 1) {
                // This scan is most of a node's cost on a near-empty large board (every item ties,
                // so every one is scored: about 2 million reads on a 49×49), and before the search
                // code is optimised one scan took 50-95 ms: look at the clock within it too.
                if ((k & 1023) === 1023 && performance.now() > deadline) {
                  stats.timedOut = true;
                  break search;
                }
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
            }
          }
          if (bestCount === 0) {
            dead = true;
          } else {
            // Open a level whose options are the item's alive options.
            const start = choiceTop;
            const row = best * n;
            for (let j = 0; j < n; j++) {
              const o = itemOptions[row + j]!;
              if (alive[o] !== 0) choices[choiceTop++] = o;
            }
            if (bestCount > 1) {
              guesses++;
              if (random !== undefined) {
                for (let i = choiceTop - 1; i > start; i--) {
                  const k = start + Math.floor(random() * (i - start + 1));
                  const t = choices[i]!;
                  choices[i] = choices[k]!;
                  choices[k] = t;
                }
                orderMostConstraining(start, choiceTop);
              } else if (useWdeg) {
                // Phase saving: the options their cell held last go first (a stable move to the front).
                let front = start;
                for (let i = start; i < choiceTop; i++) {
                  const o = choices[i]!;
                  if (saved[(o / n) | 0] !== o) continue;
                  for (let k = i; k > front; k--) choices[k] = choices[k - 1]!;
                  choices[front++] = o;
                }
              }
            }
            if (useWdeg && bestCount > 1) {
              // Two-way branching: place the first option, else discard it and choose afresh.
              choices[start + 1] = choices[start]!;
              choiceTop = start + 2;
              levelTwoWay[depth] = 1;
            } else levelTwoWay[depth] = 0;
            levelStart[depth] = start;
            levelEnd[depth] = choiceTop;
            levelNext[depth] = start;
            levelTrail[depth] = trailTop;
            levelUncovered[depth] = size;
            depth++;
          }
        }
      }
      // Move on: try the next option of the deepest level that has one, undoing as we go.
      let advanced = false;
      while (depth > 0) {
        const l = depth - 1;
        const mark = levelTrail[l]!;
        undoTo(mark);
        size = levelUncovered[l]!;
        const next = levelNext[l]!;
        if (next > levelStart[l]!) {
          // Back at a level after a failed or finished try. Only branch levels (opened after a full
          // scan, so with nothing pending) and exhausted levels get here, so dropping the pending
          // items loses nothing: the restored state had none with a count below 2.
          conflict = false;
          pendingTop = 0;
          lcFrom = trailTop;
          if (maskTop > trailTop) unsyncMasks();
          gacFrom = trailTop;
        }
        if (next < levelEnd[l]!) {
          levelNext[l] = next + 1;
          if (levelTwoWay[l] === 1 && next > levelStart[l]!) discard(choices[next]!);
          else place(choices[next]!);
          nodes++;
          advanced = true;
          break;
        }
        choiceTop = levelStart[l]!;
        depth--;
      }
      if (!advanced) break;
      if (nodes >= restartAt && found === 0) {
        restarts++;
        restartBudget = Math.floor(restartBudget * RESTART_GROWTH);
        restartAt = nodes + restartBudget;
        const mark = levelTrail[0]!;
        undoTo(mark);
        size = levelUncovered[0]!;
        depth = 0;
        choiceTop = 0;
        conflict = false;
        // The root's pending singles were consumed on the way down: find them again, and queue
        // every small unit item for locked candidates.
        pendingTop = 0;
        lcFrom = 0;
        if (maskTop > trailTop) unsyncMasks();
        gacFrom = 0;
        for (let p = 0; p < size; p++) {
          const it = uncovered[p]!;
          if (count[it]! <= 1) {
            if (count[it] === 0) conflict = true;
            pending[pendingTop++] = it;
          }
        }
      }
      if (nodes >= nextClock) {
        const now = performance.now();
        if (now > deadline) {
          stats.timedOut = true;
          break;
        }
        if (now - lastClock < 0.5) {
          if (clockEvery < clockEveryMax) clockEvery *= 2;
        } else if (clockEvery > 1) clockEvery >>= 1;
        lastClock = now;
        nextClock = nodes + clockEvery;
      }
    }
    stats.nodes = nodes;
    stats.guesses = guesses;
    stats.restarts = restarts;
    return found;
  };
}
