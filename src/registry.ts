/**
 * The engine registry: the one place that sees both the fast core and the readable engines.
 * Tests and benchmarks loop over `ENGINES`, so a new engine is covered the day it is listed.
 */
import { solve9 } from './core/fast9.js';
import { type CoreStats, solveGeneral } from './core/general.js';
import { checkSolveOptions, ENGINE_IDS, type Engine, type EngineId, type SolveOptions, type SolveResult } from './engine.js';
import { arcConsistencyEngine } from './engines/arcConsistency.js';
import { backtrackingEngine } from './engines/backtracking.js';
import { dancingLinksEngine } from './engines/dancingLinks.js';
import { dualEngine } from './engines/dual.js';
import { forwardCheckingEngine } from './engines/forwardChecking.js';
import { generateAndTestEngine } from './engines/generateAndTest.js';
import { logicThenSearchEngine } from './engines/logicThenSearch.js';
import { nakedPairsEngine } from './engines/nakedPairs.js';
import { searchEngine } from './engines/search.js';
import type { Geometry } from './geometry.js';
import { MAX_LOGIC_SIZE } from './logic/board.js';
import { explain } from './logic/stepSolver.js';
import { assertPuzzle, type Puzzle } from './puzzle.js';

function isClassic(g: Geometry): boolean {
  return g.boxRows === 3 && g.boxCols === 3;
}

/** A core search, as both cores take it once the geometry is fixed. */
type CoreSearch = (
  grid: Uint8Array,
  limit: number,
  solution: Uint8Array,
  stats: CoreStats,
  deadline: number,
  random?: () => number,
  onSolution?: (solution: Uint8Array) => boolean | void,
) => number;

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

/** Run a core search and wrap it in the engine's result shape. */
function runCore(search: CoreSearch, puzzle: Puzzle, options: SolveOptions): SolveResult {
  const limit = Math.max(1, Math.floor(options.limit ?? 1));
  const solution = new Uint8Array(puzzle.geometry.cellCount);
  const stats: CoreStats = { nodes: 0, guesses: 0, timedOut: false };
  const started = performance.now();
  // An empty board, unless the caller asked for a random grid or for each solution in turn.
  if (options.random === undefined && options.onSolution === undefined && puzzle.givens.every((d) => d === 0)) {
    const count = emptyBoardAnswer(puzzle.geometry, limit, solution);
    if (count > 0) return { count, solution, timedOut: false, stats: { nodes: 1, guesses: 0, micros: Math.round((performance.now() - started) * 1000) } };
  }
  const deadline = options.timeLimitMs === undefined ? Number.POSITIVE_INFINITY : started + options.timeLimitMs;
  const count = search(puzzle.givens, limit, solution, stats, deadline, options.random, options.onSolution);
  const micros = Math.round((performance.now() - started) * 1000);
  return {
    count,
    solution: count > 0 ? solution : undefined,
    timedOut: stats.timedOut,
    stats: { nodes: stats.nodes, guesses: stats.guesses, micros },
  };
}

/** The default engine: bit-parallel 9×9 core for classic boards, exact-cover core for every other size. */
export const fastEngine: Engine = {
  id: 'fast',
  description: 'the fast core: bit-parallel 9x9 solver with singles and locked candidates; exact-cover search (MRV, locked candidates, all-different) for every other size up to 49x49',
  supports: () => true,
  solve(puzzle, options = {}) {
    return runCore(isClassic(puzzle.geometry) ? solve9 : generalSearch(puzzle.geometry), puzzle, options);
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

/**
 * The step solver as an engine: human techniques first, a guess (a step that says so) only when
 * they are all stuck. The fast core counts the solutions up to the limit and supplies the digit
 * of any guess; the grid returned is the one the steps reached. Nodes are steps; guesses are
 * guess steps. A puzzle with several solutions has no path of deductions to walk (every step
 * past the givens would be a guess, each after a fruitless search for a technique: an empty 9×9
 * took seconds), so its answer is the fast core's. The time limit covers both parts; a path cut
 * short answers with the core's solution and says `timedOut`.
 */
export const logicEngine: Engine = {
  id: 'logic',
  description: `the step solver: human techniques in order of difficulty, guessing only when they are stuck (boards up to ${MAX_LOGIC_SIZE}x${MAX_LOGIC_SIZE}); a puzzle with several solutions is answered by the fast core`,
  supports: (g) => g.size <= MAX_LOGIC_SIZE,
  solve(puzzle, options = {}) {
    const started = performance.now();
    // Count to 2 at least, to know whether there is a path to walk (the count reported keeps to the limit).
    const limit = options.limit ?? 1;
    const counted = fastEngine.solve(puzzle, options.onSolution || limit >= 2 ? options : { ...options, limit: 2 });
    if (counted.count !== 1 || !counted.solution) return counted.count > limit ? { ...counted, count: limit } : counted;
    const left = options.timeLimitMs === undefined ? undefined : Math.max(0, options.timeLimitMs - (performance.now() - started));
    // Only a count to 2 proves the one solution that makes uniqueness techniques sound.
    const unique = limit >= 2 || !options.onSolution;
    const path = explain(puzzle, { unique, solution: counted.solution, ...(left === undefined ? {} : { timeLimitMs: left }) });
    if (path.timedOut) return { ...counted, timedOut: true, stats: { ...counted.stats, micros: Math.round((performance.now() - started) * 1000) } };
    const guesses = path.steps.filter((s) => s.technique === 'guess').length;
    const micros = Math.round((performance.now() - started) * 1000);
    const solution = path.solved ? path.board.values : counted.solution;
    return { count: counted.count, solution, timedOut: counted.timedOut, stats: { nodes: path.steps.length, guesses, micros } };
  },
};

/** Every engine by its id: the type makes the list complete. */
const ENGINES_BY_ID: { readonly [K in EngineId]: Engine } = {
  fast: fastEngine,
  'exact-cover': exactCoverEngine,
  'generate-and-test': generateAndTestEngine,
  backtracking: backtrackingEngine,
  search: searchEngine,
  'forward-checking': forwardCheckingEngine,
  'arc-consistency': arcConsistencyEngine,
  dual: dualEngine,
  'naked-pairs': nakedPairsEngine,
  'logic-then-search': logicThenSearchEngine,
  'dancing-links': dancingLinksEngine,
  logic: logicEngine,
};
for (const [id, engine] of Object.entries(ENGINES_BY_ID)) if (engine.id !== id) throw new Error(`engine "${engine.id}" is listed as "${id}"`);

/** Every engine, in the order of ENGINE_IDS (the fast core first; see engine.ts). */
export const ENGINES: readonly Engine[] = ENGINE_IDS.map((id) => ENGINES_BY_ID[id]);
export { ENGINE_IDS };
export const DEFAULT_ENGINE = fastEngine;

/** The engine with this id, or undefined. */
export function getEngine(id: string): Engine | undefined {
  return Object.hasOwn(ENGINES_BY_ID, id) ? ENGINES_BY_ID[id as EngineId] : undefined;
}

/**
 * Solve with the named engine (default `fast`). The library's front door: the puzzle and the
 * options are checked once here (a `PuzzleError` with the parser's code for a bad puzzle
 * object, a TypeError or RangeError naming a bad option), then the engine trusts them. Throws
 * on an unknown engine id, and an `EngineRefusal` on a puzzle the engine refuses.
 */
export function solve(puzzle: Puzzle, options: SolveOptions & { readonly engine?: EngineId } = {}): SolveResult {
  assertPuzzle(puzzle);
  checkSolveOptions(options);
  const engine = options.engine === undefined ? DEFAULT_ENGINE : getEngine(options.engine);
  if (!engine) throw new RangeError(`Unknown engine "${options.engine}": expected one of ${ENGINE_IDS.join(', ')}`);
  return engine.solve(puzzle, options);
}

const countStats: CoreStats = { nodes: 0, guesses: 0, timedOut: false };
const countResult = { count: 0, timedOut: false };

/**
 * Count the solutions of a grid up to `limit` with the fast core, reading the grid in place and
 * allocating nothing: for callers that count millions of times (the generator's uniqueness checks),
 * where `solve`'s timing and result objects cost about a quarter of a 9×9 count. `deadline` is a
 * performance.now() value. The returned object is reused by the next call: read it at once.
 */
export function countSolutions(g: Geometry, grid: Uint8Array, limit: number, deadline = Number.POSITIVE_INFINITY): { readonly count: number; readonly timedOut: boolean } {
  countResult.count = isClassic(g) ? solve9(grid, limit, null, countStats, deadline) : solveGeneral(g, grid, limit, null, countStats, deadline);
  countResult.timedOut = countStats.timedOut;
  return countResult;
}
