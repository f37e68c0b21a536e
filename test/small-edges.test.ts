/**
 * The smaller edges of "nothing lost, nothing wrong", end to end: `solve`'s messages begin with
 * `sudokit:` like every other command's.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { runCli } from './helpers.js';

const DIR = mkdtempSync(join(tmpdir(), 'sudokit-small-'));

const P1 = '4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......';
/** Row 1 holds 1 to 8 and r2c9 is 9, so r1c9 can hold nothing: no solution (the 9×9 line path reads it). */
const NONE = `12345678.........9${'.'.repeat(63)}`;

const lines = (text: string) => text.split('\n').filter((l) => l !== '');

test("solve's messages on stderr begin with sudokit:, as every other command's do (they began with line N:)", () => {
  const input = `${P1}\nnot a puzzle\n${NONE}\n`;
  for (const args of [[], ['--format', 'json'], ['--format', 'pretty'], ['--all'], ['--all', '--count'], ['--engine', 'dancing-links']]) {
    const r = runCli(['solve', '--threads', '1', ...args], { input });
    const what = `solve ${args.join(' ')}`;
    assert.equal(r.status, 1, `${what}: ${r.stderr}`);
    assert.deepEqual(
      lines(r.stderr),
      ['sudokit: line 2: Invalid puzzle: unexpected character "o" at position 2 in "not a puzzle"; cells are digits, letters for sizes over 9, and . or 0 for empty', 'sudokit: line 3: no solution'],
      what,
    );
  }
  // With several inputs a message names its input too, as the step commands' do.
  const file = join(DIR, 'puzzles.txt');
  writeFileSync(file, `${P1}\n\n${NONE}\n`);
  const two = runCli(['solve', file, file]);
  assert.equal(two.status, 1);
  assert.deepEqual(lines(two.stderr), [`sudokit: ${file}:line 3: no solution`, `sudokit: ${file}:line 3: no solution`]);
  const graded = runCli(['grade', file, file]);
  assert.match(graded.stderr, new RegExp(`^sudokit: ${file}:line 3: `, 'm'), 'the form the step commands use');
});
