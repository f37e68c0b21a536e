/**
 * Single-digit patterns: short chains on one digit built from conjugate pairs (a unit where the
 * digit has exactly two places, so one of them holds it).
 * - Turbot Fish: two conjugate pairs A=B and C=D with B and C in one unit. If A is false, B is
 *   true, C is false and D is true: A or D holds the digit, and any cell seeing both loses it.
 *   Skyscraper: both pairs in rows (or both in columns). 2-String Kite: one in a row, one in a
 *   column, B and C in one box. Every other shape keeps the family name.
 * - Empty Rectangle: in a box the digit's places all lie in one row and one column (a cross);
 *   a conjugate pair in a column (row) with one end on the cross's row (column) forces the cell
 *   where its other end's row (column) meets the cross's column (row) to lose the digit.
 * - Three-link forms (Sukaku Explainer's "3 strong-linked fishes"): three conjugate pairs A=B,
 *   C=D, E=F with B-C and D-E in one unit each, so A or F holds the digit. 3 Skyscrapers: all
 *   three pairs in rows (or all in columns), SE 5.4; 3-Turbot Fish: a pair in a box, 5.5;
 *   3-String Kite: pairs in both rows and columns, 5.6. (SE 1.2.1 would call these X-chains of
 *   six candidates, 6.7; the sample's 5.4–5.6 band follows 1.18.)
 * Ratings as Sukaku Explainer 1.18 (the SE the calibration sample was rated with) has them: its
 * "Scraper, Kite, Turbot" rule, tried after hidden triples, rates Skyscraper 4.0, 2-String Kite
 * 4.1, and Turbot Fish and Empty Rectangle 4.2. (Sudoku Explainer 1.2.1 had no such rule and
 * reached these eliminations as X-chains, 6.5 and up; the sample's 4.0–4.3 puzzles follow 1.18.)
 */
import type { Board } from '../board.js';
import { type Candidate, type Step, type Technique, describeEffects, unitName } from '../step.js';
import { cellName } from '../../geometry.js';

/** The conjugate pairs of a digit: [unit, cell, cell] for each unit where it has two places. */
export function conjugatePairs(board: Board, digit: number): Array<[number, number, number]> {
  const g = board.geometry;
  const pairs: Array<[number, number, number]> = [];
  const b = 1 << (digit - 1);
  const cand = board.candidates;
  // Counted in place (this runs for every digit at every step): no list of places per unit.
  for (let unit = 0; unit < g.units.length; unit++) {
    const cells = g.units[unit]!;
    let first = -1;
    let second = -1;
    let count = 0;
    for (let i = 0; i < cells.length && count < 3; i++) {
      const cell = cells[i]!;
      if ((cand[cell]! & b) === 0) continue;
      if (count === 0) first = cell;
      else if (count === 1) second = cell;
      count++;
    }
    if (count === 2) pairs.push([unit, first, second]);
  }
  return pairs;
}

/** Cells (other than `not`) holding the digit as a candidate and seeing every cell of `ends`. */
export function seeingAll(board: Board, digit: number, ends: readonly number[], not: readonly number[] = ends): Candidate[] {
  const out: Candidate[] = [];
  for (const cell of board.geometry.peers[ends[0]!]!) {
    if (not.includes(cell) || !board.has(cell, digit)) continue;
    if (ends.every((e) => board.sees(cell, e))) out.push({ cell, digit });
  }
  return out;
}

/** Whether a cell other than b and c holds `digit` and sees both a and d: `seeingAll` finds something, without lists. */
function seesBothEnds(board: Board, digit: number, a: number, d: number, b: number, c: number): boolean {
  const peers = board.geometry.peers[a]!;
  const bit = 1 << (digit - 1);
  for (let i = 0; i < peers.length; i++) {
    const p = peers[i]!;
    if (p !== b && p !== c && p !== d && (board.candidates[p]! & bit) !== 0 && board.sees(p, d)) return true;
  }
  return false;
}

type TurbotKind = 'Skyscraper' | '2-String Kite' | 'Turbot Fish';

const TURBOT_RATINGS: Record<TurbotKind, number> = { Skyscraper: 4.0, '2-String Kite': 4.1, 'Turbot Fish': 4.2 };

/** The name of a turbot fish by its pairs' units and the weak link between B and C. */
function kindOf(board: Board, u1: number, u2: number, b: number, c: number): TurbotKind {
  const g = board.geometry;
  const kind = (u: number) => Math.floor(u / g.size);
  if (kind(u1) === 0 && kind(u2) === 0 && g.colOf[b] === g.colOf[c]) return 'Skyscraper';
  if (kind(u1) === 1 && kind(u2) === 1 && g.rowOf[b] === g.rowOf[c]) return 'Skyscraper';
  if (kind(u1) < 2 && kind(u2) < 2 && kind(u1) !== kind(u2) && g.boxOf[b] === g.boxOf[c]) return '2-String Kite';
  return 'Turbot Fish';
}

function findTurbot(board: Board, wanted: TurbotKind): Step | undefined {
  const g = board.geometry;
  for (let digit = 1; digit <= g.size; digit++) {
    const pairs = conjugatePairs(board, digit);
    for (let i = 0; i < pairs.length; i++) {
      for (let j = i + 1; j < pairs.length; j++) {
        const [u1, p1, p2] = pairs[i]!;
        const [u2, q1, q2] = pairs[j]!;
        for (let x = 0; x < 2; x++) {
          const a = x === 0 ? p1 : p2;
          const b = x === 0 ? p2 : p1;
          for (let y = 0; y < 2; y++) {
            const c = y === 0 ? q1 : q2;
            const d = y === 0 ? q2 : q1;
            // Four different cells; B and C see each other (the weak link); A and D do not share the pairs' cells.
            if (a === c || a === d || b === c || b === d || !board.sees(b, c)) continue;
            if (kindOf(board, u1, u2, b, c) !== wanted || !seesBothEnds(board, digit, a, d, b, c)) continue;
            const eliminations = seeingAll(board, digit, [a, d], [a, b, c, d]);
            if (eliminations.length === 0) continue;
            const step = { technique: wanted, placements: [], eliminations };
            const name = (x: number) => cellName(g, x);
            const text = `${wanted} on ${g.digits[digit - 1]}: ${name(a)}=${name(b)}-${name(c)}=${name(d)} => ${describeEffects(g, step)}`;
            const cells = [a, b, c, d];
            return {
              ...step,
              rating: TURBOT_RATINGS[wanted],
              cells,
              candidates: cells.map((cell) => ({ cell, digit })),
              units: [u1, u2],
              text,
              links: [
                { from: { cell: a, digit }, to: { cell: b, digit }, strong: true },
                { from: { cell: b, digit }, to: { cell: c, digit }, strong: false },
                { from: { cell: c, digit }, to: { cell: d, digit }, strong: true },
              ],
            };
          }
        }
      }
    }
  }
  return undefined;
}

type ThreeLinkKind = '3 Skyscrapers' | '3-Turbot Fish' | '3-String Kite';

const THREE_LINK_RATINGS: Record<ThreeLinkKind, number> = { '3 Skyscrapers': 5.4, '3-Turbot Fish': 5.5, '3-String Kite': 5.6 };

function threeLinkKind(board: Board, units: readonly number[]): ThreeLinkKind {
  const kinds = new Set(units.map((u) => Math.floor(u / board.geometry.size)));
  if (kinds.has(2)) return '3-Turbot Fish';
  return kinds.size === 1 ? '3 Skyscrapers' : '3-String Kite';
}

function findThreeLinks(board: Board, wanted: ThreeLinkKind): Step | undefined {
  const g = board.geometry;
  for (let digit = 1; digit <= g.size; digit++) {
    const pairs = conjugatePairs(board, digit);
    if (pairs.length < 3) continue;
    // Each pair from either end: [unit, start, end].
    const ends: Array<[number, number, number]> = pairs.flatMap(
      ([u, x, y]) =>
        [
          [u, x, y],
          [u, y, x],
        ] as Array<[number, number, number]>,
    );
    for (const [u1, a, b] of ends) {
      for (const [u2, c, d] of ends) {
        if (u2 === u1 || c === a || c === b || d === a || d === b || !board.sees(b, c)) continue;
        for (const [u3, e, f] of ends) {
          if (u3 === u1 || u3 === u2 || [a, b, c, d].includes(e) || [a, b, c, d].includes(f) || !board.sees(d, e)) continue;
          if (threeLinkKind(board, [u1, u2, u3]) !== wanted) continue;
          const eliminations = seeingAll(board, digit, [a, f], [a, b, c, d, e, f]);
          if (eliminations.length === 0) continue;
          const step = { technique: wanted, placements: [], eliminations };
          const name = (x: number) => cellName(g, x);
          const text = `${wanted} on ${g.digits[digit - 1]}: ${name(a)}=${name(b)}-${name(c)}=${name(d)}-${name(e)}=${name(f)} => ${describeEffects(g, step)}`;
          const cells = [a, b, c, d, e, f];
          const link = (x: number, y: number, strong: boolean) => ({ from: { cell: x, digit }, to: { cell: y, digit }, strong });
          return {
            ...step,
            rating: THREE_LINK_RATINGS[wanted],
            cells,
            candidates: cells.map((cell) => ({ cell, digit })),
            units: [u1, u2, u3],
            text,
            links: [link(a, b, true), link(b, c, false), link(c, d, true), link(d, e, false), link(e, f, true)],
          };
        }
      }
    }
  }
  return undefined;
}

function findEmptyRectangle(board: Board): Step | undefined {
  const g = board.geometry;
  const n = g.size;
  for (let digit = 1; digit <= n; digit++) {
    const pairs = conjugatePairs(board, digit).filter(([u]) => u < 2 * n);
    for (let box = 0; box < n; box++) {
      const inBox = board.cellsWith(2 * n + box, digit);
      if (inBox.length < 2) continue;
      const rows = new Set(inBox.map((c) => g.rowOf[c]!));
      const cols = new Set(inBox.map((c) => g.colOf[c]!));
      // A box confined to one line is a pointing pattern, found earlier.
      if (rows.size < 2 || cols.size < 2) continue;
      for (const r of rows) {
        for (const c of cols) {
          if (!inBox.every((x) => g.rowOf[x] === r || g.colOf[x] === c)) continue;
          for (const [unit, x, y] of pairs) {
            const byColumn = unit >= n; // the pair lies in a column: one end on the cross's row
            for (const [end, other] of [
              [x, y],
              [y, x],
            ] as const) {
              if (g.boxOf[end] === box || g.boxOf[other] === box) continue;
              const onCross = byColumn ? g.rowOf[end] === r : g.colOf[end] === c;
              if (!onCross) continue;
              const target = byColumn ? g.rowOf[other]! * n + c : r * n + g.colOf[other]!;
              if (g.boxOf[target] === box || !board.has(target, digit)) continue;
              const eliminations = [{ cell: target, digit }];
              const step = { technique: 'Empty Rectangle', placements: [], eliminations };
              const text = `Empty Rectangle on ${g.digits[digit - 1]} in ${unitName(g, 2 * n + box)} (row ${r + 1}, column ${c + 1}) with ${cellName(g, end)}=${cellName(g, other)} (${unitName(g, unit)}) => ${describeEffects(g, step)}`;
              const cells = [...inBox, end, other];
              return { ...step, rating: 4.2, cells, candidates: cells.map((cell) => ({ cell, digit })), units: [2 * n + box, unit], text };
            }
          }
        }
      }
    }
  }
  return undefined;
}

export const SKYSCRAPER: Technique = { name: 'Skyscraper', rating: 4.0, find: (b) => findTurbot(b, 'Skyscraper') };
export const TWO_STRING_KITE: Technique = { name: '2-String Kite', rating: 4.1, find: (b) => findTurbot(b, '2-String Kite') };
export const TURBOT_FISH: Technique = { name: 'Turbot Fish', rating: 4.2, find: (b) => findTurbot(b, 'Turbot Fish') };
export const EMPTY_RECTANGLE: Technique = { name: 'Empty Rectangle', rating: 4.2, find: findEmptyRectangle };
export const THREE_SKYSCRAPERS: Technique = { name: '3 Skyscrapers', rating: 5.4, find: (b) => findThreeLinks(b, '3 Skyscrapers') };
export const THREE_TURBOT_FISH: Technique = { name: '3-Turbot Fish', rating: 5.5, find: (b) => findThreeLinks(b, '3-Turbot Fish') };
export const THREE_STRING_KITE: Technique = { name: '3-String Kite', rating: 5.6, find: (b) => findThreeLinks(b, '3-String Kite') };
