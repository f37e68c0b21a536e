/** The step solver's framework: singles on constructed grids, soundness on datasets, the grade's levels. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parsePuzzle } from '../src/format/parse.js';
import { makeCandidateGrid } from '../src/format/candidates.js';
import { LEVELS, gradeOf, gradePuzzle, gradeSolved, levelOf, ratingRangeOf } from '../src/logic/grade.js';
import { Board, countBits, digitsOf } from '../src/logic/board.js';
import { applyStep, explain, GUESS_RATING, nextStep } from '../src/logic/stepSolver.js';
import { withDeadline } from '../src/logic/clock.js';
import { GROUPED_CHAINS } from '../src/logic/techniques/groupedChains.js';
import { FULL_HOUSE, HIDDEN_SINGLE_BOX, HIDDEN_SINGLE_LINE, NAKED_SINGLE } from '../src/logic/techniques/singles.js';
import { SUE_DE_COQ } from '../src/logic/techniques/sueDeCoq.js';
import type { Puzzle } from '../src/puzzle.js';
import { solve } from '../src/registry.js';
import { FULL, ratedBand, readDataset, spreadSample } from './helpers.js';

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
    puzzle: `12345678.${'.'.repeat(72)}`,
    technique: 'Full House',
    text: 'Full House: r1c9 is the last empty cell of row 1 => r1c9=9',
  },
  {
    // In box 1, 1s in rows 2 and 3 leave row 1; 1s in columns 2 and 3 leave r1c1.
    name: 'hidden single in a box',
    puzzle: `............1...........1...1.......${'.'.repeat(18)}..1......${'.'.repeat(18)}`,
    technique: 'Hidden Single',
    text: 'Hidden Single: 1 in box 1 can only go in r1c1',
  },
  {
    name: 'naked single',
    puzzle: `.234.....5........6........7........8........9........${'.'.repeat(27)}`,
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

test("candidate grid lists every empty cell's candidates", () => {
  const board = Board.fromPuzzle(puzzleOf('...44.3..4...241'));
  const text = makeCandidateGrid(board.geometry, board.values, board.candidates);
  assert.equal(text.split('\n').length, 4 + 3);
  for (let cell = 0; cell < 16; cell++) {
    if (board.values[cell] === 0) assert.ok(text.includes(digitsOf(board.candidates[cell]!).join('')));
  }
});

{
  // npm test: a sample spread over every band of the SE sample and over magictour; test:full: the SE sample whole.
  const se = readDataset('se-rated-sample.txt');
  const magic = readDataset('magictour-top1465.txt');
  const sets = [
    { ...se, total: se.puzzles.length, puzzles: FULL ? se.puzzles : spreadSample(se.puzzles, 120), least: FULL && se.full ? 2600 : 120 },
    { ...magic, total: magic.puzzles.length, puzzles: spreadSample(magic.puzzles, FULL ? 200 : 25), least: FULL ? 200 : 25 },
  ];
  test(`steps never place a wrong digit or remove the true one (${sets.map((d) => `${d.source}: ${d.puzzles.length} of ${d.total}`).join('; ')})`, () => {
    for (const { puzzles, least, source } of sets) {
      assert.ok(puzzles.length >= least, `${source}: ${puzzles.length} puzzles, fewer than ${least}`);
      for (const text of puzzles) {
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
}

test('without a solution the path stops where logic stops, and says why', () => {
  const { puzzles } = readDataset('forum-hardest-11plus.txt');
  const path = explain(puzzleOf(puzzles[0]!));
  assert.equal(path.solved, false);
  assert.match(path.reason ?? '', /no technique applies/);
  // It says what was left out: told nothing of the solutions, the path does not try what needs one.
  assert.match(path.reason ?? '', /wait for \{ unique: true \}/);
  assert.doesNotMatch(explain(puzzleOf(puzzles[0]!), { unique: true, techniques: [FULL_HOUSE] }).reason ?? '', /unique: true/);
});

test('stopAbove: the path ends with the first step rated above it, unsolved, and says why', () => {
  const puzzle = puzzleOf('4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......');
  const solution = solve(puzzle).solution!;
  const full = explain(puzzle, { unique: true, solution });
  const first = full.steps.findIndex((s) => s.rating > 2.3);
  assert.ok(first > 0 && first < full.steps.length - 1, 'a step above 2.3 before the last');
  const cut = explain(puzzle, { unique: true, solution, stopAbove: 2.3 });
  assert.equal(cut.steps.length, first + 1);
  assert.deepEqual(cut.steps.at(-1), full.steps[first]);
  assert.equal(cut.solved, false);
  assert.match(cut.reason ?? '', /stopped at a step rated above 2\.3/);
});

test("beyond its techniques the path guesses the solution's digit where no technique applies, and the guess rates 20", () => {
  // A puzzle with one solution that singles alone cannot finish.
  const puzzle = puzzleOf('4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......');
  const solution = solve(puzzle).solution!;
  const singles = [FULL_HOUSE, HIDDEN_SINGLE_BOX, HIDDEN_SINGLE_LINE, NAKED_SINGLE];
  const path = explain(puzzle, { unique: true, solution, techniques: singles });
  assert.ok(path.solved && path.guessed);
  assert.deepEqual(path.board.values, solution);
  // Replay: each guess comes where no technique applies, in an empty cell with the fewest candidates.
  const board = Board.fromPuzzle(puzzle);
  let guesses = 0;
  for (const step of path.steps) {
    if (step.technique === 'guess') {
      guesses++;
      assert.equal(nextStep(board, { unique: true }, singles), undefined, 'no technique applies before a guess');
      assert.deepEqual(step.eliminations, []);
      assert.equal(step.placements.length, 1);
      const { cell, digit } = step.placements[0]!;
      const empty = Array.from(board.values.keys()).filter((c) => board.values[c] === 0);
      const fewest = Math.min(...empty.map((c) => countBits(board.candidates[c]!)));
      assert.ok(fewest >= 2, 'a cell with one candidate would be a naked single');
      assert.equal(countBits(board.candidates[cell]!), fewest);
      assert.equal(digit, solution[cell], "the guess takes the solution's digit");
      const name = `r${Math.floor(cell / 9) + 1}c${(cell % 9) + 1}`;
      assert.equal(step.text, `Guess: no technique applies; try ${name}=${digit} (one of its ${fewest} candidates, the one the solution has)`);
      assert.equal(step.rating, GUESS_RATING);
    }
    applyStep(board, step);
  }
  assert.ok(guesses > 0);
  assert.equal(GUESS_RATING, 20);
  const grade = gradeOf(path, true);
  assert.deepEqual([grade.rating, grade.level, grade.guessed, grade.techniques.guess], [20, 'extreme', true, guesses]);
});

test('a puzzle with no solution is reported, not guessed through', () => {
  // Two 1s would be needed in row 1: r1c9 must be 1 (column 9 forbids nothing else) yet 1 is in the row.
  const path = explain(puzzleOf(`12345678.........9${'.'.repeat(63)}`));
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

/** The fewest puzzles of a band each copy of the SE sample holds (the vendored one keeps 100 of every band). */
function leastInBand(full: boolean, whole: number): number {
  return full ? whole : 100;
}

{
  const easy = ratedBand('se-rated-sample.txt', 1.0, 1.2);
  test(`grading: every puzzle of the SE sample's easy band (SE 1.2) is easy, rated 1.2 (${easy.source}: ${easy.puzzles.length})`, () => {
    assert.ok(easy.puzzles.length >= leastInBand(easy.source.endsWith('whole file'), 500), `${easy.puzzles.length} puzzles`);
    for (const text of easy.puzzles) {
      const grade = gradePuzzle(puzzleOf(text));
      assert.equal(grade.level, 'easy', text);
      assert.equal(grade.rating, 1.2, text);
    }
  });
}

{
  const medium = ratedBand('se-rated-sample.txt', 1.5, 2.3);
  test(`grading: every puzzle of the SE sample's medium band (SE 1.5-2.3) is medium, rated as SE rates it (${medium.source}: ${medium.puzzles.length})`, () => {
    assert.ok(medium.puzzles.length >= leastInBand(medium.source.endsWith('whole file'), 500), `${medium.puzzles.length} puzzles`);
    medium.puzzles.forEach((text, i) => {
      const grade = gradePuzzle(puzzleOf(text));
      assert.equal(grade.level, 'medium', `${text} (SE ${medium.ratings[i]}, ours ${grade.rating})`);
      assert.equal(grade.rating, medium.ratings[i], `${text}: SE ${medium.ratings[i]}, ours ${grade.rating}`);
    });
  });
}

/**
 * Above the medium band our ratings do not yet equal SE's everywhere (bench/results/grade.md has
 * the table by band); these floors are what the grader reaches today, a little under, so a
 * regression in calibration fails here while an improvement passes. Raise them as it improves.
 */
/** `sample`: how many puzzles npm test grades (60 unless said; test:full grades the whole band). */
const CALIBRATION_FLOORS: readonly {
  readonly file: string;
  readonly band: string;
  readonly low: number;
  readonly high: number;
  readonly exact: number;
  readonly level: number;
  readonly sample?: number;
}[] = [
  // Measured on the whole files (npm run bench:grade): sample 99%, 99% and 98% exact; diabolical
  // 99% in 5.0-6.9 (81% before XY-Cycles were searched apart from open XY-Chains), 98% in 7.0-8.4
  // and 99% from 8.5 (91% and 82% before forcing chains followed SE's order, kept the branches
  // that meet a contradiction, and loops removed as SE's cycles do).
  { file: 'se-rated-sample.txt', band: 'hard (SE 2.5-4.9)', low: 2.5, high: 4.9, exact: 0.95, level: 0.97 },
  { file: 'se-rated-sample.txt', band: 'fiendish (SE 5.0-6.9)', low: 5.0, high: 6.9, exact: 0.93, level: 0.95 },
  { file: 'se-rated-sample.txt', band: 'diabolical (SE 7.0 and up)', low: 7.0, high: 20, exact: 0.9, level: 0.95 },
  { file: 'se-rated-diabolical.txt', band: 'fiendish (SE 5.0-6.9)', low: 5.0, high: 6.9, exact: 0.9, level: 0.95, sample: 40 },
  { file: 'se-rated-diabolical.txt', band: 'diabolical (SE 7.0-8.4)', low: 7.0, high: 8.4, exact: 0.9, level: 0.95, sample: 30 },
  { file: 'se-rated-diabolical.txt', band: 'forcing-chain (SE 8.5 and up)', low: 8.5, high: 20, exact: 0.93, level: 0.95, sample: 30 },
];

for (const { file, band, low, high, exact, level, sample = 60 } of CALIBRATION_FLOORS) {
  const rated = ratedBand(file, low, high);
  const puzzles = FULL ? rated.puzzles : spreadSample(rated.puzzles, sample);
  const ratings = FULL ? rated.ratings : spreadSample(rated.ratings, sample);
  test(`grading agrees with SE in the ${band} band: at least ${exact * 100}% the same rating, ${level * 100}% the same level (${rated.source}: ${puzzles.length} of ${rated.puzzles.length})`, () => {
    // The vendored samples hold 40 to 58 puzzles of each band, the full files hundreds; the
    // slowest bands take 30 of them.
    assert.ok(puzzles.length >= Math.min(sample, 40), `${puzzles.length} puzzles`);
    let same = 0;
    let sameLevel = 0;
    puzzles.forEach((text, i) => {
      const grade = gradePuzzle(puzzleOf(text));
      if (Math.abs(grade.rating - ratings[i]!) < 0.05) same++;
      if (grade.level === levelOf(ratings[i]!)) sameLevel++;
    });
    assert.ok(same >= exact * puzzles.length, `${same} of ${puzzles.length} rated exactly as SE`);
    assert.ok(sameLevel >= level * puzzles.length, `${sameLevel} of ${puzzles.length} at SE's level`);
  });
}

test('grading: uniqueness steps are taken on a puzzle with one solution, never on one with several', () => {
  // A puzzle of the sample whose path takes a uniqueness step when it is known to have one solution ...
  const { puzzles } = ratedBand('se-rated-sample.txt', 4.5, 20);
  let found: { puzzle: Puzzle; solution: Uint8Array } | undefined;
  for (const text of puzzles) {
    const puzzle = puzzleOf(text);
    const grade = gradePuzzle(puzzle);
    if (grade.unique && grade.explanation.steps.some((s) => s.uniqueness)) {
      found = { puzzle, solution: solve(puzzle).solution! };
      break;
    }
  }
  assert.ok(found, 'some puzzle of the sample takes a uniqueness step');
  // ... takes none when its solver is not told so, and still reaches the solution.
  const path = explain(found.puzzle, { unique: false, solution: found.solution });
  assert.ok(path.solved && path.steps.every((s) => !s.uniqueness));
  assert.deepEqual(path.board.values, found.solution);
  // The path to one solution of a puzzle with several is graded without them (gradePuzzle refuses such a puzzle).
  const several = puzzleOf('...5.167.......25.5.1.64...185.46..................76.......52....1.5....58......');
  const grade = gradeSolved(several, solve(several).solution!, false);
  assert.equal(grade.unique, false);
  assert.ok(grade.explanation.steps.length > 0 && grade.explanation.steps.every((s) => !s.uniqueness));
});

test("Sue de Coq and the grouped chains look at the clock inside their search: on an empty 16x16 they took a second past a hint's time limit", () => {
  // A signal aborted as the search starts: a search that reads the clock (checkClock) ends with
  // its reason; one that never does runs to its end and returns. No wall-clock bound.
  const board = Board.fromPuzzle(puzzleOf('.'.repeat(256)));
  for (const technique of [SUE_DE_COQ, GROUPED_CHAINS]) {
    const controller = new AbortController();
    assert.throws(
      () =>
        withDeadline(
          Number.POSITIVE_INFINITY,
          () => {
            controller.abort(new Error('stop'));
            return technique.find(board.clone(), { unique: false });
          },
          controller.signal,
        ),
      /stop/,
      technique.name,
    );
  }
});
