/**
 * The step solver: at each step, try the techniques in order of difficulty and take the first
 * deduction found, as Sukaku Explainer does; apply it; repeat until the grid is full. Hints,
 * explanations, the `logic` engine and the grader are all built from these steps.
 *
 * Only when no technique applies does it guess, and a guess is a step that says so: it fills the
 * empty cell with the fewest candidates with the digit of the solution the caller supplies (the
 * step solver never searches by itself; the engines do that).
 */
import { cellName } from '../geometry.js';
import { assertPuzzle, type Puzzle } from '../puzzle.js';
import { puzzleFrom } from '../format/parse.js';
import { Board, bit, countBits } from './board.js';
import { deadlineAfter } from '../deadline.js';
import { checkClock, StepTimeout, withDeadline } from './clock.js';
import type { Step, StepContext, Technique } from './step.js';
import { CHAINS_AND_CYCLES } from './techniques/chains.js';
import { FINNED_JELLYFISH, FINNED_SWORDFISH, FINNED_X_WING, JELLYFISH, SWORDFISH, X_WING } from './techniques/fish.js';
import { AIC_TECHNIQUE, X_CHAIN_TECHNIQUE, XY_CHAIN_TECHNIQUE } from './techniques/chains.js';
import { SIMPLE_COLOURING } from './techniques/colouring.js';
import { GROUPED_CHAINS } from './techniques/groupedChains.js';
import { REMOTE_PAIRS } from './techniques/remotePairs.js';
import { SUE_DE_COQ } from './techniques/sueDeCoq.js';
import { FRANKEN_JELLYFISH, FRANKEN_SWORDFISH, FRANKEN_X_WING } from './techniques/frankenFish.js';
import { TEMPLATES } from './techniques/templates.js';
import { ALS_XZ } from './techniques/als.js';
import { ALS_CHAIN, DEATH_BLOSSOM } from './techniques/alsChains.js';
import { EMPTY_RECTANGLE, SKYSCRAPER, TURBOT_FISH, TWO_STRING_KITE } from './techniques/singleDigit.js';
import { DYNAMIC_FORCING_CHAIN, DYNAMIC_PLUS_FORCING_CHAIN, FORCING_CHAIN, NESTED_FORCING_CHAIN, NISHIO_FORCING_CHAIN } from './techniques/forcing/index.js';
import { CLAIMING, DIRECT_CLAIMING, DIRECT_POINTING, POINTING } from './techniques/intersections.js';
import { FIVE_STRONG_LINKS, FOUR_STRONG_LINKS, SIX_STRONG_LINKS, THREE_STRONG_LINKS, TWO_STRONG_LINKS } from './techniques/strongLinks.js';
import { FULL_HOUSE, HIDDEN_SINGLE_BOX, HIDDEN_SINGLE_LINE, NAKED_SINGLE, placeAllSingles } from './techniques/singles.js';
import { DIRECT_HIDDEN_PAIR, DIRECT_HIDDEN_TRIPLE, HIDDEN_PAIR, HIDDEN_QUAD, HIDDEN_TRIPLE, LOCKED_PAIR, LOCKED_TRIPLE, NAKED_PAIR, NAKED_QUAD, NAKED_TRIPLE } from './techniques/subsets.js';
import { BUG_PLUS_1, BUG_TYPES, UNIQUE_LOOP, UNIQUE_RECTANGLE_1, UNIQUE_RECTANGLE_2, UNIQUE_RECTANGLE_3, UNIQUE_RECTANGLE_3_WHOLE, UNIQUE_RECTANGLE_4 } from './techniques/uniqueness.js';
import { W_WING, XY_WING, XYZ_WING } from './techniques/wings.js';
import { VWXYZ_WING, WXYZ_WING } from './techniques/alsWings.js';
import { ALIGNED_PAIR_EXCLUSION, ALIGNED_TRIPLET_EXCLUSION } from './techniques/alignedExclusion.js';
import { checkOptionsObject, checkSignal, describeValue, SudokitError } from '../errors.js';
import { LAW_OF_LEFTOVERS } from './techniques/variant/jigsaw.js';
import { variantSupport } from '../variant/support.js';

/**
 * Every technique, easiest first: the order in which each step is looked for. The order is the
 * SE rating (each module's header says where its ratings come from: Sudoku Explainer 1.2.1's
 * table, and Sukaku Explainer 1.18's where it adds rules, since the calibration sample was rated
 * with it); among equal ratings the simpler pattern comes first, so a step is named as plainly
 * as it can be.
 */
export const TECHNIQUES: readonly Technique[] = [
  FULL_HOUSE, // 1.0
  HIDDEN_SINGLE_BOX, // 1.2
  HIDDEN_SINGLE_LINE, // 1.5
  DIRECT_POINTING, // 1.7
  DIRECT_CLAIMING, // 1.9
  DIRECT_HIDDEN_PAIR, // 2.0
  NAKED_SINGLE, // 2.3
  DIRECT_HIDDEN_TRIPLE, // 2.5
  POINTING, // 2.6
  CLAIMING, // 2.8
  NAKED_PAIR, // 3.0
  X_WING, // 3.2
  HIDDEN_PAIR, // 3.4
  NAKED_TRIPLE, // 3.6
  SWORDFISH, // 3.8
  HIDDEN_TRIPLE, // 4.0
  TWO_STRONG_LINKS, // 4.0-4.3
  XY_WING, // 4.2
  XYZ_WING, // 4.4
  UNIQUE_RECTANGLE_1, // 4.5
  UNIQUE_RECTANGLE_4, // 4.5
  UNIQUE_RECTANGLE_2, // 4.5
  UNIQUE_LOOP, // 4.6-5.0
  UNIQUE_RECTANGLE_3, // 4.6+
  NAKED_QUAD, // 5.0
  JELLYFISH, // 5.2
  HIDDEN_QUAD, // 5.4
  THREE_STRONG_LINKS, // 5.4-5.7
  WXYZ_WING, // 5.5-5.6
  FOUR_STRONG_LINKS, // 5.8-6.1
  BUG_PLUS_1, // 5.6
  BUG_TYPES, // 5.7-6.1
  VWXYZ_WING, // 6.2-6.4
  ALIGNED_PAIR_EXCLUSION, // 6.2
  FIVE_STRONG_LINKS, // 6.2-6.5
  SIX_STRONG_LINKS, // 6.6-6.9
  // SE's chaining rule: every chain and cycle, the lowest rating first. Colouring, finned
  // Swordfish and Jellyfish, W-Wing and ALS-XZ stay in the library but out of this list: SE has
  // no such rules and rates their eliminations as the chains that hold them, so a pattern rated
  // on its own would move the grade away from SE's (7.0-8.4: 45% to 85% exact on the sample).
  CHAINS_AND_CYCLES, // 6.5+
  ALIGNED_TRIPLET_EXCLUSION, // 7.5
  NISHIO_FORCING_CHAIN, // 7.5+
  FORCING_CHAIN, // 8.0+
  DYNAMIC_FORCING_CHAIN, // 8.5+
  DYNAMIC_PLUS_FORCING_CHAIN,
  NESTED_FORCING_CHAIN,
];

/**
 * The teaching path: every technique of the library, in the order a player learns them (HoDoKu's
 * order of families is the model), so a hint names the pattern a human would look for ("Finned
 * X-Wing", "W-Wing") where SE's list would reach for a chain. Each step keeps its own rating on
 * SE's scale; the grade is always taken on SE's path (`TECHNIQUES`), which this list leaves
 * untouched. Singles first (the SE-only "direct" forms, which fold a single into the step that
 * leaves it, are not needed here: the single is its own next step), then locked sets and
 * intersections, subsets, basic fish, remote pairs, the one-digit patterns and the finned
 * X-Wing, wings (Aligned Pair Exclusion among them), uniqueness, the larger finned fish,
 * colouring, X- and XY-Chains, Aligned Triplet Exclusion, ALS steps, AICs and grouped chains,
 * Franken fish, Nishio, templates, and the other forcing chains last. Where one technique's deductions would always be found by an earlier one,
 * the simpler pattern comes first, so each is the step some position needs (and a puzzle can be
 * made to need it: generate/practice.ts).
 */
export const TEACHING_TECHNIQUES: readonly Technique[] = [
  FULL_HOUSE,
  HIDDEN_SINGLE_BOX,
  HIDDEN_SINGLE_LINE,
  NAKED_SINGLE,
  LOCKED_PAIR,
  LOCKED_TRIPLE,
  POINTING,
  CLAIMING,
  NAKED_PAIR,
  NAKED_TRIPLE,
  HIDDEN_PAIR,
  HIDDEN_TRIPLE,
  NAKED_QUAD,
  HIDDEN_QUAD,
  X_WING,
  SWORDFISH,
  JELLYFISH,
  // A remote pair is an XY-Chain of one pair of digits: named at HoDoKu's place, right after the
  // basic fish. After Sue de Coq (its place until 2026-11-28) the wings and colouring had always
  // found its deductions first: no puzzle needed it in 60 s of attempts.
  REMOTE_PAIRS,
  SKYSCRAPER,
  TWO_STRING_KITE,
  TURBOT_FISH,
  EMPTY_RECTANGLE,
  // A finned X-Wing is a grouped two-strong-link pattern too: named as the fish a player learns,
  // before SE's grouped forms, so it is the name a hint gives (and a puzzle can need it).
  FINNED_X_WING,
  // SE's two-strong-link patterns, grouped ones among them (a group of cells in a box as one end).
  TWO_STRONG_LINKS,
  W_WING,
  XY_WING,
  XYZ_WING,
  // Two cells whose pairs of digits would empty a bivalue cell both see: the wings' logic on two
  // cells, before the wings of four and five. After Sue de Coq (its place until 2026-11-28) no
  // puzzle needed it in 60 s of attempts: the larger wings and the uniqueness steps came first.
  ALIGNED_PAIR_EXCLUSION,
  WXYZ_WING,
  VWXYZ_WING,
  UNIQUE_RECTANGLE_1,
  UNIQUE_RECTANGLE_2,
  UNIQUE_RECTANGLE_4,
  UNIQUE_RECTANGLE_3_WHOLE,
  UNIQUE_LOOP,
  BUG_PLUS_1,
  BUG_TYPES,
  FINNED_SWORDFISH,
  FINNED_JELLYFISH,
  SIMPLE_COLOURING,
  // A box meeting a line, with an almost locked set on each side: HoDoKu's place, before chains.
  SUE_DE_COQ,
  // SE's fishes of three to six strong links are X-Chains: left to X_CHAIN_TECHNIQUE below, which
  // names them as HoDoKu does.
  X_CHAIN_TECHNIQUE,
  XY_CHAIN_TECHNIQUE,
  // Three cells and the bivalue and trivalue cells that see them: before the almost locked sets,
  // which find its deductions: placed after them, 100 s of attempts made no puzzle that needed it.
  ALIGNED_TRIPLET_EXCLUSION,
  ALS_XZ,
  ALS_CHAIN,
  DEATH_BLOSSOM,
  AIC_TECHNIQUE,
  GROUPED_CHAINS,
  // Fish with boxes among their base or cover sets: HoDoKu's Franken fish, after the grouped
  // nice loops as HoDoKu orders them. Their search costs a Jellyfish's several times over: before
  // the AICs they made an AIC puzzle's generation a third slower (bench:practice, median 3.7 →
  // 5.1 s). Even the Franken X-Wing sits here: HoDoKu's finned ones are Empty Rectangles or Turbot
  // Fish, and placed just after Finned X-Wing it took 14% of the time of every walk past it (a Sue
  // de Coq puzzle's generation, profiled) and was needed by no puzzle in 30,000 attempts.
  FRANKEN_X_WING,
  FRANKEN_SWORDFISH,
  FRANKEN_JELLYFISH,
  // Nishio follows one digit, so a template of that digit finds every contradiction it finds:
  // after the templates it could never be needed. SE rates it from 7.5 and HoDoKu puts templates
  // after its forcing chains; here they stay before the chains of every digit.
  NISHIO_FORCING_CHAIN,
  TEMPLATES,
  FORCING_CHAIN,
  DYNAMIC_FORCING_CHAIN,
  DYNAMIC_PLUS_FORCING_CHAIN,
  NESTED_FORCING_CHAIN,
];

/** The two paths a solve can follow: `teaching` (every technique, in the order a player learns them) or `se` (Sukaku Explainer's rules and order, which grades). */
export type SolvePath = 'teaching' | 'se';
export const SOLVE_PATHS: readonly SolvePath[] = ['teaching', 'se'];

/** `base` with each of `extra` put before the first technique of `base` rated above it. */
export function mergeByRating(base: readonly Technique[], extra: readonly Technique[]): Technique[] {
  const out = [...base];
  for (const t of extra) {
    const at = out.findIndex((c) => c.rating > t.rating && !extra.includes(c));
    out.splice(at < 0 ? out.length : at, 0, t);
  }
  return out;
}

/** The variant orders made from each list of rule steps, per path. */
const variantOrders = new WeakMap<readonly Technique[], { readonly se: readonly Technique[]; readonly teaching: readonly Technique[] }>();

/**
 * The techniques of a variant puzzle's board, easiest first: the classic ones that stay sound
 * under any rule (not the uniqueness patterns: a rule can tell a deadly pattern's two fillings
 * apart), with the rules' own steps merged in by rating. No Sukaku Explainer rating exists for
 * variants; the ratings place each rule step beside the classic technique it is as hard as, so a
 * grade's levels read the same. The rule steps come from the variant code (src/variant/support.ts),
 * which an app of classic puzzles does not carry.
 */
export function variantTechniques(ruleSteps: readonly Technique[], path: SolvePath): readonly Technique[] {
  let orders = variantOrders.get(ruleSteps);
  if (!orders) {
    orders = {
      se: mergeByRating(
        TECHNIQUES.filter((t) => !t.uniqueness),
        ruleSteps,
      ),
      teaching: mergeByRating(
        TEACHING_TECHNIQUES.filter((t) => !t.uniqueness),
        ruleSteps,
      ),
    };
    variantOrders.set(ruleSteps, orders);
  }
  return orders[path];
}

/** A jigsaw board without other rules: every classic technique (regions are boxes), and the Law of Leftovers. */
export const JIGSAW_TECHNIQUES: readonly Technique[] = mergeByRating(TECHNIQUES, [LAW_OF_LEFTOVERS]);
const JIGSAW_TEACHING_TECHNIQUES: readonly Technique[] = mergeByRating(TEACHING_TECHNIQUES, [LAW_OF_LEFTOVERS]);

/**
 * The techniques a board is solved with on a path (default `teaching`): the variant list when it
 * has rules, the jigsaw list on a jigsaw, the classic list otherwise.
 */
export function techniquesFor(board: Board, path: SolvePath = 'teaching'): readonly Technique[] {
  if (board.rules) return variantTechniques(variantSupport(`${board.rules.constraints.length} constraints`).ruleSteps, path);
  if (path === 'se') return board.geometry.jigsaw ? JIGSAW_TECHNIQUES : TECHNIQUES;
  return board.geometry.jigsaw ? JIGSAW_TEACHING_TECHNIQUES : TEACHING_TECHNIQUES;
}

/**
 * The rating of a guess: above every logical step on the SE scale. A nested forcing chain starts
 * at 10.5 and its length bonus can take it past 12, so a guess sits well clear at 20.
 */
export const GUESS_RATING = 20.0;

export interface ExplainOptions {
  /** The puzzle has exactly one solution, so uniqueness techniques are sound (default false). */
  readonly unique?: boolean | undefined;
  /** The solution to take a guess's digit from; without it the solver stops where logic stops. */
  readonly solution?: ArrayLike<number> | undefined;
  /** Stop after this many steps (default: no limit). */
  readonly maxSteps?: number | undefined;
  /**
   * The path: `teaching` (default: every technique, in the order a player learns them) or `se`
   * (Sukaku Explainer's techniques and order, the path a grade is taken on).
   */
  readonly path?: SolvePath | undefined;
  /** The techniques to use, in order (default: the path's, for this board; given, they replace it). */
  readonly techniques?: readonly Technique[] | undefined;
  /**
   * Stop looking for steps after this many milliseconds (default: no limit). The explanation
   * then holds the steps found so far, with `timedOut` set.
   */
  readonly timeLimitMs?: number | undefined;
  /**
   * Stop when this signal is aborted: `explain` then throws the signal's reason, as the worker's
   * requests reject with it. Checked before the path starts and as the techniques search, so the
   * same options object serves `explain` here and in `sudokit/worker`.
   */
  readonly signal?: AbortSignal | undefined;
  /**
   * Stop right after the first step rated above this (default: never). A caller that only needs
   * to know whether a puzzle stays within a rating (the generator's level targets) skips the rest
   * of the path; the explanation then ends with that step, unsolved, with a reason.
   */
  readonly stopAbove?: number | undefined;
}

export interface Explanation {
  /** The path the steps follow (`se` when the caller gave its own techniques: a list is rated as it is). */
  readonly path: SolvePath;
  /** True when the steps fill the grid. */
  readonly solved: boolean;
  /** True when at least one step is a guess. */
  readonly guessed: boolean;
  readonly steps: Step[];
  /** The board after the last step. */
  readonly board: Board;
  /** Why the steps stop short of a full grid, when they do. */
  readonly reason?: string;
  /** True when the time limit came before the path was complete. */
  readonly timedOut?: boolean;
}

/** The next step on this board: the first technique, easiest first, that finds a deduction. */
export function nextStep(board: Board, context: StepContext = { unique: false }, given?: readonly Technique[]): Step | undefined {
  if (!(board instanceof Board)) {
    const what = typeof board === 'string' ? 'text' : typeof board === 'object' && board !== null && 'givens' in board ? 'a puzzle' : board === null ? 'null' : typeof board;
    throw new SudokitError('options', `nextStep(board): expected a Board (Board.fromPuzzle(puzzle)), got ${what}`);
  }
  const techniques = given ?? techniquesFor(board);
  // A variant's rules can tell a deadly pattern's fillings apart: uniqueness arguments do not hold.
  const ctx: StepContext = board.rules ? { unique: false } : context;
  for (const technique of techniques) {
    if (technique.uniqueness && !ctx.unique) continue;
    checkClock();
    const step = technique.find(board, ctx);
    if (step && (step.placements.length > 0 || step.eliminations.length > 0)) return step;
  }
  return undefined;
}

/** Apply a step's placements and eliminations to the board. */
export function applyStep(board: Board, step: Step): void {
  for (const p of step.placements) if (board.values[p.cell] === 0) board.place(p.cell, p.digit);
  for (const e of step.eliminations) board.eliminate(e.cell, e.digit);
}

/**
 * Where a walk ends when only its end matters: the singles placed in bulk between the other
 * steps (`placeAllSingles`), no sentence written for them, the other steps found with
 * `techniques` (a single among them never fires) as `nextStep` finds them, on a puzzle with one
 * solution. 'solved'; 'stuck' when nothing applies or `take` refuses the step found (it sees each
 * step before it is applied); 'timeout' past `deadline` (a performance.now() value). A walk that
 * tries the singles first at every step takes the same other steps and ends on the same board:
 * singles reach one board in whatever order they are placed. The generator decides with it which
 * attempts to keep.
 */
export function walkPastSingles(board: Board, techniques: readonly Technique[], deadline: number, take?: (step: Step) => boolean): 'solved' | 'stuck' | 'timeout' {
  const context = { unique: true };
  try {
    return withDeadline(deadline, () => {
      for (;;) {
        placeAllSingles(board);
        if (board.isSolved()) return 'solved';
        const step = nextStep(board, context, techniques);
        if (!step || (take && !take(step))) return 'stuck';
        applyStep(board, step);
      }
    });
  } catch (e) {
    if (e instanceof StepTimeout) return 'timeout';
    throw e;
  }
}

/** A guess: the empty cell with the fewest candidates gets the solution's digit. */
export function guessStep(board: Board, solution: ArrayLike<number>): Step | undefined {
  const g = board.geometry;
  let best = -1;
  let fewest = Number.POSITIVE_INFINITY;
  for (let cell = 0; cell < g.cellCount; cell++) {
    if (board.values[cell] !== 0) continue;
    const n = countBits(board.candidates[cell]!);
    if (n < fewest) {
      fewest = n;
      best = cell;
    }
  }
  const digit = solution[best] ?? 0;
  if (best < 0 || digit === 0 || (board.candidates[best]! & bit(digit)) === 0) return undefined;
  return {
    technique: 'guess',
    rating: GUESS_RATING,
    placements: [{ cell: best, digit }],
    eliminations: [],
    cells: [best],
    candidates: [],
    text: `Guess: no technique applies; try ${cellName(g, best)}=${g.digits[digit - 1]} (one of its ${fewest} candidates, the one the solution has)`,
  };
}

/** The whole path from a puzzle (or a board part way through) to a full grid, step by step. */
export function explain(given: Puzzle | Board | string, givenOptions: ExplainOptions | null = {}): Explanation {
  const start = typeof given === 'string' ? puzzleFrom('explain', given) : given;
  if (!(start instanceof Board)) assertPuzzle(start);
  checkOptionsObject('explain', givenOptions);
  const options: ExplainOptions = givenOptions ?? {};
  if (options.timeLimitMs !== undefined && !(typeof options.timeLimitMs === 'number' && options.timeLimitMs >= 0))
    throw new SudokitError('options', `Invalid timeLimitMs: expected a number of at least 0, got ${describeValue(options.timeLimitMs)}`);
  if (options.path !== undefined && !SOLVE_PATHS.includes(options.path)) throw new SudokitError('options', `Invalid path: expected ${SOLVE_PATHS.join(' or ')}, got ${describeValue(options.path)}`);
  if (options.maxSteps !== undefined && !(Number.isInteger(options.maxSteps) && options.maxSteps >= 0))
    throw new SudokitError('options', `Invalid maxSteps: expected a whole number of at least 0, got ${describeValue(options.maxSteps)}`);
  if (options.unique !== undefined && typeof options.unique !== 'boolean') throw new SudokitError('options', `Invalid unique: expected true or false, got ${describeValue(options.unique)}`);
  if (options.stopAbove !== undefined && typeof options.stopAbove !== 'number') throw new SudokitError('options', `Invalid stopAbove: expected a rating, got ${describeValue(options.stopAbove)}`);
  const cells = start.geometry.cellCount;
  if (options.solution !== undefined && (typeof options.solution !== 'object' || options.solution === null || options.solution.length !== cells)) {
    throw new SudokitError(
      'options',
      `Invalid solution: expected ${cells} cells, got ${options.solution === null || typeof options.solution !== 'object' ? describeValue(options.solution) : `${options.solution.length}`}`,
    );
  }
  checkSignal(options.signal);
  const board = start instanceof Board ? start.clone() : Board.fromPuzzle(start);
  const steps: Step[] = [];
  try {
    return withDeadline(deadlineAfter(options.timeLimitMs), () => walk(board, steps, options), options.signal);
  } catch (e) {
    if (!(e instanceof StepTimeout)) throw e;
    // A technique may have been cut off part way through a change to the board: replay the steps.
    const replay = start instanceof Board ? start.clone() : Board.fromPuzzle(start);
    for (const step of steps) applyStep(replay, step);
    const guessed = steps.some((s) => s.technique === 'guess');
    return { path: pathOf(options), solved: false, guessed, steps, board: replay, reason: `the time limit of ${options.timeLimitMs} ms came after ${steps.length} steps`, timedOut: true };
  }
}

/** The path an explanation follows: the one asked for; a caller's own list of techniques counts as SE's. */
function pathOf(options: ExplainOptions): SolvePath {
  return options.path ?? (options.techniques ? 'se' : 'teaching');
}

/** The steps from `board` on, pushed onto `steps` as they are found (so a time-out keeps them). */
function walk(board: Board, steps: Step[], options: ExplainOptions): Explanation {
  const context: StepContext = { unique: options.unique ?? false };
  const path = pathOf(options);
  const techniques = options.techniques ?? techniquesFor(board, path);
  const maxSteps = options.maxSteps ?? Number.POSITIVE_INFINITY;
  const stopAbove = options.stopAbove ?? Number.POSITIVE_INFINITY;
  let guessed = false;
  const stop = (reason?: string): Explanation => ({ path, solved: board.isSolved() && reason === undefined, guessed, steps, board, reason });
  let broken = board.findContradiction();
  if (broken) return stop(`the puzzle has no solution: ${broken}`);
  while (!board.isSolved()) {
    if (steps.length >= maxSteps) return stop(`stopped after ${maxSteps} steps`);
    let step = nextStep(board, context, techniques);
    if (!step) {
      step = options.solution ? guessStep(board, options.solution) : undefined;
      if (!step) {
        // Say what was left out: without unique, the techniques that rest on one solution are not tried.
        const skipped = !context.unique && techniques.some((t) => t.uniqueness) ? ' (the techniques that need one solution wait for { unique: true })' : '';
        return stop(`no technique applies${skipped}, and a guess needs the solution`);
      }
      guessed = true;
    }
    steps.push(step);
    applyStep(board, step);
    broken = board.findContradiction();
    if (broken) return stop(`the puzzle has no solution: ${broken}`);
    if (step.rating > stopAbove + 1e-9 && !board.isSolved()) return stop(`stopped at a step rated above ${stopAbove}`);
  }
  return stop();
}

/**
 * The index of the hardest step of a path: the step that rates the puzzle (the first of the
 * highest rating, as SE reports the first step it needed that technique for), or -1 when there
 * are no steps.
 */
export function hardestStepOf(steps: readonly Step[]): number {
  let best = -1;
  for (let i = 0; i < steps.length; i++) if (best < 0 || steps[i]!.rating > steps[best]!.rating) best = i;
  return best;
}
