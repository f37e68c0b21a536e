/**
 * The step solver's clock. One step can take seconds on a big board (forcing chains try every
 * candidate of a 16×16), so hints, explanations and grades take a time limit. Threading a
 * deadline through every technique's signature would touch each of them for the sake of a few
 * loops, so the deadline is held here while a step search runs (`withDeadline`), and the
 * expensive loops call `checkClock()`: it reads the clock every few calls and throws
 * `StepTimeout` once the deadline has passed. Only the caller that set the deadline catches it.
 * Each worker thread has its own copy of this module, so the state is never shared. How the
 * clock is read is deadline.ts's, as for every search.
 */
import { pastDeadline } from '../deadline.js';

/** Thrown by `checkClock` when the deadline of the enclosing `withDeadline` has passed. */
export class StepTimeout extends Error {
  constructor() {
    super('the step search ran out of time');
    this.name = 'StepTimeout';
  }
}

let deadline = Number.POSITIVE_INFINITY;
let calls = 0;
/** The caller's AbortSignal, when it gave one: an abort ends the search with the signal's reason. */
let signal: AbortSignal | undefined;

/**
 * Run `search` with a deadline (a `performance.now()` value) and, optionally, an AbortSignal;
 * nested calls keep the earlier deadline and the outer signal as well as their own.
 */
export function withDeadline<T>(at: number, search: () => T, abort?: AbortSignal): T {
  const outer = deadline;
  const outerSignal = signal;
  deadline = Math.min(outer, at);
  if (abort !== undefined) {
    abort.throwIfAborted();
    signal = outerSignal === undefined ? abort : AbortSignal.any([outerSignal, abort]);
  }
  try {
    if (pastDeadline(deadline)) throw new StepTimeout();
    return search();
  } finally {
    deadline = outer;
    signal = outerSignal;
  }
}

/**
 * Throw `StepTimeout` when the current deadline has passed, and the signal's reason when it was
 * aborted (both read every 16th call). On a thread that runs the search, an abort can only come
 * from code the search calls back; the worker API (`sudokit/worker`) aborts from outside.
 */
export function checkClock(): void {
  if ((deadline === Number.POSITIVE_INFINITY && signal === undefined) || (++calls & 15) !== 0) return;
  signal?.throwIfAborted();
  if (pastDeadline(deadline)) throw new StepTimeout();
}
