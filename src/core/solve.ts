/**
 * The front door of solving, in three widths that share one shape:
 * - `solve` here (the package root): classic puzzles of every size with the two cores, or with
 *   an `Engine` object the caller brings. It imports nothing beyond the cores, so an app that
 *   only parses and solves carries the cores and the parser, not the step solver, the readable
 *   engines or the variant solver (bench/results/bundle.md).
 * - `sudokit/variant`'s `solve` (src/variant/solve.ts): the same, and puzzles with constraints
 *   or jigsaw regions, which go to the variant solver.
 * - `sudokit/engines`'s `solve` (src/registry.ts): the same as the variant one, and every engine
 *   of the registry by its id.
 * Each checks the puzzle and the options once, then trusts them.
 */
import { checkSolveOptions, ENGINE_IDS, type Engine, type SolveOptions, type SolveResult } from '../engine.js';
import { SudokitError } from '../errors.js';
import { assertPuzzle, type Puzzle } from '../puzzle.js';
import { coreEngine, fastEngine } from './engines.js';
import { makeLine } from '../format/make.js';
import { puzzleFrom } from '../format/parse.js';

/** The engines the package root solves with by id: the cores. Other ids are `sudokit/engines`'s. */
export type CoreEngineId = 'fast' | 'exact-cover';

/** `solve`'s options: the engine by a core id or as an object (default the fast core). */
export interface CoreSolveOptions extends SolveOptions {
  readonly engine?: CoreEngineId | Engine | undefined;
}

/** What a front door knows beyond the cores. */
export interface SolveDoor {
  /** The engine with this id, or undefined. */
  readonly engineById: (id: string) => Engine | undefined;
  /** Every id it knows, for the error that names an unknown one. */
  readonly engineIds: readonly string[];
  /** The variant solver, where the door has one. */
  readonly variant?: (puzzle: Puzzle, options: SolveOptions) => SolveResult;
  /** Checks a puzzle's constraints, where the door reads them. */
  readonly checkConstraints?: (puzzle: Puzzle) => void;
  /** The puzzle a text gives (a coded error when it gives none). */
  readonly read: (text: string) => Puzzle;
  /** The engine when none is named, and the one that solves variant puzzles (the fast engine). */
  readonly defaultEngine: Engine;
  /** Why a board of this size is refused, where the door takes fewer sizes than its engines say. */
  readonly refuseSize?: (puzzle: Puzzle) => string | undefined;
}

/** The cores' ids, in the registry's order. */
export const CORE_ENGINE_IDS: readonly CoreEngineId[] = ['fast', 'exact-cover'];

const CORE_DOOR: SolveDoor = { defaultEngine: fastEngine, engineById: coreEngine, engineIds: CORE_ENGINE_IDS, read: (text) => puzzleFrom('solve', text) };

/** What makes a puzzle a variant ("jigsaw regions", "3 constraints"), or undefined for a classic one. */
export function variantPart(puzzle: Puzzle): string | undefined {
  if (puzzle.geometry.jigsaw) return 'jigsaw regions';
  const constraints = (puzzle as { readonly constraints?: unknown }).constraints;
  if (constraints === undefined) return undefined;
  if (!Array.isArray(constraints)) throw new SudokitError('invalid', `Invalid puzzle: "constraints" must be an array, got ${constraints === null ? 'null' : typeof constraints}`);
  return constraints.length === 0 ? undefined : `${constraints.length} constraint${constraints.length === 1 ? '' : 's'}`;
}

/** Solve through a door: check, route a variant to the door's variant solver, pick the engine. */
export function solveThrough(door: SolveDoor, given: Puzzle | string, options: CoreSolveOptions | ({ readonly engine?: string | Engine | undefined } & SolveOptions) | null | undefined): SolveResult {
  const puzzle = typeof given === 'string' ? door.read(given) : given;
  assertPuzzle(puzzle);
  // null, as JavaScript callers write for "no options", is none
  const opts = options ?? {};
  checkSolveOptions(opts);
  const chosen = opts.engine;
  const variant = variantPart(puzzle);
  if (variant !== undefined) {
    if (!door.variant) {
      throw new SudokitError('unsupported', `This puzzle has ${variant}: solve it with solve from 'sudokit/variant', which reads every rule (the package root's solve takes classic puzzles)`);
    }
    door.checkConstraints?.(puzzle);
    if (chosen !== undefined && chosen !== door.defaultEngine.id && chosen !== door.defaultEngine) {
      const name = typeof chosen === 'string' ? chosen : chosen.id;
      throw new SudokitError('unsupported', `Engine "${name}" solves classic puzzles only; a variant puzzle (jigsaw regions or constraints) is solved by the default engine`);
    }
    return withLine(door.variant(puzzle, opts), puzzle);
  }
  const engine = chosen === undefined ? door.defaultEngine : typeof chosen === 'string' ? door.engineById(chosen) : checkedEngine(chosen);
  if (!engine) {
    const elsewhere =
      typeof chosen === 'string' && (ENGINE_IDS as readonly string[]).includes(chosen) ? `; "${chosen}" is one of the readable engines: solve with it through solve from 'sudokit/engines'` : '';
    throw new SudokitError('engine', `Unknown engine ${JSON.stringify(chosen)}: expected one of ${door.engineIds.join(', ')}${elsewhere}`);
  }
  const refused = door.refuseSize?.(puzzle);
  if (refused !== undefined) throw new SudokitError('unsupported', refused);
  if (!engine.supports(puzzle.geometry)) throw new SudokitError('unsupported', `Engine "${engine.id}" does not solve ${puzzle.geometry.size}x${puzzle.geometry.size} boards`);
  return withLine(engine.solve(puzzle, opts), puzzle);
}

/** The result with its first solution also as one line of digits, the form that goes into JSON and an app's state as it is. */
function withLine(result: SolveResult, puzzle: Puzzle): SolveResult {
  return result.solution === undefined ? result : { ...result, line: makeLine(puzzle, result.solution) };
}

/** An engine object a caller passed: it must have the shape `solve` calls. */
function checkedEngine(value: unknown): Engine {
  const e = value as Partial<Engine> | null;
  if (typeof e !== 'object' || e === null || typeof e.solve !== 'function' || typeof e.supports !== 'function' || typeof e.id !== 'string') {
    throw new SudokitError('engine', `Invalid engine: expected an engine id or an object with id, supports and solve, got ${e === null ? 'null' : typeof e}`);
  }
  return e as Engine;
}

/**
 * Solve a classic puzzle of any size (4×4 to 49×49, any box shape), or the puzzle a text gives in
 * any format `parsePuzzle` reads (a `PuzzleError` with its code when it gives none), with the fast core, or with the
 * engine named by `options.engine`: `'fast'`, `'exact-cover'`, or an `Engine` object (the readable
 * engines are `sudokit/engines`'s). Up to `limit` solutions (default 1; 2 decides uniqueness),
 * within `timeLimitMs`, each passed to `onSolution` as it is found. Checks the puzzle (a
 * `PuzzleError` with the parser's code) and the options (a `SudokitError` 'options') first;
 * `null` options are none. A puzzle with constraints or jigsaw regions is refused with
 * 'unsupported': `sudokit/variant`'s `solve` reads those.
 */
export function solve(puzzle: Puzzle | string, options: CoreSolveOptions | null = {}): SolveResult {
  return solveThrough(CORE_DOOR, puzzle, options);
}
