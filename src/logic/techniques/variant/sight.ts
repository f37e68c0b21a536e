/**
 * Locked Candidates through a variant's houses and sight. A digit that must go in one of a few
 * cells of a house cannot be in a cell that sees all of them. Classic pointing and claiming are
 * this with a box and a line; a variant adds houses (a diagonal, a windoku window, a disjoint
 * group) and ways of seeing (a knight's or a king's move, a cage, a thermometer), and with them
 * locks a player finds by the rule: "the 5 of box 1 is in r1c1 or r2c3, both a knight's move from
 * r3c2". Steps a box and a line alone prove are left to Pointing and Claiming.
 */
import { cellName } from '../../../geometry.js';
import { type Board, bit } from '../../board.js';
import { sightOf } from '../../rules.js';
import { kindLabel } from '../../../constraints/index.js';
import type { ConstraintKindName } from '../../../constraints/types.js';
import { hiddenSingleIn } from '../singles.js';
import { type Candidate, describeEffects, type Step, type Technique, unitName } from '../../step.js';

function findLock(board: Board): Step | undefined {
  const rules = board.rules;
  if (!rules) return undefined;
  const g = board.geometry;
  const n = g.size;
  for (let unit = 0; unit < g.units.length; unit++) {
    const cells = g.units[unit]!;
    for (let digit = 1; digit <= n; digit++) {
      if (board.isPlaced(unit, digit)) continue;
      const places = board.cellsWith(unit, digit);
      if (places.length < 2) continue;
      const inside = new Set(cells);
      const eliminations: Candidate[] = [];
      const kinds = new Set<ConstraintKindName>();
      if (unit >= 3 * n) kinds.add(rules.houseKinds[unit - 3 * n]!);
      let needsRule = unit >= 3 * n;
      // A cell that sees every place is a peer of the first.
      for (const cell of g.peers[places[0]!]!) {
        if (inside.has(cell) || board.values[cell] !== 0 || (board.candidates[cell]! & bit(digit)) === 0) continue;
        if (!places.every((p) => board.sees(cell, p))) continue;
        eliminations.push({ cell, digit });
        for (const p of places) {
          const kind = sightOf(rules, cell, p);
          if (kind === undefined) continue;
          kinds.add(kind);
          needsRule = true;
        }
      }
      if (eliminations.length === 0 || !needsRule) continue;
      const d = g.digits[digit - 1]!;
      const step = { placements: [], eliminations };
      const seers = eliminations.map((e) => cellName(g, e.cell)).join(', ');
      const seenBy = [...kinds].filter((k) => unit < 3 * n || k !== rules.houseKinds[unit - 3 * n]);
      const by = seenBy.length === 0 ? '' : ` (by ${seenBy.map(kindLabel).join(' and ')})`;
      return {
        technique: 'Locked Candidates',
        rating: 2.6,
        ...step,
        cells: places,
        candidates: places.map((cell) => ({ cell, digit })),
        units: [unit],
        rules: [...kinds],
        text: `Locked Candidates: the ${d} of ${unitName(g, unit)} is in ${places.map((p) => cellName(g, p)).join(' or ')}, and ${seers} ${eliminations.length === 1 ? 'sees' : 'see'} each of them${by} => ${describeEffects(g, step)}`,
      };
    }
  }
  return undefined;
}

/** Hidden singles in the houses the rules add (a diagonal, a windoku window, a disjoint group). */
function findHouseSingle(board: Board): Step | undefined {
  const rules = board.rules;
  if (!rules) return undefined;
  const g = board.geometry;
  const step = hiddenSingleIn(board, 3 * g.size, g.units.length, 1.5);
  return step && { ...step, rules: [rules.houseKinds[step.units![0]! - 3 * g.size]!] };
}

export const HIDDEN_SINGLE_HOUSE: Technique = { name: 'Hidden Single', rating: 1.5, find: findHouseSingle };

export const VARIANT_LOCK: Technique = { name: 'Locked Candidates', rating: 2.6, find: findLock };
