/**
 * Rule Forcing: when no pattern applies, a strong variant solver tries a candidate and follows
 * what it forces (singles, box-line locks, what cages must hold, and each rule narrowing its own
 * cells, as the rule steps do) until the board breaks or settles. A candidate that breaks the
 * board is false, and so is a candidate that every candidate of one cell rules out. This is the
 * variant counterpart of the Nishio and cell forcing chains, which follow singles only and so miss
 * almost everything a variant's rules force; it is tried on cells with two candidates, then three
 * and four, before the step solver falls back on a guess.
 */
import { cellName } from '../../../geometry.js';
import { type Board, bit, countBits, digitsOf } from '../../board.js';
import { checkClock } from '../../clock.js';
import type { RulePiece, VariantRules } from '../../rules.js';
import { kindLabel } from '../../../constraints/index.js';
import { describeEffects, describeEffectsByCell, type Step, type Technique } from '../../step.js';
import { impliedOf, mustHolds } from './cages.js';
import { narrowRule } from './narrow.js';

interface Narrower {
  readonly cells: readonly number[];
  readonly pieces: readonly RulePiece[];
  readonly name: string;
}

interface Plan {
  readonly narrowers: readonly Narrower[];
  /** For each cell, the narrowers that read it. */
  readonly byCell: readonly number[][];
}

const plans = new WeakMap<VariantRules, Plan>();

function planOf(board: Board, rules: VariantRules): Plan {
  const known = plans.get(rules);
  if (known) return known;
  const narrowers: Narrower[] = rules.rules.map((r) => ({ cells: r.cells, pieces: r.pieces, name: kindLabel(r.constraint.kind) }));
  for (const s of impliedOf(board, rules)) {
    narrowers.push({ cells: s.cells, pieces: [{ type: 'sum', cells: s.cells, weights: s.cells.map(() => 1), total: s.total, distinct: false }], name: `the 45 rule on ${s.houses}` });
  }
  const byCell: number[][] = Array.from({ length: board.geometry.cellCount }, () => []);
  narrowers.forEach((nr, i) => {
    for (const cell of nr.cells) byCell[cell]!.push(i);
  });
  const plan = { narrowers, byCell };
  plans.set(rules, plan);
  return plan;
}

/**
 * Locked candidates between boxes and lines, once over the board: a digit whose places in a box lie
 * in one row or column leaves the rest of that line, and the other way round. How many candidates went.
 */
function lockPass(b: Board): number {
  const g = b.geometry;
  const n = g.size;
  let gone = 0;
  for (let unit = 0; unit < 3 * n; unit++) {
    for (let digit = 1; digit <= n; digit++) {
      const bitD = bit(digit);
      let first = -1;
      let sameRow = true;
      let sameCol = true;
      let sameBox = true;
      let count = 0;
      for (const c of g.units[unit]!) {
        if ((b.candidates[c]! & bitD) === 0) continue;
        count++;
        if (first < 0) first = c;
        else {
          sameRow &&= g.rowOf[c] === g.rowOf[first];
          sameCol &&= g.colOf[c] === g.colOf[first];
          sameBox &&= g.boxOf[c] === g.boxOf[first];
        }
      }
      if (count < 2) continue;
      const targets: number[] = [];
      if (unit >= 2 * n) {
        if (sameRow) targets.push(g.rowOf[first]!);
        if (sameCol) targets.push(n + g.colOf[first]!);
      } else if (sameBox) targets.push(2 * n + g.boxOf[first]!);
      for (const target of targets) {
        for (const c of g.units[target]!) {
          if (g.units[unit]!.includes(c) || (b.candidates[c]! & bitD) === 0) continue;
          b.candidates[c] = b.candidates[c]! & ~bitD;
          gone++;
        }
      }
    }
  }
  return gone;
}

/** Follow what the board forces; the reason it breaks, or undefined when it settles whole. */
function follow(b: Board, plan: Plan, start: readonly number[]): { broken: string; steps: number } | undefined {
  const g = b.geometry;
  const pending = new Set<number>();
  const touch = (cell: number) => {
    for (const i of plan.byCell[cell]!) pending.add(i);
  };
  for (const cell of start) touch(cell);
  let steps = 0;
  for (let round = 0; round < 1000; round++) {
    checkClock();
    const before = b.candidates.slice();
    // Singles until none is left.
    for (let progress = true; progress; ) {
      progress = false;
      for (let cell = 0; cell < g.cellCount; cell++) {
        const m = b.candidates[cell]!;
        if (b.values[cell] !== 0 || m === 0 || (m & (m - 1)) !== 0) continue;
        b.place(cell, digitsOf(m)[0]!);
        steps++;
        progress = true;
      }
      for (let unit = 0; unit < g.units.length; unit++) {
        let once = 0;
        let twice = 0;
        for (const cell of g.units[unit]!) {
          const m = b.candidates[cell]!;
          twice |= once & m;
          once |= m;
        }
        for (const digit of digitsOf(once & ~twice)) {
          if (b.isPlaced(unit, digit)) continue;
          // An earlier single of this pass may have taken its place: the check after the pass sees that.
          const cell = g.units[unit]!.find((c) => b.values[c] === 0 && (b.candidates[c]! & bit(digit)) !== 0);
          if (cell === undefined) continue;
          b.place(cell, digit);
          steps++;
          progress = true;
        }
      }
    }
    steps += lockPass(b);
    // What each cage must hold leaves the cells that see all its places.
    for (const rule of b.rules!.rules) {
      for (const must of mustHolds(b, rule)) {
        for (const cell of must.seers) b.candidates[cell] = b.candidates[cell]! & ~bit(must.digit);
        steps += must.seers.length;
      }
    }
    const broken = b.findContradiction();
    if (broken) return { broken, steps };
    for (let cell = 0; cell < g.cellCount; cell++) if (b.candidates[cell] !== before[cell]) touch(cell);
    if (pending.size === 0) return undefined;
    const now = [...pending];
    pending.clear();
    const narrowedFrom = b.candidates.slice();
    for (const i of now) {
      const nr = plan.narrowers[i]!;
      const masks = narrowRule(b, nr.cells, nr.pieces);
      if (!masks) return { broken: `${nr.name} on ${nr.cells.map((c) => cellName(g, c)).join(', ')} has no way left`, steps };
      for (const [cell, mask] of masks) {
        if (b.values[cell] === 0 && (b.candidates[cell]! & ~mask) !== 0) {
          b.candidates[cell] = b.candidates[cell]! & mask;
          steps++;
        }
      }
    }
    for (let cell = 0; cell < g.cellCount; cell++) if (b.candidates[cell] !== narrowedFrom[cell]) touch(cell);
  }
  return undefined;
}

function findRuleForcing(board: Board): Step | undefined {
  const rules = board.rules;
  if (!rules) return undefined;
  const g = board.geometry;
  const plan = planOf(board, rules);
  const kinds = [...new Set(rules.constraints.map((c) => c.kind))];
  for (const width of [2, 3, 4]) {
    for (let cell = 0; cell < g.cellCount; cell++) {
      if (board.values[cell] !== 0 || countBits(board.candidates[cell]!) !== width) continue;
      // What is still possible in each cell on some branch: a candidate no branch keeps is false.
      const kept = new Uint32Array(g.cellCount);
      for (const digit of digitsOf(board.candidates[cell]!)) {
        const trial = board.clone();
        trial.place(cell, digit);
        const result = follow(trial, plan, [cell, ...g.peers[cell]!]);
        if (result) {
          const step = { placements: [], eliminations: [{ cell, digit }] };
          const name = `${cellName(g, cell)}=${g.digits[digit - 1]}`;
          return {
            technique: 'Rule Forcing Chain',
            rating: 7.4,
            ...step,
            cells: [cell],
            candidates: [{ cell, digit }],
            rules: kinds,
            text: `Rule Forcing Chain: ${name} forces ${result.steps} deduction${result.steps === 1 ? '' : 's'} by singles and the rules, and then ${result.broken} => ${describeEffects(g, step)}`,
          };
        }
        for (let c = 0; c < g.cellCount; c++) kept[c]! |= trial.holds(c);
      }
      const eliminations = [];
      for (let c = 0; c < g.cellCount; c++) if (board.values[c] === 0) for (const digit of digitsOf(board.candidates[c]! & ~kept[c]!)) eliminations.push({ cell: c, digit });
      if (eliminations.length === 0) continue;
      const step = { placements: [], eliminations };
      const options = digitsOf(board.candidates[cell]!)
        .map((d) => g.digits[d - 1])
        .join(' or ');
      return {
        technique: 'Rule Forcing Chain',
        rating: 7.6,
        ...step,
        cells: [cell],
        candidates: digitsOf(board.candidates[cell]!).map((digit) => ({ cell, digit })),
        rules: kinds,
        text: `Rule Forcing Chain: ${cellName(g, cell)} is ${options}, and each, followed through singles and the rules, rules out the same candidates => ${describeEffectsByCell(g, step)}`,
      };
    }
  }
  return undefined;
}

export const RULE_FORCING_CHAIN: Technique = { name: 'Rule Forcing Chain', rating: 7.4, find: findRuleForcing };
