/**
 * Puzzle generation on demand: seeded, deterministic, unique, optionally minimal and symmetric.
 *
 * Each puzzle is drawn from its own seed, derived from the run's seed and the puzzle's index
 * (`deriveSeed`), so puzzle i is the same whether it is made alone, in a batch, or on any thread
 * of a pool. One attempt:
 *   1. a random complete grid (src/generate/grid.ts: randomised search + shuffles);
 *   2. the orbits of the requested symmetry (src/generate/symmetry.ts) in a random order;
 *   3. orbits removed while the fast core still finds exactly one solution (src/generate/remove.ts),
 *      down to the clue target;
 *   4. the result checked against the request (clue range, minimality, and the grader's level,
 *      rating or technique); a puzzle that grades harder than asked is softened by giving back
 *      the answer where its solving path first exceeds the target (see `soften`); when it still
 *      misses, another attempt from the same random stream, up to `maxAttempts`.
 * Nothing depends on the clock unless a `timeLimitMs` is given (then results can differ between a
 * fast and a slow machine: that budget is for very large boards, where one check may take seconds).
 */
import { makeLine } from '../format/make.js';
import { geometry as geometryOf, geometryName, type Geometry, isGeometry } from '../geometry.js';
import { type Grade, LEVELS, type Level, gradeOf, ratingRangeOf } from '../logic/grade.js';
import { Board, countBits, MAX_LOGIC_SIZE } from '../logic/board.js';
import { TECHNIQUES, explain, walkPastSingles } from '../logic/stepSolver.js';
import { CHAINS_AND_CYCLES, SE_AIC } from '../logic/techniques/chains.js';
import type { Step, Technique } from '../logic/step.js';
import { type PracticeTarget, practiceNames, practicePuzzle, practiceTarget, seedShape, shapeOf } from './practice.js';
import { countGivens, createPuzzle, type Puzzle } from '../puzzle.js';
import { deriveSeed, seededRandom, shuffle } from '../random.js';
import { randomGrid } from './grid.js';
import { classifyFill, type FillClass, MAX_FILL_DRAWS, randomFillGrid } from './randomFill.js';
import { checkMinimal, descend, removeOrbits } from './remove.js';
import { checkSymmetry, orbitsOf, type Symmetry } from './symmetry.js';
import { describeValue, SudokitError } from '../errors.js';
import { deadlineAfter } from '../deadline.js';

export { SYMMETRIES, checkSymmetry, hasSymmetry, orbitsOf } from './symmetry.js';
export type { Symmetry } from './symmetry.js';
export { FILL_CLASSES } from './randomFill.js';
export type { FillClass } from './randomFill.js';
export { checkMinimal } from './remove.js';

export interface GenerateOptions {
  /** The board (default 9×9). */
  readonly geometry?: Geometry | undefined;
  /** Symmetry of the clue pattern (default none). */
  readonly symmetry?: Symmetry | undefined;
  /** Number of givens: exactly N, or a range [min, max] (default: as few as the removal pass reaches). */
  readonly clues?: number | readonly [number, number] | undefined;
  /** Only minimal puzzles: no given can be removed without a second solution (default false). */
  readonly minimal?: boolean | undefined;
  /** The run's seed (default 1). */
  readonly seed?: number | undefined;
  /** Attempts per puzzle before giving up with a `budget` error (default 1000; 20,000 with a technique target). */
  readonly maxAttempts?: number | undefined;
  /** Time budget per puzzle in milliseconds (default none). Makes results machine-dependent. */
  readonly timeLimitMs?: number | undefined;
  /** Only puzzles the grader puts at this level (src/logic/grade.ts). */
  readonly difficulty?: Level | undefined;
  /** Only puzzles whose grader rating (SE scale) lies in [min, max]. */
  readonly rating?: readonly [number, number] | undefined;
  /**
   * Only puzzles whose teaching path needs this technique (a name of `techniqueNames()`, any
   * case): solved by it and the techniques the teaching path tries before it, stuck without it
   * (`guess`: stuck with every technique). The result's `practice` holds the path and its first
   * step of the technique.
   */
  readonly technique?: string | undefined;
  /** Grade every puzzle (implied by difficulty, rating and technique), so results carry rating and level. */
  readonly grade?: boolean | undefined;
  /**
   * Which puzzle of the run (default 0): the run's seed and the index together reproduce a puzzle,
   * so puzzle 7 of seed 3 is the same whether made alone or as the eighth of a run.
   * `generatePuzzles` starts its run here.
   */
  readonly index?: number | undefined;
  /** How many puzzles `generatePuzzles` makes (default 1); `generatePuzzle` makes one. */
  readonly count?: number | undefined;
}

/** The names `technique` accepts: every technique of the teaching path and the step names they give, and `guess`. */
export function techniqueNames(): string[] {
  return practiceNames();
}

export interface GeneratedPuzzle {
  readonly puzzle: Puzzle;
  readonly solution: Uint8Array;
  /** The givens and the solution as lines of digits (`.` for an empty cell), for JSON and an app's state. */
  readonly line: string;
  readonly solutionLine: string;
  readonly clues: number;
  /** Proven minimal: no given can be removed without losing uniqueness. */
  readonly minimal: boolean;
  readonly symmetry: Symmetry;
  /** The run's seed and this puzzle's index in the run: together they reproduce it. */
  readonly seed: number;
  readonly index: number;
  /** Attempts this puzzle took (1 when the first grid gave what was asked). */
  readonly attempts: number;
  /** The grader's verdict, when grading was asked for (directly or by a difficulty target). */
  readonly grade?: Grade;
  /** For a technique target: the teaching path, and the index of its first step of the technique. */
  readonly practice?: { readonly technique: string; readonly steps: readonly Step[]; readonly step: number };
}

/** Why generation failed: `options` for a request that cannot be met, `budget` for one not met in time. */
export class GenerateError extends SudokitError {
  declare readonly code: 'options' | 'budget';
  constructor(code: 'options' | 'budget', message: string) {
    super(code, message);
    this.name = 'GenerateError';
  }
}

export const DEFAULT_MAX_ATTEMPTS = 1000;

/**
 * The attempts a technique target gets by default: a rare technique's puzzle takes thousands
 * (`npm run bench:practice` counts them: a Naked Quad's about 5,000, a Unique Rectangle Type 3's
 * or BUG type's about 1,500), where 1,000 made a Finned Jellyfish puzzle fail one time in two.
 */
export const DEFAULT_TECHNIQUE_ATTEMPTS = 20_000;

/** Steps of the downhill walk per attempt when a clue target lies below what one removal pass reaches. */
const DESCEND_STEPS = 200;

/**
 * The highest rating a 4×4 puzzle with one solution can have: a hidden single in a box (1.2).
 * Checked over every such puzzle (scratch enumeration, 2026-11-28: the 12 grids whose first row is
 * 1 2 3 4, every subset of their cells as givens, 565,820 with one solution; full houses and hidden
 * singles in boxes solve each), and relabelling the digits changes no technique.
 */
const EASY_4X4_CEILING = 1.2;

/**
 * The levels a difficulty target can be met at on this board with the default attempts, as measured
 * (test/generate.test.ts makes each size's highest level and fails the next): every 4×4 puzzle the
 * generator makes is easy (1,000 attempts, 1,000 graded easy), 6×6 reaches master (extreme never
 * turned up in 1,000 attempts), 9×9 and 16×16 reach every level and so are other sizes taken to;
 * boards above 25×25 take no target, since the step solver stops at 25×25.
 */
export function levelsReached(g: Geometry): readonly Level[] {
  if (g.size > 25) return [];
  if (g.size === 4) return LEVELS.slice(0, 1);
  if (g.size === 6) return LEVELS.slice(0, LEVELS.indexOf('master') + 1);
  return LEVELS;
}

/**
 * The fewest givens a puzzle with one solution can have on this board: proven minima for 4×4 (4),
 * 6×6 (8) and 9×9 (17, McGuire, Tugemann and Civario 2012); elsewhere size − 1, since a puzzle
 * missing two digits entirely has a second solution with those two digits swapped.
 */
export function fewestClues(g: Geometry): number {
  if (g.size === 4) return 4;
  if (g.size === 6) return 8;
  if (g.size === 9) return 17;
  return g.size - 1;
}

interface Plan {
  readonly geometry: Geometry;
  readonly symmetry: Symmetry;
  readonly floor: number;
  readonly ceiling: number;
  readonly minimal: boolean;
  readonly seed: number;
  readonly maxAttempts: number;
  readonly timeLimitMs: number | undefined;
  readonly grade: boolean;
  readonly difficulty: Level | undefined;
  readonly rating: readonly [number, number] | undefined;
  readonly technique: PracticeTarget | undefined;
}

/** Check the options and fill in defaults; throws a GenerateError('options') naming what is wrong. */
function plan(options: GenerateOptions): Plan {
  if (typeof options !== 'object' || options === null) throw new GenerateError('options', `options must be an object, got ${options === null ? 'null' : typeof options}`);
  if (options.geometry !== undefined && !isGeometry(options.geometry)) throw new GenerateError('options', "geometry is not one of the library's (make one with geometry(boxRows, boxCols))");
  if (options.seed !== undefined && !(Number.isInteger(options.seed) && options.seed >= 0 && options.seed <= 0xffffffff))
    throw new GenerateError('options', `seed must be a whole number from 0 to 4294967295, got ${options.seed}`);
  wholeOption(options.index, 'index', 0, 0);
  wholeOption(options.count, 'count', 0, 1);
  const g = options.geometry ?? geometryOf(3, 3);
  const symmetry = options.symmetry ?? 'none';
  const problem = checkSymmetry(g, symmetry);
  if (problem) throw new GenerateError('options', problem);
  const board = geometryName(g);
  let floor = fewestClues(g);
  let ceiling = g.cellCount;
  if (options.clues !== undefined) {
    const clues: unknown = options.clues;
    if (typeof clues !== 'number' && !(Array.isArray(clues) && clues.length === 2)) throw new GenerateError('options', `clues must be a number or a range [low, high], got ${describeValue(clues)}`);
    const [min, max] = typeof options.clues === 'number' ? [options.clues, options.clues] : options.clues;
    if (!Number.isInteger(min) || !Number.isInteger(max) || min > max)
      throw new GenerateError('options', `clues ${describeValue(min)}-${describeValue(max)} is not a range of whole numbers, low to high`);
    if (max < floor) {
      throw new GenerateError('options', `no ${board} puzzle with ${max} or fewer clues has exactly one solution: the fewest possible is ${floor}`);
    }
    if (min > g.cellCount) throw new GenerateError('options', `a ${board} board has only ${g.cellCount} cells, so not ${min} clues`);
    floor = Math.max(floor, min);
    ceiling = Math.min(ceiling, max);
  }
  const maxAttempts = options.maxAttempts ?? (options.technique === undefined ? DEFAULT_MAX_ATTEMPTS : DEFAULT_TECHNIQUE_ATTEMPTS);
  if (!(Number.isInteger(maxAttempts) && maxAttempts >= 1)) throw new GenerateError('options', `maxAttempts must be a whole number of at least 1, got ${maxAttempts}`);
  if (options.timeLimitMs !== undefined && !(options.timeLimitMs > 0)) throw new GenerateError('options', `timeLimitMs must be above 0, got ${options.timeLimitMs}`);
  if (options.difficulty !== undefined && !LEVELS.includes(options.difficulty))
    throw new GenerateError('options', `difficulty "${options.difficulty}" is not a level: expected one of ${LEVELS.join(', ')}`);
  if (options.rating !== undefined && !(options.rating[0] <= options.rating[1])) throw new GenerateError('options', `rating ${options.rating[0]}-${options.rating[1]} is not a range, low to high`);
  const technique = options.technique === undefined ? undefined : practiceTarget(String(options.technique));
  if (options.technique !== undefined && technique === undefined)
    throw new GenerateError('options', `technique "${options.technique}" is not a technique of the teaching path: expected one of ${techniqueNames().join(', ')}`);
  const targeted = options.difficulty !== undefined || options.rating !== undefined || technique !== undefined;
  if (technique !== undefined && g.size > MAX_LOGIC_SIZE)
    throw new GenerateError('options', `technique targets need the step solver, which handles boards up to ${MAX_LOGIC_SIZE}x${MAX_LOGIC_SIZE}, not ${board}`);
  if (targeted && g.size > 25) throw new GenerateError('options', `difficulty targets need the step solver, which handles boards up to 25x25, not ${board}`);
  // Targets no puzzle can meet are refused at once, rather than after every attempt fails.
  const wanted = options.difficulty === undefined ? undefined : ratingRangeOf(options.difficulty);
  if (wanted !== undefined && options.rating !== undefined && (options.rating[1] < wanted[0] || options.rating[0] > wanted[1])) {
    throw new GenerateError('options', `rating ${options.rating[0]}-${options.rating[1]} and difficulty ${options.difficulty} (${wanted[0]}-${wanted[1]}) have no rating in common`);
  }
  const lowest = Math.max(wanted?.[0] ?? 0, options.rating?.[0] ?? 0);
  if (g.size === 4 && lowest > EASY_4X4_CEILING) {
    throw new GenerateError(
      'options',
      `every 4x4 puzzle with one solution is easy (full houses and hidden singles in boxes solve it, rating ${EASY_4X4_CEILING} at most), so none is ${options.difficulty ?? `rated ${options.rating![0]} or more`}`,
    );
  }
  return {
    geometry: g,
    symmetry,
    floor,
    ceiling,
    minimal: options.minimal ?? false,
    seed: (options.seed ?? 1) >>> 0,
    maxAttempts,
    timeLimitMs: options.timeLimitMs,
    grade: options.difficulty !== undefined || options.rating !== undefined || (options.grade ?? false),
    difficulty: options.difficulty,
    rating: options.rating,
    technique,
  };
}

/** Throws a GenerateError('options') when these options can never be met; otherwise returns nothing. */
export function checkGenerateOptions(options: GenerateOptions): void {
  plan(options);
}

/** Describe what was asked, for messages. */
function describeRequest(p: Plan): string {
  const parts = [geometryName(p.geometry)];
  if (p.symmetry !== 'none') parts.push(`${p.symmetry} symmetry`);
  if (p.minimal) parts.push('minimal');
  if (p.floor !== fewestClues(p.geometry) || p.ceiling !== p.geometry.cellCount) parts.push(p.floor === p.ceiling ? `${p.floor} clues` : `${p.floor}-${p.ceiling} clues`);
  if (p.difficulty) parts.push(`level ${p.difficulty}`);
  if (p.rating) parts.push(`rating ${p.rating[0]}-${p.rating[1]}`);
  if (p.technique) parts.push(`needing ${p.technique.name}`);
  return parts.join(', ');
}

/** The highest rating the plan's targets allow (Infinity when they set none). */
function maxRating(p: Plan): number {
  let max = Number.POSITIVE_INFINITY;
  if (p.difficulty !== undefined) max = ratingRangeOf(p.difficulty)[1];
  if (p.rating !== undefined) max = Math.min(max, p.rating[1]);
  return max;
}

/**
 * The techniques a grading run needs when no step may rate above `limit`: TECHNIQUES up to the
 * last one whose base rating is within it. TECHNIQUES is ordered by rating and the step solver
 * takes the first technique that applies, so a path that stays within the prefix is exactly the
 * full solver's path (same grade); where the full solver would need a later technique, the prefix
 * guesses instead (rating 12), and the verdict, too hard, is the same. It spares the forcing
 * chains a minimal puzzle would otherwise run before it is found too hard for an easy target.
 */
function techniquesUpTo(limit: number): readonly Technique[] {
  let last = -1;
  TECHNIQUES.forEach((t, i) => {
    if (t.rating <= limit + 1e-9) last = i;
  });
  return TECHNIQUES.slice(0, last + 1);
}

/**
 * The grade of a puzzle with one known solution, read off the step solver's path within the
 * plan's ceiling, by `deadline` (then the grade's explanation is `timedOut`, and its rating only
 * a floor).
 */
function gradeWithin(p: Plan, puzzle: Puzzle, solution: Uint8Array, deadline: number): Grade {
  const left = deadline - performance.now();
  const timeLimit = Number.isFinite(left) ? { timeLimitMs: Math.max(0, left) } : {};
  // The path stops at the first step above the targets' ceiling: the verdict (too hard) and the
  // step `soften` starts from are known there, and the rest of the path would cost as much again.
  const limit = maxRating(p);
  const stopAbove = Number.isFinite(limit) ? { stopAbove: limit } : {};
  return gradeOf(explain(puzzle, { unique: true, solution, techniques: techniquesUpTo(limit), ...timeLimit, ...stopAbove }), true);
}

/** The lowest rating the plan's targets allow (0 when they set none). */
function minRating(p: Plan): number {
  let min = 0;
  if (p.difficulty !== undefined) min = ratingRangeOf(p.difficulty)[0];
  if (p.rating !== undefined) min = Math.max(min, p.rating[0]);
  return min;
}

/** From this lowest rating up, an attempt is first put through `solvedBelow`. */
const QUICK_REJECT_FROM = 8.0;

/**
 * What `solvedBelow` tries first: the cheap techniques, a chain, then the rest of SE's list below
 * 7.5. The chain is the shortest AIC with SE's loop eliminations (`SE_AIC`, one search) rather
 * than SE's chaining rule, which searches each kind of chain and loop for the lowest rating (up
 * to six searches): X- and XY-Chains are AICs, and no AIC of up to MAX_CHAIN_NODES nodes rates
 * QUICK_REJECT_FROM or more (a test holds that). On 9,000 random minimal puzzles (seeds 5 and 7)
 * the check made the same call as with SE's rule for every one, at 0.58 ms a puzzle against 1.27.
 * With the nice loop's own rule (`AIC_TECHNIQUE`) it dropped 2 of them that SE rates 8.2. The
 * singles are not in it: the walk places them in bulk (`walkPastSingles`).
 */
const SINGLE_NAMES = new Set(['Full House', 'Hidden Single', 'Naked Single']);
const QUICK_FIRST = new Set(['Pointing', 'Claiming', 'Naked Pair', 'Hidden Pair', 'Naked Triple', 'Hidden Triple', 'X-Wing', 'Swordfish', 'XY-Wing']);
const QUICK_ORDER: readonly Technique[] = [
  ...TECHNIQUES.filter((t) => QUICK_FIRST.has(t.name)),
  SE_AIC,
  ...TECHNIQUES.filter((t) => !QUICK_FIRST.has(t.name) && !SINGLE_NAMES.has(t.name) && t !== CHAINS_AND_CYCLES && t.rating < 7.5 + 1e-9 && !/Forcing Chain/.test(t.name)),
];

/**
 * Whether the techniques of QUICK_ORDER, each step rated below `low`, solve the puzzle: then it
 * grades below `low` (their deductions stay sound as candidates go, so SE's easiest-first order
 * with the same techniques reaches the same end), and an attempt for an extreme target is
 * dropped without the SE path, which at every hard step tries every cheaper technique first. On 3,000 random minimal puzzles (seed 5)
 * grading cost 3.30 ms an attempt on the SE path alone, 1.20 ms here plus 1.33 ms for the full
 * grades of the 79 left (77 of them extreme); no extreme puzzle was dropped. A puzzle left is
 * graded in full as before. False when stuck, past `low`, or out of time.
 */
export function solvedBelow(puzzle: Puzzle, low: number, deadline: number): boolean {
  return walkPastSingles(Board.fromPuzzle(puzzle), QUICK_ORDER, deadline, (step) => step.rating <= low - 0.05) === 'solved';
}

/**
 * How long grading one generated puzzle above 9×9 may take when no time limit is given: the
 * grade is then only a description of the puzzle (a 16×16 path with forcing chains can take a
 * minute); a difficulty target always grades in full unless a time limit is given.
 */
const DESCRIBE_GRADE_MS = 10_000;

/** How many givens `soften` may add back before the attempt is given up. */
const SOFTEN_STEPS = 12;

/**
 * How many cells `soften` tries to give back where the path stalls, before it gives up on the
 * attempt: the cell the path would guess first, then the empty cells with fewest candidates. One
 * cell often gives away too much (the puzzle drops below the target); another of the same
 * stall may not, and trying it costs one grading where a new attempt costs several.
 */
const SOFTEN_CHOICES = 4;

/** The cells to give back at the stall of a path: the hard step's cell, then the empty cells with fewest candidates. */
function softenChoices(grade: Grade, limit: number): number[] {
  const hard = grade.explanation.steps.find((step) => step.rating > limit + 1e-9);
  const first = hard?.placements[0]?.cell ?? hard?.eliminations[0]?.cell;
  if (first === undefined) return [];
  const board = grade.explanation.board;
  const empty: number[] = [];
  for (let cell = 0; cell < board.values.length; cell++) if (board.values[cell] === 0 && cell !== first) empty.push(cell);
  empty.sort((a, b) => countBits(board.candidates[a]!) - countBits(board.candidates[b]!) || a - b);
  return [first, ...empty.slice(0, SOFTEN_CHOICES - 1)];
}

/**
 * Make a puzzle that grades too hard easier, by giving back the answer where the solving path
 * first needs a technique above the target: the first cell that step places (or clears) becomes a
 * given (with its whole orbit, to keep the symmetry), and the puzzle is graded again; when that
 * overshoots (too easy), the next of SOFTEN_CHOICES cells of the same stall is tried instead.
 * Adding givens keeps exactly one solution, so this reaches easy levels in a step or two where
 * regenerating would take dozens of attempts; the puzzle is no longer minimal. Undefined when every
 * choice overshoots or runs past the clue ceiling, or after SOFTEN_STEPS rounds. (Expert targets,
 * 300 puzzles of seed 7: 10.9 attempts a puzzle with one choice, 7.9 with four.)
 */
function soften(p: Plan, givens: Uint8Array, solution: Uint8Array, grade: Grade, orbitOf: Int32Array, deadline: number): { givens: Uint8Array; grade: Grade; clues: number } | undefined {
  const limit = maxRating(p);
  if (!(grade.rating > limit)) return undefined;
  const g = p.geometry;
  const orbits = orbitsOf(g, p.symmetry);
  let grid: Uint8Array = givens.slice();
  let clues = countGivens(grid);
  for (let round = 0; round < SOFTEN_STEPS; round++) {
    let harder: { grid: Uint8Array; grade: Grade; clues: number } | undefined;
    for (const cell of softenChoices(grade, limit)) {
      const tried = grid.slice();
      let added = clues;
      for (const c of orbits[orbitOf[cell]!]!) {
        if (tried[c] === 0) added++;
        tried[c] = solution[c]!;
      }
      if (added > p.ceiling) continue;
      const next = gradeWithin(p, createPuzzle(g, tried), solution, deadline);
      if (next.explanation.timedOut) return undefined;
      if (meetsTargets(p, next)) return { givens: tried, grade: next, clues: added };
      // Still too hard: soften on from the first such; too easy: try the next cell.
      if (next.rating > limit) {
        harder = { grid: tried, grade: next, clues: added };
        break;
      }
    }
    if (!harder) return undefined;
    ({ grid, grade, clues } = harder);
  }
  return undefined;
}

const orbitIndexCache = new WeakMap<readonly Int32Array[], Int32Array>();

/** For each cell, the index of its orbit in `orbits` (cached per orbit list). */
function orbitOfCell(g: Geometry, orbits: readonly Int32Array[]): Int32Array {
  let index = orbitIndexCache.get(orbits);
  if (!index) {
    index = new Int32Array(g.cellCount);
    orbits.forEach((orbit, i) => {
      for (const cell of orbit) index![cell] = i;
    });
    orbitIndexCache.set(orbits, index);
  }
  return index;
}

/** Does a grade meet the plan's difficulty targets? */
function meetsTargets(p: Plan, grade: Grade): boolean {
  if (p.difficulty !== undefined && grade.level !== p.difficulty) return false;
  if (p.rating !== undefined && !(grade.rating >= p.rating[0] - 1e-9 && grade.rating <= p.rating[1] + 1e-9)) return false;
  return true;
}

/** A whole number of at least `least` for option `name`, or its default when left out. */
function wholeOption(value: unknown, name: string, least: number, fallback: number): number {
  if (value === undefined) return fallback;
  if (!(typeof value === 'number' && Number.isSafeInteger(value) && value >= least))
    throw new GenerateError('options', `${name} must be a whole number of at least ${least}, got ${JSON.stringify(value)}`);
  return value;
}

/** The one options object the generating functions take: a second argument is refused, naming the option it should be. */
function onlyOptions(fn: string, extra: number): void {
  if (extra > 0) throw new GenerateError('options', `${fn} takes one options object; pass the puzzle's index and the count as its index and count`);
}

/**
 * Puzzle `options.index` (default 0) of the run that `options` describe. Throws a GenerateError
 * when it cannot be made.
 */
export function generatePuzzle(options?: GenerateOptions): GeneratedPuzzle;
export function generatePuzzle(options: GenerateOptions = {}, ...extra: unknown[]): GeneratedPuzzle {
  onlyOptions('generatePuzzle', extra.length);
  const p = plan(options);
  return generateWith(p, wholeOption(options?.index, 'index', 0, 0));
}

/** `options.count` puzzles (default 1) of the run, indices `index` … `index + count − 1`, one at a time. */
export function generatePuzzles(options?: GenerateOptions): Generator<GeneratedPuzzle>;
export function* generatePuzzles(options: GenerateOptions = {}, ...extra: unknown[]): Generator<GeneratedPuzzle> {
  onlyOptions('generatePuzzles', extra.length);
  const p = plan(options);
  const first = wholeOption(options?.index, 'index', 0, 0);
  const count = wholeOption(options?.count, 'count', 0, 1);
  for (let i = 0; i < count; i++) yield generateWith(p, first + i);
}

function generateWith(p: Plan, index: number): GeneratedPuzzle {
  const g = p.geometry;
  const random = seededRandom(deriveSeed(p.seed, index));
  const deadline = deadlineAfter(p.timeLimitMs);
  const orbits = orbitsOf(g, p.symmetry);
  const order = Array.from({ length: orbits.length }, (_, i) => i);
  // An extreme target's attempts are first put through the quick check (classic 9×9 only).
  const quickBelow = g.size === 9 && !g.jigsaw && minRating(p) >= QUICK_REJECT_FROM ? minRating(p) : 0;
  // A technique that only a puzzle of one shape can need starts each attempt from it (practice.ts).
  const shape = p.technique && shapeOf(p.technique);
  // Without a clue target, or for minimal puzzles, the pass runs to the end (the puzzle is as
  // sparse as this order allows); with one it stops at a count drawn from the range.
  const targeted = !p.minimal && p.ceiling < g.cellCount;
  let attempts = 0;
  let outOfTime = false;
  let fewest = Number.POSITIVE_INFINITY;
  let most = 0;
  const levelsSeen = new Map<Level, number>();
  while (attempts < p.maxAttempts) {
    attempts++;
    const left = deadline - performance.now();
    const solution = left > 0 ? randomGrid(g, random, Number.isFinite(left) ? left : undefined) : undefined;
    if (!solution) {
      // Only the time limit stops the search for a grid (every seed it starts from extends to one).
      outOfTime = true;
      break;
    }
    shuffle(order, random);
    if (shape) seedShape(g, solution, shape, order, orbitOfCell(g, orbits), random);
    const stopAt = targeted ? p.floor + Math.floor(random() * (p.ceiling - p.floor + 1)) : 0;
    let removal = removeOrbits(g, solution, orbits, order, { floor: p.floor, stopAt, deadline });
    fewest = Math.min(fewest, removal.clues);
    most = Math.max(most, removal.clues);
    if (removal.clues > p.ceiling && removal.orbitMinimal) {
      // Fewer clues than one pass reaches: walk down from this minimal puzzle (src/generate/remove.ts).
      removal = descend(g, solution, removal.grid, orbits, p.ceiling, p.floor, DESCEND_STEPS, random, deadline);
      fewest = Math.min(fewest, removal.clues);
    }
    if (removal.clues < p.floor || removal.clues > p.ceiling) continue;
    // A complete pass over single cells proves minimality; otherwise check each given (cheap when
    // the pass stopped early: the first given tried can usually go).
    const minimal = removal.orbitMinimal && p.symmetry === 'none' ? true : checkMinimal(g, removal.grid, deadline);
    if (p.minimal && minimal !== true) continue;
    let puzzle = createPuzzle(g, removal.grid);
    let clues = removal.clues;
    let isMinimal = minimal === true;
    let grade: Grade | undefined;
    let practice: GeneratedPuzzle['practice'];
    if (p.technique) {
      const made = practicePuzzle(g, removal.grid, solution, p.technique, p.ceiling, deadline, orbits, orbitOfCell(g, orbits));
      if (!made) {
        if (performance.now() >= deadline) {
          outOfTime = true;
          break;
        }
        continue;
      }
      const added = countGivens(made.givens) - clues;
      if (added > 0) {
        puzzle = createPuzzle(g, made.givens);
        clues += added;
        isMinimal = false; // a given put back can be taken away again
      }
      if (p.minimal && !isMinimal) continue;
      practice = { technique: p.technique.name, steps: made.steps, step: made.step };
    }
    if (p.grade) {
      // The puzzle is unique and its solution known: read the grade off the step solver's path.
      const targeted = p.difficulty !== undefined || p.rating !== undefined || p.technique !== undefined;
      const gradeBy = !targeted && g.size > 9 ? Math.min(deadline, performance.now() + DESCRIBE_GRADE_MS) : deadline;
      if (quickBelow > 0 && solvedBelow(puzzle, quickBelow, deadline)) continue;
      grade = gradeWithin(p, puzzle, solution, gradeBy);
      if (grade.explanation.timedOut && targeted) {
        outOfTime = true;
        break;
      }
      levelsSeen.set(grade.level, (levelsSeen.get(grade.level) ?? 0) + 1);
      if (!meetsTargets(p, grade)) {
        // A technique target's puzzle is made for its path: another clue would change it.
        const softer = p.minimal || p.technique ? undefined : soften(p, puzzle.givens, solution, grade, orbitOfCell(g, orbits), deadline);
        if (!softer) continue;
        ({ grade, clues } = softer);
        puzzle = createPuzzle(g, softer.givens);
        isMinimal = false; // a given put back can be taken away again
      }
    }
    return {
      puzzle,
      solution,
      line: makeLine(puzzle),
      solutionLine: makeLine(g, solution),
      clues,
      minimal: isMinimal,
      symmetry: p.symmetry,
      seed: p.seed,
      index,
      attempts,
      ...(grade === undefined ? {} : { grade }),
      ...(practice === undefined ? {} : { practice }),
    };
  }
  const why = !outOfTime ? `in ${p.maxAttempts} attempts` : `within the time limit of ${p.timeLimitMs} ms (${attempts} attempts)`;
  const graded = LEVELS.filter((l) => levelsSeen.has(l)).map((l) => `${levelsSeen.get(l)} ${l}`);
  const seen = most === 0 ? '' : graded.length > 0 ? ` (the grader put them at: ${graded.join(', ')})` : ` (the attempts ended with ${fewest === most ? fewest : `${fewest} to ${most}`} clues)`;
  // A technique is missed because the path seldom needs it where it is stuck, not for want of clues.
  const advice = p.technique
    ? `${p.technique.name} is seldom the first technique of the teaching path to apply where the easier ones are stuck (bench/results/generate.md times each); allow more attempts or time, or ask for another technique`
    : 'allow more attempts or time, or ask for something easier to meet (more clues, no minimality)';
  throw new GenerateError('budget', `could not make a puzzle (${describeRequest(p)}) ${why}${seen}; ${advice}`);
}

export interface FillOptions {
  readonly geometry?: Geometry;
  /** Givens per puzzle (default: as many as 17 is of 81, the essay's choice, scaled to the board). */
  readonly fill?: number;
  readonly seed?: number;
  /** Time limit per classification in milliseconds (default none); cut-short counts are `unknown`. */
  readonly timeLimitMs?: number;
  /** Which puzzle of the run (default 0), as for `generatePuzzle`. */
  readonly index?: number;
}

export interface FilledPuzzle {
  readonly puzzle: Puzzle;
  readonly class: FillClass;
  readonly seed: number;
  readonly index: number;
}

/** The default number of givens of a random-fill puzzle: 17 per 81 cells, rounded. */
export function defaultFill(g: Geometry): number {
  return Math.round((17 * g.cellCount) / 81);
}

/** Random-fill puzzle `index` of a run (Norvig's random_puzzle experiment, see src/generate/randomFill.ts), classified. */
export function randomFillPuzzle(options?: FillOptions): FilledPuzzle;
export function randomFillPuzzle(options: FillOptions = {}, ...extra: unknown[]): FilledPuzzle {
  onlyOptions('randomFillPuzzle', extra.length);
  const index = wholeOption(options.index, 'index', 0, 0);
  const g = options.geometry ?? geometryOf(3, 3);
  const fill = options.fill ?? defaultFill(g);
  if (!Number.isInteger(fill) || fill < 0 || fill > g.cellCount) throw new GenerateError('options', `fill must be a whole number from 0 to ${g.cellCount}, got ${fill}`);
  const seed = (options.seed ?? 1) >>> 0;
  const random = seededRandom(deriveSeed(seed, index));
  const grid = randomFillGrid(g, fill, random);
  if (!grid) throw new GenerateError('budget', `could not place ${fill} non-clashing random givens on a ${geometryName(g)} board in ${MAX_FILL_DRAWS} draws; ask for fewer`);
  const deadline = deadlineAfter(options.timeLimitMs);
  return { puzzle: createPuzzle(g, grid), class: classifyFill(g, grid, deadline), seed, index };
}
