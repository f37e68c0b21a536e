/**
 * Variant puzzles end to end: from f-puzzles and SudokuPad links, load strings, JSON and ISS
 * text, through `sudokit solve` and `render` and the library's `solve`, with answers judged by the
 * kinds' independent checks and the known solutions; and bad input (a broken link, JSON that is
 * not f-puzzles, a cage off the board, a sum no digits reach, an unsupported key) answered with a
 * clear error, status invalid or unsupported, while the rest of the batch is still answered.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import lz from 'lz-string';
import { geometry, SudokitError } from '../src/index.js';
import { solve as solveAny } from '../src/engines/index.js';
import { checkConstraint, fpuzzlesLoadString, isVariantSolution, parseVariant, readFpuzzles, solve, type VariantPuzzle, writeFpuzzles } from '../src/variant/index.js';
import { runCli, VENDORED_DATASETS } from './helpers.js';

/** The vendored f-puzzles lines (load string, known solution). */
const LINES = readFileSync(`${VENDORED_DATASETS}variants/fpuzzles-displayed-examples.txt`, 'utf8')
  .trim()
  .split('\n')
  .map((l) => l.split(' ') as [string, string]);

const digits = (grid: ArrayLike<number>) => Array.from(grid).join('');

function read(text: string): VariantPuzzle {
  const r = parseVariant(text);
  if (!r.ok) throw new Error(r.error.message);
  return r.puzzle;
}

test('the library reads each link form and solves to the known solution, proved unique, every constraint satisfied', () => {
  for (const [load, known] of LINES.slice(0, 4)) {
    for (const text of [load, `https://www.f-puzzles.com/?load=${load}`, `https://sudokupad.app/fpuzzles${load}`, lz.decompressFromBase64(load)]) {
      const puzzle = read(text);
      assert.ok(puzzle.constraints.length > 0);
      const r = solve(puzzle, { limit: 2 });
      assert.equal(r.count, 1, puzzle.title);
      assert.equal(digits(r.solution!), known, puzzle.title);
      assert.ok(isVariantSolution(puzzle, r.solution!));
      for (const c of puzzle.constraints) assert.ok(checkConstraint(c, r.solution!, puzzle.geometry, puzzle.constraints), `${puzzle.title}: ${c.kind}`);
    }
  }
});

test('f-puzzles round trip: read → write → read gives the same puzzle', () => {
  for (const [load] of LINES) {
    const first = read(load);
    const again = readFpuzzles(JSON.parse(JSON.stringify(writeFpuzzles(first))));
    assert.ok(again.ok);
    assert.deepEqual(again.puzzle.constraints, first.constraints);
    assert.deepEqual(again.puzzle.givens, first.givens);
    assert.equal(again.puzzle.geometry, first.geometry);
    assert.ok(read(fpuzzlesLoadString(writeFpuzzles(first))).constraints.length === first.constraints.length);
  }
});

test("a board whose boxes are not f-puzzles' standard shape (3x2, 4x2) keeps its boxes through a link; a board f-puzzles cannot hold is refused", () => {
  for (const [rows, cols] of [
    [3, 2],
    [4, 2],
    [2, 3],
  ] as const) {
    const g = geometry(rows, cols);
    // Givens on the first row only: which cells the boxes join decides the count.
    const givens = new Uint8Array(g.cellCount);
    for (let c = 0; c < g.size - 1; c++) givens[c] = c + 1;
    const puzzle: VariantPuzzle = { geometry: g, givens, constraints: [{ kind: 'killer', cells: [g.size, g.size + 1], sum: 3 }] };
    const back = read(fpuzzlesLoadString(writeFpuzzles(puzzle)));
    assert.equal(back.geometry, g, `${rows}x${cols}`);
    assert.deepEqual(back.givens, givens);
    assert.equal(solve(back, { limit: 100 }).count, solve(puzzle, { limit: 100 }).count);
  }
  const big: VariantPuzzle = { geometry: geometry(5, 5), givens: new Uint8Array(625), constraints: [] };
  assert.throws(
    () => writeFpuzzles(big),
    (e: unknown) => e instanceof SudokitError && e.code === 'unsupported' && /25x25/.test(e.message),
  );
});

test('a constraint changed makes the known solution fail its check (the checks can fail)', () => {
  const puzzle = read(LINES[2]![0]); // XV Kropki
  const solution = Uint8Array.from(LINES[2]![1], Number);
  assert.ok(isVariantSolution(puzzle, solution));
  const xv = puzzle.constraints.find((c) => c.kind === 'xv');
  assert.ok(xv && xv.kind === 'xv');
  const flipped = { ...puzzle, constraints: puzzle.constraints.map((c) => (c === xv ? { ...xv, sum: xv.sum === 10 ? (5 as const) : (10 as const) } : c)) };
  assert.equal(isVariantSolution(flipped, solution), false);
});

test('sudokit solve takes links as arguments and from stdin, one per line, and --format json gives the solution line and the status', () => {
  const [load, known] = LINES[0]!;
  const arg = runCli(['solve', '--format', 'json', '--limit', '2', `https://www.f-puzzles.com/?load=${load}`]);
  assert.equal(arg.status, 0, arg.stderr);
  const answer = JSON.parse(arg.stdout);
  assert.equal(answer.status, 'solved');
  assert.equal(answer.solution, known);
  const piped = runCli(['solve', '--limit', '2'], { input: LINES.map(([l]) => `https://sudokupad.app/fpuzzles${l}`).join('\n') });
  assert.equal(piped.status, 0, piped.stderr);
  assert.deepEqual(
    piped.stdout.trim().split('\n'),
    LINES.map(([, s]) => s),
  );
});

test('bad input: each line gets a clear error and its status, the good lines around it are still answered, in order', () => {
  const [good, known] = LINES[0]!;
  const g = geometry(3, 3);
  const base = JSON.parse(lz.decompressFromBase64(good)) as Record<string, unknown>;
  const offBoard = { ...base, killercage: [{ cells: ['R1C1', 'R10C1'], value: '5' }] };
  const unreachable = { ...base, killercage: [{ cells: ['R1C1', 'R1C2'], value: '30' }] };
  const unsupported = {
    ...base,
    skyscraper: [
      { cell: 'R0C1', value: '3' },
      { cell: 'R0C2', value: '2' },
      { cell: 'R0C3', value: '4' },
    ],
  };
  const lines = [good, 'https://www.f-puzzles.com/?load=NOTLZDATA', JSON.stringify({ hello: 'world' }), JSON.stringify(offBoard), JSON.stringify(unreachable), JSON.stringify(unsupported), good];
  const r = runCli(['solve', '--format', 'json'], { input: lines.join('\n') });
  assert.equal(r.status, 1);
  const answers = r.stdout
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l));
  assert.deepEqual(
    answers.map((a) => a.status),
    ['solved', 'invalid', 'invalid', 'invalid', 'invalid', 'unsupported', 'solved'],
  );
  assert.equal(answers[0].solution, known);
  assert.equal(answers[6].solution, known);
  const err = r.stderr;
  assert.match(err, /line 2: .*(LZ|load|decompress)/i);
  assert.match(err, /line 3: .*(size|grid)/);
  assert.match(err, /line 4: .*R10C1.*off the 9x9 board/);
  assert.match(err, /line 5: .*no 2 different digits 1-9 add up to 30/);
  assert.match(err, /line 6: unsupported: 'skyscraper' \(3 clues\)/);
  assert.equal(g.size, 9);
});

test("a file of ISS's collection, each line its text, a TAB, a name and the solution, is solved as it is: the note kept apart", () => {
  const file = `${VENDORED_DATASETS}variants/iss-displayed-examples.txt`;
  const lines = readFileSync(file, 'utf8').trim().split('\n');
  const r = runCli(['solve', '--format', 'json', file]);
  assert.equal(r.status, 0, r.stderr);
  const answers = r.stdout
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l));
  assert.equal(answers.length, lines.length);
  for (const [i, line] of lines.entries()) {
    const [, name, solution] = line.split('\t');
    assert.equal(answers[i].status, 'solved', name);
    assert.equal(answers[i].solution, solution, name);
    assert.equal(answers[i].note, `${name}\t${solution}`);
  }
});

test('a clue that belongs outside the grid is refused inside it: a little killer at R5C5, as a sandwich sum there', () => {
  const base = JSON.parse(lz.decompressFromBase64(LINES[0]![0])) as Record<string, unknown>;
  const inside = readFpuzzles({ ...base, littlekillersum: [{ cell: 'R5C5', direction: 'DR', value: '20' }] });
  assert.ok(!inside.ok);
  assert.match(inside.error.message, /littlekillersum 1: R5C5 is inside the grid/);
  const outside = readFpuzzles({ ...base, littlekillersum: [{ cell: 'R0C5', direction: 'DR', value: '20' }] });
  assert.ok(outside.ok);
});

test('the library refuses a hand-built constraint that does not fit the board, with a code', () => {
  const g = geometry(3, 3);
  const puzzle = { geometry: g, givens: new Uint8Array(81), constraints: [{ kind: 'killer', cells: [0, 81], sum: 5 }] } as unknown as VariantPuzzle;
  assert.throws(
    () => solve(puzzle),
    (e: unknown) => e instanceof SudokitError && e.code === 'invalid' && /killer \(constraint 1\): cell 81 is not on the 9x9 board/.test(e.message),
  );
  const other = { geometry: g, givens: new Uint8Array(81), constraints: [{ kind: 'thermo', cells: [0, 1] }] } as VariantPuzzle;
  assert.throws(
    () => solveAny(other, { engine: 'backtracking' }),
    (e: unknown) => e instanceof SudokitError && e.code === 'unsupported',
  );
});

test('what solve refuses, writeFpuzzles refuses too, and parseVariant answers anything but text with an error: no TypeError, no link that does not read back', () => {
  const g = geometry(3, 3);
  const refused = (puzzle: unknown, message: RegExp) =>
    assert.throws(
      () => writeFpuzzles(puzzle as VariantPuzzle),
      (e: unknown) => e instanceof SudokitError && message.test(e.message),
    );
  refused(undefined, /expected a puzzle object/);
  refused({ geometry: g, givens: new Uint8Array(81), constraints: [{ kind: 'killer', cells: [0, 1, 200], sum: 10 }] }, /cell 200 is not on the 9x9 board/);
  refused({ geometry: g, givens: new Uint8Array(81), constraints: [{ kind: 'arrow', circle: [0] }] }, /arrow/);
  // A sandwich's line is a row or a column; anything else was solved as a column and written as a row.
  const diagonal = { geometry: g, givens: new Uint8Array(81), constraints: [{ kind: 'sandwich', line: 'diag', index: 0, sum: 5 }] };
  refused(diagonal, /its line "diag" is neither "row" nor "column"/);
  assert.throws(
    () => solve(diagonal as unknown as VariantPuzzle),
    (e: unknown) => e instanceof SudokitError && e.code === 'invalid',
  );
  for (const value of [undefined, null, 42, {}, []]) {
    const r = parseVariant(value as unknown as string);
    assert.ok(!r.ok && r.error.code === 'invalid' && /expected text/.test(r.error.message), String(value));
  }
});

test('sudokit render draws a variant link, solved with --solve', () => {
  const [load, known] = LINES[2]!;
  const r = runCli(['render', '--solve', load]);
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stdout, /^<svg/);
  assert.match(r.stdout, /class="xv"/);
  // Every digit of the solution is drawn: 81 text elements at least carry them.
  for (const d of new Set(known)) assert.ok(r.stdout.includes(`>${d}</text>`));
});

test('a time limit ends a hard variant search promptly with status timeout', () => {
  const [load] = LINES[4]!; // The Barbed Cross: thousands of nodes
  const r = runCli(['solve', '--format', 'json', '--limit', '2', '--time-limit', '1', load]);
  const answer = JSON.parse(r.stdout);
  assert.ok(answer.status === 'timeout' || answer.status === 'solved', answer.status);
  if (answer.status === 'timeout') assert.equal(r.status, 1);
});

test("hint, explain and grade answer variant links with the rules' own steps, and a broken line beside them as invalid", () => {
  // Line 2 of the vendored examples is the palindrome puzzle, line 3 the kropki and XV one.
  const [palindrome] = LINES[1]!;
  const [kropki] = LINES[2]!;
  const hint = runCli(['hint'], { input: `${kropki}\n` });
  assert.equal(hint.status, 0, hint.stderr);
  assert.match(hint.stdout, /^(White|Black) Kropki Dot: the (white|black) dot between r\dc\d and r\dc\d joins .* => r\dc\d<>\d+/);
  const explained = runCli(['explain', '--format', 'json'], { input: `${palindrome}\nhttps://f-puzzles.com/?load=N4Ig%%%\n${kropki}\n` });
  assert.notEqual(explained.status, 0, 'the broken line fails the run');
  const [first, broken, third] = explained.stdout
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l));
  assert.equal(first.solved, true);
  assert.ok(first.steps.some((s: { technique: string; rules?: string[] }) => s.technique === 'Palindrome' && s.rules?.includes('palindrome')));
  assert.equal(broken.status, 'invalid');
  assert.match(explained.stderr, /line 2: /);
  assert.equal(third.solved, true);
  const graded = runCli(['grade', '--format', 'json'], { input: `${palindrome}\n` });
  assert.equal(graded.status, 0, graded.stderr);
  const grade = JSON.parse(graded.stdout);
  assert.equal(grade.guessed, false, 'the palindrome puzzle resolves by logic alone');
  assert.ok(grade.techniques.Palindrome > 0 && grade.rating >= 1.3, JSON.stringify(grade));
});
