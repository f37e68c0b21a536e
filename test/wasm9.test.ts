/**
 * The WebAssembly build of the 9×9 core (src/core/wasm/fast9.ts, both the SIMD and the scalar
 * build) against the TypeScript core it was ported from: on dataset puzzles, on puzzles with many
 * solutions and on puzzles with none, at limits 1, 2 and 1000, the port must return the same count,
 * the same first solution and the same node and guess counts (it visits the same search tree).
 * `npm test` builds the .wasm files first, so a missing build fails here rather than skipping.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { solve9 } from '../src/core/fast9.js';
import { answerBatch } from '../src/batch/solve.js';
import { loadWasm9, solve9Wasm, WASM9_VARIANTS, wasm9Answers, wasm9Variant } from '../src/core/fast9wasm.js';
import { parsePuzzle } from '../src/format/parse.js';
import { countSolutions, solve } from '../src/registry.js';
import { FULL, newStats, parse9 as parse, readDataset, seededRandom, spreadSample } from './helpers.js';

type Solve = typeof solve9;

/** What a core says about one puzzle, as one comparable string. */
function answer(solve: Solve, grid: Uint8Array, limit: number, deadline = Number.POSITIVE_INFINITY): string {
  const stats = newStats();
  const solution = new Uint8Array(81);
  const count = solve(grid, limit, solution, stats, deadline);
  return `count ${count}, nodes ${stats.nodes}, guesses ${stats.guesses}, timedOut ${stats.timedOut}, solution ${count > 0 ? solution.join('') : '-'}`;
}

/** Dataset puzzles (unique), a sample per file: about 2,000 in `npm test`, every file whole in test:full. */
function uniquePuzzles(): Uint8Array[] {
  const files: [string, number][] = [
    ['forum-hardest-11plus.txt', 400],
    ['magictour-top1465.txt', 400],
    ['top2365.txt', 400],
    ['17-clue.txt', 400],
    ['subig20.txt', 400],
    ['norvig-top95.txt', 95],
  ];
  const out: Uint8Array[] = [];
  for (const [name, count] of files) {
    const { puzzles } = readDataset(name);
    for (const p of FULL ? puzzles : spreadSample(puzzles, count)) out.push(parse(p));
  }
  return out;
}

/** Puzzles with many solutions: dataset puzzles with some givens removed (seeded), and the empty grid. */
function multiPuzzles(base: readonly Uint8Array[]): Uint8Array[] {
  const random = seededRandom(9);
  const out: Uint8Array[] = [new Uint8Array(81)];
  for (const p of spreadSample(base, 300)) {
    const g = p.slice();
    const givens = [...g.keys()].filter((i) => g[i] !== 0);
    for (let k = 0; k < 1 + Math.floor(random() * 8); k++) g[givens[Math.floor(random() * givens.length)]!] = 0;
    out.push(g);
  }
  return out;
}

/** Puzzles with no solution: a unique puzzle with one empty cell set to a wrong digit that clashes with no given. */
function noSolutionPuzzles(base: readonly Uint8Array[]): Uint8Array[] {
  const out: Uint8Array[] = [];
  const stats = newStats();
  const solution = new Uint8Array(81);
  for (const p of spreadSample(base, 300)) {
    solve9(p, 1, solution, stats, Number.POSITIVE_INFINITY);
    const cell = p.indexOf(0);
    const r = Math.floor(cell / 9);
    const c = cell % 9;
    for (let d = 1; d <= 9; d++) {
      if (d === solution[cell]) continue;
      let clash = false;
      for (let j = 0; j < 9; j++) {
        const br = r - (r % 3) + Math.floor(j / 3);
        const bc = c - (c % 3) + (j % 3);
        if (p[r * 9 + j] === d || p[j * 9 + c] === d || p[br * 9 + bc] === d) clash = true;
      }
      if (clash) continue;
      const g = p.slice();
      g[cell] = d;
      out.push(g);
      break;
    }
  }
  return out;
}

const unique = uniquePuzzles();
const cases: [string, Uint8Array[]][] = [
  ['unique dataset puzzles', unique],
  ['puzzles with many solutions', multiPuzzles(unique)],
  ['puzzles with no solution', noSolutionPuzzles(unique)],
];

for (const variant of WASM9_VARIANTS) {
  const core = loadWasm9(variant);

  test(`wasm ${variant}: the build loads`, () => {
    assert.ok(core, `dist/src/core/fast9-${variant}.wasm did not load (npm run build builds it)`);
  });

  for (const [name, puzzles] of cases) {
    for (const limit of [1, 2, 1000]) {
      test(`wasm ${variant} agrees with the TypeScript core: ${name}, limit ${limit} (${puzzles.length} puzzles)`, () => {
        assert.ok(core);
        let solved = 0;
        for (const p of puzzles) {
          const expected = answer(solve9, p, limit);
          assert.equal(answer(core, p, limit), expected, `puzzle ${p.join('')}`);
          if (!expected.startsWith('count 0')) solved++;
        }
        // the cases are what they say: unique and many-solution puzzles solve, no-solution ones do not
        if (name === 'puzzles with no solution') assert.equal(solved, 0);
        else assert.equal(solved, puzzles.length);
      });
    }
  }

  test(`wasm ${variant}: a deadline already past stops both cores at the same node`, () => {
    assert.ok(core);
    // the empty grid at limit 1000 needs more than 2,048 nodes, the deadline check's period
    const expected = answer(solve9, new Uint8Array(81), 1_000_000, 0);
    assert.match(expected, /timedOut true/);
    assert.equal(answer(core, new Uint8Array(81), 1_000_000, 0), expected);
  });
}

test('solve9Wasm serves random digit orders and per-solution callbacks with the TypeScript core', () => {
  assert.ok(wasm9Variant() !== undefined, 'the default wasm core loaded');
  const puzzle = parse(readDataset('17-clue.txt').puzzles[0]!);
  puzzle.fill(0, 0, 30);
  const run = (solve: Solve): string => {
    const seen: string[] = [];
    const stats = newStats();
    const solution = new Uint8Array(81);
    const count = solve(puzzle, 50, solution, stats, Number.POSITIVE_INFINITY, seededRandom(5), (s) => {
      seen.push(s.join(''));
    });
    return `${count} ${stats.nodes} ${solution.join('')} ${seen.join(',')}`;
  };
  const expected = run(solve9);
  assert.match(expected, /^50 /);
  assert.equal(run(solve9Wasm), expected);
});

test('solve9Wasm without random or callback gives the TypeScript core answers, answered by the wasm core', () => {
  const puzzles = spreadSample(unique, 200);
  const before = wasm9Answers();
  for (const p of puzzles) assert.equal(answer(solve9Wasm, p, 2), answer(solve9, p, 2));
  assert.equal(wasm9Answers() - before, puzzles.length, 'the wasm core answered every call');
});

test('solve9Wasm: a limit past 2^31 - 1 (the wasm core counts in i32) is served by the TypeScript core, with the same answer', () => {
  const p = unique[0]!.slice();
  p.fill(0, 0, 9);
  const before = wasm9Answers();
  assert.equal(answer(solve9Wasm, p, 2 ** 40), answer(solve9, p, 2 ** 40));
  assert.equal(wasm9Answers(), before, 'not the wasm core');
});

test('the default engine, countSolutions and the batch line path run the wasm core on a 9x9', () => {
  // The two cores answer alike, so only the count of calls the wasm core answered tells them apart.
  assert.ok(wasm9Variant() !== undefined, 'the default wasm core loaded');
  const texts = spreadSample(readDataset('norvig-top95.txt').puzzles, 10);
  const parsed = parsePuzzle(texts[0]!);
  assert.ok(parsed.ok);
  const served = (f: () => void): number => {
    const before = wasm9Answers();
    f();
    return wasm9Answers() - before;
  };
  assert.equal(
    served(() => solve(parsed.puzzle, { limit: 2 })),
    1,
    'solve with the default engine',
  );
  assert.equal(
    served(() => solve(parsed.puzzle, { limit: 2, engine: 'fast' })),
    1,
    'the fast engine',
  );
  assert.equal(
    served(() => countSolutions(parsed.puzzle.geometry, Uint8Array.from(parsed.puzzle.givens), 2)),
    1,
    'countSolutions',
  );
  const batch = { lines: texts.map((_, i) => i + 1), texts, notes: texts.map(() => '') };
  assert.equal(
    served(() => answerBatch(batch, { format: 'line', limit: 2, engine: 'fast' })),
    texts.length,
    'the batch line path',
  );
  // A random digit order is the TypeScript core's.
  assert.equal(
    served(() => solve(parsed.puzzle, { limit: 2, random: seededRandom(1) })),
    0,
    'a random order',
  );
});
