/**
 * What the player has on the board, in layers (givens, entries, marks, colours…), with undo and
 * redo over whole snapshots (a board is at most 256 cells, so copying it per change is cheaper
 * than tracking diffs and cannot drift).
 */
import { type Geometry, type Puzzle, createPuzzle } from '../../src/index.js';
import { type VariantPuzzle, constraintsOf } from '../../src/variant/index.js';
import { emptyLayer, LAYERS, type Layers, type Rules } from './layers.js';

export { emptyLayer, LAYERS, type Layers, type Rules } from './layers.js';

/** One board: what undo takes back to. */
export interface Snapshot extends Readonly<Layers> {
  readonly geometry: Geometry;
  /** A variant puzzle's rules (a jigsaw's regions are in its geometry). */
  readonly rules?: Rules | undefined;
  /** On the last board of a puzzle the player left (load): its time and hints, back with undo or redo. */
  readonly played?: Played;
}

/** The time played on a puzzle, the hints asked for, the mistakes counted (mistakes.ts) and when the game started (its name in stats.ts). */
export type Played = { readonly elapsedMs: number; readonly hintsUsed: number; readonly mistakes?: number; readonly started?: number };

/** A game's time, hints, mistakes and start as the Game takes them up: a new game starts now (so does one saved without a start). */
const takeUp = (p: Played): Required<Played> => ({ ...p, mistakes: p.mistakes ?? 0, started: p.started ?? Date.now() });
const HISTORY_LIMIT = 500;
export class Game implements Layers {
  geometry: Geometry;
  /** The variant rules of the puzzle on the board, if any. */
  rules: Rules | undefined;
  // The layers (see Layers), set by restore() from the constructor on.
  givens!: Uint8Array;
  entries!: Uint8Array;
  marks!: Uint32Array;
  centre!: Uint32Array;
  colours!: Uint8Array;
  filled!: Uint8Array;
  eliminated!: Uint32Array;
  private readonly undoStack: Snapshot[] = [];
  private readonly redoStack: Snapshot[] = [];
  /** Called before every change of the board (each one is recorded, undone or redone): work about the old board is void. */
  onChange: () => void = () => {};
  /** Counts the changes of the board: what was said about one revision is stale in the next. */
  revision = 0;
  /** Hints asked for on this puzzle (each step counts once, however much of it was shown). */
  hintsUsed = 0;
  /** Time played on this puzzle before the clock's current run (clock.ts adds the run). */
  elapsedMs = 0;
  /** Wrong entries typed under a mistake limit (mistakes.ts; undo keeps them), and when the game started (its name in stats.ts). */
  mistakes = 0;
  started = Date.now();
  /** Counts the times the game started over (a new puzzle, a resumed one): the clock's run belongs to one of them. */
  epoch = 0;
  /** Called before the board moves to another puzzle: the clock adds its current run to elapsedMs (clock.ts). */
  stopClock: () => void = () => {};

  constructor(geometry: Geometry) {
    this.geometry = geometry;
    this.restore(Game.fresh(createPuzzle(geometry, new Uint8Array(geometry.cellCount))));
  }

  /** Whether the board holds a puzzle to play: givens, or a variant's rules or regions (many variants have no givens). */
  hasPuzzle(): boolean {
    return this.rules !== undefined || this.geometry.jigsaw || this.givens.some((d) => d !== 0);
  }

  /** Givens and entries together. */
  grid(): Uint8Array {
    return this.givens.map((d, cell) => d || this.entries[cell]!);
  }

  puzzle(): Puzzle {
    return this.withGivens(this.givens);
  }

  /** The puzzle on the board with other givens (the player's grid, to step through): geometry and rules kept. */
  withGivens(givens: ArrayLike<number>): Puzzle {
    const puzzle = createPuzzle(this.geometry, givens);
    if (!this.rules) return puzzle;
    const variant: VariantPuzzle = { ...puzzle, constraints: this.rules.constraints, ...(this.rules.title ? { title: this.rules.title } : {}) };
    return variant;
  }

  /** The player's entries on the board. */
  countEntries(): number {
    return this.entries.reduce((n, d, cell) => n + (d && !this.givens[cell] ? 1 : 0), 0);
  }

  private snapshot(played?: Played): Snapshot {
    const s = { geometry: this.geometry, rules: this.rules } as Record<string, unknown>;
    for (const name of LAYERS) s[name] = this[name].slice();
    if (played) s.played = played;
    return s as unknown as Snapshot;
  }

  /** The time and hints of the puzzle on the board now, its clock stopped. */
  private playedNow(): Played {
    this.stopClock();
    return { elapsedMs: this.elapsedMs, hintsUsed: this.hintsUsed, mistakes: this.mistakes, started: this.started };
  }

  /** Move to a board of the history; one that ends another puzzle brings back its time and hints ('puzzle'), any other is a change of this one ('board'). */
  private moveTo(s: Snapshot, other: Snapshot[]): 'puzzle' | 'board' {
    this.changed();
    if (s.played) {
      other.push(this.snapshot(this.playedNow()));
      this.restore(s);
      Object.assign(this, takeUp(s.played));
      this.epoch++;
      return 'puzzle';
    }
    other.push(this.snapshot());
    this.restore(s);
    return 'board';
  }

  private restore(s: Snapshot): void {
    this.geometry = s.geometry;
    this.rules = s.rules;
    // biome-ignore lint/suspicious/noExplicitAny: each layer goes to the field of its own name and type
    for (const name of LAYERS) (this as any)[name] = s[name];
  }

  private changed(): void {
    this.revision++;
    this.onChange();
  }

  /** Remember the board as it is now, before a change, so the change can be undone. */
  record(played?: Played): void {
    this.changed();
    this.undoStack.push(this.snapshot(played));
    if (this.undoStack.length > HISTORY_LIMIT) this.undoStack.shift();
    this.redoStack.length = 0;
  }

  get canUndo(): boolean {
    return this.undoStack.length > 0;
  }

  /** Take back the last change: false when there is none, else whether it went back to another puzzle or to this one's board before. */
  undo(): false | 'puzzle' | 'board' {
    const s = this.undoStack.pop();
    return s ? this.moveTo(s, this.redoStack) : false;
  }

  /** Make the last undone change again: false when there is none, else as `undo`. */
  redo(): false | 'puzzle' | 'board' {
    const s = this.redoStack.pop();
    return s ? this.moveTo(s, this.undoStack) : false;
  }

  /** Start over on another puzzle, with entries if any; undo brings back the old one with its time and hints. */
  load(puzzle: Puzzle, entries?: Uint8Array): void {
    this.record(this.playedNow());
    this.restore(Game.fresh(puzzle, entries));
    Object.assign(this, takeUp({ elapsedMs: 0, hintsUsed: 0 }));
    this.epoch++;
  }

  /** The board and its history, as saved across a reload (save.ts). */
  history(): { readonly now: Snapshot; readonly undo: readonly Snapshot[]; readonly redo: readonly Snapshot[] } {
    return { now: this.snapshot(), undo: this.undoStack.slice(), redo: this.redoStack.slice() };
  }

  /** Take up a saved board with its history, time played, hints asked for, mistakes and start. */
  resume(now: Snapshot, undo: readonly Snapshot[], redo: readonly Snapshot[], played: Played): void {
    this.changed();
    this.restore(now);
    this.undoStack.splice(0, this.undoStack.length, ...undo);
    this.redoStack.splice(0, this.redoStack.length, ...redo);
    Object.assign(this, takeUp(played));
    this.epoch++;
  }

  /** Start over on another puzzle with no history: the page's first puzzle cannot be undone away. */
  reset(puzzle: Puzzle, entries?: Uint8Array): void {
    this.changed();
    this.undoStack.length = 0;
    this.redoStack.length = 0;
    this.restore(Game.fresh(puzzle, entries));
    Object.assign(this, takeUp({ elapsedMs: 0, hintsUsed: 0 }));
    this.epoch++;
  }

  private static fresh(puzzle: Puzzle, entries?: Uint8Array): Snapshot {
    const n = puzzle.geometry.cellCount;
    const constraints = constraintsOf(puzzle);
    const title = (puzzle as { title?: string }).title;
    const rules: Rules | undefined = constraints.length > 0 ? { constraints, ...(title ? { title } : {}) } : undefined;
    const s = { geometry: puzzle.geometry, rules } as Record<string, unknown>;
    for (const name of LAYERS) s[name] = emptyLayer(name, n);
    (s.givens as Uint8Array).set(puzzle.givens);
    if (entries) (s.entries as Uint8Array).set(entries.map((d, cell) => (puzzle.givens[cell] ? 0 : d)));
    return s as unknown as Snapshot;
  }
}
