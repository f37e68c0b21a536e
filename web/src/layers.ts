/**
 * What a board is made of, apart from its history (game.ts): the layers, one number per cell in
 * each, and a variant puzzle's rules.
 */
import type { Constraint } from '../../src/variant/index.js';

/** A variant puzzle's rules beyond its geometry, one object shared by every board of the puzzle. */
export interface Rules {
  readonly constraints: readonly Constraint[];
  readonly title?: string | undefined;
}

/** The board's layers: one number per cell in each. */
export interface Layers {
  /** The puzzle's digits (0 for empty). */
  givens: Uint8Array;
  /** The player's digits in cells without a given (0 for empty). */
  entries: Uint8Array;
  /** The player's pencil marks, each at its digit's place: bit d-1 set when digit d is marked. */
  marks: Uint32Array;
  /** The player's centre marks (the digits a cell may hold, written small in its middle), as `marks`. */
  centre: Uint32Array;
  /** The colour the player gave a cell (1 to 9), 0 for none. */
  colours: Uint8Array;
  /** 1 where an entry was filled in by Solve or a hint rather than typed. */
  filled: Uint8Array;
  /** Candidates removed by applied hints (bit d-1 for digit d), kept until an entry is erased or changed. */
  eliminated: Uint32Array;
}

/** The layers by name, in the order they are saved (save.ts). */
export const LAYERS = ['givens', 'entries', 'marks', 'filled', 'eliminated', 'centre', 'colours'] as const satisfies readonly (keyof Layers)[];

/** A new, empty layer of its kind: digit masks are 32 bits wide, the others 8. */
export const emptyLayer = (name: keyof Layers, n: number) => (name === 'marks' || name === 'centre' || name === 'eliminated' ? new Uint32Array(n) : new Uint8Array(n));
