/**
 * Conflict-driven clause learning specialised for Sudoku: the general core's first-solution search
 * on big boards (see general.ts for where it is used and why).
 *
 * The model is the exact cover of general.ts read as Boolean logic: one variable per option (cell,
 * digit), true when the digit is placed. The 4n² items (cell, row·digit, column·digit, box·digit)
 * are native exactly-one groups, never written out as clauses:
 * - a variable set true makes the other members of its four groups false (the reason is the
 *   binary clause ¬x ∨ ¬y of the two);
 * - a group whose members are all false but one makes that one true (the reason is the group's
 *   at-least-one clause), and a group with every member false is a conflict. Each group keeps the
 *   count of its members that are not false (the last one is found by a scan of the group; a
 *   false variable skips the groups it shares with the placement that made it false);
 * - locked candidates (a box·digit group whose live members lie in one row or column, or a line's
 *   that lie in one box) make the rest of the other group false, with the false members of the
 *   first group outside the intersection as the explanation (only built when conflict analysis
 *   asks for it). Each line or box group counts its live members per box (per row and per
 *   column of the box), so the test is a look at a few counts.
 * Everything else is the standard machinery of SAT solvers (Marques-Silva and Sakallah's GRASP,
 * Moskewicz et al.'s Chaff, Eén and Sörensson's MiniSat, Audemard and Simon's Glucose): learned
 * clauses on two watched literals, first-UIP conflict analysis with recursive clause minimisation,
 * EVSIDS decisions (move-to-front ones in the focused mode), phase saving, restarts, and a
 * learned-clause database reduced by literal block distance (LBD). State is flat typed arrays;
 * undo is the assignment trail.
 *
 * Counting past the first solution blocks each solution found with a clause (the negation of its
 * placements outside the givens) and goes on, so `count` up to `limit` is exact: the search ends
 * when the clauses are unsatisfiable.
 *
 * Why it is built this way (the measurements, and what was tried and dropped, are in
 * bench/results/cdcl-history.md):
 * - Every decision places a digit (deciding the saved polarity, mostly "not this digit", took
 *   2.7 times the conflicts on the 25×25 set), and locked candidates propagate with explanations
 *   (without them 2.7 times the conflicts there; each conflict comes faster, the hard 36×36
 *   boards are solved slower).
 * - Two restart modes in turn, focused and stable, whose lengths double up to `modeMax`: on the
 *   hard 36×36 boards solutions come in the stable mode (Luby restarts, target phases), while
 *   the focused mode (glucose-style restarts, move-to-front decisions) learns.
 * - Learned clauses are shrunk through binary reasons and the placements behind them are bumped
 *   too: shorter clauses and more of the hard boards solved on sampled search paths.
 * - Everything that runs per literal is flat typed arrays: per-group live counts (by box, row
 *   and column of a box for the locked-candidates test), a count of placed members per group,
 *   and the watch lists in one pool. The search is made once per geometry and reused, since V8
 *   threw away its compiled code when each search made new closures.
 *
 * Imports only the geometry. Not re-entrant for one geometry (the buffers are cached and shared).
 */
import type { Geometry } from '../geometry.js';
import { coverMatrix } from './cover.js';

/** Search statistics, as general.ts's CoreStats reads them. */
export interface CdclStats {
  nodes: number;
  guesses: number;
  timedOut: boolean;
  conflicts?: number;
  /** Literals taken off the trail by propagation. */
  propagations?: number;
  /** Mean size and mean LBD of the clauses learned. */
  meanLearnedSize?: number;
  meanLbd?: number;
  /** Literals taken out of learned clauses by shrinking (after minimisation). */
  shrunkLiterals?: number;
  /** Switches between the focused and the stable mode. */
  modeSwitches?: number;
}

/**
 * Knobs for measurements (bench and tests set them, then restore them). Not part of the public API.
 * - `locked`: explained locked-candidates propagation on (1) or off (0).
 * - `phase`: the first polarity of a decision (then the saved one): 1 = place the digit, 0 = rule it out; 2 = always place.
 * - `lubyUnit`: conflicts per Luby unit between restarts (0 = glucose-style restarts).
 * - `maxConflicts`: stop (as if timed out) after this many conflicts (0 = no limit), for measuring speed on one search path.
 * - `stable`: conflicts in the first focused mode (0 = focused only); `stableUnit`: the Luby unit of the stable mode's restarts; `modeMax`: the most conflicts a mode doubles to (0 = no bound).
 * - `target`: target phases in the stable mode (1) or not (0); `targetReset`: forget the target's length at each stable restart (1) or only at each switch of mode (0).
 * - `seed`: 0, or tiny initial activities drawn from this seed (another search path of the same search, to sample its run-time spread).
 * - `shrink`: shrink learned clauses through the placements that ruled their literals out (1) or not (0).
 * - `reasonBump`: bump the placements that ruled out a learned clause's literals (1) or not (0).
 * - `vmtf`: the focused mode decides by the move-to-front queue (1) or by activity, as the stable mode (0).
 * - `check`: before every decision, recount every group from the values and throw if its live count or its count of placed members is off, or if a group down to one live member has not placed it (propagation stopped short). For tests: it costs a pass over all groups per decision.
 */
export const cdclTuning = {
  locked: 1,
  phase: 2,
  lubyUnit: 0,
  firstReduce: 2000,
  reduceStep: 300,
  decay: 0.95,
  maxConflicts: 0,
  stable: 5000,
  stableUnit: 1024,
  modeMax: 20000,
  target: 1,
  targetReset: 0,
  seed: 0,
  shrink: 1,
  reasonBump: 1,
  vmtf: 1,
  check: 0,
};

interface Buffers {
  readonly n: number;
  readonly vars: number;
  readonly groups: number;
  /** The four groups of each variable (cell, row·digit, column·digit, box·digit) at 4v … 4v+3. */
  readonly varGroups: Int32Array;
  /** The n members of each group at n·g … n·g+n−1. */
  readonly groupVars: Int32Array;
  /** Per variable: 1 true, −1 false, 0 unassigned. */
  readonly value: Int8Array;
  readonly level: Int32Array;
  readonly reason: Int32Array;
  readonly seen: Uint8Array;
  readonly phase: Int8Array;
  readonly activity: Float64Array;
  /** Binary max-heap of variables by activity, with each variable's position (−1: not in it). */
  readonly heap: Int32Array;
  readonly heapPos: Int32Array;
  /** Assigned literals in order (literal = 2v for v true, 2v+1 for v false) and level starts. */
  readonly trail: Int32Array;
  readonly levelStart: Int32Array;
  /** Per group: members not false. */
  readonly live: Int32Array;
  /**
   * For the locked-candidates test: per row·digit, column·digit and box·digit group, its live
   * members counted by where they lie (row·digit: per box column; column·digit: per box row;
   * box·digit: per row of the box in `cntA` and per column of the box in `cntB`), `stride` counts
   * a group; the live members share a box (a row, a column) when one count is the live count.
   * `cidx` holds each variable's counter in its row·digit, column·digit and box·digit (row)
   * groups at 4v+1 … 4v+3 and in its box·digit group's columns (`cntB`) at 4v.
   */
  readonly stride: number;
  readonly cidx: Int32Array;
  readonly cntA: Uint16Array;
  readonly cntB: Uint16Array;
  /** Scratch: antecedent variables of one reason, the learned clause, minimisation stack. */
  readonly scratch: Int32Array;
  readonly learnt: Int32Array;
  readonly stack: Int32Array;
  readonly toClear: Int32Array;
  readonly levelStamp: Int32Array;
  /** The watch lists: per literal, pairs (clause, blocker); grown on demand. */
  /** Per literal: where its watch list starts in the pool, its room there, and its length (pairs of clause, blocker). */
  readonly watchStart: Int32Array;
  readonly watchCap: Int32Array;
  readonly watchLen: Int32Array;
  /** Placements in trail order, where each level's placements start, and the target digit (−1: none) of each cell. */
  readonly placed: Int32Array;
  readonly levelPlaced: Int32Array;
  readonly target: Int32Array;
  /** Scratch per variable for shrinking learned clauses (0 between uses). */
  readonly mark: Int32Array;
  /** Per group: its members set true (1 once placed; 2 only on the way to a conflict). */
  readonly placedIn: Uint8Array;
  /**
   * The focused mode's decision order (variable move-to-front, as in Ryan's thesis and CaDiCaL):
   * a doubly linked queue of the variables, each with the stamp of its last move to the back, and
   * the conflict at which it was last bumped. The keys sort a conflict's bumped variables by stamp.
   */
  readonly qPrev: Int32Array;
  readonly qNext: Int32Array;
  readonly qStamp: Float64Array;
  readonly qBumped: Int32Array;
  readonly qKeys: Float64Array;
  /** The solution `onSolution` sees, made on first use. */
  each?: Uint8Array;
  /** The search for this geometry, made on first use. */
  solve?: SolveFn;
}

type SolveFn = (grid: ArrayLike<number>, limit: number, solution: Uint8Array | null, stats: CdclStats, deadline: number, onSolution?: (solution: Uint8Array) => boolean | void) => number;

const buffersByGeometry = new Map<Geometry, Buffers>();

function buffersFor(g: Geometry): Buffers {
  const known = buffersByGeometry.get(g);
  if (known) return known;
  const n = g.size;
  const cells = g.cellCount;
  const vars = cells * n;
  const groups = 4 * cells;
  // Variables are the exact-cover options and groups its items, numbered alike.
  const { optionItems: varGroups, itemOptions: groupVars } = coverMatrix(g);
  const stride = g.boxRows > g.boxCols ? g.boxRows : g.boxCols;
  const cidx = new Int32Array(4 * vars);
  for (let v = 0; v < vars; v++) {
    const cell = (v / n) | 0;
    const r = g.rowOf[cell]!;
    const c = g.colOf[cell]!;
    cidx[4 * v + 1] = varGroups[4 * v + 1]! * stride + ((c / g.boxCols) | 0);
    cidx[4 * v + 2] = varGroups[4 * v + 2]! * stride + ((r / g.boxRows) | 0);
    cidx[4 * v + 3] = varGroups[4 * v + 3]! * stride + (r % g.boxRows);
    cidx[4 * v] = varGroups[4 * v + 3]! * stride + (c % g.boxCols);
  }
  const made: Buffers = {
    n,
    vars,
    groups,
    varGroups,
    groupVars,
    value: new Int8Array(vars),
    level: new Int32Array(vars),
    reason: new Int32Array(vars),
    seen: new Uint8Array(vars),
    phase: new Int8Array(vars),
    activity: new Float64Array(vars),
    heap: new Int32Array(vars),
    heapPos: new Int32Array(vars),
    trail: new Int32Array(vars),
    levelStart: new Int32Array(vars + 1),
    live: new Int32Array(groups),
    stride,
    cidx,
    cntA: new Uint16Array(groups * stride),
    cntB: new Uint16Array(groups * stride),
    scratch: new Int32Array(vars),
    learnt: new Int32Array(vars),
    stack: new Int32Array(4 * vars),
    toClear: new Int32Array(vars),
    levelStamp: new Int32Array(vars + 1),
    watchStart: new Int32Array(2 * vars),
    watchCap: new Int32Array(2 * vars),
    watchLen: new Int32Array(2 * vars),
    placed: new Int32Array(cells),
    levelPlaced: new Int32Array(vars + 1),
    target: new Int32Array(cells),
    mark: new Int32Array(vars),
    placedIn: new Uint8Array(groups),
    qPrev: new Int32Array(vars),
    qNext: new Int32Array(vars),
    qStamp: new Float64Array(vars),
    qBumped: new Int32Array(vars),
    qKeys: new Float64Array(vars),
  };
  buffersByGeometry.set(g, made);
  return made;
}

/** Reason codes (Int32 per variable): */
const DECISION = -1;
/** Clause header: size, meta (LBD in the low bits, flags above), spare (forwarding on reduction). */
const HEADER = 3;
const PERMANENT = 1 << 29;
const DELETED = 1 << 30;
const LBD_MASK = (1 << 20) - 1;

function luby(i: number): number {
  // The i-th term (from 0) of 1, 1, 2, 1, 1, 2, 4, 1, …
  let size = 1;
  let seq = 0;
  while (size < i + 1) {
    seq++;
    size = 2 * size + 1;
  }
  let x = i;
  while (size - 1 !== x) {
    size = (size - 1) >> 1;
    seq--;
    x %= size;
  }
  return 2 ** seq;
}

/**
 * Count the solutions of a puzzle up to `limit` (>= 1) by clause learning; the first found goes
 * to `solution`. Same contract as general.ts's solveGeneral without `random`: `grid` is trusted
 * to have no clashing givens; `deadline` is a performance.now() value; `onSolution` sees each
 * solution (a scratch buffer) and stops the search by returning false.
 */
export function solveCdcl(
  g: Geometry,
  grid: ArrayLike<number>,
  limit: number,
  solution: Uint8Array | null,
  stats: CdclStats,
  deadline: number,
  onSolution?: (solution: Uint8Array) => boolean | void,
): number {
  const b = buffersFor(g);
  b.solve ??= makeSolver(g, b);
  return b.solve(grid, limit, solution, stats, deadline, onSolution);
}

/**
 * The search for one geometry, made once with its buffers: its inner functions are the same
 * closures from one search to the next. Made afresh for each search, they ran up to a third slower
 * after the first one in a process (V8 threw away the code it had inlined for the first search's
 * closures: "wrong call target").
 */
function makeSolver(g: Geometry, b: Buffers): SolveFn {
  const { n, vars, groups, varGroups, groupVars, value, level, reason, seen, phase, activity, heap, heapPos, trail, levelStart } = b;
  const { stride, cidx, cntA, cntB } = b;
  const { live, scratch, learnt, stack, toClear, levelStamp, watchStart, watchCap, watchLen, placed, levelPlaced, target, mark, placedIn } = b;
  const { qPrev, qNext, qStamp, qBumped, qKeys } = b;
  const cells = g.cellCount;
  const { boxRows, boxCols, boxOf } = g;
  /** Reason codes: −1 decision or given; v < vars: false because v is true; vars + grp: the group's last live member; above: a clause. Below −1: locked candidates. */
  const GROUP = vars;
  const CLAUSE = vars + groups;
  const rowGroups = cells;
  const colGroups = 2 * cells;
  const boxGroups = 3 * cells;
  let useLocked = false;
  let useShrink = false;
  let bumpReasons = false;
  let varDecay = 0.95;
  let arena = new Int32Array(1 << 16);
  let arenaTop = 0;
  let trailTop = 0;
  let placedTop = 0;
  let qhead = 0;
  let decisionLevel = 0;
  let varInc = 1;

  // --- the heap of variables by activity ---
  let heapSize = 0;
  const heapUp = (i: number): void => {
    const v = heap[i]!;
    const a = activity[v]!;
    while (i > 0) {
      const p = (i - 1) >> 1;
      const pv = heap[p]!;
      if (activity[pv]! >= a) break;
      heap[i] = pv;
      heapPos[pv] = i;
      i = p;
    }
    heap[i] = v;
    heapPos[v] = i;
  };
  const heapDown = (i: number): void => {
    const v = heap[i]!;
    const a = activity[v]!;
    for (;;) {
      let c = 2 * i + 1;
      if (c >= heapSize) break;
      if (c + 1 < heapSize && activity[heap[c + 1]!]! > activity[heap[c]!]!) c++;
      const cv = heap[c]!;
      if (activity[cv]! <= a) break;
      heap[i] = cv;
      heapPos[cv] = i;
      i = c;
    }
    heap[i] = v;
    heapPos[v] = i;
  };
  const heapInsert = (v: number): void => {
    if (heapPos[v]! >= 0) return;
    heap[heapSize] = v;
    heapPos[v] = heapSize;
    heapSize++;
    heapUp(heapSize - 1);
  };
  const heapPop = (): number => {
    const v = heap[0]!;
    heapPos[v] = -1;
    heapSize--;
    if (heapSize > 0) {
      heap[0] = heap[heapSize]!;
      heapPos[heap[0]!] = 0;
      heapDown(0);
    }
    return v;
  };
  // --- the move-to-front queue (focused mode) ---
  let useVmtf = false;
  let qLast = -1;
  /** No variable after this one in the queue is unassigned. */
  let qUnassigned = -1;
  let qStampTop = 0;
  let qKeyTop = 0;
  let qConflict = 1;
  /** A sort key is stamp · QUEUE_KEY + variable: above every variable (49³ = 117,649), and exact in a double up to 2³⁵ stamps. */
  const QUEUE_KEY = 1 << 18;
  /** Link the queue in this order of the variables (null: 0, 1, 2, …), the last at the back. */
  const linkQueue = (order: ArrayLike<number> | null): void => {
    for (let i = 0; i < vars; i++) {
      const v = order === null ? i : order[i]!;
      qPrev[v] = i > 0 ? (order === null ? i - 1 : order[i - 1]!) : -1;
      qNext[v] = i + 1 < vars ? (order === null ? i + 1 : order[i + 1]!) : -1;
      qStamp[v] = i + 1;
    }
    qLast = order === null ? vars - 1 : order[vars - 1]!;
    qUnassigned = qLast;
    qStampTop = vars;
  };
  /** Move the variables bumped by this conflict to the back of the queue, in their old order. */
  const queueBumped = (): void => {
    const keys = qKeys.subarray(0, qKeyTop);
    keys.sort();
    for (let k = 0; k < qKeyTop; k++) {
      const v = keys[k]! % QUEUE_KEY;
      if (v === qLast) {
        qStamp[v] = ++qStampTop;
      } else {
        const pv = qPrev[v]!;
        const nv = qNext[v]!;
        if (pv >= 0) qNext[pv] = nv;
        qPrev[nv] = pv;
        qPrev[v] = qLast;
        qNext[v] = -1;
        qNext[qLast] = v;
        qLast = v;
        qStamp[v] = ++qStampTop;
      }
      if (value[v] === 0) qUnassigned = v;
    }
    qKeyTop = 0;
    qConflict++;
  };
  const bump = (v: number): void => {
    if (useVmtf && qBumped[v] !== qConflict) {
      qBumped[v] = qConflict;
      qKeys[qKeyTop++] = qStamp[v]! * QUEUE_KEY + v;
    }
    activity[v]! += varInc;
    if (activity[v]! > 1e100) {
      for (let u = 0; u < vars; u++) activity[u]! *= 1e-100;
      varInc *= 1e-100;
    }
    if (heapPos[v]! >= 0) heapUp(heapPos[v]!);
  };

  // --- assignment and undo ---
  const assign = (lit: number, why: number): void => {
    const v = lit >> 1;
    level[v] = decisionLevel;
    reason[v] = why;
    trail[trailTop++] = lit;
    if ((lit & 1) === 0) {
      value[v] = 1;
      placed[placedTop++] = v;
      const base = 4 * v;
      placedIn[varGroups[base]!]!++;
      placedIn[varGroups[base + 1]!]!++;
      placedIn[varGroups[base + 2]!]!++;
      placedIn[varGroups[base + 3]!]!++;
    } else {
      value[v] = -1;
      const base = 4 * v;
      live[varGroups[base]!]!--;
      live[varGroups[base + 1]!]!--;
      live[varGroups[base + 2]!]!--;
      live[varGroups[base + 3]!]!--;
      cntA[cidx[base + 1]!]!--;
      cntA[cidx[base + 2]!]!--;
      cntA[cidx[base + 3]!]!--;
      cntB[cidx[base]!]!--;
    }
  };
  const backtrack = (to: number): void => {
    if (decisionLevel <= to) return;
    const stop = levelStart[to + 1]!;
    while (trailTop > stop) {
      const lit = trail[--trailTop]!;
      const v = lit >> 1;
      const base = 4 * v;
      if ((lit & 1) === 0) {
        placedIn[varGroups[base]!]!--;
        placedIn[varGroups[base + 1]!]!--;
        placedIn[varGroups[base + 2]!]!--;
        placedIn[varGroups[base + 3]!]!--;
      } else {
        live[varGroups[base]!]!++;
        live[varGroups[base + 1]!]!++;
        live[varGroups[base + 2]!]!++;
        live[varGroups[base + 3]!]!++;
        cntA[cidx[base + 1]!]!++;
        cntA[cidx[base + 2]!]!++;
        cntA[cidx[base + 3]!]!++;
        cntB[cidx[base]!]!++;
      }
      phase[v] = value[v]!;
      value[v] = 0;
      heapInsert(v);
      if (useVmtf && qStamp[v]! > qStamp[qUnassigned]!) qUnassigned = v;
    }
    qhead = trailTop;
    placedTop = levelPlaced[to + 1]!;
    decisionLevel = to;
  };

  // --- clauses and watches ---
  /**
   * The watch lists share one pool: a list that outgrows its room moves to the end with twice the
   * room (its old room is left unused until the next reduction lays the lists out afresh).
   */
  let pool = new Int32Array(1 << 12);
  let poolTop = 0;
  /** Every watch list empty, the pool free (it keeps its size). */
  const clearWatches = (): void => {
    watchLen.fill(0);
    watchCap.fill(0);
    poolTop = 0;
  };
  const watch = (lit: number, cref: number, blocker: number): void => {
    const len = watchLen[lit]!;
    let at = watchStart[lit]!;
    if (len + 2 > watchCap[lit]!) {
      const cap = len === 0 ? 8 : 2 * watchCap[lit]!;
      if (poolTop + cap > pool.length) {
        let size = 2 * pool.length;
        while (poolTop + cap > size) size *= 2;
        const grown = new Int32Array(size);
        grown.set(pool.subarray(0, poolTop));
        pool = grown;
      }
      pool.copyWithin(poolTop, at, at + len);
      watchStart[lit] = at = poolTop;
      watchCap[lit] = cap;
      poolTop += cap;
    }
    pool[at + len] = cref;
    pool[at + len + 1] = blocker;
    watchLen[lit] = len + 2;
  };
  /** Store a clause of `size` literals from `lits` (the first two are watched). */
  const addClause = (lits: Int32Array, size: number, meta: number): number => {
    if (arenaTop + HEADER + size > arena.length) {
      let cap = arena.length * 2;
      while (arenaTop + HEADER + size > cap) cap *= 2;
      const grown = new Int32Array(cap);
      grown.set(arena.subarray(0, arenaTop));
      arena = grown;
    }
    const cref = arenaTop;
    arena[cref] = size;
    arena[cref + 1] = meta;
    arena[cref + 2] = 0;
    for (let i = 0; i < size; i++) arena[cref + HEADER + i] = lits[i]!;
    arenaTop += HEADER + size;
    watch(lits[0]!, cref, lits[1]!);
    watch(lits[1]!, cref, lits[0]!);
    return cref;
  };
  const litValue = (lit: number): number => ((lit & 1) === 0 ? value[lit >> 1]! : -value[lit >> 1]!);

  // --- propagation ---
  /** The conflict: its kind and operands. */
  let conflictKind = 0; // 0 none, 1 two true members (a, b), 2 group all false (a), 3 clause (a), 4 locked (a true in target c, source s)
  let confA = 0;
  let confB = 0;
  let confS = 0;
  const KIND_BINARY = 1;
  const KIND_GROUP = 2;
  const KIND_CLAUSE = 3;
  const KIND_LOCKED = 4;

  /** Where a row·digit, column·digit or box·digit group sits among its members' four groups (u lies in grp when varGroups[4u + slotOf(grp)] is grp). */
  const slotOf = (grp: number): number => (grp < colGroups ? 1 : grp < boxGroups ? 2 : 3);
  /**
   * Locked candidates: the live members of `source` all lie in `target` (a box·digit group and a
   * row·digit or column·digit group of the same digit): the other members of `target` go false.
   * Returns false on a conflict.
   */
  const eliminateOutside = (source: number, target: number): boolean => {
    // Nothing live outside the intersection (the common case once applied): nothing to do.
    if (live[target] === live[source]) return true;
    const why = -2 - (source * groups + target);
    const base = target * n;
    const slot = slotOf(source);
    for (let j = 0; j < n; j++) {
      const u = groupVars[base + j]!;
      if (varGroups[4 * u + slot] === source) continue;
      const val = value[u]!;
      if (val === 0) assign(2 * u + 1, why);
      else if (val === 1) {
        conflictKind = KIND_LOCKED;
        confA = u;
        confB = target;
        confS = source;
        return false;
      }
    }
    return true;
  };
  /** Check a row·digit, column·digit or box·digit group (live count c >= 2) for locked candidates. Returns false on a conflict. */
  const lockedCheck = (grp: number, c: number): boolean => {
    const at = grp * stride;
    if (grp >= boxGroups) {
      // Box·digit: do the live members share a row (A) or a column (B)?
      let ra = -1;
      for (let q = 0; q < boxRows; q++) {
        if (cntA[at + q] === c) {
          ra = q;
          break;
        }
      }
      let rb = -1;
      for (let q = 0; q < boxCols; q++) {
        if (cntB[at + q] === c) {
          rb = q;
          break;
        }
      }
      if (ra < 0 && rb < 0) return true;
      const d = (grp - boxGroups) % n;
      const first = (groupVars[grp * n]! / n) | 0;
      const r0 = g.rowOf[first]! - (g.rowOf[first]! % boxRows);
      const c0 = g.colOf[first]! - (g.colOf[first]! % boxCols);
      if (ra >= 0 && !eliminateOutside(grp, rowGroups + (r0 + ra) * n + d)) return false;
      if (rb >= 0 && !eliminateOutside(grp, colGroups + (c0 + rb) * n + d)) return false;
      return true;
    }
    // Row·digit or column·digit: do the live members share a box?
    const row = grp < colGroups;
    const span = row ? boxRows : boxCols;
    let q = 0;
    while (q < span && cntA[at + q] !== c) q++;
    if (q === span) return true;
    const line = row ? ((grp - rowGroups) / n) | 0 : ((grp - colGroups) / n) | 0;
    const d = (grp - rowGroups) % n;
    const cell = row ? line * n + q * boxCols : q * boxRows * n + line;
    return eliminateOutside(grp, boxGroups + boxOf[cell]! * n + d);
  };

  /** Unit propagation over the groups and the clauses (and locked candidates); false on a conflict. */
  const propagate = (): boolean => {
    while (qhead < trailTop) {
      const lit = trail[qhead++]!;
      props++;
      const v = lit >> 1;
      const base = 4 * v;
      if ((lit & 1) === 0) {
        for (let k = 0; k < 4; k++) {
          const grp = varGroups[base + k]!;
          if (live[grp] === 1) continue;
          const gb = grp * n;
          for (let j = 0; j < n; j++) {
            const u = groupVars[gb + j]!;
            if (u === v) continue;
            const val = value[u]!;
            if (val === 0) assign(2 * u + 1, v);
            else if (val === 1) {
              conflictKind = KIND_BINARY;
              confA = v;
              confB = u;
              return false;
            }
          }
        }
      } else {
        // A group shared with the placement that made v false holds that placement: nothing to do.
        const why = reason[v]!;
        const by = why >= 0 && why < GROUP ? 4 * why : -1;
        for (let k = 0; k < 4; k++) {
          const grp = varGroups[base + k]!;
          if (by >= 0 && varGroups[by + k] === grp) continue;
          const c = live[grp]!;
          if (c === 0) {
            conflictKind = KIND_GROUP;
            confA = grp;
            return false;
          }
          if (c === 1) {
            // The last live member: placed already (nothing to do), or found by a scan.
            if (placedIn[grp] !== 0) continue;
            const gb = grp * n;
            let w = groupVars[gb]!;
            for (let j = 1; value[w] === -1 && j < n; j++) w = groupVars[gb + j]!;
            if (value[w] === 0) assign(2 * w, GROUP + grp);
          } else if (useLocked && k > 0 && c <= lineMax) {
            if (!lockedCheck(grp, c)) return false;
          }
        }
      }
      // The clauses watching the literal that just became false.
      const falseLit = lit ^ 1;
      const len = watchLen[falseLit]!;
      if (len === 0) continue;
      // Offsets into the pool from the list's start (a watch() call below may move the pool, never this list).
      const start = watchStart[falseLit]!;
      const end = start + len;
      let i = start;
      let j = start;
      while (i < end) {
        const cref: number = pool[i]!;
        const blocker: number = pool[i + 1]!;
        i += 2;
        if (litValue(blocker) === 1) {
          pool[j++] = cref;
          pool[j++] = blocker;
          continue;
        }
        const l0 = cref + HEADER;
        if (arena[l0] === falseLit) {
          arena[l0] = arena[l0 + 1]!;
          arena[l0 + 1] = falseLit;
        }
        const first = arena[l0]!;
        if (first !== blocker && litValue(first) === 1) {
          pool[j++] = cref;
          pool[j++] = first;
          continue;
        }
        const size = arena[cref]!;
        let moved = false;
        for (let k = 2; k < size; k++) {
          const other = arena[l0 + k]!;
          if (litValue(other) !== -1) {
            arena[l0 + 1] = other;
            arena[l0 + k] = falseLit;
            watch(other, cref, first);
            moved = true;
            break;
          }
        }
        if (moved) continue;
        pool[j++] = cref;
        pool[j++] = first;
        if (litValue(first) === -1) {
          while (i < end) pool[j++] = pool[i++]!;
          watchLen[falseLit] = j - start;
          conflictKind = KIND_CLAUSE;
          confA = cref;
          return false;
        }
        assign(first, CLAUSE + cref);
      }
      watchLen[falseLit] = j - start;
    }
    return true;
  };
  const lineMax = boxRows > boxCols ? boxRows : boxCols;
  let props = 0;
  let learntLits = 0;

  // --- conflict analysis ---
  /** The variables of a reason other than `v` (all assigned before v), into `out` from `at`; returns how many. */
  const antecedents = (v: number, out: Int32Array, at: number): number => {
    const why = reason[v]!;
    if (why < -1) {
      const code = -2 - why;
      const source = (code / groups) | 0;
      const target = code - source * groups;
      let m = 0;
      const base = source * n;
      const slot = slotOf(target);
      for (let j = 0; j < n; j++) {
        const u = groupVars[base + j]!;
        if (varGroups[4 * u + slot] !== target) out[at + m++] = u;
      }
      return m;
    }
    if (why < GROUP) {
      out[at] = why;
      return 1;
    }
    if (why < CLAUSE) {
      const base = (why - GROUP) * n;
      let m = 0;
      for (let j = 0; j < n; j++) {
        const u = groupVars[base + j]!;
        if (u !== v) out[at + m++] = u;
      }
      return m;
    }
    const cref = why - CLAUSE;
    const size = arena[cref]!;
    let m = 0;
    for (let k = 0; k < size; k++) {
      const u = arena[cref + HEADER + k]! >> 1;
      if (u !== v) out[at + m++] = u;
    }
    return m;
  };
  /** The conflict's variables into `scratch`; returns how many. */
  const conflictVars = (): number => {
    if (conflictKind === KIND_BINARY) {
      scratch[0] = confA;
      scratch[1] = confB;
      return 2;
    }
    if (conflictKind === KIND_GROUP) {
      const base = confA * n;
      for (let j = 0; j < n; j++) scratch[j] = groupVars[base + j]!;
      return n;
    }
    if (conflictKind === KIND_LOCKED) {
      let m = 0;
      scratch[m++] = confA;
      const base = confS * n;
      const slot = slotOf(confB);
      for (let j = 0; j < n; j++) {
        const u = groupVars[base + j]!;
        if (varGroups[4 * u + slot] !== confB) scratch[m++] = u;
      }
      return m;
    }
    const size = arena[confA]!;
    for (let k = 0; k < size; k++) scratch[k] = arena[confA + HEADER + k]! >> 1;
    return size;
  };
  /** The literal of variable u that is false now (u's part of a clause all of whose literals are false). */
  const falseLitOf = (u: number): number => (value[u] === 1 ? 2 * u + 1 : 2 * u);
  const abstractLevel = (u: number): number => 1 << (level[u]! & 31);
  let clearTop = 0;
  let levels = 0;
  /**
   * Whether variable u's literal follows from the learned clause's (recursive minimisation, depth
   * first, caching each answer in `seen`: 2 implied, 3 not): u's antecedents go on `stack` from `at`.
   */
  const implied = (u: number, depth: number, at: number): boolean => {
    const s = seen[u]!;
    if (s === 1 || s === 2 || level[u] === 0) return true;
    if (s === 3) return false;
    const why = reason[u]!;
    const need = why >= CLAUSE ? arena[why - CLAUSE]! : n;
    let ok = why !== DECISION && depth < 256 && (abstractLevel(u) & levels) !== 0 && at + need <= stack.length;
    if (ok) {
      const m = antecedents(u, stack, at);
      for (let k = 0; k < m; k++) {
        if (!implied(stack[at + k]!, depth + 1, at + m)) {
          ok = false;
          break;
        }
      }
    }
    seen[u] = ok ? 2 : 3;
    toClear[clearTop++] = u;
    return ok;
  };
  /** Whether the clause's literal of u (seen 1) follows from the others. */
  const redundant = (u: number): boolean => {
    const m = antecedents(u, stack, 0);
    for (let k = 0; k < m; k++) if (!implied(stack[k]!, 1, m)) return false;
    return true;
  };
  /**
   * Shrink: a positive literal y (false now because the placement z shares a group with it) may be
   * resolved with the binary reason ¬y ∨ ¬z into ¬z, which lies at y's level. Done for every such
   * y whose z falsified at least one other literal of the clause or whose ¬z is in it already, so
   * the clause only gets shorter and its levels stay the same.
   */
  const shrinkByPlacements = (size: number): number => {
    let touched = 0;
    for (let k = 1; k < size; k++) {
      const lit = learnt[k]!;
      if ((lit & 1) === 1) {
        mark[lit >> 1] = 2;
        stack[touched++] = lit >> 1;
      }
    }
    for (let k = 1; k < size; k++) {
      const lit = learnt[k]!;
      if ((lit & 1) === 0) {
        const z = reason[lit >> 1]!;
        if (z >= 0 && z < GROUP && mark[z]! < 2) {
          if (mark[z] === 0) stack[touched++] = z;
          mark[z]!--;
        }
      }
    }
    let kept = 1;
    for (let k = 1; k < size; k++) {
      const lit = learnt[k]!;
      if ((lit & 1) === 0) {
        const z = reason[lit >> 1]!;
        if (z >= 0 && z < GROUP) {
          const m = mark[z]!;
          if (m >= 2) continue;
          if (m <= -2) {
            learnt[kept++] = 2 * z + 1;
            mark[z] = 3;
            continue;
          }
        }
      }
      learnt[kept++] = lit;
    }
    for (let t = 0; t < touched; t++) mark[stack[t]!] = 0;
    shrunk += size - kept;
    return kept;
  };
  let shrunk = 0;
  let lbdStamp = 0;
  /** 1-UIP analysis of the current conflict: fills `learnt` (asserting literal first, then the highest level second); returns its size. */
  let backjumpLevel = 0;
  let learntLbd = 0;
  const analyze = (): number => {
    let size = 1;
    let pathCount = 0;
    let index = trailTop - 1;
    let m = conflictVars();
    let p = -1;
    for (;;) {
      for (let k = 0; k < m; k++) {
        const u = scratch[k]!;
        if (seen[u] !== 0 || level[u] === 0) continue;
        seen[u] = 1;
        bump(u);
        if (level[u] === decisionLevel) pathCount++;
        else learnt[size++] = falseLitOf(u);
      }
      while (seen[trail[index]! >> 1] === 0) index--;
      p = trail[index]! >> 1;
      index--;
      seen[p] = 0;
      pathCount--;
      if (pathCount === 0) break;
      m = antecedents(p, scratch, 0);
    }
    learnt[0] = falseLitOf(p);
    // Minimise: drop literals implied by the others.
    levels = 0;
    for (let k = 1; k < size; k++) levels |= abstractLevel(learnt[k]! >> 1);
    clearTop = 0;
    for (let k = 1; k < size; k++) toClear[clearTop++] = learnt[k]! >> 1;
    let kept = 1;
    for (let k = 1; k < size; k++) {
      const u = learnt[k]! >> 1;
      if (reason[u] === DECISION || !redundant(u)) learnt[kept++] = learnt[k]!;
    }
    size = kept;
    for (let c = 0; c < clearTop; c++) seen[toClear[c]!] = 0;
    if (useShrink && size > 2) size = shrinkByPlacements(size);
    if (bumpReasons) {
      // Reason-side bumping (CaDiCaL's bumpreason), for the binary reasons only: the placement
      // that ruled out a literal of the clause shares the credit.
      for (let k = 0; k < size; k++) {
        const why = reason[learnt[k]! >> 1]!;
        if (why >= 0 && why < GROUP) bump(why);
      }
    }
    // The backjump level: the highest among the rest, moved to position 1.
    backjumpLevel = 0;
    if (size > 1) {
      let at = 1;
      for (let k = 2; k < size; k++) if (level[learnt[k]! >> 1]! > level[learnt[at]! >> 1]!) at = k;
      const t = learnt[1]!;
      learnt[1] = learnt[at]!;
      learnt[at] = t;
      backjumpLevel = level[learnt[1]! >> 1]!;
    }
    lbdStamp++;
    learntLbd = 0;
    for (let k = 0; k < size; k++) {
      const l = level[learnt[k]! >> 1]!;
      if (levelStamp[l] !== lbdStamp) {
        levelStamp[l] = lbdStamp;
        learntLbd++;
      }
    }
    varInc /= varDecay;
    if (useVmtf) queueBumped();
    return size;
  };

  // --- learned clause database reduction ---
  const locked = (cref: number): boolean => {
    const v = arena[cref + HEADER]! >> 1;
    return value[v] !== 0 && reason[v] === CLAUSE + cref;
  };
  const order: number[] = [];
  const reduce = (): void => {
    order.length = 0;
    for (let cref: number = 0; cref < arenaTop; cref += HEADER + arena[cref]!) {
      const meta = arena[cref + 1]!;
      if ((meta & PERMANENT) !== 0 || (meta & LBD_MASK) <= 2 || locked(cref)) continue;
      order.push(cref);
    }
    // Worst first: highest LBD, then oldest.
    order.sort((x, y) => (arena[y + 1]! & LBD_MASK) - (arena[x + 1]! & LBD_MASK) || x - y);
    const drop = order.length >> 1;
    for (let k = 0; k < drop; k++) arena[order[k]! + 1]! |= DELETED;
    // Compact: forwarding addresses, then the reasons, then the moves, then the watches afresh.
    let to = 0;
    for (let cref: number = 0; cref < arenaTop; cref += HEADER + arena[cref]!) {
      if ((arena[cref + 1]! & DELETED) !== 0) continue;
      arena[cref + 2] = to;
      to += HEADER + arena[cref]!;
    }
    for (let t = 0; t < trailTop; t++) {
      const v = trail[t]! >> 1;
      const why = reason[v]!;
      if (why >= CLAUSE) reason[v] = CLAUSE + arena[why - CLAUSE + 2]!;
    }
    clearWatches();
    let from = 0;
    to = 0;
    while (from < arenaTop) {
      const size = arena[from]!;
      const len = HEADER + size;
      if ((arena[from + 1]! & DELETED) === 0) {
        if (to !== from) arena.copyWithin(to, from, from + len);
        watch(arena[to + HEADER]!, to, arena[to + HEADER + 1]!);
        watch(arena[to + HEADER + 1]!, to, arena[to + HEADER]!);
        to += len;
      }
      from += len;
    }
    arenaTop = to;
  };

  /** cdclTuning.check: the group counts against the values, at a propagation fixpoint. */
  let checking = false;
  const checkGroups = (): void => {
    for (let grp = 0; grp < groups; grp++) {
      let notFalse = 0;
      let placedHere = 0;
      for (let j = 0; j < n; j++) {
        const val = value[groupVars[grp * n + j]!]!;
        if (val !== -1) notFalse++;
        if (val === 1) placedHere++;
      }
      if (notFalse !== live[grp] || placedHere !== placedIn[grp]) {
        throw new Error(`cdcl check: group ${grp} has ${notFalse} live and ${placedHere} placed members, counted ${live[grp]} and ${placedIn[grp]}`);
      }
      if (notFalse === 1 && placedHere === 0) throw new Error(`cdcl check: group ${grp} is down to one live member at a fixpoint, not placed`);
    }
  };

  return (grid, limit, solution, stats, deadline, onSolution) => {
    if (grid.length !== cells) throw new RangeError(`grid has ${grid.length} cells, expected ${cells}`);
    if (!(limit >= 1)) limit = 1;
    stats.nodes = 1;
    stats.guesses = 0;
    stats.timedOut = false;
    stats.conflicts = 0;
    useLocked = cdclTuning.locked !== 0 && n >= 9;
    checking = cdclTuning.check !== 0;
    useShrink = cdclTuning.shrink !== 0;
    bumpReasons = cdclTuning.reasonBump !== 0;
    const alwaysPlace = cdclTuning.phase === 2;
    varDecay = cdclTuning.decay;

    value.fill(0);
    level.fill(0);
    seen.fill(0);
    phase.fill(cdclTuning.phase ? 1 : -1);
    activity.fill(0);
    live.fill(n);
    placedIn.fill(0);
    cntA.fill(0);
    cntB.fill(0);
    for (let v = 0; v < vars; v++) {
      cntA[cidx[4 * v + 1]!]!++;
      cntA[cidx[4 * v + 2]!]!++;
      cntA[cidx[4 * v + 3]!]!++;
      cntB[cidx[4 * v]!]!++;
    }
    clearWatches();
    arena = new Int32Array(1 << 16);
    arenaTop = 0;
    trailTop = 0;
    placedTop = 0;
    qhead = 0;
    decisionLevel = 0;
    varInc = 1;
    heapSize = 0;
    conflictKind = 0;
    props = 0;
    learntLits = 0;
    shrunk = 0;
    clearTop = 0;
    levels = 0;
    lbdStamp = 0;
    backjumpLevel = 0;
    learntLbd = 0;
    heapPos.fill(-1);
    for (let v = 0; v < vars; v++) {
      heap[v] = v;
      heapPos[v] = v;
    }
    heapSize = vars;
    useVmtf = cdclTuning.vmtf !== 0;
    linkQueue(null);
    qKeyTop = 0;
    qBumped.fill(0);
    qConflict = 1;
    if (cdclTuning.seed !== 0) {
      // For measurements: another search path, from tiny initial activities drawn from the seed.
      let x = cdclTuning.seed >>> 0 || 1;
      for (let v = 0; v < vars; v++) {
        x ^= x << 13;
        x ^= x >>> 17;
        x ^= x << 5;
        activity[v] = ((x >>> 0) / 4294967296) * 1e-3;
      }
      for (let i = (vars >> 1) - 1; i >= 0; i--) heapDown(i);
      if (useVmtf) {
        // The queue in the same order: the most active variable at the back.
        linkQueue(Array.from({ length: vars }, (_, v) => v).sort((u, v) => activity[u]! - activity[v]!));
      }
    }
    // --- the givens ---
    for (let cell = 0; cell < cells; cell++) {
      const d = grid[cell]!;
      if (d === 0) continue;
      const v = cell * n + d - 1;
      if (value[v] === -1) return 0;
      if (value[v] === 0) assign(2 * v, DECISION);
      if (!propagate()) return 0;
    }

    let found = 0;
    let decisions = 0;
    let conflicts = 0;
    let restarts = 0;
    let modeSwitches = 0;
    let nextRestart = cdclTuning.lubyUnit > 0 ? cdclTuning.lubyUnit * luby(0) : 50;
    let reduceAt = cdclTuning.firstReduce;
    let reductions = 0;
    // Glucose-style restarts: the recent LBDs' average against the average of all.
    let emaFast = 0;
    let lbdSum = 0;
    let sinceRestart = 0;
    // Two restart modes in turn: focused (the glucose-style restarts below) and stable (Luby restarts
    // of unit `stableUnit`, so runs of thousands of conflicts without a restart). Each stable phase is
    // as long as the focused one before it; the focused phases double up to `modeMax` (solutions come
    // in the stable mode, and a long focused phase is where a run got stuck).
    let stableMode = false;
    let modeLength = cdclTuning.stable;
    let modeEnd = cdclTuning.stable > 0 ? cdclTuning.stable : -1;
    let stableRestarts = 0;
    let nextStableRestart = 0;
    let clock = 0;
    const maxConflicts = cdclTuning.maxConflicts > 0 ? cdclTuning.maxConflicts : -1;
    const useTarget = cdclTuning.target !== 0;
    let targetAssigned = 0;
    target.fill(-1);
    levelPlaced[0] = 0;
    for (;;) {
      if (!propagate()) {
        conflicts++;
        if (decisionLevel === 0) break;
        const size = analyze();
        if (stableMode && useTarget && levelStart[decisionLevel]! > targetAssigned) {
          // Target phases: the longest conflict-free trail of the stable mode, as digits per cell.
          targetAssigned = levelStart[decisionLevel]!;
          target.fill(-1);
          const end = levelPlaced[decisionLevel]!;
          for (let t = 0; t < end; t++) {
            const v = placed[t]!;
            const cell = (v / n) | 0;
            target[cell] = v - cell * n;
          }
        }
        backtrack(backjumpLevel);
        if (size === 1) assign(learnt[0]!, DECISION);
        else {
          learntLits += size;
          const cref = addClause(learnt, size, learntLbd);
          assign(learnt[0]!, CLAUSE + cref);
        }
        sinceRestart++;
        emaFast += (learntLbd - emaFast) / 32;
        lbdSum += learntLbd;
        if (((++clock & 15) === 0 && performance.now() > deadline) || conflicts === maxConflicts) {
          stats.timedOut = true;
          break;
        }
        continue;
      }
      // No conflict: restart, reduce, or decide.
      if (modeEnd > 0 && conflicts >= modeEnd) {
        stableMode = !stableMode;
        modeSwitches++;
        if (!stableMode && (cdclTuning.modeMax <= 0 || 2 * modeLength <= cdclTuning.modeMax)) modeLength *= 2;
        modeEnd = conflicts + modeLength;
        stableRestarts = 0;
        targetAssigned = 0;
        nextStableRestart = conflicts + cdclTuning.stableUnit;
        sinceRestart = 0;
        backtrack(0);
      }
      if (stableMode) {
        if (conflicts >= nextStableRestart) {
          restarts++;
          stableRestarts++;
          nextStableRestart = conflicts + cdclTuning.stableUnit * luby(stableRestarts);
          if (cdclTuning.targetReset !== 0) targetAssigned = 0;
          backtrack(0);
        }
      } else if (cdclTuning.lubyUnit > 0 ? conflicts >= nextRestart : sinceRestart >= 50 && emaFast * conflicts > 1.25 * lbdSum) {
        restarts++;
        sinceRestart = 0;
        if (cdclTuning.lubyUnit > 0) nextRestart = conflicts + cdclTuning.lubyUnit * luby(restarts);
        backtrack(0);
      }
      if (conflicts >= reduceAt) {
        reductions++;
        reduceAt = conflicts + cdclTuning.firstReduce + cdclTuning.reduceStep * reductions;
        reduce();
      }
      let next = -1;
      if (useVmtf && !stableMode) {
        let v = qUnassigned;
        while (v >= 0 && value[v] !== 0) v = qPrev[v]!;
        if (v >= 0) {
          qUnassigned = v;
          next = v;
        }
      } else {
        while (heapSize > 0) {
          const v = heapPop();
          if (value[v] === 0) {
            next = v;
            break;
          }
        }
      }
      if (next < 0) {
        // Every variable assigned without a conflict: a solution.
        if (onSolution !== undefined && b.each === undefined) b.each = new Uint8Array(cells);
        const out = found === 0 && solution !== null ? solution : onSolution !== undefined ? b.each! : null;
        if (out !== null) {
          for (let t = 0; t < trailTop; t++) {
            const lit = trail[t]!;
            if ((lit & 1) === 0) {
              const cell = ((lit >> 1) / n) | 0;
              out[cell] = (lit >> 1) - cell * n + 1;
            }
          }
        }
        found++;
        if (onSolution !== undefined && onSolution(out!) === false) break;
        if (found >= limit) break;
        // Block it: some non-given cell must hold another digit. Highest levels first.
        let size = 0;
        for (let t = 0; t < trailTop; t++) {
          const lit = trail[t]!;
          if ((lit & 1) === 0 && grid[((lit >> 1) / n) | 0] === 0) learnt[size++] = lit ^ 1;
        }
        if (size === 0) break;
        let top = 0;
        for (let k = 1; k < size; k++) if (level[learnt[k]! >> 1]! > level[learnt[top]! >> 1]!) top = k;
        let t = learnt[0]!;
        learnt[0] = learnt[top]!;
        learnt[top] = t;
        const high = level[learnt[0]! >> 1]!;
        if (high === 0) break;
        if (size === 1) {
          backtrack(0);
          assign(learnt[0]!, DECISION);
          continue;
        }
        let second = 1;
        for (let k = 2; k < size; k++) if (level[learnt[k]! >> 1]! > level[learnt[second]! >> 1]!) second = k;
        t = learnt[1]!;
        learnt[1] = learnt[second]!;
        learnt[second] = t;
        const low = level[learnt[1]! >> 1]!;
        if (low === high) {
          backtrack(high - 1);
          addClause(learnt, size, PERMANENT);
        } else {
          backtrack(low);
          const cref = addClause(learnt, size, PERMANENT);
          assign(learnt[0]!, CLAUSE + cref);
        }
        continue;
      }
      if (checking) checkGroups();
      decisions++;
      if ((++clock & 15) === 0 && performance.now() > deadline) {
        stats.timedOut = true;
        break;
      }
      if (stableMode && useTarget) {
        // Place the cell's target digit, if it can still go there, instead of the variable's.
        const cell = (next / n) | 0;
        const d = target[cell]!;
        if (d >= 0 && d !== next - cell * n && value[cell * n + d] === 0) {
          heapInsert(next);
          next = cell * n + d;
        }
      }
      levelStart[++decisionLevel] = trailTop;
      levelPlaced[decisionLevel] = placedTop;
      assign(alwaysPlace || phase[next]! >= 0 ? 2 * next : 2 * next + 1, DECISION);
    }
    stats.nodes = decisions + 1;
    stats.guesses = decisions;
    stats.conflicts = conflicts;
    stats.propagations = props;
    stats.meanLearnedSize = learntLits / Math.max(1, conflicts);
    stats.meanLbd = lbdSum / Math.max(1, conflicts);
    stats.shrunkLiterals = shrunk;
    stats.modeSwitches = modeSwitches;
    return found;
  };
}
