/**
 * What a constraint kind compiles into: the few shapes of rule the variant solver propagates.
 * A kind (src/constraints/) says what its rule means in these terms; the solver
 * (src/variant/solver/) owns how each is propagated. Digits are bit masks: digit d is bit d−1.
 */

/** The solver's view of the candidates while a propagator runs. */
export interface Domains {
  /** Candidates of each cell, as bit masks (digit d is bit d−1). Read only: narrow through `narrow`. */
  readonly cands: Int32Array;
  /** Keep only `mask` in `cell`'s candidates; false when none is left (a contradiction). */
  narrow(cell: number, mask: number): boolean;
}

/** A rule the solver runs whenever a candidate of one of its cells goes. */
export interface Propagator {
  /** The cells whose changes wake it. */
  readonly cells: readonly number[];
  /** When true, it runs only after the cheap rules have settled (it costs much more than they do). */
  readonly expensive?: boolean;
  /** Narrow what the rule rules out; false on a contradiction. Must be sound, need not be complete. */
  propagate(domains: Domains): boolean;
  /** Whether a full assignment of `cells` (values 1 … size in `grid`) satisfies it: the check at a leaf. */
  holds?(grid: Uint8Array): boolean;
}

export interface ModelBuilder {
  readonly size: number;
  /** The cells must hold different digits (a house when there are `size` of them: then each digit is in it once). */
  distinct(cells: readonly number[]): void;
  /** The two cells must differ (anti-knight, anti-king). */
  different(a: number, b: number): void;
  /** `cell` may only hold the digits of `mask`. */
  restrict(cell: number, mask: number): void;
  /** The digits of `a` and `b` must satisfy `allowed(x, y)`. */
  relation(a: number, b: number, allowed: (x: number, y: number) => boolean): void;
  /** Σ weights[i] × digit(cells[i]) = total; `distinct` when the cells' digits cannot repeat. */
  sum(cells: readonly number[], total: number, options?: { readonly weights?: readonly number[]; readonly distinct?: boolean }): void;
  /** The cells hold distinct digits that make up exactly one of `sets` (digit masks): a renban's runs. */
  digitSets(cells: readonly number[], sets: Int32Array): void;
  /** A rule of its own. */
  propagator(p: Propagator): void;
}
