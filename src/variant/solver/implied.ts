/**
 * Sums the cages imply (the "45 rule" of killer solvers): a group of whole houses holds each digit
 * once per house, so its total is known; take away the cages inside it and the cells left over
 * (innies) have a known sum; add the cages that stick out of it and the cells outside (outies)
 * have one too. These sums are true of every solution, and narrowing with them early spares the
 * search most of its guesses on killer puzzles.
 */

export interface KnownSum {
  readonly cells: readonly number[];
  readonly total: number;
}

/** An implied sum and where it comes from, for a sentence: the houses, and whether its cells are inside them. */
export interface ImpliedSum extends KnownSum {
  /** `box 3`, `row 4`, `rows 1-2`, `columns 7-9` (numbered from 1). */
  readonly houses: string;
  /** True for innies (cells of the houses left over by the cages inside), false for outies. */
  readonly innies: boolean;
}

/** Implied sums over more cells than this narrow too little to pay for themselves. */
const MAX_IMPLIED_CELLS = 9;

/**
 * The sums implied by `sums` (cages of distinct digits with a total) over the groups of houses:
 * each row, column and box, and runs of 2 … ⌈size/2⌉ consecutive rows or columns. Each result is
 * new (not one of `sums`) and has 1 … MAX_IMPLIED_CELLS cells.
 */
export function impliedSums(
  size: number,
  rows: readonly (readonly number[])[],
  columns: readonly (readonly number[])[],
  boxes: readonly (readonly number[])[],
  sums: readonly KnownSum[],
): ImpliedSum[] {
  const houseTotal = (size * (size + 1)) / 2;
  const groups: Array<{ cells: readonly number[]; total: number; name: string }> = [];
  for (const [i, box] of boxes.entries()) groups.push({ cells: box, total: houseTotal, name: `box ${i + 1}` });
  const widest = Math.ceil(size / 2);
  for (const [kind, lines] of [['row', rows] as const, ['column', columns] as const]) {
    for (let width = 1; width <= widest; width++) {
      for (let start = 0; start + width <= size; start++) {
        const name = width === 1 ? `${kind} ${start + 1}` : `${kind}s ${start + 1}-${start + width}`;
        groups.push({ cells: lines.slice(start, start + width).flat(), total: width * houseTotal, name });
      }
    }
  }
  const seen = new Set(sums.map((s) => [...s.cells].sort((a, b) => a - b).join(',')));
  const out: ImpliedSum[] = [];
  const add = (cells: number[], total: number, houses: string, innies: boolean): void => {
    if (cells.length === 0 || cells.length > MAX_IMPLIED_CELLS) return;
    const key = [...cells].sort((a, b) => a - b).join(',');
    if (seen.has(key)) return;
    seen.add(key);
    out.push({ cells, total, houses, innies });
  };
  // Marks, reset after each group: 1 in the group, 2 covered by a cage inside it, 4 covered by one sticking out.
  const mark = new Uint8Array(size * size);
  for (const group of groups) {
    for (const c of group.cells) mark[c] = 1;
    let insideTotal = 0;
    const straddling: KnownSum[] = [];
    for (const s of sums) {
      let inCount = 0;
      let overlaps = false;
      for (const c of s.cells) {
        if ((mark[c]! & 1) !== 0) inCount++;
        if ((mark[c]! & 2) !== 0) overlaps = true;
      }
      if (inCount === 0 || overlaps) continue; // overlapping cages: keep the first
      if (inCount === s.cells.length) {
        for (const c of s.cells) mark[c]! |= 2;
        insideTotal += s.total;
      } else straddling.push(s);
    }
    const innies = group.cells.filter((c) => (mark[c]! & 2) === 0);
    add(innies, group.total - insideTotal, group.name, true);
    // Outies: the cages that stick out, when with the inside ones they cover the whole group.
    let coverTotal = insideTotal;
    const outies: number[] = [];
    for (const s of straddling) {
      if (s.cells.some((c) => (mark[c]! & 6) !== 0)) continue;
      for (const c of s.cells) {
        mark[c]! |= 4;
        if ((mark[c]! & 1) === 0) outies.push(c);
      }
      coverTotal += s.total;
    }
    if (innies.every((c) => (mark[c]! & 4) !== 0)) add(outies, coverTotal - group.total, group.name, false);
    for (const c of group.cells) mark[c] = 0;
    for (const s of straddling) for (const c of s.cells) mark[c] = 0;
  }
  return out;
}
