/**
 * f-puzzles links (src/format/links.ts).
 *
 * Every f-puzzles string of the variants datasets (../shared/datasets/variants when present, else
 * the vendored lines in test/data/variants) gives its JSON back through extractFpuzzlesJson, the
 * same JSON lz-string decodes from it directly, whether pasted bare, as an f-puzzles link, inside
 * a SudokuPad link of each form, percent-encoded, with its `+` turned into spaces, or inside a
 * sentence; making the string again from the JSON gives the dataset's string. JSON → load string
 * → JSON is the identity (for made-up objects too); each failing step has its message; and
 * looksLikeVariantText tells links, load strings, JSON and ISS text from classic lines.
 */
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { test } from 'node:test';
import fc from 'fast-check';
import lzString from 'lz-string';
import { extractFpuzzlesJson, FPUZZLES_LOAD_URL, fpuzzlesLoadString, fpuzzlesUrl, looksLikeVariantText } from '../src/format/links.js';
import { HAS_SHARED, readDataset, SHARED_DATASETS, VENDORED_DATASETS } from './helpers.js';

const SHARED_VARIANTS = `${SHARED_DATASETS}variants/`;
const FULL_COPY = HAS_SHARED && existsSync(`${SHARED_VARIANTS}README.md`);
const VARIANTS = FULL_COPY ? SHARED_VARIANTS : `${VENDORED_DATASETS}variants/`;
/** The fewest f-puzzles strings each copy must hold: the datasets' 161 lines, or the 18 vendored ones. */
const LEAST = FULL_COPY ? 161 : 18;

function fpuzzlesLines(prefix: 'fpuzzles-' | 'iss-'): Array<{ file: string; line: string }> {
  const out: Array<{ file: string; line: string }> = [];
  for (const file of readdirSync(VARIANTS).filter((f) => f.startsWith(prefix) && f.endsWith('.txt'))) {
    for (const line of readFileSync(`${VARIANTS}${file}`, 'utf8').split('\n')) if (line !== '') out.push({ file, line });
  }
  return out;
}

function mustExtract(text: string): Record<string, unknown> {
  const r = extractFpuzzlesJson(text);
  if (!r.ok) assert.fail(`${JSON.stringify(text.slice(0, 90))}: ${r.error.message}`);
  return r.json;
}

function mustFail(text: string, ...mentions: string[]): string {
  const r = extractFpuzzlesJson(text);
  assert.equal(r.ok, false, `${JSON.stringify(text.slice(0, 90))} should give no JSON`);
  if (r.ok) return '';
  assert.equal(r.error.code, 'invalid');
  for (const m of mentions) assert.ok(r.error.message.includes(m), `${JSON.stringify(r.error.message)} should mention ${JSON.stringify(m)}`);
  return r.error.message;
}

/** Every way the tests wrap one load string: the forms users paste. */
function wrappings(s: string): Record<string, string> {
  const encoded = encodeURIComponent(s);
  return {
    bare: s,
    'bare, + as spaces': s.replace(/\+/g, ' '),
    'bare, percent-encoded': encoded,
    'fpuzzles prefix': `fpuzzles${s}`,
    'f-puzzles link': `https://www.f-puzzles.com/?load=${s}`,
    'f-puzzles link without https and www': `f-puzzles.com/?load=${s}`,
    'f-puzzles link, percent-encoded': `https://f-puzzles.com/?load=${encoded}`,
    'f-puzzles link, + as spaces': `https://f-puzzles.com/?load=${s.replace(/\+/g, ' ')}`,
    'f-puzzles link in a sentence': `Try this one: https://www.f-puzzles.com/?load=${s} (it is hard)`,
    'SudokuPad path': `https://sudokupad.app/fpuzzles${s}`,
    'SudokuPad path, fpuz': `https://sudokupad.app/fpuz${s}`,
    'SudokuPad ?puzzle=': `https://sudokupad.app/?puzzle=fpuzzles${s}`,
    'SudokuPad sudoku.html?puzzleid=, encoded': `https://beta.sudokupad.app/sudoku.html?puzzleid=fpuzzles${encoded}`,
    'SudokuPad path with a setting after': `https://sudokupad.app/fpuzzles${s}?setting-nogrid=1`,
    'CTC app path': `https://app.crackingthecryptic.com/sudoku/fpuzzles${s}`,
    'CTC app ?puzzleid=': `https://app.crackingthecryptic.com/sudoku/?puzzleid=fpuzzles${s}`,
    'sudokupad:// link': `sudokupad://puzzle/fpuzzles${s}`,
  };
}

test(`every f-puzzles string of the variants datasets gives its JSON, bare and in every link (${FULL_COPY ? 'whole files' : 'vendored samples'})`, () => {
  const lines = fpuzzlesLines('fpuzzles-');
  assert.ok(lines.length >= LEAST, `${lines.length} f-puzzles lines in ${VARIANTS}`);
  const perFile = new Map<string, number>();
  for (const { file, line } of lines) {
    const s = line.split(' ')[0]!;
    const expected = JSON.parse(lzString.decompressFromBase64(s)) as Record<string, unknown>;
    assert.equal(typeof expected.size, 'number', `${file}: size`);
    for (const [form, text] of Object.entries(wrappings(s))) assert.deepEqual(mustExtract(text), expected, `${file}, ${form}`);
    // the dataset line itself: the string, a space, the solution
    assert.deepEqual(mustExtract(line), expected, `${file}: the whole line`);
    const json = mustExtract(s);
    assert.equal((json.grid as unknown[]).length, json.size, `${file}: one grid row per row`);
    assert.equal(fpuzzlesLoadString(json), s, `${file}: the string made again from its JSON is the dataset's`);
    assert.equal(fpuzzlesUrl(json), FPUZZLES_LOAD_URL + s);
    perFile.set(file, (perFile.get(file) ?? 0) + 1);
  }
  // one f-puzzles line per ISS line, file by file
  for (const { file } of fpuzzlesLines('iss-')) {
    const twin = file.replace(/^iss-/, 'fpuzzles-');
    perFile.set(twin, (perFile.get(twin) ?? 0) - 1);
  }
  for (const [file, n] of perFile) assert.equal(n, 0, `${file} and its ISS twin have as many lines`);
});

test('JSON → load string → JSON gives the same JSON, and the link opens it', () => {
  const json = { size: 6, title: 'Ünïcode ✓ "quotes" & ?load=', grid: [[{ value: 1, given: true }, {}]], killercage: [{ cells: ['R1C1', 'R1C2'], value: '7' }] };
  const s = fpuzzlesLoadString(json);
  assert.match(s, /^[A-Za-z0-9+/=]+$/);
  assert.equal(s, lzString.compressToBase64(JSON.stringify(json)));
  assert.deepEqual(mustExtract(s), json);
  const url = fpuzzlesUrl(json);
  assert.ok(url.startsWith('https://www.f-puzzles.com/?load='), url);
  assert.doesNotMatch(url, /\s|&|#/, 'the link holds no character that would end the load string');
  assert.deepEqual(mustExtract(url), json);
  // The query copied with its key, as from an address bar.
  for (const query of [`?load=${s}`, `load=${s}`, `&load=${s}`]) assert.deepEqual(mustExtract(query), json, query);
  fc.assert(
    fc.property(fc.integer({ min: 4, max: 16 }), fc.string({ unit: 'grapheme' }), fc.array(fc.jsonValue(), { maxLength: 4 }), (size, title, extra) => {
      const made = { size, title, grid: Array.from({ length: size }, () => Array.from({ length: size }, () => ({}))), extra };
      const back = mustExtract(fpuzzlesUrl(made));
      // JSON has no -0: compare what JSON keeps
      assert.deepEqual(back, JSON.parse(JSON.stringify(made)));
    }),
    { numRuns: 60 },
  );
});

test('each failing step of extractFpuzzlesJson has its message', () => {
  // nothing we know
  mustFail('', 'empty');
  mustFail('  \n ', 'empty');
  mustFail('hello there!', 'expected f-puzzles JSON, an f-puzzles or SudokuPad link');
  mustFail('[1,2,3]', 'expected f-puzzles JSON');
  mustFail('4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......', 'expected f-puzzles JSON');
  // links that carry no f-puzzles data
  mustFail('https://sudokupad.app/psxczr0jpr', 'short id', '"psxczr0jpr"', "SudokuPad's server");
  mustFail('https://sudokupad.app/sclN4IgzglgXgpiBcBOANCA', "SudokuPad's own format (scl");
  mustFail('https://app.crackingthecryptic.com/sudoku/?puzzleid=ctcN4Ig', "SudokuPad's own format (ctc");
  mustFail('https://sudokupad.app/', 'names no puzzle');
  mustFail('https://f-puzzles.com/?id=2b5dwuy3', 'short link (?id=)', 'tinyurl');
  mustFail('https://www.f-puzzles.com/', 'carries no puzzle (no ?load=)');
  mustFail('https://www.f-puzzles.com/?load=', 'empty ?load=');
  // not LZ data
  mustFail('https://www.f-puzzles.com/?load=N4Ig%21zglgXgpiBcBOANCA', 'not LZ-String data', '"!" at position 5');
  mustFail('https://www.f-puzzles.com/?load=N4Ig*zglgXgpiBcBOANCA', 'not LZ-String data', 'gives nothing for "N4Ig"');
  mustFail('https://www.f-puzzles.com/?load=N4Ig%E0%A4%A', 'broken %-escape');
  mustFail('N4IgzglgXgpiBcBOANCA', 'not LZ-String data', 'decompressFromBase64 gives nothing');
  mustFail('https://sudokupad.app/fpuzzlesAAAA', 'not LZ-String data', 'after fpuzzles');
  // decompressed text that is no JSON, or JSON that is no f-puzzles object
  mustFail(lzString.compressToBase64('size 9, grid …'), 'decompresses to is not JSON', '"size 9, grid …"');
  mustFail(`https://f-puzzles.com/?load=${lzString.compressToBase64('[1,2]')}`, "the f-puzzles link's ?load= string decompresses to is JSON but not an object (an array)");
  mustFail(lzString.compressToBase64('{"size":9}'), 'without an array "grid"', 'keys: size');
  mustFail(lzString.compressToBase64('{"size":"9","grid":[]}'), 'without a number "size"');
  mustFail('{"grid": []}', 'the text is a JSON object without a number "size"');
  mustFail('{"size": 9, "grid": [', 'the text is not JSON');
  mustFail('{}', 'without a number "size" and an array "grid"', 'keys: none');
  for (const value of [null, undefined, 42, {}]) assert.equal(extractFpuzzlesJson(value as unknown as string).ok, false);
});

test('looksLikeVariantText tells links, load strings, JSON and ISS text from classic puzzles', () => {
  const s = fpuzzlesLoadString({ size: 9, grid: [] });
  const variant = [
    `https://www.f-puzzles.com/?load=${s}`,
    `f-puzzles.com/?load=${s}`,
    `https://sudokupad.app/fpuzzles${s}`,
    'https://sudokupad.app/psxczr0jpr',
    `https://app.crackingthecryptic.com/sudoku/?puzzleid=fpuzzles${s}`,
    `sudokupad://puzzle/fpuzzles${s}`,
    `Puzzle of the day: https://sudokupad.app/fpuzzles${s}`,
    s,
    encodeURIComponent(s),
    `fpuzzles${s}`,
    `?load=${s}`,
    `load=${s}`,
    '{"size":9,"grid":[]}',
    '  {',
    '.~R1C1_5',
    '.Cage~10~R1C1~R1C2',
    '.AntiKnight.AntiKing',
    '.X~R1C1~R1C2',
    '.Shape~6x6.~R1C1_1',
    '.Skyscraper~3~R1',
    // a misspelt or unknown ISS type before its ~: the ISS reader names it
    '.cage~10~R1C1~R1C2',
    '.Foo~1',
    // a first word too short for a board, then a link
    `1. https://www.f-puzzles.com/?load=${s}`,
    `Link https://example.com/ https://www.f-puzzles.com/?load=${s}`,
    `Check this: https://sudokupad.app/fpuzzles${s}`,
  ];
  for (const text of variant) assert.equal(looksLikeVariantText(text), true, JSON.stringify(text));
  const classic = [
    '4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......',
    '.................85.7.1..2...........3...6.....9..523..6...3.1...18...54.4.69...7',
    '...44.3..4...241',
    `.X.${'.'.repeat(1293)}`,
    `.V.${'0'.repeat(1293)} Cage~10`,
    `4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4...... see https://f-puzzles.com/?load=${s}`,
    '4 . . |. . . |8 . 5',
    '------+------+------',
    '╔═══╤═══╗',
    '[[0,4,8,0],[0,0,0,0]]',
    '.Foo',
    '1. see the puzzle below',
    '',
    '   ',
  ];
  for (const text of classic) assert.equal(looksLikeVariantText(text), false, JSON.stringify(text));
  // every classic dataset line stays classic, every variants dataset line is variant
  for (const name of ['norvig-top95.txt', 'subig20.txt', 'article-examples.txt']) {
    for (const line of readDataset(name).puzzles) assert.equal(looksLikeVariantText(line), false, `${name}: ${line}`);
  }
  for (const { file, line } of [...fpuzzlesLines('fpuzzles-'), ...fpuzzlesLines('iss-')]) assert.equal(looksLikeVariantText(line), true, `${file}: ${line.slice(0, 60)}`);
});
