/**
 * Hostile input through the CLI, as a property: random bytes, and random mixes of good puzzles
 * with bad lines (wrong lengths, stray characters, clashing givens, an unbalanced `[`, a byte
 * order mark, blank and comment lines), fed to `solve`, `grade`, `explain` and `hint` with JSON
 * output. Whatever the input, each command answers every record exactly once, in input order,
 * exits 0 or 1, and never crashes. Which lines start a record is known here without the
 * library's splitter, from the README's rules: the mixes are built line by line, each line's
 * records known as it is drawn, and random bytes are kept only when no line could begin a grid
 * over several lines or a JSON array (then every line but the blank and `#` ones is one record).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { readDataset, runCli } from './helpers.js';

const GOOD = readDataset('norvig-easy50.txt').puzzles;

/** A piece of input: its lines, and which of them (0-based) start a record. */
interface Piece {
  readonly lines: readonly string[];
  readonly records: readonly number[];
}

const one = (line: string): Piece => ({ lines: [line], records: [0] });
const none = (line: string): Piece => ({ lines: [line], records: [] });

/**
 * Every character a grid row or rule line can hold: cells (`.`, digits, letters), and what the
 * README says is ignored between them (white space, `|`, `-`, `+`, box drawing) with the other
 * rule characters (`=`, `:`, `_`). A line with any other character is no row of a grid.
 */
const GRID_CHARS = /^[.0-9A-Za-z\s|+=:_\u2500-\u257f-]*$/;

/**
 * A bad line of some kind, built from a good puzzle and a random draw. Each stands alone: no line
 * here can be a row of a grid (more than 49 cells, or a character no grid holds) and a JSON text
 * left open is ended by the next line, which no JSON text can continue.
 */
const badPiece = fc.oneof(
  fc.constantFrom(...GOOD).map((p) => one(p.slice(0, 80))), // too short
  fc.constantFrom(...GOOD).map((p) => one(`${p}7`)), // too long
  fc.constantFrom(...GOOD).map((p) => one(`x${p.slice(1)}`)), // a stray character
  fc.constantFrom(...GOOD).map((p) => one(`${p.replace('.', p.match(/[1-9]/)![0])}`)), // perhaps a clash
  fc.constant({ lines: ['[[1,2],[3', '# a comment ends the array'], records: [0] }), // an unbalanced bracket, ended by a comment
  fc.constantFrom(...GOOD).map((p) => ({ lines: ['[[1,2],[3', p], records: [0, 1] })), // ... or by a puzzle
  fc.constant(one('[]')),
  fc.constant(none('# a comment')),
  fc.constant(none('')),
  fc
    .string({ maxLength: 90 })
    .filter((s) => !GRID_CHARS.test(s) && !/^[ \t]*[[#]/.test(s))
    .map(one),
);

const mixedInput = fc.tuple(fc.array(fc.oneof(fc.constantFrom(...GOOD).map(one), badPiece), { minLength: 1, maxLength: 12 }), fc.boolean()).map(([pieces, bom]) => {
  const lines: string[] = [];
  const records: number[] = [];
  for (const piece of pieces) {
    for (const r of piece.records) records.push(lines.length + r + 1);
    lines.push(...piece.lines);
  }
  // Inputs are bytes, one a character: a byte order mark is its three UTF-8 bytes (a "\uFEFF"
  // here went out as the one byte 0xFF, which starts no mark: the first line was then a record).
  return { input: `${bom ? '\xEF\xBB\xBF' : ''}${lines.join('\n')}\n`, records };
});

/** The lines of a text as the CLI reads them: UTF-8, a byte order mark dropped, `\n` or `\r\n` ends. */
function linesOf(input: string): string[] {
  const lines = Buffer.from(input, 'latin1')
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .split('\n');
  if (lines.at(-1) === '') lines.pop();
  return lines.map((l) => (l.endsWith('\r') ? l.slice(0, -1) : l));
}

const isBlank = (line: string) => /^[ \t\r]*$/.test(line);
const isComment = (line: string) => /^[ \t\r]*#/.test(line);

/**
 * Random bytes, kept when every line is blank, a comment, or a line that can begin neither a
 * grid over lines (a character no grid holds) nor a JSON array (no `[` first): its records are
 * then its other lines, one each.
 */
const randomBytes = fc
  .uint8Array({ maxLength: 400 })
  .map((bytes) => Buffer.from(bytes).toString('latin1'))
  .filter((input) => linesOf(input).every((l) => isBlank(l) || isComment(l) || (!GRID_CHARS.test(l) && !/^[ \t\r]*\[/.test(l))))
  .map((input) => ({
    input,
    records: linesOf(input).flatMap((l, i) => (isBlank(l) || isComment(l) ? [] : [i + 1])),
  }));

function check(command: string, { input, records }: { input: string; records: readonly number[] }): void {
  const args = command === 'solve' ? ['solve', '--format', 'json', '--threads', '2', '--no-progress', '-'] : [command, '--format', 'json', '-'];
  const r = runCli(args, { input: Buffer.from(input, 'latin1'), timeoutMs: 60_000 });
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
    records,
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
