/**
 * Cage Combinations in a House: the killer cages that lie whole in one house (a row, a column, a
 * box) hold different digits, and the house's other cells hold the digits they leave. A killer
 * solver lines the cages' combinations up against each other and against the rest of the house:
 * "in row 3, cage 17 is 8+9, so cage 11 is neither 2+9 nor 3+8: it is 4+7 or 5+6". A combination
 * no consistent choice uses is out, and so is a digit of the rest that no choice leaves to it.
 */
import { type Board, countBits, digitsOf } from '../../board.js';
import type { Rule } from '../../rules.js';
import { type Candidate, describeEffectsByCell, type Step, type Technique, unitName } from '../../step.js';
import { matches, ruleSets, setSupport } from './narrow.js';

/** Choices of one combination per cage a house may weigh before it gives up (a very open house says nothing anyway). */
const MAX_CHOICES = 20_000;

interface Cage {
  readonly rule: Rule;
  readonly cells: readonly number[];
  readonly sets: number[];
}

function findHouseCombinations(board: Board): Step | undefined {
  const rules = board.rules;
  if (!rules) return undefined;
  const g = board.geometry;
  const n = g.size;
  const all = (1 << n) - 1;
  for (let unit = 0; unit < g.units.length; unit++) {
    const house = new Set(g.units[unit]!);
    const cages: Cage[] = [];
    for (const rule of rules.rules) {
      const c = rule.constraint;
      if (c.kind !== 'killer' || c.sum === undefined || !c.cells.every((cell) => house.has(cell))) continue;
      cages.push({ rule, cells: c.cells, sets: ruleSets(board, rule) ?? [] });
    }
    if (cages.length === 0 || cages.some((cage) => cage.sets.length === 0)) continue;
    const caged = new Set(cages.flatMap((cage) => cage.cells));
    const rest = [...house].filter((cell) => !caged.has(cell));
    // Which combinations some consistent choice uses, and what the rest may hold.
    const usedSets = cages.map(() => new Set<number>());
    const restSupport = rest.map(() => 0);
    let choices = 0;
    const chosen: number[] = [];
    const walk = (k: number, taken: number): boolean => {
      if (++choices > MAX_CHOICES) return false;
      if (k === cages.length) {
        const left = all & ~taken;
        const options = rest.map((cell) => board.holds(cell) & left);
        if (countBits(left) !== rest.length || !matches(options)) return true;
        for (const [i, set] of usedSets.entries()) set.add(chosen[i]!);
        rest.forEach((_, i) => {
          for (let m = options[i]! & ~restSupport[i]!; m !== 0; m &= m - 1) {
            const b = m & -m;
            if (matches(options.map((o, j) => (j === i ? b : o & ~b)))) restSupport[i]! |= b;
          }
        });
        return true;
      }
      for (const set of cages[k]!.sets) {
        if ((set & taken) !== 0) continue;
        chosen[k] = set;
        if (!walk(k + 1, taken | set)) return false;
      }
      return true;
    };
    if (!walk(0, 0)) continue;
    const eliminations: Candidate[] = [];
    const narrowed: string[] = [];
    cages.forEach((cage, i) => {
      const sets = [...usedSets[i]!];
      if (sets.length === cage.sets.length) return;
      const masks = new Map(cage.cells.map((cell) => [cell, board.holds(cell)]));
      const support = setSupport(cage.cells, sets, masks);
      cage.cells.forEach((cell, j) => {
        if (board.values[cell] === 0) for (const digit of digitsOf(board.candidates[cell]! & ~support[j]!)) eliminations.push({ cell, digit });
      });
      const c = cage.rule.constraint as Extract<typeof cage.rule.constraint, { kind: 'killer' }>;
      const text = (s: number) =>
        digitsOf(s)
          .map((d) => g.digits[d - 1])
          .join('+');
      narrowed.push(`cage ${c.sum} keeps ${sets.map(text).join(' or ') || 'nothing'}`);
    });
    rest.forEach((cell, i) => {
      if (board.values[cell] === 0) for (const digit of digitsOf(board.candidates[cell]! & ~restSupport[i]!)) eliminations.push({ cell, digit });
    });
    if (eliminations.length === 0) continue;
    const step = { placements: [], eliminations };
    const sums = cages.map((cage) => (cage.rule.constraint as { sum?: number }).sum).join(', ');
    return {
      technique: 'Cage Combinations',
      rating: 2.5,
      ...step,
      cells: [...caged],
      candidates: [],
      units: [unit],
      rules: ['killer'],
      text: `Cage Combinations: in ${unitName(g, unit)}, the cage${cages.length === 1 ? '' : 's'} ${sums} and the other cells hold each digit once between them${narrowed.length ? `, so ${narrowed.join('; ')}` : ''} => ${describeEffectsByCell(g, step)}`,
    };
  }
  return undefined;
}

export const CAGE_COMBINATIONS: Technique = { name: 'Cage Combinations', rating: 2.5, find: findHouseCombinations };
