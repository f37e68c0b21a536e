/**
 * One search: the state reset from the knobs, the givens placed, then the loop of SAT solvers
 * (propagate; on a conflict learn a clause and backjump; at a fixpoint restart, reduce the
 * clause database or decide) until a solution count reaches the limit, the clauses are
 * unsatisfiable, or time (or the conflict budget) runs out.
 */
import { pastDeadline } from '../../deadline.js';
import { analysis } from './analyze.js';
import { addClause, clearWatches, maybeReduce } from './clauses.js';
import { pickBranch, resetOrder } from './decide.js';
import { checkGroups, type Propagation, propagation } from './propagate.js';
import { noteLearned, resetRestarts, restartIfDue, targetDecision, updateTarget } from './restart.js';
import { blockSolution, writeSolution } from './solutions.js';
import { type CdclState, DECISION } from './state.js';
import { type CdclStats, cdclTuning } from './tuning.js';

/** The hot functions of one geometry's search, closures over its state made once (see index.ts). */
interface Bound {
  readonly p: Propagation;
  readonly analyze: () => number;
}

const boundByState = new WeakMap<CdclState, Bound>();

function boundTo(s: CdclState): Bound {
  let known = boundByState.get(s);
  if (known === undefined) {
    known = { p: propagation(s), analyze: analysis(s) };
    boundByState.set(s, known);
  }
  return known;
}

/** Everything a search reads, back to its start: values and counts, clauses, the decision orders, the knobs. */
function reset(s: CdclState): void {
  const { n, vars, cidx, cntA, cntB } = s;
  s.useLocked = cdclTuning.locked !== 0 && n >= 9;
  s.checking = cdclTuning.check !== 0;
  s.useShrink = cdclTuning.shrink !== 0;
  s.bumpReasons = cdclTuning.reasonBump !== 0;
  s.useVmtf = cdclTuning.vmtf !== 0;
  s.useTarget = cdclTuning.target !== 0;
  s.varDecay = cdclTuning.decay;

  s.value.fill(0);
  s.level.fill(0);
  s.seen.fill(0);
  s.phase.fill(cdclTuning.phase ? 1 : -1);
  s.live.fill(n);
  s.placedIn.fill(0);
  cntA.fill(0);
  cntB.fill(0);
  for (let v = 0; v < vars; v++) {
    cntA[cidx[4 * v + 1]!]!++;
    cntA[cidx[4 * v + 2]!]!++;
    cntA[cidx[4 * v + 3]!]!++;
    cntB[cidx[4 * v]!]!++;
  }
  clearWatches(s);
  s.arena = new Int32Array(1 << 16);
  s.arenaTop = 0;
  s.reduceAt = cdclTuning.firstReduce;
  s.reductions = 0;
  s.trailTop = 0;
  s.placedTop = 0;
  s.qhead = 0;
  s.decisionLevel = 0;
  s.levelPlaced[0] = 0;
  s.conflictKind = 0;
  s.props = 0;
  s.learntLits = 0;
  s.shrunk = 0;
  s.clearTop = 0;
  s.lbdStamp = 0;
  s.backjumpLevel = 0;
  s.learntLbd = 0;
  resetOrder(s, cdclTuning.seed);
  resetRestarts(s);
}

/** solveCdcl's search on this geometry's state (index.ts has the contract). */
export function search(
  s: CdclState,
  grid: ArrayLike<number>,
  limit: number,
  solution: Uint8Array | null,
  stats: CdclStats,
  deadline: number,
  onSolution?: (solution: Uint8Array) => boolean | void,
): number {
  const { n, cells, value, phase, levelStart, levelPlaced, learnt } = s;
  if (grid.length !== cells) throw new RangeError(`grid has ${grid.length} cells, expected ${cells}`);
  if (!(limit >= 1)) limit = 1;
  stats.nodes = 1;
  stats.guesses = 0;
  stats.timedOut = false;
  stats.conflicts = 0;
  reset(s);
  const bound = boundTo(s);
  const { assign, backtrack, propagate } = bound.p;
  const analyze = bound.analyze;
  const alwaysPlace = cdclTuning.phase === 2;
  const maxConflicts = cdclTuning.maxConflicts > 0 ? cdclTuning.maxConflicts : -1;
  const { firstReduce, reduceStep } = cdclTuning;

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
  let clock = 0;
  for (;;) {
    if (!propagate()) {
      const conflicts = ++s.conflicts;
      if (s.decisionLevel === 0) break;
      const size = analyze();
      updateTarget(s);
      backtrack(s.backjumpLevel);
      if (size === 1) assign(learnt[0]!, DECISION);
      else {
        s.learntLits += size;
        const cref = addClause(s, learnt, size, s.learntLbd);
        assign(learnt[0]!, s.reasonClause + cref);
      }
      noteLearned(s, s.learntLbd);
      if (((++clock & 15) === 0 && pastDeadline(deadline)) || conflicts === maxConflicts) {
        stats.timedOut = true;
        break;
      }
      continue;
    }
    // No conflict: restart, reduce, or decide.
    restartIfDue(s, bound.p);
    maybeReduce(s, firstReduce, reduceStep);
    let next = pickBranch(s);
    if (next < 0) {
      // Every variable assigned without a conflict: a solution.
      if (onSolution !== undefined && s.each === undefined) s.each = new Uint8Array(cells);
      const out = found === 0 && solution !== null ? solution : onSolution !== undefined ? s.each! : null;
      if (out !== null) writeSolution(s, out);
      found++;
      if (onSolution !== undefined && onSolution(out!) === false) break;
      if (found >= limit) break;
      if (!blockSolution(s, bound.p, grid)) break;
      continue;
    }
    if (s.checking) checkGroups(s);
    decisions++;
    if ((++clock & 15) === 0 && pastDeadline(deadline)) {
      stats.timedOut = true;
      break;
    }
    next = targetDecision(s, next);
    levelStart[++s.decisionLevel] = s.trailTop;
    levelPlaced[s.decisionLevel] = s.placedTop;
    assign(alwaysPlace || phase[next]! >= 0 ? 2 * next : 2 * next + 1, DECISION);
  }
  const conflicts = s.conflicts;
  stats.nodes = decisions + 1;
  stats.guesses = decisions;
  stats.conflicts = conflicts;
  stats.propagations = s.props;
  stats.meanLearnedSize = s.learntLits / Math.max(1, conflicts);
  stats.meanLbd = s.lbdSum / Math.max(1, conflicts);
  stats.shrunkLiterals = s.shrunk;
  stats.modeSwitches = s.modeSwitches;
  return found;
}
