/**
 * Intersections (locked candidates): where a box meets a row or column.
 * - Pointing: a digit's places in a box all lie on one line, so the rest of that line loses it.
 * - Claiming: a digit's places on a line all lie in one box, so the rest of that box loses it.
 * Sukaku Explainer also rates a cheaper "direct" form of each, for when the eliminations at once
 * leave the digit a single place in another box (pointing) or line (claiming) that they cross: a
 * hidden single the player sees without pencil marks: Direct Pointing 1.7 and Direct Claiming 1.9, against 2.6 and 2.8 for the plain forms.
 * The direct forms decide the easy/medium boundary of SE-rated puzzles, so we rate as SE does,
 * and like SE a direct step only places its hidden single: the intersection's eliminations are
 * the reason, not a result (SE's path, and so its ratings, depend on that).
 * Works on every box shape: a line meets a box in boxCols (row) or boxRows (column) cells.
 */
import { cellName } from '../../geometry.js';
import { type Board, bit } from '../board.js';
import { type Candidate, type Step, type Technique, describeEffects, eliminationsOf, unitName } from '../step.js';

/**
 * A hidden single that a set of eliminations leaves in one of `units`: a unit where an eliminated
 * digit had more than one place and keeps exactly one.
 */
export function hiddenSingleAfter(board: Board, eliminations: readonly Candidate[], units: Iterable<number>): { cell: number; digit: number; unit: number } | undefined {
  const g = board.geometry;
  const removed = new Map<number, number>();
  for (const e of eliminations) removed.set(e.cell, (removed.get(e.cell) ?? 0) | bit(e.digit));
  const digits = new Set(eliminations.map((e) => e.digit));
  for (const unit of units) {
    for (const digit of digits) {
      const b = bit(digit);
      let place = -1;
      let before = 0;
      let after = 0;
      for (const cell of g.units[unit]!) {
        if ((board.candidates[cell]! & b) === 0) continue;
        before++;
        if ((removed.get(cell) ?? 0) & b) continue;
        after++;
        place = cell;
      }
      if (before > 1 && after === 1) return { cell: place, digit, unit };
    }
  }
  return undefined;
}

type Kind = 'Pointing' | 'Claiming';

/**
 * Whether taking the digit (mask `b`) from the cells of `target` outside `source` leaves it one
 * place, out of several, in a unit of kind `kind` (0 row, 1 column, 2 box) that they cross: the
 * condition of the direct forms, as `hiddenSingleAfter` finds it, without allocating.
 */
function leavesHiddenSingle(board: Board, b: number, source: number, target: number, kind: number): boolean {
  const g = board.geometry;
  const cand = board.candidates;
  const inSource = (c: number) => g.unitsOf[c]![kind] === source;
  for (const e of g.units[target]!) {
    if ((cand[e]! & b) === 0 || inSource(e)) continue;
    const crossed = g.unitsOf[e]![kind]!;
    let before = 0;
    let after = 0;
    for (const c of g.units[crossed]!) {
      if ((cand[c]! & b) === 0) continue;
      before++;
      // Removed: on the target line (or in the target box) and outside the source.
      if (g.unitsOf[c]!.includes(target) && !inSource(c)) continue;
      after++;
    }
    if (before > 1 && after === 1) return true;
  }
  return false;
}

/**
 * For each source unit (boxes for pointing, rows then columns for claiming), the digits whose
 * places in it lie in one of its intersections with a crossing unit that has the digit elsewhere:
 * a superset of the digits the search below can conclude on, from unions of candidate masks
 * (every digit at once), so the search looks only at those.
 */
function promisingDigits(board: Board, kind: Kind): Uint32Array {
  const g = board.geometry;
  const n = g.size;
  const cand = board.candidates;
  const out = new Uint32Array(kind === 'Pointing' ? n : 2 * n);
  const union = new Uint32Array(3 * n);
  const seen = new Uint8Array(3 * n);
  const crossed: number[] = [];
  // The crossing units of each cell of a source unit: its row and column (pointing), its box (claiming).
  const crossings = kind === 'Pointing' ? [0, 1] : [2];
  for (let i = 0; i < out.length; i++) {
    const unit = kind === 'Pointing' ? 2 * n + i : i;
    for (const k of crossings) {
      crossed.length = 0;
      for (const c of g.units[unit]!) {
        const cross = g.unitsOf[c]![k]!;
        if (seen[cross] === 0) {
          seen[cross] = 1;
          union[cross] = 0;
          crossed.push(cross);
        }
        union[cross] = union[cross]! | cand[c]!;
      }
      for (const cross of crossed) {
        let others = 0;
        for (const other of crossed) if (other !== cross) others |= union[other]!;
        const confined = union[cross]! & ~others;
        if (confined === 0) continue;
        let rest = 0;
        for (const c of g.units[cross]!) {
          const inside = kind === 'Pointing' ? g.boxOf[c] === i : unit < n ? g.rowOf[c] === unit : g.colOf[c] === unit - n;
          if (!inside) rest |= cand[c]!;
        }
        out[i] = out[i]! | (confined & rest);
      }
      for (const cross of crossed) seen[cross] = 0;
    }
  }
  return out;
}

function findIntersection(board: Board, kind: Kind, direct: boolean, rating: number): Step | undefined {
  const g = board.geometry;
  const n = g.size;
  const from = kind === 'Pointing' ? 2 * n : 0;
  const to = kind === 'Pointing' ? 3 * n : 2 * n;
  const promising = promisingDigits(board, kind);
  for (let digit = 1; digit <= n; digit++) {
    const b = bit(digit);
    for (let unit = from; unit < to; unit++) {
      if ((promising[unit - from]! & b) === 0) continue;
      // Where the digit can go in the unit, and whether those places share a row, column or box,
      // without building the list: most units fail here, at every step of a grading path.
      let count = 0;
      let first = -1;
      let sameRow = true;
      let sameCol = true;
      let sameBox = true;
      for (const c of g.units[unit]!) {
        if ((board.candidates[c]! & b) === 0) continue;
        count++;
        if (first < 0) first = c;
        else {
          if (g.rowOf[c] !== g.rowOf[first]) sameRow = false;
          if (g.colOf[c] !== g.colOf[first]) sameCol = false;
          if (g.boxOf[c] !== g.boxOf[first]) sameBox = false;
        }
      }
      // One place is a hidden single, found earlier.
      if (count < 2) continue;
      const target = kind === 'Pointing' ? (sameRow ? g.rowOf[first]! : sameCol ? n + g.colOf[first]! : -1) : sameBox ? 2 * n + g.boxOf[first]! : -1;
      if (target < 0) continue;
      // The direct form needs a hidden single among the units the eliminations cross: most
      // intersections have none, so that is checked before any list is built.
      if (direct && !leavesHiddenSingle(board, b, unit, target, Math.floor(unit / n))) continue;
      const cells = board.cellsWith(unit, digit);
      const eliminations = eliminationsOf(
        board,
        digit,
        [...g.units[target]!].filter((c) => !cells.includes(c)),
      );
      if (eliminations.length === 0) continue;
      const d = g.digits[digit - 1];
      const reason = `${d} in ${unitName(g, unit)} is confined to ${unitName(g, target)}`;
      const base = { rating, cells, candidates: cells.map((cell) => ({ cell, digit })), units: [unit, target] };
      if (!direct) {
        const step = { technique: kind, placements: [], eliminations };
        return { ...step, ...base, text: `${kind}: ${reason} => ${describeEffects(g, step)}` };
      }
      // As SE: the hidden single is in another unit of the source's kind (another box for
      // pointing, another row or column for claiming) that the eliminations cross.
      const sourceKind = Math.floor(unit / n);
      const single = hiddenSingleAfter(board, eliminations, new Set(eliminations.map((e) => g.unitsOf[e.cell]![sourceKind]!)));
      if (!single) continue;
      const step = { technique: `Direct ${kind}`, placements: [{ cell: single.cell, digit: single.digit }], eliminations: [] };
      const then = `${d} in ${unitName(g, single.unit)} can only go in ${cellName(g, single.cell)}`;
      return { ...step, ...base, units: [unit, target, single.unit], text: `Direct ${kind}: ${reason}, so ${then} => ${describeEffects(g, step)}` };
    }
  }
  return undefined;
}

export const DIRECT_POINTING: Technique = { name: 'Direct Pointing', rating: 1.7, find: (b) => findIntersection(b, 'Pointing', true, 1.7) };
export const DIRECT_CLAIMING: Technique = { name: 'Direct Claiming', rating: 1.9, find: (b) => findIntersection(b, 'Claiming', true, 1.9) };
export const POINTING: Technique = { name: 'Pointing', rating: 2.6, find: (b) => findIntersection(b, 'Pointing', false, 2.6) };
export const CLAIMING: Technique = { name: 'Claiming', rating: 2.8, find: (b) => findIntersection(b, 'Claiming', false, 2.8) };
