/**
 * The page's state as plain data: the game (givens, entries, marks, with undo), the selected
 * cell, the input modes, the cells Check found wrong, and the hint or explanation on show.
 * Everything on screen is drawn from this (view.ts), never from the previous drawing.
 */
import { type Board, geometry, type Step } from '../../src/index.js';
import { Game } from './game.js';
import { type HintLevel, shownStep } from './hints.js';

/** The game on the board: givens, entries, marks and their history. */
export const game = new Game(geometry(3, 3));

/** Cells Check found wrong; cleared when they change. */
export const wrong = new Set<number>();

/** A step shown on the board: the grid and candidates it was found on, and the step itself. */
export interface StepView {
  readonly values: Uint8Array;
  readonly candidates: Uint32Array;
  readonly step?: Step;
}

/** A full explanation being stepped through: the board before each step, and after the last. */
export interface Tour {
  readonly steps: Step[];
  readonly boards: Board[];
  index: number;
  readonly note: string;
}

export const state: {
  /** The cell the keyboard and the digit pad act on. */
  selected: number;
  /** Typed digits become pencil marks. */
  pencil: boolean;
  /** Every empty cell shows its candidates instead of the player's marks. */
  showCandidates: boolean;
  /** While on, typed digits become givens: how a puzzle is entered by hand. */
  editing: boolean;
  /** Entries that differ from the puzzle's one solution are marked as they are typed. */
  showMistakes: boolean;
  /** The hint on show over the player's board, if any. */
  hint: StepView | undefined;
  /** How much of the hint is given away: where to look, the proof, the deduction. */
  hintLevel: HintLevel;
  /** What Hint last answered (a step, the entries to fix first, or why there is none), and about which board revision. */
  hintSaid: { readonly text: string; readonly revision: number } | undefined;
  /** The explanation on show instead of the player's board, if any. */
  tour: Tour | undefined;
} = { selected: 0, pencil: false, showCandidates: false, editing: false, showMistakes: false, hint: undefined, hintLevel: 1, hintSaid: undefined, tour: undefined };

/** The step on the board: the explanation's current step, else as much of the hint as its level gives away. */
export function stepView(): StepView | undefined {
  const { tour, hint } = state;
  if (!tour) return hint?.step ? { ...hint, step: shownStep(game.geometry, hint.step, state.hintLevel) } : hint;
  const board = tour.boards[tour.index]!;
  return { values: board.values, candidates: board.candidates, step: tour.steps[tour.index] };
}
