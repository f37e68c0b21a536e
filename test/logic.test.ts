/** The step solver's framework: singles on constructed grids, soundness on datasets, the grade's levels. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parsePuzzle } from '../src/format/parse.js';
import { makeCandidateGrid } from '../src/format/candidates.js';
import { LEVELS, gradePuzzle, levelOf, ratingRangeOf } from '../src/grade.js';
import { Board, countBits, digitsOf } from '../src/logic/board.js';
import { explain, nextStep } from '../src/logic/stepSolver.js';
import type { Puzzle } from '../src/puzzle.js';
import { solve } from '../src/registry.js';
import { readDataset } from './helpers.js';

function puzzleOf(text: string): Puzzle {
  const parsed = parsePuzzle(text);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.puzzle;
}

test('bit helpers count and list candidates', () => {
  assert.equal(countBits(0), 0);
  assert.equal(countBits(0b1011), 3);
  assert.equal(countBits((1 << 25) - 1), 25);
  assert.deepEqual(digitsOf(0b1010_0001), [1, 6, 8]);
});

const SINGLES = [
  {
    name: 'full house: the last empty cell of a row',
    puzzle: '12345678.' + '.'.repeat(72),
    technique: 'Full House',
    text: 'Full House: r1c9 is the last empty cell of row 1 => r1c9=9',
  },
  {
    // In box 1, 1s in rows 2 and 3 leave row 1; 1s in columns 2 and 3 leave r1c1.
    name: 'hidden single in a box',
    puzzle: '.........' + '...1.....' + '......1..' + '.1.......' + '.'.repeat(18) + '..1......' + '.'.repeat(18),
    technique: 'Hidden Single',
    text: 'Hidden Single: 1 in box 1 can only go in r1c1',
  },
  {
    name: 'naked single',
    puzzle: '.234.....' + '5........' + '6........' + '7........' + '8........' + '9........' + '.'.repeat(27),
    technique: 'Naked Single',
    text: 'Naked Single: r1c1 can only be 1',
  },
];

for (const c of SINGLES) {
  test(`singles: ${c.name}`, () => {
    const step = nextStep(Board.fromPuzzle(puzzleOf(c.puzzle)));
    assert.ok(step, 'a step is found');
    assert.equal(step.technique, c.technique);
    assert.equal(step.text, c.text);
  });
}

test('candidate grid lists every empty cell\'s candidates', () => {
  const board = Board.fromPuzzle(puzzleOf('...44.3..4...241'));
  const text = makeCandidateGrid(board.geometry, board.values, board.candidates);
  assert.equal(text.split('\n').length, 4 + 3);
  for (let cell = 0; cell < 16; cell++) {
    if (board.values[cell] === 0) assert.ok(text.includes(digitsOf(board.candidates[cell]!).join('')));
  }
});

test('steps never place a wrong digit or remove the true one (se-rated sample whole, magictour sample)', () => {
  for (const [name, count] of [['se-rated-sample.txt', Infinity], ['magictour-top1465.txt', 200]] as const) {
    const { puzzles } = readDataset(name);
    for (const text of puzzles.slice(0, count)) {
      const puzzle = puzzleOf(text);
      const solution = solve(puzzle).solution!;
      const path = explain(puzzle, { unique: true, solution });
      assert.ok(path.solved, `${text}: ${path.reason}`);
      for (const step of path.steps) {
        for (const p of step.placements) assert.equal(p.digit, solution[p.cell], `${text}: ${step.text}`);
        for (const e of step.eliminations) assert.notEqual(e.digit, solution[e.cell], `${text}: ${step.text}`);
      }
      assert.deepEqual(path.board.values, solution);
    }
  }
});

test('without a solution the path stops where logic stops, and says why', () => {
  const { puzzles } = readDataset('forum-hardest-11plus.txt');
  const path = explain(puzzleOf(puzzles[0]!));
  assert.equal(path.solved, false);
  assert.match(path.reason ?? '', /no technique applies/);
});

test('a puzzle with no solution is reported, not guessed through', () => {
  // Two 1s would be needed in row 1: r1c9 must be 1 (column 9 forbids nothing else) yet 1 is in the row.
  const path = explain(puzzleOf('12345678.' + '........9' + '.'.repeat(63)));
  assert.equal(path.solved, false);
  assert.match(path.reason ?? '', /no solution/);
});

test('levels cover the SE scale in order', () => {
  assert.equal(levelOf(1.0), 'easy');
  assert.equal(levelOf(1.2), 'easy');
  assert.equal(levelOf(1.5), 'medium');
  assert.equal(levelOf(2.3), 'medium');
  assert.equal(levelOf(4.2), 'hard');
  assert.equal(levelOf(5.6), 'expert');
  assert.equal(levelOf(7.2), 'master');
  assert.equal(levelOf(9.0), 'extreme');
  for (const level of LEVELS) {
    const [low, high] = ratingRangeOf(level);
    assert.equal(levelOf(low), level);
    if (Number.isFinite(high)) assert.equal(levelOf(high), level);
  }
});

test('grading: every puzzle of the SE sample\'s easy band (SE 1.2) is easy', () => {
  const { puzzles, notes, full } = readDataset('se-rated-sample.txt');
  let checked = 0;
  for (const [i, text] of puzzles.entries()) {
    if (notes[i] !== '1.2') continue;
    const grade = gradePuzzle(puzzleOf(text));
    assert.equal(grade.level, 'easy', text);
    assert.equal(grade.rating, 1.2, text);
    checked++;
  }
  assert.ok(checked >= (full ? 500 : 10), `checked ${checked}`);
});

test('grading: every puzzle of the SE sample\'s medium band (SE 1.5-2.3) is medium', () => {
  const { puzzles, notes, full } = readDataset('se-rated-sample.txt');
  let checked = 0;
  for (const [i, text] of puzzles.entries()) {
    const se = Number(notes[i]);
    if (!(se >= 1.5 && se <= 2.3)) continue;
    const grade = gradePuzzle(puzzleOf(text));
    assert.equal(grade.level, 'medium', `${text} (SE ${se}, ours ${grade.rating})`);
    checked++;
  }
  assert.ok(checked >= (full ? 500 : 5), `checked ${checked}`);
});

test('grading: the hardest step rates the puzzle, and uniqueness steps only on unique puzzles', () => {
  const { puzzles } = readDataset('se-rated-sample.txt');
  for (const text of puzzles.slice(-60)) {
    const grade = gradePuzzle(puzzleOf(text));
    const hardest = Math.max(...grade.explanation.steps.map((s) => s.rating));
    assert.equal(grade.rating, Math.round(hardest * 10) / 10);
    assert.ok(grade.unique);
  }
  // A puzzle with many solutions is graded without uniqueness techniques.
  const open = puzzleOf('1' + '.'.repeat(80));
  const grade = gradePuzzle(open);
  assert.equal(grade.unique, false);
  assert.ok(grade.explanation.steps.every((s) => !s.uniqueness));
});
