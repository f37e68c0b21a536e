/**
 * `sudokit/9x9`: the narrowest door of solving, for apps whose puzzles are all 9×9. Its `solve`
 * is the root's with the bit-parallel core alone behind it, so an app that parses with the root
 * and solves with this carries neither the exact-cover core of the other sizes nor the
 * clause-learning one of the largest (about 9 kB gzip in all against the root's 20 kB;
 * bench/results/bundle.md). Every answer is the root's: the same core, checks, options and result.
 *
 * It also puts the WebAssembly core to work by itself: its first call starts `loadWasm9` (Node
 * reads the file at once; a browser fetches it from where the bundler emitted it and compiles it
 * without blocking), and the calls after it are answered by WebAssembly once it has loaded, by
 * the TypeScript core until then or when it cannot load. This entry names the files, so a bundler
 * that follows `new URL(…, import.meta.url)` emits them into the apps that import it, and only
 * those.
 */
import type { Engine, SolveOptions, SolveResult } from '../engine.js';
import { geometryName } from '../geometry.js';
import type { Puzzle } from '../puzzle.js';
import { fast9Engine } from './engines.js';
import { loadWasm9 } from './loadWasm9.js';
import { puzzleFrom } from '../format/parse.js';
import { type SolveDoor, solveThrough } from './solve.js';

/** `solve`'s options: the root's, with the fast engine (or an engine object) alone to name. */
export interface NineSolveOptions extends SolveOptions {
  readonly engine?: 'fast' | Engine | undefined;
}

const NINE_DOOR: SolveDoor = {
  defaultEngine: fast9Engine,
  engineById: (id) => (id === fast9Engine.id ? fast9Engine : undefined),
  engineIds: [fast9Engine.id],
  read: (text) => puzzleFrom('solve', text),
  refuseSize: ({ geometry: g }) => (fast9Engine.supports(g) ? undefined : `This is a ${geometryName(g)} board: solve from 'sudokit/9x9' takes 9x9 boards alone; solve from 'sudokit' takes every size`),
};

/**
 * Solve a classic 9×9 puzzle, or the 9×9 puzzle a text gives, as the root's `solve` does with its
 * default engine: up to `limit` solutions within `timeLimitMs`, each passed to `onSolution`. The
 * first call starts loading the WebAssembly core (`await loadWasm9()` from `sudokit/wasm` before
 * it, where the first answer too should come from WebAssembly).
 * Another size is refused with code 'unsupported' (the root's `solve` takes it), a variant puzzle
 * too (`sudokit/variant`'s does), and an engine other than `'fast'` with code 'engine'.
 */
export function solve(puzzle: Puzzle | string, options: NineSolveOptions | null = {}): SolveResult {
  try {
    return solveThrough(NINE_DOOR, puzzle, options);
  } finally {
    // after the first search, so that Node, which reads the file during it, finds it loaded
    void loadWasm9();
  }
}
