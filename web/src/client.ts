/**
 * The page's side of one Web Worker: at most one request in flight, each answered by a promise.
 *
 * A newer request supersedes the one in flight, and `cancel()` ends it: a search in the worker is
 * synchronous and cannot be interrupted from outside, so the worker is terminated and a fresh one
 * started (tens of milliseconds), and the old promise rejects with the reason. Replies carry the
 * id of their request, and a reply for any other id is dropped, so a late answer can never land
 * on a newer request. This keeps every control usable while a search runs: clicking again asks
 * again at once instead of queueing behind the old search.
 */
import type { WorkEnvelope, WorkReply, WorkRequest, WorkResults } from './protocol.js';

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
  private worker: Worker;
  private nextId = 1;
  private current: InFlight | undefined;
  /** Called with true when a request starts and false when none is left in flight. */
  onBusy: (busy: boolean) => void = () => {};

  /**
   * @param name the worker's name (shown in the browser's developer tools).
   * @param timeLimitMs how long any one search in the worker may run.
   */
  constructor(
    private readonly name: string,
    readonly timeLimitMs: number,
  ) {
    this.worker = this.start();
  }

  private start(): Worker {
    const worker = new Worker(new URL('./worker.ts', import.meta.url), { type: 'module', name: this.name });
    // Events of a worker already replaced (one queued before it was terminated) concern nobody.
    worker.onmessage = (event: MessageEvent<WorkReply>) => {
      if (worker !== this.worker) return;
      const reply = event.data;
      const waiting = this.current;
      if (waiting?.id !== reply.id) return;
      this.settle();
      if (reply.ok) waiting.resolve(reply.result);
      else waiting.reject(new Error(reply.message));
    };
    worker.onerror = (event) => {
      event.preventDefault();
      if (worker !== this.worker) return;
      this.end(new Error(`The solver stopped unexpectedly${event.message ? `: ${event.message}` : ''}`), true);
    };
    return worker;
  }

  private settle(): InFlight | undefined {
    const waiting = this.current;
    this.current = undefined;
    if (waiting) this.onBusy(false);
    return waiting;
  }

  /** Reject the request in flight; with `restart`, replace the worker (the only way to end its search). */
  private end(reason: Error, restart: boolean): boolean {
    if (restart) {
      this.worker.terminate();
      this.worker = this.start();
    }
    const waiting = this.settle();
    waiting?.reject(reason);
    return waiting !== undefined;
  }

  /** True while a request is in flight. */
  get busy(): boolean {
    return this.current !== undefined;
  }

  /** Send a request, superseding the one in flight; the promise settles with the worker's answer or its error message. */
  run<K extends WorkRequest['kind']>(request: Extract<WorkRequest, { kind: K }>): Promise<WorkResults[K]> {
    this.cancel();
    const id = this.nextId++;
    return new Promise<WorkResults[K]>((resolve, reject) => {
      this.current = { id, resolve: resolve as (value: unknown) => void, reject };
      this.onBusy(true);
      this.worker.postMessage({ id, timeLimitMs: this.timeLimitMs, request } satisfies WorkEnvelope);
    });
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
