/**
 * Where the package root's step solver, grades and generation find the variant solver: a slot
 * that `sudokit/variant` (and the command line, `sudokit/engines` and the worker) fill when they
 * load (`install.ts`). Through it an app of classic puzzles carries none of the variant code (the
 * solver, every constraint kind, the rules' steps), while an app that reads a variant's link has
 * filled the slot by importing the reader.
 *
 * This module imports nothing heavy: only what it names and the error it throws.
 */
import type { SolveOptions, SolveResult } from '../engine.js';
import { SudokitError } from '../errors.js';
import type { VariantRules } from '../logic/rules.js';
import type { Technique } from '../logic/step.js';
import type { Puzzle } from '../puzzle.js';

/** What the library's own parts need of the variant code. */
export interface VariantSupport {
  /** Solve a puzzle with constraints or jigsaw regions (already checked). */
  readonly solve: (puzzle: Puzzle, options: SolveOptions) => SolveResult;
  /** Throw a SudokitError naming a constraint that does not fit its board. */
  readonly checkConstraints: (puzzle: Puzzle) => void;
  /** The step solver's view of a puzzle's rules (its constraints checked first); undefined without constraints. */
  readonly rules: (puzzle: Puzzle) => VariantRules | undefined;
  /** The rules' own steps, which the step solver merges into its orders by rating. */
  readonly ruleSteps: readonly Technique[];
  /** Whether a complete grid (its units already checked) keeps every constraint of the puzzle (the root's isSolution). */
  readonly keepsRules: (puzzle: Puzzle, grid: ArrayLike<number>) => boolean;
}

let installed: VariantSupport | undefined;

/** Called once by install.ts when it loads. */
export function provideVariantSupport(support: VariantSupport): void {
  installed = support;
}

/**
 * The variant code, or a SudokitError ('unsupported') saying how to load it; `part` says what
 * makes the puzzle a variant ("3 constraints", as `variantPart` words it).
 */
export function variantSupport(part: string): VariantSupport {
  if (installed) return installed;
  throw new SudokitError(
    'unsupported',
    `This puzzle has ${part}: import 'sudokit/variant' (its parseVariant or solve) before passing it to the package root's functions; that entry teaches their solve, steps, grades and generation every rule`,
  );
}
