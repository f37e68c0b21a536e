/**
 * The solver worker's entry, for programs using the package (`createSolverWorker` starts it): it
 * answers requests with `serveRequests`. In Node the 9×9 WebAssembly core loads itself from disk;
 * in a browser the worker fetches it from beside this file (where a bundler emitted it), and until
 * it arrives, or if it cannot, the TypeScript core gives the same answers.
 */
import { fetchWasm9, type RequestPort, serveRequests } from './host.js';

const WASM9_BUILDS = [
  ['simd', new URL('../core/fast9-simd.wasm', import.meta.url)],
  ['scalar', new URL('../core/fast9-scalar.wasm', import.meta.url)],
] as const;

/** Node's worker_threads, when this runs in a Node worker. */
const threads = typeof process === 'undefined' ? undefined : (process.getBuiltinModule?.('node:worker_threads') as typeof import('node:worker_threads') | undefined);
if (threads?.parentPort) serveRequests(threads.parentPort as unknown as RequestPort);
else {
  void fetchWasm9(WASM9_BUILDS);
  serveRequests(globalThis as unknown as RequestPort);
}
