/**
 * Strong-link fishes: Sukaku Explainer's single-digit chains of N strong links (N = 2 … 6), the
 * family that holds Skyscraper, 2-String Kite and Turbot Fish (N = 2) and their longer kin.
 *
 * A strong link on digit d is a unit where d has two places, so one of them holds it; or a
 * grouped link: a line whose places lie in two boxes (a group of places in each), a box whose
 * places all lie on the cross of one row and one column through a cell, the heart (an empty
 * rectangle: d is on the heart's row or on its column inside the box), or a box with four or
 * five places in two of its rows (or columns). A box whose two places share a line is not a link
 * of its own (the line is). The links are
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
 * Search: the links of a digit are few (a dozen or three), so the weak links between oriented
 * links are listed once (flat arrays, no allocation in the walk), and a depth-first walk over
 * them lists every chain of N links; the cells that see an end are found only when a chain ends.
 */
import { cellName, type Geometry } from '../../geometry.js';
import type { Board } from '../board.js';
import { type Candidate, type Step, type StrongLinkKind, type Technique, describeEffects, unitName } from '../step.js';

/**
 * One end of a strong link: one cell, a group of cells in one line and one box, or the heart of an
 * empty rectangle reached along `line` (the box's places on that row or column).
 */
interface End {
  readonly cells: readonly number[];
  /** For an empty rectangle's end, the row or column through the heart; −1 otherwise. */
  readonly line: number;
  /** The units holding every cell of the end (−1 when the cells spread over several). */
  readonly row: number;
  readonly col: number;
  readonly box: number;
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

/** The places split in two by a key (a box, a row, a column), or undefined unless exactly two. */
function splitBy(cells: readonly number[], key: (cell: number) => number): [number[], number[]] | undefined {
  const first = key(cells[0]!);
  const a = cells.filter((c) => key(c) === first);
  const b = cells.filter((c) => key(c) !== first);
  if (b.length === 0 || b.some((c) => key(c) !== key(b[0]!))) return undefined;
  return [a, b];
}

/**
 * The strong links of a digit, in unit order: two places; or three to six places of a line in two
 * boxes (a group in each); or a box whose places lie on the cross of a heart's row and column
 * with places on both arms (an empty rectangle), else, with four places or more, in two rows or
 * two columns of the box (a group in each).
 */
function strongLinks(board: Board, digit: number): StrongLink[] {
  const g = board.geometry;
  const n = g.size;
  const links: StrongLink[] = [];
  const common = (cells: readonly number[], key: Int32Array | readonly number[], offset: number) => (cells.every((c) => key[c] === key[cells[0]!]) ? offset + key[cells[0]!]! : -1);
  const group = (cells: readonly number[], line = -1): End => ({ cells, line, row: common(cells, g.rowOf, 0), col: common(cells, g.colOf, n), box: common(cells, g.boxOf, 2 * n) });
  for (let unit = 0; unit < 3 * n; unit++) {
    const kind = unit < n ? 1 : unit < 2 * n ? 2 : 0;
    const cells = board.cellsWith(unit, digit);
    if (cells.length < 2 || cells.length > 6) continue;
    if (cells.length === 2) {
      const [a, b] = cells as [number, number];
      if (kind === 0 && (g.rowOf[a] === g.rowOf[b] || g.colOf[a] === g.colOf[b])) continue;
      links.push({ unit, kind, ends: [group([a]), group([b])], grouped: false, cells });
      continue;
    }
    if (kind !== 0) {
      const halves = splitBy(cells, (c) => g.boxOf[c]!);
      if (halves) links.push({ unit, kind, ends: [group(halves[0]), group(halves[1])], grouped: true, cells });
      continue;
    }
    if (cells.length > 5) continue;
    // An empty rectangle: the first cell of the box whose row and column cover every place.
    let found = false;
    for (const heart of g.units[unit]!) {
      const r = g.rowOf[heart]!;
      const c = g.colOf[heart]!;
      if (!cells.every((x) => g.rowOf[x] === r || g.colOf[x] === c)) continue;
      if (cells.some((x) => x !== heart && g.rowOf[x] === r) && cells.some((x) => x !== heart && g.colOf[x] === c)) {
        links.push({ unit, kind, ends: [group([heart], r), group([heart], n + c)], grouped: true, cells });
        found = true;
      }
      break;
    }
    if (found || cells.length < 4) continue;
    const halves = splitBy(cells, (x) => g.rowOf[x]!) ?? splitBy(cells, (x) => g.colOf[x]!);
    if (halves) links.push({ unit, kind, ends: [group(halves[0]), group(halves[1])], grouped: true, cells });
  }
  return links;
}

/**
 * The unit two ends share for a weak link, or −1: the unit holding every cell of both, a column
 * first, then a row, then a box (as SE picks it); an empty rectangle's end only along its line.
 */
function sharedUnit(board: Board, p: End, q: End): number {
  const g = board.geometry;
  const n = g.size;
  if (p.line >= 0 || q.line >= 0) {
    if (p.line >= 0 && q.line >= 0 && p.line !== q.line) return -1;
    const line = p.line >= 0 ? p.line : q.line;
    const onLine = (cell: number) => (line < n ? g.rowOf[cell] === line : g.colOf[cell] === line - n);
    const other = p.line >= 0 ? q : p;
    if (p.line >= 0 && q.line >= 0) return p.cells[0] !== q.cells[0] && onLine(q.cells[0]!) ? line : -1;
    const heart = (p.line >= 0 ? p : q).cells[0]!;
    return other.cells.every((c) => c !== heart && onLine(c)) ? line : -1;
  }
  if (p.col >= 0 && p.col === q.col) return p.col;
  if (p.row >= 0 && p.row === q.row) return p.row;
  if (p.box >= 0 && p.box === q.box) return p.box;
  return -1;
}

/** Each cell's peers as a bit set of ⌈cells / 32⌉ words (cell p is bit p & 31 of word p >> 5), per geometry. */
const peerSetCache = new WeakMap<Geometry, Int32Array>();

function peerSets(g: Geometry): Int32Array {
  let sets = peerSetCache.get(g);
  if (!sets) {
    const words = Math.ceil(g.cellCount / 32);
    sets = new Int32Array(g.cellCount * words);
    for (let c = 0; c < g.cellCount; c++) for (const p of g.peers[c]!) sets[c * words + (p >> 5)]! |= 1 << (p & 31);
    peerSetCache.set(g, sets);
  }
  return sets;
}

/**
 * The cells of `digitCells` outside link `l` that see every cell of a (non-heart) end, in cell
 * order, read off the peer sets of the end's cells: what `seesEnd` finds on a board without rules.
 */
function seersByMask(peers: Int32Array, words: number, digitCells: readonly number[], end: End, l: StrongLink): number[] {
  const out: number[] = [];
  for (const c of digitCells) {
    let seen = 1;
    for (let i = 0; seen !== 0 && i < end.cells.length; i++) seen = (peers[end.cells[i]! * words + (c >> 5)]! >>> (c & 31)) & 1;
    if (seen !== 0 && !l.cells.includes(c)) out.push(c);
  }
  return out;
}

/** Whether `cell` sees every place an end stands for (outside its own box for a heart's end). */
function seesEnd(board: Board, end: End, cell: number): boolean {
  const g = board.geometry;
  const n = g.size;
  if (end.line < 0) return end.cells.every((c) => c !== cell && board.sees(cell, c));
  const heart = end.cells[0]!;
  if (g.boxOf[cell] === g.boxOf[heart]) return false;
  return end.line < n ? g.rowOf[cell] === end.line : g.colOf[cell] === end.line - n;
}

function nameOf(links: readonly StrongLink[]): string {
  const count = links.length;
  const kinds = new Set(links.map((l) => l.kind));
  const grouped = links.some((l) => l.grouped);
  let name: string;
  if (count === 2) {
    if (links.some((l) => l.ends[0].line >= 0)) name = 'Empty Rectangle';
    else if (grouped) name = 'Grouped Turbot Fish';
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

/**
 * What the walk needs for one digit: its links, the digit's cells, the weak links between
 * oriented links as flat lists (the weak links of oriented link f, numbered link × 2 + entry side,
 * are entries first[f] … first[f + 1] − 1), and the cells that see each end, filled on demand.
 */
interface DigitTables {
  readonly links: StrongLink[];
  readonly digitCells: number[];
  readonly first: number[];
  readonly toLink: number[];
  readonly toSide: number[];
  readonly toShare: number[];
  readonly seerCache: Array<number[] | undefined>;
}

function digitTables(board: Board, digit: number): DigitTables {
  const cellCount = board.geometry.cellCount;
  const links = strongLinks(board, digit);
  const digitCells: number[] = [];
  for (let cell = 0; cell < cellCount; cell++) if (board.values[cell] === 0 && board.has(cell, digit)) digitCells.push(cell);
  const first: number[] = [0];
  const toLink: number[] = [];
  const toSide: number[] = [];
  const toShare: number[] = [];
  // Two ends share a unit only when one holds a unit the other is filed under (an end under its
  // row, column and box, an empty rectangle's end under its line alone): with no more than 32
  // units, the units of each end as one bit set rule out most pairs with one AND.
  const units = board.geometry.units.length;
  const filed = new Int32Array(links.length * 2);
  for (let e = 0; units <= 32 && e < filed.length; e++) {
    const end = links[e >> 1]!.ends[e & 1]!;
    filed[e] = end.line >= 0 ? 1 << end.line : (end.row >= 0 ? 1 << end.row : 0) | (end.col >= 0 ? 1 << end.col : 0) | (end.box >= 0 ? 1 << end.box : 0);
  }
  for (let i = 0; i < links.length; i++) {
    for (let si = 0; si < 2; si++) {
      const exit = links[i]!.ends[1 - si]!;
      const exitUnits = filed[i * 2 + 1 - si]!;
      for (let j = 0; j < links.length; j++) {
        if (j === i || links[j]!.unit === links[i]!.unit) continue;
        for (let sj = 0; sj < 2; sj++) {
          if (units <= 32 && (exitUnits & filed[j * 2 + sj]!) === 0) continue;
          const share = sharedUnit(board, exit, links[j]!.ends[sj]!);
          if (share < 0 || share === links[j]!.unit || share === links[i]!.unit) continue;
          toLink.push(j);
          toSide.push(sj);
          toShare.push(share);
        }
      }
      first.push(toLink.length);
    }
  }
  return { links, digitCells, first, toLink, toSide, toShare, seerCache: [] };
}

/**
 * The tables and steps of the board last searched, per digit and per size. The step solver tries
 * the five sizes (2 to 6 links) on one board before it changes, and building the tables costs
 * more than a walk of two or three links: each size after the first reuses them while the
 * board's values and candidates are the same.
 */
const tableCache: {
  geometry: Board['geometry'] | undefined;
  values: Uint8Array;
  candidates: Uint32Array;
  digits: Array<DigitTables | undefined>;
  steps: Map<number, Step | undefined>;
} = {
  geometry: undefined,
  values: new Uint8Array(0),
  candidates: new Uint32Array(0),
  digits: [],
  steps: new Map(),
};

function cacheFor(board: Board): typeof tableCache {
  const cand = board.candidates;
  const values = board.values;
  let same = tableCache.geometry === board.geometry && tableCache.candidates.length === cand.length;
  for (let i = 0; same && i < cand.length; i++) same = tableCache.candidates[i] === cand[i] && tableCache.values[i] === values[i];
  if (!same) {
    tableCache.geometry = board.geometry;
    tableCache.candidates = cand.slice();
    tableCache.values = values.slice();
    tableCache.digits = [];
    tableCache.steps = new Map();
  }
  return tableCache;
}

function tablesFor(board: Board, digit: number): DigitTables {
  const cache = cacheFor(board);
  let tables = cache.digits[digit];
  if (!tables) {
    tables = digitTables(board, digit);
    cache.digits[digit] = tables;
  }
  return tables;
}

interface Found {
  readonly links: StrongLink[];
  readonly starts: End[];
  readonly shares: number[];
  readonly eliminations: Candidate[];
  readonly rating: number;
}

/**
 * The best step of `count` strong links (SE's order), from the cache when the board is the one
 * last searched. Past two links, one walk lists the chains of `count` up to six links at once:
 * the step solver tries the sizes in turn on one board, and the walk for six links passes
 * through every shorter chain on its way (each size sees its chains in the order a walk of its
 * own would, so its step is the same).
 */
function findStrongLinkFish(board: Board, count: number): Step | undefined {
  const cached = cacheFor(board).steps;
  if (!cached.has(count)) {
    const hi = count === 2 ? 2 : BASE_RATINGS.length - 1;
    const steps = walkStrongLinks(board, count, hi);
    for (let size = count; size <= hi; size++) cached.set(size, steps[size]);
  }
  return cached.get(count);
}

/** For each size from `lo` to `hi`, the best chain of that many strong links on one digit with eliminations, by SE's order, as a step. */
function walkStrongLinks(board: Board, lo: number, hi: number): Array<Step | undefined> {
  const g = board.geometry;
  const cellCount = g.cellCount;
  const bests: Array<Found | undefined> = [];
  const bestDigits: number[] = [];
  const used = new Uint8Array(cellCount);
  const victimMark = new Uint8Array(cellCount);
  // How many links of the chain are in each unit, and how many of its weak links pass through it.
  const linkUnits = new Uint8Array(g.units.length);
  const shareUnits = new Uint8Array(g.units.length);
  // Per kind (box, row, column) how many links of the chain have it, and how many are grouped:
  // the rating of a chain is known before anything is allocated for it.
  const kindCount = [0, 0, 0];
  let groupedCount = 0;
  const chainRating = (count: number): number => {
    const base = BASE_RATINGS[count]!;
    if (groupedCount > 0) return base + 0.3;
    const box = kindCount[0]! > 0;
    const row = kindCount[1]! > 0;
    const col = kindCount[2]! > 0;
    if (!box && row !== col) return base;
    if (row && col && (count === 3 || box)) return base + 0.2;
    return base + 0.1;
  };
  // Without rules a cell sees exactly its geometry's peers, and seers can be read off bit sets.
  const fastPeers = board.rules === undefined && g.units.length === 3 * g.size ? peerSets(g) : undefined;
  const peerWords = Math.ceil(g.cellCount / 32);
  for (let digit = 1; digit <= g.size; digit++) {
    const tables = tablesFor(board, digit);
    const { links, digitCells, first, toLink, toSide, toShare, seerCache } = tables;
    if (links.length < lo) continue;
    // The digit's cells that see each end (ends numbered link × 2 + side).
    const seers = (end: number): number[] => {
      let list = seerCache[end];
      if (!list) {
        const l = links[end >> 1]!;
        const e = l.ends[end & 1]!;
        list = fastPeers && e.line < 0 ? seersByMask(fastPeers, peerWords, digitCells, e, l) : digitCells.filter((c) => !l.cells.includes(c) && seesEnd(board, e, c));
        seerCache[end] = list;
      }
      return list;
    };
    const chain: number[] = [];
    const sides: number[] = [];
    const shares: number[] = [];
    const conclude = (): void => {
      const count = chain.length;
      const rating = chainRating(count);
      const best = bests[count];
      if (best && rating > best.rating + 1e-9) return;
      const first = chain[0]! * 2 + sides[0]!;
      const last = chain[chain.length - 1]! * 2 + 1 - sides[sides.length - 1]!;
      for (const c of seers(last)) victimMark[c] = 1;
      const eliminations: Candidate[] = [];
      for (const cell of seers(first)) {
        if (victimMark[cell] === 0 || used[cell] !== 0) continue;
        const units = g.unitsOf[cell]!;
        let inChain = false;
        for (let u = 0; u < units.length && !inChain; u++) inChain = linkUnits[units[u]!]! !== 0 || shareUnits[units[u]!]! !== 0;
        if (inChain) continue;
        eliminations.push({ cell, digit });
      }
      for (const c of seers(last)) victimMark[c] = 0;
      if (eliminations.length === 0) return;
      if (best && Math.abs(rating - best.rating) < 1e-9 && eliminations.length <= best.eliminations.length) return;
      const starts = chain.map((i, k) => links[i]!.ends[sides[k]!]!);
      starts.push(links[chain[chain.length - 1]!]!.ends[1 - sides[sides.length - 1]!]!);
      bests[count] = { links: chain.map((i) => links[i]!), starts, shares: [...shares], eliminations, rating };
      bestDigits[count] = digit;
    };
    /** Whether a link shares a cell with the chain, or an empty rectangle's box with another link. */
    const clashes = (link: StrongLink): boolean => {
      for (const c of link.cells) if (used[c] !== 0) return true;
      for (const i of chain) {
        const other = links[i]!;
        if (link.ends[0].line >= 0 && other.cells.some((c) => g.boxOf[c] === g.boxOf[link.ends[0].cells[0]!])) return true;
        if (other.ends[0].line >= 0 && link.cells.some((c) => g.boxOf[c] === g.boxOf[other.ends[0].cells[0]!])) return true;
      }
      return false;
    };
    const mark = (link: StrongLink, v: number) => {
      for (const c of link.cells) used[c] = v;
      linkUnits[link.unit]! += v === 1 ? 1 : -1;
      kindCount[link.kind]! += v === 1 ? 1 : -1;
      if (link.grouped) groupedCount += v === 1 ? 1 : -1;
    };
    const extend = (): void => {
      if (chain.length >= lo) conclude();
      if (chain.length === hi) return;
      const from = chain[chain.length - 1]! * 2 + sides[sides.length - 1]!;
      for (let k = first[from]!; k < first[from + 1]!; k++) {
        const j = toLink[k]!;
        const sj = toSide[k]!;
        const share = toShare[k]!;
        const link = links[j]!;
        if (clashes(link)) continue;
        // A share may be no link's unit, and no link's unit a share.
        if (linkUnits[share] !== 0 || linkUnits[link.unit] !== 0 || shareUnits[link.unit] !== 0) continue;
        chain.push(j);
        sides.push(sj);
        shares.push(share);
        shareUnits[share]!++;
        mark(link, 1);
        extend();
        mark(link, 0);
        shareUnits[share]!--;
        shares.pop();
        sides.pop();
        chain.pop();
      }
    };
    for (let i = 0; i < links.length; i++) {
      for (let side = 0; side < 2; side++) {
        chain.push(i);
        sides.push(side);
        mark(links[i]!, 1);
        extend();
        mark(links[i]!, 0);
        sides.pop();
        chain.pop();
      }
    }
  }
  return bests.map((found, count) => (found && count >= lo ? stepOfChain(board, found, bestDigits[count]!) : undefined));
}

/** The step of a chain of strong links on `digit`. */
function stepOfChain(board: Board, found: Found, digit: number): Step {
  const g = board.geometry;
  const name = nameOf(found.links);
  const step = { technique: name, placements: [], eliminations: found.eliminations };
  const endText = (e: End) => (e.line < 0 ? e.cells.map((c) => cellName(g, c)).join('|') : `${unitName(g, e.line)} of ${unitName(g, 2 * g.size + g.boxOf[e.cells[0]!]!)}`);
  const parts = found.links.map((l, i) => {
    const start = found.starts[i]!;
    const end = l.ends[0] === start ? l.ends[1] : l.ends[0];
    return `${endText(start)}=${endText(end)}`;
  });
  const text = `${name} on ${g.digits[digit - 1]}: ${parts.join(' - ')} (${found.links.map((l) => unitName(g, l.unit)).join(', ')}) => ${describeEffects(g, step)}`;
  const cells = found.links.flatMap((l) => l.cells);
  const linkKinds: StrongLinkKind[] = found.links.map((l) => ({ kind: LINK_KINDS[l.kind]!, grouped: l.grouped }));
  return { ...step, rating: Math.round(found.rating * 10) / 10, cells, candidates: cells.map((cell) => ({ cell, digit })), units: found.links.map((l) => l.unit), strongLinks: linkKinds, text };
}

/** A link's `kind` number as a unit kind. */
const LINK_KINDS = ['box', 'row', 'column'] as const;

/** Every name `nameOf` gives a chain of `count` links. */
function namesOf(count: number): string[] {
  if (count === 2) return ['Skyscraper', '2-String Kite', 'Turbot Fish', 'Grouped Turbot Fish', 'Empty Rectangle'];
  const plain = [`${count} Skyscrapers`, ...(count === 3 ? ['3-String Kite'] : []), `${count} Strong Links`];
  return [...plain, `Grouped ${count} Strong Links`];
}

function strongLinkTechnique(count: number, name: string): Technique {
  return { name, rating: BASE_RATINGS[count]!, stepNames: namesOf(count), find: (board) => findStrongLinkFish(board, count) };
}

/** Two strong links: Skyscraper 4.0, 2-String Kite and Turbot Fish 4.1, Empty Rectangle 4.3. */
export const TWO_STRONG_LINKS: Technique = strongLinkTechnique(2, 'Skyscraper, Kite, Turbot');
export const THREE_STRONG_LINKS: Technique = strongLinkTechnique(3, '3 Strong-Linked Fishes');
export const FOUR_STRONG_LINKS: Technique = strongLinkTechnique(4, '4 Strong-Linked Fishes');
export const FIVE_STRONG_LINKS: Technique = strongLinkTechnique(5, '5 Strong-Linked Fishes');
export const SIX_STRONG_LINKS: Technique = strongLinkTechnique(6, '6 Strong-Linked Fishes');
