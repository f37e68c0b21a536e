/**
 * Subsets: k cells of a unit that between them hold only k digits (naked), or k digits of a unit
 * that between them have only k places (hidden). Either way those k digits fill those k cells.
 * - Naked pair/triple/quad: the digits leave the unit's other cells (SE 3.0, 3.6, 5.0).
 * - Hidden pair/triple/quad: the cells lose every other digit (SE 3.4, 4.0, 5.4).
 * - Direct Hidden Pair/Triple (SE 2.0, 2.5): a hidden subset whose eliminations at once leave
 *   another digit a single place in the same unit, rated as Sukaku Explainer does because its
 *   medium band uses it; as there, the step places that single and keeps the subset as its reason.
 * - Locked Pair/Triple (teaching path only): a naked pair or triple whose cells share a box and a
 *   line, so its digits leave both (HoDoKu's name; SE has no such rule and finds each half as a
 *   naked subset, so it is rated as the naked subset is).
 * Sizes stop at 4, as in every rating we know: a bigger naked subset has a smaller hidden
 * complement in the same unit. Works on every board size (a unit has `size` cells).
 */
import { cellName } from '../../geometry.js';
import { type Board, bit, combinations, countBits, digitsOf } from '../board.js';
import { type Candidate, type Step, type Technique, describeCells, describeEffects, unitName } from '../step.js';
import { hiddenSingleAfter } from './intersections.js';

const SIZE_NAMES = ['', 'Single', 'Pair', 'Triple', 'Quad'] as const;

function digitList(board: Board, mask: number): string {
  return digitsOf(mask)
    .map((d) => board.geometry.digits[d - 1])
    .join(',');
}

function findNaked(board: Board, k: number, rating: number): Step | undefined {
  const g = board.geometry;
  for (let unit = 0; unit < g.units.length; unit++) {
    const cells = [...g.units[unit]!].filter((c) => board.values[c] === 0 && countBits(board.candidates[c]!) <= k && board.candidates[c] !== 0);
    if (cells.length < k) continue;
    const chosen = firstNaked(board, unit, cells, k);
    if (chosen) {
      let union = 0;
      for (const c of chosen) union |= board.candidates[c]!;
      const eliminations: Candidate[] = [];
      for (const cell of g.units[unit]!) {
        if (chosen.includes(cell) || board.values[cell] !== 0) continue;
        for (const digit of digitsOf(board.candidates[cell]! & union)) eliminations.push({ cell, digit });
      }
      const technique = `Naked ${SIZE_NAMES[k]}`;
      const step = { technique, placements: [], eliminations };
      const candidates = chosen.flatMap((cell) => digitsOf(board.candidates[cell]!).map((digit) => ({ cell, digit })));
      const text = `${technique}: ${digitList(board, union)} in ${describeCells(g, chosen)} (${unitName(g, unit)}) => ${describeEffects(g, step)}`;
      return { ...step, rating, cells: chosen, candidates, units: [unit], text };
    }
  }
  return undefined;
}

/**
 * The first k of `cells` (in the order of their combinations) holding k digits between them that
 * some other empty cell of the unit holds too, or undefined. A partial choice already holding more
 * than k digits is not extended: every choice it starts holds more.
 */
function firstNaked(board: Board, unit: number, cells: readonly number[], k: number): number[] | undefined {
  const cand = board.candidates;
  const unitCells = board.geometry.units[unit]!;
  const index = new Int32Array(k);
  const visit = (depth: number, from: number, union: number): boolean => {
    if (depth === k) {
      if (countBits(union) !== k) return false;
      // Something to remove: another empty cell of the unit holds one of the digits.
      for (const cell of unitCells) {
        if (board.values[cell] !== 0 || (cand[cell]! & union) === 0) continue;
        let inside = false;
        for (let i = 0; i < k && !inside; i++) inside = cells[index[i]!] === cell;
        if (!inside) return true;
      }
      return false;
    }
    for (let i = from; i <= cells.length - (k - depth); i++) {
      const next = union | cand[cells[i]!]!;
      if (countBits(next) > k) continue;
      index[depth] = i;
      if (visit(depth + 1, i + 1, next)) return true;
    }
    return false;
  };
  if (!visit(0, 0, 0)) return undefined;
  return Array.from(index, (i) => cells[i]!);
}

/**
 * A naked subset of k cells in one box and one line (row or column): its digits leave the rest of
 * both. Boxes are units 2n…3n−1; the line each pair of cells shares is read from the geometry, so
 * a jigsaw region works as a box.
 */
function findLocked(board: Board, k: number, rating: number): Step | undefined {
  const g = board.geometry;
  const n = g.size;
  const { values, candidates } = board;
  const lines = [g.rowOf, g.colOf];
  const open: number[] = [];
  for (let box = 2 * n; box < 3 * n; box++) {
    // The box's empty cells with at most k candidates, in the box's order (no allocation when
    // fewer than k: the common case, as the teaching path tries this at nearly every step).
    open.length = 0;
    for (const c of g.units[box]!) {
      const m = candidates[c]!;
      if (values[c] !== 0 || m === 0 || countBits(m) > k) continue;
      open.push(c);
    }
    if (open.length < k) continue;
    for (const lineOf of lines) {
      // Grouped by the line they lie on, lines in the order their first such cell comes.
      for (let i = 0; i < open.length; i++) {
        const line = lineOf[open[i]!]!;
        let firstOfLine = true;
        for (let j = 0; j < i && firstOfLine; j++) if (lineOf[open[j]!] === line) firstOfLine = false;
        if (!firstOfLine) continue;
        const cells = open.filter((c) => lineOf[c] === line);
        if (cells.length < k) continue;
        const lineUnit = lineOf === g.rowOf ? line : n + line;
        for (const chosen of combinations(cells, k)) {
          let union = 0;
          for (const c of chosen) union |= candidates[c]!;
          if (countBits(union) !== k) continue;
          const eliminations: Candidate[] = [];
          const seen = new Set<number>(chosen);
          for (const unit of [box, lineUnit]) {
            for (const cell of g.units[unit]!) {
              if (seen.has(cell) || values[cell] !== 0) continue;
              seen.add(cell);
              for (const digit of digitsOf(candidates[cell]! & union)) eliminations.push({ cell, digit });
            }
          }
          if (eliminations.length === 0) continue;
          const technique = `Locked ${SIZE_NAMES[k]}`;
          const step = { technique, placements: [], eliminations };
          const chosenCandidates = chosen.flatMap((cell) => digitsOf(candidates[cell]!).map((digit) => ({ cell, digit })));
          const text = `${technique}: ${digitList(board, union)} in ${describeCells(g, chosen)} (${unitName(g, box)} and ${unitName(g, lineUnit)}) => ${describeEffects(g, step)}`;
          return { ...step, rating, cells: chosen, candidates: chosenCandidates, units: [box, lineUnit], text };
        }
      }
    }
  }
  return undefined;
}

/** Whether a digit outside `mask` has several places in the unit (`at`: each digit's) and one outside `where`. */
function leavesOnePlace(at: Int32Array, mask: number, where: number): boolean {
  for (let digit = 1; digit < at.length; digit++) {
    if ((mask & bit(digit)) !== 0) continue;
    const p = at[digit]!;
    if ((p & where) !== 0 && (p & (p - 1)) !== 0 && countBits(p & ~where) === 1) return true;
  }
  return false;
}

function findHidden(board: Board, k: number, rating: number, direct: boolean): Step | undefined {
  const g = board.geometry;
  /** Where each digit can go in the unit (bit i: its i-th cell), all digits in one pass. */
  const at = new Int32Array(g.size + 1);
  for (let unit = 0; unit < g.units.length; unit++) {
    const unitCells = g.units[unit]!;
    // As SE: a unit with at most 2k empty cells has a naked subset of at most k, found first;
    // the direct form needs more than k empty cells to leave a hidden single.
    let empty = 0;
    for (const c of unitCells) if (board.values[c] === 0) empty++;
    if (empty <= (direct ? k : 2 * k)) continue;
    at.fill(0);
    for (let i = 0; i < unitCells.length; i++) {
      for (let m = board.candidates[unitCells[i]!]!; m !== 0; m &= m - 1) at[32 - Math.clz32(m & -m)]! |= 1 << i;
    }
    const digits: number[] = [];
    const places: number[] = [];
    for (let digit = 1; digit <= g.size; digit++) {
      const p = at[digit]!;
      const count = countBits(p);
      // One place is a hidden single; more than k places cannot fit k cells.
      if (count < 2 || count > k) continue;
      digits.push(digit);
      places[digit] = p;
    }
    if (digits.length < k) continue;
    for (const chosen of combinations(digits, k)) {
      let where = 0;
      let mask = 0;
      for (const d of chosen) {
        where |= places[d]!;
        mask |= bit(d);
      }
      if (countBits(where) !== k) continue;
      // The direct form: another digit of the unit, with several places, keeps one outside the
      // subset's cells (checked on the place masks before any list is built).
      if (direct && !leavesOnePlace(at, mask, where)) continue;
      const cells = digitsOf(where).map((i) => unitCells[i - 1]!);
      const eliminations: Candidate[] = [];
      for (const cell of cells) for (const digit of digitsOf(board.candidates[cell]! & ~mask)) eliminations.push({ cell, digit });
      if (eliminations.length === 0) continue;
      // As SE: the direct form's hidden single is another digit's, in the same unit.
      const single = direct ? hiddenSingleAfter(board, eliminations, [unit]) : undefined;
      if (direct && !single) continue;
      const technique = `${direct ? 'Direct ' : ''}Hidden ${SIZE_NAMES[k]}`;
      const step = single ? { technique, placements: [{ cell: single.cell, digit: single.digit }], eliminations: [] } : { technique, placements: [], eliminations };
      const candidates = cells.flatMap((cell) => chosen.filter((d) => board.has(cell, d)).map((digit) => ({ cell, digit })));
      const then = single ? `, so ${g.digits[single.digit - 1]} in ${unitName(g, single.unit)} can only go in ${cellName(g, single.cell)}` : '';
      const text = `${technique}: ${digitList(board, mask)} in ${unitName(g, unit)} only in ${describeCells(g, cells)}${then} => ${describeEffects(g, step)}`;
      return { ...step, rating, cells, candidates, units: single ? [unit, single.unit] : [unit], text };
    }
  }
  return undefined;
}

export const DIRECT_HIDDEN_PAIR: Technique = { name: 'Direct Hidden Pair', rating: 2.0, find: (b) => findHidden(b, 2, 2.0, true) };
export const DIRECT_HIDDEN_TRIPLE: Technique = { name: 'Direct Hidden Triple', rating: 2.5, find: (b) => findHidden(b, 3, 2.5, true) };
export const LOCKED_PAIR: Technique = { name: 'Locked Pair', rating: 3.0, find: (b) => findLocked(b, 2, 3.0) };
export const LOCKED_TRIPLE: Technique = { name: 'Locked Triple', rating: 3.6, find: (b) => findLocked(b, 3, 3.6) };
export const NAKED_PAIR: Technique = { name: 'Naked Pair', rating: 3.0, find: (b) => findNaked(b, 2, 3.0) };
export const HIDDEN_PAIR: Technique = { name: 'Hidden Pair', rating: 3.4, find: (b) => findHidden(b, 2, 3.4, false) };
export const NAKED_TRIPLE: Technique = { name: 'Naked Triple', rating: 3.6, find: (b) => findNaked(b, 3, 3.6) };
export const HIDDEN_TRIPLE: Technique = { name: 'Hidden Triple', rating: 4.0, find: (b) => findHidden(b, 3, 4.0, false) };
export const NAKED_QUAD: Technique = { name: 'Naked Quad', rating: 5.0, find: (b) => findNaked(b, 4, 5.0) };
export const HIDDEN_QUAD: Technique = { name: 'Hidden Quad', rating: 5.4, find: (b) => findHidden(b, 4, 5.4, false) };
