/**
 * Uniqueness techniques: sound only when the puzzle has exactly one solution, so the step solver
 * uses them only then, and every step says it relies on it.
 *
 * Unique Rectangle: four empty cells in two rows, two columns and two boxes that all hold the
 * digits x and y. If they could end as x,y,y,x the two digits could be swapped and the puzzle
 * would have two solutions; so the cells' other candidates must keep that from happening.
 * SE rates these by the size of the pattern whatever the type (its UniqueLoopHint: 4.5 for a
 * rectangle, 4.6 for six cells, 4.7 for eight, 5.0 for ten or more), adding only for type 3.
 * - Type 1 (SE 4.5): three cells hold only x,y: the fourth is neither x nor y.
 * - Type 2 (SE 4.5): two cells hold only x,y, the other two x,y and one same extra z: one of
 *   them is z, so cells seeing both lose z.
 * - Type 3 (SE 4.5 + 0.1 per digit of the naked set beyond one): the two others' extra digits
 *   act as one cell of a naked subset with other cells of a unit they share, which then lose
 *   those digits.
 * - Type 4 (SE 4.5): in a unit holding the two others, x can only go in them: one of them is x,
 *   so neither is y.
 * Unique Loop (SE 4.6 for six cells, 4.7 for eight, 5.0 for ten): the same deadly pattern on a
 * longer loop of cells joined alternately along rows and columns, each row, column and box
 * holding none or two of them. Type 1: every cell but one holds only x,y, so that one is
 * neither. Type 2: the two others hold one same extra z, so cells seeing both lose z.
 * BUG+1 (SE 5.6): every empty cell has two candidates except one with three, and each digit has
 * two places in every unit but one digit in that cell's units. Without that digit in that cell
 * the grid would be a deadly pattern with two solutions, so the digit goes there.
 */
import { cellName } from '../../geometry.js';
import { type Board, bit, combinations, countBits, digitsOf } from '../board.js';
import { type Candidate, type Step, type Technique, describeCells, describeEffects, unitName } from '../step.js';
import { seeingAll } from './singleDigit.js';

const RELIES = '(relies on the puzzle having one solution)';

/**
 * SE's rating of a unique rectangle or loop by its number of cells, whatever its type
 * (UniqueLoopHint): 4.5 for four, 4.6 for six, 4.7 for eight, 5.0 for ten or more.
 */
function sizeRating(cells: number): number {
  return cells >= 10 ? 5.0 : cells >= 8 ? 4.7 : cells >= 6 ? 4.6 : 4.5;
}

interface Rectangle {
  /** The corners: r1c1, r1c2, r2c1, r2c2 of the rectangle. */
  readonly cells: readonly [number, number, number, number];
  readonly x: number;
  readonly y: number;
}

/** Every rectangle of empty cells in two boxes holding both x and y. */
function* rectangles(board: Board): Generator<Rectangle> {
  const g = board.geometry;
  const n = g.size;
  const cand = board.candidates;
  // The common candidates are tested first, column pair by column pair, so the loop allocates
  // only for the few rectangles that hold two digits (it runs at every step of a grading path).
  for (let r1 = 0; r1 < n; r1++) {
    for (let r2 = r1 + 1; r2 < n; r2++) {
      for (let c1 = 0; c1 < n; c1++) {
        const left = cand[r1 * n + c1]! & cand[r2 * n + c1]!;
        if ((left & (left - 1)) === 0) continue;
        for (let c2 = c1 + 1; c2 < n; c2++) {
          const common = left & cand[r1 * n + c2]! & cand[r2 * n + c2]!;
          if ((common & (common - 1)) === 0) continue;
          // Two boxes: the rows share a band or the columns a stack, not both.
          const sameBand = g.boxOf[r1 * n + c1] === g.boxOf[r2 * n + c1];
          const sameStack = g.boxOf[r1 * n + c1] === g.boxOf[r1 * n + c2];
          if (sameBand === sameStack) continue;
          const cells = [r1 * n + c1, r1 * n + c2, r2 * n + c1, r2 * n + c2] as const;
          const digits = digitsOf(common);
          for (const [x, y] of combinations(digits, 2)) yield { cells, x: x!, y: y! };
        }
      }
    }
  }
}

function urStep(board: Board, rect: Rectangle, type: number, rating: number, eliminations: Candidate[], extra: string): Step {
  const g = board.geometry;
  const step = { technique: `Unique Rectangle Type ${type}`, placements: [], eliminations };
  const digits = `${g.digits[rect.x - 1]},${g.digits[rect.y - 1]}`;
  const text = `Unique Rectangle Type ${type} on ${digits} in ${describeCells(g, rect.cells)}${extra} ${RELIES} => ${describeEffects(g, step)}`;
  const candidates = rect.cells.flatMap((cell) => [
    { cell, digit: rect.x },
    { cell, digit: rect.y },
  ]);
  return { ...step, rating, cells: [...rect.cells], candidates, uniqueness: true, text };
}

/** The units (row, column or box) holding both cells. */
function sharedUnits(board: Board, a: number, b: number): number[] {
  const g = board.geometry;
  return [...g.unitsOf[a]!].filter((u) => g.unitsOf[b]!.includes(u));
}

/**
 * The first unique rectangle of a type, or with `all` every one (pushed there). `whole` (teaching
 * path): a type 3 naked set whose cells also share a second unit (a box as well as a line) takes
 * its digits from both, as HoDoKu's does; SE's takes them from the one unit it found the set in.
 */
function findUR(board: Board, type: number, all?: Step[], whole = false): Step | undefined {
  const g = board.geometry;
  const found = (step: Step): boolean => {
    if (!all) return true;
    all.push(step);
    return false;
  };
  for (const rect of rectangles(board)) {
    const xy = bit(rect.x) | bit(rect.y);
    const plain = rect.cells.filter((c) => board.candidates[c] === xy);
    const others = rect.cells.filter((c) => board.candidates[c] !== xy);
    if (type === 1) {
      if (plain.length !== 3) continue;
      const cell = others[0]!;
      const step = urStep(
        board,
        rect,
        1,
        sizeRating(4),
        [
          { cell, digit: rect.x },
          { cell, digit: rect.y },
        ],
        '',
      );
      if (found(step)) return step;
      continue;
    }
    if (plain.length !== 2) continue;
    const [p, q] = others as [number, number];
    const extraP = board.candidates[p]! & ~xy;
    const extraQ = board.candidates[q]! & ~xy;
    if (type === 2) {
      if (extraP !== extraQ || countBits(extraP) !== 1) continue;
      const z = digitsOf(extraP)[0]!;
      const eliminations = seeingAll(board, z, [p, q]);
      if (eliminations.length === 0) continue;
      const step = urStep(board, rect, 2, sizeRating(4), eliminations, `, extra ${g.digits[z - 1]} in ${describeCells(g, [p, q])}`);
      if (found(step)) return step;
      continue;
    }
    for (const unit of sharedUnits(board, p, q)) {
      if (type === 4) {
        for (const [x, y] of [
          [rect.x, rect.y],
          [rect.y, rect.x],
        ] as const) {
          if (board.cellsWith(unit, x).length !== 2) continue;
          const eliminations = [p, q].map((cell) => ({ cell, digit: y }));
          const step = urStep(board, rect, 4, sizeRating(4), eliminations, `, ${g.digits[x - 1]} only in ${describeCells(g, [p, q])} in ${unitName(g, unit)}`);
          if (found(step)) return step;
        }
        continue;
      }
      // Type 3: the pair's extras form a naked subset with k others of the unit.
      const extras = extraP | extraQ;
      const rest = [...g.units[unit]!].filter((c) => c !== p && c !== q && board.values[c] === 0);
      const fits = rest.filter((c) => countBits(board.candidates[c]! | extras) <= 4);
      for (let k = 1; k <= 3; k++) {
        for (const chosen of combinations(fits, k)) {
          let union = extras;
          for (const c of chosen) union |= board.candidates[c]!;
          if (countBits(union) !== k + 1) continue;
          const eliminations: Candidate[] = [];
          const inSet = new Set([p, q, ...chosen]);
          const units = whole ? [...g.unitsOf[p]!].filter((u) => [q, ...chosen].every((c) => g.unitsOf[c]!.includes(u))) : [unit];
          const seen = new Set<number>();
          for (const u of units) {
            for (const cell of g.units[u]!) {
              if (inSet.has(cell) || seen.has(cell) || board.values[cell] !== 0) continue;
              seen.add(cell);
              for (const digit of digitsOf(board.candidates[cell]! & union)) eliminations.push({ cell, digit });
            }
          }
          if (eliminations.length === 0) continue;
          const set = digitsOf(union)
            .map((d) => g.digits[d - 1])
            .join(',');
          const step = urStep(board, rect, 3, Math.round((sizeRating(4) + k / 10) * 10) / 10, eliminations, `, extras with ${describeCells(g, chosen)} form a naked set ${set}`);
          if (found(step)) return step;
        }
      }
    }
  }
  return undefined;
}

/** Loops of 6 to 10 cells holding x and y, joined alternately along rows and columns, each unit holding 0 or 2 of them. */
function* loops(board: Board, x: number, y: number): Generator<number[]> {
  const g = board.geometry;
  const xy = bit(x) | bit(y);
  const holds = (c: number) => board.values[c] === 0 && (board.candidates[c]! & xy) === xy;
  const path: number[] = [];
  // Types 1 and 2 allow at most two cells with more than x and y: prune paths with a third.
  let extras = 0;
  const isExtra = (c: number) => (board.candidates[c] !== xy ? 1 : 0);
  function* extend(cell: number, alongRow: boolean): Generator<number[]> {
    const start = path[0]!;
    const unit = alongRow ? g.rowOf[cell]! : g.size + g.colOf[cell]!;
    for (const next of g.units[unit]!) {
      if (next === cell || !holds(next)) continue;
      if (next === start) {
        if (path.length >= 6 && !alongRow && isDeadly(path)) yield path.slice();
        continue;
      }
      if (next < start || path.includes(next) || path.length >= 10 || extras + isExtra(next) > 2) continue;
      path.push(next);
      extras += isExtra(next);
      yield* extend(next, !alongRow);
      extras -= isExtra(next);
      path.pop();
    }
  }
  const isDeadly = (cells: readonly number[]) => {
    const count = new Map<number, number>();
    for (const c of cells) for (const u of g.unitsOf[c]!) count.set(u, (count.get(u) ?? 0) + 1);
    return [...count.values()].every((n) => n === 2);
  };
  for (let start = 0; start < g.cellCount; start++) {
    if (!holds(start)) continue;
    path.push(start);
    extras = isExtra(start);
    yield* extend(start, true);
    path.pop();
  }
}

function findUniqueLoop(board: Board): Step | undefined {
  const g = board.geometry;
  for (let x = 1; x <= g.size; x++) {
    for (let y = x + 1; y <= g.size; y++) {
      const xy = bit(x) | bit(y);
      // A loop has six cells or more, at most two of them with digits besides x and y.
      let exact = 0;
      let holders = 0;
      for (let cell = 0; cell < g.cellCount; cell++) {
        const m = board.candidates[cell]!;
        if (board.values[cell] !== 0 || (m & xy) !== xy) continue;
        holders++;
        if (m === xy) exact++;
      }
      if (holders < 6 || exact < 4) continue;
      for (const loop of loops(board, x, y)) {
        const others = loop.filter((c) => board.candidates[c] !== xy);
        let eliminations: Candidate[] = [];
        let extra = '';
        let type = 1;
        if (others.length === 1) {
          eliminations = [
            { cell: others[0]!, digit: x },
            { cell: others[0]!, digit: y },
          ];
        } else if (others.length === 2 && board.candidates[others[0]!] === board.candidates[others[1]!] && countBits(board.candidates[others[0]!]! & ~xy) === 1) {
          const z = digitsOf(board.candidates[others[0]!]! & ~xy)[0]!;
          eliminations = seeingAll(board, z, others);
          extra = `, extra ${g.digits[z - 1]} in ${describeCells(g, others)}`;
          type = 2;
        }
        if (eliminations.length === 0) continue;
        const step = { technique: `Unique Loop Type ${type}`, placements: [], eliminations };
        const rating = sizeRating(loop.length);
        const text = `Unique Loop Type ${type} on ${g.digits[x - 1]},${g.digits[y - 1]} in ${describeCells(g, loop)}${extra} ${RELIES} => ${describeEffects(g, step)}`;
        const candidates = loop.flatMap((cell) => [
          { cell, digit: x },
          { cell, digit: y },
        ]);
        return { ...step, rating, cells: loop, candidates, uniqueness: true, text };
      }
    }
  }
  return undefined;
}

function findBug(board: Board): Step | undefined {
  const g = board.geometry;
  let triple = -1;
  for (let cell = 0; cell < g.cellCount; cell++) {
    if (board.values[cell] !== 0) continue;
    const count = countBits(board.candidates[cell]!);
    if (count === 2) continue;
    if (count !== 3 || triple >= 0) return undefined;
    triple = cell;
  }
  if (triple < 0) return undefined;
  // The digit of the +1 cell that has three places in each of its units.
  const digit = digitsOf(board.candidates[triple]!).find((d) => g.unitsOf[triple]!.every((u) => board.cellsWith(u, d).length === 3));
  if (digit === undefined) return undefined;
  for (let unit = 0; unit < g.units.length; unit++) {
    for (let d = 1; d <= g.size; d++) {
      const count = board.cellsWith(unit, d).length;
      const expected = d === digit && g.units[unit]!.includes(triple) ? 3 : count === 0 ? 0 : 2;
      if (count !== expected) return undefined;
    }
  }
  const step = { technique: 'BUG+1', placements: [{ cell: triple, digit }], eliminations: [] };
  const text = `BUG+1: every other cell has two candidates and ${g.digits[digit - 1]} would have three places in the units of ${cellName(g, triple)} ${RELIES} => ${describeEffects(g, step)}`;
  return { ...step, rating: 5.6, cells: [triple], candidates: [{ cell: triple, digit }], uniqueness: true, text };
}

/** Every rectangle of a type, for `findAll`. */
function allUR(board: Board, type: number, whole = false): Step[] {
  const all: Step[] = [];
  findUR(board, type, all, whole);
  return all;
}

export const UNIQUE_RECTANGLE_1: Technique = { name: 'Unique Rectangle Type 1', rating: 4.5, uniqueness: true, find: (b) => findUR(b, 1), findAll: (b) => allUR(b, 1) };
export const UNIQUE_RECTANGLE_4: Technique = { name: 'Unique Rectangle Type 4', rating: 4.5, uniqueness: true, find: (b) => findUR(b, 4), findAll: (b) => allUR(b, 4) };
export const UNIQUE_RECTANGLE_2: Technique = { name: 'Unique Rectangle Type 2', rating: 4.5, uniqueness: true, find: (b) => findUR(b, 2), findAll: (b) => allUR(b, 2) };
export const UNIQUE_RECTANGLE_3: Technique = { name: 'Unique Rectangle Type 3', rating: 4.6, uniqueness: true, find: (b) => findUR(b, 3) };
/** Type 3 on the teaching path: a naked set that also shares a box takes its digits from both units (see findUR). */
export const UNIQUE_RECTANGLE_3_WHOLE: Technique = { name: 'Unique Rectangle Type 3', rating: 4.6, uniqueness: true, find: (b) => findUR(b, 3, undefined, true), findAll: (b) => allUR(b, 3, true) };
export const UNIQUE_LOOP: Technique = { name: 'Unique Loop', rating: 4.6, uniqueness: true, stepNames: ['Unique Loop Type 1', 'Unique Loop Type 2'], find: findUniqueLoop };
export const BUG_PLUS_1: Technique = { name: 'BUG+1', rating: 5.6, uniqueness: true, find: findBug };

/**
 * The BUG cells of a board: cells with three or more candidates whose extra digits, once
 * removed, would leave a bivalue universal grave (every empty cell with two candidates, every
 * digit with none or two places in every unit). A unit where a digit has a number of places
 * other than 0 or 2 names its BUG cell when exactly one of those places has three or more
 * candidates (with several, another unit decides). Returns undefined when there is no such grave.
 */
function bugCellsOf(board: Board): Map<number, number> | undefined {
  const g = board.geometry;
  const extra = new Map<number, number>(); // cell -> mask of its BUG digits
  for (let unit = 0; unit < g.units.length; unit++) {
    for (let d = 1; d <= g.size; d++) {
      const places = board.cellsWith(unit, d);
      if (places.length === 0 || places.length === 2) continue;
      const wide = places.filter((c) => countBits(board.candidates[c]!) >= 3);
      if (wide.length === 0) return undefined;
      if (wide.length === 1) extra.set(wide[0]!, (extra.get(wide[0]!) ?? 0) | bit(d));
    }
  }
  if (extra.size === 0) return undefined;
  const left = (cell: number) => board.candidates[cell]! & ~(extra.get(cell) ?? 0);
  for (let cell = 0; cell < g.cellCount; cell++) if (board.values[cell] === 0 && countBits(left(cell)) !== 2) return undefined;
  for (let unit = 0; unit < g.units.length; unit++) {
    for (let d = 1; d <= g.size; d++) {
      let count = 0;
      for (const cell of g.units[unit]!) if (board.values[cell] === 0 && (left(cell) & bit(d)) !== 0) count++;
      if (count !== 0 && count !== 2) return undefined;
    }
  }
  return extra;
}

/**
 * BUG type 2 (SE 5.7): every BUG cell's extra digit is the same digit v: one of them is v, so
 * cells seeing all of them lose v. BUG type 3 (SE 5.7 + 0.1 per digit of the set beyond one):
 * the BUG cells share a unit, and their extra digits act as one cell of a naked set with other
 * cells of that unit (seeing every BUG cell), which then leave the unit's other such cells.
 * BUG type 4 (SE 5.7): two BUG cells share a unit and one digit w that is no cell's extra digit.
 * Without extras every digit has two places in that unit, so w's are these two cells: one of
 * them is w; and one of them holds an extra digit (else the grave): each cell keeps only w and
 * its extra digits. As in SE, type 2 is looked for first when the extra digit is one, type 4
 * before type 3 otherwise.
 */
function findBugTypes(board: Board): Step | undefined {
  const g = board.geometry;
  const extra = bugCellsOf(board);
  if (!extra || extra.size < 2) return undefined;
  const bugCells = [...extra.keys()].sort((a, b) => a - b);
  let allExtra = 0;
  for (const m of extra.values()) allExtra |= m;
  const common: number[] = [];
  for (const cell of g.peers[bugCells[0]!]!) if (board.values[cell] === 0 && !extra.has(cell) && bugCells.every((b) => b === cell || board.sees(cell, b))) common.push(cell);
  const cells = [...bugCells];
  const candidatesOf = (list: readonly number[]) => list.flatMap((cell) => digitsOf(board.candidates[cell]!).map((digit) => ({ cell, digit })));
  const type4 = (): Step | undefined => {
    if (bugCells.length !== 2) return undefined;
    const [a, b] = bugCells as [number, number];
    const shared = board.candidates[a]! & board.candidates[b]! & ~allExtra;
    if (countBits(shared) !== 1) return undefined;
    // The unit the two cells share, in SE's order: box, row, column.
    const unit = [2, 0, 1].map((kind) => g.unitsOf[a]![kind]!).find((u) => g.unitsOf[b]!.includes(u));
    if (unit === undefined) return undefined;
    const w = digitsOf(shared)[0]!;
    const eliminations: Candidate[] = [];
    for (const cell of bugCells) for (const digit of digitsOf(board.candidates[cell]! & ~extra.get(cell)! & ~shared)) eliminations.push({ cell, digit });
    if (eliminations.length === 0) return undefined;
    const step = { technique: 'BUG Type 4', placements: [], eliminations };
    const text = `BUG Type 4: ${describeCells(g, bugCells)} are the only places of ${g.digits[w - 1]} in ${unitName(g, unit)} and one of them holds an extra digit, so each is ${g.digits[w - 1]} or its extra digit ${RELIES} => ${describeEffects(g, step)}`;
    return { ...step, rating: 5.7, cells, candidates: candidatesOf(cells), units: [unit], uniqueness: true, text };
  };
  if (countBits(allExtra) === 1) {
    const digit = digitsOf(allExtra)[0]!;
    const eliminations = common.filter((c) => board.has(c, digit)).map((cell) => ({ cell, digit }));
    if (eliminations.length === 0) return type4();
    const step = { technique: 'BUG Type 2', placements: [], eliminations };
    const text = `BUG Type 2: ${describeCells(g, bugCells)} would leave a deadly pattern without ${g.digits[digit - 1]}, so one of them is ${g.digits[digit - 1]} ${RELIES} => ${describeEffects(g, step)}`;
    return { ...step, rating: 5.7, cells, candidates: candidatesOf(cells), uniqueness: true, text };
  }
  const four = type4();
  if (four) return four;
  for (let kind = 0; kind < 3; kind++) {
    const unit = g.unitsOf[bugCells[0]!]![kind]!;
    if (!bugCells.every((c) => g.unitsOf[c]![kind] === unit)) continue;
    const others = common.filter((c) => g.unitsOf[c]![kind] === unit);
    for (let degree = 2; degree <= 6; degree++) {
      if (others.length < degree) break;
      for (const naked of combinations(others, degree - 1)) {
        let union = allExtra;
        for (const c of naked) union |= board.candidates[c]!;
        if (countBits(union) !== degree) continue;
        const eliminations: Candidate[] = [];
        for (const c of others) {
          if (naked.includes(c)) continue;
          for (const d of digitsOf(board.candidates[c]! & union)) eliminations.push({ cell: c, digit: d });
        }
        if (eliminations.length === 0) continue;
        const step = { technique: 'BUG Type 3', placements: [], eliminations };
        const setText = digitsOf(union)
          .map((d) => g.digits[d - 1])
          .join('');
        const text = `BUG Type 3: ${describeCells(g, bugCells)} hold ${digitsOf(allExtra)
          .map((d) => g.digits[d - 1])
          .join('')} beyond a deadly pattern, a naked set ${setText} with ${describeCells(g, naked)} in ${unitName(g, unit)} ${RELIES} => ${describeEffects(g, step)}`;
        const all = [...bugCells, ...naked];
        return { ...step, rating: Math.round((5.7 + (degree - 1) * 0.1) * 10) / 10, cells: all, candidates: candidatesOf(all), units: [unit], uniqueness: true, text };
      }
    }
  }
  return undefined;
}

export const BUG_TYPES: Technique = { name: 'BUG Types 2-4', rating: 5.7, uniqueness: true, stepNames: ['BUG Type 2', 'BUG Type 3', 'BUG Type 4'], find: findBugTypes };
