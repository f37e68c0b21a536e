/**
 * The engine registry: the one place that sees both the fast core and the readable engines.
 * Tests and benchmarks loop over `ENGINES`, so a new engine is covered the day it is listed.
 */
import './variant/install.js';
import { exactCoverEngine, fastEngine, provideEngines } from './core/engines.js';
import { ENGINE_IDS, type Engine, type EngineId, type SolveOptions, type SolveResult } from './engine.js';
import { arcConsistencyEngine } from './engines/arcConsistency.js';
import { backtrackingEngine } from './engines/backtracking.js';
import { dancingLinksEngine } from './engines/dancingLinks.js';
import { dualEngine } from './engines/dual.js';
import { forwardCheckingEngine } from './engines/forwardChecking.js';
import { generateAndTestEngine } from './engines/generateAndTest.js';
import { logicThenSearchEngine } from './engines/logicThenSearch.js';
import { nakedPairsEngine } from './engines/nakedPairs.js';
import { searchEngine } from './engines/search.js';
import { MAX_LOGIC_SIZE } from './logic/board.js';
import { explain } from './logic/stepSolver.js';
import type { Puzzle } from './puzzle.js';
import { assertConstraintsFit } from './variant/check.js';
import { readAny } from './variant/solve.js';
import { solveVariant } from './variant/solver/index.js';
import { type SolveDoor, solveThrough } from './core/solve.js';

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
 * Solve with the named engine (default `fast`): every engine of the registry by its id or as an
 * object; a variant puzzle (jigsaw regions, or constraints) goes to the variant solver, which only
 * the default engine choice reaches. The widest of the three front doors (src/core/solve.ts): the
 * CLI's. The puzzle and the options are checked once (a `PuzzleError` with the parser's code for a
 * bad puzzle object, a SudokitError('invalid') for a constraint that does not fit its board, a
 * SudokitError('options') naming a bad option; `null` options are none), then the engine trusts
 * them, but for what `random` returns, which each engine checks as it draws (engine.ts's
 * `checkedRandom`). Throws on an unknown engine id, and an `EngineRefusal` on a puzzle the engine
 * refuses.
 */
export function solve(puzzle: Puzzle | string, options: (SolveOptions & { readonly engine?: EngineId | Engine | undefined }) | null = {}): SolveResult {
  return solveThrough(REGISTRY_DOOR, puzzle, options);
}

const REGISTRY_DOOR: SolveDoor = { defaultEngine: fastEngine, engineById: getEngine, engineIds: ENGINE_IDS, variant: solveVariant, checkConstraints: assertConstraintsFit, read: readAny };

// Batch answers (src/batch/solve.ts) find the engines beyond the cores through this, once loaded.
provideEngines(getEngine);

export { countSolutions, exactCoverEngine, fastEngine } from './core/engines.js';
