/**
 * The CLI's one scheduling policy (src/batch/scheduler.ts), checked with an injected clock and a
 * stand-in pool, so no figure here depends on the machine's speed: batches stay on the main thread
 * while they fit their slice and the work is light, a batch cut short hands the rest (with its time
 * spent) to the pool, and every answer is pushed in submission order.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { type BatchInput, batchOf } from '../src/batch/input.js';
import { BatchScheduler, FIRST_SLICE_MS, PIECE_MS, SLICE_MS } from '../src/batch/scheduler.js';
import type { SolvePool } from '../src/pool/pool.js';

interface Answer {
  readonly where: 'here' | 'pool';
  readonly lines: readonly number[];
  readonly spent?: number;
}

/**
 * A scheduler whose main-thread answers take `costMs(line)` on a fake clock per record, cut at the
 * slice; it records the slices asked for and the pools started.
 */
function harness(threads: number, costMs: (line: number) => number, poolMsPerPuzzle?: () => number | undefined) {
  let clock = 0;
  const slices: number[] = [];
  const pushed: Answer[] = [];
  let pools = 0;
  const scheduler = new BatchScheduler<Answer, undefined>(
    threads,
    {
      here(batch: BatchInput, sliceMs: number) {
        slices.push(sliceMs);
        let spent = 0;
        for (let i = 0; i < batch.lines.length; i++) {
          const cost = costMs(batch.lines[i]!);
          if (spent + cost > sliceMs) {
            clock += sliceMs - spent;
            return { answer: { where: 'here', lines: batch.lines.slice(0, i) }, answered: i, cutMs: sliceMs - spent };
          }
          spent += cost;
          clock += cost;
        }
        return { answer: { where: 'here', lines: batch.lines }, answered: batch.lines.length };
      },
      pooled: (_pool, batch) => Promise.resolve({ where: 'pool', lines: batch.lines, ...(batch.firstSpentMs === undefined ? {} : { spent: batch.firstSpentMs }) }),
    },
    async (answer) => {
      pushed.push(await answer);
    },
    {
      now: () => clock,
      startPool: () => {
        pools++;
        return { msPerPuzzle: poolMsPerPuzzle ?? (() => undefined) } as SolvePool;
      },
    },
  );
  const submit = (from: number, count: number) => scheduler.submit(batchOf(Array.from({ length: count }, (_, i) => ({ line: from + i, text: '', note: '' }))), undefined);
  return { submit, slices, pushed, pools: () => pools };
}

test('one thread: every batch that fits its slice is answered on the main thread, however long the run', async () => {
  const h = harness(1, () => 0.05);
  for (let b = 0; b < 20; b++) await h.submit(1 + b * 256, 256);
  assert.equal(h.pools(), 0);
  assert.ok(h.pushed.every((a) => a.where === 'here'));
  assert.deepEqual(h.slices, [FIRST_SLICE_MS, ...Array(19).fill(SLICE_MS)], 'the first batch has the longer slice');
});

test('a batch cut short: what was answered is pushed first, then the puzzle cut short goes to the pool alone with the time already spent, then the rest, and so does every later batch', async () => {
  const h = harness(1, (line) => (line === 300 ? 1000 : 0.01));
  await h.submit(1, 256);
  await h.submit(257, 256);
  await h.submit(513, 10);
  assert.equal(h.pools(), 1);
  assert.deepEqual(
    h.pushed.map((a) => [a.where, a.lines[0], a.lines.length, a.spent]),
    [
      ['here', 1, 256, undefined],
      ['here', 257, 43, undefined],
      ['pool', 300, 1, SLICE_MS - 43 * 0.01],
      ['pool', 301, 212, undefined],
      ['pool', 513, 10, undefined],
    ].map(([w, first, n, spent]) => [w, first, n, spent === undefined ? undefined : Number(spent)]),
  );
  const lines = h.pushed.flatMap((a) => a.lines);
  assert.deepEqual(
    lines,
    Array.from({ length: 522 }, (_, i) => i + 1),
    'answers pushed in input order',
  );
});

test('slow puzzles go to the pool in pieces of about PIECE_MS, judged from the main thread and then from the workers, so their answers are written as they come', async () => {
  // 200 ms a puzzle: the first slice answers one and cuts the second after 100 ms (150 ms a puzzle so far).
  const slow = harness(1, () => 200);
  await slow.submit(1, 10);
  assert.deepEqual(
    slow.pushed.map((a) => [a.where, a.lines.join(',')]),
    [['here', '1'], ...Array.from({ length: 9 }, (_, i) => ['pool', String(i + 2)])],
    'one puzzle a piece',
  );
  assert.equal(slow.pushed[1]!.spent, FIRST_SLICE_MS - 200);
  // Once the workers have answered, their time decides: 25 ms a puzzle makes pieces of PIECE_MS / 25.
  let workerMs: number | undefined;
  const mixed = harness(
    1,
    () => 200,
    () => workerMs,
  );
  await mixed.submit(1, 3);
  workerMs = 25;
  await mixed.submit(4, 40);
  assert.deepEqual(
    mixed.pushed.map((a) => [a.where, a.lines.length]),
    [
      ['here', 1],
      ['pool', 1],
      ['pool', 1],
      ['pool', PIECE_MS / 25],
      ['pool', PIECE_MS / 25],
      ['pool', PIECE_MS / 25],
      ['pool', PIECE_MS / 25],
    ],
  );
  assert.deepEqual(
    mixed.pushed.flatMap((a) => a.lines),
    Array.from({ length: 43 }, (_, i) => i + 1),
    'answers pushed in input order',
  );
});

test('several threads: light work stays on the main thread; the pool starts once the main thread has worked long on puzzles that are not trivial', async () => {
  // 12 µs a puzzle: 0.9 s of work in all stays here (puzzles this easy are cheaper here than as messages).
  const light = harness(2, () => 0.012);
  for (let b = 0; b < 300; b++) await light.submit(1 + b * 256, 256);
  assert.equal(light.pools(), 0, 'no pool for puzzles of 12 µs');
  // 0.1 ms a puzzle: the batches after 150 ms of main-thread work go to the pool.
  const heavy = harness(2, () => 0.1);
  for (let b = 0; b < 8; b++) await heavy.submit(1 + b * 256, 256);
  assert.equal(heavy.pools(), 1);
  const here = heavy.pushed.filter((a) => a.where === 'here').length;
  assert.equal(here, Math.ceil(150 / (256 * 0.1)), 'the main thread answers until it has worked 150 ms');
  assert.ok(heavy.pushed.slice(here).every((a) => a.where === 'pool'));
});
