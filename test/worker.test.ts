/**
 * `sudokit/worker` in Node (a worker thread running the built entry): each request answered off
 * the main thread and checked apart from the solver (known solutions, `isSolution`), an abort
 * that ends a long search at once and leaves the worker ready for the next request, a time limit
 * per request, requests answered in order, coded errors, and close.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { test } from 'node:test';
import { SudokitError } from '../src/errors.js';
import { parsePuzzle } from '../src/format/parse.js';
import { isSolution, type Puzzle } from '../src/puzzle.js';
import { createSolverWorker, WorkerError } from '../src/worker/index.js';
import { SLOW } from './helpers.js';

const P1 = '4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......';
const P1_SOLUTION = '417369825632158947958724316825437169791586432346912758289643571573291684164875293';
/** Easter Monster: its path needs forcing chains, seconds of them. */
const EASTER_MONSTER = '1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1';
const MULTIPLE = '...5.167.......25.5.1.64...185.46..................76.......52....1.5....58......';

function puzzleOf(text: string): Puzzle {
  const parsed = parsePuzzle(text);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.puzzle;
}

const digits = (grid: ArrayLike<number>) => Array.from(grid).join('');

test('solve, hint, explain, grade and generate are answered by a worker thread, each checked apart from the solver', { timeout: 120_000 }, async () => {
  const solver = createSolverWorker();
  try {
    const p1 = puzzleOf(P1);
    const solved = await solver.solve(p1);
    assert.equal(solved.count, 1);
    assert.equal(digits(solved.solutions[0]!), P1_SOLUTION, "the known solution of Norvig's hardest");
    const many = await solver.solve(puzzleOf(MULTIPLE));
    assert.equal(many.count, 2);
    assert.notEqual(digits(many.solutions[0]!), digits(many.solutions[1]!), 'two different solutions');
    for (const s of many.solutions) assert.ok(isSolution(puzzleOf(MULTIPLE), s));
    // A wrong entry comes before any step; without it, the next step is one the solution agrees with.
    const entries = new Uint8Array(81);
    entries[1] = P1_SOLUTION[1] === '9' ? 8 : 9;
    assert.deepEqual(await solver.hint(p1, entries), { kind: 'mistakes', cells: [1] });
    const hint = await solver.hint(p1);
    assert.equal(hint.kind, 'step');
    if (hint.kind === 'step') for (const { cell, digit } of hint.step.placements) assert.equal(String(digit), P1_SOLUTION[cell]);
    const path = await solver.explain(p1);
    assert.ok(path.solved && path.steps.length > 0);
    const graded = await solver.grade(p1);
    assert.equal(graded.kind, 'graded');
    if (graded.kind === 'graded') assert.equal(digits(graded.solution), P1_SOLUTION);
    assert.deepEqual(await solver.grade(puzzleOf(MULTIPLE)), { kind: 'many' });
    const made = await solver.generate({ seed: 5, level: 'easy' });
    const back = await solver.solve({ geometry: p1.geometry, givens: made.givens });
    assert.equal(back.count, 1, 'a generated puzzle has one solution');
    assert.equal(digits(back.solutions[0]!), digits(made.solution));
    assert.equal(made.grade?.level, 'easy');
  } finally {
    solver.close();
  }
});

test('an AbortSignal ends a long search at once (its worker with it), and the next request is answered; a time limit per request cuts a search short', { timeout: 120_000 }, async () => {
  const solver = createSolverWorker();
  try {
    const slow = puzzleOf(SLOW);
    const controller = new AbortController();
    const started = performance.now();
    const running = solver.solve(slow, { signal: controller.signal });
    setTimeout(() => controller.abort(new Error('enough')), 300);
    await assert.rejects(running, /enough/);
    assert.ok(performance.now() - started < 10_000, 'the abort ended the request, not the search running out');
    assert.equal((await solver.solve(puzzleOf(P1))).count, 1, 'a fresh worker answers the next request');
    const cut = await solver.solve(slow, { timeLimitMs: 300 });
    assert.equal(cut.timedOut, true);
    // An explanation cut short says so, with the limit the caller gave.
    const path = await solver.explain(puzzleOf(EASTER_MONSTER), { timeLimitMs: 200 });
    assert.equal(path.timedOut, true);
    assert.match(path.reason ?? '', /^the time limit of 200 ms came (after \d+ steps|before a solution was found)$/);
    // Aborted before its turn: refused without running.
    await assert.rejects(solver.solve(puzzleOf(P1), { signal: AbortSignal.abort(new Error('never mind')) }), /never mind/);
    // Aborted while waiting behind a long search: refused at once, and the search goes on.
    const waiting = new AbortController();
    const long = solver.solve(slow, { timeLimitMs: 1_500 });
    const queued = solver.solve(puzzleOf(P1), { signal: waiting.signal });
    const asked = performance.now();
    waiting.abort(new Error('not now'));
    await assert.rejects(queued, /not now/);
    assert.ok(performance.now() - asked < 1_000, 'refused before the search ahead of it ended');
    assert.equal((await long).timedOut, true);
  } finally {
    solver.close();
  }
});

test('requests run in the order they are made; bad input and a closed worker are refused with codes', { timeout: 120_000 }, async () => {
  const solver = createSolverWorker({ name: 'ordered' });
  const order: string[] = [];
  const first = solver.explain(puzzleOf(P1)).then(() => order.push('explain'));
  const second = solver.solve(puzzleOf(P1)).then(() => order.push('solve'));
  await Promise.all([first, second]);
  assert.deepEqual(order, ['explain', 'solve']);
  assert.throws(
    () => solver.solve({ geometry: puzzleOf(P1).geometry, givens: new Uint8Array(80) }),
    (e: unknown) => e instanceof SudokitError && e.code === 'length',
  );
  assert.throws(
    () => solver.hint(puzzleOf(P1), new Uint8Array(3)),
    (e: unknown) => e instanceof SudokitError && e.code === 'length',
  );
  // The generator's own refusal crosses with its code.
  await assert.rejects(
    solver.generate({ boxRows: 2, boxCols: 2, level: 'extreme', seed: 1 }),
    (e: unknown) => (e instanceof SudokitError || e instanceof WorkerError) && /extreme/.test((e as Error).message),
  );
  // Options are checked as the puzzle is: a thing that is not an AbortSignal, or a time limit that
  // is not a positive number, is refused with a code before the request joins the line (a fake
  // signal used to fail inside the line, with a second rejection no caller could catch).
  for (const options of [{ signal: {} }, { signal: 'soon' }, { timeLimitMs: '300' }, { timeLimitMs: 0 }]) {
    assert.throws(
      () => solver.solve(puzzleOf(P1), options as never),
      (e: unknown) => e instanceof SudokitError && e.code === 'options',
      JSON.stringify(options),
    );
  }
  assert.equal((await solver.solve(puzzleOf(P1))).count, 1, 'and the worker still answers');
  const pending = solver.solve(puzzleOf(SLOW));
  solver.close();
  await assert.rejects(pending, (e: unknown) => e instanceof SudokitError && /closed/.test(e.message));
  await assert.rejects(solver.solve(puzzleOf(P1)), /closed/);
  assert.throws(
    () => createSolverWorker({ timeLimitMs: -1 }),
    (e: unknown) => e instanceof SudokitError && e.code === 'options',
  );
});

test('a Node program that never closes its solver still ends once its requests are answered', { timeout: 60_000 }, () => {
  const script = [
    `import { createSolverWorker } from ${JSON.stringify(new URL('../src/worker/index.js', import.meta.url).href)};`,
    `import { parsePuzzle } from ${JSON.stringify(new URL('../src/format/parse.js', import.meta.url).href)};`,
    `const solver = createSolverWorker();`,
    `const answer = await solver.solve(parsePuzzle('${P1}').puzzle);`,
    'console.log(answer.count);',
  ].join('\n');
  const ran = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', timeout: 30_000 });
  assert.equal(ran.error, undefined, 'the program ended by itself');
  assert.equal(ran.stdout.trim(), '1');
  assert.equal(ran.status, 0);
});
