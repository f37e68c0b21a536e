/**
 * Hostile input costs only itself: lines that would swallow the rest of a file, arrays too big
 * for any board, a byte order mark, a line without an end; puzzle objects built by hand with
 * digits out of range or the wrong length; options that are not numbers; and a page server
 * asked for files behind symbolic links. Each case names the input and what must happen.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { createPageServer } from '../src/cli/serve.js';
import { makeJson, makeLine, makePretty } from '../src/format/make.js';
import { MAX_PUZZLE_CHARS, parsePuzzle } from '../src/format/parse.js';
import { splitPuzzles } from '../src/format/records.js';
import { gradePuzzle, levelOf } from '../src/logic/grade.js';
import { generatePuzzle } from '../src/generate/generator.js';
import { cellName, geometry } from '../src/geometry.js';
import { explain, nextStep } from '../src/logic/stepSolver.js';
import { SudokitError } from '../src/errors.js';
import { countGivens, createPuzzle, PuzzleError } from '../src/puzzle.js';
import { Board } from '../src/logic/board.js';
import { renderGridSvg } from '../src/render/grid.js';
import { renderVariantSvg } from '../src/render/variant.js';
import { relabel, rotate, transpose } from '../src/generate/transform.js';
import { solve } from '../src/registry.js';
import { CLI, readDataset, runCli } from './helpers.js';

const DIR = mkdtempSync(join(tmpdir(), 'sudokit-hostile-'));
const P1 = '4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......';
const G9 = geometry(3);

function cli(args: readonly string[], input?: string | Buffer) {
  return runCli(args, { input });
}

function jsonLines(text: string): { line: number; status: string; error?: { code: string; message: string } }[] {
  return text
    .trimEnd()
    .split('\n')
    .map((l) => JSON.parse(l));
}

// ---------------------------------------------------------------------------------------------
// Lines

test('a line starting with an unbalanced [ is one invalid record; every puzzle after it is answered', () => {
  const { puzzles } = readDataset('17-clue.txt');
  const rest = puzzles.slice(0, 150);
  const r = cli(['solve', '--format', 'json', '--threads', '1', '--no-progress', '-'], `[1,2,\n${rest.join('\n')}\n`);
  assert.equal(r.status, 1);
  const answers = jsonLines(r.stdout);
  assert.equal(answers.length, 1 + rest.length);
  assert.deepEqual([answers[0]!.line, answers[0]!.status, answers[0]!.error!.code], [1, 'invalid', 'character']);
  assert.ok(answers.slice(1).every((a, i) => a.line === i + 2 && a.status === 'solved'));
  // A JSON text over several lines still reads as one puzzle, and so does a puzzle line after it.
  const rows = Array.from({ length: 9 }, (_, r) => `  [${[...P1.slice(r * 9, r * 9 + 9)].map((c) => (c === '.' ? 0 : c)).join(',')}]`);
  const records = splitPuzzles(`[\n${rows.join(',\n')}\n]\n${P1}\n`);
  assert.deepEqual(
    records.map((rec) => rec.line),
    [1, 12],
  );
  assert.ok(parsePuzzle(records[0]!.text).ok);
});

test('a JSON array bigger than any board is one coded error, not a crash (124,000 entries)', () => {
  const huge = `[${new Array(124_000).fill(0).join(',')}]`;
  const parsed = parsePuzzle(huge);
  assert.equal(parsed.ok, false);
  assert.equal(!parsed.ok && parsed.error.code, 'length');
  assert.match(!parsed.ok ? parsed.error.message : '', /124000 entries, more than the 2401 cells/);
  for (const command of ['solve', 'grade', 'hint']) {
    const r = cli([command, '--format', 'json', '-'], `${huge}\n${P1}\n`);
    assert.equal(r.status, 1, `${command}: ${r.stderr}`);
    const answers = jsonLines(r.stdout);
    assert.deepEqual(
      answers.map((a) => [a.line, a.status ?? 'answered']),
      [
        [1, 'invalid'],
        [2, command === 'solve' ? 'solved' : 'answered'],
      ],
      command,
    );
  }
});

test('a UTF-8 byte order mark at the start of a file is not part of the first puzzle (or comment)', () => {
  const bom = Buffer.from([0xef, 0xbb, 0xbf]);
  const withComment = join(DIR, 'bom-comment.txt');
  writeFileSync(withComment, Buffer.concat([bom, Buffer.from(`# saved by an editor\n${P1}\n`)]));
  const r = cli(['solve', '--no-progress', withComment]);
  assert.equal(r.status, 0, r.stderr);
  assert.equal(r.stdout.trim().split('\n').length, 1);
  const bare = join(DIR, 'bom-puzzle.txt');
  writeFileSync(bare, Buffer.concat([bom, Buffer.from(`${P1}\n`)]));
  assert.equal(cli(['grade', bare]).status, 0);
  assert.ok(parsePuzzle(`\uFEFF${P1}`).ok);
});

test('a line without an end costs only itself: cut at 1 MiB, answered invalid, the next lines answered', () => {
  const path = join(DIR, 'long-line.txt');
  writeFileSync(path, `${'1'.repeat(3_000_000)}\n${P1}\n${P1}\n`);
  const r = cli(['solve', '--format', 'json', '--no-progress', path]);
  assert.equal(r.status, 1);
  const answers = jsonLines(r.stdout);
  assert.deepEqual(
    answers.map((a) => [a.line, a.status]),
    [
      [1, 'invalid'],
      [2, 'solved'],
      [3, 'solved'],
    ],
  );
  // It says why (cut one past the limit, not at it, so it is not read as a board of 2^20 cells).
  assert.match(r.stderr, /^sudokit: line 1: Invalid puzzle: longer than 1,048,576 characters; the largest board \(49x49\) has 2,401 cells$/m);
});

test('parsePuzzle reads text up to MAX_PUZZLE_CHARS and names anything longer', () => {
  const over = parsePuzzle(`${P1}${' '.repeat(MAX_PUZZLE_CHARS - P1.length + 1)}`);
  assert.equal(!over.ok && over.error.code, 'length');
  assert.match(!over.ok ? over.error.message : '', /longer than 1,048,576 characters/);
  // At the limit it is still read: a puzzle padded with spaces to exactly that length.
  assert.ok(parsePuzzle(`${P1}${' '.repeat(MAX_PUZZLE_CHARS - P1.length)}`).ok);
});

test('parsePuzzle never throws: null, a number, an object are coded errors', () => {
  for (const value of [null, undefined, 12345, {}, ['4....']]) {
    const parsed = parsePuzzle(value as unknown as string);
    assert.equal(parsed.ok, false, String(value));
    if (!parsed.ok) {
      assert.equal(parsed.error.code, 'character');
      assert.match(parsed.error.message, /^Invalid puzzle: expected text, got /);
    }
  }
  const empty = parsePuzzle('');
  assert.equal(!empty.ok && empty.error.code, 'length');
});

// ---------------------------------------------------------------------------------------------
// Puzzle objects and options at the library's doors

test("solve, explain and gradePuzzle refuse puzzle objects with the parser's codes, on every engine", () => {
  const outOfRange = new Uint8Array(81);
  outOfRange[1] = 10;
  const clash = new Uint8Array(81);
  clash[0] = 5;
  clash[1] = 5;
  const cases: [string, unknown, string, RegExp][] = [
    ['a digit of 10', { geometry: G9, givens: outOfRange }, 'character', /given at r1c2 is 10; expected 0 \(empty\) or a digit 1-9/],
    ['80 givens', { geometry: G9, givens: new Uint8Array(80) }, 'length', /expected 81 givens for a 9x9 board, got 80/],
    ['82 givens', { geometry: G9, givens: new Uint8Array(82) }, 'length', /got 82/],
    ['two 5s in row 1', { geometry: G9, givens: clash }, 'duplicate-given', /digit 5 twice in row 1/],
    ['a geometry built by hand', { geometry: { ...G9 }, givens: new Uint8Array(81) }, 'geometry', /not one of the library's/],
    ['no puzzle', null, 'geometry', /expected a puzzle object/],
  ];
  for (const [name, puzzle, code, message] of cases) {
    for (const call of [() => solve(puzzle as never), () => solve(puzzle as never, { engine: 'exact-cover' }), () => explain(puzzle as never), () => gradePuzzle(puzzle as never)]) {
      assert.throws(call, (e: unknown) => e instanceof PuzzleError && e instanceof SudokitError && e.code === code && message.test(e.message), name);
    }
  }
});

test('explain, gradePuzzle and renderVariantSvg refuse options of the wrong kind with code options, naming the value', () => {
  const parsed = parsePuzzle(P1);
  assert.ok(parsed.ok);
  const p = parsed.puzzle;
  const cases: [string, () => unknown, RegExp][] = [
    ['explain with a string for options', () => explain(p, 'se' as never), /explain: options must be an object, got string "se"/],
    ['gradePuzzle with a number for options', () => gradePuzzle(p, 5 as never), /gradePuzzle: options must be an object, got 5/],
    ['a negative maxSteps', () => explain(p, { maxSteps: -1 }), /maxSteps: expected a whole number of at least 0, got -1/],
    ['maxSteps as text', () => explain(p, { maxSteps: '3' as never }), /got string "3"/],
    ['unique as text', () => explain(p, { unique: 'yes' as never }), /unique: expected true or false, got string "yes"/],
    ['a solution of 3 cells', () => explain(p, { solution: new Uint8Array(3) }), /solution: expected 81 cells, got 3/],
    ['a time limit as text', () => gradePuzzle(p, { timeLimitMs: '1' as never }), /got string "1"/],
    ['renderVariantSvg with a string for options', () => renderVariantSvg({ ...p, constraints: [] }, 'x' as never), /renderVariantSvg: options must be an object/],
  ];
  for (const [name, call, message] of cases) assert.throws(call, (e: unknown) => e instanceof SudokitError && e.code === 'options' && message.test(e.message), name);
  // null is no options, as everywhere
  assert.equal(explain(p, null).path, 'teaching');
});

test('renderGridSvg and makePretty take a puzzle and its options; a grid that is not an array, a cell off the board and a rating that is no number are refused with code options', () => {
  const parsed = parsePuzzle(P1);
  assert.ok(parsed.ok);
  const p = parsed.puzzle;
  assert.equal(renderGridSvg(p, { cellSize: 20 }), renderGridSvg(p, p.givens, { cellSize: 20 }));
  assert.equal(makePretty(p, { empty: '0' }), makePretty(p, p.givens, { empty: '0' }));
  const misuse = (message: RegExp) => (e: unknown) => e instanceof SudokitError && e.code === 'options' && message.test(e.message);
  assert.throws(() => makePretty(p, 5 as never), misuse(/makePretty: the grid must be an array of cells, got 5/));
  assert.throws(() => makeLine(p, 'x' as never), misuse(/makeLine: the grid must be an array of cells, got string "x"/));
  assert.throws(() => renderGridSvg(p, p.givens, 5 as never), misuse(/renderGridSvg: options must be an object, got 5/));
  for (const cell of [81, -1, 1.5]) assert.throws(() => cellName(G9, cell), misuse(/is not a cell of a 9x9 board \(0 to 80\)/), String(cell));
  assert.equal(cellName(G9, 80), 'r9c9');
  assert.throws(() => levelOf('x' as never), misuse(/levelOf: expected a rating, got string "x"/));
  assert.equal(levelOf(1.2), 'easy');
});

test('createPuzzle and the grid transforms refuse at the boundary, with the codes and the call that works; clashing givens still make a puzzle', () => {
  const outOfRange = new Uint8Array(81);
  outOfRange[1] = 10;
  const refused = (code: string, pattern: RegExp) => (e: unknown) => e instanceof SudokitError && e.code === code && pattern.test(e.message);
  assert.throws(() => createPuzzle(G9, outOfRange), refused('character', /given at r1c2 is 10; expected 0 \(empty\) or a digit 1-9/));
  assert.throws(() => createPuzzle(G9, [1.5, ...new Array(80).fill(0)]), refused('character', /given at r1c1 is 1.5/));
  assert.throws(() => createPuzzle({ ...G9 }, new Uint8Array(81)), refused('geometry', /not one of the library's/));
  assert.throws(() => createPuzzle(G9, new Uint8Array(80)), refused('length', /expected 81 givens for a 9x9 board, got 80/));
  const clash = new Uint8Array(81);
  clash[0] = 5;
  clash[1] = 5;
  assert.equal(createPuzzle(G9, clash).givens[1], 5, 'a puzzle being typed in may clash; the entry points refuse it');
  const puzzle = createPuzzle(G9, new Uint8Array(81));
  // transpose and rotate take a puzzle (its givens the grid), as the root's (board, grid) functions do
  assert.deepEqual(transpose(puzzle), transpose(puzzle.geometry, puzzle.givens));
  assert.throws(() => transpose({ givens: new Uint8Array(81) } as never), refused('geometry', /^transpose: the board \(object\) is not one of the library's geometries, nor a puzzle on one/));
  assert.throws(() => transpose(G9 as never), refused('options', /^transpose: a geometry needs a grid/));
  assert.throws(() => relabel(puzzle as never, [] as never, []), refused('geometry', /relabel\(puzzle\.geometry, puzzle\.givens, …\)/));
  assert.throws(() => rotate(G9, new Uint8Array(16)), refused('length', /rotate: expected a grid of 81 cells for a 9x9 board, got 16/));
  assert.equal(transpose(puzzle.geometry, puzzle.givens).grid.length, 81);
  // The step solver's door too: nextStep(Board.fromPuzzle(bad)) said nothing (undefined) before.
  assert.throws(() => Board.fromPuzzle({ geometry: G9, givens: outOfRange }), refused('character', /given at r1c2 is 10/));
  assert.throws(() => Board.fromPuzzle({ geometry: { ...G9 }, givens: new Uint8Array(81) }), refused('geometry', /not one of the library's/));
  const offBoard = { geometry: G9, givens: new Uint8Array(81), constraints: [{ kind: 'killer', cells: [80, 81], sum: 10 }] };
  assert.throws(() => Board.fromPuzzle(offBoard as never), refused('invalid', /killer \(constraint 1\)/));
  assert.equal(Board.fromPuzzle(createPuzzle(G9, clash)).values[1], 5, "a clashing grid is still a position (a player's grid may clash)");
});

test("nextStep and countGivens refuse what they cannot read with code options; countGivens counts a puzzle's givens", () => {
  const parsed = parsePuzzle(readDataset('norvig-top95.txt').puzzles[0]!);
  assert.ok(parsed.ok);
  for (const [what, value] of [
    ['a puzzle', parsed.puzzle],
    ['undefined', undefined],
    ['text', '.'.repeat(81)],
  ] as const) {
    assert.throws(
      () => nextStep(value as never),
      (e: unknown) => e instanceof SudokitError && e.code === 'options' && e.message === `nextStep(board): expected a Board (Board.fromPuzzle(puzzle)), got ${what}`,
      what,
    );
  }
  assert.ok(nextStep(Board.fromPuzzle(parsed.puzzle)));
  assert.equal(countGivens(parsed.puzzle), countGivens(parsed.puzzle.givens));
  assert.equal(countGivens(parsed.puzzle), 17);
  assert.throws(
    () => countGivens(undefined as never),
    (e: unknown) => e instanceof SudokitError && e.code === 'options',
  );
});

test("parsePuzzle names what it got instead of text; its message for a box shape to choose names the library's option, the CLI's names --box", () => {
  const got = parsePuzzle(undefined as never);
  assert.ok(!got.ok);
  assert.equal(got.error.message, 'Invalid puzzle: expected text, got undefined');
  const six = parsePuzzle('.'.repeat(36));
  assert.ok(!six.ok);
  assert.deepEqual(six.error.boxShapes, ['2x3', '3x2']);
  assert.doesNotMatch(six.error.message, /--box/);
  const cli = runCli(['solve', '.'.repeat(36)]);
  assert.match(cli.stderr, /boxes could be 2x3 or 3x2; say which with --box \(for example --box 2x3\)/);
  // solve, explain and gradePuzzle take text but no box option: theirs names the call that works.
  for (const [name, call] of [
    ['solve', () => solve('1'.padEnd(36, '.'))],
    ['explain', () => explain('1'.padEnd(36, '.'))],
    ['gradePuzzle', () => gradePuzzle('1'.padEnd(36, '.'))],
  ] as const) {
    assert.throws(
      call,
      (e: unknown) => e instanceof SudokitError && e.code === 'geometry' && e.message.includes(`${name}: `) && e.message.includes("parsePuzzle(text, { box: '2x3' })") && !/box option/.test(e.message),
      name,
    );
  }
});

test("gradePuzzle refuses a puzzle with several solutions with code 'multiple', as sudokit grade does, and one with none with 'unsolvable'", () => {
  const empty = createPuzzle(G9, new Uint8Array(81));
  assert.throws(
    () => gradePuzzle(empty),
    (e: unknown) => e instanceof SudokitError && e.code === 'multiple' && /several solutions/.test(e.message),
  );
  const none = parsePuzzle(`12345678.${'.'.repeat(8)}9${'.'.repeat(63)}`);
  assert.ok(none.ok);
  assert.throws(
    () => gradePuzzle(none.puzzle),
    (e: unknown) => e instanceof SudokitError && e.code === 'unsolvable',
  );
  const cli = runCli(['grade', '.'.repeat(81)]);
  assert.match(cli.stderr, /several solutions, and a grade needs exactly one/);
});

test("gradePuzzle keeps a time limit: a grade cut short is refused with code 'timeout', never a rating read from part of the path", () => {
  const parsed = parsePuzzle(P1);
  assert.ok(parsed.ok);
  assert.throws(
    () => gradePuzzle(parsed.puzzle, { timeLimitMs: 0 }),
    (e: unknown) => e instanceof SudokitError && e.code === 'timeout' && /0 ms ran out/.test(e.message),
  );
  assert.throws(
    () => gradePuzzle(parsed.puzzle, { timeLimitMs: -1 }),
    (e: unknown) => e instanceof SudokitError && e.code === 'options',
  );
  const graded = gradePuzzle(parsed.puzzle, { timeLimitMs: 60_000 });
  assert.equal(graded.rating, gradePuzzle(parsed.puzzle).rating, 'a limit that is long enough changes nothing');
});

test("solve options that are not what they say are a SudokitError('options') naming the option", () => {
  const parsed = parsePuzzle(P1);
  assert.ok(parsed.ok);
  const { puzzle } = parsed;
  const misuse = (pattern: RegExp) => (e: unknown) => e instanceof SudokitError && e.code === 'options' && pattern.test(e.message);
  for (const limit of [0, -1, Number.NaN, 1.5]) assert.throws(() => solve(puzzle, { limit }), misuse(/Invalid limit/), `limit ${limit}`);
  assert.throws(() => solve(puzzle, { limit: '2' as never }), misuse(/Invalid limit: expected a number, got string "2"/));
  assert.throws(() => solve(puzzle, { timeLimitMs: Number.NaN }), misuse(/Invalid timeLimitMs: expected a number of at least 0, got NaN/));
  assert.throws(() => solve(puzzle, { timeLimitMs: '5' as never }), misuse(/timeLimitMs: expected a number of milliseconds, got string "5"/));
  assert.throws(() => explain(puzzle, { timeLimitMs: Number.NaN }), misuse(/Invalid timeLimitMs/));
  assert.throws(
    () => solve(puzzle, { engine: 'fats' as never }),
    (e: unknown) => e instanceof SudokitError && e.code === 'engine' && /Unknown engine "fats"/.test(e.message),
  );
  // Still allowed: every solution, and a limit already spent.
  assert.equal(solve(puzzle, { limit: Number.POSITIVE_INFINITY }).count, 1);
  assert.equal(solve(puzzle, { limit: 1, timeLimitMs: 1000 }).count, 1);
});

test('generatePuzzle refuses a hand-made geometry, a bad seed and a bad index, naming them', () => {
  assert.throws(() => generatePuzzle({ geometry: { ...G9 } }), /geometry is not one of the library's/);
  assert.throws(() => generatePuzzle({ seed: -1 }), /seed must be a whole number/);
  assert.throws(() => generatePuzzle({ index: 1.5 }), /index must be a whole number of at least 0, got 1.5/);
});

test('makeLine, makePretty and makeJson refuse a grid that does not fit the board instead of writing "undefined"', () => {
  const makers: ((g: typeof G9, grid: Uint8Array) => string)[] = [makeLine, makePretty, makeJson];
  for (const make of makers) {
    assert.throws(() => make(G9, new Uint8Array(80)), /Invalid grid: expected 81 cells for a 9x9 board, got 80/);
    const wide = new Uint8Array(81);
    wide[3] = 12;
    assert.throws(() => make(G9, wide), /Invalid grid: cell 4 holds 12/);
  }
});

// ---------------------------------------------------------------------------------------------
// The page server

async function get(port: number, path: string, headers: Record<string, string> = {}): Promise<{ status: number; etag: string | null; body: string }> {
  const response = await fetch(`http://127.0.0.1:${port}${path}`, { headers });
  return { status: response.status, etag: response.headers.get('etag'), body: await response.text() };
}

test('serve: a symbolic link out of the page folder is refused; index.html carries an ETag and answers 304 to it', async () => {
  const root = join(DIR, 'site');
  mkdirSync(join(root, 'assets'), { recursive: true });
  writeFileSync(join(root, 'index.html'), '<!doctype html><title>page</title>');
  writeFileSync(join(root, 'assets', 'app-1234.js'), 'console.log(1)');
  const secret = join(DIR, 'secret.txt');
  writeFileSync(secret, 'not for the web');
  symlinkSync(secret, join(root, 'leak.txt'));
  symlinkSync(DIR, join(root, 'up'));
  symlinkSync(join(root, 'index.html'), join(root, 'alias.html'));
  const server = createPageServer(root);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  try {
    assert.equal((await get(port, '/leak.txt')).status, 403);
    assert.equal((await get(port, '/up/secret.txt')).status, 403);
    // A link that stays inside the folder is fine.
    assert.equal((await get(port, '/alias.html')).status, 200);
    const page = await get(port, '/');
    assert.equal(page.status, 200);
    assert.match(page.etag ?? '', /^"[\w-]+"$/);
    const again = await get(port, '/', { 'If-None-Match': page.etag! });
    assert.deepEqual([again.status, again.body], [304, '']);
    assert.equal((await get(port, '/', { 'If-None-Match': '"other"' })).status, 200);
    // Hashed assets never change: they are cached for a year instead.
    assert.equal((await get(port, '/assets/app-1234.js')).etag, null);
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
});

test('serve --host 0.0.0.0 says the page is open to the network; the default host does not', async () => {
  for (const [host, open] of [
    ['0.0.0.0', true],
    ['127.0.0.1', false],
  ] as const) {
    const child = spawn(process.execPath, [CLI, 'serve', '--port', '0', '--host', host], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    const until = performance.now() + 10_000;
    while (!stdout.includes('serving') && performance.now() < until) await new Promise((r) => setTimeout(r, 20));
    await new Promise((r) => setTimeout(r, 100));
    child.kill('SIGTERM');
    await new Promise((resolve) => child.on('close', resolve));
    assert.match(stdout, /serving the page at http:\/\//, stderr);
    assert.equal(/open to the network/.test(stderr), open, `${host}: ${stderr}`);
  }
});
