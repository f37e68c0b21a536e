import assert from 'node:assert/strict';
import { test } from 'node:test';
import { geometry } from '../src/geometry.js';
import { countGivens, createPuzzle, describeConflict, findConflicts, hasConflicts, isSolution } from '../src/puzzle.js';

const g = geometry(3, 3);
const SOLUTION = [...'417369825632158947958724316825437169791586432346912758289643571573291684164875293'].map(Number);
const PUZZLE = [...'4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......'].map((c) => (c === '.' ? 0 : Number(c)));

test('isSolution accepts the solution and rejects every kind of wrong grid', () => {
  const puzzle = createPuzzle(g, PUZZLE);
  assert.equal(isSolution(puzzle, SOLUTION), true);
  const swapped = [...SOLUTION];
  [swapped[0], swapped[1]] = [swapped[1]!, swapped[0]!];
  assert.equal(isSolution(puzzle, swapped), false, 'breaks a given and a column');
  const incomplete = [...SOLUTION];
  incomplete[80] = 0;
  assert.equal(isSolution(puzzle, incomplete), false, 'an empty cell');
  assert.equal(isSolution(puzzle, SOLUTION.slice(1)), false, 'wrong length');
  // A valid grid that does not keep the givens: relabel digits 1 and 2 everywhere.
  const relabelled = SOLUTION.map((d) => (d === 1 ? 2 : d === 2 ? 1 : d));
  assert.equal(isSolution(createPuzzle(g, new Uint8Array(81)), relabelled), true);
  assert.equal(isSolution(puzzle, relabelled), false);
  // Every row a permutation but columns clash.
  const rowsOnly = Array.from({ length: 81 }, (_, i) => (i % 9) + 1);
  assert.equal(isSolution(createPuzzle(g, new Uint8Array(81)), rowsOnly), false);
});

test('findConflicts names every clash by unit, digit and cells', () => {
  const grid = new Uint8Array(81);
  grid[0] = 5;
  grid[8] = 5; // row 1
  grid[72] = 5; // column 1 with r1c1
  grid[10] = 5; // box 1 with r1c1, and row 2 alone
  const conflicts = findConflicts(g, grid);
  assert.deepEqual(
    conflicts.map((c) => describeConflict(g, c)),
    ['digit 5 twice in row 1 (r1c1, r1c9)', 'digit 5 twice in column 1 (r1c1, r9c1)', 'digit 5 twice in box 1 (r1c1, r2c2)'],
  );
  assert.equal(hasConflicts(g, grid), true);
  assert.equal(hasConflicts(g, PUZZLE), false);
  assert.equal(findConflicts(g, SOLUTION).length, 0);
  const triple = new Uint8Array(81);
  triple[0] = triple[1] = triple[2] = 7;
  assert.equal(describeConflict(g, findConflicts(g, triple)[0]!), 'digit 7 3 times in row 1 (r1c1, r1c2, r1c3)');
});

test('conflicts on rectangular boxes and big boards', () => {
  const six = geometry(2, 3);
  const grid = new Uint8Array(36);
  grid[0] = 1;
  grid[8] = 1; // r2c3: same 2x3 box as r1c1
  assert.deepEqual(
    findConflicts(six, grid).map((c) => c.kind),
    ['box'],
  );
  grid[8] = 0;
  grid[6 * 2 + 1] = 1; // r3c2: another box (rows 3-4), different row and column
  assert.equal(hasConflicts(six, grid), false);
  const big = geometry(7, 7);
  const g49 = new Uint8Array(big.cellCount);
  g49[0] = 49;
  g49[48] = 49;
  assert.equal(hasConflicts(big, g49), true);
  assert.equal(countGivens(g49), 2);
});

test('createPuzzle checks the number of cells', () => {
  assert.throws(() => createPuzzle(g, [1, 2, 3]), /expected 81 givens for a 9x9 board, got 3/);
});
