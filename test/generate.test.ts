import assert from 'node:assert/strict';
import { test } from 'node:test';
import { checkMinimal, FILL_CLASSES, GenerateError, type GeneratedPuzzle, generatePuzzle, generatePuzzles, hasSymmetry, orbitsOf, randomFillPuzzle, type Symmetry } from '../src/generate.js';
import { type Geometry, geometry, geometryName } from '../src/geometry.js';
import { gradePuzzle } from '../src/grade.js';
import { countGivens, createPuzzle, isSolution } from '../src/puzzle.js';
import { exactCoverEngine, fastEngine } from '../src/registry.js';
import { deriveSeed } from '../src/random.js';
import { bandRowOrder, permuteColumns, permuteRows, stackColumnOrder } from '../src/transform.js';

/** Solutions to 2 by the exact-cover engine: a second opinion beside the fast core the generator uses. */
function countByExactCover(g: Geometry, grid: Uint8Array): number {
  return exactCoverEngine.solve(createPuzzle(g, grid), { limit: 2 }).count;
}

/** Every property a generated puzzle promises, checked independently of the generator. */
function checkGenerated(p: GeneratedPuzzle, symmetry: Symmetry): void {
  const g = p.puzzle.geometry;
  const name = `${geometryName(g)} ${symmetry} #${p.index}`;
  assert.ok(isSolution(p.solution, p.puzzle), `${name}: the solution fits the givens`);
  assert.equal(countGivens(p.puzzle.givens), p.clues, `${name}: clue count`);
  const engine = g.size <= 12 ? exactCoverEngine : fastEngine; // exact cover is slow on sparse 16x16
  assert.equal(engine.solve(p.puzzle, { limit: 2 }).count, 1, `${name}: exactly one solution`);
  assert.ok(hasSymmetry(g, p.puzzle.givens, symmetry), `${name}: ${symmetry} symmetry`);
  assert.equal(p.symmetry, symmetry);
}

const BOARDS: Array<{ g: Geometry; count: number }> = [
  { g: geometry(2, 2), count: 20 },
  { g: geometry(2, 3), count: 10 },
  { g: geometry(3, 2), count: 5 },
  { g: geometry(3, 3), count: 10 },
  { g: geometry(3, 4), count: 2 },
  { g: geometry(4, 4), count: 1 },
];

for (const { g, count } of BOARDS) {
  const square = g.boxRows === g.boxCols;
  const symmetries: Symmetry[] = square ? ['none', 'rotational', 'mirror', 'diagonal', 'dihedral'] : ['none', 'rotational', 'mirror'];
  for (const symmetry of symmetries) {
    test(`generate ${geometryName(g)}, ${symmetry}: unique, symmetric, minimal flag honest`, () => {
      for (const p of generatePuzzles(count, { geometry: g, symmetry, seed: 11 })) {
        checkGenerated(p, symmetry);
        if (symmetry === 'none') assert.equal(p.minimal, true, 'a full pass over single cells is minimal');
        if (g.size <= 9) assert.equal(p.minimal, checkMinimalByExactCover(g, p.puzzle.givens), 'minimal flag agrees with an independent check');
      }
    });
  }
  if (!square) {
    test(`generate ${geometryName(g)}: diagonal and dihedral symmetry refused (they do not map boxes onto boxes)`, () => {
      for (const symmetry of ['diagonal', 'dihedral'] as const) {
        assert.throws(() => generatePuzzle({ geometry: g, symmetry }), (e: unknown) => e instanceof GenerateError && e.code === 'options' && /needs square boxes/.test(e.message));
      }
    });
  }
}

function checkMinimalByExactCover(g: Geometry, givens: Uint8Array): boolean {
  const grid = givens.slice();
  for (let cell = 0; cell < g.cellCount; cell++) {
    const d = grid[cell]!;
    if (d === 0) continue;
    grid[cell] = 0;
    const count = countByExactCover(g, grid);
    grid[cell] = d;
    if (count < 2) return false;
  }
  return true;
}

test('generate 25x25 once under a 4 s budget: unique (best effort: not minimal when the budget ends the pass)', () => {
  const p = generatePuzzle({ geometry: geometry(5, 5), seed: 3, timeLimitMs: 4000 });
  checkGenerated(p, 'none');
  assert.ok(p.clues < 625, 'some givens were removed');
});

test('orbits: counts derived by Burnside on 9x9, and each orbit closed under its maps', () => {
  const g = geometry(3, 3);
  assert.equal(orbitsOf(g, 'none').length, 81);
  assert.equal(orbitsOf(g, 'rotational').length, 41);
  assert.equal(orbitsOf(g, 'mirror').length, 45);
  assert.equal(orbitsOf(g, 'diagonal').length, 45);
  assert.equal(orbitsOf(g, 'dihedral').length, 15);
  assert.deepEqual([...new Set(orbitsOf(g, 'dihedral').map((o) => o.length))].sort(), [1, 4, 8]);
  assert.equal(orbitsOf(geometry(4, 4), 'rotational').length, 128);
  const covered = orbitsOf(g, 'dihedral').flatMap((o) => [...o]).sort((a, b) => a - b);
  assert.deepEqual(covered, Array.from({ length: 81 }, (_, i) => i));
});

test('determinism: same seed, same puzzles; different seeds, different puzzles; index i alone = index i of a run', () => {
  const a = [...generatePuzzles(20, { seed: 42 })].map((p) => p.puzzle.givens.join(''));
  const b = [...generatePuzzles(20, { seed: 42 })].map((p) => p.puzzle.givens.join(''));
  const c = [...generatePuzzles(20, { seed: 43 })].map((p) => p.puzzle.givens.join(''));
  assert.deepEqual(a, b);
  assert.equal(new Set([...a, ...c]).size, 40, 'forty different puzzles');
  assert.equal(generatePuzzle({ seed: 42 }, 7).puzzle.givens.join(''), a[7]);
  assert.deepEqual([...generatePuzzles(5, { seed: 42 }, 10)].map((p) => p.puzzle.givens.join('')), a.slice(10, 15));
  // A pinned value: catches any change that would make old seeds give new puzzles.
  assert.equal(deriveSeed(1, 0), deriveSeed(1, 0));
  assert.notEqual(deriveSeed(1, 0), deriveSeed(1, 1));
  assert.notEqual(deriveSeed(1, 0), deriveSeed(2, 0));
});

test('minimal: removing any given of a --minimal puzzle gives two solutions (9x9, rotational and none)', () => {
  for (const symmetry of ['none', 'rotational'] as const) {
    for (const p of generatePuzzles(5, { symmetry, minimal: true, seed: 5 })) {
      assert.equal(p.minimal, true);
      assert.ok(checkMinimalByExactCover(p.puzzle.geometry, p.puzzle.givens), `${symmetry} #${p.index} minimal`);
      assert.equal(checkMinimal(p.puzzle.geometry, p.puzzle.givens.slice()), true);
      checkGenerated(p, symmetry);
    }
  }
});

test('clues: an exact count and a range are honoured, with and without minimality', () => {
  for (const p of generatePuzzles(10, { clues: 30, seed: 1 })) {
    assert.equal(p.clues, 30);
    assert.equal(p.minimal, false);
    checkGenerated(p, 'none');
  }
  for (const p of generatePuzzles(10, { clues: [32, 36], symmetry: 'rotational', seed: 2 })) {
    assert.ok(p.clues >= 32 && p.clues <= 36, `${p.clues} in 32-36`);
    checkGenerated(p, 'rotational');
  }
  for (const p of generatePuzzles(5, { clues: [22, 23], minimal: true, seed: 3 })) {
    assert.ok(p.clues === 22 || p.clues === 23);
    assert.equal(p.minimal, true);
  }
  for (const p of generatePuzzles(5, { geometry: geometry(2, 3), clues: 12, seed: 4 })) assert.equal(p.clues, 12);
});

test('clues below what one removal pass reaches (9x9, 20): the downhill walk finds unique minimal puzzles', () => {
  for (const p of generatePuzzles(2, { clues: 20, minimal: true, seed: 8 })) {
    assert.equal(p.clues, 20);
    assert.equal(p.minimal, true);
    assert.ok(checkMinimalByExactCover(p.puzzle.geometry, p.puzzle.givens));
    checkGenerated(p, 'none');
  }
});

test('impossible and unmet requests fail clearly', () => {
  const fails = (options: Parameters<typeof generatePuzzle>[0], code: 'options' | 'budget', pattern: RegExp) =>
    assert.throws(() => generatePuzzle(options), (e: unknown) => e instanceof GenerateError && e.code === code && pattern.test(e.message), JSON.stringify(options));
  fails({ clues: 16 }, 'options', /fewest possible is 17/);
  fails({ geometry: geometry(2, 2), clues: 3 }, 'options', /fewest possible is 4/);
  fails({ geometry: geometry(2, 3), clues: 7 }, 'options', /fewest possible is 8/);
  fails({ clues: [30, 20] }, 'options', /low to high/);
  fails({ clues: 90 }, 'options', /only 81 cells/);
  fails({ technique: 'no such thing' }, 'options', /not one the grader knows/);
  fails({ clues: 18, maxAttempts: 5 }, 'budget', /in 5 attempts/);
  fails({ clues: 30, minimal: true, maxAttempts: 3 }, 'budget', /in 3 attempts/);
});

test('random fill: class counts add up, and each class is verified by the exact-cover engine', () => {
  const g = geometry(3, 3);
  const counts = Object.fromEntries(FILL_CLASSES.map((c) => [c, 0])) as Record<string, number>;
  for (let i = 0; i < 300; i++) {
    const p = randomFillPuzzle({ fill: 20, seed: 9 }, i);
    counts[p.class]!++;
    assert.equal(countGivens(p.puzzle.givens), 20);
    const exact = countByExactCover(g, p.puzzle.givens);
    assert.equal(p.class, exact === 0 ? 'none' : exact === 1 ? 'one' : 'many', `puzzle ${i}`);
  }
  assert.equal(Object.values(counts).reduce((a, b) => a + b, 0), 300);
  assert.equal(counts.unknown, 0);
  assert.ok(counts.none! > 0 && counts.many! > 0, `both common classes appear: ${JSON.stringify(counts)}`);
  assert.deepEqual(randomFillPuzzle({ seed: 9 }, 3).puzzle.givens, randomFillPuzzle({ seed: 9 }, 3).puzzle.givens);
  assert.equal(countGivens(randomFillPuzzle({ geometry: geometry(2, 2), seed: 1 }).puzzle.givens), 3, 'default fill: 17 per 81 cells');
});

test('difficulty, rating and technique targets: the grader agrees with what was asked', () => {
  for (const p of generatePuzzles(3, { difficulty: 'easy', seed: 6 })) assert.equal(gradePuzzle(p.puzzle).level, 'easy');
  for (const p of generatePuzzles(3, { rating: [2.0, 2.5], seed: 6 })) {
    const { rating } = gradePuzzle(p.puzzle);
    assert.ok(rating >= 2.0 && rating <= 2.5, `rating ${rating}`);
    assert.equal(p.grade?.rating, rating);
  }
  for (const p of generatePuzzles(3, { technique: 'naked single', seed: 6 })) assert.ok('Naked Single' in gradePuzzle(p.puzzle).techniques);
});

test('transform: permuteColumns with a stackColumnOrder keeps a grid valid', () => {
  const p = generatePuzzle({ geometry: geometry(2, 3), seed: 1 });
  const g = p.puzzle.geometry;
  const cols = stackColumnOrder(g, [1, 0], [[2, 0, 1], [1, 2, 0]]);
  assert.deepEqual(cols, [4, 5, 3, 2, 0, 1]);
  const moved = permuteRows(g, permuteColumns(g, p.solution, cols).grid, bandRowOrder(g, [2, 0, 1])).grid;
  assert.ok(isSolution(moved, createPuzzle(g, new Uint8Array(g.cellCount))));
  assert.notDeepEqual(moved, p.solution);
});
