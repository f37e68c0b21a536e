/**
 * A program's side of one solver worker (a browser's Web Worker or Node's worker_threads): at most
 * one request in flight, each answered by a promise.
 *
 * A newer request supersedes the one in flight, and `cancel()` ends it: a search in the worker is
 * synchronous and cannot be interrupted from outside, so the worker is terminated and a fresh one
 * started (tens of milliseconds), and the old promise rejects with the reason. Replies carry the
 * id of their request, and a reply for any other id is dropped, so a late answer can never land
 * on a newer request. This keeps every control usable while a search runs: clicking again asks
 * again at once instead of queueing behind the old search.
 */
import type { WorkEnvelope, WorkReply, WorkRequest, WorkResults } from './protocol.js';

/** What the client needs of a worker, whichever kind it is: see `adaptWorker`. */
export interface WorkerHandle {
  postMessage(message: WorkEnvelope): void;
  terminate(): unknown;
}

/**
 * A worker as made by the client's factory: a browser's Web Worker (events by addEventListener),
 * or Node's worker_threads Worker (events by `on`).
 */
export type AnyWorker =
  | (WorkerHandle & {
      addEventListener(type: 'message', listener: (event: { data: WorkReply }) => void): void;
      addEventListener(type: 'error', listener: (event: { message?: string; preventDefault(): void }) => void): void;
    })
  | (WorkerHandle & { on(event: 'message', listener: (reply: WorkReply) => void): unknown; on(event: 'error', listener: (error: Error) => void): unknown });

/** The error of a request the worker answered with an error: its message, and the library's code when it threw a SudokitError. */
export class WorkerError extends Error {
  constructor(
    message: string,
    readonly code?: string,
  ) {
    super(message);
    this.name = 'WorkerError';
  }
}

/** A request ended because the user pressed Stop. */
export class StoppedError extends Error {}

/** A request ended because a newer one took its place, or the board it was about changed: nobody waits for it. */
export class SupersededError extends Error {}

interface InFlight {
  readonly id: number;
  resolve(value: unknown): void;
  reject(error: Error): void;
}

export class SolverClient {
  /** The worker; none after one failed (the next request starts another, so a worker that cannot start is not restarted in a loop). */
  private worker: AnyWorker | undefined;
  private nextId = 1;
  private current: InFlight | undefined;
  /** Called with true when a request starts and false when none is left in flight. */
  onBusy: (busy: boolean) => void = () => {};

  /**
   * @param makeWorker starts a worker that serves requests (`serveRequests`); called again to
   *   replace one that was ended.
   * @param timeLimitMs how long any one search in the worker may run.
   */
  constructor(
    private readonly makeWorker: () => AnyWorker,
    readonly timeLimitMs: number,
  ) {
    this.worker = this.start();
    this.hold(false);
  }

  private start(): AnyWorker {
    const worker = this.makeWorker();
    // Events of a worker already replaced (one queued before it was terminated) concern nobody.
    const onReply = (reply: WorkReply) => {
      if (worker !== this.worker) return;
      const waiting = this.current;
      if (waiting?.id !== reply.id) return;
      this.settle();
      if (reply.ok) waiting.resolve(reply.result);
      else waiting.reject(new WorkerError(reply.message, reply.code));
    };
    const onFailure = (message: string | undefined) => {
      if (worker !== this.worker) return;
      worker.terminate();
      this.worker = undefined;
      this.settle()?.reject(new WorkerError(`The solver stopped unexpectedly${message ? `: ${message}` : ''}`));
    };
    if ('on' in worker) {
      worker.on('message', onReply);
      worker.on('error', (error) => onFailure(error.message));
    } else {
      worker.addEventListener('message', (event) => onReply(event.data));
      worker.addEventListener('error', (event) => {
        event.preventDefault();
        onFailure(event.message);
      });
    }
    return worker;
  }

  private settle(): InFlight | undefined {
    const waiting = this.current;
    this.current = undefined;
    if (waiting) this.onBusy(false);
    this.hold(false);
    return waiting;
  }

  /**
   * A Node worker keeps its process alive only while a request is in flight, so a program that
   * never closes its solver still ends (a browser's Web Worker has no such hold).
   */
  private hold(on: boolean): void {
    const worker = this.worker as { ref?(): void; unref?(): void } | undefined;
    if (on) worker?.ref?.();
    else worker?.unref?.();
  }

  /** Reject the request in flight; with `restart`, replace the worker (the only way to end its search). */
  private end(reason: Error, restart: boolean): boolean {
    if (restart) {
      this.worker?.terminate();
      this.worker = this.start();
      this.hold(false);
    }
    const waiting = this.settle();
    waiting?.reject(reason);
    return waiting !== undefined;
  }

  /** True while a request is in flight. */
  get busy(): boolean {
    return this.current !== undefined;
  }

  /**
   * Send a request, superseding the one in flight; the promise settles with the worker's answer,
   * or rejects with a WorkerError. `timeLimitMs` overrides the client's for this request.
   */
  run<K extends WorkRequest['kind']>(request: Extract<WorkRequest, { kind: K }>, timeLimitMs = this.timeLimitMs): Promise<WorkResults[K]> {
    this.cancel();
    const id = this.nextId++;
    return new Promise<WorkResults[K]>((resolve, reject) => {
      this.current = { id, resolve: resolve as (value: unknown) => void, reject };
      this.onBusy(true);
      this.hold(true);
      this.worker ??= this.start();
      this.worker.postMessage({ id, timeLimitMs, request } satisfies WorkEnvelope);
    });
  }

  /** End the worker for good (a request in flight rejects with `reason`). */
  terminate(reason: Error = new SupersededError('The solver was closed.')): void {
    this.settle()?.reject(reason);
    this.worker?.terminate();
    this.worker = undefined;
  }

  /** End the request in flight, if any (it rejects with `reason`); true when there was one. */
  cancel(reason: Error = new SupersededError('Superseded.')): boolean {
    return this.current ? this.end(reason, true) : false;
  }

  /** End the request in flight because the user asked: it rejects with StoppedError. */
  stop(): boolean {
    return this.cancel(new StoppedError('Stopped.'));
  }
}
