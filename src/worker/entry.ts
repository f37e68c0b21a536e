/**
 * The solver worker's entry, for programs using the package (`createSolverWorker` starts it): it
 * answers requests with `serveRequests`. In Node the 9×9 WebAssembly core loads itself from disk;
 * in a browser the worker fetches it (`sudokit/wasm`'s `loadWasm9`, from where a bundler emitted it), and until
 * it arrives, or if it cannot, the TypeScript core gives the same answers.
 */
import { loadWasm9 } from '../core/loadWasm9.js';
import { type RequestPort, serveRequests } from './host.js';

/** Node's worker_threads, when this runs in a Node worker. */
const threads = typeof process === 'undefined' ? undefined : (process.getBuiltinModule?.('node:worker_threads') as typeof import('node:worker_threads') | undefined);
if (threads?.parentPort) serveRequests(threads.parentPort as unknown as RequestPort);
else {
  void loadWasm9();
  serveRequests(globalThis as unknown as RequestPort);
}
