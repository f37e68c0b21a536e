/**
 * What killer solvers reason with beyond one cage's combinations:
 * - Cage Must Hold: a digit every combination of a cage (or every run of a renban line) has is
 *   somewhere in it, so a cell outside that sees each of its places there cannot hold it
 *   ("cage 21 at r1c1 must hold a 9, in r1c2 or r1c3");
 * - Innies and Outies, the 45 rule: whole houses add up to 45 each (for 9×9); the cages inside
 *   them leave the cells over (innies), or the cages that stick out add cells outside (outies),
 *   with a known total, narrowed as a sum.
 */
import { cellName } from '../../../geometry.js';
import { type Board, bit, digitsOf } from '../../board.js';
import type { Rule, RulePiece, VariantRules } from '../../rules.js';
import { type Candidate, describeCells, describeEffectsByCell, type Step, type Technique } from '../../step.js';
import { type ImpliedSum, impliedSums } from '../../../variant/solver/implied.js';
import { narrowRuleOnce, ruleSets } from './narrow.js';
import { describeRule } from './rules.js';

/** A digit a cage (or renban) must hold, where it can go in it, and the cells outside that see all those places. */
export interface MustHold {
  readonly digit: number;
  readonly places: readonly number[];
  readonly seers: readonly number[];
}

/** What a killer cage with a sum, or a renban line, must hold, by every combination (or run) its candidates leave. */
export function mustHolds(board: Board, rule: Rule): MustHold[] {
  const g = board.geometry;
  const sets = ruleSets(board, rule);
  if (!sets || sets.length === 0) return [];
  let needed = sets.reduce((a, s) => a & s, -1);
  for (const cell of rule.cells) if (board.values[cell] !== 0) needed &= ~bit(board.values[cell]!);
  const inside = new Set(rule.cells);
  const out: MustHold[] = [];
  for (const digit of digitsOf(needed)) {
    const places = rule.cells.filter((cell) => board.values[cell] === 0 && board.has(cell, digit));
    if (places.length === 0) continue;
    const seers: number[] = [];
    // A cell that sees every place is a peer of the first.
    for (const cell of g.peers[places[0]!]!) {
      if (inside.has(cell) || board.values[cell] !== 0 || !board.has(cell, digit)) continue;
      if (places.every((p) => board.sees(cell, p))) seers.push(cell);
    }
    if (seers.length > 0) out.push({ digit, places, seers });
  }
  return out;
}

function findMustHold(board: Board): Step | undefined {
  const rules = board.rules;
  if (!rules) return undefined;
  const g = board.geometry;
  for (const rule of rules.rules) {
    const [must] = mustHolds(board, rule);
    if (!must) continue;
    const { digit, places, seers } = must;
    const d = g.digits[digit - 1]!;
    const step = { placements: [], eliminations: seers.map((cell) => ({ cell, digit })) };
    return {
      technique: 'Cage Must Hold',
      rating: 2.3,
      ...step,
      cells: [...rule.cells],
      candidates: places.map((cell) => ({ cell, digit })),
      rules: [rule.constraint.kind],
      text: `Cage Must Hold: ${describeRule(g, rule, board)}; each has a ${d}, so its ${d} is in ${places.map((p) => cellName(g, p)).join(' or ')}, and ${describeCells(g, seers)} ${seers.length === 1 ? 'sees' : 'see'} ${places.length === 1 ? 'it' : 'all of them'} => ${describeEffectsByCell(g, step)}`,
    };
  }
  return undefined;
}

/** The most cells an innie or outie sum of a step has. */
const MAX_INNIES = 5;

const implied = new WeakMap<VariantRules, ImpliedSum[]>();

/** The puzzle's innie and outie sums, worked out once per puzzle. */
export function impliedOf(board: Board, rules: VariantRules): ImpliedSum[] {
  let sums = implied.get(rules);
  if (sums) return sums;
  const g = board.geometry;
  const n = g.size;
  const cages = [];
  for (const c of rules.constraints) if (c.kind === 'killer' && c.sum !== undefined) cages.push({ cells: c.cells, total: c.sum });
  const units = g.units.slice(0, 3 * n).map((u) => Array.from(u));
  // A player adds up a handful of innies or outies, not nine: longer sums narrow little and cost much.
  sums = cages.length === 0 ? [] : impliedSums(n, units.slice(0, n), units.slice(n, 2 * n), units.slice(2 * n, 3 * n), cages).filter((s) => s.cells.length <= MAX_INNIES);
  implied.set(rules, sums);
  return sums;
}

function findInniesAndOuties(board: Board): Step | undefined {
  const rules = board.rules;
  if (!rules) return undefined;
  const g = board.geometry;
  for (const s of impliedOf(board, rules)) {
    const piece: RulePiece = { type: 'sum', cells: s.cells, weights: s.cells.map(() => 1), total: s.total, distinct: false };
    const masks = narrowRuleOnce(board, s, s.cells, [piece]);
    if (!masks) continue;
    const eliminations: Candidate[] = [];
    for (const [cell, mask] of masks) if (board.values[cell] === 0) for (const digit of digitsOf(board.candidates[cell]! & ~mask)) eliminations.push({ cell, digit });
    if (eliminations.length === 0) continue;
    const step = { placements: [], eliminations };
    const cells = s.cells.map((c) => cellName(g, c)).join('+');
    const why = s.innies ? `the cages inside ${s.houses} leave ${cells}, which add up to ${s.total}` : `the cages that cover ${s.houses} stick out of it at ${cells}, which add up to ${s.total}`;
    return {
      technique: 'Innies and Outies',
      rating: 2.8,
      ...step,
      cells: [...s.cells],
      candidates: [],
      rules: ['killer'],
      text: `Innies and Outies: ${why} => ${describeEffectsByCell(g, step)}`,
    };
  }
  return undefined;
}

export const CAGE_MUST_HOLD: Technique = { name: 'Cage Must Hold', rating: 2.3, find: findMustHold };
export const INNIES_AND_OUTIES: Technique = { name: 'Innies and Outies', rating: 2.8, find: findInniesAndOuties };
