/**
 * Forcing chains' search: every assumption of a board followed at one tier, and the simplest
 * conclusion drawn from the branches (a contradiction, or a fact common to a group of branches
 * of which one must hold); or, at the nested tier and on boards above 9×9, the first
 * contradiction found.
 */
import { checkClock } from '../../clock.js';
import { type Board, countBits } from '../../board.js';
import type { Step } from '../../step.js';
import { lengthBonus } from '../chains.js';
import { type Conclusion, stepOf } from './explain.js';
import { CONTRADICTION } from './facts.js';
import { type Branch, Propagator, type Tier } from './propagate.js';
import { contradictionSize, proofSize, ratingOf, STATIC_CONTRADICTION_BASE, TIER_BASE } from './proof.js';

/**
 * The largest board the nested tier runs on: it costs one propagation per candidate per branch,
 * seconds a step on 9×9 and minutes on 16×16.
 */
export const MAX_NESTED_SIZE = 9;

/**
 * Which of SE's chaining rules a search plays: its propagation tier, the conclusions it draws and
 * the base of its rating (SE rates a hint by the rule that found it, not by what its proof used).
 * - `nishio`: singles inside each branch, contradictions only (from x true and from x false), 7.5;
 * - `multiple`: the board's own links only, cell forcing chains from cells of three or more
 *   candidates and unit forcing chains from the units whose first place is such a cell, 8.0;
 * - `dynamic` (and the tiers above): contradictions, double forcing chains from the candidates
 *   of cells with three or more, cell forcing chains from every cell, unit forcing chains from
 *   every unit, 8.5 (9.0 with locked candidates).
 */
type Mode = 'nishio' | 'multiple' | 'dynamic';

/** The simplest forcing-chain conclusion at one tier, or undefined. */
export function findForcing(board: Board, tier: Tier, mode: Mode = tier === 0 ? 'multiple' : 'dynamic'): Step | undefined {
  const g = board.geometry;
  const n = g.size;
  if (tier === 3 && g.size > MAX_NESTED_SIZE) return undefined;
  const prop = new Propagator(g, board.values, board.candidates, tier);
  prop.singleDigit = mode === 'nishio';
  // Nested, or a board above 9×9: the first contradiction found is taken (see findFirstContradiction).
  if (tier === 3 || g.size > 9) {
    const first = findFirstContradiction(board, prop);
    if (first || tier === 3) return first;
  }
  const facts = prop.facts;
  const nodes = g.cellCount * n;
  const onBranch: (Branch | undefined)[] = new Array(nodes);
  const offBranch: (Branch | undefined)[] = new Array(nodes);
  for (let cell = 0; cell < g.cellCount; cell++) {
    for (let m = board.candidates[cell]!; m !== 0; m &= m - 1) {
      const node = cell * n + 31 - Math.clz32(m & -m);
      checkClock();
      onBranch[node] = prop.run(node * 2 + 1);
      // SE's multiple forcing chains start from candidates made true only.
      if (mode !== 'multiple') offBranch[node] = prop.run(node * 2);
    }
  }
  const mark = new Int32Array(facts.length);
  const stampRef = { v: 0 };
  let best: Conclusion | undefined;
  const offer = (c: Omit<Conclusion, 'tier' | 'size' | 'rating' | 'facts'>): void => {
    let t = 0;
    let size = 0;
    for (const e of c.ends) {
      t = Math.max(t, facts.tier[e]!);
      size += c.kind === 'contradiction' ? contradictionSize(facts, e, mark, stampRef) : proofSize(facts, e, mark, stampRef);
    }
    const base = mode === 'nishio' ? STATIC_CONTRADICTION_BASE : TIER_BASE[Math.max(t, tier)]!;
    const rating = Math.round((base + lengthBonus(size - 2)) * 10) / 10;
    if (!best || rating < best.rating || (rating === best.rating && size < best.size)) best = { ...c, facts, tier: mode === 'nishio' ? -1 : Math.max(t, tier), size, rating };
  };
  // Contradictions: the assumption fails.
  for (let node = 0; node < nodes && mode !== 'multiple'; node++) {
    for (const branch of [onBranch[node], offBranch[node]]) {
      if (branch && branch.contradiction >= 0) {
        offer({ kind: 'contradiction', fact: branch.assumption ^ 1, ends: [branch.contradiction], branches: [branch] });
      }
    }
  }
  // Groups of branches of which one must hold: common facts hold.
  const count = new Int32Array(nodes * 2);
  const gen = new Int32Array(nodes * 2);
  let generation = 0;
  // A branch that met a contradiction takes part with the facts it found before (as in SE): it
  // cannot be the branch that holds, so what every other branch implies holds whatever it adds.
  const common = (branches: Branch[], make: (fact: number, ends: number[]) => void): void => {
    generation++;
    for (const br of branches) {
      for (let i = br.start; i < br.end; i++) {
        const f = facts.fact[i]!;
        if (f === CONTRADICTION) continue;
        if (gen[f] !== generation) {
          gen[f] = generation;
          count[f] = 0;
        }
        count[f] = count[f]! + 1;
      }
    }
    const last = branches[branches.length - 1]!;
    for (let i = last.start; i < last.end; i++) {
      const f = facts.fact[i]!;
      if (f === CONTRADICTION || count[f] !== branches.length) continue;
      const ends = branches.map((br) => {
        for (let j = br.start; j < br.end; j++) if (facts.fact[j] === f) return j;
        return -1;
      });
      make(f, ends);
    }
  };
  if (mode === 'nishio') return best ? stepOf(board, best) : undefined;
  for (let node = 0; node < nodes && mode === 'dynamic'; node++) {
    const on = onBranch[node];
    const off = offBranch[node];
    if (on && off && countBits(board.candidates[Math.floor(node / n)]!) >= 3) common([on, off], (fact, ends) => offer({ kind: 'double', fact, ends, branches: [on, off] }));
  }
  for (let cell = 0; cell < g.cellCount; cell++) {
    const m = board.candidates[cell]!;
    if (countBits(m) < (mode === 'multiple' ? 3 : 2)) continue;
    const branches: Branch[] = [];
    for (let x = m; x !== 0; x &= x - 1) branches.push(onBranch[cell * n + 31 - Math.clz32(x & -x)]!);
    common(branches, (fact, ends) => offer({ kind: 'cell', fact, ends, branches, cell }));
  }
  for (let unit = 0; unit < g.units.length; unit++) {
    for (let d = 0; d < n; d++) {
      const places = board.cellsWith(unit, d + 1);
      if (places.length < 2) continue;
      if (mode === 'multiple' && countBits(board.candidates[places[0]!]!) < 3) continue;
      const branches = places.map((c) => onBranch[c * n + d]!);
      common(branches, (fact, ends) => offer({ kind: 'unit', fact, ends, branches, unit, digit: d + 1 }));
    }
  }
  return best ? stepOf(board, best) : undefined;
}

/**
 * The first assumption that fails, without looking further for a simpler conclusion: used by
 * the nested tier (each branch there tries every candidate inside it, so a full search costs
 * seconds) and, before the full search, on boards above 9×9 (where a full search costs a
 * second a step and the SE scale does not apply anyway).
 */
function findFirstContradiction(board: Board, prop: Propagator): Step | undefined {
  const g = board.geometry;
  const n = g.size;
  for (let cell = 0; cell < g.cellCount; cell++) {
    for (let m = board.candidates[cell]!; m !== 0; m &= m - 1) {
      const node = cell * n + 31 - Math.clz32(m & -m);
      checkClock();
      const branch = prop.run(node * 2 + 1);
      if (branch.contradiction < 0) continue;
      const facts = prop.facts;
      const size = proofSize(facts, branch.contradiction, new Int32Array(facts.length), { v: 0 });
      const tier = facts.tier[branch.contradiction]!;
      return stepOf(board, {
        kind: 'contradiction',
        fact: branch.assumption ^ 1,
        ends: [branch.contradiction],
        branches: [branch],
        facts,
        tier,
        size,
        rating: ratingOf('contradiction', tier, size),
      });
    }
  }
  return undefined;
}
