/**
 * The page's Web Worker: every search runs here, so the page never freezes. It is a thin
 * adapter over the library (solving, counting, and later hints, explanations, grades and
 * generated puzzles); the page itself has no solving logic.
 */
import { createPuzzle, geometry, hasConflicts, type Puzzle, solve } from '../../src/index.js';
import type { Analysis, PuzzleData, WorkReply, WorkRequest } from './protocol.js';

/** No request runs longer than this; the page says so when it happens. */
const TIME_LIMIT_MS = 20_000;

function toPuzzle(data: PuzzleData): Puzzle {
  return createPuzzle(geometry(data.boxRows, data.boxCols), data.givens);
}

/**
 * A second solution different from `first`, or undefined when there is none. Any other solution
 * differs from `first` in some empty cell, so fixing each empty cell in turn to each other digit
 * and solving again finds one when it exists (the first success stops the scan).
 */
function secondSolution(puzzle: Puzzle, first: Uint8Array, deadline: number): Uint8Array | undefined {
  const { geometry: g, givens } = puzzle;
  const fixed = Uint8Array.from(givens);
  for (let cell = 0; cell < g.cellCount; cell++) {
    if (givens[cell] !== 0) continue;
    for (let d = 1; d <= g.size; d++) {
      if (d === first[cell]) continue;
      fixed[cell] = d;
      if (!hasConflicts(g, fixed)) {
        const left = deadline - performance.now();
        if (left <= 0) return undefined;
        const r = solve({ geometry: g, givens: fixed }, { limit: 1, timeLimitMs: left });
        if (r.solution) return r.solution;
      }
    }
    fixed[cell] = 0;
  }
  return undefined;
}

function analyse(data: PuzzleData): Analysis {
  const started = performance.now();
  const deadline = started + TIME_LIMIT_MS;
  const puzzle = toPuzzle(data);
  const r = solve(puzzle, { limit: 2, timeLimitMs: TIME_LIMIT_MS });
  const solutions: Uint8Array[] = r.solution ? [r.solution] : [];
  let timedOut = r.timedOut && r.count < 2;
  if (r.count >= 2 && r.solution) {
    const second = secondSolution(puzzle, r.solution, deadline);
    if (second) solutions.push(second);
    else timedOut = true;
  }
  return { count: Math.min(r.count, 2), solutions, timedOut, micros: Math.round((performance.now() - started) * 1000) };
}

function answer(request: WorkRequest): unknown {
  switch (request.kind) {
    case 'analyse':
      return analyse(request.puzzle);
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
