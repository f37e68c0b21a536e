/**
 * Assignment, undo and unit propagation: the exactly-one groups with their live counts (a
 * placement makes the rest of its four groups false; a group down to one live member places it,
 * down to none is a conflict), locked candidates read off the per-box counts, and the learned
 * clauses on two watched literals. A conflict is left in the state's `conflictKind` and operands.
 */
import { litValue, watch } from './clauses.js';
import { heapInsert } from './decide.js';
import { type CdclState, HEADER, KIND_BINARY, KIND_CLAUSE, KIND_GROUP, KIND_LOCKED } from './state.js';

/** The functions of propagation and undo, bound to one geometry's state. */
export interface Propagation {
  /** Put a literal on the trail at the current level, with its reason, and update the group counts. */
  readonly assign: (lit: number, why: number) => void;
  /** Undo the trail down to level `to`. */
  readonly backtrack: (to: number) => void;
  /** Unit propagation from the trail's unpropagated literals; false on a conflict. */
  readonly propagate: () => boolean;
}

/**
 * Propagation for this state: closures over it, made once per geometry (search.ts), so that V8
 * compiles them for this state (its arrays as constants; see index.ts).
 */
export function propagation(s: CdclState): Propagation {
  /** Put a literal on the trail at the current level, with its reason, and update the group counts. */
  function assign(lit: number, why: number): void {
    const v = lit >> 1;
    s.level[v] = s.decisionLevel;
    s.reason[v] = why;
    s.trail[s.trailTop++] = lit;
    const varGroups = s.varGroups;
    const base = 4 * v;
    if ((lit & 1) === 0) {
      s.value[v] = 1;
      s.placed[s.placedTop++] = v;
      const placedIn = s.placedIn;
      placedIn[varGroups[base]!]!++;
      placedIn[varGroups[base + 1]!]!++;
      placedIn[varGroups[base + 2]!]!++;
      placedIn[varGroups[base + 3]!]!++;
    } else {
      s.value[v] = -1;
      const { live, cntA, cntB, cidx } = s;
      live[varGroups[base]!]!--;
      live[varGroups[base + 1]!]!--;
      live[varGroups[base + 2]!]!--;
      live[varGroups[base + 3]!]!--;
      cntA[cidx[base + 1]!]!--;
      cntA[cidx[base + 2]!]!--;
      cntA[cidx[base + 3]!]!--;
      cntB[cidx[base]!]!--;
    }
  }

  /** Undo the trail down to level `to` (saving each variable's phase, putting it back in the decision orders). */
  function backtrack(to: number): void {
    if (s.decisionLevel <= to) return;
    const { trail, varGroups, placedIn, live, cntA, cntB, cidx, phase, value, qStamp } = s;
    const useVmtf = s.useVmtf;
    const stop = s.levelStart[to + 1]!;
    let top = s.trailTop;
    while (top > stop) {
      const lit = trail[--top]!;
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
      heapInsert(s, v);
      if (useVmtf && qStamp[v]! > qStamp[s.qUnassigned]!) s.qUnassigned = v;
    }
    s.trailTop = top;
    s.qhead = top;
    s.placedTop = s.levelPlaced[to + 1]!;
    s.decisionLevel = to;
  }

  /**
   * Locked candidates: the live members of `source` all lie in `target` (a box·digit group and a
   * row·digit or column·digit group of the same digit): the other members of `target` go false.
   * Returns false on a conflict.
   */
  function eliminateOutside(source: number, target: number): boolean {
    const { n, live, groupVars, varGroups, value } = s;
    // Nothing live outside the intersection (the common case once applied): nothing to do.
    if (live[target] === live[source]) return true;
    const why = -2 - (source * s.groups + target);
    const base = target * n;
    const slot = slotOf(s, source);
    for (let j = 0; j < n; j++) {
      const u = groupVars[base + j]!;
      if (varGroups[4 * u + slot] === source) continue;
      const val = value[u]!;
      if (val === 0) assign(2 * u + 1, why);
      else if (val === 1) {
        s.conflictKind = KIND_LOCKED;
        s.confA = u;
        s.confB = target;
        s.confS = source;
        return false;
      }
    }
    return true;
  }

  /** Check a row·digit, column·digit or box·digit group (live count c >= 2) for locked candidates. Returns false on a conflict. */
  function lockedCheck(grp: number, c: number): boolean {
    const { n, cntA, boxRows, boxCols, boxGroups, rowGroups, colGroups } = s;
    const at = grp * s.stride;
    if (grp >= boxGroups) {
      // Box·digit: do the live members share a row (A) or a column (B)?
      let ra = -1;
      for (let q = 0; q < boxRows; q++) {
        if (cntA[at + q] === c) {
          ra = q;
          break;
        }
      }
      const cntB = s.cntB;
      let rb = -1;
      for (let q = 0; q < boxCols; q++) {
        if (cntB[at + q] === c) {
          rb = q;
          break;
        }
      }
      if (ra < 0 && rb < 0) return true;
      const d = (grp - boxGroups) % n;
      const first = (s.groupVars[grp * n]! / n) | 0;
      const r0 = s.rowOf[first]! - (s.rowOf[first]! % boxRows);
      const c0 = s.colOf[first]! - (s.colOf[first]! % boxCols);
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
    return eliminateOutside(grp, boxGroups + s.boxOf[cell]! * n + d);
  }

  /** Unit propagation over the groups and the clauses (and locked candidates); false on a conflict. */
  function propagate(): boolean {
    const { n, varGroups, groupVars, value, live, reason, placedIn, trail, watchStart, watchCap, watchLen, arena } = s;
    const GROUP = s.reasonGroup;
    const CLAUSE = s.reasonClause;
    const { cntA, cntB, stride, lineMax, boxRows, boxCols, colGroups, boxGroups } = s;
    const useLocked = s.useLocked;
    let pool = s.pool;
    let props = 0;
    while (s.qhead < s.trailTop) {
      const lit = trail[s.qhead++]!;
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
              s.conflictKind = KIND_BINARY;
              s.confA = v;
              s.confB = u;
              s.props += props;
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
            s.conflictKind = KIND_GROUP;
            s.confA = grp;
            s.props += props;
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
            // lockedCheck's first test written out: most groups have no line or box holding all
            // their live members, and a call costs more than the test.
            const at = grp * stride;
            let q = 0;
            if (grp >= boxGroups) {
              while (q < boxRows && cntA[at + q] !== c) q++;
              if (q === boxRows) {
                q = 0;
                while (q < boxCols && cntB[at + q] !== c) q++;
                if (q === boxCols) continue;
              }
            } else {
              const span = grp < colGroups ? boxRows : boxCols;
              while (q < span && cntA[at + q] !== c) q++;
              if (q === span) continue;
            }
            if (!lockedCheck(grp, c)) {
              s.props += props;
              return false;
            }
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
        if (litValue(value, blocker) === 1) {
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
        if (first !== blocker && litValue(value, first) === 1) {
          pool[j++] = cref;
          pool[j++] = first;
          continue;
        }
        const size = arena[cref]!;
        let moved = false;
        for (let k = 2; k < size; k++) {
          const other = arena[l0 + k]!;
          if (litValue(value, other) !== -1) {
            arena[l0 + 1] = other;
            arena[l0 + k] = falseLit;
            // clauses.ts's watch(), its common case written out: the new list has room.
            const otherLen = watchLen[other]!;
            if (otherLen + 2 <= watchCap[other]!) {
              const to = watchStart[other]! + otherLen;
              pool[to] = cref;
              pool[to + 1] = first;
              watchLen[other] = otherLen + 2;
            } else {
              watch(s, other, cref, first);
              pool = s.pool;
            }
            moved = true;
            break;
          }
        }
        if (moved) continue;
        pool[j++] = cref;
        pool[j++] = first;
        if (litValue(value, first) === -1) {
          while (i < end) pool[j++] = pool[i++]!;
          watchLen[falseLit] = j - start;
          s.conflictKind = KIND_CLAUSE;
          s.confA = cref;
          s.props += props;
          return false;
        }
        assign(first, CLAUSE + cref);
      }
      watchLen[falseLit] = j - start;
    }
    s.props += props;
    return true;
  }

  return { assign, backtrack, propagate };
}

/** Where a row·digit, column·digit or box·digit group sits among its members' four groups (u lies in grp when varGroups[4u + slotOf(grp)] is grp). */
export function slotOf(s: CdclState, grp: number): number {
  return grp < s.colGroups ? 1 : grp < s.boxGroups ? 2 : 3;
}

/** cdclTuning.check: the group counts against the values, at a propagation fixpoint. */
export function checkGroups(s: CdclState): void {
  const { n, groups, groupVars, value, live, placedIn } = s;
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
}
