/**
 * The search loop: Algorithm X on an explicit stack of levels in preallocated arrays, so it
 * allocates nothing. Each pass of the loop looks at a fresh state (solved, dead, or a branch to
 * open), then moves on to the next option of the deepest level that has one, undoing as it goes.
 *
 * From 25×25 up (the weights on), a branch is two-way (place the item's first option, else
 * discard it and choose an item afresh, as CP solvers do) rather than one way per option, and
 * until the first solution the search restarts from the root with a node budget that grows by
 * half each time, keeping the weights (and with `random`, on every size, to cut the heavy tail of
 * drawing a grid). Restarts stop at the first solution, so counting past it is the plain
 * exhaustive search and no solution is counted twice.
 */
import { AdaptiveClock, MAX_CLOCK_GAP } from '../../deadline.js';
import { seededRandom } from '../../random.js';
import { unsyncMasks } from './alldifferent.js';
import { nextSingle, orderOptions, smallestItem, TIMED_OUT, weightedItem } from './branch.js';
import { discard, place, undoTo } from './propagate.js';
import { resetState, type SearchState } from './state.js';
import { ALL_DIFFERENT_FROM_SIZE, RESTART_GROWTH, searchTuning, TIE_BREAK_FROM_SIZE } from './tuning.js';

export interface CoreStats {
  nodes: number;
  guesses: number;
  timedOut: boolean;
  /** Restarts before the first solution (written by solveGeneral only). */
  restarts?: number;
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

/** Write the current solution to `out`: the givens, then the option placed at each level. */
function writeSolution(s: SearchState, grid: ArrayLike<number>, depth: number, out: Uint8Array): void {
  const { n, cells, choices, levelStart, levelNext, levelTwoWay } = s;
  for (let cell = 0; cell < cells; cell++) out[cell] = grid[cell]!;
  for (let l = 0; l < depth; l++) {
    // A two-way level on its second way discarded its option.
    if (levelTwoWay[l] === 1 && levelNext[l]! - 1 > levelStart[l]!) continue;
    const o = choices[levelNext[l]! - 1]!;
    const cell = (o / n) | 0;
    out[cell] = o - cell * n + 1;
  }
}

/**
 * Back to the root for a restart: undo every level, and find the root's pending singles again
 * (they were consumed on the way down); every small unit item is queued for locked candidates.
 */
function backToRoot(s: SearchState): void {
  const { uncovered, count, pending } = s;
  undoTo(s, s.levelTrail[0]!);
  s.size = s.levelUncovered[0]!;
  s.conflict = false;
  s.pendingTop = 0;
  s.lcFrom = 0;
  if (s.maskTop > s.trailTop) unsyncMasks(s);
  s.gacFrom = 0;
  const size = s.size;
  for (let p = 0; p < size; p++) {
    const it = uncovered[p]!;
    if (count[it]! <= 1) {
      if (count[it] === 0) s.conflict = true;
      pending[s.pendingTop++] = it;
    }
  }
}

/** solveGeneral's search on the state of one geometry: its arguments are solveGeneral's. */
export function search(
  s: SearchState,
  grid: ArrayLike<number>,
  limit: number,
  solution: Uint8Array | null,
  stats: CoreStats,
  deadline: number,
  random: (() => number) | undefined,
  onSolution: ((solution: Uint8Array) => boolean | void) | undefined,
): number {
  const { n, cells, itemOptions, alive, count, choices, levelStart, levelEnd, levelNext, levelTrail, levelUncovered, levelTwoWay } = s;
  // Not when drawing grids (`random` given): from a near-empty board it prunes little and costs much.
  s.useGac = random === undefined && n >= ALL_DIFFERENT_FROM_SIZE;
  // Break MRV ties by the tightness of the options (see weightedItem) where it pays: 16×16 up.
  s.tieBreak = random === undefined && n >= TIE_BREAK_FROM_SIZE;
  // Conflict weights and restarts for the search of a puzzle (a grid drawn with `random` keeps its own order).
  const useWdeg = random === undefined && n >= searchTuning.weightsFromSize;
  s.useWdeg = useWdeg;
  const plainScan = !s.tieBreak && !useWdeg;
  /** The restarts' tie-breaks: the caller's `random`, else a fixed seed, so a call repeats. */
  const rng = random ?? seededRandom(searchTuning.seed);
  if (grid.length !== cells) throw new RangeError(`grid has ${grid.length} cells, expected ${cells}`);
  if (!(limit >= 1)) limit = 1;
  resetState(s);

  // The givens, at the root (never undone).
  for (let cell = 0; cell < cells; cell++) {
    const d = grid[cell]!;
    if (d === 0) continue;
    if (!(d >= 1 && d <= n) || !Number.isInteger(d)) throw new RangeError(`cell ${cell} holds ${d}, not 0 … ${n}`);
    const o = cell * n + d - 1;
    if (alive[o] === 0) return 0; // clashing givens: no solution
    place(s, o);
  }
  // A contradiction among the givens' consequences shows up as an item with count 0.

  let found = 0;
  let depth = 0;
  let choiceTop = 0;
  let nodes = 1;
  let guesses = 0;
  // From 16×16 up a node costs microseconds to milliseconds, and its cost swings with the search
  // (a restart's full propagation, a wide all-different pass), so the doubling gap can meet a run
  // of expensive nodes: looking at every node there costs about 0.1 µs a node (within the noise of
  // 25×25 at 5-8 µs a node) and kept every 200 ms limit under 203 ms, where a gap of up to 4 nodes
  // let 16×16 and 25×25 overrun by 100-400 ms (25 runs each, one given, counting to 1e9).
  const clock = new AdaptiveClock(deadline, n >= 16 ? 1 : MAX_CLOCK_GAP);
  // Restarts (with `random`, or with the weights from 25×25 up; only before the first solution,
  // so nothing is counted twice): a search on a large open board can make an early mistake that
  // takes ages to undo; starting afresh with a budget that grows geometrically cuts off that heavy
  // tail at the price of a constant factor when a long search is really needed.
  let restartBudget = useWdeg ? Math.max(1, searchTuning.firstRestartNodes) : 2 * cells + 1000;
  let restartAt = random === undefined && !useWdeg ? Infinity : restartBudget;
  let restarts = 0;

  for (;;) {
    // A fresh state: decide whether it is solved, dead, or which item to branch on.
    let dead = s.conflict;
    if (!dead) {
      if (s.size === 0) {
        if (onSolution !== undefined && s.each === null) s.each = new Uint8Array(cells);
        const out = found === 0 && solution !== null ? solution : onSolution !== undefined ? s.each! : null;
        if (out !== null) writeSolution(s, grid, depth, out);
        found++;
        if (onSolution !== undefined && onSolution(out!) === false) break;
        if (found >= limit) break;
        dead = true;
      } else {
        // Pick the item: a pending single if any, else the smallest count.
        let best = nextSingle(s);
        if (best < 0 && !s.conflict) {
          best = plainScan ? smallestItem(s, random) : weightedItem(s, rng, restarts, deadline);
          if (best === TIMED_OUT) {
            stats.timedOut = true;
            break;
          }
        }
        const bestCount = s.conflict ? 0 : count[best]!;
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
            orderOptions(s, start, choiceTop, random);
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
          levelTrail[depth] = s.trailTop;
          levelUncovered[depth] = s.size;
          depth++;
        }
      }
    }
    // Move on: try the next option of the deepest level that has one, undoing as we go.
    let advanced = false;
    while (depth > 0) {
      const l = depth - 1;
      undoTo(s, levelTrail[l]!);
      s.size = levelUncovered[l]!;
      const next = levelNext[l]!;
      if (next > levelStart[l]!) {
        // Back at a level after a failed or finished try. Only branch levels (opened after a full
        // scan, so with nothing pending) and exhausted levels get here, so dropping the pending
        // items loses nothing: the restored state had none with a count below 2.
        const trailTop = s.trailTop;
        s.conflict = false;
        s.pendingTop = 0;
        s.lcFrom = trailTop;
        if (s.maskTop > trailTop) unsyncMasks(s);
        s.gacFrom = trailTop;
      }
      if (next < levelEnd[l]!) {
        levelNext[l] = next + 1;
        if (levelTwoWay[l] === 1 && next > levelStart[l]!) discard(s, choices[next]!);
        else place(s, choices[next]!);
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
      backToRoot(s);
      depth = 0;
      choiceTop = 0;
    }
    if (clock.passed(nodes)) {
      stats.timedOut = true;
      break;
    }
  }
  stats.nodes = nodes;
  stats.guesses = guesses;
  stats.restarts = restarts;
  return found;
}
