/**
 * Remote Pairs (teaching path only): cells holding the same two candidates {a, b} and nothing
 * else, each seeing the next. Along such a chain the digits alternate, so two cells an odd number
 * of steps apart hold a and b between them, and a cell that sees both loses a and b. Found as
 * connected groups of such cells, coloured two ways (a group that cannot be coloured is left to
 * other techniques); a group of four cells or more, since shorter ones are a naked pair or an
 * XY-Wing's. Rated as an X-Chain of its length (SE has no such rule; it finds these eliminations
 * as chains).
 */
import { cellName } from '../../geometry.js';
import { type Board, countBits, digitsOf } from '../board.js';
import { type Candidate, type Step, type Technique, describeEffects } from '../step.js';
import { isPeer, lengthBonus } from './chains.js';

/**
 * The group's cells in the order of their links when they form a line or a ring (each cell sees
 * the next), else undefined: a group found breadth first may branch, and then no order reads as
 * one chain.
 */
function chainOrder(board: Board, group: readonly number[]): number[] | undefined {
  const g = board.geometry;
  const links = new Map(group.map((c) => [c, group.filter((o) => o !== c && isPeer(g, c, o))]));
  if (group.some((c) => links.get(c)!.length > 2)) return undefined;
  const order = [group.find((c) => links.get(c)!.length === 1) ?? group[0]!];
  while (order.length < group.length) {
    const next = links.get(order[order.length - 1]!)!.find((o) => !order.includes(o));
    if (next === undefined) return undefined;
    order.push(next);
  }
  return order;
}

function findAll(board: Board): Step[] {
  const g = board.geometry;
  const out: Step[] = [];
  const pairs = new Map<number, number[]>();
  for (let cell = 0; cell < g.cellCount; cell++) {
    const m = board.candidates[cell]!;
    if (board.values[cell] !== 0 || countBits(m) !== 2) continue;
    const list = pairs.get(m);
    if (list) list.push(cell);
    else pairs.set(m, [cell]);
  }
  for (const [mask, cells] of pairs) {
    if (cells.length < 4) continue;
    const colour = new Map<number, number>();
    for (const root of cells) {
      if (colour.has(root)) continue;
      // Colour the group of `root` two ways, breadth first.
      const group = [root];
      colour.set(root, 0);
      let clash = false;
      for (let i = 0; i < group.length; i++) {
        const c = group[i]!;
        for (const other of cells) {
          if (!isPeer(g, c, other)) continue;
          const want = 1 - colour.get(c)!;
          const has = colour.get(other);
          if (has === undefined) {
            colour.set(other, want);
            group.push(other);
          } else if (has !== want) clash = true;
        }
      }
      if (clash || group.length < 4) continue;
      const eliminations: Candidate[] = [];
      for (let cell = 0; cell < g.cellCount; cell++) {
        if (board.values[cell] !== 0 || colour.has(cell) || (board.candidates[cell]! & mask) === 0) continue;
        const seen = group.filter((c) => isPeer(g, c, cell));
        if (!seen.some((c) => colour.get(c) === 0) || !seen.some((c) => colour.get(c) === 1)) continue;
        for (const digit of digitsOf(board.candidates[cell]! & mask)) eliminations.push({ cell, digit });
      }
      if (eliminations.length === 0) continue;
      const [a, b] = digitsOf(mask).map((d) => g.digits[d - 1]);
      const step = { technique: 'Remote Pair', placements: [], eliminations };
      const chain = chainOrder(board, group);
      const named = (chain ?? group).map((c) => `${cellName(g, c)}${colour.get(c) === 0 ? '+' : '-'}`).join(', ');
      const how = chain ? 'each sees the next' : `cells holding only ${a} and ${b}, joined where they see each other`;
      const text = `Remote Pair on ${a},${b}: ${named} (${how}; + and - hold opposite digits) => ${describeEffects(g, step)}`;
      out.push({
        ...step,
        rating: Math.round((6.6 + lengthBonus(group.length * 2)) * 10) / 10,
        cells: group,
        candidates: group.flatMap((cell) => digitsOf(mask).map((digit) => ({ cell, digit }))),
        text,
      });
    }
  }
  return out;
}

export const REMOTE_PAIRS: Technique = {
  name: 'Remote Pair',
  rating: 6.6,
  find: (board) => findAll(board)[0],
  findAll,
};
