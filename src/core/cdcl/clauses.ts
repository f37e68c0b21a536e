/**
 * The clause database: learned and blocking clauses in one arena (a header, then the literals),
 * their two watched literals in one pool of watch lists, and the reduction that drops half of the
 * learned clauses by literal block distance (LBD) and lays arena and watches out afresh.
 */
import { type CdclState, DELETED, HEADER, LBD_MASK, PERMANENT } from './state.js';

/** A literal's value from its variable's (1 true, −1 false, 0 unassigned). */
export function litValue(value: Int8Array, lit: number): number {
  return (lit & 1) === 0 ? value[lit >> 1]! : -value[lit >> 1]!;
}

/** Every watch list empty, the pool free (it keeps its size). */
export function clearWatches(s: CdclState): void {
  s.watchLen.fill(0);
  s.watchCap.fill(0);
  s.poolTop = 0;
}

/** Add (clause, blocker) to the watch list of `lit`, moving the list to the pool's end (grown if need be) when it is full. */
export function watch(s: CdclState, lit: number, cref: number, blocker: number): void {
  const { watchStart, watchCap, watchLen } = s;
  const len = watchLen[lit]!;
  let at = watchStart[lit]!;
  let pool = s.pool;
  if (len + 2 > watchCap[lit]!) {
    const cap = len === 0 ? 8 : 2 * watchCap[lit]!;
    const poolTop = s.poolTop;
    if (poolTop + cap > pool.length) {
      let size = 2 * pool.length;
      while (poolTop + cap > size) size *= 2;
      const grown = new Int32Array(size);
      grown.set(pool.subarray(0, poolTop));
      s.pool = pool = grown;
    }
    pool.copyWithin(poolTop, at, at + len);
    watchStart[lit] = at = poolTop;
    watchCap[lit] = cap;
    s.poolTop = poolTop + cap;
  }
  pool[at + len] = cref;
  pool[at + len + 1] = blocker;
  watchLen[lit] = len + 2;
}

/** Store a clause of `size` literals from `lits` (the first two are watched); returns its reference. */
export function addClause(s: CdclState, lits: Int32Array, size: number, meta: number): number {
  let arena = s.arena;
  const cref = s.arenaTop;
  if (cref + HEADER + size > arena.length) {
    let cap = arena.length * 2;
    while (cref + HEADER + size > cap) cap *= 2;
    const grown = new Int32Array(cap);
    grown.set(arena.subarray(0, cref));
    s.arena = arena = grown;
  }
  arena[cref] = size;
  arena[cref + 1] = meta;
  arena[cref + 2] = 0;
  for (let i = 0; i < size; i++) arena[cref + HEADER + i] = lits[i]!;
  s.arenaTop = cref + HEADER + size;
  watch(s, lits[0]!, cref, lits[1]!);
  watch(s, lits[1]!, cref, lits[0]!);
  return cref;
}

/** Whether the clause is the reason of its first literal's assignment (so a reduction keeps it). */
function isReason(s: CdclState, cref: number): boolean {
  const v = s.arena[cref + HEADER]! >> 1;
  return s.value[v] !== 0 && s.reason[v] === s.reasonClause + cref;
}

/** Drop the worse half of the learned clauses (LBD above 2, not reasons), then compact the arena and rebuild the watches. */
function reduce(s: CdclState): void {
  const { order, arena, trail, reason } = s;
  const arenaTop = s.arenaTop;
  const CLAUSE = s.reasonClause;
  order.length = 0;
  for (let cref: number = 0; cref < arenaTop; cref += HEADER + arena[cref]!) {
    const meta = arena[cref + 1]!;
    if ((meta & PERMANENT) !== 0 || (meta & LBD_MASK) <= 2 || isReason(s, cref)) continue;
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
  for (let t = 0; t < s.trailTop; t++) {
    const v = trail[t]! >> 1;
    const why = reason[v]!;
    if (why >= CLAUSE) reason[v] = CLAUSE + arena[why - CLAUSE + 2]!;
  }
  clearWatches(s);
  let from = 0;
  to = 0;
  while (from < arenaTop) {
    const size = arena[from]!;
    const len = HEADER + size;
    if ((arena[from + 1]! & DELETED) === 0) {
      if (to !== from) arena.copyWithin(to, from, from + len);
      watch(s, arena[to + HEADER]!, to, arena[to + HEADER + 1]!);
      watch(s, arena[to + HEADER + 1]!, to, arena[to + HEADER]!);
      to += len;
    }
    from += len;
  }
  s.arenaTop = to;
}

/** Reduce when the schedule says so: first after `firstReduce` conflicts, then `reduceStep` more each time. */
export function maybeReduce(s: CdclState, firstReduce: number, reduceStep: number): void {
  if (s.conflicts < s.reduceAt) return;
  s.reductions++;
  s.reduceAt = s.conflicts + firstReduce + reduceStep * s.reductions;
  reduce(s);
}
