import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parsePuzzle } from '../src/format/parse.js';
import { makePretty } from '../src/format/make.js';
import { splitPuzzles } from '../src/format/records.js';
import { geometry } from '../src/geometry.js';

const P1 = '4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......';
const P2 = '52...6.........7.13...........4..8..6......5...........418.........3..2...87.....';

test('one puzzle per line; comments, blank lines and trailing notes', () => {
  const records = splitPuzzles(`# a comment\n${P1}\n\n${P2} 3.4\r\n   \n${P1}\tnorvig puzzle 1\n`);
  assert.deepEqual(records, [
    { line: 2, text: P1, note: '' },
    { line: 4, text: P2, note: '3.4' },
    { line: 6, text: P1, note: 'norvig puzzle 1' },
  ]);
});

test('pretty grids spread over lines are gathered, rule lines and all', () => {
  const g = geometry(3, 3);
  const parsed = parsePuzzle(P1);
  assert.ok(parsed.ok);
  const pretty = makePretty(g, parsed.puzzle.givens);
  const records = splitPuzzles(`${pretty}\n${P2}\n\n${pretty}\n`);
  assert.equal(records.length, 3);
  assert.deepEqual(
    records.map((r) => r.line),
    [1, 14, 16],
  );
  for (const r of records) assert.ok(parsePuzzle(r.text).ok, r.text);
  assert.equal(records[1]!.text, P2);
});

test('rows without separators: 9 lines of 9 cells make one puzzle', () => {
  const rows = P1.match(/.{9}/g)!.join('\n');
  const records = splitPuzzles(`${rows}\n${rows}\n`);
  assert.equal(records.length, 2);
  assert.equal(records[1]!.line, 10);
});

test('multi-line JSON is gathered until the brackets balance', () => {
  const records = splitPuzzles('[[0,0,0,4],\n [4,0,3,0],\n [0,4,0,0],\n [0,2,4,1]]\n[[1,0,0,0],[0,0,0,0],[0,0,0,0],[0,0,0,0]]\n');
  assert.equal(records.length, 2);
  assert.deepEqual(
    records.map((r) => r.line),
    [1, 5],
  );
  assert.ok(parsePuzzle(records[0]!.text).ok);
});

test('a bad line stays one record, so its neighbours are still answered', () => {
  const records = splitPuzzles(`${P1}\n${P1.slice(1)}\n${P2}\nhello world\n${P2}\n`);
  assert.deepEqual(
    records.map((r) => r.line),
    [1, 2, 3, 4, 5],
  );
  const parsed = records.map((r) => parsePuzzle(r.text));
  assert.deepEqual(
    parsed.map((p) => (p.ok ? 'ok' : p.error.code)),
    ['ok', 'length', 'ok', 'character', 'ok'],
  );
});

test('an unfinished grid ends at a blank line and fails alone', () => {
  const rows = P1.match(/.{9}/g)!;
  const records = splitPuzzles(`${rows.slice(0, 5).join('\n')}\n\n${P2}\n`);
  assert.equal(records.length, 2);
  const first = parsePuzzle(records[0]!.text);
  assert.ok(!first.ok && first.error.code === 'length' && /counted 45 cells/.test(first.error.message));
  assert.equal(records[1]!.text, P2);
});

test('with a known side, 6-cell rows make a 6x6 grid', () => {
  const records = splitPuzzles('1 2 3 | 4 5 6\n. . . | . . .\n\n. . . | . . .\n. . . | . . .\n. . . | . . .\n. . . | . . .\n', { side: 6 });
  assert.equal(records.length, 2);
  const records2 = splitPuzzles('12.... \n......\n......\n......\n......\n......\n', { side: 6 });
  assert.equal(records2.length, 1);
  assert.ok(parsePuzzle(records2[0]!.text, { box: '2x3' }).ok);
});
