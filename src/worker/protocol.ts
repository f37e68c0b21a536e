/**
 * The messages between a program and its solver worker (a browser's Web Worker or Node's
 * worker_threads): the program sends a request with an id and gets exactly one reply with the
 * same id, a result or an error (a message, and a SudokitError code when the library threw one).
 * Everything here is plain data that the structured clone carries as it is.
 */
import type { Level } from '../logic/grade.js';
import type { Step } from '../logic/step.js';
import type { Constraint } from '../constraints/types.js';
import type { Puzzle } from '../puzzle.js';
import { constraintsOf } from '../variant/puzzle.js';

/**
 * A puzzle as it crosses to the worker: its box shape and its givens (0 for empty); a jigsaw's
 * regions (one number per cell) and a variant's constraints (plain data) when it has them.
 */
export interface PuzzleData {
  readonly boxRows: number;
  readonly boxCols: number;
  readonly givens: Uint8Array;
  readonly regions?: readonly number[] | undefined;
  readonly constraints?: readonly Constraint[] | undefined;
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

/** The answer to "what next?" on the player's board. */
export type Hint =
  /** Entries that differ from the puzzle's one solution: fix these first. */
  | { readonly kind: 'mistakes'; readonly cells: number[] }
  /** The next step, and the candidates of the board it was found on. */
  | { readonly kind: 'step'; readonly step: Step; readonly candidates: Uint32Array }
  | { readonly kind: 'solved' }
  /** Nothing to hint: the puzzle or the entries leave no solution (the reason says which). */
  | { readonly kind: 'stuck'; readonly reason: string };

/** A full solving path from the givens. */
export interface ExplanationData {
  /** The teaching path (every technique, in the order a player learns them): `grade` rates on SE's. */
  readonly path: 'teaching';
  readonly steps: Step[];
  readonly solved: boolean;
  readonly guessed: boolean;
  readonly reason?: string;
  /** True when the request's time limit ended the path (as the root's `explain` says). */
  readonly timedOut?: boolean;
}

/** The grade of a puzzle with one solution. */
export interface GradeData {
  readonly rating: number;
  readonly level: Level;
  readonly techniques: Record<string, number>;
  /** The technique of the hardest step (the one that rates the puzzle), or `guess`. */
  readonly hardest: string;
  /** Sukaku Explainer's name for the hardest step (`seTechniqueName`), or null (a guess). */
  readonly hardestSe: string | null;
  readonly guessed: boolean;
}

/** What the grader says: a grade and the one solution, or that there are many solutions (nothing to grade). */
export type GradeAnswer = { readonly kind: 'graded'; readonly grade: GradeData; readonly solution: Uint8Array } | { readonly kind: 'many' };

/** A generated puzzle, with the grade the generator gave it. */
export interface GeneratedData {
  readonly givens: Uint8Array;
  readonly seed: number;
  readonly solution: Uint8Array;
  readonly grade?: GradeData;
  /** For a technique asked for: the teaching path, and the index of its first step of the technique. */
  readonly practice?: { readonly technique: string; readonly steps: Step[]; readonly step: number };
}

export type WorkRequest =
  | { readonly kind: 'analyse'; readonly puzzle: PuzzleData }
  | { readonly kind: 'hint'; readonly puzzle: PuzzleData; readonly entries: Uint8Array; readonly eliminated: Uint32Array }
  | { readonly kind: 'explain'; readonly puzzle: PuzzleData }
  | { readonly kind: 'grade'; readonly puzzle: PuzzleData }
  | { readonly kind: 'generate'; readonly boxRows: number; readonly boxCols: number; readonly level?: Level; readonly technique?: string; readonly seed: number };

export interface WorkResults {
  analyse: Analysis;
  hint: Hint;
  explain: ExplanationData;
  grade: GradeAnswer;
  generate: GeneratedData;
}

/** How long a search in the worker may run unless its client says otherwise. */
export const DEFAULT_TIME_LIMIT_MS = 20_000;

/** A request as it crosses to the worker: its id, and the time limit every search in it keeps. */
export interface WorkEnvelope {
  readonly id: number;
  readonly timeLimitMs: number;
  readonly request: WorkRequest;
}

export type WorkReply = { readonly id: number; readonly ok: true; readonly result: unknown } | { readonly id: number; readonly ok: false; readonly message: string; readonly code?: string };

/** A puzzle (classic, jigsaw or variant) as the worker takes it. */
export function puzzleData(puzzle: Puzzle): PuzzleData {
  const g = puzzle.geometry;
  const constraints = constraintsOf(puzzle);
  return {
    boxRows: g.boxRows,
    boxCols: g.boxCols,
    givens: Uint8Array.from(puzzle.givens),
    ...(g.jigsaw ? { regions: Array.from(g.boxOf) } : {}),
    ...(constraints.length > 0 ? { constraints: [...constraints] } : {}),
  };
}
