/**
 * Conflict-driven clause learning specialised for Sudoku: the general core's first-solution search
 * on big boards (see general/index.ts for where it is used and why).
 *
 * The model is the exact cover of general/ read as Boolean logic: one variable per option (cell,
 * digit), true when the digit is placed. The 4n² items (cell, row·digit, column·digit, box·digit)
 * are native exactly-one groups, never written out as clauses:
 * - a variable set true makes the other members of its four groups false (the reason is the
 *   binary clause ¬x ∨ ¬y of the two);
 * - a group whose members are all false but one makes that one true (the reason is the group's
 *   at-least-one clause), and a group with every member false is a conflict. Each group keeps the
 *   count of its members that are not false (the last one is found by a scan of the group; a
 *   false variable skips the groups it shares with the placement that made it false);
 * - locked candidates (a box·digit group whose live members lie in one row or column, or a line's
 *   that lie in one box) make the rest of the other group false, with the false members of the
 *   first group outside the intersection as the explanation (only built when conflict analysis
 *   asks for it). Each line or box group counts its live members per box (per row and per
 *   column of the box), so the test is a look at a few counts.
 * Everything else is the standard machinery of SAT solvers (Marques-Silva and Sakallah's GRASP,
 * Moskewicz et al.'s Chaff, Eén and Sörensson's MiniSat, Audemard and Simon's Glucose): learned
 * clauses on two watched literals, first-UIP conflict analysis with recursive clause minimisation,
 * EVSIDS decisions (move-to-front ones in the focused mode), phase saving, restarts, and a
 * learned-clause database reduced by literal block distance (LBD). State is flat typed arrays;
 * undo is the assignment trail.
 *
 * Counting past the first solution blocks each solution found with a clause (the negation of its
 * placements outside the givens) and goes on, so `count` up to `limit` is exact: the search ends
 * when the clauses are unsatisfiable.
 *
 * Why it is built this way (the measurements, and what was tried and dropped, are in
 * bench/results/cdcl-history.md):
 * - Every decision places a digit (deciding the saved polarity, mostly "not this digit", took
 *   2.7 times the conflicts on the 25×25 set), and locked candidates propagate with explanations
 *   (without them 2.7 times the conflicts there; each conflict comes faster, the hard 36×36
 *   boards are solved slower).
 * - Two restart modes in turn, focused and stable, whose lengths double up to `modeMax`: on the
 *   hard 36×36 boards solutions come in the stable mode (Luby restarts, target phases), while
 *   the focused mode (glucose-style restarts, move-to-front decisions) learns.
 * - Learned clauses are shrunk through binary reasons and the placements behind them are bumped
 *   too: shorter clauses and more of the hard boards solved on sampled search paths.
 * - Everything that runs per literal is flat typed arrays: per-group live counts (by box, row
 *   and column of a box for the locked-candidates test), a count of placed members per group,
 *   and the watch lists in one pool. The search's state is one object per geometry (state.ts),
 *   made once and reused; the other files are functions over it.
 * - The hot functions (propagation and undo, conflict analysis) are closures over the state,
 *   made once per geometry (search.ts). V8 compiles a function of which only one closure exists
 *   for the values it closes over, the state's arrays as constants: a fifth less time than the
 *   same functions taking the state as a parameter on 36-2 and 36-3 (a fresh process, 15,000
 *   conflicts each). A closure made again for each search lost that code at every search, and
 *   one made per geometry keeps it for the first geometry of a process only; later ones run
 *   about as fast as the functions taking the state, since what the state holds keeps one
 *   representation (state.ts).
 *
 * The files, by role: state.ts (the state and its cache), propagate.ts (assignment, undo, groups,
 * locked candidates, watched clauses), analyze.ts (first-UIP learning, minimisation, shrinking),
 * decide.ts (EVSIDS heap, move-to-front queue), restart.ts (modes, restarts, target phases),
 * clauses.ts (the clause arena, watches and reduction), solutions.ts (reading and blocking a
 * solution), search.ts (the loop), tuning.ts (statistics and knobs).
 *
 * Imports only the geometry and its cover matrix. Re-entrant: a call made while another runs (from
 * inside its `onSolution`) gets a state of its own (buffers.ts).
 */
import type { Geometry } from '../../geometry.js';
import { search } from './search.js';
import { states } from './state.js';
import type { CdclStats } from './tuning.js';

export { type CdclStats, cdclTuning } from './tuning.js';

/**
 * Count the solutions of a puzzle up to `limit` (>= 1) by clause learning; the first found goes
 * to `solution`. Same contract as general/'s solveGeneral without `random`: `grid` is trusted
 * to have no clashing givens; `deadline` is a performance.now() value; `onSolution` sees each
 * solution (a scratch buffer) and stops the search by returning false.
 */
export function solveCdcl(
  g: Geometry,
  grid: ArrayLike<number>,
  limit: number,
  solution: Uint8Array | null,
  stats: CdclStats,
  deadline: number,
  onSolution?: (solution: Uint8Array) => boolean | void,
): number {
  const state = states.take(g);
  try {
    return search(state, grid, limit, solution, stats, deadline, onSolution);
  } finally {
    states.give(g, state);
  }
}
