/**
 * Big boards and the general core's restarts: half-filled 25×25 puzzles get a valid first
 * solution (the heavy-tailed case that conflict weights and restarts are for), and counting stays
 * exact when restarts happen before the first solution and under two-way branching (checked
 * against dancing links, with the weights, restarts and two-way branching switched on for small
 * boards and a tiny restart budget; a second way that placed the option again instead of
 * discarding it fails the counting test).
 * No timing assertions: the time limits here are generous backstops, and the status is asserted.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { type CoreStats, searchTuning, solveGeneral } from '../src/core/general/index.js';
import { geometry } from '../src/geometry.js';
import { createPuzzle, isSolution } from '../src/puzzle.js';
import { deriveSeed } from '../src/random.js';
import { dancingLinksEngine } from '../src/engines/dancingLinks.js';
import { fastEngine } from '../src/registry.js';
import { randomPuzzle, seededRandom, withOneMoreGiven } from './helpers.js';

test('25x25 at 45% givens: seeded puzzles with many solutions get a valid first solution', { timeout: 600_000 }, () => {
  const g = geometry(5, 5);
  for (let i = 0; i < 4; i++) {
    const { puzzle } = randomPuzzle(g, seededRandom(deriveSeed(45, i)), 0.45);
    const result = fastEngine.solve(puzzle, { limit: 1, timeLimitMs: 120_000 });
    assert.equal(result.timedOut, false, `puzzle ${i} timed out after ${result.stats.nodes} nodes`);
    assert.equal(result.count, 1, `puzzle ${i}`);
    assert.ok(result.solution && isSolution(puzzle, result.solution), `puzzle ${i}: not a solution of the puzzle`);
  }
});

test('25x25: without `random` a solve repeats exactly, restarts included', { timeout: 600_000 }, () => {
  const g = geometry(5, 5);
  // The second puzzle of the test above: its first solution comes after several restarts.
  const { puzzle } = randomPuzzle(g, seededRandom(deriveSeed(45, 1)), 0.45);
  const stats = (): CoreStats => ({ nodes: 0, guesses: 0, timedOut: false });
  const a = stats();
  const b = stats();
  const first = new Uint8Array(g.cellCount);
  const second = new Uint8Array(g.cellCount);
  assert.equal(solveGeneral(g, puzzle.givens, 1, first, a, Number.POSITIVE_INFINITY), 1);
  assert.equal(solveGeneral(g, puzzle.givens, 1, second, b, Number.POSITIVE_INFINITY), 1);
  assert.ok((a.restarts ?? 0) > 0, 'the search restarted');
  assert.deepEqual(second, first);
  assert.deepEqual(b, a);
});

/** Run `body` with the weights and restarts on from 4×4 up and a restart every few nodes. */
function withRestartsEverywhere(firstRestartNodes: number, body: () => void): void {
  const saved = { ...searchTuning };
  searchTuning.weightsFromSize = 4;
  searchTuning.firstRestartNodes = firstRestartNodes;
  try {
    body();
  } finally {
    Object.assign(searchTuning, saved);
  }
}

test('counting with restarts before the first solution stays exact: limits 1, 2 and 30 against dancing links', { timeout: 600_000 }, () => {
  let restarted = 0;
  let compared = 0;
  const counts = new Set<number>();
  withRestartsEverywhere(3, () => {
    for (const [boxRows, boxCols, keeps] of [
      [2, 2, [0.1, 0.25, 0.4]],
      [2, 3, [0.2, 0.3, 0.45]],
      [3, 3, [0.3, 0.38, 0.45]],
      [2, 4, [0.35, 0.45]],
    ] as Array<[number, number, number[]]>) {
      const g = geometry(boxRows, boxCols);
      for (const keep of keeps) {
        for (let i = 0; i < 6; i++) {
          const random = seededRandom(deriveSeed(boxRows * 10 + boxCols, Math.round(keep * 1000) + i));
          const { puzzle } = randomPuzzle(g, random, keep);
          // Every other puzzle gets one more given, so some have no solution at all.
          const givens = i % 2 === 1 ? withOneMoreGiven(g, puzzle.givens, random) : Uint8Array.from(puzzle.givens);
          const altered = createPuzzle(g, givens);
          for (const limit of [1, 2, 30]) {
            const expected = dancingLinksEngine.solve(altered, { limit }).count;
            const stats: CoreStats = { nodes: 0, guesses: 0, timedOut: false };
            const solution = new Uint8Array(g.cellCount);
            const seen = new Set<string>();
            const count = solveGeneral(g, givens, limit, solution, stats, Number.POSITIVE_INFINITY, undefined, (s) => {
              const key = s.join(',');
              assert.ok(!seen.has(key), 'a solution was reported twice');
              assert.ok(isSolution(altered, s), 'a reported grid is not a solution');
              seen.add(key);
            });
            assert.equal(count, expected, `${g.size}x${g.size} keep ${keep} #${i} limit ${limit}`);
            assert.equal(seen.size, count);
            if (count > 0) assert.ok(isSolution(altered, solution));
            if (limit === 30) counts.add(Math.min(count, 3));
            if ((stats.restarts ?? 0) > 0) restarted++;
            compared++;
          }
        }
      }
    }
  });
  // The comparison meant something: restarts happened, and there were puzzles with no, one and many solutions.
  assert.ok(restarted > compared / 4, `only ${restarted} of ${compared} searches restarted`);
  assert.ok(counts.has(0) && counts.has(1) && counts.has(3), `counts met: ${[...counts].sort()}`);
});
