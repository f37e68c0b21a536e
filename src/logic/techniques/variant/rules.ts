/**
 * The steps of the variant rules themselves: one technique per kind, each narrowing
 * with one constraint at a time (narrow.ts) and saying so in the rule's own words:
 * `Killer Cage: the cage 21 at r1c1, r1c2, r1c3 holds 4+8+9, 5+7+9 or 6+7+8 => r1c1<>123`.
 *
 * Ratings sit on the classic scale beside the techniques they are as hard as (there is no
 * Sukaku Explainer rating for variants): reading a cell's own rule (odd, even) is as easy as a
 * full house; a dot, a pair of mirrored cells or a thermometer's order is read off two cells, as a
 * hidden single is; a cage's combinations and an arrow's sum take arithmetic over several cells,
 * as pointing does; a sandwich is a search over where its crusts go, as a subset is.
 */
import { cellName, type Geometry } from '../../../geometry.js';
import { type Board, digitsOf } from '../../board.js';
import type { Rule } from '../../rules.js';
import { type Candidate, describeCells, describeEffectsByCell, type Step, type Technique } from '../../step.js';
import type { Constraint } from '../../../constraints/types.js';
import { narrowRuleOnce, ruleSets } from './narrow.js';

interface Family {
  readonly name: string;
  readonly rating: number;
  readonly kinds: readonly Constraint['kind'][];
}

/** The kinds' techniques, easiest first: one per kind, so a step names the rule it reads. */
const FAMILIES: readonly Family[] = [
  { name: 'Odd Cell', rating: 1.0, kinds: ['odd'] },
  { name: 'Even Cell', rating: 1.0, kinds: ['even'] },
  { name: 'Palindrome', rating: 1.3, kinds: ['palindrome'] },
  { name: 'White Kropki Dot', rating: 1.6, kinds: ['white-dot'] },
  { name: 'Black Kropki Dot', rating: 1.6, kinds: ['black-dot'] },
  { name: 'XV', rating: 1.6, kinds: ['xv'] },
  { name: 'Thermometer', rating: 1.6, kinds: ['thermo'] },
  { name: 'Slow Thermometer', rating: 1.6, kinds: ['slow-thermo'] },
  { name: 'Whispers', rating: 1.6, kinds: ['whispers'] },
  { name: 'Negative Kropki', rating: 1.7, kinds: ['negative-black'] },
  { name: 'Negative XV', rating: 1.7, kinds: ['negative-xv'] },
  { name: 'Non-Consecutive', rating: 1.7, kinds: ['non-consecutive'] },
  { name: 'Between Line', rating: 1.8, kinds: ['between'] },
  { name: 'Killer Cage', rating: 2.0, kinds: ['killer'] },
  { name: 'Renban', rating: 2.2, kinds: ['renban'] },
  { name: 'Arrow', rating: 2.2, kinds: ['arrow'] },
  { name: 'Little Killer', rating: 2.4, kinds: ['little-killer'] },
  { name: 'Sandwich', rating: 3.0, kinds: ['sandwich'] },
];

/** The rule techniques, one per kind, in the order above. */
export const RULE_TECHNIQUES: readonly Technique[] = FAMILIES.map((family) => ({
  name: family.name,
  rating: family.rating,
  find: (board: Board) => findRuleStep(board, family),
}));

function findRuleStep(board: Board, family: Family): Step | undefined {
  const rules = board.rules;
  if (!rules) return undefined;
  for (const rule of rules.rules) {
    if (!family.kinds.includes(rule.constraint.kind)) continue;
    const masks = narrowRuleOnce(board, rule, rule.cells, rule.pieces);
    if (!masks) continue;
    const eliminations: Candidate[] = [];
    for (const [cell, mask] of masks) {
      if (board.values[cell] !== 0) continue;
      for (const digit of digitsOf(board.candidates[cell]! & ~mask)) eliminations.push({ cell, digit });
    }
    if (eliminations.length === 0) continue;
    const g = board.geometry;
    const candidates: Candidate[] = [];
    for (const cell of rule.cells) if (board.values[cell] === 0) for (const digit of digitsOf(masks.get(cell)! & board.candidates[cell]!)) candidates.push({ cell, digit });
    const step = { placements: [], eliminations };
    return {
      technique: family.name,
      rating: family.rating,
      ...step,
      cells: [...rule.cells],
      candidates,
      rules: [rule.constraint.kind],
      text: `${family.name}: ${describeRule(g, rule, board)} => ${describeEffectsByCell(g, step)}`,
    };
  }
  return undefined;
}

/** The constraint where it is and what it says, for the step's sentence. */
export function describeRule(g: Geometry, rule: Rule, board: Board): string {
  const c = rule.constraint;
  const d = (digit: number) => g.digits[digit - 1]!;
  const line = (cells: readonly number[]) => cells.map((cell) => cellName(g, cell)).join('-');
  const pair = `${cellName(g, rule.cells[0]!)} and ${cellName(g, rule.cells[1] ?? rule.cells[0]!)}`;
  switch (c.kind) {
    case 'odd':
      return `${cellName(g, c.cell)} is an odd cell`;
    case 'even':
      return `${cellName(g, c.cell)} is an even cell`;
    case 'palindrome':
      return `the palindrome ${line(c.cells)} reads the same both ways`;
    case 'white-dot':
      return `the white dot between ${pair} joins consecutive digits`;
    case 'black-dot':
      return `the black dot between ${pair} joins a digit and its double`;
    case 'xv':
      return `the ${c.sum === 10 ? 'X' : 'V'} between ${pair} joins two digits that add up to ${c.sum}`;
    case 'thermo':
      return `the thermometer ${line(c.cells)} rises from its bulb, each cell above the one before`;
    case 'slow-thermo':
      return `the slow thermometer ${line(c.cells)} never falls from its bulb`;
    case 'whispers':
      return `neighbours on the whispers line ${line(c.cells)} differ by at least ${c.difference}`;
    case 'negative-black':
      return `no black dot joins ${pair}, so neither is twice the other`;
    case 'negative-xv':
      return `no X or V joins ${pair}, so they add up to neither 5 nor 10`;
    case 'non-consecutive':
      return `${pair} touch, so they are not consecutive`;
    case 'between':
      return `the digits on the between line ${line(c.cells)} lie strictly between its two ends`;
    case 'killer': {
      const where = `the cage ${c.sum === undefined ? '' : `${c.sum} `}at ${describeCells(g, c.cells)}`;
      if (c.sum === undefined) return `${where} holds no digit twice`;
      return `${where} holds ${setsText(g, ruleSets(board, rule) ?? [], '+')}`;
    }
    case 'renban': {
      const sets = (ruleSets(board, rule) ?? []).map((s) => `${d(digitsOf(s)[0]!)}-${d(digitsOf(s).at(-1)!)}`);
      return `the renban line ${line(c.cells)} holds a run of ${c.cells.length} consecutive digits: ${sets.length === 0 ? 'none fits' : sets.join(', ')}`;
    }
    case 'arrow':
      return `the circle ${describeCells(g, c.circle)} holds the sum of its arrow ${describeCells(g, c.arrow)}`;
    case 'little-killer':
      return `the little killer ${c.sum} adds up the diagonal ${line(c.cells)}`;
    case 'sandwich':
      return `in ${c.line} ${c.index + 1}, the digits between the 1 and the ${d(g.size)} add up to ${c.sum}`;
    default:
      return `the ${c.kind} rule on ${describeCells(g, rule.cells)}`;
  }
}

/** `4+8+9, 5+7+9 or 6+7+8` (at most six, then how many more). */
export function setsText(g: Geometry, sets: readonly number[], join: string): string {
  if (sets.length === 0) return 'no combination that fits';
  const shown = sets.slice(0, 6).map((s) =>
    digitsOf(s)
      .map((x) => g.digits[x - 1])
      .join(join),
  );
  const more = sets.length - shown.length;
  if (more > 0) return `${shown.join(', ')} or ${more} more`;
  return shown.length === 1 ? shown[0]! : `${shown.slice(0, -1).join(', ')} or ${shown.at(-1)!}`;
}
