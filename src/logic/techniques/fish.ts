/**
 * Fish: one digit, k base lines (rows, or columns) whose places for it all fall in k cover lines
 * (columns, or rows). The k copies of the digit in the base lines fill the cover lines, so the
 * cover lines lose it everywhere else. X-Wing (k = 2, SE 3.2), Swordfish (3, SE 3.8),
 * Jellyfish (4, SE 5.2).
 *
 * Finned and sashimi fish: the base lines also have places outside the cover lines (the fins),
 * all in one box. Either the fish stands or a fin is true, so only cells that are in a cover line,
 * outside the base lines, and in the fins' box lose the digit. Sashimi: some base line keeps a
 * single place inside the cover. Ratings: Sudoku Explainer 1.2.1 has no finned fish. Sukaku
 * Explainer 1.18 (which rated the calibration sample) finds a finned or sashimi X-Wing as its
 * "grouped two strong links fish" (a skyscraper whose fin box acts as one grouped node), which
 * sits between XY-Wing (4.2) and XYZ-Wing (4.4): we rate it 4.3. Bigger finned fish are longer
 * grouped chains there; we rate them as SE 1.2.1's X-chains of their length would (6.7, 6.8).
 *
 * Works on every board size; a base line's places are a bit mask of the cover lines.
 */
import { type Board, countBits, digitsOf } from '../board.js';
import { type Candidate, type Step, type Technique, describeCells, describeEffects } from '../step.js';

const FISH_NAMES = ['', '', 'X-Wing', 'Swordfish', 'Jellyfish'] as const;

/** The cell where base line `base` (index within its kind) meets cover line `cover`. */
function cellAt(board: Board, byRows: boolean, base: number, cover: number): number {
  const n = board.geometry.size;
  return byRows ? base * n + cover : cover * n + base;
}

function findFish(board: Board, k: number, finned: boolean, rating: number): Step | undefined {
  const g = board.geometry;
  const n = g.size;
  const places = new Int32Array(n);
  const lines = new Int32Array(n);
  const base = new Int32Array(k);
  const cover = new Int32Array(k);
  const maxPlaces = finned ? k + Math.max(g.boxRows, g.boxCols) : k;
  for (let digit = 1; digit <= n; digit++) {
    for (const byRows of [true, false]) {
      // The cover lines' width of a box: columns per box (rows as base), or rows per box.
      const bandWidth = byRows ? g.boxCols : g.boxRows;
      let count = 0;
      for (let line = 0; line < n; line++) {
        const p = board.positions(byRows ? line : n + line, digit);
        places[line] = p;
        const c = countBits(p);
        // A basic fish's base line has 2..k places; a finned one may have one more box's worth.
        if (c >= 2 && c <= maxPlaces) lines[count++] = line;
      }
      if (count < k) continue;
      // The base lines' k-subsets in lexicographic order (as `combinations` gives them), depth
      // first without allocating: this runs at every step of a hard path.
      const found = chooseBase(0, 0, 0);
      if (found) return found;

      function chooseBase(depth: number, from: number, union: number): Step | undefined {
        if (depth === k) return finned ? finnedAt(union) : basicAt(union);
        for (let i = from; i <= count - (k - depth); i++) {
          const next = union | places[lines[i]!]!;
          // The union only grows: once it cannot fit k cover lines (and, finned, one band's fins), no subset from here can.
          if (!fits(next)) continue;
          base[depth] = lines[i]!;
          const step = chooseBase(depth + 1, i + 1, next);
          if (step) return step;
        }
        return undefined;
      }

      /**
       * Whether the fish on the base lines and these cover lines (fins in `box`, or -1) takes the
       * digit from some cell: most patterns take nothing, and are dropped before a step is built.
       */
      function eliminates(coverMask: number, box: number): boolean {
        let baseMask = 0;
        for (let b = 0; b < k; b++) baseMask |= 1 << base[b]!;
        for (let m = coverMask; m !== 0; m &= m - 1) {
          const c = 31 - Math.clz32(m & -m);
          for (let rest = board.positions(byRows ? n + c : c, digit) & ~baseMask; rest !== 0; rest &= rest - 1) {
            if (box < 0 || g.boxOf[cellAt(board, byRows, 31 - Math.clz32(rest & -rest), c)] === box) return true;
          }
        }
        return false;
      }

      /** Whether the places of some base lines can still lie in k cover lines, finned: but for lines of one band. */
      function fits(union: number): boolean {
        const width = countBits(union);
        if (width <= k) return true;
        if (!finned) return false;
        if (g.jigsaw) return true;
        for (let band = 0; band * bandWidth < n; band++) {
          if (countBits(union & ~(((1 << bandWidth) - 1) << (band * bandWidth))) <= k) return true;
        }
        return false;
      }

      function basicAt(union: number): Step | undefined {
        if (countBits(union) !== k || !eliminates(union, -1)) return undefined;
        return fishStep(
          board,
          digit,
          byRows,
          [...base],
          digitsOf(union).map((c) => c - 1),
          [],
          -1,
          rating,
          k,
        );
      }

      function finnedAt(union: number): Step | undefined {
        const width = countBits(union);
        if (width <= k) return undefined;
        // The cover lines: k of the union's, in ascending order.
        const columns: number[] = [];
        for (let m = union; m !== 0; m &= m - 1) columns.push(31 - Math.clz32(m & -m));
        return chooseCover(0, 0, 0, -1);

        // `skipped`: the band of the union's lines left out of the cover so far (-1: none yet).
        // Each left-out line holds a fin, and fins in two bands are in two boxes, so such a
        // branch is cut; the order of the covers tried, and so the fish found, does not change.
        function chooseCover(depth: number, from: number, coverMask: number, skipped: number): Step | undefined {
          if (depth === k) return skip(from, columns.length, skipped) === -2 ? undefined : tryCover(coverMask);
          for (let i = from; i <= columns.length - (k - depth); i++) {
            const band = skip(from, i, skipped);
            if (band === -2) break;
            cover[depth] = columns[i]!;
            const step = chooseCover(depth + 1, i + 1, coverMask | (1 << columns[i]!), band);
            if (step) return step;
          }
          return undefined;
        }

        /** The band of `skipped` and of columns[from … to − 1], or -2 when they span two (or -1 when none). */
        function skip(from: number, to: number, skipped: number): number {
          if (g.jigsaw) return -1;
          let band = skipped;
          for (let j = from; j < to; j++) {
            const b = Math.floor(columns[j]! / bandWidth);
            if (band === -1) band = b;
            else if (band !== b) return -2;
          }
          return band;
        }
      }

      function tryCover(coverMask: number): Step | undefined {
        // Every base line keeps a place in the cover, and every fin lies in one box.
        let box = -1;
        for (let b = 0; b < k; b++) {
          const line = base[b]!;
          const p = places[line]!;
          if ((p & coverMask) === 0) return undefined;
          for (let m = p & ~coverMask; m !== 0; m &= m - 1) {
            const f = g.boxOf[cellAt(board, byRows, line, 31 - Math.clz32(m & -m))]!;
            if (box < 0) box = f;
            else if (f !== box) return undefined;
          }
        }
        if (!eliminates(coverMask, box)) return undefined;
        const fins: number[] = [];
        for (let b = 0; b < k; b++) for (const c of digitsOf(places[base[b]!]! & ~coverMask)) fins.push(cellAt(board, byRows, base[b]!, c - 1));
        return fishStep(board, digit, byRows, [...base], [...cover], fins, box, rating, k);
      }
    }
  }
  return undefined;
}

function fishStep(
  board: Board,
  digit: number,
  byRows: boolean,
  base: readonly number[],
  cover: readonly number[],
  fins: readonly number[],
  finBox: number,
  rating: number,
  k: number,
): Step | undefined {
  const g = board.geometry;
  const n = g.size;
  const eliminations: Candidate[] = [];
  for (const c of cover) {
    for (let line = 0; line < n; line++) {
      if (base.includes(line)) continue;
      const cell = cellAt(board, byRows, line, c);
      if (finBox >= 0 && g.boxOf[cell] !== finBox) continue;
      if (board.values[cell] === 0 && board.has(cell, digit)) eliminations.push({ cell, digit });
    }
  }
  if (eliminations.length === 0) return undefined;
  eliminations.sort((a, b) => a.cell - b.cell);
  const cells: number[] = [];
  for (const line of base) for (const c of cover) if (board.has(cellAt(board, byRows, line, c), digit)) cells.push(cellAt(board, byRows, line, c));
  const sashimi = fins.length > 0 && base.some((line) => cover.filter((c) => board.has(cellAt(board, byRows, line, c), digit)).length < 2);
  const technique = `${fins.length === 0 ? '' : sashimi ? 'Sashimi ' : 'Finned '}${FISH_NAMES[k]}`;
  const step = { technique, placements: [], eliminations };
  const [baseKind, coverKind] = byRows ? ['rows', 'columns'] : ['columns', 'rows'];
  const finText = fins.length === 0 ? '' : `, fin${fins.length > 1 ? 's' : ''} ${describeCells(g, fins)}`;
  const text = `${technique} on ${g.digits[digit - 1]} in ${baseKind} ${base.map((l) => l + 1).join(',')}, ${coverKind} ${cover.map((c) => c + 1).join(',')}${finText} => ${describeEffects(g, step)}`;
  const all = [...cells, ...fins];
  const units = [...base.map((l) => (byRows ? l : n + l)), ...cover.map((c) => (byRows ? n + c : c))];
  return { ...step, rating, cells: all, candidates: all.map((cell) => ({ cell, digit })), units, text };
}

export const X_WING: Technique = { name: 'X-Wing', rating: 3.2, find: (b) => findFish(b, 2, false, 3.2) };
export const SWORDFISH: Technique = { name: 'Swordfish', rating: 3.8, find: (b) => findFish(b, 3, false, 3.8) };
export const JELLYFISH: Technique = { name: 'Jellyfish', rating: 5.2, find: (b) => findFish(b, 4, false, 5.2) };
export const FINNED_X_WING: Technique = { name: 'Finned X-Wing', rating: 4.3, stepNames: ['Finned X-Wing', 'Sashimi X-Wing'], find: (b) => findFish(b, 2, true, 4.3) };
export const FINNED_SWORDFISH: Technique = { name: 'Finned Swordfish', rating: 6.7, stepNames: ['Finned Swordfish', 'Sashimi Swordfish'], find: (b) => findFish(b, 3, true, 6.7) };
export const FINNED_JELLYFISH: Technique = { name: 'Finned Jellyfish', rating: 6.8, stepNames: ['Finned Jellyfish', 'Sashimi Jellyfish'], find: (b) => findFish(b, 4, true, 6.8) };
