/**
 * The page's Web Worker: every search runs here, so the page never freezes. The library's worker
 * side answers each request (src/worker/host.ts); this entry only fetches the 9×9 WebAssembly
 * core from where Vite emitted it. The page itself has no solving logic.
 */
import { fetchWasm9, type RequestPort, serveRequests } from '../../src/worker/host.js';

/**
 * The 9×9 core as WebAssembly: `npm run build` compiles it before Vite runs, and Vite emits the
 * files as assets. A worker cannot read them synchronously, so they are fetched once here; until
 * one arrives (or when neither loads) the TypeScript core gives the same answers.
 */
const WASM9_BUILDS = [
  ['simd', new URL('../../dist/src/core/fast9-simd.wasm', import.meta.url)],
  ['scalar', new URL('../../dist/src/core/fast9-scalar.wasm', import.meta.url)],
] as const;

void fetchWasm9(WASM9_BUILDS);

serveRequests(self as unknown as RequestPort);
