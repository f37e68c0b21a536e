/**
 * The WebAssembly build of the 9×9 core (src/core/wasm/fast9.ts, AssemblyScript, compiled by
 * `npm run build:wasm` into dist/src/core/fast9-simd.wasm and fast9-scalar.wasm) behind solve9's
 * signature.
 *
 * Why a separate loader: the wasm core (about 1.3× the TypeScript core on the hardest sets,
 * bench/results/wasm9.md) sits beside the TypeScript core, which stays the reference (the tests
 * compare the two) and the fallback. In Node the module is read and compiled synchronously on
 * first use (process.getBuiltinModule, so bundlers see no `node:fs` import). A browser cannot read
 * it synchronously: the page's worker fetches the file and hands the bytes to `installWasm9`;
 * until then, or when the file is missing, `wasm9Variant()` is undefined and every call goes to
 * the TypeScript core. Calls with a random digit order, a per-solution callback or a limit past
 * 2^31 − 1 also go to the TypeScript core: the wasm core does none of these.
 */
import { type CoreStats, solve9 } from './fast9.js';

/** The part of the WebAssembly API used here (lib es2022 has no WebAssembly types). */
interface WasmApi {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object, imports: object) => { exports: object };
  validate(bytes: Uint8Array): boolean;
  compile(bytes: Uint8Array): Promise<object>;
  instantiate(module: object, imports: object): Promise<{ exports: object }>;
}
const Wasm = (globalThis as { WebAssembly?: WasmApi }).WebAssembly;

interface Fast9Exports {
  memory: { buffer: ArrayBuffer };
  solve(limit: number, wantSolution: number, deadline: number): number;
  gridPointer(): number;
  solutionPointer(): number;
  nodes(): number;
  guesses(): number;
  timedOut(): number;
}

/** Which compiled variant to load: SIMD when the engine validates it, else scalar. */
export const WASM9_VARIANTS = ['simd', 'scalar'] as const;
export type Wasm9Variant = (typeof WASM9_VARIANTS)[number];

interface Loaded {
  variant: Wasm9Variant;
  exports: Fast9Exports;
  /** The 81 bytes the core reads the puzzle from, and the 81 it writes the first solution to. */
  grid: Uint8Array;
  solution: Uint8Array;
}

/** undefined: not tried yet; null: tried and unavailable. */
let loaded: Loaded | null | undefined;
/** Calls the default core has answered (see wasm9Answers). */
let answered = 0;

const IMPORTS = { env: { now: () => performance.now() } };

function instantiate(bytes: Uint8Array, variant: Wasm9Variant): Loaded {
  const module = new Wasm!.Module(bytes);
  return loadedFrom(new Wasm!.Instance(module, IMPORTS), variant);
}

function loadedFrom(instance: { exports: object }, variant: Wasm9Variant): Loaded {
  const exports = instance.exports as unknown as Fast9Exports;
  // The core's memory never grows (runtime stub, nothing allocated), so views made once stay valid
  // and a call makes no view of its own.
  const grid = exports.gridPointer();
  const solution = exports.solutionPointer();
  return { variant, exports, grid: new Uint8Array(exports.memory.buffer, grid, 81), solution: new Uint8Array(exports.memory.buffer, solution, 81) };
}

/**
 * Read a compiled variant next to this file, or undefined when it cannot be read here (a browser, a
 * missing file). The path goes through ../core/ so that it resolves to the same file from
 * dist/src/core/ and from the bundled command line in dist/src/bin/ (tools/bundle-cli.mjs).
 */
function readVariant(variant: Wasm9Variant): Uint8Array | undefined {
  const host = globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } };
  const fs = host.process?.getBuiltinModule?.('node:fs') as { readFileSync(path: URL): Uint8Array } | undefined;
  if (fs === undefined) return undefined;
  // Neither the name nor the base is written inside `new URL(…, import.meta.url)`: bundlers copy the
  // files such a literal names into every app that imports this module, used or not (Vite emitted
  // both into a parse-only app), webpack warns of "a critical dependency" on such an expression in
  // every app that solves, and a browser cannot read the files this way anyway.
  const file = `../core/fast9-${variant}.wasm`;
  const here = import.meta.url;
  try {
    return fs.readFileSync(new URL(file, here));
  } catch {
    return undefined;
  }
}

/**
 * Load a variant explicitly (the benchmark compares them): its bytes from disk unless given.
 * Returns a solve9-shaped function bound to that instance, or undefined when it cannot load.
 */
export function loadWasm9(variant: Wasm9Variant, bytes?: Uint8Array): typeof solve9 | undefined {
  const b = bytes ?? readVariant(variant);
  if (Wasm === undefined || b === undefined || !Wasm.validate(b)) return undefined;
  const core = instantiate(b, variant);
  return (grid, limit, solution, stats, deadline, random, onSolution) => run(core, grid, limit, solution, stats, deadline, random, onSolution);
}

function defaultCore(): Loaded | null {
  if (loaded !== undefined) return loaded;
  loaded = null;
  if (Wasm === undefined) return loaded;
  for (const variant of WASM9_VARIANTS) {
    const bytes = readVariant(variant);
    if (bytes !== undefined && Wasm.validate(bytes)) {
      loaded = instantiate(bytes, variant);
      break;
    }
  }
  return loaded;
}

/**
 * Install the default wasm core from bytes (a compiled fast9-simd.wasm or fast9-scalar.wasm), for
 * hosts that cannot read it from disk: a browser's worker fetches the file, then calls this.
 * Returns whether it loaded; on false the TypeScript core keeps serving every call.
 */
export function installWasm9(bytes: Uint8Array, variant: Wasm9Variant = 'simd'): boolean {
  if (Wasm === undefined || !Wasm.validate(bytes)) return false;
  loaded = instantiate(bytes, variant);
  return true;
}

/**
 * `installWasm9`, compiling without blocking: a browser's main thread refuses to compile a module
 * of more than 4 kB synchronously, and these are larger. Resolves to whether it loaded.
 */
export async function installWasm9Async(bytes: Uint8Array, variant: Wasm9Variant = 'simd'): Promise<boolean> {
  if (Wasm === undefined || !Wasm.validate(bytes)) return false;
  const instance = await Wasm.instantiate(await Wasm.compile(bytes), IMPORTS);
  loaded = loadedFrom(instance, variant);
  return true;
}

/** The variant solve9Wasm uses, or undefined when it falls back to the TypeScript core. */
export function wasm9Variant(): Wasm9Variant | undefined {
  return defaultCore()?.variant;
}

/**
 * How many calls the default wasm core has answered in this thread; every other call went to
 * the TypeScript core. Both cores give the same answers and stats, so this is the only way to
 * see which one ran: the tests check with it that the default 9×9 paths run the wasm core.
 */
export function wasm9Answers(): number {
  return answered;
}

function run(
  core: Loaded,
  grid: ArrayLike<number>,
  limit: number,
  solution: Uint8Array | null,
  stats: CoreStats,
  deadline: number,
  random?: () => number,
  onSolution?: (solution: Uint8Array) => boolean | void,
): number {
  // the wasm core counts in i32: a limit past that (a count that would take minutes) goes to the TS core too
  if (random !== undefined || onSolution !== undefined || limit > 0x7fffffff) return solve9(grid, limit, solution, stats, deadline, random, onSolution);
  const { exports } = core;
  if (core === loaded) answered++;
  if (grid instanceof Uint8Array && grid.length === 81) core.grid.set(grid);
  else for (let i = 0; i < 81; i++) core.grid[i] = grid[i]!;
  const count = exports.solve(limit, solution === null ? 0 : 1, deadline);
  if (solution !== null && count > 0) solution.set(core.solution);
  stats.nodes = exports.nodes();
  stats.guesses = exports.guesses();
  stats.timedOut = exports.timedOut() !== 0;
  return count;
}

/**
 * solve9's contract (see src/core/fast9.ts), served by the wasm core when it loaded and the call
 * needs neither `random` nor `onSolution`; otherwise by the TypeScript core.
 */
export function solve9Wasm(
  grid: ArrayLike<number>,
  limit: number,
  solution: Uint8Array | null,
  stats: CoreStats,
  deadline: number,
  random?: () => number,
  onSolution?: (solution: Uint8Array) => boolean | void,
): number {
  const core = defaultCore();
  if (core === null) return solve9(grid, limit, solution, stats, deadline, random, onSolution);
  return run(core, grid, limit, solution, stats, deadline, random, onSolution);
}
