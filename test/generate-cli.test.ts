import assert from 'node:assert/strict';
import { test } from 'node:test';
import { hasSymmetry } from '../src/generate/generator.js';
import { parsePuzzle } from '../src/format/parse.js';
import { countGivens } from '../src/puzzle.js';
import { exactCoverEngine, getEngine } from '../src/registry.js';
import { runCli } from './helpers.js';

/** Judges uniqueness with an engine the generator never counts with (it uses the fast core). */
const dancingLinks = getEngine('dancing-links')!;

function run(args: string[]) {
  return runCli(['generate', ...args]);
}

function parse(text: string, box?: string) {
  const parsed = parsePuzzle(text, box === undefined ? {} : { box });
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.puzzle;
}

test('generate: --count puzzles, one per line, each with exactly one solution', () => {
  const r = run(['--count', '20', '--seed', '1']);
  assert.equal(r.status, 0, r.stderr);
  const lines = r.stdout.trim().split('\n');
  assert.equal(lines.length, 20);
  for (const line of lines) assert.equal(dancingLinks.solve(parse(line), { limit: 2 }).count, 1, line);
});

test('generate: output is identical for --threads 1 and --threads 2, in order', () => {
  const args = ['--count', '300', '--seed', '77', '--symmetry', 'rotational', '--format', 'json'];
  const one = run([...args, '--threads', '1']);
  const two = run([...args, '--threads', '2']);
  assert.equal(one.status, 0, one.stderr);
  assert.equal(two.status, 0, two.stderr);
  assert.equal(two.stdout, one.stdout);
  const rows = one.stdout
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l));
  assert.deepEqual(
    rows.map((r) => r.index),
    Array.from({ length: 300 }, (_, i) => i),
  );
});

test('generate --format json: puzzle, clues, rating, level, minimal, symmetry, seed, index', () => {
  const r = run(['--count', '3', '--seed', '5', '--format', 'json', '--size', '6x6', '--symmetry', 'mirror']);
  assert.equal(r.status, 0, r.stderr);
  for (const line of r.stdout.trim().split('\n')) {
    const row = JSON.parse(line);
    assert.deepEqual(Object.keys(row).slice(0, 4), ['puzzle', 'clues', 'rating', 'level']);
    assert.equal(typeof row.rating, 'number');
    assert.equal(row.seed, 5);
    assert.equal(row.symmetry, 'mirror');
    const puzzle = parse(row.puzzle, '2x3');
    assert.equal(countGivens(puzzle.givens), row.clues);
    assert.ok(hasSymmetry(puzzle.geometry, puzzle.givens, 'mirror'));
    assert.equal(dancingLinks.solve(puzzle, { limit: 2 }).count, 1, row.puzzle);
  }
});

test('generate: the same --seed gives the same puzzles, another seed others', () => {
  const a = run(['--count', '5', '--seed', '9']).stdout;
  assert.equal(run(['--count', '5', '--seed', '9']).stdout, a);
  assert.notEqual(run(['--count', '5', '--seed', '10']).stdout, a);
});

test('generate --size, --box, --clues, --minimal, --difficulty, --format pretty', () => {
  const sized = run(['--size', '2x3', '--clues', '12', '--seed', '2', '--count', '3']);
  assert.equal(sized.status, 0, sized.stderr);
  for (const line of sized.stdout.trim().split('\n')) assert.equal(countGivens(parse(line, '2x3').givens), 12);
  const boxed = run(['--box', '3x2', '--seed', '2']);
  assert.equal(parse(boxed.stdout.trim(), '3x2').geometry.boxRows, 3);
  const minimal = run(['--minimal', '--symmetry', 'rotational', '--format', 'json', '--seed', '3']);
  assert.equal(JSON.parse(minimal.stdout).minimal, true);
  const easy = run(['--difficulty', 'easy', '--format', 'json', '--seed', '3', '--count', '2']);
  assert.equal(easy.status, 0, easy.stderr);
  for (const line of easy.stdout.trim().split('\n')) assert.equal(JSON.parse(line).level, 'easy');
  const pretty = run(['--size', '16', '--format', 'pretty', '--seed', '1', '--clues', '200']);
  assert.equal(pretty.status, 0, pretty.stderr);
  assert.match(pretty.stdout, /^# 16x16 puzzle 1 \(seed 1\): 200 clues/);
  assert.equal(countGivens(parse(pretty.stdout.replace(/^#.*\n/, '')).givens), 200, 'the grid parses back');
});

test('generate --random-fill: class counts add up to --count; --list prints each puzzle with its class', () => {
  const r = run(['--random-fill', '--count', '200', '--seed', '4']);
  assert.equal(r.status, 0, r.stderr);
  const counts = Object.fromEntries([...r.stdout.matchAll(/^(none|one|many|unknown)\s+(\d+)/gm)].map((m) => [m[1], Number(m[2])]));
  assert.equal(counts.none + counts.one + counts.many, 200, r.stdout);
  const listed = run(['--random-fill', '--count', '200', '--seed', '4', '--list', '--fill', '17']);
  const rows = listed.stdout
    .trim()
    .split('\n')
    .map((l) => l.split(' '));
  assert.equal(rows.length, 200);
  for (const cls of ['none', 'one', 'many']) assert.equal(rows.filter((x) => x[1] === cls).length, counts[cls]);
  for (const [line, cls] of rows.slice(0, 50)) {
    const count = exactCoverEngine.solve(parse(line!), { limit: 2 }).count;
    assert.equal(cls, ['none', 'one', 'many'][count]);
  }
  assert.match(listed.stderr, /200 random puzzles/);
});

const BAD: Array<{ args: string[]; flag: RegExp }> = [
  { args: ['--count', '0'], flag: /--count/ },
  { args: ['--size', '7'], flag: /--size 7/ },
  { args: ['--size', 'big'], flag: /--size/ },
  { args: ['--size', '6', '--symmetry', 'diagonal'], flag: /--symmetry diagonal.*square boxes/ },
  { args: ['--symmetry', 'spiral'], flag: /--symmetry "spiral"/ },
  { args: ['--clues', '16'], flag: /--clues 16.*fewest possible is 17/ },
  { args: ['--clues', 'many'], flag: /--clues/ },
  { args: ['--difficulty', 'impossible'], flag: /--difficulty "impossible"/ },
  { args: ['--rating', '9-1'], flag: /--rating/ },
  { args: ['--technique', 'magic'], flag: /--technique magic/ },
  { args: ['--seed=-1'], flag: /--seed expects a whole number/ },
  { args: ['--fill', '10'], flag: /--fill only applies with --random-fill/ },
  { args: ['--random-fill', '--symmetry', 'rotational'], flag: /--symmetry does not apply/ },
  { args: ['--box', '3x4', '--size', '9'], flag: /--box 3x4/ },
  { args: ['--format', 'xml'], flag: /--format "xml"/ },
  { args: ['--nonsense'], flag: /--nonsense/ },
];

for (const { args, flag } of BAD) {
  test(`generate ${args.join(' ')}: exit 2 naming the flag`, () => {
    const r = run(args);
    assert.equal(r.status, 2, r.stderr);
    assert.match(r.stderr, flag);
    assert.equal(r.stderr.trim().split('\n').length, 1, 'one line');
  });
}

test('generate: a budget that is not met exits 1 after the puzzles before it, saying what was asked', () => {
  const r = run(['--clues', '18', '--attempts', '3', '--seed', '1']);
  assert.equal(r.status, 1);
  assert.match(r.stderr, /puzzle 1: could not make a puzzle \(9x9, 18 clues\) in 3 attempts/);
});
