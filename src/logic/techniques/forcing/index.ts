/**
 * Forcing chains: the last logical resort before a guess. Assume a candidate true (or false),
 * follow what must then follow, and conclude from the branches:
 * - Contradiction Forcing Chain: assuming x leads to a contradiction (a candidate forced both
 *   true and false; as in SE, two digits true in a cell or one digit twice in a unit become one
 *   when the first is followed), so x is false (or, assuming x false, x is true). Nishio is the
 *   one-digit case.
 * - Double Forcing Chain: x true and x false both lead to the same fact, so it holds.
 * - Cell Forcing Chain: every candidate of a cell leads to the same fact.
 * - Unit Forcing Chain: every place of a digit in a unit leads to the same fact (SE's region
 *   forcing chain).
 * A branch that meets a contradiction still counts with the facts it found before it: it cannot
 * be the branch that holds. Each fact records the facts it came from, so a conclusion knows its
 * whole proof (for the rating) and the text shows the chain of implications that led to it.
 *
 * The parts: `facts.ts` (facts and their store), `propagate.ts` (what follows from an
 * assumption, tier by tier: static links, singles, locked candidates, nested forcing chains),
 * `proof.ts` (proof sizes, implication paths, ratings), `search.ts` (the branches of a board
 * and the conclusions drawn from them), `explain.ts` (the step and its sentence); this file
 * makes the techniques.
 *
 * Cost: one propagation per candidate and tier (and one per candidate assumed false), each
 * linear in the facts it finds: a few milliseconds per step on 9×9 (the nested tier: one
 * propagation per candidate inside each branch, up to seconds; only contradictions are looked
 * for there, and the first one found is taken, and only the hardest puzzles, SE 10 and up, ever
 * get there). Works on every size the Board supports; on 16×16 and 25×25 a step costs
 * proportionally more.
 */
import type { Technique } from '../../step.js';
import { FORCING_STEP_NAMES, TIER_PREFIX } from './explain.js';
import type { Tier } from './propagate.js';
import { STATIC_CONTRADICTION_BASE, TIER_BASE } from './proof.js';
import { findForcing } from './search.js';

export { MAX_NESTED_SIZE } from './search.js';

function forcingTechnique(tier: Tier): Technique {
  return {
    name: `${TIER_PREFIX[tier]}Forcing Chain`,
    rating: tier === 0 ? STATIC_CONTRADICTION_BASE : TIER_BASE[tier]!,
    stepNames: FORCING_STEP_NAMES,
    // The nested tier is sound on any puzzle, but where logic cannot finish (several solutions)
    // it would run in full before every guess: seconds each. It waits for one-solution puzzles.
    find: (board, context) => (tier === 3 && !context.unique ? undefined : findForcing(board, tier)),
  };
}

/** Contradictions through the singles an assumption creates (SE's Nishio forcing chains, 7.5+). */
export const NISHIO_FORCING_CHAIN: Technique = { name: 'Nishio Forcing Chain', rating: STATIC_CONTRADICTION_BASE, find: (board) => findForcing(board, 1, 'nishio') };
/** Cell and unit forcing chains along the board's own links (SE's multiple forcing chains, 8.0+). */
export const FORCING_CHAIN: Technique = forcingTechnique(0);
/** Forcing chains through the singles each assumption creates. */
export const DYNAMIC_FORCING_CHAIN: Technique = forcingTechnique(1);
/** Forcing chains through singles and locked candidates. */
export const DYNAMIC_PLUS_FORCING_CHAIN: Technique = forcingTechnique(2);
/** Contradictions through singles, locked candidates and forcing chains inside each branch. */
export const NESTED_FORCING_CHAIN: Technique = forcingTechnique(3);
