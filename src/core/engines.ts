/**
 * The core engines: `fast` (the bit-parallel 9×9 core, and the exact-cover core for every other
 * size) and `exact-cover` (the general core on every size), with the allocation-free counter the
 * generator uses. Apart from the registry so that a program that only solves (the CLI's `solve`,
 * a pool worker) loads the cores alone, not the readable engines and the step solver: start-up is
 * most of what one puzzle costs. The registry lists these first and provides the rest through
 * `engineById` once it is loaded.
 */
import { solve9Wasm } from './fast9wasm.js';
import { type CoreSearch, type CoreStats, solveGeneral } from './general/index.js';
import { checkedRandom, type Engine, type SolveOptions, type SolveResult } from '../engine.js';
import { cellName, type Geometry, isGeometry } from '../geometry.js';
import type { Puzzle } from '../puzzle.js';
import { SudokitError } from '../errors.js';

function isClassic(g: Geometry): boolean {
  return g.boxRows === 3 && g.boxCols === 3;
}

/** The general core bound to one geometry. */
function generalSearch(g: Geometry): CoreSearch {
  return (grid, limit, solution, stats, deadline, random, onSolution) => solveGeneral(g, grid, limit, solution, stats, deadline, random, onSolution);
}

/**
 * The solutions of an empty board that need no search: a pattern grid, cell (r, c) holding
 * (boxCols·(r mod boxRows) + ⌊r / boxRows⌋ + c) mod n, whose rows are shifts of one another and
 * whose columns and boxes each meet every residue once; and its relabelings, n! distinct grids.
 * A search finds the first solution of an empty 9×9 at once, but of an empty 36×36 only after
 * tens of seconds (an early wrong turn on a wide-open board is slow to undo), so the easiest
 * input there is gets its answer without one. Returns how many of them `limit` asks for, or 0
 * when it asks for more than this shortcut can vouch for (then the search counts them).
 */
function emptyBoardAnswer(g: Geometry, limit: number, solution: Uint8Array): number {
  let relabelings = 1;
  for (let k = 2; k <= g.size && relabelings < limit; k++) relabelings *= k;
  if (relabelings < limit) return 0;
  const { size: n, boxRows, boxCols } = g;
  for (let r = 0; r < n; r++) {
    const shift = boxCols * (r % boxRows) + Math.floor(r / boxRows);
    for (let c = 0; c < n; c++) solution[r * n + c] = ((shift + c) % n) + 1;
  }
  return limit;
}

/** Whether no cell is given; a loop, not `every`, as it runs before every solve. */
function isEmpty(givens: Uint8Array): boolean {
  for (let i = 0; i < givens.length; i++) if (givens[i] !== 0) return false;
  return true;
}

/** Run a core search and wrap it in the engine's result shape. */
function runCore(search: CoreSearch, puzzle: Puzzle, options: SolveOptions): SolveResult {
  const limit = Math.max(1, Math.floor(options.limit ?? 1));
  const solution = new Uint8Array(puzzle.geometry.cellCount);
  const stats: CoreStats = { nodes: 0, guesses: 0, timedOut: false };
  const started = performance.now();
  // An empty board, unless the caller asked for a random grid or for each solution in turn.
  if (options.random === undefined && options.onSolution === undefined && isEmpty(puzzle.givens)) {
    const count = emptyBoardAnswer(puzzle.geometry, limit, solution);
    if (count > 0) return { count, solution, timedOut: false, stats: { nodes: 1, guesses: 0, micros: Math.round((performance.now() - started) * 1000) } };
  }
  const deadline = options.timeLimitMs === undefined ? Number.POSITIVE_INFINITY : started + options.timeLimitMs;
  const random = options.random === undefined ? undefined : checkedRandom(options.random);
  const count = search(puzzle.givens, limit, solution, stats, deadline, random, options.onSolution);
  const micros = Math.round((performance.now() - started) * 1000);
  return {
    count,
    solution: count > 0 ? solution : undefined,
    timedOut: stats.timedOut,
    stats: { nodes: stats.nodes, guesses: stats.guesses, micros },
  };
}

/**
 * The default engine: bit-parallel 9×9 core for classic boards, exact-cover core for every other size.
 * The 9×9 core runs as WebAssembly when its build loaded (src/core/fast9wasm.ts: about 1.3× the
 * TypeScript core on the hardest sets, bench/results/wasm9.md) and as TypeScript otherwise; both
 * visit the same search tree, so answers and stats do not depend on which one ran.
 */
export const fastEngine: Engine = {
  id: 'fast',
  description:
    'the fast core: bit-parallel 9x9 solver with singles and locked candidates; exact-cover search (MRV, locked candidates, all-different) for every other size up to 49x49, with clause learning for the first solution and the uniqueness check from 36x36 up',
  supports: () => true,
  solve(puzzle, options = {}) {
    return runCore(isClassic(puzzle.geometry) ? solve9Wasm : generalSearch(puzzle.geometry), puzzle, options);
  },
};

/**
 * The fast engine on 9×9 boards alone (`supports` is false for any other size): what
 * `sudokit/9x9` solves with. It reaches the bit-parallel core and nothing else, so an app that
 * imports it carries neither the exact-cover core nor the clause-learning one.
 */
export const fast9Engine: Engine = {
  id: 'fast',
  description: 'the fast core on 9x9 boards alone: the bit-parallel solver with singles and locked candidates',
  supports: isClassic,
  solve(puzzle, options = {}) {
    return runCore(solve9Wasm, puzzle, options);
  },
};

/** The exact-cover core on every size, 9×9 included: a second, independent opinion for tests. */
export const exactCoverEngine: Engine = {
  id: 'exact-cover',
  description: 'the general core on every size, 9x9 included: exact-cover search over (cell, digit) options, fewest-options constraint first',
  supports: () => true,
  solve(puzzle, options = {}) {
    return runCore(generalSearch(puzzle.geometry), puzzle, options);
  },
};

const countStats: CoreStats = { nodes: 0, guesses: 0, timedOut: false };
const countResult = { count: 0, timedOut: false };

/**
 * Count the solutions of a grid up to `limit` with the fast core, reading the grid in place and
 * allocating nothing: for callers that count millions of times (the generator's uniqueness checks,
 * a batch of 9×9 lines), where `solve`'s timing and result objects cost about a quarter of a 9×9
 * count. `deadline` is a performance.now() value. With `solution` (a buffer of the grid's size),
 * the first solution found is written there when the count is not 0, so a caller can solve and
 * prove uniqueness in one call into memory it reuses. The returned object is reused by the next
 * call: read it at once.
 */
export function countSolutions(
  g: Geometry,
  grid: Uint8Array,
  limit: number,
  deadline = Number.POSITIVE_INFINITY,
  solution: Uint8Array | null = null,
): { readonly count: number; readonly timedOut: boolean } {
  checkCountArguments(g, grid, limit, deadline, solution);
  countResult.count = isClassic(g) ? solve9Wasm(grid, limit, solution, countStats, deadline) : solveGeneral(g, grid, limit, solution, countStats, deadline);
  countResult.timedOut = countStats.timedOut;
  return countResult;
}

/**
 * Throw a SudokitError naming the argument when countSolutions is not called as it says: a
 * geometry of the library ('geometry'), a grid of its cellCount cells ('length') holding 0 or
 * whole digits 1 … size ('character'), a limit that is a whole number of at least 1 or Infinity
 * and a deadline that is a number ('options'), a solution buffer of the grid's size ('length').
 * The cores trust their input: unchecked, an 80-cell grid counted 2 solutions, a digit 10 or
 * 200 on a 9×9 counted 0 (a RangeError on other sizes), and a limit of 0, −1 or NaN counted 1.
 * Cheap beside the count: one pass over a Uint8Array with no branch but the last.
 */
function checkCountArguments(g: Geometry, grid: Uint8Array, limit: number, deadline: number, solution: Uint8Array | null): void {
  if (!isGeometry(g)) throw new SudokitError('geometry', "countSolutions: the geometry is not one of the library's (make one with geometry(boxRows, boxCols))");
  if (typeof grid !== 'object' || grid === null || typeof (grid as ArrayLike<number>).length !== 'number') throw new SudokitError('length', 'countSolutions: the grid must be an array of cells');
  if (grid.length !== g.cellCount) throw new SudokitError('length', `countSolutions: expected ${g.cellCount} cells for a ${g.size}x${g.size} board, got ${grid.length}`);
  const { size } = g;
  if (grid instanceof Uint8Array) {
    // whole numbers from 0 up: only the top needs a look, and a digit over size makes the OR negative
    let over = 0;
    for (let cell = 0; cell < grid.length; cell++) over |= size - grid[cell]!;
    if (over < 0) badCell(g, grid);
  } else {
    // a plain array from JavaScript: any value
    const cells: ArrayLike<unknown> = grid;
    for (let cell = 0; cell < cells.length; cell++) {
      const d = cells[cell];
      if (!(typeof d === 'number' && Number.isInteger(d) && d >= 0 && d <= size)) badCell(g, grid);
    }
  }
  if (typeof limit !== 'number' || !(limit >= 1) || (!Number.isInteger(limit) && limit !== Number.POSITIVE_INFINITY))
    throw new SudokitError('options', `countSolutions: invalid limit ${typeof limit === 'number' ? limit : JSON.stringify(limit)}; expected a whole number of at least 1 (or Infinity)`);
  if (typeof deadline !== 'number' || Number.isNaN(deadline))
    throw new SudokitError('options', `countSolutions: invalid deadline ${typeof deadline === 'number' ? deadline : JSON.stringify(deadline)}; expected a performance.now() value (or Infinity)`);
  if (solution !== null) {
    const held: unknown = solution;
    if (!(held instanceof Uint8Array)) throw new SudokitError('options', `countSolutions: the solution buffer must be a Uint8Array or null, got ${typeof held}`);
    if (held.length !== grid.length) throw new SudokitError('length', `countSolutions: the solution buffer holds ${held.length} cells, the grid ${grid.length}`);
  }
}

/** Throw the 'character' error for the first cell of `grid` that is not 0 or a digit of the board. */
function badCell(g: Geometry, grid: ArrayLike<unknown>): never {
  let cell = 0;
  for (; cell < grid.length; cell++) {
    const d = grid[cell];
    if (!(typeof d === 'number' && Number.isInteger(d) && d >= 0 && d <= g.size)) break;
  }
  throw new SudokitError('character', `countSolutions: the cell at ${cellName(g, cell)} holds ${String(grid[cell])}; expected 0 (empty) or a digit 1-${g.size}`);
}

/** The registry's lookup, once it is loaded (it provides itself). */
let lookUp: ((id: string) => Engine | undefined) | undefined;

/** Called by the registry when it loads: from then on `engineById` knows every engine. */
export function provideEngines(lookup: (id: string) => Engine | undefined): void {
  lookUp = lookup;
}

/** Whether an engine id names one of the cores, which need no registry. */
export function isCoreEngine(id: string): boolean {
  return coreEngine(id) !== undefined;
}

/** A core engine by its id, or undefined (the root's `solve` knows these alone). */
export function coreEngine(id: string): Engine | undefined {
  if (id === fastEngine.id) return fastEngine;
  if (id === exactCoverEngine.id) return exactCoverEngine;
  return undefined;
}

/**
 * The engine with this id: a core always; any other engine once the registry is loaded
 * (`sudokit/engines` loads it; the CLI imports it before naming another engine). Undefined otherwise.
 */
export function engineById(id: string): Engine | undefined {
  return coreEngine(id) ?? lookUp?.(id);
}
