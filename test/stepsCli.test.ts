/** The step commands end to end: hint, explain, grade, and solve --engine logic. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parsePuzzle } from '../src/format/parse.js';
import { gradePuzzle, levelOf, ratingRangeOf } from '../src/logic/grade.js';
import { answerStepBatch } from '../src/batch/steps.js';
import type { Puzzle } from '../src/puzzle.js';
import { POOL_REPORT_ENV, poolAnswers, readDataset, runCli } from './helpers.js';

const EASY = '.5.7.3.6...7...8.....816.......3......5...1..73..4..869.6...2.484.572.93...4.9...';
const P1 = '4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......';
const UNSOLVABLE = `12345678.${'.'.repeat(8)}9${'.'.repeat(63)}`;
// The puzzle of the README's explain example: its hardest step is step 40, an XYZ-Wing.
const README_PUZZLE = '9......1...4...8...78..4.2....9.7..3..26.34..3..5.8....4.8..57...1...6...8......9';

function parse(text: string): Puzzle {
  const parsed = parsePuzzle(text);
  assert.ok(parsed.ok, text);
  return parsed.puzzle;
}

function run(args: string[], input?: string, env: NodeJS.ProcessEnv = process.env) {
  return runCli(args, { input, env });
}

test('hint: the next step of a puzzle given on the command line', () => {
  const r = run(['hint', P1]);
  assert.equal(r.status, 0, r.stderr);
  assert.equal(r.stdout, 'Hidden Single: 4 in box 4 can only go in r6c2\n');
});

test('hint --format json: one object per puzzle, bad lines answered in place', () => {
  const r = run(['hint', '--format', 'json', '-'], `${EASY}\nnot a puzzle\n${P1}\n`);
  assert.equal(r.status, 1);
  const rows = r.stdout
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l));
  assert.equal(rows.length, 3);
  assert.equal(rows[0].step.technique, 'Hidden Single');
  assert.deepEqual([rows[1].line, rows[1].status, rows[1].error.code, rows[1].step], [2, 'invalid', 'character', null]);
  assert.match(rows[1].error.message, /Invalid puzzle/);
  assert.deepEqual(rows[2].step.placements, [{ cell: 'r6c2', digit: 4 }]);
  assert.match(r.stderr, /line 2: Invalid puzzle/);
});

test('explain --format json: the whole path, each step with cells named r5c6', () => {
  const r = run(['explain', '--format', 'json', '-'], `${EASY}\n${UNSOLVABLE}\n`);
  assert.equal(r.status, 1);
  const [first, second] = r.stdout
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l));
  assert.equal(first.puzzle, EASY);
  assert.equal(first.solved, true);
  assert.equal(first.steps.length, EASY.split('').filter((c) => c === '.').length);
  for (const step of first.steps) {
    assert.ok(['Full House', 'Hidden Single'].includes(step.technique), step.technique);
    assert.match(step.placements[0].cell, /^r[1-9]c[1-9]$/);
    assert.equal(typeof step.text, 'string');
  }
  assert.equal(second.solved, false);
  assert.deepEqual([second.line, second.status, second.error], [2, 'unsolvable', { code: 'unsolvable', message: 'no solution' }]);
});

test('explain --verbose prints the candidate grid after each step', () => {
  const r = run(['explain', '--verbose', '...44.3..4...241']);
  assert.equal(r.status, 0, r.stderr);
  const grids = r.stdout.split('\n').filter((l) => l.startsWith('+')).length;
  const steps = r.stdout.split('\n').filter((l) => /^\d+\. /.test(l)).length;
  assert.ok(steps > 0);
  // Each grid has three rules on a 4x4 board; one grid before the steps and one after each.
  assert.equal(grids, 3 * (steps + 1));
  assert.match(r.stdout, /Solved in \d+ steps; rating 1\.2 \(easy\)/);
});

test('explain: a puzzle logic cannot finish shows a guess step that says so, rated 20', () => {
  // Made from EASY's solution: two solutions, which differ only in the rectangle r1c1, r1c5,
  // r3c1, r3c5 (1 and 2 swapped). No sound technique can choose between them, so the path must
  // guess; it takes the digit of the solution the solver found, and rates the puzzle 20.
  const two = '........9...95.......8...7......85...8...7..27..1.5..6..6..1...8415.26..52.46.7.8';
  const solved = JSON.parse(run(['solve', '--format', 'json', '-'], `${two}\n`).stdout);
  assert.deepEqual([solved.status, solved.count], ['multiple', 2]);
  const [first, second] = run(['solve', '--all', '-'], `${two}\n`).stdout.trim().split('\n');
  assert.equal(first, solved.solution);
  const differ = [...first!].flatMap((d, i) => (d === second![i] ? [] : [`r${Math.floor(i / 9) + 1}c${(i % 9) + 1}`]));
  assert.deepEqual(differ, ['r1c1', 'r1c5', 'r3c1', 'r3c5']);

  const r = run(['explain', '--format', 'json', two]);
  assert.equal(r.status, 0, r.stderr);
  const path = JSON.parse(r.stdout);
  assert.equal(path.solved, true);
  const guesses = path.steps.filter((s: { technique: string }) => s.technique === 'guess');
  assert.equal(guesses.length, 1, 'one guess settles the rectangle');
  const [guess] = guesses;
  assert.equal(guess.placements.length, 1);
  assert.deepEqual(guess.eliminations, []);
  const { cell, digit } = guess.placements[0];
  assert.ok(differ.includes(cell), `the guess is in a cell the givens leave open, not ${cell}`);
  const index = (Number(cell[1]) - 1) * 9 + Number(cell[3]) - 1;
  assert.equal(digit, Number(solved.solution[index]), "the guess takes the solution's digit");
  assert.equal(guess.text, `Guess: no technique applies; try ${cell}=${digit} (one of its 2 candidates, the one the solution has)`);
  assert.equal(guess.rating, 20);
  // Every other step is a single, so the guess is what rates the puzzle.
  for (const step of path.steps) if (step !== guess) assert.ok(step.rating < 2, `${step.text} rates ${step.rating}`);
  assert.deepEqual([path.rating, path.level], [20, 'extreme']);
  // The placements, guess included, fill the grid with that solution.
  const grid = [...two];
  for (const step of path.steps) for (const p of step.placements) grid[(Number(p.cell[1]) - 1) * 9 + Number(p.cell[3]) - 1] = String(p.digit);
  assert.equal(grid.join(''), solved.solution);

  const text = run(['explain', two]);
  assert.equal(text.status, 0, text.stderr);
  assert.ok(
    text.stdout.split('\n').some((line) => line.replace(/^ *\d+\. /, '') === guess.text),
    'the text path shows the guess',
  );
  assert.match(text.stdout, /Solved in \d+ steps \(1 guess\); rating 20\.0 \(extreme\); the puzzle has several solutions/);
});

test('grade: rating, level (the band of src/logic/grade.ts its rating falls in) and technique counts, text and JSON', () => {
  const text = run(['grade', EASY]);
  assert.equal(text.status, 0, text.stderr);
  assert.match(text.stdout, /^1\.2 easy +\S+ Hidden Single \d+, Full House \d+\n$/);
  const json = run(['grade', '--format', 'json', '-'], `${P1}\n`);
  const grade = JSON.parse(json.stdout);
  assert.equal(grade.puzzle, P1);
  assert.equal(typeof grade.rating, 'number');
  // The level is the band its rating falls in, and the command answers as the library does.
  assert.equal(grade.level, levelOf(grade.rating));
  const [low, high] = ratingRangeOf(grade.level);
  assert.ok(grade.rating >= low && grade.rating <= high, `${grade.rating} in ${grade.level} (${low}-${high})`);
  const library = gradePuzzle(parse(P1));
  assert.deepEqual([grade.rating, grade.level], [library.rating, library.level]);
  // Pinned when recorded: 2.6 (a direct hidden pair) is past medium's 2.4.
  assert.deepEqual([grade.rating, grade.level], [2.6, 'hard']);
  assert.ok(grade.techniques['Hidden Single'] > 0);
});

test('grade: a 6x6 puzzle with --box', () => {
  const r = run(['grade', '--box', '2x3', '--format', 'json', '..61...24.5.....1....6.52.5.........']);
  assert.equal(r.status, 0, r.stderr);
  const grade = JSON.parse(r.stdout);
  assert.deepEqual([grade.line, grade.unique, grade.level], [1, true, 'medium']);
});

test('grade: a puzzle with several solutions is answered "multiple" with exit 1, not graded', () => {
  const empty = '.'.repeat(81);
  const json = run(['grade', '--format', 'json', '-'], `${empty}\n${EASY}\n`);
  assert.equal(json.status, 1);
  const [first, second] = json.stdout
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l));
  assert.deepEqual([first.line, first.status, first.error.code, first.rating], [1, 'multiple', 'multiple', undefined]);
  assert.deepEqual([second.line, second.rating], [2, 1.2]);
  assert.match(json.stderr, /line 1: the puzzle has several solutions/);
  const text = run(['grade', empty]);
  assert.deepEqual([text.status, text.stdout], [1, 'multiple\n']);
});

test("solve --engine logic answers like the fast engine, from its own step path: explain's steps, no guess", () => {
  const input = `${P1}\n${EASY}\n${README_PUZZLE}\n`;
  const r = run(['solve', '--engine', 'logic', '-'], input);
  assert.equal(r.status, 0, r.stderr);
  const fast = run(['solve', '-'], input);
  assert.equal(r.stdout, fast.stdout);
  // The engine takes the count (and a guess's digit) from the fast core; its nodes are the steps
  // of its path and its guesses the guess steps. None of these needs a guess: EASY takes one
  // single per empty cell, the README's puzzle the 61 steps its explain example shows.
  const rows = (text: string) =>
    text
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
  const logic = rows(run(['solve', '--engine', 'logic', '--format', 'json', '-'], input).stdout);
  const paths = rows(run(['explain', '--format', 'json', '-'], input).stdout);
  assert.equal(logic.length, 3);
  logic.forEach((row, i) => {
    assert.equal(row.guesses, 0, `line ${row.line}: the path needs no guess`);
    assert.equal(row.nodes, paths[i].steps.length, `line ${row.line}: one node per step of the path`);
  });
  assert.deepEqual(
    logic.map((row) => row.nodes),
    [paths[0].steps.length, EASY.split('').filter((c) => c === '.').length, 61],
  );
});

test('grade --threads 2: the same answers as --threads 1, in input order, with both workers answering', () => {
  // Step commands answer the first puzzle on the main thread (an easy one fits its slice) and send
  // every other to the pool, one per batch, so two workers share those.
  const easy = readDataset('norvig-easy50.txt').puzzles;
  const hard = readDataset('norvig-top95.txt').puzzles.slice(0, 3);
  const puzzles = [...easy.slice(0, 30), ...hard, '.'.repeat(81), 'not a puzzle'];
  const input = `${puzzles.join('\n')}\n`;
  for (const format of ['text', 'json']) {
    const one = run(['grade', '--format', format, '--threads', '1', '-'], input, POOL_REPORT_ENV);
    const two = run(['grade', '--format', format, '--threads', '2', '-'], input, POOL_REPORT_ENV);
    assert.deepEqual([one.status, two.status], [1, 1], `${format}: a bad line and a multiple one fail the run:\n${two.stderr}`);
    assert.equal(two.stdout, one.stdout, format);
    // All but the first come from workers, so compare with the main thread's own answer too.
    const here = answerStepBatch({ lines: puzzles.map((_, i) => i + 1), texts: puzzles, notes: puzzles.map(() => '') }, { command: 'grade', format: format as 'text' | 'json' });
    assert.equal(one.stdout, here.out, `${format}: the workers answer as the main thread does`);
    assert.equal(one.stdout.trim().split('\n').length, puzzles.length, format);
    assert.deepEqual(poolAnswers(one.stderr), [puzzles.length - 1], `${format}: one worker answered all but the first`);
    const workers = poolAnswers(two.stderr);
    assert.equal(workers.length, 2);
    assert.ok(
      workers.every((n) => n > 0),
      `${format}: both workers answered (${workers})`,
    );
    assert.equal(workers[0]! + workers[1]!, puzzles.length - 1);
  }
  const rows = run(['grade', '--format', 'json', '--threads', '2', '-'], input)
    .stdout.trim()
    .split('\n')
    .map((l) => JSON.parse(l));
  assert.deepEqual(
    rows.map((r) => r.line),
    puzzles.map((_, i) => i + 1),
    'input order',
  );
  for (const row of rows.slice(0, easy.slice(0, 30).length + hard.length)) assert.equal(row.level, levelOf(row.rating), `line ${row.line}`);
});

test('explain: the closing line names the hardest step and SE’s name for it', () => {
  const r = run(['explain', '--path', 'se', README_PUZZLE]);
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stdout, /\nSolved in 61 steps; rating 4\.4 \(hard\); hardest: step 40, XYZ-Wing \(SE: XYZ-Wing\)\n\n$/);
});

test('explain and grade --format json: "hardest" {step, technique, se, rating}, and "se" on every step', () => {
  const batch = (command: 'explain' | 'grade', texts: string[]) =>
    answerStepBatch({ lines: texts.map((_, i) => i + 1), texts, notes: texts.map(() => '') }, { command, format: 'json', path: 'se' })
      .out.trim()
      .split('\n')
      .map((l) => JSON.parse(l));
  const hardest = { step: 40, technique: 'XYZ-Wing', se: 'XYZ-Wing', rating: 4.4 };
  const [explained] = batch('explain', [README_PUZZLE]);
  assert.deepEqual(explained.hardest, hardest);
  assert.equal(explained.steps[39].technique, 'XYZ-Wing');
  assert.equal(explained.steps.find((s: { technique: string }) => s.technique === 'Full House').se, 'Hidden Single');
  assert.equal(explained.steps.find((s: { technique: string }) => s.technique === 'Grouped Turbot Fish').se, 'Grouped Skyscraper 111');
  for (const step of explained.steps) assert.equal(typeof step.se, 'string', step.text);
  const [graded] = batch('grade', [README_PUZZLE]);
  assert.deepEqual(graded.hardest, hardest);
  // A guess has no SE name; an already full grid has no hardest step.
  const two = '........9...95.......8...7......85...8...7..27..1.5..6..6..1...8415.26..52.46.7.8';
  const [guessed] = batch('explain', [two]);
  assert.equal(guessed.hardest.technique, 'guess');
  assert.equal(guessed.hardest.se, null);
  assert.equal(guessed.steps[guessed.hardest.step - 1].se, null);
});

test("step commands: a first puzzle that fits the main thread's slice needs no worker; one that does not is answered by a worker, the same way", () => {
  const easy = run(['hint', EASY], undefined, POOL_REPORT_ENV);
  assert.equal(easy.status, 0, easy.stderr);
  assert.deepEqual(poolAnswers(easy.stderr), [], 'an easy hint is answered on the main thread');
  // A full grade of one of the hardest 9x9 puzzles takes seconds: far past the slice.
  const hardest = readDataset('forum-hardest-11plus.txt').puzzles[0]!;
  const puzzles = [hardest, EASY];
  const r = run(['grade', '-'], `${puzzles.join('\n')}\n`, POOL_REPORT_ENV);
  assert.equal(r.status, 0, r.stderr);
  assert.deepEqual(poolAnswers(r.stderr), [2], 'the worker answered the first puzzle again, and the next');
  const here = answerStepBatch({ lines: [1, 2], texts: puzzles, notes: ['', ''] }, { command: 'grade', format: 'text' });
  assert.equal(r.stdout, here.out);
});

test('a puzzle of a step command handed on after its slice keeps its time limit: what it spent is charged', () => {
  // A 25x25 with one given: the 1 ms left cannot count it to two solutions (tens of ms at best),
  // so the limit ends each command in the count, with its own figure in the message. Given the
  // whole 600 ms, the count ends and the step search runs: the message would say so ("came after
  // N steps", or a step for hint), on a quiet machine or a loaded one.
  const one25 = `1${'.'.repeat(25 * 25 - 1)}`;
  for (const command of ['hint', 'explain', 'grade'] as const) {
    const answer = answerStepBatch({ lines: [1], texts: [one25], notes: [''], firstSpentMs: 599 }, { command, format: 'json', timeLimitMs: 600 });
    assert.equal(answer.failed, 1, command);
    assert.equal(answer.err, 'sudokit: line 1: the time limit of 600 ms came before the solution was found\n', command);
  }
});
