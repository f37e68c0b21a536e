/**
 * Forcing chains' visit order: per cell, the order in which SE's chaining visits what follows
 * from a fact, computed once per geometry.
 */
import type { Geometry } from '../../../geometry.js';

/**
 * The order in which SE's chaining visits what follows from a fact, per cell: the peers a true
 * candidate removes its digit from (its box, then the rest of its row, then the rest of its
 * column, each in reading order), and the units in which a false candidate can leave a digit one
 * place (box, row, column). The order decides which cause each fact records first, so following
 * it makes a proof, and the rating, come out as SE's.
 */
export interface VisitOrder {
  readonly peers: readonly Int32Array[];
  readonly units: readonly Int32Array[];
}

const visitOrders = new WeakMap<Geometry, VisitOrder>();

export function visitOrderOf(g: Geometry): VisitOrder {
  const known = visitOrders.get(g);
  if (known) return known;
  const n = g.size;
  const peers: Int32Array[] = [];
  const units: Int32Array[] = [];
  for (let cell = 0; cell < g.cellCount; cell++) {
    const box = 2 * n + g.boxOf[cell]!;
    const row = g.rowOf[cell]!;
    const col = n + g.colOf[cell]!;
    const list: number[] = [];
    for (const c of g.units[box]!) if (c !== cell) list.push(c);
    for (const c of g.units[row]!) if (g.boxOf[c] !== g.boxOf[cell]) list.push(c);
    for (const c of g.units[col]!) if (g.boxOf[c] !== g.boxOf[cell]) list.push(c);
    peers.push(Int32Array.from(list));
    units.push(Int32Array.of(box, row, col));
  }
  const made = { peers, units };
  visitOrders.set(g, made);
  return made;
}
