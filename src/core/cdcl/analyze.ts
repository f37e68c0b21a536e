/**
 * Conflict analysis: the reasons read back as variables (a binary clause of a placement, a
 * group's at-least-one clause, a locked-candidates explanation built on demand, a stored clause),
 * first-UIP learning with recursive minimisation, shrinking through binary reasons, reason-side
 * bumping, and the learned clause's backjump level and LBD.
 */
import { bump, queueBumped } from './decide.js';
import { slotOf } from './propagate.js';
import { type CdclState, DECISION, HEADER, KIND_BINARY, KIND_GROUP, KIND_LOCKED } from './state.js';

/** The literal of variable u that is false now (u's part of a clause all of whose literals are false). */
function falseLitOf(value: Int8Array, u: number): number {
  return value[u] === 1 ? 2 * u + 1 : 2 * u;
}

function abstractLevel(level: Int32Array, u: number): number {
  return 1 << (level[u]! & 31);
}

/**
 * Conflict analysis for this state: closures over it, made once per geometry (search.ts), so that
 * V8 compiles them for this state (its arrays as constants; see index.ts). The function returned
 * is the analysis of the current conflict (`analyze` below).
 */
export function analysis(s: CdclState): () => number {
  /** The variables of a reason other than `v` (all assigned before v), into `out` from `at`; returns how many. */
  function antecedents(v: number, out: Int32Array, at: number): number {
    const { n, groupVars } = s;
    const why = s.reason[v]!;
    if (why < -1) {
      const code = -2 - why;
      const source = (code / s.groups) | 0;
      const target = code - source * s.groups;
      const varGroups = s.varGroups;
      let m = 0;
      const base = source * n;
      const slot = slotOf(s, target);
      for (let j = 0; j < n; j++) {
        const u = groupVars[base + j]!;
        if (varGroups[4 * u + slot] !== target) out[at + m++] = u;
      }
      return m;
    }
    if (why < s.reasonGroup) {
      out[at] = why;
      return 1;
    }
    if (why < s.reasonClause) {
      const base = (why - s.reasonGroup) * n;
      let m = 0;
      for (let j = 0; j < n; j++) {
        const u = groupVars[base + j]!;
        if (u !== v) out[at + m++] = u;
      }
      return m;
    }
    const arena = s.arena;
    const cref = why - s.reasonClause;
    const size = arena[cref]!;
    let m = 0;
    for (let k = 0; k < size; k++) {
      const u = arena[cref + HEADER + k]! >> 1;
      if (u !== v) out[at + m++] = u;
    }
    return m;
  }

  /** The conflict's variables into `scratch`; returns how many. */
  function conflictVars(): number {
    const { n, scratch, groupVars, confA } = s;
    const kind = s.conflictKind;
    if (kind === KIND_BINARY) {
      scratch[0] = confA;
      scratch[1] = s.confB;
      return 2;
    }
    if (kind === KIND_GROUP) {
      const base = confA * n;
      for (let j = 0; j < n; j++) scratch[j] = groupVars[base + j]!;
      return n;
    }
    if (kind === KIND_LOCKED) {
      const { confB, varGroups } = s;
      let m = 0;
      scratch[m++] = confA;
      const base = s.confS * n;
      const slot = slotOf(s, confB);
      for (let j = 0; j < n; j++) {
        const u = groupVars[base + j]!;
        if (varGroups[4 * u + slot] !== confB) scratch[m++] = u;
      }
      return m;
    }
    const arena = s.arena;
    const size = arena[confA]!;
    for (let k = 0; k < size; k++) scratch[k] = arena[confA + HEADER + k]! >> 1;
    return size;
  }

  /**
   * Whether variable u's literal follows from the learned clause's (recursive minimisation, depth
   * first, caching each answer in `seen`: 2 implied, 3 not): u's antecedents go on `stack` from `at`.
   * `levels` has bit l % 32 set for each level l of the clause (an int32, not a small integer: a
   * parameter, since a field holding it would change the state's representation in V8).
   */
  function implied(u: number, depth: number, at: number, levels: number): boolean {
    const { seen, level, stack } = s;
    const sn = seen[u]!;
    if (sn === 1 || sn === 2 || level[u] === 0) return true;
    if (sn === 3) return false;
    const why = s.reason[u]!;
    const need = why >= s.reasonClause ? s.arena[why - s.reasonClause]! : s.n;
    let ok = why !== DECISION && depth < 256 && (abstractLevel(level, u) & levels) !== 0 && at + need <= stack.length;
    if (ok) {
      const m = antecedents(u, stack, at);
      for (let k = 0; k < m; k++) {
        // implied()'s answers from `seen` and level 0, without the call (most antecedents end here).
        const w = stack[at + k]!;
        const sw = seen[w]!;
        if (sw === 1 || sw === 2 || level[w] === 0) continue;
        if (sw === 3 || !implied(w, depth + 1, at + m, levels)) {
          ok = false;
          break;
        }
      }
    }
    seen[u] = ok ? 2 : 3;
    s.toClear[s.clearTop++] = u;
    return ok;
  }

  /** Whether the clause's literal of u (seen 1) follows from the others (`levels`: the clause's levels, abstracted). */
  function redundant(u: number, levels: number): boolean {
    const { stack, seen, level } = s;
    const m = antecedents(u, stack, 0);
    for (let k = 0; k < m; k++) {
      const w = stack[k]!;
      const sw = seen[w]!;
      if (sw === 1 || sw === 2 || level[w] === 0) continue;
      if (sw === 3 || !implied(w, 1, m, levels)) return false;
    }
    return true;
  }

  /**
   * Shrink: a positive literal y (false now because the placement z shares a group with it) may be
   * resolved with the binary reason ¬y ∨ ¬z into ¬z, which lies at y's level. Done for every such
   * y whose z falsified at least one other literal of the clause or whose ¬z is in it already, so
   * the clause only gets shorter and its levels stay the same.
   */
  function shrinkByPlacements(size: number): number {
    const { learnt, mark, stack, reason } = s;
    const GROUP = s.reasonGroup;
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
    s.shrunk += size - kept;
    return kept;
  }

  /**
   * 1-UIP analysis of the current conflict: fills `learnt` (asserting literal first, then the
   * highest level second), sets `backjumpLevel` and `learntLbd`; returns the clause's size.
   */
  function analyze(): number {
    const { seen, level, learnt, scratch, trail, value, reason, toClear, levelStamp } = s;
    const decisionLevel = s.decisionLevel;
    let size = 1;
    let pathCount = 0;
    let index = s.trailTop - 1;
    let m = conflictVars();
    let p = -1;
    for (;;) {
      for (let k = 0; k < m; k++) {
        const u = scratch[k]!;
        if (seen[u] !== 0 || level[u] === 0) continue;
        seen[u] = 1;
        bump(s, u);
        if (level[u] === decisionLevel) pathCount++;
        else learnt[size++] = falseLitOf(value, u);
      }
      while (seen[trail[index]! >> 1] === 0) index--;
      p = trail[index]! >> 1;
      index--;
      seen[p] = 0;
      pathCount--;
      if (pathCount === 0) break;
      m = antecedents(p, scratch, 0);
    }
    learnt[0] = falseLitOf(value, p);
    // Minimise: drop literals implied by the others.
    let levels = 0;
    for (let k = 1; k < size; k++) levels |= abstractLevel(level, learnt[k]! >> 1);
    let clearTop = 0;
    for (let k = 1; k < size; k++) toClear[clearTop++] = learnt[k]! >> 1;
    s.clearTop = clearTop;
    let kept = 1;
    for (let k = 1; k < size; k++) {
      const u = learnt[k]! >> 1;
      if (reason[u] === DECISION || !redundant(u, levels)) learnt[kept++] = learnt[k]!;
    }
    size = kept;
    for (let c = 0; c < s.clearTop; c++) seen[toClear[c]!] = 0;
    if (s.useShrink && size > 2) size = shrinkByPlacements(size);
    if (s.bumpReasons) {
      // Reason-side bumping (CaDiCaL's bumpreason), for the binary reasons only: the placement
      // that ruled out a literal of the clause shares the credit.
      for (let k = 0; k < size; k++) {
        const why = reason[learnt[k]! >> 1]!;
        if (why >= 0 && why < s.reasonGroup) bump(s, why);
      }
    }
    // The backjump level: the highest among the rest, moved to position 1.
    s.backjumpLevel = 0;
    if (size > 1) {
      let at = 1;
      for (let k = 2; k < size; k++) if (level[learnt[k]! >> 1]! > level[learnt[at]! >> 1]!) at = k;
      const t = learnt[1]!;
      learnt[1] = learnt[at]!;
      learnt[at] = t;
      s.backjumpLevel = level[learnt[1]! >> 1]!;
    }
    const stamp = ++s.lbdStamp;
    let lbd = 0;
    for (let k = 0; k < size; k++) {
      const l = level[learnt[k]! >> 1]!;
      if (levelStamp[l] !== stamp) {
        levelStamp[l] = stamp;
        lbd++;
      }
    }
    s.learntLbd = lbd;
    s.varInc /= s.varDecay;
    if (s.useVmtf) queueBumped(s);
    return size;
  }

  return analyze;
}
