/**
 * General-size solving core: counts (and finds) the solutions of a Sudoku of any geometry the
 * board model supports, from 4×4 (2×2 boxes) to 49×49 (7×7), rectangular boxes included.
 *
 * The idea is Knuth's Algorithm X for exact cover (D. E. Knuth, "Dancing Links", arXiv
 * cs/0011047, 2000; The Art of Computer Programming 7.2.2). A Sudoku of side n is the exact cover
 * problem whose *options* are the n³ pairs (cell, digit) and whose *items* (constraints) are the
 * 4n² facts "cell c is filled", "digit d is in row r", "… in column k", "… in box b". Every option
 * covers exactly four items, every item is covered by exactly n options, and a solution is a set
 * of options covering each item exactly once. Algorithm X picks an uncovered item, tries each of
 * its remaining options in turn, and for the tried option covers its four items and discards every
 * other option that shares one of them.
 *
 * Why this design (rather than linked lists, or one bit mask per cell):
 * - The matrix never changes shape, so instead of dancing links the state is flat typed arrays:
 *   `alive[o]` per option, `count[i]` remaining options per item, and the uncovered items as a
 *   sparse set (a list plus positions) that is shrunk by swapping. Discarding an option pushes it
 *   on a trail; undoing a branch pops the trail back to a mark and restores the list length. The
 *   search itself is an explicit stack in preallocated arrays, so the loop allocates nothing, and
 *   the buffers are cached per geometry so repeated calls on one size allocate nothing either.
 * - Nothing depends on the word size: digits are indices, not bits, so n = 49 costs the same code.
 * - Branching on the item with the fewest remaining options (Knuth's MRV rule) gives the classic
 *   Sudoku deductions for free: a cell item with one option is a naked single, a row, column or
 *   box item with one option is a hidden single, and an item with none is a contradiction.
 *   Items whose count falls to 1 or 0 are pushed on a small "pending" stack as it happens, so
 *   singles are found in O(1) and a count of 0 abandons the branch at once; only when no single
 *   is pending do we scan the uncovered items for the minimum (which is then at least 2, so a
 *   count of 2 ends the scan early).
 * - From 16×16 up, three things make the search stronger where it pays (each measured on unique
 *   puzzles, see bench/general.ts): locked candidates (an item whose options are a subset of
 *   another's), run incrementally on the items whose options changed; an all-different pass over
 *   the 4n groups (row, column, box: cells × digits; digit: rows × columns), which must each be a
 *   perfect matching, so an option on no alternating cycle of a maximum matching can go (Régin,
 *   AAAI 1994: this subsumes naked and hidden subsets and fish); and MRV ties broken towards the
 *   item whose options lie in the tightest items. The passes run only when no single is pending,
 *   and look only at what changed since the last pass: the state a level returns to was a fixpoint.
 * - With a `random` source the options of a branch are shuffled and the scan for the smallest item
 *   starts at a random place (so ties are broken at random), which lets a generator draw varied
 *   complete grids of every size from an empty board.
 * - From 25×25 up, a puzzle's search learns from its dead ends and restarts, the constraint
 *   programmers' answer to the heavy-tailed run times of quasigroup completion, which a half-filled
 *   25×25 or 36×36 is: each item carries a weight, raised whenever it runs out of options or lies
 *   in a Hall set the all-different pass finds violated, and the branch goes to the item with the
 *   fewest options per unit of weight (dom/wdeg); until the first solution the search restarts
 *   from the root with a node budget that grows by half each time, keeping the weights; and each
 *   cell's last digit is tried first (phase saving, as SAT solvers do), so a restart returns to
 *   the good part of the last attempt and repairs the rest. There a branch is two-way (place the
 *   item's first option, else discard it and choose an item afresh, as CP solvers do) rather
 *   than one way per option, so after a refutation the weights, not the last choice, pick what to
 *   try next. Restarts stop at the first solution, so counting past it is the plain exhaustive
 *   search and no solution is counted twice. The restarts' tie-breaks come from a fixed seed, so
 *   a call repeats exactly.
 * - From 36×36 up, the first solution of a puzzle and its uniqueness check (limit 1 or 2,
 *   without `random` or `onSolution`) come from the clause-learning search of cdcl/ instead:
 *   the same options as Boolean variables, the items as native exactly-one constraints, locked
 *   candidates explained by clauses, and learning from each conflict, which this search's
 *   weights and restarts only approximate. It is faster there and answers puzzles this search
 *   does not within a minute; on 25×25 this search is faster, so it keeps that size. Larger
 *   counts and random grids stay here.
 *
 * The measurements behind these choices, and what was tried on big boards and not kept (nogoods
 * at restarts, last-conflict branching, singleton consistency at the root, a look-ahead, Luby
 * restarts, other restart budgets and phase choices), are in bench/results/general-history.md.
 *
 * The files, by role:
 * - index.ts (this one): solveGeneral, and the hand-over to clause learning from 36×36;
 * - tuning.ts: from which size each part runs, the restarts' budget and seed (searchTuning);
 * - state.ts: the per-geometry typed arrays, cached, and the numbers the parts share in a call;
 * - propagate.ts: cover and uncover (place, discard, the trail), pending singles, locked candidates;
 * - alldifferent.ts: the all-different pass (matchings and strongly connected components);
 * - branch.ts: which item to branch on, and the order of its options (random, phase saving);
 * - search.ts: the search loop, solutions and counting, restarts; the clock is deadline.ts's.
 *
 * Re-entrant: a call made from inside another's `onSolution` gets a state of its own (buffers.ts).
 */
import type { Geometry } from '../../geometry.js';
import { solveCdcl } from '../cdcl/index.js';
import { type CoreStats, search } from './search.js';
import { states } from './state.js';
import { searchTuning } from './tuning.js';

export type { CoreSearch, CoreStats } from './search.js';
export { searchTuning } from './tuning.js';

/**
 * Count the solutions of a puzzle of any geometry, up to `limit` (>= 1).
 * `grid`: g.cellCount entries, 0 = empty, 1..g.size = given. Assumes no two givens clash (trusted),
 *   but it may still have no solution (return 0) or many.
 * `solution`: when not null, receives the first solution found.
 * `stats`: overwritten with search nodes (states entered, root included), guesses (branch points with more than one option) and timedOut.
 * `deadline`: a performance.now() value after which the search stops (Infinity = none); checked every
 *   at most half a millisecond or so after it passes; when it stops early, stats.timedOut = true and the count so far is returned.
 * `random`: when given, the order of the options tried at a branch (and ties between equally small
 *   constraints) is randomised with it.
 * `onSolution`: when given, called with every solution found (a scratch buffer, valid during the
 *   call); returning false stops the search. It may solve other puzzles (a call made meanwhile
 *   gets buffers of its own).
 * Returns the number of solutions found (<= limit).
 */
export function solveGeneral(
  g: Geometry,
  grid: ArrayLike<number>,
  limit: number,
  solution: Uint8Array | null,
  stats: CoreStats,
  deadline: number,
  random?: () => number,
  onSolution?: (solution: Uint8Array) => boolean | void,
): number {
  stats.nodes = 1;
  stats.guesses = 0;
  stats.timedOut = false;
  stats.restarts = 0;
  if (random === undefined && onSolution === undefined && limit <= searchTuning.clauseLearningUpTo && g.size >= searchTuning.clauseLearningFromSize) {
    return solveCdcl(g, grid, limit, solution, stats, deadline);
  }
  const state = states.take(g);
  try {
    return search(state, grid, limit, solution, stats, deadline, random, onSolution);
  } finally {
    states.give(g, state);
  }
}
