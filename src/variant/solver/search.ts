/**
 * The variant search: propagate, pick the cell with the fewest candidates for its failures (or a
 * digit with two places left in a house, when no cell is down to two), try it there and then not
 * there, undo, repeat; count solutions up to the limit.
 */
import { AdaptiveClock } from '../../deadline.js';
import type { VariantState } from './state.js';

/** Failed branches between two halvings of the failure counts (on the variant collections, 256 to 4,096 all searched less than never halving; 256 least). */
const DECAY_EVERY = 256;

export interface SearchOutcome {
  count: number;
  solution?: Uint8Array;
  timedOut: boolean;
  nodes: number;
  guesses: number;
}

export interface SearchOptions {
  readonly limit: number;
  readonly deadline: number;
  readonly onSolution?: (solution: Uint8Array) => boolean | void;
}

export function searchVariant(state: VariantState, options: SearchOptions): SearchOutcome {
  const { model, cands } = state;
  const n = model.cellCount;
  const clock = new AdaptiveClock(options.deadline);
  const failures = state.failures;
  const out: SearchOutcome = { count: 0, timedOut: false, nodes: 0, guesses: 0 };
  const grid = new Uint8Array(n);
  let stopped = false;
  let failed = 0;
  /** A branch that failed: now and then the failure counts are halved, so that the search follows what fails now. */
  const fail = (): void => {
    if (++failed === DECAY_EVERY) {
      failed = 0;
      state.decay();
    }
  };

  const visit = (): void => {
    out.nodes++;
    if (clock.passed(out.nodes)) {
      out.timedOut = true;
      stopped = true;
      return;
    }
    // The cell with the fewest candidates for the failures seen there (dom/wdeg).
    let best = -1;
    let bestScore = Number.POSITIVE_INFINITY;
    let bestCount = 0;
    for (let cell = 0; cell < n; cell++) {
      const m = cands[cell]!;
      if ((m & (m - 1)) === 0) continue;
      let c = m - ((m >>> 1) & 0x55555555);
      c = (c & 0x33333333) + ((c >>> 2) & 0x33333333);
      c = (((c + (c >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
      const score = c / (1 + failures[cell]!);
      if (score < bestScore) {
        best = cell;
        bestScore = score;
        bestCount = c;
      }
    }
    if (best < 0) {
      for (let cell = 0; cell < n; cell++) grid[cell] = 32 - Math.clz32(cands[cell]!);
      out.count++;
      if (out.count === 1) out.solution = Uint8Array.from(grid);
      if (options.onSolution && options.onSolution(grid) === false) stopped = true;
      if (out.count >= options.limit) stopped = true;
      return;
    }
    let bit = cands[best]! & -cands[best]!;
    if (bestCount > 2) {
      // No cell with two candidates: a digit with two places left in a house is as binary a choice
      // (here, or in the other place), weighed by the failures of its two places.
      const { size, houseCells, houseCount } = model;
      for (let h = 0, base = 0; h < houseCount; h++, base += size) {
        let once = 0;
        let twice = 0;
        let more = 0;
        for (let i = 0; i < size; i++) {
          const m = cands[houseCells[base + i]!]!;
          more |= twice & m;
          twice |= once & m;
          once |= m;
        }
        let pair = twice & ~more;
        while (pair !== 0) {
          const digit = pair & -pair;
          pair ^= digit;
          let first = -1;
          let weight = 0;
          for (let i = 0; i < size; i++) {
            const cell = houseCells[base + i]!;
            if ((cands[cell]! & digit) === 0) continue;
            if (first < 0) first = cell;
            weight += failures[cell]!;
          }
          const score = 2 / (1 + weight / 2);
          if (score < bestScore) {
            bestScore = score;
            best = first;
            bit = digit;
          }
        }
      }
    }
    // Two-way branching: the digit here, or not here (and then choose again, with what
    // that taught the failure counts).
    out.guesses++;
    const mark = state.mark;
    if (state.narrow(best, bit) && state.propagate()) visit();
    else fail();
    state.undo(mark);
    if (stopped) return;
    if (state.narrow(best, ~bit) && state.propagate()) visit();
    else {
      out.nodes++;
      fail();
    }
    state.undo(mark);
  };

  if (state.propagate()) visit();
  else out.nodes = 1;
  return out;
}
