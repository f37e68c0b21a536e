/**
 * The variant rules as plain data: what a puzzle says, not how a solver uses it. Cells are the
 * geometry's indices (row × size + column, from 0); a digit is 1 … size. Every value here is
 * JSON-friendly, so a variant puzzle can be stored, sent to a worker and compared as it is.
 *
 * Each kind is described by one file in this folder (its f-puzzles form, its independent check,
 * how the solver narrows candidates with it); `index.ts` lists them.
 */

/** A direction along a diagonal, as f-puzzles names it for little killers: where the clue points. */
export type DiagonalDirection = 'UL' | 'UR' | 'DL' | 'DR';

export type Constraint =
  /** Killer cage: its digits do not repeat and, when `sum` is given, add up to it. */
  | { readonly kind: 'killer'; readonly cells: readonly number[]; readonly sum?: number }
  /** Arrow: the number in the circle (one cell, or a pill of several read as one number) is the sum of the arrow's cells. */
  | {
      readonly kind: 'arrow';
      /** The circle's cells, in the order the number reads (one cell, or a pill). */
      readonly circle: readonly number[];
      /** The cells the arrows cover, each counted once: their digits add up to the circle's number. */
      readonly arrow: readonly number[];
      /** The arrows as drawn, each from a circle cell (f-puzzles `lines`); when absent, one arrow through `arrow` in order. */
      readonly lines?: readonly (readonly number[])[];
    }
  /** Thermometer: digits strictly increase from the bulb (the first cell). */
  | { readonly kind: 'thermo'; readonly cells: readonly number[] }
  /** Slow thermometer: digits never decrease from the bulb. */
  | { readonly kind: 'slow-thermo'; readonly cells: readonly number[] }
  /** Little killer: the diagonal's digits (repeats allowed) add up to `sum`; `clue` is the outside cell as f-puzzles writes it (`R0C6`). */
  | { readonly kind: 'little-killer'; readonly clue: string; readonly direction: DiagonalDirection; readonly cells: readonly number[]; readonly sum: number }
  /** Sandwich: in row or column `index` (from 0), the digits between the 1 and the largest digit add up to `sum`. */
  | { readonly kind: 'sandwich'; readonly line: 'row' | 'column'; readonly index: number; readonly sum: number }
  /** Kropki white dot: the two digits are consecutive. */
  | { readonly kind: 'white-dot'; readonly cells: readonly [number, number] }
  /** Kropki black dot: one digit is twice the other. */
  | { readonly kind: 'black-dot'; readonly cells: readonly [number, number] }
  /** X (sum 10) or V (sum 5) between two cells. */
  | { readonly kind: 'xv'; readonly cells: readonly [number, number]; readonly sum: 10 | 5 }
  /** Every orthogonal pair without a black dot is not in a 1:2 ratio (f-puzzles `negative: ["ratio"]`). */
  | { readonly kind: 'negative-black' }
  /** Every orthogonal pair without an X or a V adds up to neither 10 nor 5 (f-puzzles `negative: ["xv"]`). */
  | { readonly kind: 'negative-xv' }
  /** Every orthogonal pair without a kropki dot is not consecutive. */
  | { readonly kind: 'non-consecutive' }
  | { readonly kind: 'odd'; readonly cell: number }
  | { readonly kind: 'even'; readonly cell: number }
  /** No two cells a chess knight's move apart hold the same digit. */
  | { readonly kind: 'anti-knight' }
  /** No two cells a king's move apart (diagonally touching) hold the same digit. */
  | { readonly kind: 'anti-king' }
  /** A main diagonal holds no repeated digit: `positive` runs bottom-left to top-right (f-puzzles `diagonal+`). */
  | { readonly kind: 'diagonal'; readonly direction: 'positive' | 'negative' }
  /** Extra region (windoku windows and the like): no repeated digit. */
  | { readonly kind: 'extra-region'; readonly cells: readonly number[] }
  /** Cells in the same position of their boxes hold different digits. */
  | { readonly kind: 'disjoint-groups' }
  /** Palindrome line: it reads the same both ways. */
  | { readonly kind: 'palindrome'; readonly cells: readonly number[] }
  /** Renban line: a set of consecutive digits in any order, none repeated. */
  | { readonly kind: 'renban'; readonly cells: readonly number[] }
  /** Whispers line (German whispers: difference 5): neighbours on the line differ by at least `difference`. */
  | { readonly kind: 'whispers'; readonly cells: readonly number[]; readonly difference: number }
  /** Between line: the digits on the line lie strictly between those in its two end circles. */
  | { readonly kind: 'between'; readonly cells: readonly number[] };

export type ConstraintKindName = Constraint['kind'];
export type ConstraintOf<K extends ConstraintKindName> = Extract<Constraint, { kind: K }>;
