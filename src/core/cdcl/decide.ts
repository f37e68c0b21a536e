/**
 * Decisions: EVSIDS (a binary max-heap of the variables by activity) in the stable mode, variable
 * move-to-front (a queue the variables bumped by each conflict go to the back of) in the focused
 * mode; both are bumped always. A decision places a digit: the variable picked, set true, or in
 * the stable mode the target digit of its cell (restart.ts).
 */
import { type CdclState, QUEUE_KEY } from './state.js';

// --- the heap of variables by activity ---

export function heapUp(s: CdclState, i: number): void {
  const { heap, heapPos, activity } = s;
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
}

export function heapDown(s: CdclState, i: number): void {
  const { heap, heapPos, activity } = s;
  const heapSize = s.heapSize;
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
}

export function heapInsert(s: CdclState, v: number): void {
  if (s.heapPos[v]! >= 0) return;
  const at = s.heapSize++;
  s.heap[at] = v;
  s.heapPos[v] = at;
  heapUp(s, at);
}

function heapPop(s: CdclState): number {
  const { heap, heapPos } = s;
  const v = heap[0]!;
  heapPos[v] = -1;
  const size = --s.heapSize;
  if (size > 0) {
    heap[0] = heap[size]!;
    heapPos[heap[0]!] = 0;
    heapDown(s, 0);
  }
  return v;
}

// --- the move-to-front queue (focused mode) ---

/** Link the queue in this order of the variables (null: 0, 1, 2, …), the last at the back. */
function linkQueue(s: CdclState, order: ArrayLike<number> | null): void {
  const { vars, qPrev, qNext, qStamp } = s;
  for (let i = 0; i < vars; i++) {
    const v = order === null ? i : order[i]!;
    qPrev[v] = i > 0 ? (order === null ? i - 1 : order[i - 1]!) : -1;
    qNext[v] = i + 1 < vars ? (order === null ? i + 1 : order[i + 1]!) : -1;
    qStamp[v] = i + 1;
  }
  s.qLast = order === null ? vars - 1 : order[vars - 1]!;
  s.qUnassigned = s.qLast;
  s.qStampTop = vars;
}

/** Move the variables bumped by this conflict to the back of the queue, in their old order. */
export function queueBumped(s: CdclState): void {
  const { qPrev, qNext, qStamp, value } = s;
  const keyTop = s.qKeyTop;
  const keys = s.qKeys.subarray(0, keyTop);
  keys.sort();
  let last = s.qLast;
  let stampTop = s.qStampTop;
  for (let k = 0; k < keyTop; k++) {
    const v = (keys[k]! % QUEUE_KEY) | 0;
    if (v === last) {
      qStamp[v] = ++stampTop;
    } else {
      const pv = qPrev[v]!;
      const nv = qNext[v]!;
      if (pv >= 0) qNext[pv] = nv;
      qPrev[nv] = pv;
      qPrev[v] = last;
      qNext[v] = -1;
      qNext[last] = v;
      last = v;
      qStamp[v] = ++stampTop;
    }
    if (value[v] === 0) s.qUnassigned = v;
  }
  s.qLast = last;
  s.qStampTop = stampTop;
  s.qKeyTop = 0;
  s.qConflict++;
}

/** Credit a variable of a conflict: its activity, and its place in this conflict's queue moves. */
export function bump(s: CdclState, v: number): void {
  const { activity, heapPos } = s;
  if (s.useVmtf && s.qBumped[v] !== s.qConflict) {
    s.qBumped[v] = s.qConflict;
    s.qKeys[s.qKeyTop++] = s.qStamp[v]! * QUEUE_KEY + v;
  }
  activity[v]! += s.varInc;
  if (activity[v]! > 1e100) {
    for (let u = 0; u < s.vars; u++) activity[u]! *= 1e-100;
    s.varInc *= 1e-100;
  }
  if (heapPos[v]! >= 0) heapUp(s, heapPos[v]!);
}

/** Every variable in the heap and the queue, activities 0 (or drawn from `seed`, for another search path). */
export function resetOrder(s: CdclState, seed: number): void {
  const { vars, heap, heapPos, activity } = s;
  activity.fill(0);
  s.varInc = 1;
  heapPos.fill(-1);
  for (let v = 0; v < vars; v++) {
    heap[v] = v;
    heapPos[v] = v;
  }
  s.heapSize = vars;
  linkQueue(s, null);
  s.qKeyTop = 0;
  s.qBumped.fill(0);
  s.qConflict = 1;
  if (seed !== 0) {
    // For measurements: another search path, from tiny initial activities drawn from the seed.
    let x = seed >>> 0 || 1;
    for (let v = 0; v < vars; v++) {
      x ^= x << 13;
      x ^= x >>> 17;
      x ^= x << 5;
      activity[v] = ((x >>> 0) / 4294967296) * 1e-3;
    }
    for (let i = (vars >> 1) - 1; i >= 0; i--) heapDown(s, i);
    if (s.useVmtf) {
      // The queue in the same order: the most active variable at the back.
      linkQueue(
        s,
        Array.from({ length: vars }, (_, v) => v).sort((u, v) => activity[u]! - activity[v]!),
      );
    }
  }
}

/** The variable to decide next (the queue's last open one in the focused mode, else the most active open one), or −1 when every variable is assigned. */
export function pickBranch(s: CdclState): number {
  const value = s.value;
  if (s.useVmtf && !s.stableMode) {
    let v = s.qUnassigned;
    const qPrev = s.qPrev;
    while (v >= 0 && value[v] !== 0) v = qPrev[v]!;
    if (v >= 0) s.qUnassigned = v;
    return v;
  }
  while (s.heapSize > 0) {
    const v = heapPop(s);
    if (value[v] === 0) return v;
  }
  return -1;
}
