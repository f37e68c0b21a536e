/**
 * The solver worker's side: each request answered by the library (counting and solving, a hint on
 * a player's board, a whole explanation, a grade, a new puzzle), every search held to the time
 * limit of its envelope. `serveRequests` answers the messages of a Web Worker's scope or of Node's
 * `parentPort`; the worker entries (`entry.ts`, the page's own) call it.
 */
import '../variant/install.js';
import { SudokitError } from '../errors.js';
import { GenerateError, type GeneratedPuzzle, generatePuzzle } from '../generate/generator.js';
import { geometry, jigsawGeometry } from '../geometry.js';
import { Board, MAX_LOGIC_SIZE } from '../logic/board.js';
import { type Grade, gradePuzzle, type Level } from '../logic/grade.js';
import { seTechniqueName } from '../logic/seName.js';
import type { Step } from '../logic/step.js';
import { explain, guessStep, hardestStepOf, nextStep, techniquesFor } from '../logic/stepSolver.js';
import { createPuzzle, hasConflicts, type Puzzle } from '../puzzle.js';
import type { VariantPuzzle } from '../variant/puzzle.js';
import { solvePuzzle as solve } from '../variant/solvePuzzle.js';
import { assertVariantPuzzle } from '../variant/check.js';
import type { Analysis, ExplanationData, GeneratedData, GradeAnswer, GradeData, Hint, PuzzleData, WorkEnvelope, WorkReply, WorkRequest } from './protocol.js';

/** The generator's budget per puzzle: it gives up with a message rather than keep the page waiting. */
const GENERATE_LIMIT_MS = 15_000;

/** What is left of a time limit that started at `started`. */
function left(started: number, limitMs: number): number {
  return Math.max(0, limitMs - (performance.now() - started));
}

function toPuzzle(data: PuzzleData): Puzzle {
  const g = data.regions ? jigsawGeometry(Math.round(Math.sqrt(data.givens.length)), data.regions) : geometry(data.boxRows, data.boxCols);
  const puzzle = createPuzzle(g, data.givens);
  if (!data.constraints || data.constraints.length === 0) return puzzle;
  const variant: VariantPuzzle = { ...puzzle, constraints: data.constraints };
  assertVariantPuzzle(variant);
  return variant;
}

/** The same puzzle with other givens (a player's grid): its geometry and rules kept. */
function withGivens(puzzle: Puzzle, givens: Uint8Array): Puzzle {
  return { ...puzzle, givens };
}

/**
 * Count up to two solutions and keep both: the engine hands over every solution it finds, so a
 * puzzle with many solutions shows two different ones from the same search that counted them.
 */
function analyse(data: PuzzleData, limitMs: number): Analysis {
  const started = performance.now();
  const solutions: Uint8Array[] = [];
  const r = solve(toPuzzle(data), { limit: 2, timeLimitMs: limitMs, onSolution: (s) => void solutions.push(s.slice()) });
  return { count: Math.min(r.count, 2), solutions, timedOut: r.timedOut && r.count < 2, micros: Math.round((performance.now() - started) * 1000) };
}

function checkLogicSize(puzzle: Puzzle): void {
  const { size } = puzzle.geometry;
  if (size > MAX_LOGIC_SIZE) throw new RangeError(`step-by-step solving goes up to ${MAX_LOGIC_SIZE}x${MAX_LOGIC_SIZE}, and this board is ${size}x${size}`);
}

/**
 * The next step on the player's board. Entries that contradict the puzzle's one solution come
 * first (a step found on a wrong grid would teach nothing); otherwise the step solver looks at
 * givens and entries, less the candidates earlier hints eliminated, and guesses (saying so) with
 * the solution's digit only when no technique applies.
 */
function hint(data: PuzzleData, entries: Uint8Array, eliminated: Uint32Array, limitMs: number): Hint {
  const puzzle = toPuzzle(data);
  checkLogicSize(puzzle);
  const g = puzzle.geometry;
  const counted = solve(puzzle, { limit: 2, timeLimitMs: limitMs });
  if (!counted.solution) return { kind: 'stuck', reason: counted.timedOut ? 'the solver gave up before finding a solution' : 'this puzzle has no solution' };
  const grid = puzzle.givens.map((d, cell) => d || entries[cell]!);
  let solution = counted.solution;
  if (counted.count === 1) {
    const cells: number[] = [];
    for (let cell = 0; cell < g.cellCount; cell++) if (grid[cell] && grid[cell] !== solution[cell]) cells.push(cell);
    if (cells.length) return { kind: 'mistakes', cells };
  } else {
    if (hasConflicts(g, grid)) return { kind: 'stuck', reason: 'your entries clash' };
    const own = solve(withGivens(puzzle, grid), { limit: 1, timeLimitMs: limitMs });
    if (!own.solution) return { kind: 'stuck', reason: 'your entries leave no solution, so at least one of them is wrong' };
    solution = own.solution;
  }
  const board = Board.fromPuzzle(withGivens(puzzle, grid));
  if (board.isSolved()) return { kind: 'solved' };
  for (let cell = 0; cell < g.cellCount; cell++) board.candidates[cell] = board.candidates[cell]! & ~eliminated[cell]!;
  const step = nextStep(board, { unique: counted.count === 1 }, techniquesFor(board, 'teaching')) ?? guessStep(board, solution);
  if (!step) return { kind: 'stuck', reason: 'no technique applies and no guess is possible' };
  return { kind: 'step', step, candidates: board.candidates };
}

/** The whole solving path from the givens, guessing (and saying so) only where logic stops. */
function explainPuzzle(data: PuzzleData, limitMs: number): ExplanationData {
  const puzzle = toPuzzle(data);
  checkLogicSize(puzzle);
  const started = performance.now();
  const counted = solve(puzzle, { limit: 2, timeLimitMs: limitMs });
  if (!counted.solution) {
    if (counted.timedOut) return { path: 'teaching', steps: [], solved: false, guessed: false, reason: `the time limit of ${limitMs} ms came before a solution was found`, timedOut: true };
    return { path: 'teaching', steps: [], solved: false, guessed: false, reason: 'this puzzle has no solution' };
  }
  const { steps, solved, guessed, reason, timedOut } = explain(puzzle, { path: 'teaching', unique: counted.count === 1, solution: counted.solution, timeLimitMs: left(started, limitMs) });
  // The limit the caller gave, not what the count left of it.
  if (timedOut) return { path: 'teaching', steps, solved, guessed, reason: `the time limit of ${limitMs} ms came after ${steps.length} steps`, timedOut };
  return { path: 'teaching', steps, solved, guessed, reason };
}

/** A grade without its solving path, which the page does not need, but with the technique of its hardest step and SE's name for it. */
function gradeData({ rating, level, techniques, guessed, explanation }: Grade): GradeData {
  const hardest: Step | undefined = explanation.steps[hardestStepOf(explanation.steps)];
  return { rating, level, techniques, guessed, hardest: hardest?.technique ?? 'none', hardestSe: (hardest && seTechniqueName(hardest)) ?? null };
}

/**
 * The library's grade (gradePuzzle, held to the request's time limit), with the one solution the
 * path reached. A puzzle with many solutions (an empty grid) is not graded: its path would be all
 * guesses, and its rating would say nothing to a player.
 */
function grade(data: PuzzleData, limitMs: number): GradeAnswer {
  const puzzle = toPuzzle(data);
  checkLogicSize(puzzle);
  try {
    const graded = gradePuzzle(puzzle, { timeLimitMs: limitMs });
    return { kind: 'graded', grade: gradeData(graded), solution: graded.explanation.board.values };
  } catch (e) {
    if (e instanceof SudokitError && e.code === 'multiple') return { kind: 'many' };
    throw e;
  }
}

/**
 * A new puzzle with one solution, of the asked level when there is one, rotationally symmetric
 * like most printed puzzles; or one that needs the asked technique on the teaching path (with its
 * path, so the page can open it just before that step).
 */
function generate(boxRows: number, boxCols: number, level: Level | undefined, technique: string | undefined, seed: number): GeneratedData {
  let made: GeneratedPuzzle;
  try {
    made = generatePuzzle({
      geometry: geometry(boxRows, boxCols),
      difficulty: level,
      ...(technique === undefined ? { symmetry: 'rotational' as const } : { technique }),
      seed,
      grade: true,
      timeLimitMs: GENERATE_LIMIT_MS,
    });
  } catch (e) {
    // The caller's choices are another try or another level: said in its own words (the code is 'budget').
    if (e instanceof GenerateError && e.code === 'budget')
      throw new GenerateError('budget', `no ${technique ? `puzzle needing ${technique}` : `${level ? `${level} ` : ''}puzzle`} turned up within ${GENERATE_LIMIT_MS / 1000} s`);
    throw e;
  }
  const practice = made.practice && { technique: made.practice.technique, steps: [...made.practice.steps], step: made.practice.step };
  return { givens: made.puzzle.givens, seed, solution: made.solution, grade: made.grade && gradeData(made.grade), ...(practice ? { practice } : {}) };
}

/** The answer to one request, every search in it held to `limitMs`. */
export function answer(request: WorkRequest, limitMs: number): unknown {
  switch (request.kind) {
    case 'analyse':
      return analyse(request.puzzle, limitMs);
    case 'hint':
      return hint(request.puzzle, request.entries, request.eliminated, limitMs);
    case 'explain':
      return explainPuzzle(request.puzzle, limitMs);
    case 'grade':
      return grade(request.puzzle, limitMs);
    case 'generate':
      return generate(request.boxRows, request.boxCols, request.level, request.technique, request.seed);
  }
}

/** Where requests come from and replies go: a Web Worker's global scope, or Node's `parentPort`. */
export type RequestPort =
  | { onmessage: ((event: { data: WorkEnvelope }) => void) | null; postMessage(reply: WorkReply): void }
  | { on(event: 'message', listener: (data: WorkEnvelope) => void): unknown; postMessage(reply: WorkReply): void };

/** Answer every request that comes to `port`, one reply each, an error as its message (and code). */
export function serveRequests(port: RequestPort): void {
  const reply = (envelope: WorkEnvelope): void => {
    const { id, request, timeLimitMs } = envelope;
    let out: WorkReply;
    try {
      out = { id, ok: true, result: answer(request, timeLimitMs) };
    } catch (e) {
      out = { id, ok: false, message: e instanceof Error ? e.message : String(e), ...(e instanceof SudokitError ? { code: e.code } : {}) };
    }
    port.postMessage(out);
  };
  if ('on' in port) port.on('message', reply);
  else port.onmessage = (event) => reply(event.data);
}

/** The page's worker fetches the 9×9 WebAssembly core from where its build put it (src/core/fetchWasm9.ts). */
export { fetchWasm9 } from '../core/fetchWasm9.js';
