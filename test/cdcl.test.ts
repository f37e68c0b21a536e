/**
 * The clause-learning search (src/core/cdcl/): its counts agree with the exact-cover core on
 * 4×4 … 16×16 (no, one and many solutions; limits 1, 2 and 30, so blocking each solution found
 * with a clause is exercised), every solution it reports is valid, distinct and keeps the givens,
 * locked candidates on and off; the group counts propagation reads agree with the values at
 * every decision (cdclTuning.check); a 25×25 and a 36×36 from the benchmark's puzzle files are solved;
 * shrinking makes the learned clauses shorter; reason-side bumping changes the search path; and a
 * 49×49 at 50% stops at its time limit.
 * No timing assertions: the limits here are backstops, and the status is asserted.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { Worker } from 'node:worker_threads';
import { cdclTuning, solveCdcl, type CdclStats } from '../src/core/cdcl/index.js';
import { type CoreStats, searchTuning, solveGeneral } from '../src/core/general/index.js';
import { parsePuzzle } from '../src/format/parse.js';
import { geometry } from '../src/geometry.js';
import { createPuzzle, isSolution, type Puzzle } from '../src/puzzle.js';
import { deriveSeed } from '../src/random.js';
import { fastEngine } from '../src/registry.js';
import { randomPuzzle, ROOT, seededRandom, withOneMoreGiven } from './helpers.js';

function newStats(): CdclStats {
  return { nodes: 0, guesses: 0, timedOut: false };
}

/** The puzzle labelled `label` in a bench/data file (lines: puzzle, space, label). */
function benchPuzzle(file: string, label: string): Puzzle {
  for (const line of readFileSync(join(ROOT, 'bench', 'data', file), 'utf8').split('\n')) {
    const [text, name] = line.trim().split(/\s+/);
    if (name !== label || text === undefined) continue;
    const parsed = parsePuzzle(text);
    assert.ok(parsed.ok, `${label} parses`);
    return parsed.puzzle;
  }
  throw new Error(`no puzzle ${label} in ${file}`);
}

test('clause learning counts as the exact-cover core does, 4x4 to 16x16, limits 1, 2 and 30, each solution valid and reported once', { timeout: 600_000 }, () => {
  const counts = new Set<number>();
  let compared = 0;
  // Locked candidates on and off; then the stable mode (and its target phases) from the second
  // conflict on, which these small boards would not otherwise reach.
  for (const [locked, stable, stableUnit, target] of [
    [1, cdclTuning.stable, cdclTuning.stableUnit, cdclTuning.target],
    [0, cdclTuning.stable, cdclTuning.stableUnit, cdclTuning.target],
    [1, 2, 4, 1],
  ] as Array<[number, number, number, number]>) {
    const saved = { ...cdclTuning };
    Object.assign(cdclTuning, { locked, stable, stableUnit, target });
    try {
      for (const [boxRows, boxCols, keeps] of [
        [2, 2, [0.1, 0.25, 0.4]],
        [2, 3, [0.2, 0.3, 0.45]],
        [3, 3, [0.25, 0.33, 0.45]],
        [2, 4, [0.35, 0.45]],
        [3, 4, [0.4, 0.5]],
        [4, 4, [0.45, 0.55]],
      ] as Array<[number, number, number[]]>) {
        const g = geometry(boxRows, boxCols);
        for (const keep of keeps) {
          for (let i = 0; i < 4; i++) {
            const random = seededRandom(deriveSeed(boxRows * 10 + boxCols, Math.round(keep * 1000) + i));
            const { puzzle } = randomPuzzle(g, random, keep);
            // Every other puzzle gets one more given, so some have no solution at all.
            const givens = i % 2 === 1 ? withOneMoreGiven(g, puzzle.givens, random) : Uint8Array.from(puzzle.givens);
            const altered = createPuzzle(g, givens);
            for (const limit of [1, 2, 30]) {
              const reference: CoreStats = { nodes: 0, guesses: 0, timedOut: false };
              const expected = solveGeneral(g, givens, limit, null, reference, Number.POSITIVE_INFINITY);
              const first = new Uint8Array(g.cellCount);
              const seen = new Set<string>();
              const count = solveCdcl(g, givens, limit, first, newStats(), Number.POSITIVE_INFINITY, (s) => {
                const key = s.join(',');
                assert.ok(!seen.has(key), 'a solution was reported twice');
                assert.ok(isSolution(altered, s), 'a reported grid is not a solution of the puzzle');
                seen.add(key);
              });
              const where = `${g.size}x${g.size} keep ${keep} #${i} limit ${limit} locked ${locked} stable from ${stable} target ${target}`;
              assert.equal(count, expected, where);
              assert.equal(seen.size, count, where);
              // Without onSolution, the count and the first solution are the same.
              const alone = new Uint8Array(g.cellCount);
              assert.equal(solveCdcl(g, givens, limit, alone, newStats(), Number.POSITIVE_INFINITY), count, where);
              if (count > 0) {
                assert.ok(isSolution(altered, first), where);
                assert.ok(isSolution(altered, alone), where);
              }
              if (limit === 30) counts.add(Math.min(count, 3));
              compared++;
            }
          }
        }
      }
    } finally {
      Object.assign(cdclTuning, saved);
    }
  }
  // The comparison meant something: puzzles with no, one and many solutions were met.
  assert.ok(counts.has(0) && counts.has(1) && counts.has(3), `counts met: ${[...counts].sort()} in ${compared}`);
});

test('the group counts the propagation reads hold at every decision, and no group is left down to one unplaced member', { timeout: 600_000 }, () => {
  // cdclTuning.check recounts every group from the values before each decision and throws on a
  // difference: live members, placed members, and a last live member not placed (unit
  // propagation stopped short). Locked candidates on and off; the stable mode from early on.
  const saved = { ...cdclTuning };
  let decisions = 0;
  try {
    for (const [locked, stable] of [
      [1, cdclTuning.stable],
      [0, cdclTuning.stable],
      [1, 2],
    ] as Array<[number, number]>) {
      Object.assign(cdclTuning, { check: 1, locked, stable, stableUnit: 4 });
      for (const [boxRows, boxCols, keep] of [
        [3, 3, 0.3],
        [3, 4, 0.4],
        [4, 4, 0.45],
      ] as Array<[number, number, number]>) {
        const g = geometry(boxRows, boxCols);
        for (let i = 0; i < 3; i++) {
          const { puzzle } = randomPuzzle(g, seededRandom(deriveSeed(boxRows * 10 + boxCols, 7000 + i)), keep);
          const stats = newStats();
          const count = solveCdcl(g, puzzle.givens, 2, null, stats, Number.POSITIVE_INFINITY);
          assert.ok(count >= 1, `${g.size}x${g.size} #${i}`);
          decisions += stats.guesses;
        }
      }
      const p25 = benchPuzzle('bigboards.txt', '25-2');
      const stats = newStats();
      assert.equal(solveCdcl(p25.geometry, p25.givens, 1, null, stats, Number.POSITIVE_INFINITY), 1);
      decisions += stats.guesses;
    }
  } finally {
    Object.assign(cdclTuning, saved);
  }
  assert.ok(decisions > 500, `only ${decisions} decisions checked`);
});

test('clause learning solves a 25x25 at 45% and a 36x36 at 54% from the benchmark sets', { timeout: 600_000 }, () => {
  const g25 = benchPuzzle('bigboards.txt', '25-3');
  const solution = new Uint8Array(g25.geometry.cellCount);
  const stats = newStats();
  assert.equal(solveCdcl(g25.geometry, g25.givens, 1, solution, stats, performance.now() + 300_000), 1, `25-3 after ${stats.conflicts} conflicts`);
  assert.ok(isSolution(g25, solution), '25-3: not a solution of the puzzle');
  assert.ok((stats.conflicts ?? 0) > 0, 'the search learned from conflicts');
  // The fast engine takes this path on 36×36.
  const p36 = benchPuzzle('bigboards-36x36-54.txt', '36-0');
  const result = fastEngine.solve(p36, { limit: 1, timeLimitMs: 300_000 });
  assert.equal(result.timedOut, false);
  assert.equal(result.count, 1);
  assert.ok(result.solution && isSolution(p36, result.solution), '36-0: not a solution of the puzzle');
});

test('from 36x36 up a uniqueness check (limit 2) goes to clause learning too, and counts as the exact-cover search does', { timeout: 600_000 }, () => {
  // 36-4 at 54% has several solutions; the same grid with all but ten cells given has one.
  const several = benchPuzzle('bigboards-36x36-54.txt', '36-4');
  const g = several.geometry;
  const solution = new Uint8Array(g.cellCount);
  assert.equal(solveGeneral(g, several.givens, 1, solution, newStats(), Number.POSITIVE_INFINITY), 1);
  const nearlyFull = solution.slice();
  for (let k = 0; k < 10; k++) nearlyFull[k * 131] = 0;
  const saved = searchTuning.clauseLearningFromSize;
  try {
    for (const [givens, count] of [
      [several.givens, 2],
      [nearlyFull, 1],
    ] as const) {
      const learned = { ...newStats(), conflicts: undefined as number | undefined };
      assert.equal(solveGeneral(g, givens, 2, null, learned, Number.POSITIVE_INFINITY), count);
      assert.notEqual(learned.conflicts, undefined, 'answered by the clause-learning search (it counts conflicts)');
      searchTuning.clauseLearningFromSize = Number.POSITIVE_INFINITY;
      const exact = { ...newStats(), conflicts: undefined as number | undefined };
      assert.equal(solveGeneral(g, givens, 2, null, exact, Number.POSITIVE_INFINITY), count, 'the exact-cover search agrees');
      assert.equal(exact.conflicts, undefined);
      searchTuning.clauseLearningFromSize = saved;
    }
  } finally {
    searchTuning.clauseLearningFromSize = saved;
  }
});

/** Solve `p` for a first solution with some knobs of cdclTuning set (restored afterwards), checking the answer; its statistics. */
function solveWith(p: Puzzle, knobs: Partial<typeof cdclTuning>): CdclStats {
  const saved = { ...cdclTuning };
  Object.assign(cdclTuning, knobs);
  try {
    const stats = newStats();
    const solution = new Uint8Array(p.geometry.cellCount);
    const what = JSON.stringify(knobs);
    assert.equal(solveCdcl(p.geometry, p.givens, 1, solution, stats, performance.now() + 300_000), 1, what);
    assert.ok(isSolution(p, solution), `${what}: not a solution of the puzzle`);
    return stats;
  } finally {
    Object.assign(cdclTuning, saved);
  }
}

test('learned clauses are shrunk through the placements that ruled their literals out, and still solve', { timeout: 600_000 }, () => {
  const p = benchPuzzle('bigboards-36x36-54.txt', '36-2');
  const plain = solveWith(p, { shrink: 0 });
  const shrunk = solveWith(p, { shrink: 1 });
  assert.ok((plain.conflicts ?? 0) > 100 && (shrunk.conflicts ?? 0) > 100, `enough conflicts to compare: ${plain.conflicts}, ${shrunk.conflicts}`);
  // Less than half as long here (15 against 38 literals); a third shorter is the bar.
  assert.ok(shrunk.meanLearnedSize! < (2 / 3) * plain.meanLearnedSize!, `mean learned size ${shrunk.meanLearnedSize} against ${plain.meanLearnedSize} unshrunk`);
});

test('bumping the placements behind a learned clause changes the search, and both ways solve', { timeout: 600_000 }, () => {
  const p = benchPuzzle('bigboards-36x36-54.txt', '36-4');
  const without = solveWith(p, { reasonBump: 0 }).conflicts ?? 0;
  const withBump = solveWith(p, { reasonBump: 1 }).conflicts ?? 0;
  assert.ok(without > 100, `enough conflicts for the heuristic to matter: ${without}`);
  // The same search path either way would mean the bump never happened (1,771 against 1,013 here).
  assert.notEqual(withBump, without);
});

test('the focused mode decides by the move-to-front queue: another search than by activity, and both solve', { timeout: 600_000 }, () => {
  const p = benchPuzzle('bigboards-36x36-54.txt', '36-4');
  // solveWith checks each answer: a queue that lost track of an open variable would end the
  // search on a partial grid.
  const byActivity = solveWith(p, { vmtf: 0 }).conflicts ?? 0;
  const byQueue = solveWith(p, { vmtf: 1 }).conflicts ?? 0;
  assert.ok(byActivity > 100, `enough conflicts for the heuristic to matter: ${byActivity}`);
  // 568 against 1,013 here: this puzzle is one the queue does worse on (see bench/results/cdcl-history.md for the hard ones).
  assert.notEqual(byQueue, byActivity);
});

test('the two modes stop doubling at modeMax conflicts, and both ways solve', { timeout: 600_000 }, () => {
  // Scaled down (first mode 50 conflicts, bound 100) so that a puzzle of a few thousand conflicts
  // sees it: bounded, a switch every 100 conflicts or so; unbounded, the modes double (50, 50,
  // 100, 100, 200, …), so about two switches per doubling.
  const p = benchPuzzle('bigboards-36x36-54.txt', '36-3');
  const bounded = solveWith(p, { stable: 50, modeMax: 100 });
  const doubling = solveWith(p, { stable: 50, modeMax: 0 });
  const conflicts = bounded.conflicts ?? 0;
  assert.ok(conflicts > 1000, `enough conflicts to tell: ${conflicts}`);
  assert.ok((bounded.modeSwitches ?? 0) >= Math.floor(conflicts / 100) - 1, `bounded: ${bounded.modeSwitches} switches in ${conflicts} conflicts`);
  const most = 2 * Math.ceil(Math.log2((doubling.conflicts ?? 0) / 50 + 1)) + 2;
  assert.ok((doubling.modeSwitches ?? 0) <= most, `doubling: ${doubling.modeSwitches} switches in ${doubling.conflicts} conflicts, at most ${most}`);
});

test('clause learning stops at the deadline on a 49x49 at 50%', { timeout: 120_000 }, async () => {
  const p = benchPuzzle('bigboards.txt', '49-0');
  // In a worker, so that a search that ignores its deadline fails this test instead of hanging it.
  const code = `
    const { parentPort, workerData } = require('node:worker_threads');
    import(workerData.registry).then(({ fastEngine }) => import(workerData.puzzle).then(({ createPuzzle }) => import(workerData.geometry).then(({ geometry }) => {
      const puzzle = createPuzzle(geometry(7, 7), Uint8Array.from(workerData.givens));
      const r = fastEngine.solve(puzzle, { limit: 1, timeLimitMs: 300 });
      parentPort.postMessage({ count: r.count, timedOut: r.timedOut, solved: r.solution !== undefined, nodes: r.stats.nodes });
    })));`;
  const here = (file: string): string => new URL(file, import.meta.url).href;
  const worker = new Worker(code, {
    eval: true,
    workerData: { registry: here('../src/registry.js'), puzzle: here('../src/puzzle.js'), geometry: here('../src/geometry.js'), givens: Array.from(p.givens) },
  });
  let timer: NodeJS.Timeout | undefined;
  try {
    const answer = await new Promise<{ count: number; timedOut: boolean; solved: boolean; nodes: number } | 'late'>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
      timer = setTimeout(() => resolve('late'), 60_000);
    });
    assert.notEqual(answer, 'late', 'no answer a minute after a 300 ms time limit');
    if (answer === 'late') return;
    assert.equal(answer.timedOut, true);
    assert.equal(answer.count, 0);
    assert.equal(answer.solved, false);
    assert.ok(answer.nodes > 1, 'the search ran');
  } finally {
    clearTimeout(timer);
    await worker.terminate();
  }
});
