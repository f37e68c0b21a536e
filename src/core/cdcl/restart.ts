/**
 * Restarts and the two modes they alternate: focused (glucose-style restarts: the recent LBDs'
 * average against the average of all) and stable (Luby restarts of unit `stableUnit`, so runs of
 * thousands of conflicts without a restart, and target phases: the longest conflict-free trail
 * of the stable mode, kept as a digit per cell, decides the cells it covers). Each stable phase
 * is as long as the focused one before it; the focused phases double up to `modeMax` (solutions
 * come in the stable mode, and a long focused phase is where a run got stuck).
 */
import { heapInsert } from './decide.js';
import type { Propagation } from './propagate.js';
import type { CdclState } from './state.js';
import { cdclTuning } from './tuning.js';

/** The i-th term (from 0) of 1, 1, 2, 1, 1, 2, 4, 1, … */
export function luby(i: number): number {
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
  return 1 << seq;
}

/** The restart and mode state at the start of a search (the focused mode first). */
export function resetRestarts(s: CdclState): void {
  s.conflicts = 0;
  s.restarts = 0;
  s.modeSwitches = 0;
  s.nextRestart = cdclTuning.lubyUnit > 0 ? cdclTuning.lubyUnit * luby(0) : 50;
  s.emaFast = 0;
  s.lbdSum = 0;
  s.sinceRestart = 0;
  s.stableMode = false;
  s.modeLength = cdclTuning.stable;
  s.modeEnd = cdclTuning.stable > 0 ? cdclTuning.stable : -1;
  s.stableRestarts = 0;
  s.nextStableRestart = 0;
  s.targetAssigned = 0;
  s.target.fill(-1);
}

/** After a conflict's analysis, before the backjump: in the stable mode, a trail longer than the target's becomes the target. */
export function updateTarget(s: CdclState): void {
  const decisionLevel = s.decisionLevel;
  if (!(s.stableMode && s.useTarget && s.levelStart[decisionLevel]! > s.targetAssigned)) return;
  // Target phases: the longest conflict-free trail of the stable mode, as digits per cell.
  const { n, target, placed } = s;
  s.targetAssigned = s.levelStart[decisionLevel]!;
  target.fill(-1);
  const end = s.levelPlaced[decisionLevel]!;
  for (let t = 0; t < end; t++) {
    const v = placed[t]!;
    const cell = (v / n) | 0;
    target[cell] = v - cell * n;
  }
}

/** A clause of this LBD was learned: the glucose-style restarts' averages. */
export function noteLearned(s: CdclState, lbd: number): void {
  s.sinceRestart++;
  s.emaFast += (lbd - s.emaFast) / 32;
  s.lbdSum += lbd;
}

/** At a propagation fixpoint: switch modes when this one is over, and restart when the mode's policy says so. */
export function restartIfDue(s: CdclState, { backtrack }: Propagation): void {
  const conflicts = s.conflicts;
  if (s.modeEnd > 0 && conflicts >= s.modeEnd) {
    s.stableMode = !s.stableMode;
    s.modeSwitches++;
    if (!s.stableMode && (cdclTuning.modeMax <= 0 || 2 * s.modeLength <= cdclTuning.modeMax)) s.modeLength *= 2;
    s.modeEnd = conflicts + s.modeLength;
    s.stableRestarts = 0;
    s.targetAssigned = 0;
    s.nextStableRestart = conflicts + cdclTuning.stableUnit;
    s.sinceRestart = 0;
    backtrack(0);
  }
  if (s.stableMode) {
    if (conflicts >= s.nextStableRestart) {
      s.restarts++;
      s.stableRestarts++;
      s.nextStableRestart = conflicts + cdclTuning.stableUnit * luby(s.stableRestarts);
      if (cdclTuning.targetReset !== 0) s.targetAssigned = 0;
      backtrack(0);
    }
  } else if (cdclTuning.lubyUnit > 0 ? conflicts >= s.nextRestart : s.sinceRestart >= 50 && s.emaFast * conflicts > 1.25 * s.lbdSum) {
    s.restarts++;
    s.sinceRestart = 0;
    if (cdclTuning.lubyUnit > 0) s.nextRestart = conflicts + cdclTuning.lubyUnit * luby(s.restarts);
    backtrack(0);
  }
}

/** In the stable mode with target phases, the cell's target digit (if it can still go there) instead of the variable picked. */
export function targetDecision(s: CdclState, next: number): number {
  if (!(s.stableMode && s.useTarget)) return next;
  const n = s.n;
  const cell = (next / n) | 0;
  const d = s.target[cell]!;
  if (d >= 0 && d !== next - cell * n && s.value[cell * n + d] === 0) {
    heapInsert(s, next);
    return cell * n + d;
  }
  return next;
}
