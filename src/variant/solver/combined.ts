/**
 * Combined sums: two sums over cells that see each other a lot add up to a sum over their union
 * whose bounds can be much tighter than theirs side by side. Two little killer diagonals of 49
 * next to each other share boxes, so the 17 cells fall into larger groups of distinct digits, and
 * the union's largest total lies far closer to 98 than the two diagonals' largest totals do. The
 * solver adds such unions as sums of their own (they are implied, so they only narrow).
 *
 * Which unions: each sum is weighed by how much its groups of distinct digits can still vary
 * against its slack (the distance from its total to the nearest bound); two sums are merged when
 * they do not overlap, at least six cells of the smaller see a cell of the larger, and the union
 * weighs more than each of them (or than both together). Merges are taken best first, and a merged
 * sum can merge again, so a run of diagonals can become one sum. Every union left at the end is
 * added, however little it weighs: the four main-direction diagonals of "Zero solution: Little
 * Killer" weigh below zero, and their union still cut that proof from about 200,000 guesses to 2,000.
 */
import type { KnownSum } from './implied.js';

/** A cell of the smaller sum counts as related when it sees a cell of the larger; this many make two sums related. */
const RELATED_CELLS = 6;

interface Candidate {
  readonly cells: readonly number[];
  readonly set: ReadonlySet<number>;
  readonly total: number;
  readonly score: number;
  readonly key: string;
  readonly original: boolean;
}

/**
 * The combined sums worth adding, over the given sums of digits 1 … size (each cell once, weight 1).
 * `groups` splits cells into groups that must hold distinct digits; `sees` says whether two cells differ.
 */
export function combinedSums(size: number, sums: readonly KnownSum[], groups: (cells: readonly number[]) => number[][], sees: (a: number, b: number) => boolean): KnownSum[] {
  const weigh = (cells: readonly number[], total: number, original: boolean): Candidate | undefined => {
    const split = groups(cells);
    let min = 0;
    let max = 0;
    for (const g of split) {
      const k = g.length;
      min += (k * (k + 1)) / 2;
      max += (k * (2 * size - k + 1)) / 2;
    }
    if (total < min || total > max) return undefined;
    const slack = Math.min(total - min, max - total);
    let score = 0;
    for (const g of split) score += g.length * (size - g.length) - slack;
    const sorted = [...cells].sort((a, b) => a - b);
    return { cells: sorted, set: new Set(sorted), total, score, key: sorted.join(','), original };
  };
  const related = (a: Candidate, b: Candidate): boolean => {
    const [small, big] = a.cells.length < b.cells.length ? [a, b] : [b, a];
    if (small.cells.length < RELATED_CELLS) return false;
    for (const c of small.cells) if (big.set.has(c)) return false;
    let count = 0;
    for (const c of small.cells) {
      for (const d of big.cells) {
        if (sees(c, d)) {
          count++;
          break;
        }
      }
      if (count >= RELATED_CELLS) return true;
    }
    return false;
  };

  const active = new Map<string, Candidate>();
  for (const s of sums) {
    // A sum of fewer cells is never related to another (most cages): leave it out before weighing it.
    if (s.cells.length < RELATED_CELLS) continue;
    const c = weigh(s.cells, s.total, true);
    if (c && !active.has(c.key)) active.set(c.key, c);
  }
  interface Merge {
    readonly a: Candidate;
    readonly b: Candidate;
    readonly union: Candidate;
  }
  const merges: Merge[] = [];
  const offer = (a: Candidate, b: Candidate): void => {
    if (!related(a, b)) return;
    const union = weigh([...a.cells, ...b.cells], a.total + b.total, false);
    if (!union || active.has(union.key)) return;
    if ((union.score <= a.score || union.score <= b.score) && union.score <= a.score + b.score) return;
    merges.push({ a, b, union });
  };
  const first = [...active.values()];
  for (let i = 0; i < first.length; i++) for (let j = i + 1; j < first.length; j++) offer(first[i]!, first[j]!);
  for (;;) {
    let best: Merge | undefined;
    for (let i = merges.length - 1; i >= 0; i--) {
      const m = merges[i]!;
      if (active.get(m.a.key) !== m.a || active.get(m.b.key) !== m.b || active.has(m.union.key)) {
        merges[i] = merges[merges.length - 1]!;
        merges.pop();
        continue;
      }
      if (!best || m.union.score > best.union.score || (m.union.score === best.union.score && m.union.key > best.union.key)) best = m;
    }
    if (!best) break;
    merges.splice(merges.indexOf(best), 1);
    active.delete(best.a.key);
    active.delete(best.b.key);
    active.set(best.union.key, best.union);
    for (const other of active.values()) if (other !== best.union) offer(best.union, other);
  }
  return [...active.values()].filter((c) => !c.original).map((c) => ({ cells: c.cells, total: c.total }));
}
