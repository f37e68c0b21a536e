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

/** What a typed digit becomes: an entry, a pencil mark at its place, a centre mark, or a colour. */
export type Mode = 'digit' | 'pencil' | 'centre' | 'colour';

export const state: {
  /** The cell the keyboard acts on (it has the focus); with `extra`, the cells the digit pad and typed digits act on. */
  selected: number;
  /** The other cells selected with it (Shift or Ctrl+click, a drag, Shift+arrows). */
  extra: Set<number>;
  /** What typed digits become. */
  mode: Mode;
  /** Digit first: a digit chosen on the pad goes into each cell clicked next. */
  digitFirst: boolean;
  /** The digit chosen on the pad in digit-first play (0 for none). */
  chosen: number;
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
} = {
  selected: 0,
  extra: new Set(),
  mode: 'digit',
  digitFirst: false,
  chosen: 0,
  showCandidates: false,
  editing: false,
  showMistakes: false,
  hint: undefined,
  hintLevel: 1,
  hintSaid: undefined,
  tour: undefined,
};

/** The selected cells, the focused one first. */
export function selectedCells(): number[] {
  return [state.selected, ...[...state.extra].filter((cell) => cell !== state.selected).sort((a, b) => a - b)];
}

/** The step on the board: the explanation's current step, else as much of the hint as its level gives away. */
export function stepView(): StepView | undefined {
  const { tour, hint } = state;
  if (!tour) return hint?.step ? { ...hint, step: shownStep(game.geometry, hint.step, state.hintLevel) } : hint;
  const board = tour.boards[tour.index]!;
  return { values: board.values, candidates: board.candidates, step: tour.steps[tour.index] };
}
