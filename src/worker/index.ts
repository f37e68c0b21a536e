/**
 * `sudokit/worker`: the library's searches off the main thread, in a browser's Web Worker or a
 * Node worker thread, as promises. A search in a worker cannot be interrupted from outside, so an
 * aborted request ends its worker and the next request starts a fresh one (tens of
 * milliseconds); requests run one at a time, in the order they were made. The web page uses the
 * same worker side (host.ts) and client (client.ts).
 *
 *   const solver = createSolverWorker();
 *   const { count, solutions } = await solver.solve(puzzle, { signal: AbortSignal.timeout(5000) });
 *   solver.close();
 */
import type { Level } from '../logic/grade.js';
import { type Puzzle, assertPuzzle } from '../puzzle.js';
import { checkSignal, SUDOKIT_ERROR_CODES, SudokitError } from '../errors.js';
import { type AnyWorker, SolverClient, WorkerError } from './client.js';
import {
  type Analysis,
  DEFAULT_TIME_LIMIT_MS,
  puzzleData,
  type ExplanationData,
  type GeneratedData,
  type GradeAnswer,
  type Hint,
  type PuzzleData,
  type WorkRequest,
  type WorkResults,
} from './protocol.js';

export type { Analysis, ExplanationData, GeneratedData, GradeAnswer, GradeData, Hint, PuzzleData } from './protocol.js';
export { WorkerError } from './client.js';

export interface SolverWorkerOptions {
  /** How long any one search may run, in milliseconds (default 20,000); a request may say otherwise. */
  readonly timeLimitMs?: number | undefined;
  /** The worker's name, shown by a browser's developer tools. */
  readonly name?: string | undefined;
}

export interface RequestOptions {
  /** Ends the request: its promise rejects with the signal's reason, and the search with its worker. */
  readonly signal?: AbortSignal | undefined;
  /** The time limit of this request's searches, in milliseconds. */
  readonly timeLimitMs?: number | undefined;
}

export interface GenerateRequestOptions extends RequestOptions {
  /** The box shape of the board (default 3x3: a 9x9 board). */
  readonly boxRows?: number | undefined;
  readonly boxCols?: number | undefined;
  /** The level the puzzle's grade must reach; any level when left out. */
  readonly level?: Level | undefined;
  /** A technique the puzzle must need on the teaching path (a name of `techniqueNames()`); the answer's `practice` holds the path. */
  readonly technique?: string | undefined;
  /** Seed of the generator's random choices (the same seed, the same puzzle); random when left out. */
  readonly seed?: number | undefined;
}

/** A worker that answers the library's searches: each method sends one request and resolves with its answer. */
export interface SolverWorker {
  /** Count the solutions up to two, with up to two different ones (`count` 2 means two or more). */
  solve(puzzle: Puzzle, options?: RequestOptions): Promise<Analysis>;
  /** The next step on a player's board (`entries`: their digits, 0 for empty): entries that are wrong first, else the easiest step. */
  hint(puzzle: Puzzle, entries?: ArrayLike<number>, options?: RequestOptions & { readonly eliminated?: ArrayLike<number> | undefined }): Promise<Hint>;
  /** The whole solving path from the givens. */
  explain(puzzle: Puzzle, options?: RequestOptions): Promise<ExplanationData>;
  /** The grade of a puzzle with one solution, and that solution (`kind: 'many'` for one with several). */
  grade(puzzle: Puzzle, options?: RequestOptions): Promise<GradeAnswer>;
  /** A new puzzle with one solution, rotationally symmetric, graded. */
  generate(options?: GenerateRequestOptions): Promise<GeneratedData>;
  /** End the worker; a request in flight or waiting rejects. */
  close(): void;
}

/** A browser's Web Worker, as far as the client uses it (the Node build has no DOM types). */
declare const Worker: new (url: URL, options: { type: 'module'; name: string }) => AnyWorker;

/** The worker entry beside this file, in a browser's Web Worker or a Node worker thread. */
function defaultWorker(name: string): AnyWorker {
  const node = typeof process !== 'undefined' && process.versions?.node !== undefined;
  // Written as bundlers look for it (Vite, webpack 5, esbuild's plugins): the entry is bundled as a worker of its own.
  if (!node) return new Worker(new URL('./entry.js', import.meta.url), { type: 'module', name });
  const threads = process.getBuiltinModule('node:worker_threads') as typeof import('node:worker_threads');
  // The worker takes the program's Node flags, less the one that only fits a program given as text.
  const execArgv = process.execArgv.filter((flag) => !flag.startsWith('--input-type'));
  return new threads.Worker(new URL('./entry.js', import.meta.url), { name, execArgv }) as unknown as AnyWorker;
}

function toData(puzzle: Puzzle): PuzzleData {
  assertPuzzle(puzzle);
  return puzzleData(puzzle);
}

/** A grid of the puzzle's cells from `values` (0 for none), checked for its length. */
function cellsOf(puzzle: Puzzle, values: ArrayLike<number> | undefined, name: string, Kind: Uint8ArrayConstructor | Uint32ArrayConstructor): Uint8Array | Uint32Array {
  const out = new Kind(puzzle.geometry.cellCount);
  if (values === undefined) return out;
  if (values.length !== out.length) throw new SudokitError('length', `${name}: expected ${out.length} cells, got ${values.length}`);
  out.set(values);
  return out;
}

/** Start a solver worker (see the file's comment). */
export function createSolverWorker(options: SolverWorkerOptions = {}): SolverWorker {
  const timeLimitMs = options.timeLimitMs ?? DEFAULT_TIME_LIMIT_MS;
  if (!(Number.isFinite(timeLimitMs) && timeLimitMs > 0)) throw new SudokitError('options', `timeLimitMs must be a positive number of milliseconds, got ${String(options.timeLimitMs)}`);
  const name = options.name ?? 'sudokit-solver';
  const client = new SolverClient(() => defaultWorker(name), timeLimitMs);
  let queue: Promise<unknown> = Promise.resolve();
  let closed = false;

  /** Run `request` after the ones before it; an abort takes it out of the line, or ends its search. */
  const send = <K extends WorkRequest['kind']>(request: Extract<WorkRequest, { kind: K }>, { signal, timeLimitMs: limit }: RequestOptions = {}): Promise<WorkResults[K]> => {
    if (closed) return Promise.reject(new SudokitError('options', 'the solver worker is closed'));
    // A request's options are checked here, as its puzzle is (a throw, before it joins the line): a
    // signal that is not an AbortSignal would otherwise fail inside the line, where no caller catches it.
    checkSignal(signal);
    if (limit !== undefined && !(typeof limit === 'number' && Number.isFinite(limit) && limit > 0)) {
      throw new SudokitError('options', `timeLimitMs must be a positive number of milliseconds, got ${typeof limit === 'string' ? `string ${JSON.stringify(limit)}` : String(limit)}`);
    }
    const turn = queue.then(
      () => undefined,
      () => undefined,
    );
    const result = turn.then(() => {
      signal?.throwIfAborted();
      if (closed) throw new SudokitError('options', 'the solver worker is closed');
      const running = client.run(request, limit ?? timeLimitMs);
      const abort = () => client.cancel(signal!.reason instanceof Error ? signal!.reason : new WorkerError(String(signal!.reason)));
      signal?.addEventListener('abort', abort, { once: true });
      return running.finally(() => signal?.removeEventListener('abort', abort));
    });
    queue = result;
    const answered = result.catch((e: unknown) => {
      throw e instanceof WorkerError && e.code !== undefined && (SUDOKIT_ERROR_CODES as readonly string[]).includes(e.code) ? new SudokitError(e.code as never, e.message) : e;
    });
    if (!signal) return answered;
    // An abort while the request waits for its turn rejects it at once (its turn then passes).
    return new Promise<WorkResults[K]>((resolve, reject) => {
      const abort = () => reject(signal.reason);
      signal.addEventListener('abort', abort, { once: true });
      answered.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
    });
  };

  return {
    solve: (puzzle, options) => send({ kind: 'analyse', puzzle: toData(puzzle) }, options),
    hint: (puzzle, entries, options) =>
      send(
        {
          kind: 'hint',
          puzzle: toData(puzzle),
          entries: cellsOf(puzzle, entries, 'entries', Uint8Array) as Uint8Array,
          eliminated: cellsOf(puzzle, options?.eliminated, 'eliminated', Uint32Array) as Uint32Array,
        },
        options,
      ),
    explain: (puzzle, options) => send({ kind: 'explain', puzzle: toData(puzzle) }, options),
    grade: (puzzle, options) => send({ kind: 'grade', puzzle: toData(puzzle) }, options),
    generate: (options = {}) =>
      send(
        {
          kind: 'generate',
          boxRows: options.boxRows ?? 3,
          boxCols: options.boxCols ?? 3,
          ...(options.level ? { level: options.level } : {}),
          ...(options.technique ? { technique: options.technique } : {}),
          seed: options.seed ?? 1 + Math.floor(Math.random() * 0x7ffffffe),
        },
        options,
      ),
    close: () => {
      closed = true;
      client.terminate(new SudokitError('options', 'the solver worker is closed'));
    },
  };
}
