/**
 * The searches' buffers, kept per geometry: a core's typed arrays are made once per board size and
 * reused by every call, so a loop over a million puzzles allocates nothing. A search takes its
 * buffers for the length of a call (`take`) and gives them back (`give`); a call made while they
 * are taken (a solve from inside an `onSolution` callback, on the same board size) gets a set of
 * its own, so two searches never share state.
 */
import type { Geometry } from '../geometry.js';

export class BuffersByGeometry<T> {
  readonly #make: (g: Geometry) => T;
  readonly #free = new Map<Geometry, T>();

  constructor(make: (g: Geometry) => T) {
    this.#make = make;
  }

  /** This geometry's buffers for one call: the kept set when it is free, a new one otherwise. */
  take(g: Geometry): T {
    const free = this.#free.get(g);
    if (free === undefined) return this.#make(g);
    this.#free.delete(g);
    return free;
  }

  /** Give back what `take` returned, for the next call to reuse. */
  give(g: Geometry, buffers: T): void {
    this.#free.set(g, buffers);
  }
}
