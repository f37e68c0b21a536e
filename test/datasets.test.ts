/**
 * Every puzzle of every dataset file, solved and checked with isSolution. The full files are
 * read from ../shared/datasets when it is there (CI always has it); a fresh clone uses the small
 * vendored copies in test/data. `npm test` checks at most QUICK_CAP puzzles spread over each file;
 * `npm run test:full` every one. Each test's name says what it ran, and each must reach the
 * number of puzzles its copy holds at least.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { statusOf } from '../src/batch/solve.js';
import { parsePuzzle } from '../src/format/parse.js';
import { isSolution } from '../src/puzzle.js';
import { exactCoverEngine, fastEngine } from '../src/registry.js';
import { FULL, readDataset, spreadSample } from './helpers.js';

const FILES = [
  'article-examples.txt',
  'norvig-easy50.txt',
  'norvig-top95.txt',
  'norvig-hardest.txt',
  'magictour-top1465.txt',
  'top2365.txt',
  'subig20.txt',
  'se-rated-sample.txt',
  'se-rated-diabolical.txt',
  '17-clue.txt',
  'forum-hardest-11plus.txt',
];

/** The puzzles the datasets' README names as having more than one solution. */
const MULTIPLE = new Set(['...5.167.......25.5.1.64...185.46..................76.......52....1.5....58......', '...8.1.........43.5............7.8........1...2..3....6......75..34........2..6..']);

/** Puzzles per file in `npm test` (the largest files hold 49,000: `npm run test:full` takes them all). */
const QUICK_CAP = 3000;

/** The fewest puzzles each copy holds: a file that shrinks (a bad vendoring, a moved dataset) fails the test. */
const LEAST: Record<string, number> = { 'article-examples.txt': 16, 'norvig-easy50.txt': 50, 'norvig-top95.txt': 95, 'norvig-hardest.txt': 11, 'magictour-top1465.txt': 1465 };

for (const name of FILES) {
  const data = readDataset(name);
  // A sample keeps the puzzles with several solutions, so the count of them below still holds.
  const sample = FULL ? data.puzzles : spreadSample(data.puzzles, QUICK_CAP);
  const puzzles = [...sample, ...data.puzzles.filter((p) => MULTIPLE.has(p) && !sample.includes(p))];
  const what = puzzles.length === data.puzzles.length ? `${data.puzzles.length} puzzles` : `${puzzles.length} spread over ${data.puzzles.length}`;
  test(`${name}: every puzzle solved and checked (${data.source}, ${what})`, () => {
    assert.ok(data.puzzles.length >= (LEAST[name] ?? (data.full ? 400 : 100)), `${data.source} holds only ${data.puzzles.length} puzzles`);
    let multiple = 0;
    puzzles.forEach((text, i) => {
      const parsed = parsePuzzle(text);
      assert.ok(parsed.ok, `${name}:${i + 1}: ${parsed.ok ? '' : parsed.error.message}`);
      const result = fastEngine.solve(parsed.puzzle, { limit: 2 });
      assert.ok(result.solution && isSolution(parsed.puzzle, result.solution), `${name}:${i + 1} solution`);
      const expected = MULTIPLE.has(text) ? 'multiple' : 'solved';
      assert.equal(statusOf(result), expected, `${name}:${i + 1}`);
      if (expected === 'multiple') multiple++;
    });
    if (name === 'article-examples.txt' || name === 'top2365.txt') assert.equal(multiple, 1);
  });
}

test('the exact-cover core agrees with the fast core on a sample of every file', () => {
  for (const name of FILES) {
    const { puzzles } = readDataset(name);
    const step = Math.max(1, Math.floor(puzzles.length / 60));
    for (let i = 0; i < puzzles.length; i += step) {
      const parsed = parsePuzzle(puzzles[i]!);
      assert.ok(parsed.ok);
      const a = fastEngine.solve(parsed.puzzle, { limit: 2 });
      const b = exactCoverEngine.solve(parsed.puzzle, { limit: 2 });
      assert.equal(b.count, a.count, `${name}:${i + 1}`);
      if (a.count === 1) assert.deepEqual(b.solution, a.solution, `${name}:${i + 1}`);
    }
  }
});

test("the 'world's smallest hint' listing puzzle has more than 1000 solutions", () => {
  const parsed = parsePuzzle('...8.1.........43.5............7.8........1...2..3....6......75..34........2..6..');
  assert.ok(parsed.ok);
  assert.equal(fastEngine.solve(parsed.puzzle, { limit: 1001 }).count, 1001);
});
