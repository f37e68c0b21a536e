/**
 * The messages between the page and its Web Worker. The page sends a request with an id and gets
 * exactly one reply with the same id: a result, or an error message to show.
 */

/** A puzzle as it crosses to the worker: its box shape and its givens (0 for empty). */
export interface PuzzleData {
  readonly boxRows: number;
  readonly boxCols: number;
  readonly givens: Uint8Array;
}

/** What solving with a limit of two says: none, one, or many (with two different solutions). */
export interface Analysis {
  /** 0, 1 or 2 (2 meaning "two or more"). */
  readonly count: number;
  /** Up to two different solutions. */
  readonly solutions: Uint8Array[];
  /** The time limit stopped the search before the count was settled. */
  readonly timedOut: boolean;
  /** Time the worker spent, in microseconds. */
  readonly micros: number;
}

export type WorkRequest = { readonly kind: 'analyse'; readonly puzzle: PuzzleData };

export interface WorkResults {
  analyse: Analysis;
}

export type WorkReply = { readonly id: number; readonly ok: true; readonly result: unknown } | { readonly id: number; readonly ok: false; readonly message: string };
