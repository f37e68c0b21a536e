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

/** Run `search` with a deadline (a `performance.now()` value); nested calls keep the earlier one. */
export function withDeadline<T>(at: number, search: () => T): T {
  const outer = deadline;
  deadline = Math.min(outer, at);
  try {
    if (pastDeadline(deadline)) throw new StepTimeout();
    return search();
  } finally {
    deadline = outer;
  }
}

/** Throw `StepTimeout` when the current deadline has passed (reads the clock every 16th call). */
export function checkClock(): void {
  if (deadline === Number.POSITIVE_INFINITY || (++calls & 15) !== 0) return;
  if (pastDeadline(deadline)) throw new StepTimeout();
}
