import assert from 'node:assert/strict';
import { test } from 'node:test';
import { boxShapesOf, cellName, checkBoxShape, describeUnit, DIGIT_ALPHABET, geometry, geometryName, MAX_SIZE, squareGeometry } from '../src/geometry.js';

test('9x9: 81 cells, 27 units, every cell in 3 units with 20 peers', () => {
  const g = geometry(3, 3);
  assert.equal(g.cellCount, 81);
  assert.equal(g.units.length, 27);
  for (let cell = 0; cell < 81; cell++) {
    assert.equal(g.unitsOf[cell]!.length, 3);
    assert.equal(g.peers[cell]!.length, 20);
    for (const u of g.unitsOf[cell]!) assert.ok(g.units[u]!.includes(cell));
  }
  // Norvig's check: the peers of C2 (r3c2).
  const c2 = 2 * 9 + 1;
  assert.deepEqual(
    [...g.peers[c2]!].map((c) => cellName(g, c)).sort(),
    ['r1c1', 'r1c2', 'r1c3', 'r2c1', 'r2c2', 'r2c3', 'r3c1', 'r3c3', 'r3c4', 'r3c5', 'r3c6', 'r3c7', 'r3c8', 'r3c9', 'r4c2', 'r5c2', 'r6c2', 'r7c2', 'r8c2', 'r9c2'].sort(),
  );
});

test('every box shape from 4x4 to 49x49: units partition the board, peers are derived', () => {
  for (let size = 4; size <= MAX_SIZE; size++) {
    for (const [r, c] of boxShapesOf(size)) {
      const g = geometry(r, c);
      assert.equal(g.size, size);
      assert.equal(g.units.length, 3 * size, geometryName(g));
      for (const unit of g.units) assert.equal(new Set(unit).size, size);
      const expectedPeers = 3 * (size - 1) - (r - 1) - (c - 1);
      for (let cell = 0; cell < g.cellCount; cell += 7) assert.equal(g.peers[cell]!.length, expectedPeers, `${geometryName(g)} cell ${cell}`);
      // Each box is boxRows consecutive rows by boxCols consecutive columns.
      const box0 = [...g.units[2 * size]!];
      assert.deepEqual(
        box0,
        Array.from({ length: size }, (_, i) => Math.floor(i / c) * size + (i % c)),
      );
      assert.equal(g.digits, DIGIT_ALPHABET.slice(0, size));
    }
  }
});

test('geometries are cached: one object per box shape', () => {
  assert.equal(geometry(2, 3), geometry(2, 3));
  assert.notEqual(geometry(2, 3), geometry(3, 2));
  assert.equal(squareGeometry(16), geometry(4, 4));
  assert.equal(squareGeometry(12), undefined);
});

test('impossible box shapes are refused with a reason', () => {
  assert.match(checkBoxShape(1, 9) ?? '', /too thin/);
  assert.match(checkBoxShape(5, 10) ?? '', /largest is 49x49/);
  assert.throws(() => geometry(8, 8), /Invalid geometry: box shape 8x8 makes a 64x64 board/);
  assert.deepEqual(boxShapesOf(12), [
    [2, 6],
    [3, 4],
    [4, 3],
    [6, 2],
  ]);
  assert.deepEqual(boxShapesOf(7), []);
});

test('units and cells are named the standard way', () => {
  const g = geometry(3, 3);
  assert.deepEqual(describeUnit(g, 0), { kind: 'row', number: 1 });
  assert.deepEqual(describeUnit(g, 9 + 4), { kind: 'column', number: 5 });
  assert.deepEqual(describeUnit(g, 18 + 8), { kind: 'box', number: 9 });
  assert.equal(cellName(g, 4 * 9 + 5), 'r5c6');
  assert.equal(geometryName(geometry(2, 3)), '6x6 (2x3 boxes)');
});
