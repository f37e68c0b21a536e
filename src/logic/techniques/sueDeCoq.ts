/**
 * Sue de Coq (teaching path only): two or three empty cells C where a box meets a line (row or
 * column), holding at least |C| + 2 digits V between them, with a set D of the line's other cells
 * and a set E of the box's other cells, such that D and E share no digit and the n = |C|+|D|+|E|
 * cells hold exactly n digits between them.
 *
 * Why it holds: a digit of D's cells can only sit in C ∪ D, all in the line, so at most once; a
 * digit of E's, only in C ∪ E, all in the box, at most once; a digit of V in neither, only in C,
 * at most once. n cells, n digits, none twice: each digit is in the pattern exactly once. So a
 * digit of D (or of V outside E) is in C ∪ D and leaves the rest of the line; a digit of E (or of
 * V outside D), in C ∪ E, leaves the rest of the box. D and E may hold digits outside V (the
 * extended form); each of their cells holds at least one digit of V, and neither is empty (else
 * the pattern is a naked subset of one unit, found earlier).
 *
 * SE has no such rule (its path finds these eliminations as ALS chains); rated as a five-cell
 * almost locked set, VWXYZ-Wing's 6.2, and placed after the finned fish and colouring, before
 * the chains, as HoDoKu orders its steps. Works on boards up to 16×16 (a unit's rest is at most 12
 * cells, enumerated as bit masks), jigsaw regions as boxes.
 */
import { type Board, countBits, digitsOf } from '../board.js';
import { checkClock } from '../clock.js';
import { type Candidate, type Step, type Technique, describeCells, describeEffects, unitName } from '../step.js';

/** The rest of a unit beyond this many cells is not enumerated (2^12 subsets a side). */
const MAX_REST = 12;

/** Cells `cells` picked by the bits of `mask`. */
function pick(cells: readonly number[], mask: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < cells.length; i++) if (mask & (1 << i)) out.push(cells[i]!);
  return out;
}

/** The union of candidates of every subset of `cells`, indexed by the subset's bit mask. */
function unions(board: Board, cells: readonly number[]): Int32Array {
  const out = new Int32Array(1 << cells.length);
  for (let m = 1; m < out.length; m++) {
    const low = 31 - Math.clz32(m & -m);
    out[m] = out[m & (m - 1)]! | board.candidates[cells[low]!]!;
  }
  return out;
}

function digitList(board: Board, mask: number): string {
  return digitsOf(mask)
    .map((d) => board.geometry.digits[d - 1])
    .join('');
}

function findAll(board: Board, first: boolean): Step[] {
  const g = board.geometry;
  const n = g.size;
  const out: Step[] = [];
  if (n > 16) return out;
  for (let box = 0; box < n; box++) {
    const boxUnit = 2 * n + box;
    for (const byRow of [true, false]) {
      const lineOf = byRow ? g.rowOf : g.colOf;
      const lines = new Set<number>();
      for (const c of g.units[boxUnit]!) if (board.values[c] === 0) lines.add(lineOf[c]!);
      for (const line of lines) {
        const lineUnit = byRow ? line : n + line;
        const inter: number[] = [];
        const boxRest: number[] = [];
        for (const c of g.units[boxUnit]!) if (board.values[c] === 0) (lineOf[c] === line ? inter : boxRest).push(c);
        const lineRest: number[] = [];
        for (const c of g.units[lineUnit]!) if (board.values[c] === 0 && g.boxOf[c] !== box) lineRest.push(c);
        if (inter.length < 2 || lineRest.length === 0 || boxRest.length === 0 || lineRest.length > MAX_REST || boxRest.length > MAX_REST) continue;
        const lineUnions = unions(board, lineRest);
        const boxUnions = unions(board, boxRest);
        for (let cMask = 1; cMask < 1 << inter.length; cMask++) {
          const cSize = countBits(cMask);
          if (cSize < 2 || cSize > 3) continue;
          let v = 0;
          for (const c of pick(inter, cMask)) v |= board.candidates[c]!;
          if (countBits(v) < cSize + 2) continue;
          // D: the line's cells that hold a digit of V; E: the box's.
          let dAllowed = 0;
          lineRest.forEach((c, i) => {
            if (board.candidates[c]! & v) dAllowed |= 1 << i;
          });
          for (let d = dAllowed; d > 0; d = (d - 1) & dAllowed) {
            // A 16×16's intersections have thousands of these subsets: the step's time limit holds inside.
            checkClock();
            const vd = lineUnions[d]!;
            const dSize = countBits(d);
            // D an almost locked set or looser; E must bring the digits still unpaired.
            if (countBits(vd) <= dSize) continue;
            const need = countBits(v | vd) - cSize - dSize;
            if (need <= 0) continue;
            let eAllowed = 0;
            boxRest.forEach((c, i) => {
              const m = board.candidates[c]!;
              if (m & v && !(m & vd)) eAllowed |= 1 << i;
            });
            for (let e = eAllowed; e > 0; e = (e - 1) & eAllowed) {
              const ve = boxUnions[e]!;
              const all = v | vd | ve;
              if (countBits(all) !== cSize + dSize + countBits(e)) continue;
              const step = stepOf(board, boxUnit, lineUnit, pick(inter, cMask), pick(lineRest, d), pick(boxRest, e), v, vd, ve);
              if (!step) continue;
              out.push(step);
              if (first) return out;
            }
          }
        }
      }
    }
  }
  return out;
}

function stepOf(board: Board, boxUnit: number, lineUnit: number, c: number[], d: number[], e: number[], v: number, vd: number, ve: number): Step | undefined {
  const g = board.geometry;
  const lineDigits = vd | (v & ~ve);
  const boxDigits = ve | (v & ~vd);
  const eliminations: Candidate[] = [];
  const inPattern = new Set([...c, ...d, ...e]);
  for (const [unit, digits] of [
    [lineUnit, lineDigits],
    [boxUnit, boxDigits],
  ] as const) {
    for (const cell of g.units[unit]!) {
      if (inPattern.has(cell) || board.values[cell] !== 0) continue;
      for (const digit of digitsOf(board.candidates[cell]! & digits)) if (!eliminations.some((x) => x.cell === cell && x.digit === digit)) eliminations.push({ cell, digit });
    }
  }
  if (eliminations.length === 0) return undefined;
  eliminations.sort((a, b) => a.cell - b.cell || a.digit - b.digit);
  const technique = 'Sue de Coq';
  const step = { technique, placements: [], eliminations };
  const cells = [...c, ...d, ...e];
  const candidates = cells.flatMap((cell) => digitsOf(board.candidates[cell]!).map((digit) => ({ cell, digit })));
  const text =
    `${technique}: ${describeCells(g, c)} (${digitList(board, v)}) where ${unitName(g, boxUnit)} meets ${unitName(g, lineUnit)}, ` +
    `with ${describeCells(g, d)} (${digitList(board, vd)}) in the ${unitName(g, lineUnit).split(' ')[0]} and ${describeCells(g, e)} (${digitList(board, ve)}) in the ${unitName(g, boxUnit).split(' ')[0]} => ${describeEffects(g, step)}`;
  return { ...step, rating: 6.2, cells, candidates, units: [boxUnit, lineUnit], text };
}

export const SUE_DE_COQ: Technique = {
  name: 'Sue de Coq',
  rating: 6.2,
  find: (board) => findAll(board, true)[0],
  findAll: (board) => findAll(board, false),
};
