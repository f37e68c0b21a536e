import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { geometry, type Geometry } from '../src/geometry.js';
import { makeGrid, makeJson, makeLine, makePretty, OUTPUT_FORMATS } from '../src/format/make.js';
import { parseBoxShape, parsePuzzle } from '../src/format/parse.js';
import { BOX_SHAPES, randomPuzzle, seededRandom } from './helpers.js';

const NORVIG1 = '4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......';

const ACCEPTED: Array<{ name: string; text: string; box?: string; expect: string }> = [
  { name: 'one line with dots', text: NORVIG1, expect: NORVIG1 },
  { name: 'one line with zeros', text: NORVIG1.replaceAll('.', '0'), expect: NORVIG1 },
  { name: 'surrounding white space and CRLF', text: `  ${NORVIG1}\r\n`, expect: NORVIG1 },
  {
    name: 'Norvig grid with | and - separators',
    text: `4 . . |. . . |8 . 5
. 3 . |. . . |. . .
. . . |7 . . |. . .
------+------+------
. 2 . |. . . |. 6 .
. . . |. 8 . |4 . .
. . . |. 1 . |. . .
------+------+------
. . . |6 . 3 |. 7 .
5 . . |2 . . |. . .
1 . 4 |. . . |. . .`,
    expect: NORVIG1,
  },
  {
    name: 'box-drawing characters',
    text: `╔═══╤═══╗\n║4..│...║8.5\n${NORVIG1.slice(9).match(/.{9}/g)!.join('\n')}\n╚═══╧═══╝`,
    expect: NORVIG1,
  },
  {
    name: 'JSON rows, 0 for empty',
    text: JSON.stringify(NORVIG1.match(/.{9}/g)!.map((row) => [...row].map((c) => (c === '.' ? 0 : Number(c))))),
    expect: NORVIG1,
  },
  { name: 'JSON flat array of 16', text: '[0,0,0,4,4,0,3,0,0,4,0,0,0,2,4,1]', expect: '...44.3..4...241' },
  { name: '4x4 line', text: '...44.3..4...241', expect: '...44.3..4...241' },
  { name: '6x6 with --box 2x3', text: `1.....${'.'.repeat(30)}`, box: '2x3', expect: `1${'.'.repeat(35)}` },
  { name: '16x16 letters as digits', text: `G${'.'.repeat(255)}`, expect: `G${'.'.repeat(255)}` },
];

for (const c of ACCEPTED) {
  test(`parse accepts: ${c.name}`, () => {
    const result = parsePuzzle(c.text, c.box === undefined ? {} : { box: c.box });
    assert.ok(result.ok, result.ok ? '' : result.error.message);
    assert.equal(makeLine(result.puzzle.geometry, result.puzzle.givens), c.expect);
  });
}

const REJECTED: Array<{ name: string; text: string; box?: string; code: string; message: RegExp }> = [
  { name: '80 cells', text: NORVIG1.slice(1), code: 'length', message: /counted 80 cells in "\.\.\.\.\.8\.5/ },
  { name: 'empty input', text: '  \n', code: 'length', message: /empty/ },
  { name: 'a stray letter', text: `${NORVIG1.slice(0, 10)}x${NORVIG1.slice(11)}`, code: 'character', message: /unexpected character "x" at position 11/ },
  { name: 'stray letter on line 2 of a grid', text: '4.....8.5\n.3..?....\n', code: 'character', message: /"\?" at line 2, column 5/ },
  { name: 'a letter digit on a 9x9 board', text: `A${NORVIG1.slice(1)}`, code: 'character', message: /"A" at position 1 is not a digit of a 9x9 board \(digits are 1-9\)/ },
  { name: 'digit twice in a row', text: `44${NORVIG1.slice(2)}`, code: 'duplicate-given', message: /digit 4 twice in row 1 \(r1c1, r1c2\)/ },
  { name: 'digit twice in a column', text: `4${'.'.repeat(8)}4${NORVIG1.slice(10)}`, code: 'duplicate-given', message: /digit 4 twice in column 1 \(r1c1, r2c1\)/ },
  { name: '6x6 without a box shape', text: '.'.repeat(36), code: 'geometry', message: /6x6 board whose boxes could be 2x3 or 3x2; say which with the box option \(for example \{ box: '2x3' \}\)$/ },
  { name: 'box shape that does not fit the count', text: NORVIG1, box: '2x3', code: 'length', message: /expected 36 cells for a 6x6 \(2x3 boxes\) board, counted 81/ },
  { name: 'impossible box shape', text: NORVIG1, box: '1x9', code: 'geometry', message: /too thin/ },
  { name: 'malformed JSON', text: '[[1,2],[3', code: 'character', message: /not valid JSON/ },
  { name: 'ragged JSON rows', text: '[[0,0,0,0],[0,0,0],[0,0,0,0],[0,0,0,0]]', code: 'length', message: /JSON row 2 has 3 entries, expected 4/ },
  { name: 'JSON digit out of range', text: '[[0,0,0,0],[0,5,0,0],[0,0,0,0],[0,0,0,0]]', code: 'character', message: /row 2, column 2 is 5; expected 0 \(empty\) or a digit 1-4/ },
  { name: '7x7 has no box shape', text: '.'.repeat(49), code: 'geometry', message: /no box shape divides 7/ },
  { name: 'too big', text: '.'.repeat(50 * 50), code: 'length', message: /n from 4 to 49/ },
];

for (const c of REJECTED) {
  test(`parse rejects: ${c.name}`, () => {
    const result = parsePuzzle(c.text, c.box === undefined ? {} : { box: c.box });
    assert.equal(result.ok, false);
    if (result.ok) return;
    assert.equal(result.error.code, c.code);
    assert.match(result.error.message, c.message);
  });
}

test('box shapes parse from RxC text', () => {
  const ok = parseBoxShape('3x4');
  assert.ok(ok.ok && ok.geometry.size === 12);
  const bad = parseBoxShape('three');
  assert.ok(!bad.ok && /expected ROWSxCOLS/.test(bad.message));
});

test('pretty grid looks like the essay and parses back', () => {
  const g = geometry(3, 3);
  const parsed = parsePuzzle(NORVIG1);
  assert.ok(parsed.ok);
  const pretty = makePretty(g, parsed.puzzle.givens);
  assert.equal(pretty.split('\n')[0], '+-------+-------+-------+');
  assert.equal(pretty.split('\n')[1], '| 4 . . | . . . | 8 . 5 |');
  assert.equal(pretty.split('\n').length, 13);
  const again = parsePuzzle(pretty);
  assert.ok(again.ok);
  assert.deepEqual(again.puzzle.givens, parsed.puzzle.givens);
  assert.match(makeJson(g, parsed.puzzle.givens), /^\[\[4,0,0,0,0,0,8,0,5\],\[0,3,/);
});

test('a drawn grid shows its box shape: 6x6 and 12x12 pretty grids read back without --box', () => {
  for (const [r, c] of [
    [2, 3],
    [3, 2],
    [3, 4],
    [4, 3],
    [2, 4],
  ] as const) {
    const g = geometry(r, c);
    const { puzzle } = randomPuzzle(g, seededRandom(r * 10 + c), 0.5);
    const back = parsePuzzle(makePretty(g, puzzle.givens));
    assert.ok(back.ok, back.ok ? '' : back.error.message);
    assert.equal(back.puzzle.geometry, g);
    assert.deepEqual(back.puzzle.givens, puzzle.givens);
  }
  // Separators that disagree with each other prove nothing: the shape must be given.
  const ragged = parsePuzzle(`1 2 | 3 4 5 6\n${'. . . | . . .\n'.repeat(5)}`);
  assert.ok(!ragged.ok && ragged.error.code === 'geometry');
});

function gridOf(g: Geometry) {
  // Random partial grids of digits (not necessarily solvable): parse → make → parse must keep them.
  return fc.array(fc.integer({ min: 0, max: g.size }), { minLength: g.cellCount, maxLength: g.cellCount });
}

test('property: make → parse round trips in every format and size (conflict-free grids)', () => {
  for (const [r, c] of BOX_SHAPES) {
    const g = geometry(r, c);
    const box = `${r}x${c}`;
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 - 1 }), fc.double({ min: 0, max: 1, noNaN: true }), fc.constantFrom(...OUTPUT_FORMATS), (seed, keep, format) => {
        const { puzzle } = randomPuzzle(g, seededRandom(seed), keep);
        const text = makeGrid(g, puzzle.givens, format);
        const back = parsePuzzle(text, { box });
        assert.ok(back.ok, back.ok ? '' : back.error.message);
        assert.deepEqual(back.puzzle.givens, puzzle.givens);
        assert.equal(back.puzzle.geometry, g);
      }),
      { numRuns: 25 },
    );
  }
});

test('property: any grid of digits either parses to itself or names the clash', () => {
  for (const [r, c] of BOX_SHAPES.slice(0, 4)) {
    const g = geometry(r, c);
    fc.assert(
      fc.property(gridOf(g), (cells) => {
        const text = makeLine(g, cells);
        const back = parsePuzzle(text, { box: `${r}x${c}` });
        if (back.ok) assert.equal(makeLine(g, back.puzzle.givens), text);
        else {
          assert.equal(back.error.code, 'duplicate-given');
          assert.match(back.error.message, /twice|times/);
        }
      }),
      { numRuns: 200 },
    );
  }
});
