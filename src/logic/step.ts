/**
 * Step: one deduction, as a strong human solver would state it. It carries what a page needs to
 * show it (the cells and candidates that prove it, the links of a chain), what it changes
 * (placements, eliminations) and one sentence in the notation players use:
 * `Hidden Single: 7 in box 4 can only go in r5c6`,
 * `X-Wing on 4 in rows 2,7, columns 3,8 => r5c3<>4, r9c8<>4`.
 */
import { cellName, type Geometry, type UnitKind, unitLabel } from '../geometry.js';
import type { Board } from './board.js';
import type { ConstraintKindName } from '../constraints/types.js';

/** A digit in a cell: a candidate, a placement or an elimination. */
export interface Candidate {
  readonly cell: number;
  readonly digit: number;
}

/** A link of a chain between two candidates: strong (one of them is true) or weak (not both). */
export interface Link {
  readonly from: Candidate;
  readonly to: Candidate;
  readonly strong: boolean;
}

export interface Step {
  /** The technique's name, e.g. `Hidden Single`; `guess` when no technique applied. */
  readonly technique: string;
  /** The step's difficulty on the Sukaku Explainer scale (the hardest step rates a puzzle). */
  readonly rating: number;
  readonly placements: readonly Candidate[];
  readonly eliminations: readonly Candidate[];
  /** The cells that prove the step (the pattern), for highlighting. */
  readonly cells: readonly number[];
  /** The candidates that prove the step, for highlighting. */
  readonly candidates: readonly Candidate[];
  /** The units the step reasons about (indices into `geometry.units`). */
  readonly units?: readonly number[];
  /** The links of a chain, in order. */
  readonly links?: readonly Link[];
  /**
   * A chain of strong links on one digit (the strong-link fishes: Skyscraper, 2-String Kite, …),
   * in chain order: the kind of unit of each link, and whether it is grouped (an end of more
   * than one cell). Sukaku Explainer names these chains by that sequence.
   */
  readonly strongLinks?: readonly StrongLinkKind[];
  /** The variant rules (constraint kinds) the step reads, beyond rows, columns and boxes. */
  readonly rules?: readonly ConstraintKindName[];
  /** True when the step is only valid because the puzzle has one solution. */
  readonly uniqueness?: boolean;
  /** One sentence in standard notation. */
  readonly text: string;
}

/** One link of a chain of strong links on one digit: the kind of its unit, and whether it is grouped. */
export interface StrongLinkKind {
  readonly kind: UnitKind;
  readonly grouped: boolean;
}

/** What a technique may know beyond the board. */
export interface StepContext {
  /** The puzzle has exactly one solution: uniqueness techniques may be used. */
  readonly unique: boolean;
}

/** A technique: a name, its base rating, and a search that returns a step or nothing. */
export interface Technique {
  readonly name: string;
  /** Base rating on the SE scale; a step may rate higher (e.g. a longer chain). */
  readonly rating: number;
  /** Only used on puzzles with one solution. */
  readonly uniqueness?: boolean;
  /** The technique names its steps can carry, when they are not just `name` (a family of patterns). */
  readonly stepNames?: readonly string[];
  find(board: Board, context: StepContext): Step | undefined;
  /**
   * Every step the technique sees on the board, where there can be many instances of one pattern
   * (chains: one per start and end), `find`'s among them. For measuring a technique and for asking
   * whether it can make a given deduction; hints take `find`'s.
   */
  findAll?(board: Board, context: StepContext): Step[];
}

/** `r5c6=7` */
export function describePlacement(g: Geometry, p: Candidate): string {
  return `${cellName(g, p.cell)}=${g.digits[p.digit - 1]}`;
}

/** `r5c3<>4` */
export function describeElimination(g: Geometry, e: Candidate): string {
  return `${cellName(g, e.cell)}<>${g.digits[e.digit - 1]}`;
}

/** `box 4`, `row 2`, `column 7`, `region 3` (jigsaw), `diagonal ↘` (a variant's house). */
export function unitName(g: Geometry, unit: number): string {
  return unitLabel(g, unit);
}

/** The cells of a list in notation: `r5c6`, `r2c3, r7c8`. */
export function describeCells(g: Geometry, cells: readonly number[]): string {
  return cells.map((c) => cellName(g, c)).join(', ');
}

/** What a step changes, after `=>`: placements first, then eliminations. */
export function describeEffects(g: Geometry, step: Pick<Step, 'placements' | 'eliminations'>): string {
  return [...step.placements.map((p) => describePlacement(g, p)), ...step.eliminations.map((e) => describeElimination(g, e))].join(', ');
}

/**
 * What a step changes, with a cell's eliminations written together (`r9c4<>5678`): a rule that
 * narrows many cells at once reads as one line per cell, not one item per candidate.
 */
export function describeEffectsByCell(g: Geometry, step: Pick<Step, 'placements' | 'eliminations'>): string {
  const byCell = new Map<number, number[]>();
  for (const e of step.eliminations) byCell.set(e.cell, [...(byCell.get(e.cell) ?? []), e.digit]);
  const gone = [...byCell].map(([cell, digits]) => `${cellName(g, cell)}<>${digits.map((d) => g.digits[d - 1]).join('')}`);
  return [...step.placements.map((p) => describePlacement(g, p)), ...gone].join(', ');
}

/** The eliminations of `digit` from `cells` that are still candidates on the board. */
export function eliminationsOf(board: Board, digit: number, cells: Iterable<number>): Candidate[] {
  const out: Candidate[] = [];
  for (const cell of cells) if (board.values[cell] === 0 && board.has(cell, digit)) out.push({ cell, digit });
  return out;
}
