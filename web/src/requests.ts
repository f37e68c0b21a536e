/**
 * The page's requests to its workers: one worker for the searches the player asks for and one for
 * the grade line, so a grade neither holds up nor is cut short by them. A newer request or a
 * change of the board ends the one in flight (the library's src/worker/client.ts); `ask` turns the answer, or the
 * reason there is none, into a value and a message.
 */
import { describeConflict, findConflicts, makeLine, type Puzzle } from '../../src/index.js';
import { constraintsOf } from '../../src/variant/index.js';
import { SolverClient, StoppedError, SupersededError, WorkerError } from '../../src/worker/client.js';
import { type Analysis, DEFAULT_TIME_LIMIT_MS, type PuzzleData, puzzleData, type WorkRequest, type WorkResults } from '../../src/worker/protocol.js';
import { ui } from './dom.js';
import { game } from './state.js';
import { say } from './status.js';

/** The search time limit: 20 seconds, or what the link's `?time-limit=` says (in seconds). */
function timeLimitMs(): number {
  const asked = Number(new URLSearchParams(window.location.search).get('time-limit') ?? Number.NaN);
  return asked > 0 ? asked * 1000 : DEFAULT_TIME_LIMIT_MS;
}

/** Every search the player asks for; a newer one, or any change of the board, ends the one in flight. */
export const solver = new SolverClient(() => new Worker(new URL('./worker.ts', import.meta.url), { type: 'module', name: 'sudokit-solver' }), timeLimitMs());
/** The grade line's own worker, so a grade never holds up (or is cut short by) the player's searches. */
export const grader = new SolverClient(() => new Worker(new URL('./worker.ts', import.meta.url), { type: 'module', name: 'sudokit-grader' }), solver.timeLimitMs);

const analyses = new Map<string, Analysis>();

let busyTimer: number | undefined;
solver.onBusy = (busy) => {
  clearTimeout(busyTimer);
  if (!busy) ui.busy.hidden = true;
  else busyTimer = window.setTimeout(() => (ui.busy.hidden = false), 150);
};

/** A puzzle as it crosses to the worker (a jigsaw's regions and a variant's rules with it). */
export function toData(p: Puzzle): PuzzleData {
  return puzzleData(p);
}

/** The puzzle to work on, or undefined (with a message) while its givens clash. */
export function solvablePuzzle(puzzle: Puzzle = game.puzzle()): Puzzle | undefined {
  const clash = findConflicts(puzzle.geometry, puzzle.givens)[0];
  if (clash) {
    say(`The givens clash, so there is no solution: ${describeConflict(puzzle.geometry, clash)}. Fix it first.`, 'error');
    return undefined;
  }
  return puzzle;
}

/** A puzzle's identity (box shape or regions, givens and rules), for what is remembered per puzzle. */
export function puzzleKey(puzzle: Puzzle): string {
  const g = puzzle.geometry;
  const shape = g.jigsaw ? Array.from(g.boxOf).join('') : `${g.boxRows}x${g.boxCols}`;
  const rules = constraintsOf(puzzle);
  return `${shape}:${makeLine(g, puzzle.givens)}${rules.length ? `:${JSON.stringify(rules)}` : ''}`;
}

/** The request in flight (counted, so an older one ending late does not clear a newer one), and its kind. */
let asked = 0;
let inFlight: WorkRequest['kind'] | undefined;

/**
 * Ask the worker; undefined when the user stopped it or it failed (with a message), or when a newer
 * request or a change of the board superseded it (silently). A puzzle being made is not given up
 * for a search about the board it is about to replace: that request is refused, and says so.
 */
export async function ask<K extends WorkRequest['kind']>(request: Extract<WorkRequest, { kind: K }>, label: string): Promise<WorkResults[K] | undefined> {
  if (inFlight === 'generate' && request.kind !== 'generate') {
    say(`A new puzzle is being made, so ${label.toLowerCase()} has to wait: ask again once it is on the board (or press Stop).`);
    return undefined;
  }
  const mine = ++asked;
  inFlight = request.kind;
  ui.busyText.textContent = `${label}…`;
  try {
    return await solver.run(request);
  } catch (e) {
    if (e instanceof SupersededError) return undefined;
    say(e instanceof StoppedError ? 'Stopped.' : `${label} failed: ${failure(request, e as Error)}`, e instanceof StoppedError ? 'info' : 'error');
    return undefined;
  } finally {
    if (asked === mine) inFlight = undefined;
  }
}

/** Why a request failed, in the player's words where the library's speak to a program. */
function failure(request: WorkRequest, e: Error): string {
  if (e instanceof WorkerError && e.code === 'budget' && request.kind === 'generate')
    return `no ${request.level ? `${request.level} ` : ''}puzzle turned up this time; press Generate again, or pick an easier level`;
  // A level no puzzle of the size reaches (a 4x4 is always easy): the generator refuses it at once.
  if (e instanceof WorkerError && e.code === 'options' && request.kind === 'generate' && request.level) {
    const side = request.boxRows * request.boxCols;
    return `a ${side}x${side} board has no ${request.level} puzzles; pick an easier level`;
  }
  return e.message;
}

/** Count (up to two) and solve in the worker, remembered per puzzle. */
export async function analyse(puzzle: Puzzle, label: string): Promise<Analysis | undefined> {
  const key = puzzleKey(puzzle);
  const known = analyses.get(key);
  if (known) return known;
  const a = await ask({ kind: 'analyse', puzzle: toData(puzzle) }, label);
  if (a && !a.timedOut) analyses.set(key, a);
  return a;
}
