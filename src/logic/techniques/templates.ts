/**
 * Templates (teaching path only): the placements of one digit, once in every row, column and box,
 * that the board still allows (its cells holding the digit, its other cells open and with the
 * digit as a candidate). A cell in every such template gets the digit (Template Set); a candidate
 * in none goes (Template Delete). A template that overlaps every template of another digit is
 * dropped first (the solution's templates are disjoint). Templates are enumerated row by row with
 * the used columns and boxes as bit sets: 46,656 on an empty 9×9, far fewer on a board part
 * solved. Boards up to 9×9: a 16×16 has billions.
 */
import { cellName } from '../../geometry.js';
import type { Board } from '../board.js';
import { type Candidate, type Step, type Technique, describeEffects } from '../step.js';
import { checkClock } from '../clock.js';

const MAX_TEMPLATE_SIZE = 9;

/** The most templates of one digit kept for the cross-check between digits (beyond it a digit is taken as it is). */
const MAX_TEMPLATES = 500;

/** One digit's templates, each as a bit set of its cells (81 bits in three words on 9×9), up to `cap` of them (undefined past it). */
function templatesOf(board: Board, digit: number, cap: number): Uint32Array[] | undefined {
  const g = board.geometry;
  const n = g.size;
  const b = 1 << (digit - 1);
  // allowed[r]: the columns of row r where the digit can stand.
  const allowed: number[] = [];
  for (let r = 0; r < n; r++) {
    let m = 0;
    for (let c = 0; c < n; c++) {
      const cell = r * n + c;
      const v = board.values[cell]!;
      if (v === digit || (v === 0 && (board.candidates[cell]! & b) !== 0)) m |= 1 << c;
    }
    allowed.push(m);
  }
  const words = (g.cellCount + 31) >>> 5;
  const out: Uint32Array[] = [];
  const pick = new Int32Array(n);
  let over = false;
  const visit = (r: number, cols: number, boxes: number): void => {
    if (over) return;
    if (r === n) {
      if (out.length >= cap) {
        over = true;
        return;
      }
      const t = new Uint32Array(words);
      for (let i = 0; i < n; i++) {
        const cell = i * n + pick[i]!;
        t[cell >>> 5] = t[cell >>> 5]! | (1 << (cell & 31));
      }
      out.push(t);
      return;
    }
    for (let m = allowed[r]! & ~cols; m !== 0; m &= m - 1) {
      const c = 31 - Math.clz32(m & -m);
      const box = g.boxOf[r * n + c]!;
      if ((boxes & (1 << box)) !== 0) continue;
      pick[r] = c;
      visit(r + 1, cols | (1 << c), boxes | (1 << box));
    }
  };
  visit(0, 0, 0);
  return over ? undefined : out;
}

function disjoint(a: Uint32Array, b: Uint32Array): boolean {
  for (let w = 0; w < a.length; w++) if ((a[w]! & b[w]!) !== 0) return false;
  return true;
}

function has(t: Uint32Array, cell: number): boolean {
  return (t[cell >>> 5]! & (1 << (cell & 31))) !== 0;
}

/**
 * Each digit's templates that can stand beside the others': in the solution the digits' templates
 * are disjoint, so a template of one digit that overlaps every template of another is not the
 * solution's; dropping one can leave another without a partner, so the check repeats until
 * nothing changes. Digits with too many templates to cross-check (an open board) keep all of
 * theirs and are not used to filter the others.
 */
function compatibleTemplates(board: Board): (Uint32Array[] | undefined)[] {
  const n = board.geometry.size;
  const lists = Array.from({ length: n }, (_, i) => templatesOf(board, i + 1, MAX_TEMPLATES));
  // Repeat until nothing more is dropped: a template dropped can leave another without a partner.
  for (let changed = true; changed; ) {
    changed = false;
    checkClock();
    for (let i = 0; i < n; i++) {
      const list = lists[i];
      if (!list) continue;
      const kept = list.filter((t) => lists.every((other, j) => j === i || !other || other.some((u) => disjoint(t, u))));
      if (kept.length < list.length) {
        lists[i] = kept;
        changed = true;
      }
    }
  }
  return lists;
}

function findAll(board: Board): Step[] {
  const g = board.geometry;
  if (g.size > MAX_TEMPLATE_SIZE || g.jigsaw) return [];
  checkClock();
  const templates = compatibleTemplates(board);
  const out: Step[] = [];
  for (let digit = 1; digit <= g.size; digit++) {
    checkClock();
    const list = templates[digit - 1];
    if (!list || list.length === 0) continue;
    const count = list.length;
    const b = 1 << (digit - 1);
    const placements: Candidate[] = [];
    const eliminations: Candidate[] = [];
    for (let cell = 0; cell < g.cellCount; cell++) {
      if (board.values[cell] !== 0 || (board.candidates[cell]! & b) === 0) continue;
      if (list.every((t) => has(t, cell))) placements.push({ cell, digit });
      else if (!list.some((t) => has(t, cell))) eliminations.push({ cell, digit });
    }
    const d = g.digits[digit - 1];
    const ways = `${count === 1 ? 'the one way' : `every one of the ${count} ways`} to place ${d} once in each row, column and box that leaves room for every other digit`;
    if (placements.length > 0) {
      const step = { technique: 'Template Set', placements, eliminations: [] };
      out.push({
        ...step,
        rating: 7.5,
        cells: placements.map((p) => p.cell),
        candidates: placements,
        text: `Template Set: ${ways} puts it in ${placements.map((p) => cellName(g, p.cell)).join(', ')} => ${describeEffects(g, step)}`,
      });
    }
    if (eliminations.length > 0) {
      const step = { technique: 'Template Delete', placements: [], eliminations };
      out.push({
        ...step,
        rating: 7.5,
        cells: eliminations.map((e) => e.cell),
        candidates: eliminations,
        text: `Template Delete: none of the ${count} ways to place ${d} once in each row, column and box that leave room for every other digit uses ${eliminations.map((e) => cellName(g, e.cell)).join(', ')} => ${describeEffects(g, step)}`,
      });
    }
  }
  return out;
}

export const TEMPLATES: Technique = {
  name: 'Templates',
  rating: 7.5,
  stepNames: ['Template Set', 'Template Delete'],
  find: (board) => findAll(board)[0],
  findAll,
};
