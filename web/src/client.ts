/**
 * The page's side of the worker: one request at a time in order, each answered by a promise.
 * `stop()` ends a long search by replacing the worker, so the page can always take back control.
 */
import type { WorkEnvelope, WorkReply, WorkRequest, WorkResults } from './protocol.js';

/** The reason a request did not finish because the user stopped it. */
export class StoppedError extends Error {}

interface Pending {
  resolve(value: unknown): void;
  reject(error: Error): void;
}

export class SolverClient {
  private worker: Worker;
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  /** Called with the number of requests in flight whenever it changes. */
  onBusy: (inFlight: number) => void = () => {};

  /** @param timeLimitMs how long any one search in the worker may run. */
  constructor(readonly timeLimitMs: number) {
    this.worker = this.start();
  }

  private start(): Worker {
    const worker = new Worker(new URL('./worker.ts', import.meta.url), { type: 'module', name: 'sudokit-solver' });
    worker.onmessage = (event: MessageEvent<WorkReply>) => {
      const reply = event.data;
      const waiting = this.pending.get(reply.id);
      if (!waiting) return;
      this.settle(reply.id);
      if (reply.ok) waiting.resolve(reply.result);
      else waiting.reject(new Error(reply.message));
    };
    worker.onerror = (event) => {
      event.preventDefault();
      this.failAll(new Error(`The solver stopped unexpectedly${event.message ? `: ${event.message}` : ''}`));
      this.worker.terminate();
      this.worker = this.start();
    };
    return worker;
  }

  private settle(id: number): void {
    this.pending.delete(id);
    this.onBusy(this.pending.size);
  }

  private failAll(error: Error): void {
    const waiting = [...this.pending.values()];
    this.pending.clear();
    this.onBusy(0);
    for (const w of waiting) w.reject(error);
  }

  /** Send a request; the promise settles with the worker's answer or its error message. */
  run<K extends WorkRequest['kind']>(request: Extract<WorkRequest, { kind: K }>): Promise<WorkResults[K]> {
    const id = this.nextId++;
    return new Promise<WorkResults[K]>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.onBusy(this.pending.size);
      this.worker.postMessage({ id, timeLimitMs: this.timeLimitMs, request } satisfies WorkEnvelope);
    });
  }

  /** Abandon every request in flight (they reject with StoppedError) and start a fresh worker. */
  stop(): void {
    this.worker.terminate();
    this.worker = this.start();
    this.failAll(new StoppedError('Stopped.'));
  }
}
