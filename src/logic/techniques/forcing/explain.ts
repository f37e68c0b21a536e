/**
 * Forcing chains' steps: a conclusion made into a step, with its technique name (a tier's
 * prefix and the conclusion's kind), its sentence (the chain of implications of each branch)
 * and the candidates and links it shows.
 */
import { cellName } from '../../../geometry.js';
import type { Board } from '../../board.js';
import { type Candidate, describeEffects, type Link, type Step } from '../../step.js';
import { unitLabel } from '../../../geometry.js';
import { CONTRADICTION, describeFact, type FactStore } from './facts.js';
import type { Branch } from './propagate.js';
import { type ConclusionKind, implicationPath } from './proof.js';

/** The technique name's prefix for each tier (see `Tier`). */
export const TIER_PREFIX: readonly string[] = ['', 'Dynamic ', 'Dynamic+ ', 'Nested '];

export interface Conclusion {
  kind: ConclusionKind;
  /** The fact concluded (for a contradiction: the assumption's negation). */
  fact: number;
  /** Store index of the conclusion in each branch (for a contradiction, of the contradiction). */
  ends: number[];
  branches: Branch[];
  facts: FactStore;
  tier: number;
  size: number;
  rating: number;
  /** The cell or unit (and digit) the branches start from. */
  cell?: number;
  unit?: number;
  digit?: number;
}

const KIND_NAME: Record<ConclusionKind, string> = {
  contradiction: 'Contradiction Forcing Chain',
  double: 'Double Forcing Chain',
  cell: 'Cell Forcing Chain',
  unit: 'Unit Forcing Chain',
};

export function stepOf(board: Board, c: Conclusion): Step {
  const g = board.geometry;
  const n = g.size;
  const facts = c.facts;
  const node = c.fact >> 1;
  const target: Candidate = { cell: Math.floor(node / n), digit: (node % n) + 1 };
  const placements = (c.fact & 1) === 1 ? [target] : [];
  const eliminations = (c.fact & 1) === 1 ? [] : [target];
  const name = c.tier < 0 ? 'Nishio Forcing Chain' : `${TIER_PREFIX[c.tier]}${KIND_NAME[c.kind]}`;
  const paths = c.ends.map((e) => implicationPath(facts, e));
  const chains = paths.map((path) =>
    path
      .map((i) => {
        if (facts.fact[i] === CONTRADICTION) return 'contradiction';
        const inner = facts.nested.get(i);
        return inner ? `${describeFact(g, facts.fact[i]!)} [${inner.note}]` : describeFact(g, facts.fact[i]!);
      })
      .join(' -> '),
  );
  const effects = describeEffects(g, { placements, eliminations });
  const concl = describeFact(g, c.fact);
  let text: string;
  switch (c.kind) {
    case 'contradiction':
      text = `${name}: ${chains[0]} (${c.branches[0]!.reason}) => ${effects}`;
      break;
    case 'double': {
      const x = describeFact(g, c.branches[0]!.assumption);
      text = `${name}: both ${x} and its opposite lead to ${concl}: ${chains.join('; ')} => ${effects}`;
      break;
    }
    case 'cell': {
      const digits = c.branches.map((br) => g.digits[(br.assumption >> 1) % n]).join(', ');
      text = `${name}: each candidate of ${cellName(g, c.cell!)} (${digits}) leads to ${concl}: ${chains.join('; ')} => ${effects}`;
      break;
    }
    case 'unit': {
      const cells = c.branches.map((br) => cellName(g, Math.floor((br.assumption >> 1) / n))).join(', ');
      text = `${name}: each place of ${g.digits[c.digit! - 1]} in ${unitLabel(g, c.unit!)} (${cells}) leads to ${concl}: ${chains.join('; ')} => ${effects}`;
      break;
    }
  }
  const links: Link[] = [];
  const candidates: Candidate[] = [];
  const seenCand = new Set<number>();
  for (const path of paths) {
    for (let k = 0; k < path.length; k++) {
      const f = facts.fact[path[k]!]!;
      if (f === CONTRADICTION) continue;
      if (!seenCand.has(f >> 1)) {
        seenCand.add(f >> 1);
        candidates.push({ cell: Math.floor((f >> 1) / n), digit: ((f >> 1) % n) + 1 });
      }
      const next = path[k + 1] === undefined ? CONTRADICTION : facts.fact[path[k + 1]!]!;
      if (next === CONTRADICTION) continue;
      links.push({
        from: { cell: Math.floor((f >> 1) / n), digit: ((f >> 1) % n) + 1 },
        to: { cell: Math.floor((next >> 1) / n), digit: ((next >> 1) % n) + 1 },
        strong: (f & 1) === 0 && (next & 1) === 1,
      });
    }
  }
  return {
    technique: name,
    rating: c.rating,
    placements,
    eliminations,
    cells: [...new Set(candidates.map((x) => x.cell))],
    candidates,
    links,
    text,
  };
}

/**
 * The names a forcing step can carry: a tier's prefix and a conclusion's kind. A search may name a
 * step by a lower tier than its own (the nested tier's first contradiction may need less), so
 * every technique lists them all.
 */
export const FORCING_STEP_NAMES: readonly string[] = TIER_PREFIX.flatMap((prefix) => Object.values(KIND_NAME).map((kind) => `${prefix}${kind}`));
