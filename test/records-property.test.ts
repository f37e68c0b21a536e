/**
 * Nothing lost, nothing wrong, as a property of the whole command line: random mixes of good
 * records (one-line puzzles, grids over several lines, JSON arrays on one line or many), bad
 * records (a character no puzzle uses, a length no board has, an unfinished grid, a clash, an
 * unbalanced `[`), blank and comment lines, joined with every line ending (`\n`, `\r\n`, `\r`
 * alone, or a mix), fed to `solve`, `grade`, `explain` and `hint`.
 *
 * What the records are, and where each begins, is known from how the input was built, not from
 * the library's splitter: each command must give exactly one answer per record, in order, with
 * its line, the puzzle it read (the givens of a good record, the text of a bad one), a solution
 * of it from `solve` (checked here, apart from the solver), and the exit status the README
 * gives; and with standard output on /dev/full it must fail with 74, not pass for a success.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { closeSync, existsSync, openSync } from 'node:fs';
import { test } from 'node:test';
import fc from 'fast-check';
import { CLI, readDataset } from './helpers.js';

/** Puzzles with one solution each (9×9, `.` for empty). */
const GOOD = readDataset('norvig-easy50.txt').puzzles.slice(0, 20);

/** A piece of the input: its lines, and the record they make, if any. */
interface Piece {
  readonly lines: readonly string[];
  /** A puzzle the command must answer; absent for blank and comment lines. */
  readonly record?: { readonly good: true; readonly givens: string } | { readonly good: false };
  /**
   * What could go on with this piece if the next line let it: an unbalanced `[` (more JSON) or a
   * grid a row short (more rows).
   */
  readonly open?: 'json' | 'grid';
  /**
   * Which open pieces this one ends by its first line, as the README says: a JSON text ends at a
   * line that is a one-line puzzle or a grid row (no JSON has them), a grid at a line that is not
   * one of its rows. Before any other piece an open one gets a blank or comment line.
   */
  readonly ends: { readonly json: boolean; readonly grid: boolean };
}

const rowsOf = (p: string) => Array.from({ length: 9 }, (_, r) => p.slice(r * 9, r * 9 + 9));
const jsonRow = (row: string) => `[${[...row].map((c) => (c === '.' ? 0 : Number(c))).join(',')}]`;
/** A row drawn with spaces and bars, as the pretty output does: `4 . . | . . . | 8 . 5`. */
const drawnRow = (row: string) => [0, 3, 6].map((i) => [...row.slice(i, i + 3)].join(' ')).join(' | ');

/** A good puzzle in one of the forms the README lists. */
const goodPiece: fc.Arbitrary<Piece> = fc
  .tuple(fc.constantFrom(...GOOD), fc.noBias(fc.integer({ min: 0, max: 6 })), fc.constantFrom('', ' 1.2 easy', '\tfrom a dataset', '  #3'))
  .map(([givens, form, note]): Piece => {
    const rows = rowsOf(givens);
    const record = { good: true as const, givens };
    switch (form) {
      case 0:
        return { lines: [`${givens}${note}`], record, ends: { json: true, grid: true } };
      case 1:
        return { lines: [`  ${givens}`], record, ends: { json: true, grid: true } };
      case 2: // rows of nine characters (a row of nine digits would be a JSON number)
        return { lines: rows, record, ends: { json: false, grid: false } };
      case 3: // drawn rows, with rule lines between the bands
        return { lines: rows.map(drawnRow).flatMap((r, i) => (i === 3 || i === 6 ? ['------+-------+------', r] : [r])), record, ends: { json: true, grid: false } };
      case 4: // drawn, under a top border (the record begins at the border, which a grid would take as a rule line)
        return { lines: ['+-------+-------+-------+', ...rows.map((r) => `| ${drawnRow(r)} |`)], record, ends: { json: false, grid: false } };
      case 5: // a JSON array on one line
        return { lines: [`[${rows.map(jsonRow).join(',')}]`], record, ends: { json: false, grid: true } };
      default: // a JSON array over lines, one row a line
        return { lines: rows.map((r, i) => `${i === 0 ? '[' : ' '}${jsonRow(r)}${i === 8 ? ']' : ','}`), record, ends: { json: false, grid: true } };
    }
  });

/** The puzzle with one given copied into an empty cell of its row: a clash. */
function clash(givens: string): string {
  for (let r = 0; r < 9; r++) {
    const row = givens.slice(r * 9, r * 9 + 9);
    const digit = /[1-9]/.exec(row);
    const empty = row.indexOf('.');
    if (digit && empty >= 0) return givens.slice(0, r * 9 + empty) + digit[0] + givens.slice(r * 9 + empty + 1);
  }
  throw new Error(`no row with both a given and an empty cell in ${givens}`);
}

const bad = { good: false as const };

/** A bad record: each is one record wherever it stands. */
const badPiece: fc.Arbitrary<Piece> = fc
  .tuple(fc.constantFrom(...GOOD), fc.noBias(fc.integer({ min: 0, max: 80 })), fc.constantFrom('x', '?', '!', '@', 'z', '%', 'é'), fc.noBias(fc.integer({ min: 0, max: 9 })))
  .map(([givens, at, char, kind]): Piece => {
    const rows = rowsOf(givens);
    // A line of cells and dots is no JSON; a character JSON has no use for is no more JSON than
    // a row, but the README does not promise it, so those lines get a blank line after a `[`.
    const line = { json: true, grid: true };
    const json = { json: false, grid: true };
    switch (kind) {
      case 0: // a character no puzzle uses
        return { lines: [givens.slice(0, at) + char + givens.slice(at + 1)], record: bad, ends: json };
      case 1: // one cell short
        return { lines: [givens.slice(0, 80)], record: bad, ends: line };
      case 2: // one cell too many
        return { lines: [`${givens}${givens[at]}`], record: bad, ends: line };
      case 3: // a clash
        return { lines: [clash(givens)], record: bad, ends: line };
      case 4: // a grid that stops a row short
        return { lines: rows.slice(0, 8).map(drawnRow), record: bad, open: 'grid', ends: { json: true, grid: false } };
      case 5: // a JSON array that never closes, on one line
        return { lines: [['[[1,2],[3', '[', '[[0,4,8,', '[["5","3"', `[${jsonRow(rows[0]!)},`][at % 5]!], record: bad, open: 'json', ends: json };
      case 6: // a JSON array that never closes, over lines
        return { lines: rows.slice(0, 1 + (at % 8)).map((r, i) => `${i === 0 ? '[' : ' '}${jsonRow(r)},`), record: bad, open: 'json', ends: json };
      case 7: // a closed JSON array a row short
        return { lines: [`[${rows.slice(0, 8).map(jsonRow).join(',')}]`], record: bad, ends: json };
      case 8: // a JSON array that closes once too often
        return { lines: [`[${jsonRow(rows[0]!)}]]`], record: bad, ends: json };
      default: // a digit the board has not (A is 10 on boards from 10x10)
        return { lines: [`${givens.slice(0, at)}A${givens.slice(at + 1)}`], record: bad, ends: line };
    }
  });

/** Lines that are no record: blank, white space, comments. */
const separator: fc.Arbitrary<Piece> = fc.constantFrom('', '   ', '\t', '# a comment', '  # an indented comment', '#').map((line) => ({ lines: [line], ends: { json: true, grid: true } }));

const ENDINGS = ['\n', '\r\n', '\r'] as const;

/** An input as the pieces it was built from, with its text and the records it holds. */
interface Built {
  readonly text: string;
  /** Each record: the line it begins on (from 1), its text as the reader gives it, and what it is. */
  readonly records: { readonly line: number; readonly text: string; readonly good: boolean; readonly givens?: string }[];
}

const built: fc.Arbitrary<Built> = fc
  .tuple(
    fc.array(fc.oneof({ arbitrary: goodPiece, weight: 3 }, { arbitrary: badPiece, weight: 2 }, { arbitrary: separator, weight: 2 }), { minLength: 6, maxLength: 24 }),
    fc.constantFrom('\n', '\r\n', '\r', 'mixed'),
    fc.array(fc.constantFrom(...ENDINGS), { minLength: 1, maxLength: 40 }),
    fc.boolean(),
    fc.constantFrom('', '#'),
  )
  .map(([pieces, style, mixed, lastEnded, closer]) => {
    const lines: string[] = [];
    const records: Built['records'][number][] = [];
    let open: Piece['open'];
    for (const piece of pieces) {
      // A piece that would go on with an open one is kept from it by a blank or comment line.
      if (open !== undefined && !piece.ends[open]) lines.push(closer);
      if (piece.record) {
        records.push({ line: lines.length + 1, text: piece.lines.join('\n'), good: piece.record.good, ...(piece.record.good ? { givens: piece.record.givens } : {}) });
      }
      lines.push(...piece.lines);
      open = piece.open;
    }
    let text = '';
    for (const [i, line] of lines.entries()) {
      let ending: string = style === 'mixed' ? mixed[i % mixed.length]! : style;
      // A lone \r before an empty line ending in \n would make one \r\n of the two line ends.
      if (ending === '\r' && lines[i + 1] === '') ending = '\r\n';
      text += line + (i < lines.length - 1 || lastEnded ? ending : '');
    }
    return { text, records };
  });

/** Does `answer` fill in `givens` by the rules (each row, column and box 1 to 9)? Written apart from the solver. */
function solves(givens: string, answer: string): boolean {
  if (!/^[1-9]{81}$/.test(answer)) return false;
  for (let i = 0; i < 81; i++) if (givens[i] !== '.' && givens[i] !== answer[i]) return false;
  const units: number[][] = [];
  for (let k = 0; k < 9; k++) {
    units.push(Array.from({ length: 9 }, (_, j) => k * 9 + j));
    units.push(Array.from({ length: 9 }, (_, j) => j * 9 + k));
    units.push(Array.from({ length: 9 }, (_, j) => (Math.floor(k / 3) * 3 + Math.floor(j / 3)) * 9 + (k % 3) * 3 + (j % 3)));
  }
  return units.every((unit) => new Set(unit.map((c) => answer[c])).size === 9);
}

const COMMANDS = {
  solve: ['solve', '--threads', '2', '--no-progress', '-'],
  'solve --format json': ['solve', '--format', 'json', '--threads', '2', '--no-progress', '-'],
  grade: ['grade', '--format', 'json', '-'],
  explain: ['explain', '--format', 'json', '-'],
  hint: ['hint', '--format', 'json', '-'],
} as const;

/** Run the CLI with `input` on stdin and standard output to a pipe (or to the file descriptor `stdout`). */
function cli(args: readonly string[], input: string, stdout?: number): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], { stdio: ['pipe', stdout ?? 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.stdout?.setEncoding('utf8').on('data', (d: string) => {
      out += d;
    });
    child.stderr!.setEncoding('utf8').on('data', (d: string) => {
      err += d;
    });
    child.on('error', reject);
    child.on('close', (status) => {
      clearTimeout(timer);
      resolve({ status, stdout: out, stderr: err });
    });
    child.stdin!.on('error', () => {}); // a command that fails early may not read it all
    child.stdin!.end(input);
  });
}

async function check(input: Built): Promise<void> {
  const { text, records } = input;
  const what = (name: string) => `${name} on ${JSON.stringify(text).slice(0, 300)}`;
  const names = Object.keys(COMMANDS) as (keyof typeof COMMANDS)[];
  // Every answer written to a full disk: the run must say so and fail, whatever the input.
  const full = existsSync('/dev/full') ? openSync('/dev/full', 'w') : undefined;
  let runs: { status: number | null; stdout: string; stderr: string }[];
  let fullRuns: { status: number | null; stdout: string; stderr: string }[];
  try {
    // The commands run side by side: most of each run is Node starting.
    [runs, fullRuns] = await Promise.all([Promise.all(names.map((name) => cli(COMMANDS[name], text))), Promise.all(full === undefined ? [] : names.map((name) => cli(COMMANDS[name], text, full)))]);
  } finally {
    if (full !== undefined) closeSync(full);
  }
  for (const [k, name] of names.entries()) {
    const r = runs[k]!;
    assert.equal(r.status, records.every((rec) => rec.good) ? 0 : 1, `${what(name)}: exit status\n${r.stderr}`);
    const answers = r.stdout === '' ? [] : r.stdout.replace(/\n$/, '').split('\n');
    assert.equal(answers.length, records.length, `${what(name)}: one answer per record\n${r.stdout}`);
    if (name === 'solve') {
      for (const [i, rec] of records.entries()) {
        if (rec.good) assert.ok(solves(rec.givens!, answers[i]!), `${what(name)}: record ${i + 1} (line ${rec.line}) is solved: ${answers[i]}`);
        else assert.equal(answers[i], 'invalid', `${what(name)}: record ${i + 1} (line ${rec.line})`);
      }
      continue;
    }
    const parsed = answers.map((a) => JSON.parse(a) as { line: number; puzzle: string; status?: string; solution?: string });
    assert.deepEqual(
      parsed.map((a) => [a.line, a.puzzle, a.status === 'invalid' ? 'bad' : 'good']),
      records.map((rec) => [rec.line, rec.good ? rec.givens : rec.text, rec.good ? 'good' : 'bad']),
      `${what(name)}: each record answered in order, with its line and the puzzle it read`,
    );
    if (name === 'solve --format json') {
      for (const [i, rec] of records.entries()) if (rec.good) assert.ok(solves(rec.givens!, parsed[i]!.solution ?? ''), `${what(name)}: record ${i + 1} is solved`);
    }
  }
  for (const [k, r] of fullRuns.entries()) {
    const name = names[k]!;
    if (records.length === 0) assert.equal(r.status, 0, `${what(name)} > /dev/full, nothing to write\n${r.stderr}`);
    else {
      assert.equal(r.status, 74, `${what(name)} > /dev/full\n${r.stderr}`);
      assert.match(r.stderr, /^sudokit: cannot write the output: no space left on device \(ENOSPC\)/m, what(name));
    }
  }
}

test('solve, grade, explain and hint answer every record once, in order, whatever the mix of records, blank and comment lines and line endings; > /dev/full fails with 74 (property)', {
  timeout: 300_000,
}, async () => {
  await fc.assert(fc.asyncProperty(built, check), {
    numRuns: 6,
    seed: 20260530,
    includeErrorInReport: true,
    // No record at all: nothing to answer, nothing written, so /dev/full is no failure either.
    examples: [[{ text: '\r\n# only a comment\r\n\n  \r', records: [] }]],
  });
});
