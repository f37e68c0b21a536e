/**
 * What every constraint kind file provides: how it reads and writes itself in f-puzzles JSON,
 * what makes its data valid on a board, whether a full grid satisfies it (written apart from the
 * solver, so tests judge the solver with it), and what the solver propagates for it.
 */
import type { Geometry } from '../geometry.js';
import type { ModelBuilder } from '../variant/model.js';
import type { Constraint, ConstraintKindName, ConstraintOf } from './types.js';

/** f-puzzles JSON as read: an object whose keys are f-puzzles' (`size`, `grid`, `killercage`, …). */
export type FpuzzlesJson = Record<string, unknown>;

/** What a reader may ask while reading f-puzzles JSON: cell names and a coded failure. */
export interface FpuzzlesReader {
  readonly geometry: Geometry;
  /** The cell an f-puzzles name (`R3C7`) denotes; throws an `invalid` error naming `where` when it is not on the board. */
  cell(name: unknown, where: string): number;
  /** A list of cell names as cells; throws naming `where` when it is not one. */
  cells(names: unknown, where: string): number[];
  /** A whole number written as f-puzzles writes it (a string or a number); throws naming `where`. */
  integer(value: unknown, where: string): number;
  /** The entries of an array key (an absent key is none); throws when the key is not an array. */
  entries(key: string): Array<Record<string, unknown>>;
  /** Throw an `invalid` error: `message` names what and where. */
  fail(message: string): never;
}

export interface FpuzzlesCodec {
  /** The f-puzzles keys this file reads (for `negative`, the entries of that array it owns). */
  readonly keys: readonly string[];
  /** Every constraint of this file's kinds in `json`. */
  read(json: FpuzzlesJson, reader: FpuzzlesReader): Constraint[];
  /** Add `constraints` (only this file's kinds) to `json`, the inverse of `read`. */
  write(constraints: readonly Constraint[], json: FpuzzlesJson, g: Geometry): void;
}

export interface KindDefinition<K extends ConstraintKindName = ConstraintKindName> {
  readonly kind: K;
  /** What a player calls it: `killer cage`, `thermometer`. */
  readonly label: string;
  /** Why this constraint cannot be on this board (a cell off it, a sum no digits reach), or undefined. */
  validate(c: ConstraintOf<K>, g: Geometry): string | undefined;
  /** Whether a full grid (digits 1 … size) satisfies it. Independent of the solver. */
  check(c: ConstraintOf<K>, grid: ArrayLike<number>, g: Geometry, all: readonly Constraint[]): boolean;
  /** Tell the solver what the rule means. `all` is the puzzle's whole list (negative rules look at the dots). */
  compile(c: ConstraintOf<K>, g: Geometry, b: ModelBuilder, all: readonly Constraint[]): void;
  /** The cells it lies on (none for a global rule such as anti-knight). */
  cells(c: ConstraintOf<K>, g: Geometry): readonly number[];
}
