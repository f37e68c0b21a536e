/**
 * Generation by technique (`generate --technique NAME`, `generatePuzzle({ technique })`): each
 * puzzle has one solution (the fast engine counts), its path's steps agree with that solution, the
 * technique's first step is where the path says, and there every technique the teaching path tries
 * before it finds nothing, while it finds its step: checked here on the board rebuilt from the
 * givens and the steps, not read from the generator's own verdict.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { generatePuzzle, techniqueNames } from '../src/generate/generator.js';
import { decide, practicePuzzle, practiceTarget, seedShape, shapeOf } from '../src/generate/practice.js';
import { randomGrid } from '../src/generate/grid.js';
import { removeOrbits } from '../src/generate/remove.js';
import { orbitsOf } from '../src/generate/symmetry.js';
import { geometry } from '../src/geometry.js';
import { seededRandom, shuffle } from '../src/random.js';
import { Board } from '../src/logic/board.js';
import type { Step } from '../src/logic/step.js';
import { applyStep, explain, TEACHING_TECHNIQUES } from '../src/logic/stepSolver.js';
import { createPuzzle, type Puzzle } from '../src/puzzle.js';
import { solve } from '../src/registry.js';
import { readDataset, runCli, spreadSample } from './helpers.js';

const TECHNIQUES = ['Locked Pair', 'W-Wing', 'Finned X-Wing', 'Remote Pair', 'Aligned Pair Exclusion', 'XY-Chain', 'Aligned Triplet Exclusion', 'ALS-XZ', 'Empty Rectangle', 'Sue de Coq'];

/**
 * The board of `puzzle` after the first `at` steps (each checked against the solution), where
 * every technique the teaching path tries before the one at `index` must find nothing.
 */
function boardBefore(puzzle: Puzzle, solution: ArrayLike<number>, steps: readonly Step[], at: number, index: number): Board {
  const board = Board.fromPuzzle(puzzle);
  for (const step of steps.slice(0, at)) {
    for (const p of step.placements) assert.equal(solution[p.cell], p.digit, step.text);
    for (const e of step.eliminations) assert.notEqual(solution[e.cell], e.digit, step.text);
    applyStep(board, step);
  }
  for (const easier of TEACHING_TECHNIQUES.slice(0, index)) {
    const step = easier.find(board.clone(), { unique: true });
    assert.ok(!step || (step.placements.length === 0 && step.eliminations.length === 0), `${easier.name} finds ${step?.text} before ${TEACHING_TECHNIQUES[index]!.name}`);
  }
  return board;
}

for (const name of TECHNIQUES) {
  test(`generate { technique: '${name}' }: one solution, a sound path, and ${name} needed where the path says`, () => {
    for (let index = 0; index < 2; index++) {
      const made = generatePuzzle({ technique: name, seed: 11, index: index });
      const practice = made.practice!;
      assert.equal(practice.technique, name);
      const counted = solve(made.puzzle, { limit: 2 });
      assert.equal(counted.count, 1);
      assert.deepEqual([...counted.solution!], [...made.solution]);
      const target = practiceTarget(name)!;
      const board = boardBefore(made.puzzle, made.solution, practice.steps, practice.step, target.index);
      const found = TEACHING_TECHNIQUES[target.index]!.find(board.clone(), { unique: true });
      assert.ok(found && target.steps.includes(found.technique), `${name} finds its step`);
      assert.equal(found.text, practice.steps[practice.step]!.text);
      // Seeded: the same seed and index make the same puzzle.
      assert.deepEqual([...generatePuzzle({ technique: name, seed: 11, index: index }).puzzle.givens], [...made.puzzle.givens]);
    }
  });
}

test('Nishio before templates: a puzzle whose teaching path needs Nishio (generate --technique, seed 1, index 4) names it where a template finds the same kind of step', () => {
  const text = '..7.....96...4.....1.65...2..31.9.6...1.73..........23.........1.....7.87.4.3.5..';
  const g = geometry(3, 3);
  const puzzle = createPuzzle(
    g,
    Uint8Array.from(text, (c) => (c === '.' ? 0 : Number(c))),
  );
  const solution = solve(puzzle, { limit: 2 });
  assert.equal(solution.count, 1);
  const walked = explain(puzzle, { unique: true });
  assert.ok(walked.solved);
  const at = walked.steps.findIndex((s) => s.technique === 'Nishio Forcing Chain');
  assert.ok(at >= 0, 'the path takes a Nishio step');
  const index = TEACHING_TECHNIQUES.findIndex((t) => t.name === 'Nishio Forcing Chain');
  const board = boardBefore(puzzle, solution.solution!, walked.steps, at, index);
  // Templates, tried after Nishio, would also make progress here: placed first, they would take
  // every step Nishio can, and no puzzle would need Nishio.
  const templates = TEACHING_TECHNIQUES.find((t) => t.name === 'Templates')!;
  assert.ok(TEACHING_TECHNIQUES.indexOf(templates) > index);
  assert.ok(templates.find(board.clone(), { unique: true }), 'a template step exists at the Nishio position');
});

test('shapes: a Hidden Quad puzzle starts with a unit without givens, a Jellyfish one with a digit without givens; the removal keeps one solution', () => {
  assert.equal(shapeOf(practiceTarget('Hidden Quad')!), 'unit');
  assert.equal(shapeOf(practiceTarget('Finned Jellyfish')!), 'digit');
  assert.equal(shapeOf(practiceTarget('Sashimi Jellyfish')!), 'digit');
  assert.equal(shapeOf(practiceTarget('Naked Quad')!), undefined);
  const g = geometry(3, 3);
  const orbits = orbitsOf(g, 'none');
  const orbitOf = new Int32Array(g.cellCount);
  orbits.forEach((orbit, i) => {
    for (const cell of orbit) orbitOf[cell] = i;
  });
  for (const shape of ['unit', 'digit'] as const) {
    for (let seed = 1; seed <= 5; seed++) {
      const random = seededRandom(seed);
      const solution = randomGrid(g, random)!;
      const order = Array.from({ length: orbits.length }, (_, i) => i);
      shuffle(order, random);
      seedShape(g, solution, shape, order, orbitOf, random);
      const removal = removeOrbits(g, solution, orbits, order, { floor: 0, stopAt: 0, deadline: Number.POSITIVE_INFINITY });
      const counted = solve({ geometry: g, givens: removal.grid }, { limit: 2 });
      assert.equal(counted.count, 1);
      // The shape's cells, the first the removal tried, are all open.
      const first = orbits[order[0]!]![0]!;
      const open = shape === 'unit' ? g.units.slice(0, 3 * g.size).some((u) => u.every((c) => removal.grid[c] === 0)) : removal.grid.every((d) => d === 0 || d !== solution[first]);
      assert.ok(open, `${shape}, seed ${seed}: ${Array.from(removal.grid).join('')}`);
    }
  }
});

test('a puzzle that singles solve is dropped before any walk for a later target, and still made for a single', () => {
  // norvig-easy50: singles solve it, and the teaching path needs a Naked Single on the way.
  const text = '......9.7...42.18....7.5.261..9.4....5.....4....5.7..992.1.8....34.59...5.7......';
  const g = geometry(3, 3);
  const givens = Uint8Array.from(text, (c) => (c === '.' ? 0 : Number(c)));
  const solution = solve({ geometry: g, givens }, { limit: 2 }).solution!;
  const orbits = orbitsOf(g, 'none');
  const orbitOf = new Int32Array(g.cellCount);
  orbits.forEach((orbit, i) => {
    for (const cell of orbit) orbitOf[cell] = i;
  });
  const made = practicePuzzle(g, givens, solution, practiceTarget('Naked Single')!, g.cellCount, Number.POSITIVE_INFINITY, orbits, orbitOf);
  assert.ok(made, 'a Naked Single puzzle');
  assert.deepEqual([...made.givens], [...givens]);
  assert.equal(made.steps[made.step]!.technique, 'Naked Single');
  assert.equal(practicePuzzle(g, givens, solution, practiceTarget('Locked Pair')!, g.cellCount, Number.POSITIVE_INFINITY, orbits, orbitOf), undefined);
});

test('the deciding walk (singles in bulk) ends where the written teaching walk ends: solved or stuck, on the same board, having used the target or not', () => {
  const g = geometry(3, 3);
  const puzzles = spreadSample(readDataset('se-rated-sample.txt').puzzles, 40);
  let stuck = 0;
  let used = 0;
  for (const name of ['Naked Quad', 'XY-Wing', 'X-Chain']) {
    const target = practiceTarget(name)!;
    const prefix = TEACHING_TECHNIQUES.slice(0, target.index + 1);
    for (const text of puzzles) {
      const puzzle = createPuzzle(
        g,
        Uint8Array.from(text, (c) => (c === '.' ? 0 : Number(c))),
      );
      const walked = explain(puzzle, { unique: true, techniques: prefix, path: 'teaching' });
      const decided = decide(puzzle, prefix, target, Number.POSITIVE_INFINITY);
      assert.equal(decided.solved, walked.solved, `${name}: ${text}`);
      assert.equal(
        decided.usedTarget,
        walked.steps.some((s) => target.steps.includes(s.technique)),
        `${name}: ${text}`,
      );
      assert.deepEqual([...decided.board.values], [...walked.board.values], `${name}: ${text}`);
      assert.deepEqual([...decided.board.candidates], [...walked.board.candidates], `${name}: ${text}`);
      if (!walked.solved) stuck++;
      if (decided.usedTarget) used++;
    }
  }
  // the sample meets both ends
  assert.ok(stuck > 0 && used > 0, `${stuck} stuck, ${used} used the target`);
});

test('a technique target gets 20,000 attempts by default, other targets 1,000: a 4x4 Swordfish cannot be made', () => {
  const g = geometry(2, 2);
  assert.throws(
    () => generatePuzzle({ geometry: g, technique: 'Swordfish', seed: 1 }),
    (e: Error) => /in 20000 attempts/.test(e.message),
  );
  // the advice fits the target: a technique is missed for want of positions that need it, not of clues
  assert.throws(
    () => generatePuzzle({ geometry: g, technique: 'Swordfish', seed: 1, maxAttempts: 50 }),
    (e: Error) => /in 50 attempts/.test(e.message) && /Swordfish is seldom the first technique/.test(e.message) && !/more clues/.test(e.message),
  );
  // A level target gets 1,000 attempts (on a 9x9: a 4x4 is never extreme, and is refused at once).
  assert.throws(
    () => generatePuzzle({ difficulty: 'extreme', seed: 1, timeLimitMs: 60_000, clues: [60, 70] }),
    (e: Error) => /in 1000 attempts/.test(e.message) && /more clues/.test(e.message),
  );
});

test('technique names: every teaching technique and its step names, any case or spacing; others refused with the list', () => {
  const names = techniqueNames();
  for (const t of TEACHING_TECHNIQUES) assert.ok(names.includes(t.name), t.name);
  assert.equal(practiceTarget('finned x wing')?.name, 'Finned X-Wing');
  assert.equal(practiceTarget('Grouped Nice Loop')?.name, 'Grouped Nice Loop');
  assert.equal(practiceTarget('Exocet'), undefined);
  assert.throws(() => generatePuzzle({ technique: 'Exocet' }), { code: 'options', message: /not a technique of the teaching path: expected one of Full House/ });
});

test('generate --technique NAME --format json: the path and the step that needs it; --count and --seed reproduce', () => {
  const args = ['generate', '--technique', 'W-Wing', '--count', '2', '--seed', '4', '--format', 'json', '--threads', '1'];
  const r = runCli(args);
  assert.equal(r.status, 0, r.stderr);
  const lines = r.stdout
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l));
  assert.equal(lines.length, 2);
  for (const line of lines) {
    assert.equal(line.practice.technique, 'W-Wing');
    assert.equal(line.practice.path[line.practice.step - 1].technique, 'W-Wing');
  }
  assert.equal(runCli(args).stdout, r.stdout, 'the same seed, the same puzzles');
  const pretty = runCli(['generate', '--technique', 'w-wing', '--seed', '4', '--format', 'pretty']);
  assert.match(pretty.stdout, /needs W-Wing at step \d+ of \d+/);
  const bad = runCli(['generate', '--technique', 'Exocet']);
  assert.equal(bad.status, 2);
  assert.match(bad.stderr, /--technique Exocet: technique "Exocet" is not a technique of the teaching path/);
});
