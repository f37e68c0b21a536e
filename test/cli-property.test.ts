/**
 * Hostile input through the CLI, as a property: random bytes, and random mixes of good puzzles
 * with bad lines (wrong lengths, stray characters, clashing givens, an unbalanced `[`, a byte
 * order mark, blank and comment lines), fed to `solve`, `grade`, `explain` and `hint` with JSON
 * output. Whatever the input, each command answers every record exactly once, in input order,
 * exits 0 or 1, and never crashes. What a record is comes from the library's splitter (the
 * CLI's own cutter), so the property checks the pipeline around it: reading, workers, ordering,
 * errors in place.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { type PuzzleRecord, PuzzleSplitter } from '../src/format/records.js';
import { readDataset, runCli } from './helpers.js';

const GOOD = readDataset('norvig-easy50.txt').puzzles;

/** The records the splitter cuts from a text, as the CLI reads it line by line. */
function recordsOf(text: string): PuzzleRecord[] {
  const splitter = new PuzzleSplitter();
  const out: PuzzleRecord[] = [];
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  if (lines[lines.length - 1] === '') lines.pop();
  for (const [i, line] of lines.entries()) splitter.push(line, i + 1, out);
  splitter.end(out);
  return out;
}

/** A bad line of some kind, built from a good puzzle and a random draw. */
const badLine = fc.oneof(
  fc.constantFrom(...GOOD).map((p) => p.slice(0, 80)), // too short
  fc.constantFrom(...GOOD).map((p) => `${p}7`), // too long
  fc.constantFrom(...GOOD).map((p) => `x${p.slice(1)}`), // a stray character
  fc.constantFrom(...GOOD).map((p) => `${p.replace('.', p.match(/[1-9]/)![0])}`), // perhaps a clash
  fc.constant('[[1,2],[3'), // an unbalanced bracket
  fc.constant('[]'),
  fc.constant('# a comment'),
  fc.constant(''),
  fc.string({ maxLength: 90 }),
);

const mixedInput = fc.tuple(fc.array(fc.oneof(fc.constantFrom(...GOOD), badLine), { minLength: 1, maxLength: 12 }), fc.boolean()).map(([lines, bom]) => `${bom ? '\uFEFF' : ''}${lines.join('\n')}\n`);

const randomBytes = fc.uint8Array({ maxLength: 400 }).map((bytes) => Buffer.from(bytes).toString('latin1'));

function check(command: string, input: string): void {
  const args = command === 'solve' ? ['solve', '--format', 'json', '--threads', '2', '--no-progress', '-'] : [command, '--format', 'json', '-'];
  const r = runCli(args, { input: Buffer.from(input, 'latin1'), timeoutMs: 60_000 });
  const expected = recordsOf(Buffer.from(input, 'latin1').toString('utf8'));
  assert.ok(r.status === 0 || r.status === 1, `${command}: exit ${r.status} ${r.signal ?? ''}\n${r.stderr}`);
  assert.doesNotMatch(r.stderr, /\n\s+at |TypeError|RangeError|Maximum call stack/, command);
  const answers =
    r.stdout === ''
      ? []
      : r.stdout
          .trimEnd()
          .split('\n')
          .map((l) => JSON.parse(l) as { line: number; status?: string });
  assert.deepEqual(
    answers.map((a) => a.line),
    expected.map((e) => e.line),
    `${command}: one answer per record, in order`,
  );
  // A record fails on invalid input, no solution or a time-out; a grade also needs one solution.
  const failing = ['invalid', 'unsolvable', 'timeout', ...(command === 'grade' ? ['multiple'] : [])];
  assert.equal(r.status, answers.some((a) => failing.includes(a.status ?? '')) ? 1 : 0, `${command}: exit status`);
}

for (const command of ['solve', 'grade', 'explain', 'hint']) {
  test(`${command}: one answer per record, in order, with no crash, for random mixes of good and bad lines and for random bytes (property)`, { timeout: 300_000 }, () => {
    fc.assert(
      fc.property(mixedInput, (input) => check(command, input)),
      { numRuns: 6, seed: 20261124 },
    );
    fc.assert(
      fc.property(randomBytes, (input) => check(command, input)),
      { numRuns: 4, seed: 20261125 },
    );
  });
}
