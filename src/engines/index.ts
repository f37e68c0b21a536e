/**
 * `sudokit/engines`: the engine registry. Every algorithm of the articles as an engine with one
 * signature, their ids and orderings, and the widest `solve`, which takes any of them by id (the
 * package root's takes the two cores, or an engine object from here).
 */
export { DEFAULT_ENGINE, ENGINES, ENGINE_IDS, getEngine, logicEngine, solve } from '../registry.js';
export { DEFAULT_SEED, EngineRefusal, VAL_ORDERS, VAR_ORDERS } from '../engine.js';
export type { Engine, EngineId, SolveOptions, SolveResult, SolveStats, ValOrder, VarOrder } from '../engine.js';
export { exactCoverEngine, fastEngine } from '../core/engines.js';
export { arcConsistencyEngine } from './arcConsistency.js';
export { backtrackingEngine } from './backtracking.js';
export { dancingLinksEngine } from './dancingLinks.js';
export { dualEngine } from './dual.js';
export { forwardCheckingEngine } from './forwardChecking.js';
export { generateAndTestEngine } from './generateAndTest.js';
export { logicThenSearchEngine } from './logicThenSearch.js';
export { nakedPairsEngine } from './nakedPairs.js';
export { searchEngine } from './search.js';
