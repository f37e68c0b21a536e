/**
 * `sudokit/wasm`: one call that puts the 9×9 WebAssembly core to work wherever the app runs.
 * Node reads it from disk by itself; a browser cannot, so `loadWasm9()` fetches the file from
 * beside this module, where a bundler that follows `new URL(…, import.meta.url)` (Vite, webpack)
 * emits it, and compiles it without blocking. Only an app that imports this entry (or
 * `sudokit/worker`, whose worker calls it) carries the files; until the core arrives, or when it
 * cannot, the TypeScript core gives the same answers.
 */
import { fetchWasm9 } from './fetchWasm9.js';
import { type Wasm9Variant, wasm9Variant } from './fast9wasm.js';

/** The two builds, SIMD first: the first that loads is installed. */
const BUILDS = [
  ['simd', new URL('./fast9-simd.wasm', import.meta.url)],
  ['scalar', new URL('./fast9-scalar.wasm', import.meta.url)],
] as const;

let pending: Promise<Wasm9Variant | undefined> | undefined;

/**
 * Load the 9×9 WebAssembly core, once: resolves to the variant now in use (`'simd'` or
 * `'scalar'`), or undefined when none loads (no WebAssembly, no network, no file), in which case
 * the TypeScript core goes on answering. Never rejects.
 */
export function loadWasm9(): Promise<Wasm9Variant | undefined> {
  pending ??= load();
  return pending;
}

async function load(): Promise<Wasm9Variant | undefined> {
  // Node (or any host that can read the file) has it already.
  const present = wasm9Variant();
  if (present !== undefined) return present;
  return fetchWasm9(BUILDS);
}
