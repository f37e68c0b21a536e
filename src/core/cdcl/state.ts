/**
 * The search's whole state for one geometry: its typed arrays, sized once and cached per
 * geometry, and the scalars the search moves (trail top, decision level, the clause arena, the
 * mode). The other files are functions over this object (the hot ones closures over it, made once
 * per geometry: index.ts): one class, so every geometry's state has the same shape and the
 * functions stay monomorphic.
 */
import type { Geometry } from '../../geometry.js';
import { coverMatrix } from '../cover.js';
import { BuffersByGeometry } from '../buffers.js';

/** Reason code (Int32 per variable) of a decision or a given. */
export const DECISION = -1;
/** Clause header: size, meta (LBD in the low bits, flags above), spare (forwarding on reduction). */
export const HEADER = 3;
export const PERMANENT = 1 << 29;
export const DELETED = 1 << 30;
export const LBD_MASK = (1 << 20) - 1;
/** The kinds of conflict (`conflictKind`; 0 none). */
export const KIND_BINARY = 1;
export const KIND_GROUP = 2;
export const KIND_CLAUSE = 3;
export const KIND_LOCKED = 4;
/** A sort key of the move-to-front queue is stamp · QUEUE_KEY + variable: above every variable (49³ = 117,649), and exact in a double up to 2³⁵ stamps. */
export const QUEUE_KEY = 1 << 18;

export class CdclState {
  declare readonly g: Geometry;
  declare readonly n: number;
  declare readonly cells: number;
  declare readonly vars: number;
  declare readonly groups: number;
  declare readonly boxRows: number;
  declare readonly boxCols: number;
  declare readonly rowOf: Int32Array;
  declare readonly colOf: Int32Array;
  declare readonly boxOf: Int32Array;
  /** Groups are numbered cells first, then row·digit, column·digit and box·digit groups from these. */
  declare readonly rowGroups: number;
  declare readonly colGroups: number;
  declare readonly boxGroups: number;
  /**
   * Reason codes (`reason`): −1 decision or given; v < vars: false because v is true;
   * `reasonGroup` + grp: the group's last live member; `reasonClause` + cref: a clause. Below −1:
   * locked candidates (−2 − (source · groups + target)).
   */
  declare readonly reasonGroup: number;
  declare readonly reasonClause: number;
  /** The longest side of a box: the most counters the locked-candidates test reads. */
  declare readonly lineMax: number;
  /** The four groups of each variable (cell, row·digit, column·digit, box·digit) at 4v … 4v+3. */
  declare readonly varGroups: Int32Array;
  /** The n members of each group at n·g … n·g+n−1. */
  declare readonly groupVars: Int32Array;
  /** Per variable: 1 true, −1 false, 0 unassigned. */
  declare readonly value: Int8Array;
  declare readonly level: Int32Array;
  declare readonly reason: Int32Array;
  declare readonly seen: Uint8Array;
  declare readonly phase: Int8Array;
  declare readonly activity: Float64Array;
  /** Binary max-heap of variables by activity, with each variable's position (−1: not in it). */
  declare readonly heap: Int32Array;
  declare readonly heapPos: Int32Array;
  /** Assigned literals in order (literal = 2v for v true, 2v+1 for v false) and level starts. */
  declare readonly trail: Int32Array;
  declare readonly levelStart: Int32Array;
  /** Per group: members not false. */
  declare readonly live: Int32Array;
  /**
   * For the locked-candidates test: per row·digit, column·digit and box·digit group, its live
   * members counted by where they lie (row·digit: per box column; column·digit: per box row;
   * box·digit: per row of the box in `cntA` and per column of the box in `cntB`), `stride` counts
   * a group; the live members share a box (a row, a column) when one count is the live count.
   * `cidx` holds each variable's counter in its row·digit, column·digit and box·digit (row)
   * groups at 4v+1 … 4v+3 and in its box·digit group's columns (`cntB`) at 4v.
   */
  declare readonly stride: number;
  declare readonly cidx: Int32Array;
  declare readonly cntA: Uint16Array;
  declare readonly cntB: Uint16Array;
  /** Scratch: antecedent variables of one reason, the learned clause, minimisation stack. */
  declare readonly scratch: Int32Array;
  declare readonly learnt: Int32Array;
  declare readonly stack: Int32Array;
  declare readonly toClear: Int32Array;
  declare readonly levelStamp: Int32Array;
  /** Per literal: where its watch list starts in the pool, its room there, and its length (pairs of clause, blocker). */
  declare readonly watchStart: Int32Array;
  declare readonly watchCap: Int32Array;
  declare readonly watchLen: Int32Array;
  /** Placements in trail order, where each level's placements start, and the target digit (−1: none) of each cell. */
  declare readonly placed: Int32Array;
  declare readonly levelPlaced: Int32Array;
  declare readonly target: Int32Array;
  /** Scratch per variable for shrinking learned clauses (0 between uses). */
  declare readonly mark: Int32Array;
  /** Per group: its members set true (1 once placed; 2 only on the way to a conflict). */
  declare readonly placedIn: Uint8Array;
  /**
   * The focused mode's decision order (variable move-to-front, as in Ryan's thesis and CaDiCaL):
   * a doubly linked queue of the variables, each with the stamp of its last move to the back, and
   * the conflict at which it was last bumped. The keys sort a conflict's bumped variables by stamp.
   */
  declare readonly qPrev: Int32Array;
  declare readonly qNext: Int32Array;
  declare readonly qStamp: Float64Array;
  declare readonly qBumped: Int32Array;
  declare readonly qKeys: Float64Array;

  // --- set from cdclTuning at the start of each search ---
  useLocked = false;
  useShrink = false;
  bumpReasons = false;
  useVmtf = false;
  useTarget = false;
  checking = false;
  // A field's first value fixes its representation in V8, and a value of another kind changes the
  // state's map, which throws away the compiled code of every function here. So a field that
  // holds a fraction, or a count that may outgrow a small integer (2³⁰), starts as a double (-0),
  // and the others only ever get small integers (no `2 ** k`, no value read from a Float64Array
  // without `| 0`, no int32 bit mask: analyze.ts passes the levels' mask as a parameter).
  varDecay = -0;
  varInc = -0;

  // --- the trail ---
  trailTop = 0;
  placedTop = 0;
  qhead = 0;
  decisionLevel = 0;

  // --- decisions: the heap's size and the move-to-front queue ---
  heapSize = 0;
  qLast = -1;
  /** No variable after this one in the queue is unassigned. */
  qUnassigned = -1;
  qStampTop = -0;
  qKeyTop = 0;
  qConflict = 1;

  // --- clauses: the arena (header, then literals) and the pool of the watch lists ---
  arena = new Int32Array(1 << 16);
  arenaTop = 0;
  /**
   * The watch lists share one pool: a list that outgrows its room moves to the end with twice the
   * room (its old room is left unused until the next reduction lays the lists out afresh).
   */
  pool = new Int32Array(1 << 12);
  poolTop = 0;
  /** The reduction's candidates (clause references). */
  readonly order: number[] = [];
  reduceAt = 0;
  reductions = 0;

  // --- the conflict propagation stopped at: its kind and operands ---
  // 1 two true members (a, b), 2 group all false (a), 3 clause (a), 4 locked (a true in target b, source s)
  conflictKind = 0;
  confA = 0;
  confB = 0;
  confS = 0;

  // --- conflict analysis: minimisation's scratch, the clause learned ---
  clearTop = 0;
  lbdStamp = 0;
  backjumpLevel = 0;
  learntLbd = 0;

  // --- restarts and modes: focused (glucose-style restarts) and stable (Luby restarts, target phases) ---
  conflicts = 0;
  restarts = 0;
  modeSwitches = 0;
  nextRestart = 0;
  /** Glucose-style restarts: the recent LBDs' average against the average of all. */
  emaFast = -0;
  lbdSum = -0;
  sinceRestart = 0;
  stableMode = false;
  modeLength = 0;
  modeEnd = 0;
  stableRestarts = 0;
  nextStableRestart = 0;
  /** The trail length of the target phases (the longest conflict-free trail of this stable mode). */
  targetAssigned = 0;

  // --- statistics ---
  props = -0;
  learntLits = -0;
  shrunk = -0;

  /** The solution `onSolution` sees, made on first use. */
  each: Uint8Array | undefined = undefined;

  constructor(g: Geometry) {
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
    this.g = g;
    this.n = n;
    this.cells = cells;
    this.vars = vars;
    this.groups = groups;
    this.boxRows = g.boxRows;
    this.boxCols = g.boxCols;
    this.rowOf = g.rowOf;
    this.colOf = g.colOf;
    this.boxOf = g.boxOf;
    this.rowGroups = cells;
    this.colGroups = 2 * cells;
    this.boxGroups = 3 * cells;
    this.reasonGroup = vars;
    this.reasonClause = vars + groups;
    this.lineMax = stride;
    this.varGroups = varGroups;
    this.groupVars = groupVars;
    this.value = new Int8Array(vars);
    this.level = new Int32Array(vars);
    this.reason = new Int32Array(vars);
    this.seen = new Uint8Array(vars);
    this.phase = new Int8Array(vars);
    this.activity = new Float64Array(vars);
    this.heap = new Int32Array(vars);
    this.heapPos = new Int32Array(vars);
    this.trail = new Int32Array(vars);
    this.levelStart = new Int32Array(vars + 1);
    this.live = new Int32Array(groups);
    this.stride = stride;
    this.cidx = cidx;
    this.cntA = new Uint16Array(groups * stride);
    this.cntB = new Uint16Array(groups * stride);
    this.scratch = new Int32Array(vars);
    this.learnt = new Int32Array(vars);
    this.stack = new Int32Array(4 * vars);
    this.toClear = new Int32Array(vars);
    this.levelStamp = new Int32Array(vars + 1);
    this.watchStart = new Int32Array(2 * vars);
    this.watchCap = new Int32Array(2 * vars);
    this.watchLen = new Int32Array(2 * vars);
    this.placed = new Int32Array(cells);
    this.levelPlaced = new Int32Array(vars + 1);
    this.target = new Int32Array(cells);
    this.mark = new Int32Array(vars);
    this.placedIn = new Uint8Array(groups);
    this.qPrev = new Int32Array(vars);
    this.qNext = new Int32Array(vars);
    this.qStamp = new Float64Array(vars);
    this.qBumped = new Int32Array(vars);
    this.qKeys = new Float64Array(vars);
  }
}

/** The states of the searches, one kept per geometry; a call made during another gets its own (buffers.ts). */
export const states = new BuffersByGeometry((g) => new CdclState(g));
