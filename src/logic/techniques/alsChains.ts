/**
 * Chains of almost locked sets (teaching path only; SE has no ALS rules): ALS-XY-Wing, ALS-XY-Chain
 * and Death Blossom, built on als.ts's sets (up to MAX_ALS_CELLS cells) and restricted commons.
 *
 * - ALS-XY-Chain: sets A1 … Ak, each joined to the next by a restricted common r1 … rk−1, no two
 *   consecutive ones alike. If digit z (not r1, not rk−1) is in neither A1 nor Ak, A1 locks without
 *   z and holds r1, so A2 has no r1 and locks, holding r2 … and Ak locks without rk−1, holding z:
 *   a contradiction. So z is in A1 or in Ak, and every cell that sees all the z of both loses it.
 *   With three sets it is the ALS-XY-Wing (HoDoKu's name; the middle set is the pivot).
 * - Death Blossom: a stem cell whose every candidate d has a petal, a set holding d whose every d
 *   sees the stem. The stem takes one of its digits, whose petal then locks without it; so a digit
 *   z of every petal (and not of the stem) is in one of the petals, and leaves every cell that sees
 *   all the z of all of them.
 * Each implication holds whether or not the sets share cells, so sets need not be disjoint beyond
 * what a restricted common itself requires (no cell holding it in both).
 *
 * Search: the restricted commons of every pair of sets (as als.ts finds them, from each set's
 * cells that see all of one digit); then a breadth-first walk from each set over (set, last common)
 * states, so each chain is the shortest from its start, up to MAX_ALS_CHAIN sets. The step found is
 * the one with the fewest cells (the first of them); `findAll` gives every one. `find` skips what
 * cannot beat the best found so far (sets come smallest first, so a start and its far end weigh at
 * least twice the start), and a blossom's petals are picked with the cells that would still lose z
 * kept as they go, a combination left with none skipped: the same step, 1.5 times (chains) and 13
 * times (blossoms) faster on 600 positions where the teaching path tries them. Rated as a chain of
 * 7.0 whose length is the cells of its sets (SE's length bonus), as ALS-XZ is.
 */
import { checkClock } from '../clock.js';
import { cellName } from '../../geometry.js';
import { type Board, digitsOf } from '../board.js';
import { type Candidate, type Step, type Technique, describeEffects } from '../step.js';
import { type Als, and, describeAls, digitCells, eliminate, eliminatesAny, findAlses, findPartners, partnerScratch, setsByPlace } from './als.js';
import { lengthBonus } from './chains.js';

/** The most sets in a chain (HoDoKu's default for ALS chains is about this; longer ones are rare in human solving). */
export const MAX_ALS_CHAIN = 6;

/** Each set's links: its partners and their restricted commons, in flat arrays (set i's are `start[i]` … `start[i + 1] − 1`). */
interface Links {
  readonly start: Int32Array;
  /** The other set. */
  readonly to: Int32Array;
  /** The restricted common digit (1-based). */
  readonly digit: Uint8Array;
}

/** For each set, its partners (in the order first met) and their restricted commons (ascending). */
function restrictedCommons(board: Board, alses: readonly Als[]): Links {
  const byPlace = setsByPlace(board, alses);
  const start = new Int32Array(alses.length + 1);
  const to: number[] = [];
  const digit: number[] = [];
  const scratch = partnerScratch(alses.length);
  for (let i = 0; i < alses.length; i++) {
    findPartners(board, alses, byPlace, i, false, scratch);
    for (const j of scratch.partners) {
      for (let m = scratch.commons[j]!; m !== 0; m &= m - 1) {
        to.push(j);
        digit.push(32 - Math.clz32(m & -m));
      }
    }
    start[i + 1] = to.length;
  }
  return { start, to: Int32Array.from(to), digit: Uint8Array.from(digit) };
}

interface Found {
  readonly kind: 'ALS-XY-Wing' | 'ALS-XY-Chain' | 'Death Blossom';
  readonly sets: readonly Als[];
  /** Chains: the restricted common between set i and i + 1. Death Blossom: each petal's stem digit. */
  readonly links: readonly number[];
  readonly stem?: number;
  readonly z: readonly number[];
  readonly eliminations: Candidate[];
}

function cellsOf(f: Found): number {
  return f.sets.reduce((a, s) => a + s.cells.length, 0) + (f.stem === undefined ? 0 : 1);
}

/** The z eliminations of a chain or blossom: each z (of every set, not excluded) leaves the cells seeing all its places in the sets. */
function zEliminations(board: Board, sets: readonly Als[], excluded: readonly number[]): { z: number[]; eliminations: Candidate[] } {
  let common = -1;
  for (const s of sets) common &= s.mask;
  const out = new Map<number, Candidate>();
  const z: number[] = [];
  for (const d of digitsOf(common)) {
    if (excluded.includes(d)) continue;
    let area = sets[0]!.seeAll[d - 1]!;
    for (const s of sets.slice(1)) area = and(area, s.seeAll[d - 1]!);
    const before = out.size;
    eliminate(board, d, area, out);
    if (out.size > before) z.push(d);
  }
  return { z, eliminations: [...out.values()].sort((a, b) => a.cell - b.cell || a.digit - b.digit) };
}

/**
 * The chains, into `out`. With `fewest` (find's question) only a chain with fewer cells than every
 * one found before it is kept, so the last kept is the first with the fewest cells, as when all are
 * kept; the searches that could give no such chain are skipped.
 */
function chains(board: Board, alses: readonly Als[], graph: Links, out: Found[], fewest: boolean): void {
  // States: set × the common it was entered by (key = set × (n + 1) + common); for each start a
  // breadth-first walk with parent pointers, in arrays stamped with the start so that no state
  // table is made per start.
  const n = board.geometry.size;
  const states = alses.length * (n + 1);
  const stamp = new Int32Array(states);
  const parent = new Int32Array(states);
  const depthOf = new Uint8Array(states);
  /** The common the walk left its start by. */
  const firstOf = new Uint8Array(states);
  const queue = new Int32Array(states);
  /** The cells of the sets on the path to a state, its start's included. */
  const cellsTo = new Int32Array(states);
  const holding = digitCells(board);
  const { start: edgeStart, to: edgeTo, digit: edgeDigit } = graph;
  let best = Number.POSITIVE_INFINITY;
  for (let start = 0; start < alses.length; start++) {
    // Sets come smallest first, and a chain ends at a set after its start with one set between:
    // from here on no chain has fewer cells than the best found.
    if (fewest && 2 * alses[start]!.cells.length + 1 >= best) break;
    checkClock();
    const mark = start + 1;
    let tail = 0;
    for (let e = edgeStart[start]!; e < edgeStart[start + 1]!; e++) {
      const r = edgeDigit[e]!;
      const key = edgeTo[e]! * (n + 1) + r;
      if (stamp[key] === mark) continue;
      stamp[key] = mark;
      parent[key] = -1;
      depthOf[key] = 2;
      cellsTo[key] = alses[start]!.cells.length + alses[edgeTo[e]!]!.cells.length;
      firstOf[key] = r;
      queue[tail++] = key;
    }
    for (let head = 0; head < tail; head++) {
      const key = queue[head]!;
      const at = Math.floor(key / (n + 1));
      const r = key % (n + 1);
      const depth = depthOf[key]!;
      if (depth >= 3 && at > start && cellsTo[key]! < best && eliminatesAny(alses[start]!, alses[at]!, (1 << (firstOf[key]! - 1)) | (1 << (r - 1)), holding)) {
        // A chain from `start` to `at`: its first common and its last.
        const path: number[] = [];
        for (let k = key; k >= 0; k = parent[k]!) path.push(k);
        path.reverse();
        const sets = [alses[start]!, ...path.map((k) => alses[Math.floor(k / (n + 1))]!)];
        const links = path.map((k) => k % (n + 1));
        const ends = [sets[0]!, sets[sets.length - 1]!];
        const { z, eliminations } = zEliminations(board, ends, [links[0]!, r]);
        if (eliminations.length > 0) {
          out.push({ kind: sets.length === 3 ? 'ALS-XY-Wing' : 'ALS-XY-Chain', sets, links, z, eliminations });
          if (fewest) best = cellsTo[key]!;
        }
      }
      if (depth >= MAX_ALS_CHAIN) continue;
      for (let e = edgeStart[at]!; e < edgeStart[at + 1]!; e++) {
        const to = edgeTo[e]!;
        const next = edgeDigit[e]!;
        if (to === start || next === r) continue;
        const k = to * (n + 1) + next;
        if (stamp[k] === mark) continue;
        stamp[k] = mark;
        parent[k] = key;
        depthOf[k] = depth + 1;
        cellsTo[k] = cellsTo[key]! + alses[to]!.cells.length;
        firstOf[k] = firstOf[key]!;
        queue[tail++] = k;
      }
    }
  }
}

/** The largest number of petal combinations tried for one stem and digit z (the product can explode on an open board). */
const MAX_BLOSSOMS = 4000;

/**
 * The blossoms, into `out`; with `fewest` only one with fewer cells than every one found before it
 * (as `chains`). Petal combinations are tried in the sets' order, at most MAX_BLOSSOMS for a stem
 * and z; those skipped for having too many cells count among them, so the same combinations are
 * reached as when all are kept.
 */
function blossoms(board: Board, alses: readonly Als[], out: Found[], fewest: boolean): void {
  const g = board.geometry;
  const words = (g.cellCount + 31) >>> 5;
  let best = Number.POSITIVE_INFINITY;
  for (let stem = 0; stem < g.cellCount; stem++) {
    if (board.values[stem] !== 0) continue;
    const digits = digitsOf(board.candidates[stem]!);
    if (digits.length < 2 || digits.length > 4) continue;
    checkClock();
    // Petals for each digit: sets whose every d sees the stem (so the stem is not among them).
    const stemWord = stem >>> 5;
    const stemBit = 1 << (stem & 31);
    const petals = digits.map((d) => alses.filter((s) => (s.mask & (1 << (d - 1))) !== 0 && (s.seeAll[d - 1]![stemWord]! & stemBit) !== 0));
    if (petals.some((p) => p.length === 0)) continue;
    for (let z = 1; z <= g.size; z++) {
      if ((board.candidates[stem]! & (1 << (z - 1))) !== 0) continue;
      const lists = petals.map((p) => p.filter((s) => (s.mask & (1 << (z - 1))) !== 0));
      if (lists.some((l) => l.length === 0)) continue;
      // The fewest cells the petals from list i on can add, and how many combinations they make.
      const least = new Array<number>(lists.length + 1).fill(0);
      const combos = new Array<number>(lists.length + 1).fill(1);
      for (let i = lists.length - 1; i >= 0; i--) {
        least[i] = least[i + 1]! + lists[i]![0]!.cells.length;
        combos[i] = combos[i + 1]! * lists[i]!.length;
      }
      // areas[i]: the cells but the stem that hold z and see every z of the first i petals; a
      // combination whose area runs empty eliminates nothing, and is skipped (counted as tried).
      const zb = 1 << (z - 1);
      const areas = Array.from({ length: lists.length + 1 }, () => new Uint32Array(words));
      for (let cell = 0; cell < g.cellCount; cell++) if (cell !== stem && (board.candidates[cell]! & zb) !== 0) areas[0]![cell >>> 5]! |= 1 << (cell & 31);
      let tried = 0;
      const pick: Als[] = [];
      const visit = (i: number, cells: number): void => {
        if (tried > MAX_BLOSSOMS) return;
        const area = areas[i]!;
        if (i === lists.length) {
          tried++;
          const eliminations: Candidate[] = [];
          for (let w = 0; w < words; w++) for (let m = area[w]!; m !== 0; m &= m - 1) eliminations.push({ cell: w * 32 + 31 - Math.clz32(m & -m), digit: z });
          out.push({ kind: 'Death Blossom', sets: [...pick], links: digits, stem, z: [z], eliminations });
          if (fewest) best = cells;
          return;
        }
        const list = lists[i]!;
        const next = areas[i + 1]!;
        for (let k = 0; k < list.length; k++) {
          const s = list[k]!;
          // The lists come smallest set first: from here on no blossom has fewer cells than the best.
          if (fewest && cells + s.cells.length + least[i + 1]! >= best) {
            tried += (list.length - k) * combos[i + 1]!;
            return;
          }
          const seen = s.seeAll[z - 1]!;
          let any = 0;
          for (let w = 0; w < words; w++) any |= next[w] = area[w]! & seen[w]!;
          if (any === 0) tried += combos[i + 1]!;
          else {
            pick.push(s);
            visit(i + 1, cells + s.cells.length);
            pick.pop();
          }
          if (tried > MAX_BLOSSOMS) return;
        }
      };
      visit(0, 1);
    }
  }
}

function stepOf(board: Board, f: Found): Step {
  const g = board.geometry;
  const digit = (d: number) => g.digits[d - 1]!;
  const cells = [...new Set([...(f.stem === undefined ? [] : [f.stem]), ...f.sets.flatMap((s) => s.cells)])];
  const candidates: Candidate[] = cells.flatMap((c) => digitsOf(board.candidates[c]!).map((d) => ({ cell: c, digit: d })));
  const zText = f.z.map(digit).join(',');
  let body: string;
  if (f.kind === 'Death Blossom') {
    body = `stem ${cellName(g, f.stem!)}, ${f.sets.map((s, i) => `petal ${digit(f.links[i]!)}: ${describeAls(g, s)}`).join('; ')}, Z = ${zText}`;
  } else {
    body = `${f.sets.map((s, i) => `${i === 0 ? '' : ` -${digit(f.links[i - 1]!)}- `}${describeAls(g, s)}`).join('')}, Z = ${zText}`;
  }
  const rating = Math.round((7.0 + lengthBonus(cellsOf(f))) * 10) / 10;
  return {
    technique: f.kind,
    rating,
    placements: [],
    eliminations: f.eliminations,
    cells,
    candidates,
    units: f.sets.map((s) => s.unit),
    text: `${f.kind}: ${body} => ${describeEffects(g, { placements: [], eliminations: f.eliminations })}`,
  };
}

/** Every chain or blossom (`fewest`: only those that could be find's answer, the last of them it). */
function everything(board: Board, kinds: 'chains' | 'blossoms', fewest = false): Found[] {
  const alses = findAlses(board);
  const out: Found[] = [];
  if (kinds === 'chains') chains(board, alses, restrictedCommons(board, alses), out, fewest);
  else blossoms(board, alses, out, fewest);
  return out;
}

function fewestCells(found: readonly Found[]): Found | undefined {
  let best: Found | undefined;
  for (const f of found) if (!best || cellsOf(f) < cellsOf(best)) best = f;
  return best;
}

export const ALS_CHAIN: Technique = {
  name: 'ALS-XY-Chain',
  rating: 7.0,
  stepNames: ['ALS-XY-Wing', 'ALS-XY-Chain'],
  find(board) {
    const best = fewestCells(everything(board, 'chains', true));
    return best ? stepOf(board, best) : undefined;
  },
  findAll: (board) => everything(board, 'chains').map((f) => stepOf(board, f)),
};

export const DEATH_BLOSSOM: Technique = {
  name: 'Death Blossom',
  rating: 7.0,
  find(board) {
    const best = fewestCells(everything(board, 'blossoms', true));
    return best ? stepOf(board, best) : undefined;
  },
  findAll: (board) => everything(board, 'blossoms').map((f) => stepOf(board, f)),
};
