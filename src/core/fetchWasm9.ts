/**
 * Fetch and install the 9×9 WebAssembly core from the first of some URLs that loads, compiling
 * without blocking (a browser's main thread refuses to compile these synchronously). Shared by
 * `sudokit/wasm` (whose URLs are the package's files) and the page's worker (whose URLs are where
 * its own build put them).
 */
import { installWasm9Async, type Wasm9Variant } from './fast9wasm.js';

/** Resolves to the variant installed, or undefined when none loads; never rejects. */
export async function fetchWasm9(builds: readonly (readonly [Wasm9Variant, URL])[]): Promise<Wasm9Variant | undefined> {
  for (const [variant, url] of builds) {
    try {
      const response = await fetch(url);
      if (response.ok && (await installWasm9Async(new Uint8Array(await response.arrayBuffer()), variant))) return variant;
    } catch {
      // no network or no file: try the next build, then stay on the TypeScript core
    }
  }
  return undefined;
}
