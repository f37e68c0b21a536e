/**
 * Strong-link fishes: Sukaku Explainer's single-digit chains of N strong links (N = 2 … 6), the
 * family that holds Skyscraper, 2-String Kite and Turbot Fish (N = 2) and their longer kin.
 *
 * A strong link on digit d is a unit where d has two places, so one of them holds it; or a box
 * where d's places all lie on the cross of one row and one column through a cell, the heart (an
 * empty rectangle): then d is on the heart's row or on its column inside the box, a grouped link.
 * A box whose two places share a line is not a link of its own (the line is). The links are
 * chained by weak links: the end of one and the start of the next share a unit (SE looks for a
 * column first, then a row, then a box) other than every link's unit. A grouped end is reached
 * along its line only, and a chain through a grouped link enters on one line and leaves on the
 * other. If the start of the chain is false, every link passes truth on, so the start or the end
 * holds d, and d leaves every cell that sees both (outside the chain's units).
 *
 * Ratings as SE 1.18's strong-link rule has them: 4.0, 5.4, 5.8, 6.2, 6.6 for 2 … 6 links when
 * every link is in rows (or every link in columns): Skyscraper, 3 Skyscrapers; +0.1 when the
 * links mix a box with one kind of line, or rows with columns (2-String Kite, Turbot Fish); +0.2
 * when they hold a box, a row and a column; +0.3 with any grouped link. Among the steps of one
 * size the lowest rating wins, then the one that removes most, as SE sorts its hints.
 *
 * Search: the links of a digit are few (a dozen or two), so a depth-first walk over oriented
 * links, pruned by the weak-link test, lists every chain of N links in well under a millisecond.
 */
import { cellName } from '../../geometry.js';
import type { Board } from '../board.js';
import { type Candidate, type Step, type Technique, describeEffects, unitName } from '../step.js';

/** One end of a strong link: a cell, or the heart of an empty rectangle reached along `line`. */
interface End {
  readonly cell: number;
  /** For a grouped end, the row or column through the heart this end lies on; −1 for a cell. */
  readonly line: number;
}

interface StrongLink {
  readonly unit: number;
  /** 0 box, 1 row, 2 column. */
  readonly kind: number;
  readonly ends: readonly [End, End];
  readonly grouped: boolean;
  /** The places of the digit in the unit. */
  readonly cells: readonly number[];
}

/** The base rating of a chain of N strong links with every link of one line kind (index N). */
const BASE_RATINGS = [0, 0, 4.0, 5.4, 5.8, 6.2, 6.6];

/** The strong links of a digit, in unit order. */
function strongLinks(board: Board, digit: number): StrongLink[] {
  const g = board.geometry;
  const n = g.size;
  const links: StrongLink[] = [];
  for (let unit = 0; unit < 3 * n; unit++) {
    const kind = unit < n ? 1 : unit < 2 * n ? 2 : 0;
    const cells = board.cellsWith(unit, digit);
    if (cells.length < 2) continue;
    if (cells.length === 2) {
      const [a, b] = cells as [number, number];
      if (kind === 0 && (g.rowOf[a] === g.rowOf[b] || g.colOf[a] === g.colOf[b])) continue;
      links.push({ unit, kind, ends: [{ cell: a, line: -1 }, { cell: b, line: -1 }], grouped: false, cells });
      continue;
    }
    if (kind !== 0 || cells.length > 5) continue;
    // An empty rectangle: the first cell of the box whose row and column cover every place.
    const box = g.units[unit]!;
    for (const heart of box) {
      const r = g.rowOf[heart]!;
      const c = g.colOf[heart]!;
      if (!cells.every((x) => g.rowOf[x] === r || g.colOf[x] === c)) continue;
      links.push({ unit, kind, ends: [{ cell: heart, line: r }, { cell: heart, line: n + c }], grouped: true, cells });
      break;
    }
  }
  return links;
}

/**
 * The unit two ends share for a weak link, or −1: a column first, then a row, then a box (as SE
 * picks it); a grouped end only along its line.
 */
function sharedUnit(board: Board, p: End, q: End): number {
  const g = board.geometry;
  const n = g.size;
  if (p.cell === q.cell) return -1;
  if (p.line >= 0 || q.line >= 0) {
    const line = p.line >= 0 ? p.line : q.line;
    if (p.line >= 0 && q.line >= 0 && p.line !== q.line) return -1;
    const onLine = (cell: number) => (line < n ? g.rowOf[cell] === line : g.colOf[cell] === line - n);
    return onLine(p.cell) && onLine(q.cell) ? line : -1;
  }
  if (g.colOf[p.cell] === g.colOf[q.cell]) return n + g.colOf[p.cell]!;
  if (g.rowOf[p.cell] === g.rowOf[q.cell]) return g.rowOf[p.cell]!;
  if (g.boxOf[p.cell] === g.boxOf[q.cell]) return 2 * n + g.boxOf[p.cell]!;
  return -1;
}

/** Whether `cell` sees every place an end stands for (outside its own box for a grouped end). */
function seesEnd(board: Board, end: End, cell: number): boolean {
  const g = board.geometry;
  const n = g.size;
  if (end.line < 0) return cell !== end.cell && board.sees(cell, end.cell);
  if (g.boxOf[cell] === g.boxOf[end.cell]) return false;
  return end.line < n ? g.rowOf[cell] === end.line : g.colOf[cell] === end.line - n;
}

/** The rating of a chain of links by SE's rule (see the header). */
function ratingOf(links: readonly StrongLink[]): number {
  const base = BASE_RATINGS[links.length]!;
  if (links.some((l) => l.grouped)) return base + 0.3;
  const kinds = new Set(links.map((l) => l.kind));
  if (!kinds.has(0) && kinds.size === 1) return base;
  if (kinds.has(1) && kinds.has(2) && (links.length === 3 || kinds.has(0))) return base + 0.2;
  return base + 0.1;
}

function nameOf(links: readonly StrongLink[]): string {
  const count = links.length;
  const kinds = new Set(links.map((l) => l.kind));
  const grouped = links.some((l) => l.grouped);
  let name: string;
  if (count === 2) {
    if (grouped) name = 'Empty Rectangle';
    else if (!kinds.has(0) && kinds.size === 1) name = 'Skyscraper';
    else if (!kinds.has(0)) name = '2-String Kite';
    else name = 'Turbot Fish';
    return name;
  }
  if (!grouped && !kinds.has(0) && kinds.size === 1) name = `${count} Skyscrapers`;
  else if (!grouped && !kinds.has(0) && count === 3) name = '3-String Kite';
  else name = `${count} Strong Links`;
  return grouped ? `Grouped ${name}` : name;
}

interface Found {
  readonly links: StrongLink[];
  readonly starts: End[];
  readonly shares: number[];
  readonly eliminations: Candidate[];
  readonly rating: number;
}

/** Every chain of `count` strong links on one digit with eliminations; the best by SE's order. */
function findStrongLinkFish(board: Board, count: number): Step | undefined {
  const g = board.geometry;
  let best: Found | undefined;
  let bestDigit = 0;
  for (let digit = 1; digit <= g.size; digit++) {
    const links = strongLinks(board, digit);
    if (links.length < count) continue;
    const chain: StrongLink[] = [];
    const starts: End[] = [];
    const shares: number[] = [];
    const used = new Set<number>();
    const conclude = (startEnd: End, endEnd: End): void => {
      const rating = ratingOf(chain);
      if (best && rating > best.rating + 1e-9) return;
      const baseUnits = chain.map((l) => l.unit);
      const inChain = new Set(chain.flatMap((l) => l.cells));
      const eliminations: Candidate[] = [];
      for (let cell = 0; cell < g.cellCount; cell++) {
        if (board.values[cell] !== 0 || !board.has(cell, digit) || inChain.has(cell)) continue;
        if (!seesEnd(board, startEnd, cell) || !seesEnd(board, endEnd, cell)) continue;
        const units = g.unitsOf[cell]!;
        if (baseUnits.some((u) => units.includes(u)) || shares.some((u) => units.includes(u))) continue;
        eliminations.push({ cell, digit });
      }
      if (eliminations.length === 0) return;
      if (best && Math.abs(rating - best.rating) < 1e-9 && eliminations.length <= best.eliminations.length) return;
      best = { links: [...chain], starts: [...starts, endEnd], shares: [...shares], eliminations, rating };
      bestDigit = digit;
    };
    const clashes = (link: StrongLink): boolean => {
      if (link.cells.some((c) => used.has(c))) return true;
      // Nothing else of the chain in a grouped link's box, and no chain cell in a new grouped box.
      for (const other of chain) {
        if (other.unit === link.unit) return true;
        if (link.grouped && other.cells.some((c) => g.boxOf[c] === g.boxOf[link.ends[0].cell])) return true;
        if (other.grouped && link.cells.some((c) => g.boxOf[c] === g.boxOf[other.ends[0].cell])) return true;
      }
      return false;
    };
    const extend = (firstStart: End, exit: End): void => {
      if (chain.length === count) {
        conclude(firstStart, exit);
        return;
      }
      for (const link of links) {
        if (clashes(link)) continue;
        for (let side = 0; side < 2; side++) {
          const entry = link.ends[side]!;
          const share = sharedUnit(board, exit, entry);
          if (share < 0 || share === link.unit || chain.some((l) => l.unit === share)) continue;
          chain.push(link);
          starts.push(entry);
          shares.push(share);
          for (const c of link.cells) used.add(c);
          // A share region may not be any link's unit: check the links chosen so far, and the
          // earlier shares against this link's unit.
          if (!shares.slice(0, -1).includes(link.unit)) extend(firstStart, link.ends[1 - side]!);
          for (const c of link.cells) used.delete(c);
          shares.pop();
          starts.pop();
          chain.pop();
        }
      }
    };
    for (const link of links) {
      for (let side = 0; side < 2; side++) {
        chain.push(link);
        starts.push(link.ends[side]!);
        for (const c of link.cells) used.add(c);
        extend(link.ends[side]!, link.ends[1 - side]!);
        for (const c of link.cells) used.delete(c);
        starts.pop();
        chain.pop();
      }
    }
  }
  if (!best) return undefined;
  const found: Found = best;
  const name = nameOf(found.links);
  const digit = bestDigit;
  const step = { technique: name, placements: [], eliminations: found.eliminations };
  const endText = (e: End) => (e.line < 0 ? cellName(g, e.cell) : `${unitName(g, e.line)} of ${unitName(g, found.links.find((l) => l.ends[0].cell === e.cell && l.grouped)!.unit)}`);
  const parts = found.links.map((l, i) => {
    const start = found.starts[i]!;
    const end = l.ends[0] === start ? l.ends[1] : l.ends[0];
    return `${endText(start)}=${endText(end)}`;
  });
  const text = `${name} on ${g.digits[digit - 1]}: ${parts.join(' - ')} (${found.links.map((l) => unitName(g, l.unit)).join(', ')}) => ${describeEffects(g, step)}`;
  const cells = found.links.flatMap((l) => l.cells);
  return { ...step, rating: Math.round(found.rating * 10) / 10, cells, candidates: cells.map((cell) => ({ cell, digit })), units: found.links.map((l) => l.unit), text };
}

function strongLinkTechnique(count: number, name: string): Technique {
  return { name, rating: BASE_RATINGS[count]!, find: (board) => findStrongLinkFish(board, count) };
}

/** Two strong links: Skyscraper 4.0, 2-String Kite and Turbot Fish 4.1, Empty Rectangle 4.3. */
export const TWO_STRONG_LINKS: Technique = strongLinkTechnique(2, 'Skyscraper, Kite, Turbot');
export const THREE_STRONG_LINKS: Technique = strongLinkTechnique(3, '3 Strong-Linked Fishes');
export const FOUR_STRONG_LINKS: Technique = strongLinkTechnique(4, '4 Strong-Linked Fishes');
export const FIVE_STRONG_LINKS: Technique = strongLinkTechnique(5, '5 Strong-Linked Fishes');
export const SIX_STRONG_LINKS: Technique = strongLinkTechnique(6, '6 Strong-Linked Fishes');
