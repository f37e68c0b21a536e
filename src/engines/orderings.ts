/**
 * Variable and value orderings, shared by every engine that branches on a cell (`search`, the
 * constraint-propagation family and `logic-then-search`).
 *
 * A search is a tree; orderings decide its shape, not its leaves. Picking the cell with the
 * fewest remaining candidates (`minrv`) fails early and keeps the tree narrow, which is why the
 * essay uses it; `maxrv` is its foil, `first` the plain backtracker's order, and `random` the
 * essay's defence against puzzles built to defeat one fixed order. Value orderings only change
 * which branch comes first, so they matter for finding one solution, not for proving there is
 * no other. Randomness always comes from the caller's `random` (seeded by `--seed`), or from a
 * fixed seed, so every run can be repeated.
 */
import { checkedRandom, DEFAULT_SEED, type SolveOptions, type ValOrder, type VarOrder } from '../engine.js';
import { seededRandom, shuffle } from '../random.js';

export interface Branching {
  readonly varOrder: VarOrder;
  readonly valOrder: ValOrder;
  readonly random: () => number;
}

/** The orderings of a solve: `minrv` and `first` unless asked otherwise. */
export function branchingOf(options: SolveOptions): Branching {
  return {
    varOrder: options.varOrder ?? 'minrv',
    valOrder: options.valOrder ?? 'first',
    random: options.random === undefined ? seededRandom(DEFAULT_SEED) : checkedRandom(options.random),
  };
}

/**
 * The open cell to branch on, or −1 when no cell is open. `sizeOf(cell)` is its number of
 * remaining digits; `minrv` stops early at a cell with at most one (it cannot do better).
 */
export function pickCell(b: Branching, cellCount: number, isOpen: (cell: number) => boolean, sizeOf: (cell: number) => number): number {
  switch (b.varOrder) {
    case 'first':
      for (let cell = 0; cell < cellCount; cell++) if (isOpen(cell)) return cell;
      return -1;
    case 'random': {
      let open = 0;
      for (let cell = 0; cell < cellCount; cell++) if (isOpen(cell)) open++;
      if (open === 0) return -1;
      let k = Math.floor(b.random() * open);
      for (let cell = 0; cell < cellCount; cell++) if (isOpen(cell) && k-- === 0) return cell;
      return -1;
    }
    case 'minrv':
    case 'maxrv': {
      const fewest = b.varOrder === 'minrv';
      let best = -1;
      let bestSize = 0;
      for (let cell = 0; cell < cellCount; cell++) {
        if (!isOpen(cell)) continue;
        const size = sizeOf(cell);
        if (fewest && size <= 1) return cell;
        if (best < 0 || (fewest ? size < bestSize : size > bestSize)) {
          best = cell;
          bestSize = size;
        }
      }
      return best;
    }
  }
}

/**
 * Put `digits` (ascending) in the order to try them, in place. `constrains(d)` is how many open
 * peers would lose d as a candidate if it were placed: `least-constrained` tries the digit that
 * leaves the peers the most room first, `most-constrained` the one that narrows them most (ties
 * stay ascending).
 */
export function orderDigits(b: Branching, digits: number[], constrains: (d: number) => number): number[] {
  switch (b.valOrder) {
    case 'first':
      return digits;
    case 'random':
      return shuffle(digits, b.random);
    case 'least-constrained':
    case 'most-constrained': {
      if (digits.length < 2) return digits;
      const sign = b.valOrder === 'least-constrained' ? 1 : -1;
      const cost = new Map(digits.map((d) => [d, constrains(d)]));
      return digits.sort((x, y) => sign * (cost.get(x)! - cost.get(y)!) || x - y);
    }
  }
}
