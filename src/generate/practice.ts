/**
 * Puzzles that need a chosen technique on the teaching path (`generate --technique NAME`): solved
 * by NAME and the techniques the teaching path tries before it, stuck without NAME.
 *
 * The teaching path takes, at each step, the first technique of its order that finds a deduction.
 * A path walked with only the techniques up to NAME (the prefix) is therefore the whole teaching
 * path for as long as it does not get stuck, and when it reaches the end using NAME, NAME was
 * needed: at its first step every easier technique had found nothing. Each puzzle is still checked
 * both ways (solved with the prefix, stuck without NAME), not assumed.
 *
 * From a random minimal puzzle the prefix walks until it is stuck; there the answer of one cell is
 * given back (the cell with the fewest candidates, as a player's next guess would be), and the walk
 * starts again from the new givens, up to `MAX_GIVEN_BACK` times (Full House: until full houses
 * alone finish). The puzzle is kept when the finished walk used NAME; an attempt whose walk never
 * needed NAME is dropped. Common techniques take a few attempts; rare ones, which are seldom the
 * first to apply where the walk is stuck, take hundreds or thousands (`npm run bench:practice`
 * counts them per technique).
 */
import type { Geometry } from '../geometry.js';
import { Board, countBits } from '../logic/board.js';
import type { Step, Technique } from '../logic/step.js';
import { explain, type Explanation, TEACHING_TECHNIQUES, walkPastSingles } from '../logic/stepSolver.js';
import { FULL_HOUSE, HIDDEN_SINGLE_BOX, HIDDEN_SINGLE_LINE, NAKED_SINGLE, placeAllSingles } from '../logic/techniques/singles.js';
import { countGivens, createPuzzle, type Puzzle } from '../puzzle.js';

/** A technique a puzzle can be asked to need: its place in the teaching order and the step names that count. */
export interface PracticeTarget {
  /** The name asked for, as the library writes it. */
  readonly name: string;
  /** Index of its technique in TEACHING_TECHNIQUES. */
  readonly index: number;
  /** The step names that count as using it (a technique's every step name, or the one step name asked for). */
  readonly steps: readonly string[];
}

/** The names `--technique` accepts: every technique of the teaching path and every step name it gives, and `guess`. */
export function practiceNames(): string[] {
  const names: string[] = [];
  for (const t of TEACHING_TECHNIQUES) for (const n of [t.name, ...(t.stepNames ?? [])]) if (!names.includes(n)) names.push(n);
  return [...names, 'guess'];
}

const key = (s: string) => s.toLowerCase().replace(/[\s_-]+/g, '');

/** The target of a name (matched without regard to case, spaces or hyphens), or undefined. */
export function practiceTarget(name: string): PracticeTarget | undefined {
  const k = key(name);
  // A guess: the whole teaching path is stuck.
  if (k === 'guess') return { name: 'guess', index: TEACHING_TECHNIQUES.length, steps: ['guess'] };
  for (let index = 0; index < TEACHING_TECHNIQUES.length; index++) {
    const t = TEACHING_TECHNIQUES[index]!;
    if (key(t.name) === k) return { name: t.name, index, steps: t.stepNames ?? [t.name] };
    const step = (t.stepNames ?? []).find((s) => key(s) === k);
    if (step) return { name: step, index, steps: [step] };
  }
  return undefined;
}

const SINGLES: readonly Technique[] = [FULL_HOUSE, HIDDEN_SINGLE_BOX, HIDDEN_SINGLE_LINE, NAKED_SINGLE];

/** The place of the last single technique on the teaching path: targets after it need more than singles. */
const LAST_SINGLE = Math.max(...SINGLES.map((t) => TEACHING_TECHNIQUES.indexOf(t)));

/** The most clues given back to one random puzzle before the attempt is dropped. */
export const MAX_GIVEN_BACK = 24;

export interface Practice {
  readonly givens: Uint8Array;
  /** The teaching path of the puzzle (the prefix's walk, which is the whole path). */
  readonly steps: readonly Step[];
  /** Index in `steps` of the first step of the target (for a guess: where the path is stuck, `steps.length`). */
  readonly step: number;
}

/**
 * What a target needs of a puzzle's shape, beyond chance. A subset of k cells in a unit with e
 * open cells has a complement, a subset of e − k cells (naked for hidden, hidden for naked), and
 * the teaching path tries the smaller first: a Hidden Quad is needed only in a unit with 9 open
 * cells (8 would make its complement a Naked Quad, tried before it), so its puzzles start with
 * a unit without givens. Likewise a Jellyfish in rows whose digit is open in m columns is a fish
 * of m − 4 columns: needed only where the digit has at most one given, so its puzzles (and the
 * finned ones') start with a digit without givens. Measured with 5 puzzles of seeds 1 and 2 and
 * a 10 s cap: Hidden Quad 0 and 0 made without the shape, 2 and 4 with it; Jellyfish 1 and 1, 4
 * and 4; Finned Jellyfish's median 2.7 and 4.7 s, 0.8 and 1.3 s. A Naked Quad (8 open cells
 * suffice) was made more slowly with either shape (median 4.6 s and 6.5 s against 1.9 s, seed
 * 1), and has none. `unit`: one unit without givens; `digit`: one digit without givens.
 */
export function shapeOf(target: PracticeTarget): 'unit' | 'digit' | undefined {
  if (target.steps.includes('Hidden Quad')) return 'unit';
  if (target.steps.some((s) => /^(Finned |Sashimi )?Jellyfish$/.test(s))) return 'digit';
  return undefined;
}

/**
 * The removal order with a shape's cells first (their orbits, in the order they had): a unit
 * drawn at random, or every cell of a digit drawn at random. Removing one unit's or one digit's
 * givens from a full grid keeps one solution, so the removal takes them all.
 */
export function seedShape(g: Geometry, solution: Uint8Array, shape: 'unit' | 'digit', order: number[], orbitOf: Int32Array, random: () => number): void {
  const cells: number[] = [];
  if (shape === 'unit') cells.push(...g.units[Math.floor(random() * 3 * g.size)]!);
  else {
    const digit = 1 + Math.floor(random() * g.size);
    for (let cell = 0; cell < g.cellCount; cell++) if (solution[cell] === digit) cells.push(cell);
  }
  const first = new Set(cells.map((c) => orbitOf[c]!));
  const moved = order.filter((o) => first.has(o));
  const rest = order.filter((o) => !first.has(o));
  order.splice(0, order.length, ...moved, ...rest);
}

function walk(puzzle: Puzzle, techniques: readonly Technique[], deadline: number): Explanation {
  const left = deadline - performance.now();
  return explain(puzzle, { unique: true, techniques, path: 'teaching', ...(Number.isFinite(left) ? { timeLimitMs: Math.max(0, left) } : {}) });
}

/** Where a walk of the teaching path ends: solved (having taken a target step or not), or stuck on `board`; or out of time. */
interface Outcome {
  readonly solved: boolean;
  readonly usedTarget: boolean;
  readonly board: Board;
  readonly timedOut: boolean;
}

/**
 * How the teaching walk with `techniques` ends, without writing it (`walkPastSingles`: the singles
 * in bulk between the other steps, the same other steps, end and stuck board). An attempt takes
 * several such walks and is usually dropped; the puzzle kept is walked in full, for its path.
 * Most of a walk's steps are singles, each a sentence and a scan of the units up to the first one
 * it finds. `techniques` may leave the singles out (they are placed in bulk anyway).
 */
export function decide(puzzle: Puzzle, techniques: readonly Technique[], target: PracticeTarget, deadline: number): Outcome {
  // the generator's own puzzle: its board without the door's checks
  const board = Board.fromGrid(puzzle.geometry, puzzle.givens);
  let usedTarget = false;
  const end = walkPastSingles(board, techniques, deadline, (step) => {
    if (target.steps.includes(step.technique)) usedTarget = true;
    return true;
  });
  return { solved: end === 'solved', usedTarget, board, timedOut: end === 'timeout' };
}

/**
 * Turn a puzzle with one solution into one whose teaching path needs the target, by giving back
 * answers where the walk is stuck; undefined when the walk finishes without the target, or runs
 * out of clues to give back, out of `ceiling` or out of time.
 */
export function practicePuzzle(
  g: Geometry,
  givens: Uint8Array,
  solution: Uint8Array,
  target: PracticeTarget,
  ceiling: number,
  deadline: number,
  /** The symmetry's orbits and each cell's orbit: a clue given back brings its whole orbit, keeping the symmetry. */
  orbits: readonly Int32Array[],
  orbitOf: Int32Array,
): Practice | undefined {
  const prefix = TEACHING_TECHNIQUES.slice(0, target.index + 1);
  let grid = givens.slice();
  if (target.name === 'guess') {
    // Needing a guess: every technique of the teaching path is stuck somewhere on the way.
    const path = walk(createPuzzle(g, grid), prefix, deadline);
    return path.solved || path.timedOut ? undefined : { givens: grid, steps: path.steps, step: path.steps.length };
  }
  // A puzzle that singles solve never needs a technique past them, however many clues are given
  // back: it is dropped before any walk.
  if (target.index > LAST_SINGLE) {
    const board = Board.fromPuzzle(createPuzzle(g, grid));
    placeAllSingles(board);
    if (board.isSolved()) return undefined;
  }
  // Full House alone solves only a grid with one open cell in a unit at a time: clues are given
  // back until that holds (every walk is a few microseconds then).
  const rounds = target.index === 0 ? g.cellCount : MAX_GIVEN_BACK;
  // Past the singles, each round's walk only decides (`decide`, with the techniques past the
  // singles); the puzzle kept is walked in full.
  const quick = target.index > LAST_SINGLE;
  const past = quick ? prefix.filter((t) => !SINGLES.includes(t)) : prefix;
  for (let round = 0; round <= rounds; round++) {
    const puzzle = createPuzzle(g, grid);
    const outcome = quick ? decide(puzzle, past, target, deadline) : undefined;
    const path = outcome === undefined || (outcome.solved && outcome.usedTarget) ? walk(puzzle, prefix, deadline) : undefined;
    if (outcome?.timedOut || path?.timedOut) return undefined;
    if (path ? path.solved : outcome!.solved) {
      const step = path ? path.steps.findIndex((s) => target.steps.includes(s.technique)) : -1;
      if (step < 0) return undefined;
      // Checked, not assumed: without the target's technique the same walk gets stuck.
      const without = quick ? decide(puzzle, past.slice(0, -1), target, deadline) : walk(puzzle, prefix.slice(0, -1), deadline);
      if (without.solved || without.timedOut) return undefined;
      return { givens: grid, steps: path!.steps, step };
    }
    if (countGivens(grid) >= ceiling) return undefined;
    // Stuck: give back the answer of the open cell with the fewest candidates.
    const board = path ? path.board : outcome!.board;
    let best = -1;
    for (let cell = 0; cell < g.cellCount; cell++) {
      if (board.values[cell] !== 0) continue;
      if (best < 0 || countBits(board.candidates[cell]!) < countBits(board.candidates[best]!)) best = cell;
    }
    if (best < 0) return undefined;
    grid = grid.slice();
    for (const c of orbits[orbitOf[best]!]!) grid[c] = solution[c]!;
  }
  return undefined;
}
