/**
 * A variant puzzle's rules as the step solver reads them. Each constraint kind already says what
 * its rule means through `compile` (src/constraints/); here that statement is recorded instead of
 * propagated, and split in two:
 * - what widens the board: cells that must differ (a knight's move apart, one killer cage, one
 *   thermometer) become peers, and groups of `size` such cells (a diagonal, a windoku window, a
 *   disjoint group) become houses of the board's geometry, so singles, subsets and fish see them;
 * - what narrows candidates: each constraint's pieces (restrictions, relations between two cells,
 *   sums, digit sets, a kind's own propagator), which the rule techniques
 *   (techniques/variant/) narrow with, one constraint at a time, and word as a player would.
 */
import { cellName, type Geometry, withHouses } from '../geometry.js';
import type { Puzzle } from '../puzzle.js';
import { checkConstraint, compileConstraint, kindLabel } from '../constraints/index.js';
import type { Constraint, ConstraintKindName } from '../constraints/types.js';
import type { ModelBuilder, Propagator } from '../variant/model.js';
import { constraintsOf } from '../variant/puzzle.js';

/** One statement of a rule, as its kind compiled it. */
export type RulePiece =
  | { readonly type: 'restrict'; readonly cell: number; readonly mask: number }
  | { readonly type: 'relation'; readonly a: number; readonly b: number; readonly allowed: (x: number, y: number) => boolean }
  | { readonly type: 'sum'; readonly cells: readonly number[]; readonly weights: readonly number[]; readonly total: number; readonly distinct: boolean }
  | { readonly type: 'digitSets'; readonly cells: readonly number[]; readonly sets: Int32Array }
  | { readonly type: 'propagator'; readonly propagator: Propagator };

/** One rule to narrow with: a constraint (or one pair of a rule over the whole board) and its pieces. */
export interface Rule {
  readonly constraint: Constraint;
  /** The cells its pieces read and narrow. */
  readonly cells: readonly number[];
  readonly pieces: readonly RulePiece[];
}

export interface VariantRules {
  /** The board's geometry: the puzzle's, with the houses and peers the rules add. */
  readonly geometry: Geometry;
  readonly constraints: readonly Constraint[];
  readonly rules: readonly Rule[];
  /** For two cells that differ by a rule (not by row, column or box), the rule's kind. */
  readonly sight: ReadonlyMap<number, ConstraintKindName>;
  /** The kind of rule of each house the rules add (units 3·size on of `geometry`). */
  readonly houseKinds: readonly ConstraintKindName[];
  /** Whether two cells must hold different digits, by any rule: a cellCount² matrix. */
  readonly differ: Uint8Array;
}

/** The kinds whose rule covers every orthogonal pair of the board: narrowed one pair at a time. */
const PAIRWISE_GLOBAL = new Set<Constraint['kind']>(['negative-black', 'negative-xv', 'non-consecutive']);

/** The rules worked out per constraint list and board: they do not depend on the givens. */
const made = new WeakMap<readonly Constraint[], { readonly base: Geometry; readonly rules: VariantRules }>();

/**
 * The step solver's view of a puzzle's rules; undefined for a classic puzzle on a regular board.
 * Worked out once per constraint list (a player's grid, a hint's board and each render of the page
 * share them), which is plain data the caller does not change.
 */
export function variantRules(puzzle: Puzzle): VariantRules | undefined {
  const constraints = constraintsOf(puzzle);
  if (constraints.length === 0) return undefined;
  const known = made.get(constraints);
  if (known && known.base === puzzle.geometry) return known.rules;
  const rules = buildRules(puzzle.geometry, constraints);
  made.set(constraints, { base: puzzle.geometry, rules });
  return rules;
}

function buildRules(base: Geometry, constraints: readonly Constraint[]): VariantRules {
  const n = base.size;
  const houses: Array<{ name: string; cells: number[]; kind: ConstraintKindName }> = [];
  const pairs: Array<[number, number]> = [];
  const sight = new Map<number, ConstraintKindName>();
  const rules: Rule[] = [];
  const counts = new Map<string, number>();
  const pairKey = (a: number, b: number) => Math.min(a, b) * base.cellCount + Math.max(a, b);
  const sameClassicUnit = (a: number, b: number) => base.rowOf[a] === base.rowOf[b] || base.colOf[a] === base.colOf[b] || base.boxOf[a] === base.boxOf[b];
  for (const c of constraints) {
    const pieces: RulePiece[] = [];
    const differ = (a: number, b: number) => {
      if (a === b) return;
      pairs.push([a, b]);
      if (!sameClassicUnit(a, b) && !sight.has(pairKey(a, b))) sight.set(pairKey(a, b), c.kind);
    };
    const group = (cells: readonly number[]) => {
      const unique = [...new Set(cells)];
      if (unique.length === n) {
        const k = (counts.get(c.kind) ?? 0) + 1;
        counts.set(c.kind, k);
        houses.push({ name: houseName(c, base, unique, k), cells: unique, kind: c.kind });
      }
      for (const a of unique) for (const b of unique) if (a < b) differ(a, b);
    };
    const recorder: ModelBuilder = {
      size: n,
      distinct: group,
      different: differ,
      restrict: (cell, mask) => pieces.push({ type: 'restrict', cell, mask }),
      relation: (a, b, allowed) => pieces.push({ type: 'relation', a, b, allowed }),
      sum(cells, total, options = {}) {
        const distinct = options.distinct ?? false;
        if (distinct) group(cells);
        pieces.push({ type: 'sum', cells: [...cells], weights: options.weights ?? cells.map(() => 1), total, distinct });
      },
      digitSets(cells, sets) {
        group(cells);
        pieces.push({ type: 'digitSets', cells: [...cells], sets });
      },
      propagator: (propagator) => pieces.push({ type: 'propagator', propagator }),
    };
    compileConstraint(c, base, recorder, constraints);
    if (PAIRWISE_GLOBAL.has(c.kind)) {
      for (const piece of pieces) if (piece.type === 'relation') rules.push({ constraint: c, cells: [piece.a, piece.b], pieces: [piece] });
    } else if (pieces.length > 0) rules.push({ constraint: c, cells: cellsOf(pieces), pieces });
  }
  // Houses that are already rows, columns or boxes (a jigsaw's diagonal region) add nothing.
  const known = new Set(base.units.map((u) => [...u].sort((a, b) => a - b).join(',')));
  const fresh = houses.filter((h) => {
    const key = [...h.cells].sort((a, b) => a - b).join(',');
    if (known.has(key)) return false;
    known.add(key);
    return true;
  });
  const geometry = fresh.length === 0 && pairs.length === 0 ? base : withHouses(base, fresh, pairs);
  const differ = new Uint8Array(base.cellCount * base.cellCount);
  for (let a = 0; a < base.cellCount; a++) for (const b of geometry.peers[a]!) differ[a * base.cellCount + b] = 1;
  return { geometry, constraints, rules, sight, houseKinds: fresh.map((h) => h.kind), differ };
}

/** The kind of rule that makes `a` and `b` differ beyond their row, column and box, if any. */
export function sightOf(rules: VariantRules, a: number, b: number): ConstraintKindName | undefined {
  const n = rules.geometry.cellCount;
  return rules.sight.get(Math.min(a, b) * n + Math.max(a, b));
}

function cellsOf(pieces: readonly RulePiece[]): number[] {
  const cells = new Set<number>();
  for (const p of pieces) {
    if (p.type === 'restrict') cells.add(p.cell);
    else if (p.type === 'relation') {
      cells.add(p.a);
      cells.add(p.b);
    } else if (p.type === 'propagator') for (const c of p.propagator.cells) cells.add(c);
    else for (const c of p.cells) cells.add(c);
  }
  return [...cells];
}

function houseName(c: Constraint, g: Geometry, cells: readonly number[], k: number): string {
  switch (c.kind) {
    case 'diagonal':
      return c.direction === 'positive' ? 'diagonal ↗' : 'diagonal ↘';
    case 'disjoint-groups':
      return `disjoint group ${k}`;
    case 'extra-region':
      return `extra region ${k}`;
    default:
      return `${kindLabel(c.kind)} at ${cellName(g, Math.min(...cells))}`;
  }
}

/** A rule a grid breaks: its kind, the cells that show it, and what is wrong, in words. */
export interface RuleConflict {
  readonly kind: ConstraintKindName;
  readonly cells: readonly number[];
  readonly text: string;
}

/**
 * The rules a partly filled grid already breaks, as a player sees them while filling it: two cells
 * a rule makes differ holding one digit (a knight's move apart, one cage, a diagonal), two cells a
 * relation joins that break it (a thermometer out of order, a dot or an X that does not hold), a
 * sum over its total or, once full, off it, a digit outside its cell's rule (odd, even), and any
 * other rule whose cells are all filled and which its kind's check refuses. Empty cells (0) break
 * nothing. None for a classic puzzle.
 */
export function ruleConflicts(puzzle: Puzzle, grid: ArrayLike<number>): RuleConflict[] {
  const rules = variantRules(puzzle);
  if (!rules) return [];
  const g = rules.geometry;
  const out: RuleConflict[] = [];
  const at = (cells: readonly number[]) => cells.map((c) => cellName(g, c)).join(', ');
  const digit = (d: number) => g.digits[d - 1] ?? String(d);
  for (const [key, kind] of rules.sight) {
    const a = Math.floor(key / g.cellCount);
    const b = key % g.cellCount;
    const d = grid[a] ?? 0;
    if (d !== 0 && grid[b] === d) out.push({ kind, cells: [a, b], text: `digit ${digit(d)} twice under the ${kindLabel(kind)} rule (${at([a, b])})` });
  }
  for (const rule of rules.rules) {
    const kind = rule.constraint.kind;
    const label = kindLabel(kind);
    const filled = rule.cells.every((c) => (grid[c] ?? 0) !== 0);
    let broken: readonly number[] | undefined;
    for (const piece of rule.pieces) {
      if (broken) break;
      if (piece.type === 'restrict') {
        const d = grid[piece.cell] ?? 0;
        if (d !== 0 && (piece.mask & (1 << (d - 1))) === 0) broken = [piece.cell];
      } else if (piece.type === 'relation') {
        const x = grid[piece.a] ?? 0;
        const y = grid[piece.b] ?? 0;
        if (x !== 0 && y !== 0 && !piece.allowed(x, y)) broken = [piece.a, piece.b];
      } else if (piece.type === 'sum') {
        let total = 0;
        let empty = 0;
        for (const [i, c] of piece.cells.entries()) {
          const d = grid[c] ?? 0;
          if (d === 0) empty++;
          total += piece.weights[i]! * d;
        }
        // With only positive weights, each empty cell adds at least 1 more.
        const over = piece.weights.every((w) => w > 0) && total + empty > piece.total;
        if (over || (empty === 0 && total !== piece.total)) broken = piece.cells;
      }
    }
    // A rule over the whole board (negative dots) is judged pair by pair above; its check reads every cell.
    if (!broken && filled && !PAIRWISE_GLOBAL.has(kind) && !checkConstraint(rule.constraint, fullOf(grid, g.cellCount), puzzle.geometry, rules.constraints)) broken = rule.cells;
    if (broken) out.push({ kind, cells: [...broken], text: `the ${label} on ${at(broken)} is broken` });
  }
  return out;
}

/** A grid as a plain array of digits (0 where empty), for a kind's check of the cells it reads. */
function fullOf(grid: ArrayLike<number>, n: number): number[] {
  return Array.from({ length: n }, (_, i) => grid[i] ?? 0);
}
