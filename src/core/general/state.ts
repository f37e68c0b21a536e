/**
 * The state of the general core's search: the per-geometry typed arrays, made once per geometry
 * and cached, and the few numbers the search's parts share during a call (the uncovered items'
 * count, the trail's top, the pending singles, the passes' positions on the trail).
 *
 * One class, so the functions of propagate.ts, alldifferent.ts, branch.ts and search.ts, which
 * take it as their first argument, see one object shape whatever the board's size, and nothing is
 * made per call or per geometry but this state (they were closures over the buffers, made once
 * per geometry, and are no slower this way). Its fields are reset at the start of every call
 * (resetState), so nothing of one call leaks into the next except the all-different pass's
 * matchings, which are validated before use.
 */
import type { Geometry } from '../../geometry.js';
import { coverMatrix } from '../cover.js';
import { LOCKED_FROM_SIZE } from './tuning.js';
import { BuffersByGeometry } from '../buffers.js';

export class SearchState {
  /** The board's side: the number of digits, and of cells per unit. */
  readonly n: number;
  /** Number of cells: n². */
  readonly cells: number;
  /** Number of options: n³ (option = cell·n + digit−1). */
  readonly optionCount: number;
  /** Number of items: 4n² (cells, then row·digit, column·digit, box·digit). */
  readonly itemCount: number;
  /** The first row, column and box item (each followed by n² of its kind). */
  readonly rowItems: number;
  readonly colItems: number;
  readonly boxItems: number;
  /** The longer side of a box: the most options an item can have and still lie in one box line. */
  readonly lineMax: number;
  /** Words per bit mask that can hold a bit (see cellMask): 2 above 32×32, else 1. */
  readonly words: number;
  /** The geometry's row, column and box of each cell. */
  readonly rowOf: Int32Array;
  readonly colOf: Int32Array;
  readonly boxOf: Int32Array;
  /** Whether the locked-candidates pass runs on this size (the other passes depend on the call too). */
  readonly useLocked: boolean;
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
  /** The solution `onSolution` sees, made on first use. */
  each: Uint8Array | null = null;

  // This call's choices (set by search() before resetState).
  /** The all-different pass runs (16×16 up, not when drawing grids). */
  useGac = false;
  /** MRV ties are broken by the tightness of the options (16×16 up, not when drawing grids). */
  tieBreak = false;
  /** Conflict weights, restarts and phase saving (25×25 up, not when drawing grids). */
  useWdeg = false;

  // The state the search's parts share during a call.
  /** Uncovered items: the length of `uncovered`'s live part. */
  size = 0;
  /** Length of the trail. */
  trailTop = 0;
  /** Length of the pending stack. */
  pendingTop = 0;
  /** An item ran out of options (or a group has no perfect matching): the current state is dead. */
  conflict = false;
  /** Trail index from which discarded options have not yet been looked at by `lockedCandidates`. */
  lcFrom = 0;
  /** Trail index from which discarded options have not yet been looked at by `allDifferent`. */
  gacFrom = 0;
  /** The masks reflect the discards trail[0 … maskTop). */
  maskTop = 0;
  /** Right nodes visited by the current augmenting-path search, as two words. */
  seenLo = 0;
  seenHi = 0;
  /** Tarjan's counter, stack top and number of components found, for the current group. */
  tCounter = 0;
  tTop = 0;
  compCount = 0;

  constructor(g: Geometry) {
    const n = g.size;
    const cells = g.cellCount;
    const optionCount = cells * n;
    const itemCount = 4 * cells;
    this.n = n;
    this.cells = cells;
    this.optionCount = optionCount;
    this.itemCount = itemCount;
    this.rowItems = cells;
    this.colItems = 2 * cells;
    this.boxItems = 3 * cells;
    this.lineMax = g.boxRows > g.boxCols ? g.boxRows : g.boxCols;
    this.words = n > 32 ? 2 : 1;
    this.rowOf = g.rowOf;
    this.colOf = g.colOf;
    this.boxOf = g.boxOf;
    this.useLocked = n >= LOCKED_FROM_SIZE;
    const { optionItems, itemOptions } = coverMatrix(g);
    this.optionItems = optionItems;
    this.itemOptions = itemOptions;
    this.alive = new Uint8Array(optionCount);
    this.count = new Int32Array(itemCount);
    this.uncovered = new Int32Array(itemCount);
    this.position = new Int32Array(itemCount);
    this.trail = new Int32Array(optionCount);
    // Each discarded option can lower 4 counts; each item is pending at most a few times per path.
    this.pending = new Int32Array(4 * optionCount + itemCount);
    // A path places at most one option per cell and (two-way branching) discards at most every option.
    const levels = cells + optionCount + 1;
    this.levelStart = new Int32Array(levels);
    this.levelEnd = new Int32Array(levels);
    this.levelNext = new Int32Array(levels);
    this.levelTrail = new Int32Array(levels);
    this.levelUncovered = new Int32Array(levels);
    this.levelTwoWay = new Uint8Array(levels);
    // n per n-way level (one per placed cell at most), 2 per two-way level (one per option at most).
    this.choices = new Int32Array(3 * optionCount);
    this.score = new Float64Array(n);
    this.lcQueue = new Int32Array(itemCount);
    this.lcMark = new Uint8Array(itemCount);
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
    this.groupOption = groupOption;
    this.groupLeft = groupLeft;
    this.matchLeft = new Int32Array(4 * n * n).fill(-1);
    this.matchRight = new Int32Array(4 * n * n).fill(-1);
    this.groupQueue = new Int32Array(4 * n);
    this.groupMark = new Uint8Array(4 * n);
    this.tIndex = new Int32Array(2 * n);
    this.tLow = new Int32Array(2 * n);
    this.tStack = new Int32Array(2 * n);
    this.tOn = new Uint8Array(2 * n);
    this.tComp = new Int32Array(2 * n);
    this.cellMask = new Int32Array(2 * cells);
    this.rowDigitMask = new Int32Array(2 * n * n);
    this.adjMask = new Int32Array(2 * n);
    this.weight = new Float64Array(itemCount);
    this.saved = new Int32Array(cells);
  }
}

/** The states of the searches, one kept per geometry; a call made during another gets its own (buffers.ts). */
export const states = new BuffersByGeometry((g) => new SearchState(g));

/**
 * Start a call: every option alive, every item uncovered with n options, nothing on the trail,
 * fresh weights and saved phases, and (when the all-different pass runs) every mask full.
 */
export function resetState(s: SearchState): void {
  const { n, itemCount, uncovered, position, cellMask, rowDigitMask } = s;
  s.weight.fill(1);
  s.saved.fill(-1);
  s.alive.fill(1);
  s.count.fill(n);
  s.lcMark.fill(0);
  for (let i = 0; i < itemCount; i++) {
    uncovered[i] = i;
    position[i] = i;
  }
  s.size = itemCount;
  s.trailTop = 0;
  s.pendingTop = 0;
  s.conflict = false;
  s.lcFrom = 0;
  s.gacFrom = 0;
  s.maskTop = 0;
  if (s.useGac) {
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
}
