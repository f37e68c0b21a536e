/**
 * answerBatch's two paths: `solve` on 9×9 lines with the fast engine answers through a path of
 * its own (no Puzzle or result objects per line), every other run through the general one. The
 * two must write the same bytes, statuses and messages for every kind of line, whole and in
 * slices.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { BatchInput } from '../src/batch/input.js';
import { type AnswerOptions, answerBatch, answerEach, emptyCounts } from '../src/batch/solve.js';
import { fastEngine } from '../src/core/engines.js';
import { readDataset, spreadSample } from './helpers.js';

const P1 = '4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......';
const MULTIPLE = '...5.167.......25.5.1.64...185.46..................76.......52....1.5....58......';
/** No digit twice in a unit, yet no solution: r1c9 can hold nothing (its row has 1-8, its column 9). */
const UNSOLVABLE = `12345678.${'.'.repeat(8)}9${'.'.repeat(63)}`;

/** Every kind of line a 9×9 run meets, each once. */
const KINDS = [
  P1,
  P1.replaceAll('.', '0'), // zeros for empty cells
  MULTIPLE,
  UNSOLVABLE,
  `44${P1.slice(2)}`, // a digit twice in a row
  `4${'.'.repeat(8)}4${P1.slice(10)}`.slice(0, 81), // twice in a column
  `4${'.'.repeat(9)}4${'.'.repeat(70)}`, // twice in a box (r1c1, r2c2)
  '.'.repeat(81), // an empty board: the pattern grid
  P1.slice(1), // 80 cells
  `x${P1.slice(1)}`, // a character that is no cell
  `1${'.'.repeat(255)}`, // a 16x16
  `${P1.slice(0, 40)}-${P1.slice(41)}`, // another empty-cell mark
];

function batchOf(texts: readonly string[]): BatchInput {
  return { lines: texts.map((_, i) => i + 1), texts, notes: texts.map(() => '') };
}

const LINE: AnswerOptions = { format: 'line', limit: 2, engine: 'fast' };

test('the 9x9 line path writes what the general path writes, for every kind of line and for dataset files', () => {
  const hard = readDataset('forum-hardest-11plus.txt').puzzles;
  const clue17 = readDataset('17-clue.txt').puzzles;
  for (const texts of [KINDS, spreadSample(hard, 300), spreadSample(clue17, 300), [...KINDS, ...spreadSample(hard, 40), ...KINDS]]) {
    const batch = batchOf(texts);
    for (const options of [LINE, { ...LINE, limit: 1 }, { ...LINE, limit: 1000 }, { ...LINE, source: 'a.txt' }]) {
      const fast = answerBatch(batch, options);
      const general = answerEach(fastEngine, batch, options, Number.POSITIVE_INFINITY);
      assert.equal(fast.out, general.out, `limit ${options.limit}`);
      assert.equal(fast.err, general.err);
      assert.deepEqual(fast.counts, general.counts);
      assert.equal(fast.answered, texts.length);
    }
  }
  // Every kind is answered as its own status: the paths agree on something, not on nothing.
  const { counts } = answerBatch(batchOf(KINDS), LINE);
  assert.deepEqual(counts, { solved: 2, multiple: 3, unsolvable: 1, invalid: 6, unsupported: 0, timeout: 0 });
});

test('the 9x9 line path cut into slices answers a prefix, the same as the general path, and a time limit the same way', () => {
  const hard = spreadSample(readDataset('forum-hardest-11plus.txt').puzzles, 400);
  const texts = [...KINDS, ...hard];
  const whole = answerEach(fastEngine, batchOf(texts), LINE, Number.POSITIVE_INFINITY).out.split('\n');
  const sliced = answerBatch(batchOf(texts), LINE, 2);
  assert.ok(sliced.answered < texts.length, `2 ms cannot answer ${texts.length} of the hardest puzzles (answered ${sliced.answered})`);
  assert.equal(sliced.out, whole.slice(0, sliced.answered).join('\n') + (sliced.answered > 0 ? '\n' : ''));

  // A time limit too short for any search: the paths agree on every line's answer and message.
  const limited = { ...LINE, timeLimitMs: 0 };
  const fast = answerBatch(batchOf(texts), limited);
  const general = answerEach(fastEngine, batchOf(texts), limited, Number.POSITIVE_INFINITY);
  assert.ok(fast.counts.timeout > 0, JSON.stringify(fast.counts));
  assert.deepEqual([fast.out, fast.err, fast.counts], [general.out, general.err, general.counts]);
});

test('a puzzle handed on after a slice keeps its time limit: what it spent is charged to the limit and counted in its time', () => {
  // A limit of a minute, far beyond the slice and the time left: a slice that did not cut, or a
  // charge not made, shows as a run of a minute (or as an answer found in it), never as a slow
  // machine. The bounds below are for a loaded machine: they need only end well before the minute.
  const one49 = `1${'.'.repeat(49 * 49 - 1)}`;
  const limitMs = 60_000;
  const json: AnswerOptions = { format: 'json', limit: 2, engine: 'fast', timeLimitMs: limitMs };
  // Cut short on the CLI's main thread: the slice says how long the puzzle ran.
  const cut = answerBatch(batchOf([one49]), json, 100);
  assert.equal(cut.answered, 0);
  assert.ok(cut.cutMs !== undefined && cut.cutMs >= 90 && cut.cutMs < limitMs / 2, `ran ${cut.cutMs} ms of a 100 ms slice`);
  // Elsewhere, with all but 100 ms already spent: 100 ms are left, not the whole minute (a 49x49
  // with one given is counted to two in about 1.5 s, so a minute would answer it), and its time
  // counts what was spent.
  // The 9x9 line path too: counting the grids of a 9x9 with one given up to a trillion never ends
  // (stopped by the limit with more than one found: "multiple").
  const spent = limitMs - 100;
  for (const [texts, options, status] of [
    [[one49], json, 'timeout'],
    [[`1${'.'.repeat(80)}`], { ...LINE, limit: 1e12, timeLimitMs: limitMs }, 'multiple'],
  ] as const) {
    const started = performance.now();
    const answer = answerBatch({ ...batchOf(texts), firstSpentMs: spent }, options);
    const ms = performance.now() - started;
    assert.ok(ms < limitMs / 2, `${options.format}: ${ms.toFixed(0)} ms for the 100 ms left of a ${limitMs} ms limit`);
    assert.deepEqual(answer.counts, { ...emptyCounts(), [status]: 1 });
  }
  const timedOut = answerBatch({ ...batchOf([one49]), firstSpentMs: spent }, json);
  assert.match(timedOut.err, /gave up after 60000 ms/);
  assert.ok((JSON.parse(timedOut.out) as { micros: number }).micros >= (limitMs - 10) * 1000, timedOut.out);
});
