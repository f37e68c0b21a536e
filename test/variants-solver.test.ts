/**
 * What the variant solver deduces before it guesses: each test builds a model from a few cages,
 * propagates once at the root, and names a candidate that one rule (and, on these boards, no
 * other) must remove. The answers themselves are judged elsewhere (variants-property against brute
 * force, variants-datasets against known solutions); these pin the reasoning that keeps the search
 * small, so that losing it fails a test instead of only slowing the benchmark.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { compileConstraint } from '../src/constraints/index.js';
import type { Constraint } from '../src/constraints/types.js';
import { geometry } from '../src/geometry.js';
import { parseVariant } from '../src/format/variant.js';
import { Compiler } from '../src/variant/solver/compile.js';
import type { VariantPuzzle } from '../src/variant/puzzle.js';
import { solveVariant } from '../src/variant/solver/index.js';
import { VariantState } from '../src/variant/solver/state.js';

const g9 = geometry(3);
const at = (row: number, col: number): number => (row - 1) * 9 + (col - 1);

/** The candidates of every cell after propagating the constraints at the root (no guess). */
function rootCandidates(constraints: readonly Constraint[]): Int32Array {
  const compiler = new Compiler(g9);
  for (const c of constraints) compileConstraint(c, g9, compiler, constraints);
  const state = new VariantState(compiler.build());
  state.queueAll();
  assert.equal(state.propagate(), true, 'the root propagation finds no contradiction');
  return state.cands;
}

const has = (cands: Int32Array, cell: number, digit: number): boolean => (cands[cell]! & (1 << (digit - 1))) !== 0;

test('a digit a cage must hold leaves every cell that sees all its places', () => {
  // The cage r1c3, r1c4, r2c4 adds to 6: it holds 1, 2 and 3, each in one of three places. r1c5 and
  // r1c6 see all three (row 1, box 2); r1c1 misses r2c4 and r3c5 misses r1c3, so they keep them.
  // No implied sum covers it: the cage lies in no single house, and two rows less the cage are 15 cells.
  const cands = rootCandidates([{ kind: 'killer', cells: [at(1, 3), at(1, 4), at(2, 4)], sum: 6 }]);
  for (const digit of [1, 2, 3]) {
    assert.equal(has(cands, at(1, 5), digit), false, `${digit} left in r1c5`);
    assert.equal(has(cands, at(1, 6), digit), false, `${digit} left in r1c6`);
    assert.equal(has(cands, at(1, 1), digit), true, `${digit} gone from r1c1`);
    assert.equal(has(cands, at(3, 5), digit), true, `${digit} gone from r3c5`);
  }
});

test('a cage digit stays only when the other open cells can still make up the rest', () => {
  // {a, b, c} adds to 6, so holds 1, 2 and 3; {a, b, c, d} adds to 14, so d is 8. The four-cell
  // cage's digit sets alone ({1, 2, 3, 8}, {1, 2, 4, 7}, {1, 2, 5, 6}, {1, 3, 4, 6}, {2, 3, 4, 5})
  // leave d 1 to 8 and need no digit in all of them: only the others' own candidates rule out the rest.
  const [a, b, c, d] = [at(1, 1), at(1, 2), at(2, 1), at(9, 9)];
  const cands = rootCandidates([
    { kind: 'killer', cells: [a, b, c], sum: 6 },
    { kind: 'killer', cells: [a, b, c, d], sum: 14 },
  ]);
  assert.equal(cands[d], 1 << 7, `d holds ${cands[d]!.toString(2)}, not 8 alone`);
});

/** The candidates after the root propagation of one sum of digits that may repeat (a little killer's kind), with givens and cut-down cells. */
function sumRoot(cells: readonly number[], total: number, givens: ReadonlyArray<readonly [number, number]>, cuts: ReadonlyArray<readonly [number, number]>): Int32Array {
  const compiler = new Compiler(g9);
  for (const [cell, digit] of givens) compiler.give(cell, digit);
  for (const [cell, mask] of cuts) compiler.restrict(cell, mask);
  compiler.sum(cells, total);
  const state = new VariantState(compiler.build());
  state.queueAll();
  assert.equal(state.propagate(), true, 'the root propagation finds no contradiction');
  return state.cands;
}

const digits = (...ds: number[]): number => ds.reduce((m, d) => m | (1 << (d - 1)), 0);

test('a long sum with two cells left open keeps only the digits that pair up to the rest', () => {
  // The diagonal r1c5 … r5c1 adds to 31; 9, 8 and 7 are placed, so a + b = 7 with a of 1, 2, 5, 6
  // and b of 2, 3, 4, 6. By bounds a keeps 2 and b keeps 3 and 4; only 1 + 6 and 5 + 2 make 7.
  const [a, b] = [at(1, 5), at(3, 3)];
  const cands = sumRoot(
    [a, at(2, 4), b, at(4, 2), at(5, 1)],
    31,
    [
      [at(2, 4), 9],
      [at(4, 2), 8],
      [at(5, 1), 7],
    ],
    [
      [a, digits(1, 2, 5, 6)],
      [b, digits(2, 3, 4, 6)],
    ],
  );
  assert.equal(cands[a], digits(1, 5), `a holds ${cands[a]!.toString(2)}`);
  assert.equal(cands[b], digits(2, 6), `b holds ${cands[b]!.toString(2)}`);
});

test('the open cells of a long sum that see each other from different groups hold different digits', () => {
  // r1c1 and r2c2 share a box, r1c5 sees r1c1 only, r9c9 neither: the groups are {r1c1, r2c2},
  // {r1c5}, {r9c9}. With r2c2 and r9c9 placed at 9, r1c1 + r1c5 = 4 from 1, 2, 3: 2 + 2 would
  // repeat a digit in row 1, so 2 leaves both.
  const [p, s] = [at(1, 1), at(1, 5)];
  const cands = sumRoot(
    [p, at(2, 2), s, at(9, 9)],
    22,
    [
      [at(2, 2), 9],
      [at(9, 9), 9],
    ],
    [
      [p, digits(1, 2, 3)],
      [s, digits(1, 2, 3)],
    ],
  );
  assert.equal(cands[p], digits(1, 3), `r1c1 holds ${cands[p]!.toString(2)}`);
  assert.equal(cands[s], digits(1, 3), `r1c5 holds ${cands[s]!.toString(2)}`);
});

test('an arrow whose cells share a row needs two different digits: its circle is 3 or more', () => {
  // By bounds alone the circle r1c1 could be 2 (1 + 1); r1c2 and r1c3 share row 1, so the least they add is 1 + 2.
  const cands = rootCandidates([{ kind: 'arrow', circle: [at(1, 1)], arrow: [at(1, 2), at(1, 3)] }]);
  assert.equal(has(cands, at(1, 1), 1), false);
  assert.equal(has(cands, at(1, 1), 2), false, 'the circle keeps 2');
  assert.equal(has(cands, at(1, 1), 3), true);
});

/** A 9×9 model without constraints, with some cells' candidates cut down, propagated at the root. */
function restricted(cuts: ReadonlyArray<readonly [number, number]>): VariantState {
  const compiler = new Compiler(g9);
  for (const [cell, mask] of cuts) compiler.restrict(cell, mask);
  const state = new VariantState(compiler.build());
  state.queueAll();
  assert.equal(state.propagate(), true, 'the root propagation finds no contradiction');
  return state;
}

test('a failed propagation counts for the cell placed last before it failed, and decay halves the counts', () => {
  // r1c2 and r1c3 hold 1 or 2. Placing 1 in r1c1 leaves both with 2: r1c3, placed last, sends its
  // 2 to r1c2, which is left with nothing. That failure is r1c3's; r1c1 and r1c2 count none.
  const state = restricted([
    [at(1, 2), 0b11],
    [at(1, 3), 0b11],
  ]);
  const mark = state.mark;
  assert.equal(state.narrow(at(1, 1), 0b1) && state.propagate(), false);
  state.undo(mark);
  assert.deepEqual(
    [...state.failures.entries()].filter(([, f]) => f !== 0),
    [[at(1, 3), 1]],
  );
  // A propagation that holds counts nothing.
  assert.equal(state.narrow(at(1, 1), 0b100) && state.propagate(), true);
  state.undo(mark);
  assert.equal(state.failures[at(1, 3)], 1);
  state.decay();
  assert.equal(state.failures[at(1, 3)], 0.5);
});

test('the search learns where placements fail: a thermometer puzzle without givens is proved unique in under 20,000 nodes', () => {
  // "Bicycle race" (hard-thermos, the second vendored line): 54,720 nodes when each cell a wipe-out emptied (and each open
  // cell of a failed rule) took the blame, 9,695 with the failure counted for the cell placed last.
  const line = readFileSync(new URL('../../test/data/variants/solve-hard-thermos.txt', import.meta.url), 'utf8').split(/\r?\n/)[1]!;
  const read = parseVariant(line.trim().split(/\s+/)[0]!);
  assert.ok(read.ok);
  const result = solveVariant(read.puzzle, { limit: 2 });
  assert.equal(result.count, 1);
  assert.ok(result.stats.nodes < 20_000, `${result.stats.nodes} nodes`);
});

/** A little killer clue of `sum` along a diagonal of the 9×9 board, from its first cell to its last. */
function diagonal(first: number, step: number, count: number, sum: number): Constraint {
  const cells = Array.from({ length: count }, (_, i) => first + i * step);
  return { kind: 'little-killer', clue: 'R0C0', direction: step === 8 ? 'DL' : 'DR', cells, sum };
}

/** The datasets' "Zero solution: Little Killer": eight diagonals of 49 that no grid fills. */
const ZERO_SOLUTION: readonly Constraint[] = [
  diagonal(at(1, 9), 8, 9, 49),
  diagonal(at(1, 8), 8, 8, 49),
  diagonal(at(2, 9), 8, 8, 49),
  diagonal(at(3, 9), 8, 7, 49),
  diagonal(at(1, 3), 10, 7, 49),
  diagonal(at(1, 1), 10, 9, 49),
  diagonal(at(2, 1), 10, 8, 49),
  diagonal(at(3, 1), 10, 7, 49),
];

/** Compile little killer diagonals alone and check that exactly one propagator sums their union of `size` cells. */
function assertOneUnion(diagonals: readonly Constraint[], size: number): void {
  const compiler = new Compiler(g9);
  for (const c of diagonals) compileConstraint(c, g9, compiler, diagonals);
  const union = new Set(diagonals.flatMap((c) => (c.kind === 'little-killer' ? c.cells : [])));
  assert.equal(union.size, size);
  const combined = compiler.build().propagators.filter((p) => p.cells.length === size);
  assert.equal(combined.length, 1, `one sum over the ${size} cells`);
  assert.deepEqual(new Set(combined[0]!.cells), union);
}

test('four little killer diagonals side by side are added up into one sum of their 32 cells', () => {
  // The anti-diagonal and the three beside it add up to 196; in each box on the way they hold up
  // to 8 distinct digits, so the union's bounds are far tighter than the four diagonals' apart.
  assertOneUnion(ZERO_SOLUTION.slice(0, 4), 32);
});

test('the main diagonal and the four little killers beside it, less boxes 1, 5 and 9, leave twelve cells of known sum', () => {
  // "Hailstone"'s band: the diagonal adds to 45 and the killers to 49, 47, 30 and 45, 216 over 39 cells;
  // the three boxes inside take 135, so the twelve cells around them add to 81.
  const band: Constraint[] = [{ kind: 'diagonal', direction: 'negative' }, diagonal(at(2, 1), 10, 8, 49), diagonal(at(3, 1), 10, 7, 47), diagonal(at(1, 2), 10, 8, 30), diagonal(at(1, 3), 10, 7, 45)];
  const compiler = new Compiler(g9);
  for (const c of band) compileConstraint(c, g9, compiler, band);
  const box = (cell: number): number => Math.floor(cell / 27) * 3 + Math.floor((cell % 9) / 3);
  const expected = band.flatMap((c) => (c.kind === 'little-killer' ? c.cells : [])).filter((cell) => ![0, 4, 8].includes(box(cell)));
  assert.equal(expected.length, 12);
  const leftover = compiler.build().propagators.filter((p) => p.cells.length === 12 && expected.every((cell) => p.cells.includes(cell)));
  assert.equal(leftover.length, 1, 'one sum over the twelve cells');
});

test('the other four diagonals of 49 are added up too, though their union weighs little', () => {
  assertOneUnion(ZERO_SOLUTION.slice(4), 31);
});

test('the eight diagonals of 49 are proved to have no solution in under 20,000 nodes', () => {
  // Without the combined sums the search ran past 4,000,000 nodes in 20 s (bench:variants, 2026-11-27);
  // with only the anti-diagonals' union about 300,000; with both unions about 3,000 (2026-11-28).
  const puzzle: VariantPuzzle = { geometry: g9, givens: new Uint8Array(81), constraints: ZERO_SOLUTION };
  const result = solveVariant(puzzle, { limit: 2, timeLimitMs: 60_000 });
  assert.equal(result.timedOut, false);
  assert.equal(result.count, 0);
  assert.ok(result.stats.nodes < 20_000, `${result.stats.nodes} nodes`);
});
