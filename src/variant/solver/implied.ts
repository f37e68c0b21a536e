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

/** Implied sums over more cells than this narrow too little to pay for themselves. */
const MAX_IMPLIED_CELLS = 14;

/**
 * The sums implied by `sums` (cages of distinct digits with a total) over the groups of houses:
 * each row, column and box, and runs of 2 … ⌈size/2⌉ consecutive rows or columns. Each result is
 * new (not one of `sums`) and has 1 … MAX_IMPLIED_CELLS cells.
 */
export function impliedSums(size: number, rows: readonly (readonly number[])[], columns: readonly (readonly number[])[], boxes: readonly (readonly number[])[], sums: readonly KnownSum[]): KnownSum[] {
  const houseTotal = (size * (size + 1)) / 2;
  const groups: Array<{ cells: Set<number>; total: number }> = [];
  for (const box of boxes) groups.push({ cells: new Set(box), total: houseTotal });
  const widest = Math.ceil(size / 2);
  for (const lines of [rows, columns]) {
    for (let width = 1; width <= widest; width++) {
      for (let start = 0; start + width <= size; start++) {
        const cells = new Set<number>();
        for (let i = start; i < start + width; i++) for (const cell of lines[i]!) cells.add(cell);
        groups.push({ cells, total: width * houseTotal });
      }
    }
  }
  const seen = new Set(sums.map((s) => [...s.cells].sort((a, b) => a - b).join(',')));
  const out: KnownSum[] = [];
  const add = (cells: number[], total: number): void => {
    if (cells.length === 0 || cells.length > MAX_IMPLIED_CELLS) return;
    const key = [...cells].sort((a, b) => a - b).join(',');
    if (seen.has(key)) return;
    seen.add(key);
    out.push({ cells, total });
  };
  for (const group of groups) {
    const used = new Set<number>();
    let insideTotal = 0;
    const straddling: KnownSum[] = [];
    for (const s of sums) {
      const inCount = s.cells.filter((c) => group.cells.has(c)).length;
      if (inCount === 0) continue;
      if (s.cells.some((c) => used.has(c))) continue; // overlapping cages: keep the first
      if (inCount === s.cells.length) {
        for (const c of s.cells) used.add(c);
        insideTotal += s.total;
      } else straddling.push(s);
    }
    const innies = [...group.cells].filter((c) => !used.has(c));
    add(innies, group.total - insideTotal);
    // Outies: the cages that stick out, when with the inside ones they cover the whole group.
    const covering = new Set(used);
    let coverTotal = insideTotal;
    for (const s of straddling) {
      if (s.cells.some((c) => covering.has(c))) continue;
      for (const c of s.cells) covering.add(c);
      coverTotal += s.total;
    }
    if (innies.every((c) => covering.has(c))) {
      const outies = [...covering].filter((c) => !group.cells.has(c));
      add(outies, coverTotal - group.total);
    }
  }
  return out;
}
