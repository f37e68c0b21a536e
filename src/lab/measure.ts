/**
 * The benchmark lab's measurements: run an engine over a set of puzzles, one at a time on this
 * thread, timing each puzzle and checking each answer.
 *
 * It reproduces the table of Norvig's essay (N, Hz, avg, max per file) and adds what that table
 * leaves out. Per-puzzle times and tree sizes are kept, because the distributions of a
 * backtracking search are heavy-tailed and the mean alone hides it (see `stats.ts`). Every
 * answer is checked with `isSolution`, so a broken engine shows up in the `wrong` count instead
 * of looking fast; a per-puzzle time cap keeps a slow engine from hanging the run, and capped
 * puzzles are counted, never dropped. Bad input lines are counted as invalid, never fatal.
 *
 * Time is wall time around each `engine.solve` call (the same clock for every engine, whatever
 * it reports itself). Before timing, each engine solves the first 50 puzzles of the set untimed,
 * round and round, up to 2,000 solves or 0.25 s, so the JIT's warm-up (which made the first file
 * of a run look several times slower than the same puzzles reversed) does not land on the
 * first rows of the table.
 */
import type { Engine, SolveOptions, ValOrder, VarOrder } from '../engine.js';
import { parsePuzzle, type ParseOptions } from '../format/parse.js';
import type { PuzzleRecord } from '../format/records.js';
import { createPuzzle, isSolution, type Puzzle } from '../puzzle.js';

/** A line of a bench file that is not a puzzle. */
export interface InvalidLine {
  readonly line: number;
  readonly message: string;
}

/** The puzzles of one bench file (or of one derived set, such as the reversed puzzles). */
export interface BenchSet {
  readonly name: string;
  readonly puzzles: readonly Puzzle[];
  readonly invalid: readonly InvalidLine[];
}

/** Parse the records of a file into a bench set; bad records are kept as invalid lines. `max` keeps only the first valid puzzles. */
export function makeBenchSet(name: string, records: readonly PuzzleRecord[], options: ParseOptions & { readonly max?: number } = {}): BenchSet {
  const puzzles: Puzzle[] = [];
  const invalid: InvalidLine[] = [];
  const parseOptions = options.box === undefined ? {} : { box: options.box };
  for (const record of records) {
    if (options.max !== undefined && puzzles.length >= options.max) break;
    const parsed = parsePuzzle(record.text, parseOptions);
    if (parsed.ok) puzzles.push(parsed.puzzle);
    else invalid.push({ line: record.line, message: parsed.error.message });
  }
  return { name, puzzles, invalid };
}

/**
 * The puzzle read backwards: cell i gets the given of cell n²−1−i, which is the one-line string
 * reversed (Norvig's ALL2). It is the board turned by 180°, so it has as many solutions, but a
 * search that scans cells in order meets it in a different order.
 */
export function reversePuzzle(puzzle: Puzzle): Puzzle {
  return createPuzzle(puzzle.geometry, puzzle.givens.slice().reverse());
}

/** The set with every puzzle reversed, named `NAME (reversed)`; invalid lines are not repeated. */
export function reversedSet(set: BenchSet): BenchSet {
  return { name: `${set.name} (reversed)`, puzzles: set.puzzles.map(reversePuzzle), invalid: [] };
}

export interface BenchOptions {
  /** Solutions to count per puzzle (2 proves uniqueness, as the essay's table does not; 1 stops at the first). */
  readonly limit: number;
  /** Per-puzzle time cap in milliseconds (the engine's `timeLimitMs`). */
  readonly capMs?: number | undefined;
  /** Randomises the engines' search order (seeded by the caller, so runs repeat). */
  readonly random?: (() => number) | undefined;
  /** Variable and value orderings for the engines that search with them. */
  readonly varOrder?: VarOrder | undefined;
  readonly valOrder?: ValOrder | undefined;
  /** Called after each puzzle with the number done so far. */
  readonly onProgress?: ((done: number) => void) | undefined;
}

/** One engine over one set: the measurements of every puzzle, and what went wrong. */
export interface BenchRow {
  readonly engine: string;
  readonly file: string;
  /** Puzzles solved (timed): the set's puzzles that the engine supports. */
  readonly n: number;
  /** Lines of the file that were not puzzles. */
  readonly invalid: number;
  /** Puzzles the engine declines up front (a size it does not handle, or its own `refuses`): counted, not timed. */
  readonly refused: number;
  /** Why the first refused puzzle was refused. */
  readonly firstRefusal?: string;
  /** Puzzles stopped by the time cap before the answer was settled. */
  readonly capped: number;
  /** Puzzles answered wrongly: no solution reported (without a cap), a grid that is not a solution, or an error thrown. */
  readonly wrong: number;
  /** Puzzles with more than one solution (found within the limit). */
  readonly multiple: number;
  /** The first failure, for the report (what and which puzzle). */
  readonly firstFailure?: string;
  /** Wall time per puzzle, microseconds, in set order. */
  readonly micros: Float64Array;
  /** Search nodes per puzzle, in set order. */
  readonly nodes: Float64Array;
  /** Guesses per puzzle, in set order. */
  readonly guesses: Float64Array;
  /** Sum of the per-puzzle times, in seconds. */
  readonly seconds: number;
}

const WARM_UP_MS = 250;
const WARM_UP_PUZZLES = 50;
const WARM_UP_SOLVES = 2000;

/** Run one engine over one set of puzzles and measure it (see the header comment). */
export function benchEngine(engine: Engine, set: BenchSet, options: BenchOptions): BenchRow {
  const reasons = set.puzzles.map((p) => refusalOf(engine, p));
  const supported = set.puzzles.filter((_, i) => reasons[i] === undefined);
  const firstRefusal = reasons.find((r) => r !== undefined);
  const solveOptions: SolveOptions = {
    limit: options.limit,
    ...(options.capMs === undefined ? {} : { timeLimitMs: options.capMs }),
    ...(options.random === undefined ? {} : { random: options.random }),
    ...(options.varOrder === undefined ? {} : { varOrder: options.varOrder }),
    ...(options.valOrder === undefined ? {} : { valOrder: options.valOrder }),
  };
  warmUp(engine, supported, solveOptions);
  const n = supported.length;
  const micros = new Float64Array(n);
  const nodes = new Float64Array(n);
  const guesses = new Float64Array(n);
  let capped = 0;
  let wrong = 0;
  let multiple = 0;
  let firstFailure: string | undefined;
  let total = 0;
  for (let i = 0; i < n; i++) {
    const puzzle = supported[i]!;
    const started = performance.now();
    let failure: string | undefined;
    try {
      const result = engine.solve(puzzle, solveOptions);
      const elapsed = performance.now() - started;
      micros[i] = elapsed * 1000;
      nodes[i] = result.stats.nodes;
      guesses[i] = result.stats.guesses;
      if (result.timedOut && result.count < options.limit) capped++;
      if (result.count > 1) multiple++;
      if (result.count > 0 && !(result.solution && isSolution(puzzle, result.solution))) failure = 'reported a grid that is not a solution';
      else if (result.count === 0 && !result.timedOut) failure = 'reported no solution';
    } catch (e) {
      micros[i] = (performance.now() - started) * 1000;
      failure = `threw ${(e as Error).message}`;
    }
    total += micros[i]!;
    if (failure !== undefined) {
      wrong++;
      firstFailure ??= `puzzle ${i + 1} of ${set.name}: ${failure}`;
    }
    options.onProgress?.(i + 1);
  }
  return {
    engine: engine.id,
    file: set.name,
    n,
    invalid: set.invalid.length,
    refused: set.puzzles.length - n,
    ...(firstRefusal === undefined ? {} : { firstRefusal }),
    capped,
    wrong,
    multiple,
    ...(firstFailure === undefined ? {} : { firstFailure }),
    micros,
    nodes,
    guesses,
    seconds: total / 1e6,
  };
}

/** The puzzles of a set that the engine takes on: a size it supports, and not refused up front. */
export function acceptedPuzzles(engine: Engine, set: BenchSet): Puzzle[] {
  return set.puzzles.filter((p) => refusalOf(engine, p) === undefined);
}

/** Why the engine declines this puzzle up front, or undefined when it takes it on. */
function refusalOf(engine: Engine, puzzle: Puzzle): string | undefined {
  const { size } = puzzle.geometry;
  if (!engine.supports(puzzle.geometry)) return `${engine.id} does not solve ${size}x${size} boards`;
  return engine.refuses?.(puzzle);
}

/**
 * Solve the first puzzles untimed, over and over, until WARM_UP_MS or WARM_UP_SOLVES solves have
 * passed, so the JIT has compiled the engine (at most one solve runs past WARM_UP_MS).
 */
function warmUp(engine: Engine, puzzles: readonly Puzzle[], options: SolveOptions): void {
  const sample = puzzles.slice(0, WARM_UP_PUZZLES);
  if (sample.length === 0) return;
  const until = performance.now() + WARM_UP_MS;
  for (let i = 0; i < WARM_UP_SOLVES && performance.now() < until; i++) {
    try {
      // The very options of the timed run: a deadline where the run has none would warm another code path.
      engine.solve(sample[i % sample.length]!, options);
    } catch {
      // The timed run counts failures; the warm-up only warms.
    }
  }
}
