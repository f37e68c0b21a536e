/**
 * Answering a batch of puzzles for the step commands (`hint`, `explain`, `grade`): parse, find
 * the solution, walk the steps, and write each answer in the chosen format. Like `answerBatch`
 * for `solve`, it runs on a worker of the CLI's pool and returns text, so what is printed never
 * depends on the thread that computed it.
 *
 * Every puzzle gets one answer in input order, whatever goes wrong with it: a line that does not
 * parse (status `invalid`, with the parser's error code), no solution (`unsolvable`), several
 * solutions where a grade needs one (`multiple`), or the time limit (`timeout`, with the steps
 * found so far and the rating they reach, which the whole path can only raise).
 */
import { makeCandidateGrid } from '../format/candidates.js';
import { makeLine } from '../format/make.js';
import { isVariantText, parseVariant } from '../format/variant.js';
import { describeHardest, makeHardestJson, makeStepJson } from '../format/steps.js';
import { type Grade, gradeOf } from '../logic/grade.js';
import { Board, MAX_LOGIC_SIZE } from '../logic/board.js';
import { deadlineAfter } from '../deadline.js';
import { StepTimeout, withDeadline } from '../logic/clock.js';
import type { Step } from '../logic/step.js';
import { applyStep, explain, guessStep, nextStep, type SolvePath, techniquesFor } from '../logic/stepSolver.js';
import type { Puzzle } from '../puzzle.js';
import { isVariant } from '../variant/puzzle.js';
import { type BatchInput, parseRecord } from './input.js';
import { solve } from '../registry.js';

export const STEP_COMMANDS = ['hint', 'explain', 'grade'] as const;
export type StepCommand = (typeof STEP_COMMANDS)[number];

/**
 * The time limit a step command puts on each puzzle above 9×9, and on each variant puzzle, unless
 * told otherwise: a 16×16 path with forcing chains can take a minute, a 25×25 much longer, and a
 * variant's forcing chains search a board its rules keep wide open.
 */
export const DEFAULT_STEP_TIME_LIMIT_MS = 10_000;

export interface StepBatchOptions {
  readonly command: StepCommand;
  readonly format: 'text' | 'json';
  /** Box shape `RxC` for boards whose side is not a perfect square. */
  readonly box?: string;
  /** `hint` and `explain`: the path to follow (default `teaching`); `grade` always takes SE's. */
  readonly path?: SolvePath;
  /** `explain`: print the candidate grid before the first step and after each. */
  readonly verbose?: boolean;
  /** Milliseconds per puzzle, counting the search for its solution; default: none for 9×9 and smaller, `DEFAULT_STEP_TIME_LIMIT_MS` above. */
  readonly timeLimitMs?: number;
  /** The input the batch came from, when there are several: messages say `file.txt:line 3`. */
  readonly source?: string;
}

export interface StepBatchAnswer {
  /** Everything for stdout: exactly one answer per record, in order. */
  readonly out: string;
  /** Messages for stderr, one line per puzzle that failed. */
  readonly err: string;
  /** How many puzzles failed (invalid, unsolvable, multiple where a grade needs one, timeout). */
  readonly failed: number;
  /** How many records, from the first, the answer covers: all of them unless a slice cut one short. */
  readonly answered: number;
  /** When a slice cut a puzzle short: how long it ran (ms). */
  readonly cutMs?: number;
}

type Failure = { readonly status: 'invalid' | 'unsupported' | 'unsolvable' | 'multiple' | 'timeout'; readonly code: string; readonly message: string };

/**
 * Answer every record of a batch. Given `sliceMs`, each puzzle also stops after that many
 * milliseconds, and the answer ends before the first one that stops there before its own time
 * limit (`answered` says how many it covers, `cutMs` how long that one ran): the CLI tries puzzles
 * on the main thread that way, and hands one that takes longer to a worker (batch/scheduler.ts).
 */
export function answerStepBatch(batch: BatchInput, options: StepBatchOptions, sliceMs?: number): StepBatchAnswer {
  let out = '';
  let err = '';
  let failed = 0;
  const first = batch.first ?? 1;
  for (let i = 0; i < batch.texts.length; i++) {
    const where = `${options.source === undefined ? '' : `${options.source}:`}line ${batch.lines[i]!}`;
    const started = performance.now();
    const answer = answerOne(batch.texts[i]!, batch.lines[i]!, first + i, where, options, sliceMs, i === 0 ? (batch.firstSpentMs ?? 0) : 0);
    if (answer === undefined) return { out, err, failed, answered: i, cutMs: performance.now() - started };
    out += answer.out;
    if (answer.failure) {
      failed++;
      err += `sudokit: ${where}: ${answer.failure.message}\n`;
    }
  }
  return { out, err, failed, answered: batch.texts.length };
}

function answerOne(text: string, line: number, number: number, where: string, options: StepBatchOptions, sliceMs: number | undefined, spentMs: number): { out: string; failure?: Failure } | undefined {
  let puzzle: Puzzle;
  if (isVariantText(text)) {
    const read = parseVariant(text);
    if (!read.ok) return failedAnswer(options, line, text, { status: read.error.code, ...read.error }, where);
    puzzle = read.puzzle;
  } else {
    const parsed = parseRecord(text, options.box);
    if (!parsed.ok) return failedAnswer(options, line, text, { status: 'invalid', ...parsed.error }, where);
    puzzle = parsed.puzzle;
  }
  const g = puzzle.geometry;
  const puzzleLine = makeLine(g, puzzle.givens);
  if (g.size > MAX_LOGIC_SIZE) {
    const message = `Invalid puzzle: step solving supports boards up to ${MAX_LOGIC_SIZE}x${MAX_LOGIC_SIZE}, got ${g.size}x${g.size}`;
    return failedAnswer(options, line, puzzleLine, { status: 'invalid', code: 'geometry', message }, where);
  }
  const ownLimitMs = options.timeLimitMs ?? (g.size > 9 || isVariant(puzzle) ? DEFAULT_STEP_TIME_LIMIT_MS : undefined);
  // A slice shorter than the puzzle's own limit stands in for it, and a timeout then means "try again elsewhere".
  const sliced = sliceMs !== undefined && (ownLimitMs === undefined || sliceMs < ownLimitMs);
  const timeLimitMs = sliced ? sliceMs : ownLimitMs === undefined ? undefined : Math.max(0, ownLimitMs - spentMs);
  const answer = answerWithin(puzzle, puzzleLine, line, number, where, options, timeLimitMs, ownLimitMs, sliced);
  return sliced && answer.failure?.status === 'timeout' ? undefined : answer;
}

function answerWithin(
  puzzle: Puzzle,
  puzzleLine: string,
  line: number,
  number: number,
  where: string,
  options: StepBatchOptions,
  timeLimitMs: number | undefined,
  ownLimitMs: number | undefined,
  sliced: boolean,
): { out: string; failure?: Failure } {
  const deadline = deadlineAfter(timeLimitMs);
  const counted = solve(puzzle, { limit: 2, ...(timeLimitMs === undefined ? {} : { timeLimitMs }) });
  const outOfTime = `the time limit of ${ownLimitMs} ms came`;
  // Within a slice, a count cut short after one solution has not shown the puzzle unique: the
  // worker that takes it next counts again.
  if (counted.timedOut && (sliced || counted.count < 2))
    return failedAnswer(options, line, puzzleLine, { status: 'timeout', code: 'timeout', message: `${outOfTime} before the solution was found` }, where);
  if (counted.count === 0 || !counted.solution) return failedAnswer(options, line, puzzleLine, { status: 'unsolvable', code: 'unsolvable', message: 'no solution' }, where);
  const unique = counted.count === 1;
  const solution = counted.solution;
  if (options.command === 'grade' && !unique) {
    return failedAnswer(options, line, puzzleLine, { status: 'multiple', code: 'multiple', message: 'the puzzle has several solutions, and a grade needs exactly one' }, where);
  }
  if (options.command === 'hint') return hintAnswer(options, line, puzzle, puzzleLine, unique, solution, deadline, outOfTime);
  const left = deadline === Number.POSITIVE_INFINITY ? undefined : Math.max(0, deadline - performance.now());
  const path = explain(puzzle, { path: options.command === 'grade' ? 'se' : (options.path ?? 'teaching'), unique, solution, ...(left === undefined ? {} : { timeLimitMs: left }) });
  const grade = gradeOf(path, unique);
  const failure: Failure | undefined = path.timedOut
    ? { status: 'timeout', code: 'timeout', message: `${outOfTime} after ${path.steps.length} steps; rating at least ${grade.rating.toFixed(1)} (${grade.level} or harder)` }
    : undefined;
  const out = options.command === 'grade' ? gradeText(options, line, puzzleLine, grade, failure) : explainText(options, line, number, where, puzzle, puzzleLine, grade, unique, failure);
  return failure ? { out, failure } : { out };
}

/** The answer of a puzzle that could not be answered in full. */
function failedAnswer(options: StepBatchOptions, line: number, puzzle: string, failure: Failure, where: string): { out: string; failure: Failure } {
  const { status, code, message } = failure;
  let out: string;
  if (options.format === 'json') {
    const base = { line, puzzle, status, error: { code, message } };
    out = `${JSON.stringify(options.command === 'explain' ? { ...base, solved: false, steps: [] } : options.command === 'hint' ? { ...base, step: null } : base)}\n`;
  } else {
    out = options.command === 'explain' ? `${where}: ${message}\n\n` : `${status}\n`;
  }
  return { out, failure };
}

function hintAnswer(
  options: StepBatchOptions,
  line: number,
  puzzle: Puzzle,
  puzzleLine: string,
  unique: boolean,
  solution: Uint8Array,
  deadline: number,
  outOfTime: string,
): { out: string; failure?: Failure } {
  const board = Board.fromPuzzle(puzzle);
  let step: Step | undefined;
  try {
    step = board.isSolved() ? undefined : withDeadline(deadline, () => nextStep(board, { unique }, techniquesFor(board, options.path ?? 'teaching')) ?? guessStep(board, solution));
  } catch (e) {
    if (!(e instanceof StepTimeout)) throw e;
    return failedAnswer(options, line, puzzleLine, { status: 'timeout', code: 'timeout', message: `${outOfTime} before a step was found` }, '');
  }
  const g = puzzle.geometry;
  if (options.format === 'json') return { out: `${JSON.stringify({ line, puzzle: puzzleLine, step: step ? makeStepJson(g, step) : null })}\n` };
  return { out: `${step ? step.text : 'Solved: the grid is full'}\n` };
}

/** `grade`'s line: `rating level puzzle techniques`; a time-out reads `6.6+ timeout …` (the rating so far, which the rest can only raise). */
function gradeText(options: StepBatchOptions, line: number, puzzleLine: string, grade: Grade, timedOut: Failure | undefined): string {
  if (options.format === 'json') {
    const head = {
      line,
      puzzle: puzzleLine,
      rating: grade.rating,
      level: grade.level,
      techniques: grade.techniques,
      guessed: grade.guessed,
      unique: grade.unique,
      hardest: makeHardestJson(grade.explanation.steps),
    };
    if (!timedOut) return `${JSON.stringify(head)}\n`;
    const timeout = { ...head, status: 'timeout', ratingAtLeast: true, error: { code: timedOut.code, message: timedOut.message } };
    return `${JSON.stringify(timeout)}\n`;
  }
  const used = Object.entries(grade.techniques)
    .map(([name, n]) => `${name} ${n}`)
    .join(', ');
  return timedOut ? `${grade.rating.toFixed(1)}+ timeout ${puzzleLine} ${used}\n` : `${grade.rating.toFixed(1)} ${grade.level.padEnd(7)} ${puzzleLine} ${used}\n`;
}

function explainText(options: StepBatchOptions, line: number, number: number, where: string, puzzle: Puzzle, puzzleLine: string, grade: Grade, unique: boolean, timeout: Failure | undefined): string {
  const path = grade.explanation;
  const g = puzzle.geometry;
  if (options.format === 'json') {
    const steps = path.steps.map((s) => makeStepJson(g, s));
    const timedOutFields = timeout ? { status: 'timeout', ratingAtLeast: true, error: { code: timeout.code, message: timeout.message } } : {};
    const hardest = makeHardestJson(path.steps);
    return `${JSON.stringify({ line, puzzle: puzzleLine, path: path.path, solved: path.solved, rating: grade.rating, level: grade.level, hardest, ...timedOutFields, steps })}\n`;
  }
  let out = `Puzzle ${number} (${where}): ${puzzleLine}\n`;
  const board = Board.fromPuzzle(puzzle);
  if (options.verbose) out += `${makeCandidateGrid(g, board.values, board.candidates)}\n`;
  const width = String(path.steps.length).length;
  for (const [i, step] of path.steps.entries()) {
    out += `${String(i + 1).padStart(width)}. ${step.text}\n`;
    if (options.verbose) {
      applyStep(board, step);
      out += `${makeCandidateGrid(g, board.values, board.candidates)}\n`;
    }
  }
  const guesses = path.steps.filter((s) => s.technique === 'guess').length;
  const ending = path.solved
    ? `Solved in ${path.steps.length} steps`
    : `Stopped after ${path.steps.length} steps: ${timeout ? `the time limit of ${options.timeLimitMs ?? DEFAULT_STEP_TIME_LIMIT_MS} ms came` : path.reason}`;
  const rating = timeout ? `rating at least ${grade.rating.toFixed(1)} (${grade.level} or harder)` : `rating ${grade.rating.toFixed(1)} (${grade.level})`;
  // The teaching path's rating is its hardest step's, each step rated on SE's scale; SE's own
  // path can rate the puzzle higher (it has no finned fish, colouring or W-Wing and rates their
  // eliminations as chains), so the line says which path it is.
  const scale = path.path === 'se' ? '' : "; teaching path (grade, or --path se, gives Sukaku Explainer's rating)";
  const hardest = describeHardest(path.steps);
  const several = unique ? '' : '; the puzzle has several solutions, so no uniqueness technique was used';
  return `${out}${ending}${guesses > 0 ? ` (${guesses} guess${guesses === 1 ? '' : 'es'})` : ''}; ${rating}${several}${hardest ? `; hardest: ${hardest}` : ''}${scale}\n\n`;
}
