/**
 * The page's Web Worker: every search runs here, so the page never freezes. It is a thin
 * adapter over the library (solving, counting, hints, explanations, grades and new puzzles); the page
 * itself has no solving logic.
 */
import {
  Board,
  createPuzzle,
  explain,
  type Grade,
  generatePuzzle,
  geometry,
  gradePuzzle,
  guessStep,
  hasConflicts,
  installWasm9,
  MAX_LOGIC_SIZE,
  nextStep,
  type Level,
  type Puzzle,
  solve,
} from '../../src/index.js';
import type { Analysis, ExplanationData, GeneratedData, GradeData, Hint, PuzzleData, WorkReply, WorkRequest } from './protocol.js';

/**
 * The 9×9 core as WebAssembly: `npm run build` compiles it before Vite runs, and Vite emits the
 * files as assets. A worker cannot read them synchronously, so they are fetched once here; until
 * one arrives (or when neither loads) the TypeScript core gives the same answers.
 */
const WASM9_BUILDS = [
  ['simd', new URL('../../dist/src/core/fast9-simd.wasm', import.meta.url)],
  ['scalar', new URL('../../dist/src/core/fast9-scalar.wasm', import.meta.url)],
] as const;

async function loadWasm9(): Promise<void> {
  for (const [variant, url] of WASM9_BUILDS) {
    try {
      const response = await fetch(url);
      if (response.ok && installWasm9(new Uint8Array(await response.arrayBuffer()), variant)) return;
    } catch {
      // no network or no file: try the next build, then stay on the TypeScript core
    }
  }
}
void loadWasm9();

/** No search runs longer than this; the page says so when it happens. */
const TIME_LIMIT_MS = 20_000;

/** The generator's budget per puzzle: it gives up with a message rather than keep the page waiting. */
const GENERATE_LIMIT_MS = 15_000;

function toPuzzle(data: PuzzleData): Puzzle {
  return createPuzzle(geometry(data.boxRows, data.boxCols), data.givens);
}

/**
 * Count up to two solutions and keep both: the engine hands over every solution it finds, so a
 * puzzle with many solutions shows two different ones from the same search that counted them.
 */
function analyse(data: PuzzleData): Analysis {
  const started = performance.now();
  const solutions: Uint8Array[] = [];
  const r = solve(toPuzzle(data), { limit: 2, timeLimitMs: TIME_LIMIT_MS, onSolution: (s) => void solutions.push(s.slice()) });
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
function hint(data: PuzzleData, entries: Uint8Array, eliminated: Uint32Array): Hint {
  const puzzle = toPuzzle(data);
  checkLogicSize(puzzle);
  const g = puzzle.geometry;
  const counted = solve(puzzle, { limit: 2, timeLimitMs: TIME_LIMIT_MS });
  if (!counted.solution) return { kind: 'stuck', reason: counted.timedOut ? 'the solver gave up before finding a solution' : 'this puzzle has no solution' };
  const grid = puzzle.givens.map((d, cell) => d || entries[cell]!);
  let solution = counted.solution;
  if (counted.count === 1) {
    const cells: number[] = [];
    for (let cell = 0; cell < g.cellCount; cell++) if (grid[cell] && grid[cell] !== solution[cell]) cells.push(cell);
    if (cells.length) return { kind: 'mistakes', cells };
  } else {
    if (hasConflicts(g, grid)) return { kind: 'stuck', reason: 'your entries clash' };
    const own = solve(createPuzzle(g, grid), { limit: 1, timeLimitMs: TIME_LIMIT_MS });
    if (!own.solution) return { kind: 'stuck', reason: 'your entries leave no solution, so at least one of them is wrong' };
    solution = own.solution;
  }
  const board = Board.fromGrid(g, grid);
  if (board.isSolved()) return { kind: 'solved' };
  for (let cell = 0; cell < g.cellCount; cell++) board.candidates[cell] = board.candidates[cell]! & ~eliminated[cell]!;
  const step = nextStep(board, { unique: counted.count === 1 }) ?? guessStep(board, solution);
  if (!step) return { kind: 'stuck', reason: 'no technique applies and no guess is possible' };
  return { kind: 'step', step, candidates: board.candidates };
}

/** The whole solving path from the givens, guessing (and saying so) only where logic stops. */
function explainPuzzle(data: PuzzleData): ExplanationData {
  const puzzle = toPuzzle(data);
  checkLogicSize(puzzle);
  const counted = solve(puzzle, { limit: 2, timeLimitMs: TIME_LIMIT_MS });
  if (!counted.solution) {
    return { steps: [], solved: false, guessed: false, reason: counted.timedOut ? 'the solver gave up before finding a solution' : 'this puzzle has no solution' };
  }
  const { steps, solved, guessed, reason } = explain(puzzle, { unique: counted.count === 1, solution: counted.solution });
  return { steps, solved, guessed, reason };
}

/** A grade without its solving path, which the page does not need. */
function gradeData({ rating, level, techniques, unique, guessed }: Grade): GradeData {
  return { rating, level, techniques, unique, guessed };
}

function grade(data: PuzzleData): GradeData {
  const puzzle = toPuzzle(data);
  checkLogicSize(puzzle);
  return gradeData(gradePuzzle(puzzle));
}

/** A new puzzle with one solution, of the asked level when there is one, rotationally symmetric like most printed puzzles. */
function generate(boxRows: number, boxCols: number, level: Level | undefined, seed: number): GeneratedData {
  const made = generatePuzzle({ geometry: geometry(boxRows, boxCols), difficulty: level, symmetry: 'rotational', seed, grade: true, timeLimitMs: GENERATE_LIMIT_MS });
  return { givens: made.puzzle.givens, seed, grade: made.grade && gradeData(made.grade) };
}

function answer(request: WorkRequest): unknown {
  switch (request.kind) {
    case 'analyse':
      return analyse(request.puzzle);
    case 'hint':
      return hint(request.puzzle, request.entries, request.eliminated);
    case 'explain':
      return explainPuzzle(request.puzzle);
    case 'grade':
      return grade(request.puzzle);
    case 'generate':
      return generate(request.boxRows, request.boxCols, request.level, request.seed);
  }
}

self.onmessage = (event: MessageEvent<{ id: number; request: WorkRequest }>) => {
  const { id, request } = event.data;
  let reply: WorkReply;
  try {
    reply = { id, ok: true, result: answer(request) };
  } catch (e) {
    reply = { id, ok: false, message: e instanceof Error ? e.message : String(e) };
  }
  self.postMessage(reply);
};
