/**
 * The variant renderer (src/render/variant.ts): every constraint kind draws without throwing and
 * as one element of its class, shapes land where the cells are (cage outlines inset inside their
 * cells, lines through cell centres, region borders exactly where regions differ), the margin for
 * outside clues appears only when a clue needs it, global rules are listed, and text is escaped.
 * Puzzles are built by hand from plain data, as a parser would hand them over.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ConstraintKindName, ConstraintOf, Constraint } from '../src/constraints/types.js';
import { SudokitError } from '../src/errors.js';
import { type Geometry, geometry, jigsawGeometry } from '../src/geometry.js';
import { diagonalFrom } from '../src/constraints/littleKiller.js';
import { renderVariantSvg } from '../src/render/variant.js';
import type { VariantPuzzle } from '../src/variant/puzzle.js';
import { checkWellFormed } from './xml.js';

const g9 = geometry(3, 3);
const at = (row: number, col: number) => row * 9 + col;
const count = (svg: string, pattern: RegExp) => (svg.match(new RegExp(pattern.source, 'g')) ?? []).length;
const puzzle = (constraints: readonly Constraint[], extra: Partial<VariantPuzzle> = {}): VariantPuzzle => ({ geometry: g9, givens: new Uint8Array(81), constraints, ...extra });

// 40 px cells: thick lines are max(2, round(40 × 0.06)) = 2 px, and the picture has a 2 px pad.
const CELL = 40;
const PAD = 2;
const cellLeft = (col: number, margin = 0) => PAD + margin + col * CELL;

/** One example of every kind: a kind added to the model and missing here does not compile. */
const EXAMPLES: { readonly [K in ConstraintKindName]: ConstraintOf<K> } = {
  killer: { kind: 'killer', cells: [at(0, 0), at(0, 1), at(1, 0)], sum: 12 },
  arrow: { kind: 'arrow', circle: [at(2, 2)], arrow: [at(3, 3), at(4, 4)] },
  thermo: { kind: 'thermo', cells: [at(5, 0), at(4, 0), at(3, 0)] },
  'slow-thermo': { kind: 'slow-thermo', cells: [at(5, 8), at(4, 8), at(3, 8)] },
  'little-killer': { kind: 'little-killer', clue: 'R0C3', direction: 'DR', cells: [at(0, 2), at(1, 3), at(2, 4)], sum: 17 },
  sandwich: { kind: 'sandwich', line: 'row', index: 4, sum: 23 },
  'white-dot': { kind: 'white-dot', cells: [at(6, 0), at(6, 1)] },
  'black-dot': { kind: 'black-dot', cells: [at(7, 0), at(7, 1)] },
  xv: { kind: 'xv', cells: [at(8, 0), at(8, 1)], sum: 10 },
  'negative-black': { kind: 'negative-black' },
  'negative-xv': { kind: 'negative-xv' },
  'non-consecutive': { kind: 'non-consecutive' },
  odd: { kind: 'odd', cell: at(8, 8) },
  even: { kind: 'even', cell: at(8, 7) },
  'anti-knight': { kind: 'anti-knight' },
  'anti-king': { kind: 'anti-king' },
  diagonal: { kind: 'diagonal', direction: 'positive' },
  'extra-region': { kind: 'extra-region', cells: [at(1, 5), at(1, 6), at(2, 5), at(2, 6)] },
  'disjoint-groups': { kind: 'disjoint-groups' },
  palindrome: { kind: 'palindrome', cells: [at(6, 3), at(6, 4), at(6, 5)] },
  renban: { kind: 'renban', cells: [at(7, 3), at(7, 4), at(8, 5)] },
  whispers: { kind: 'whispers', cells: [at(5, 3), at(5, 4), at(5, 5)], difference: 5 },
  between: { kind: 'between', cells: [at(0, 6), at(0, 7), at(1, 8)] },
};
const GLOBAL_CAPTIONS: Partial<Record<ConstraintKindName, string>> = {
  'anti-knight': 'anti-knight',
  'anti-king': 'anti-king',
  'disjoint-groups': 'disjoint groups',
  'non-consecutive': 'non-consecutive',
  'negative-black': 'negative black dots',
  'negative-xv': 'negative XV',
};

/** The points of a path's `d` (M and L commands only). */
const points = (d: string) => [...d.matchAll(/[ML]([-\d.]+) ([-\d.]+)/g)].map((m) => [Number(m[1]), Number(m[2])] as const);
/** The `d` of the first path inside the first element of this class. */
const pathOf = (svg: string, kind: string) => {
  const m = new RegExp(`<g class="${kind}"[^>]*><path d="([^"]+)"`).exec(svg);
  assert.ok(m, `no ${kind} path`);
  return m[1]!;
};
const sizeOf = (svg: string) => {
  const m = /<svg [^>]*width="([\d.]+)" height="([\d.]+)"/.exec(svg);
  assert.ok(m);
  return { width: Number(m[1]), height: Number(m[2]) };
};

for (const [kind, example] of Object.entries(EXAMPLES) as [ConstraintKindName, Constraint][]) {
  test(`${kind}: drawn alone as well-formed SVG, as one element of class "${kind}" or one caption entry`, () => {
    const svg = renderVariantSvg(puzzle([example]), { cellSize: CELL });
    checkWellFormed(svg);
    const caption = GLOBAL_CAPTIONS[kind];
    if (caption) {
      assert.equal(count(svg, new RegExp(`class="${kind}"`)), 0);
      assert.match(svg, new RegExp(`<text class="rules"[^>]*>${caption}</text>`));
    } else {
      assert.equal(count(svg, new RegExp(`class="${kind}"`)), 1);
      assert.equal(count(svg, /class="rules"/), 0, 'no caption without a global rule');
    }
  });
}

test('every kind at once: one element per drawn constraint, all global rules in the caption, joined by middle dots', () => {
  const all = Object.values(EXAMPLES) as Constraint[];
  const svg = renderVariantSvg(puzzle(all), { cellSize: CELL });
  checkWellFormed(svg);
  for (const c of all) assert.equal(count(svg, new RegExp(`class="${c.kind}"`)), GLOBAL_CAPTIONS[c.kind] ? 0 : 1, c.kind);
  const caption = [...svg.matchAll(/<text class="rules"[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]).join(' · ');
  assert.equal(caption, 'negative black dots · negative XV · non-consecutive · anti-knight · anti-king · disjoint groups');
});

test('counts: one cage, dot, letter and line element per constraint', () => {
  const svg = renderVariantSvg(
    puzzle([
      { kind: 'killer', cells: [at(0, 0), at(0, 1)], sum: 3 },
      { kind: 'killer', cells: [at(4, 4)], sum: 5 },
      { kind: 'killer', cells: [at(8, 7), at(8, 8), at(7, 8)] },
      { kind: 'white-dot', cells: [at(1, 0), at(1, 1)] },
      { kind: 'white-dot', cells: [at(2, 0), at(2, 1)] },
      { kind: 'black-dot', cells: [at(3, 0), at(4, 0)] },
      { kind: 'xv', cells: [at(5, 5), at(5, 6)], sum: 5 },
      { kind: 'xv', cells: [at(6, 5), at(6, 6)], sum: 10 },
      { kind: 'thermo', cells: [at(2, 3), at(2, 4)] },
      { kind: 'thermo', cells: [at(3, 3), at(3, 4)] },
      { kind: 'renban', cells: [at(7, 0), at(7, 1), at(7, 2)] },
      { kind: 'odd', cell: at(0, 8) },
      { kind: 'even', cell: at(1, 8) },
      { kind: 'even', cell: at(2, 8) },
    ]),
    { cellSize: CELL },
  );
  checkWellFormed(svg);
  assert.equal(count(svg, /<g class="killer"/), 3);
  assert.equal(count(svg, /<circle class="white-dot"/), 2);
  assert.equal(count(svg, /<circle class="black-dot"/), 1);
  assert.deepEqual(
    [...svg.matchAll(/<text class="xv"[^>]*>([XV])<\/text>/g)].map((m) => m[1]),
    ['V', 'X'],
  );
  assert.equal(count(svg, /<g class="thermo"/), 2);
  assert.equal(count(svg, /<g class="renban"/), 1);
  assert.equal(count(svg, /<circle class="odd"/), 1);
  assert.equal(count(svg, /<rect class="even"/), 2);
  // The sums of the cages that have one, and none for the cage without.
  assert.deepEqual(
    [...svg.matchAll(/<text class="killer-sum"[^>]*>(\d+)<\/text>/g)].map((m) => m[1]),
    ['3', '5'],
  );
});

test('a cage sum sits in the top-left cell of its cage, and its outline is inset inside its cells', () => {
  // An L: r2c4, r3c4, r3c3 (from 0). Its top-left cell, first in reading order, is r2c4.
  const cells = [at(3, 3), at(3, 4), at(2, 4)];
  const svg = renderVariantSvg(puzzle([{ kind: 'killer', cells, sum: 14 }]), { cellSize: CELL });
  const sum = /<text class="killer-sum" x="([\d.]+)" y="([\d.]+)"[^>]*>14<\/text>/.exec(svg);
  assert.ok(sum, 'the sum is drawn');
  const [sx, sy] = [Number(sum[1]), Number(sum[2])];
  assert.ok(sx > cellLeft(4) && sx < cellLeft(4) + CELL / 2 && sy > cellLeft(2) && sy < cellLeft(2) + CELL / 2, `sum at ${sx},${sy} is in the top-left quarter of r2c4`);
  const corners = points(pathOf(svg, 'killer'));
  assert.equal(corners.length, 6, 'an L has six corners');
  for (const [px, py] of corners) {
    const col = Math.floor((px - PAD) / CELL);
    const row = Math.floor((py - PAD) / CELL);
    assert.ok(cells.includes(at(row, col)), `corner ${px},${py} lies in a cage cell`);
    const inset = Math.min(px - cellLeft(col), cellLeft(col + 1) - px, py - cellLeft(row), cellLeft(row + 1) - py);
    assert.ok(inset > 1, `corner ${px},${py} is inset from the cell edges`);
  }
});

test('cage outlines: cells touching only at a corner keep separate loops, a cage around a hole has an inner loop', () => {
  const loops = (cells: number[]) => count(pathOf(renderVariantSvg(puzzle([{ kind: 'killer', cells }]), { cellSize: CELL }), 'killer'), /Z/);
  assert.equal(loops([at(0, 0)]), 1);
  assert.equal(loops([at(0, 0), at(1, 1)]), 2);
  assert.equal(loops([at(0, 1), at(1, 0)]), 2);
  const ring = [at(0, 0), at(0, 1), at(0, 2), at(1, 0), at(1, 2), at(2, 0), at(2, 1), at(2, 2)];
  assert.equal(loops(ring), 2);
});

test('lines run from cell centre to cell centre with rounded joins; a thermometer has its bulb on the first cell', () => {
  const cells = [at(1, 1), at(2, 2), at(2, 3)];
  const centre = (i: number) => [cellLeft(i % 9) + CELL / 2, cellLeft(Math.floor(i / 9)) + CELL / 2];
  for (const kind of ['thermo', 'slow-thermo', 'palindrome', 'renban', 'between'] as const) {
    const svg = renderVariantSvg(puzzle([{ kind, cells }]), { cellSize: CELL });
    const group = new RegExp(`<g class="${kind}">.*</g>`).exec(svg)![0];
    const line = /<path d="([^"]+)"[^>]*stroke-linejoin="round"/.exec(group);
    assert.ok(line, `${kind} has a line with rounded joins`);
    assert.deepEqual(points(line[1]!), cells.map(centre), kind);
  }
  const thermo = renderVariantSvg(puzzle([{ kind: 'thermo', cells }]), { cellSize: CELL });
  const bulb = /<g class="thermo"><circle cx="([\d.]+)" cy="([\d.]+)"/.exec(thermo);
  assert.deepEqual([Number(bulb![1]), Number(bulb![2])], centre(cells[0]!));
  const between = renderVariantSvg(puzzle([{ kind: 'between', cells }]), { cellSize: CELL });
  assert.equal(count(between, /<circle /), 2, 'a circle at each end of a between line');
});

test('an arrow starts at the edge of its circle and ends in an arrowhead on its last cell', () => {
  const svg = renderVariantSvg(puzzle([{ kind: 'arrow', circle: [at(0, 0)], arrow: [at(0, 1), at(0, 2)] }]), { cellSize: CELL });
  const group = /<g class="arrow">(.*)<\/g>/.exec(svg)![1]!;
  assert.equal(count(group, /<circle /), 1);
  const line = /<path d="([^"]+)"/.exec(group)![1]!;
  const [start, , end, wing1, tip, wing2] = points(line);
  const circleX = cellLeft(0) + CELL / 2;
  assert.ok(start![0] > circleX + CELL * 0.3 && start![0] < cellLeft(1), 'the line leaves from the circle edge, not its centre');
  assert.deepEqual(tip, end);
  assert.ok(wing1![0] < tip![0] && wing2![0] < tip![0] && wing1![1] !== wing2![1], 'the head points along the arrow');
  // A pill (two circle cells) is drawn too, with the arrow leaving from the end next to it.
  const pill = renderVariantSvg(puzzle([{ kind: 'arrow', circle: [at(0, 0), at(0, 1)], arrow: [at(1, 2)] }]), { cellSize: CELL });
  checkWellFormed(pill);
  assert.equal(count(pill, /<g class="arrow"/), 1);
});

test('outside clues: a one-cell margin only when the puzzle has a little killer or a sandwich', () => {
  const plain = sizeOf(renderVariantSvg(puzzle([EXAMPLES.killer, EXAMPLES.thermo]), { cellSize: CELL }));
  assert.deepEqual(plain, { width: 9 * CELL + 2 * PAD, height: 9 * CELL + 2 * PAD });
  for (const clue of [EXAMPLES['little-killer'], EXAMPLES.sandwich]) {
    const svg = renderVariantSvg(puzzle([EXAMPLES.killer, clue]), { cellSize: CELL });
    assert.deepEqual(sizeOf(svg), { width: 11 * CELL + 2 * PAD, height: 11 * CELL + 2 * PAD }, clue.kind);
    // The grid moved in by one cell: the frame starts a cell later.
    assert.match(svg, new RegExp(`<rect class="border" x="${PAD / 2 + CELL}"`));
  }
  // A sandwich sum left of its row, in the margin.
  const sandwich = renderVariantSvg(
    puzzle([
      { kind: 'sandwich', line: 'row', index: 4, sum: 23 },
      { kind: 'sandwich', line: 'column', index: 0, sum: 0 },
    ]),
    { cellSize: CELL },
  );
  const texts = [...sandwich.matchAll(/<text class="sandwich" x="([\d.]+)" y="([\d.]+)"[^>]*>(\d+)<\/text>/g)].map((m) => [Number(m[1]), Number(m[2]), m[3]] as const);
  assert.equal(texts.length, 2);
  const [row, column] = texts as [(typeof texts)[0], (typeof texts)[0]];
  assert.ok(row[0] < PAD + CELL && row[1] > cellLeft(4, CELL) && row[1] < cellLeft(5, CELL) && row[2] === '23', 'row sum at the left of row 4');
  assert.ok(column[1] < PAD + CELL && column[0] > cellLeft(0, CELL) && column[0] < cellLeft(1, CELL) && column[2] === '0', 'column sum above column 0');
});

test('little killer: the sum in its clue cell outside the grid, with an arrow pointing along its direction', () => {
  const cases = [
    { clue: 'R0C3', direction: 'DR', col: 2, row: -1 },
    { clue: 'R0C7', direction: 'DL', col: 6, row: -1 },
    { clue: 'R10C2', direction: 'UR', col: 1, row: 9 },
    { clue: 'R5C10', direction: 'UL', col: 9, row: 4 },
  ] as const;
  for (const { clue, direction, col, row } of cases) {
    const svg = renderVariantSvg(puzzle([{ kind: 'little-killer', clue, direction, cells: diagonalFrom(g9, row, col, direction), sum: 31 }]), { cellSize: CELL });
    const group = /<g class="little-killer"[^>]*><text x="([\d.]+)" y="([\d.]+)"[^>]*>31<\/text><path d="([^"]+)"/.exec(svg);
    assert.ok(group, clue);
    const [tx, ty] = [Number(group[1]), Number(group[2])];
    assert.ok(tx > cellLeft(col, CELL) && tx < cellLeft(col + 1, CELL) && ty > cellLeft(row, CELL) && ty < cellLeft(row + 1, CELL), `${clue}: the sum is in the clue cell`);
    const [from, to] = points(group[3]!);
    const sign = (v: number) => Math.sign(v);
    assert.deepEqual([sign(to![0] - from![0]), sign(to![1] - from![1])], [direction.includes('R') ? 1 : -1, direction.includes('D') ? 1 : -1], `${clue} points ${direction}`);
  }
  // Without a clue in R…C… form, the clue cell is one step back from the first cell.
  const derived = renderVariantSvg(puzzle([{ kind: 'little-killer', clue: '?', direction: 'DR', cells: [at(0, 2), at(1, 3)], sum: 9 }]), { cellSize: CELL });
  const text = /<g class="little-killer"[^>]*><text x="([\d.]+)" y="([\d.]+)"/.exec(derived)!;
  assert.ok(Number(text[1]) < cellLeft(2, CELL) && Number(text[2]) < cellLeft(0, CELL));
});

/** The cell edges covered by the thick region lines, as "v col row" / "h col row" (the edge left of / above that cell). */
function thickEdges(svg: string, margin = 0): Set<string> {
  const edges = new Set<string>();
  const unit = (v: number) => Math.round((v - PAD - margin) / CELL);
  for (const m of svg.matchAll(/<line class="region" x1="([\d.]+)" y1="([\d.]+)" x2="([\d.]+)" y2="([\d.]+)"/g)) {
    const [x1, y1, x2, y2] = m.slice(1).map((v) => unit(Number(v))) as [number, number, number, number];
    if (x1 === x2) for (let r = Math.min(y1, y2); r < Math.max(y1, y2); r++) edges.add(`v ${x1} ${r}`);
    else for (let c = Math.min(x1, x2); c < Math.max(x1, x2); c++) edges.add(`h ${c} ${y1}`);
  }
  return edges;
}
/** The edges between neighbouring cells of different regions, from the geometry. */
function regionEdges(g: Geometry): Set<string> {
  const edges = new Set<string>();
  const n = g.size;
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      if (c > 0 && g.boxOf[r * n + c] !== g.boxOf[r * n + c - 1]) edges.add(`v ${c} ${r}`);
      if (r > 0 && g.boxOf[r * n + c] !== g.boxOf[(r - 1) * n + c]) edges.add(`h ${c} ${r}`);
    }
  }
  return edges;
}

test('region borders: thick exactly where neighbours lie in different regions, for classic boxes and jigsaw regions', () => {
  const jigsaw = jigsawGeometry(6, [0, 0, 0, 1, 1, 1, 0, 0, 2, 2, 1, 1, 0, 2, 2, 3, 3, 1, 4, 2, 2, 3, 3, 5, 4, 4, 4, 3, 5, 5, 4, 4, 3, 5, 5, 5]);
  assert.ok(jigsaw.jigsaw);
  const classic6 = geometry(2, 3);
  const results = [g9, classic6, jigsaw].map((g) => {
    const svg = renderVariantSvg({ geometry: g, givens: new Uint8Array(g.cellCount), constraints: [] }, { cellSize: CELL });
    checkWellFormed(svg);
    assert.deepEqual(thickEdges(svg), regionEdges(g), `${g.size}x${g.size}${g.jigsaw ? ' jigsaw' : ''}`);
    return count(svg, /<line class="region"/);
  });
  assert.equal(results[0], 4, 'classic 9x9: the four box lines, each one run');
  assert.equal(results[1], 3, 'classic 6x6 (2x3): one vertical and two horizontal box lines');
  assert.notEqual(results[2], results[1], 'a jigsaw of the same size has its own borders');
  // With the margin the borders move with the grid.
  const svg = renderVariantSvg({ geometry: jigsaw, givens: new Uint8Array(36), constraints: [{ kind: 'sandwich', line: 'row', index: 0, sum: 5 }] }, { cellSize: CELL });
  assert.deepEqual(thickEdges(svg, CELL), regionEdges(jigsaw));
});

test('digits: givens bold and dark, the other digits of `grid` lighter; by default only the givens', () => {
  const givens = new Uint8Array(81);
  givens[at(0, 0)] = 5;
  givens[at(4, 4)] = 9;
  const grid = Uint8Array.from(givens);
  grid[at(8, 8)] = 1;
  const p = puzzle([EXAMPLES.killer], { givens });
  const onlyGivens = renderVariantSvg(p, { cellSize: CELL });
  assert.equal(count(onlyGivens, /<text class="digit given"[^>]*font-weight="600"/), 2);
  assert.equal(count(onlyGivens, /<text class="digit placed"/), 0);
  const solved = renderVariantSvg(p, { cellSize: CELL, grid });
  assert.equal(count(solved, /<text class="digit given"[^>]*font-weight="600"/), 2);
  assert.equal(count(solved, /<text class="digit placed"[^>]*font-weight="400"/), 1);
});

test('text is escaped: a title with <&> stays one well-formed title', () => {
  const p = puzzle([EXAMPLES.killer], { title: 'Cats <&> "dogs"' });
  const svg = renderVariantSvg(p);
  checkWellFormed(svg);
  assert.match(svg, /<title>Cats &lt;&amp;&gt; &quot;dogs&quot;<\/title>/);
  assert.match(renderVariantSvg(p, { title: 'a<b' }), /<title>a&lt;b<\/title>/, 'the option wins over the puzzle title');
  // Characters XML cannot hold at all (a control character, half a surrogate pair) become U+FFFD; a whole pair stays.
  const odd = renderVariantSvg(puzzle([EXAMPLES.killer], { title: 'bell\u0007 half\uD83D pair\uD83D\uDE00 tab\t' }));
  checkWellFormed(odd);
  assert.match(odd, /<title>bell\uFFFD half\uFFFD pair\uD83D\uDE00 tab\t<\/title>/);
  assert.match(renderVariantSvg(puzzle([EXAMPLES['anti-knight']])), /<title>9×9 variant Sudoku, 0 givens, 1 constraint \(anti-knight\)<\/title>/);
});

test('a global rule adds a caption line below the grid; none without one', () => {
  const svg = renderVariantSvg(puzzle([{ kind: 'anti-knight' }, { kind: 'non-consecutive' }, { kind: 'anti-knight' }]), { cellSize: CELL });
  assert.match(svg, /<text class="rules"[^>]*>anti-knight · non-consecutive<\/text>/);
  const { width, height } = sizeOf(svg);
  assert.ok(height > width);
  const caption = /<text class="rules" x="[\d.]+" y="([\d.]+)"/.exec(svg)!;
  assert.ok(Number(caption[1]) > width, 'the caption is under the grid');
  // Many rules on a small board wrap onto several lines rather than running off the picture.
  const small = jigsawGeometry(4, [0, 0, 0, 1, 0, 2, 1, 1, 2, 2, 1, 3, 2, 3, 3, 3]);
  const many = renderVariantSvg(
    { geometry: small, givens: new Uint8Array(16), constraints: Object.values(EXAMPLES).filter((c) => c.kind in GLOBAL_CAPTIONS && c.kind !== 'disjoint-groups') },
    { cellSize: CELL },
  );
  assert.ok(count(many, /<text class="rules"/) > 1);
});

test('misuse throws a SudokitError naming the problem', () => {
  const code = (f: () => unknown, expected: string, message: RegExp) => assert.throws(f, (e: unknown) => e instanceof SudokitError && e.code === expected && message.test(e.message));
  code(() => renderVariantSvg(puzzle([{ kind: 'killer', cells: [0, 81] }])), 'options', /killer constraint: cell 81 is not on the 9x9 board/);
  code(() => renderVariantSvg(puzzle([{ kind: 'sandwich', line: 'column', index: 9, sum: 3 }])), 'options', /sandwich constraint: column 10 is not on the 9x9 board/);
  code(() => renderVariantSvg(puzzle([{ kind: 'little-killer', clue: 'x', direction: 'UL', cells: [], sum: 3 }])), 'options', /little-killer constraint: it needs at least 1 cell/);
  // What the kinds refuse is refused before it is drawn, as solve refuses it: never a TypeError.
  code(() => renderVariantSvg(undefined as unknown as VariantPuzzle), 'geometry', /expected a variant puzzle/);
  code(() => renderVariantSvg({ geometry: g9, constraints: [] } as unknown as VariantPuzzle), 'length', /givens: expected 81 cells, got undefined/);
  code(() => renderVariantSvg(puzzle('x' as unknown as Constraint[])), 'options', /constraints: expected an array, got string/);
  code(() => renderVariantSvg(puzzle([null as unknown as Constraint])), 'options', /unknown constraint kind/);
  code(() => renderVariantSvg(puzzle([{ kind: 'arrow', circle: [0] } as unknown as Constraint])), 'options', /arrow constraint/);
  code(() => renderVariantSvg(puzzle([{ kind: 'little-killer', clue: 'R0C1', direction: 'nope', cells: [0, 10], sum: 5 } as unknown as Constraint])), 'options', /direction "nope"/);
  code(() => renderVariantSvg(puzzle([{ kind: 'killer', cells: [0, 1], sum: Number.NaN }])), 'options', /sum NaN is not a whole number/);
  code(() => renderVariantSvg(puzzle([]), { grid: new Uint8Array(80) }), 'length', /grid: expected 81 cells, got 80/);
  code(() => renderVariantSvg(puzzle([]), { cellSize: 0 }), 'options', /cellSize/);
  code(() => renderVariantSvg({ geometry: { ...g9 }, givens: new Uint8Array(81), constraints: [] }), 'geometry', /geometry/);
});
