/**
 * The worker pool (src/pool/pool.ts) through its own API: answers equal the main thread's, an
 * error reply rejects its batch only, a worker that throws or exits rejects what it held and
 * gets no more work, and close() rejects what is pending. Every promise must settle: each test
 * has a deadline, so a request left waiting on a dead worker fails instead of hanging the run.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { BatchInput } from '../src/batch/input.js';
import { type AnswerOptions, answerBatch } from '../src/batch/solve.js';
import { SolvePool } from '../src/pool/pool.js';
import { readDataset } from './helpers.js';

const FIXTURE = new URL('./fixtures/poolWorker.js', import.meta.url);
const OPTIONS: AnswerOptions = { format: 'line', limit: 2, engine: 'fast' };
const DEADLINE = { timeout: 20_000 };

/**
 * A pool promise that must settle within `ms`: a request left waiting (on a dead worker, say)
 * fails the test with `what` instead of hanging it, and the test's `finally` still closes the
 * pool, so the run goes on.
 */
async function settles<T>(promise: Promise<T>, what: string, ms = 5000): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: not settled after ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

function batchOf(texts: readonly string[], firstLine = 1): BatchInput {
  return { lines: texts.map((_, i) => firstLine + i), texts, notes: texts.map(() => '') };
}

test('pool: the real worker answers as the main thread does, and counts what each worker answered', DEADLINE, async () => {
  const { puzzles } = readDataset('norvig-top95.txt');
  const pool = new SolvePool(2);
  try {
    const batches = [batchOf(puzzles.slice(0, 40), 1), batchOf(puzzles.slice(40, 95), 41)];
    const answers = await Promise.all(batches.map((b) => pool.run(b, OPTIONS)));
    for (const [i, answer] of answers.entries()) assert.deepEqual(answer, answerBatch(batches[i]!, OPTIONS));
    // Two batches at once go to the two workers (the least busy one takes each).
    assert.deepEqual(pool.answeredByWorker(), [40, 55]);
  } finally {
    await pool.close();
  }
});

test('pool: an error reply rejects that batch with the reason; the worker goes on answering', DEADLINE, async () => {
  const pool = new SolvePool(1);
  try {
    // The real worker replies with an error when answering throws (here: an engine it does not know).
    await assert.rejects(
      settles(pool.run(batchOf(['.'.repeat(81)]), { ...OPTIONS, engine: 'no-such-engine' }), 'an error reply'),
      /^Error: worker failed: SudokitError: Unknown engine "no-such-engine"/,
    );
    const { puzzles } = readDataset('norvig-easy50.txt');
    const answer = await pool.run(batchOf(puzzles.slice(0, 3)), OPTIONS);
    assert.equal(answer.answered, 3);
    assert.deepEqual(pool.answeredByWorker(), [3], 'a batch that failed is not counted as answered');
  } finally {
    await pool.close();
  }
  const fixture = new SolvePool(1, FIXTURE);
  try {
    await assert.rejects(settles(fixture.run(batchOf(['error-reply']), OPTIONS), 'an error reply'), { message: 'worker failed: told to fail' });
    assert.equal((await fixture.run(batchOf(['a', 'b']), OPTIONS)).out, 'a\nb');
  } finally {
    await fixture.close();
  }
});

const DEATHS = [
  { how: 'throw', reason: /^told to throw$/ },
  { how: 'exit', reason: /^worker 1 stopped \(exit code 3\)$/ },
];

for (const { how, reason } of DEATHS) {
  test(`pool: a worker that dies (${how}) rejects what it held; the others take the rest, and with none left a request fails at once`, DEADLINE, async () => {
    const pool = new SolvePool(2, FIXTURE);
    try {
      // Worker 1 takes the first request (both idle) and dies on it; worker 2 holds a hanging one meanwhile.
      const dying = pool.run(batchOf([how]), OPTIONS);
      const held = pool.run(batchOf(['hang']), OPTIONS);
      held.catch(() => {});
      await assert.rejects(settles(dying, 'the request that killed worker 1'), (e: Error) => reason.test(e.message));
      // Worker 1 is gone: every later request must reach worker 2 and be answered.
      const after = await settles(Promise.all([1, 2, 3].map((k) => pool.run(batchOf([`after ${k}`]), OPTIONS))), 'requests after worker 1 died');
      assert.deepEqual(
        after.map((a) => a.out),
        ['after 1', 'after 2', 'after 3'],
      );
      assert.deepEqual(pool.answeredByWorker(), [0, 3]);
      // Kill worker 2 too (its hanging request is rejected with it); then nothing is left to ask.
      await assert.rejects(settles(pool.run(batchOf([how]), OPTIONS), 'the request that killed worker 2'), (e: Error) => reason.test(e.message.replace('worker 2', 'worker 1')));
      await assert.rejects(settles(held, 'the request worker 2 held when it died'), (e: Error) => reason.test(e.message.replace('worker 2', 'worker 1')));
      await assert.rejects(settles(pool.run(batchOf(['anyone?']), OPTIONS), 'a request to a pool with no live worker'), /every worker of the pool has stopped/);
    } finally {
      await pool.close();
    }
  });
}

test('pool: close() with work pending rejects it with "pool closed", and later requests too', DEADLINE, async () => {
  const pool = new SolvePool(2, FIXTURE);
  const pending = [pool.run(batchOf(['hang']), OPTIONS), pool.run(batchOf(['hang']), OPTIONS), pool.run(batchOf(['hang']), OPTIONS)];
  await pool.close();
  for (const p of pending) await assert.rejects(settles(p, 'a request pending at close'), { message: 'pool closed' });
  await assert.rejects(pool.run(batchOf(['late']), OPTIONS), { message: 'pool closed' });
  // The real worker, busy on a long batch when closed, is stopped mid-batch the same way.
  const real = new SolvePool(1);
  const { puzzles } = readDataset('magictour-top1465.txt');
  const long = real.run(batchOf(puzzles), { ...OPTIONS, engine: 'dual' });
  await real.close();
  await assert.rejects(settles(long, 'a batch the real worker held at close'), { message: 'pool closed' });
});
