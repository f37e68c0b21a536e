import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parsePuzzle } from '../src/format/parse.js';
import { geometry } from '../src/geometry.js';
import { createPuzzle } from '../src/puzzle.js';
import { solve } from '../src/registry.js';
import { renderBarChart, renderHistogramChart, renderThroughputChart } from '../src/lab/chart.js';
import { hasCandidate, peerCandidates, renderGridSvg } from '../src/render/grid.js';
import { logHistogram } from '../src/lab/stats.js';
import { randomPuzzle, seededRandom } from './helpers.js';
import { checkWellFormed } from './xml.js';

const count = (svg: string, pattern: RegExp) => (svg.match(new RegExp(pattern.source, 'g')) ?? []).length;

test('the well-formedness check itself rejects broken XML', () => {
  assert.throws(() => checkWellFormed('<svg><g></svg>'));
  assert.throws(() => checkWellFormed('<svg><text>a < b</text></svg>'));
  assert.throws(() => checkWellFormed('<svg><rect x=1/></svg>'));
  assert.throws(() => checkWellFormed('<svg><text>R&D</text></svg>'));
  assert.deepEqual(checkWellFormed('<svg a="1"><title>x &amp; y</title><rect/></svg>'), ['svg', 'title', 'rect']);
});

const SIZES = [
  { name: '4x4', boxRows: 2, boxCols: 2, thickLines: 2 },
  { name: '6x6 (2x3 boxes)', boxRows: 2, boxCols: 3, thickLines: 1 + 2 }, // a vertical line every 3 columns (1), a horizontal one every 2 rows (2)
  { name: '9x9', boxRows: 3, boxCols: 3, thickLines: 4 },
  { name: '16x16', boxRows: 4, boxCols: 4, thickLines: 6 },
];

for (const { name, boxRows, boxCols, thickLines } of SIZES) {
  test(`renderGridSvg ${name}: one cell per square, givens shaded, thick lines at box edges`, () => {
    const g = geometry(boxRows, boxCols);
    const { puzzle, solution } = randomPuzzle(g, seededRandom(g.size), 0.4);
    const givens = puzzle.givens.reduce((n, d) => n + (d ? 1 : 0), 0);
    const svg = renderGridSvg(g, solution, { givens: puzzle.givens });
    checkWellFormed(svg);
    assert.equal(count(svg, /<rect class="cell[ "]/), g.cellCount);
    assert.equal(count(svg, /<rect class="cell given"/), givens);
    assert.equal(count(svg, /fill="#e3e8ef"/), givens, 'each given cell is shaded, nothing else');
    assert.equal(count(svg, /<line class="box"/), thickLines);
    assert.equal(count(svg, /<line class="thin"/), 2 * (g.size - 1) - thickLines);
    assert.equal(count(svg, /<rect class="border"/), 1);
    assert.equal(count(svg, /<text class="digit given"/), givens);
    assert.equal(count(svg, /<text class="digit placed"/), g.cellCount - givens);
    assert.match(svg, /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"[^>]* width="(\d+)" height="\1" viewBox="0 0 \1 \1"/);
    assert.match(svg, new RegExp(`<title>${g.size}×${g.size} Sudoku grid.*, ${givens} givens, ${g.cellCount - givens} placed digits</title>`));
    // The digits, read in document order, are the solution.
    const digits = [...svg.matchAll(/<text class="digit[^"]*"[^>]*>([^<]+)<\/text>/g)].map((m) => m[1]).join('');
    assert.equal(digits, [...solution].map((d) => g.digits[d - 1]).join(''));
  });
}

test('thick lines fall on box edges: 6x6 with 2x3 boxes has vertical box lines after column 3 and horizontal ones after rows 2 and 4', () => {
  const g = geometry(2, 3);
  const svg = renderGridSvg(g, new Uint8Array(36), { cellSize: 10 });
  const pad = 2; // thick line width for 10 px cells
  const boxLines = [...svg.matchAll(/<line class="box" x1="([\d.]+)" y1="([\d.]+)" x2="([\d.]+)" y2="([\d.]+)"/g)].map((m) => m.slice(1).map(Number));
  const vertical = boxLines.filter(([x1, , x2]) => x1 === x2).map(([x]) => x! - pad);
  const horizontal = boxLines.filter(([, y1, , y2]) => y1 === y2).map(([, y]) => y! - pad);
  assert.deepEqual(vertical, [30]);
  assert.deepEqual(horizontal, [20, 40]);
});

test('candidates: the digits no peer holds, drawn small in empty cells only', () => {
  const g = geometry(2, 2);
  const parsed = parsePuzzle('1...............');
  assert.ok(parsed.ok);
  const masks = peerCandidates(g, parsed.puzzle.givens);
  assert.equal(masks[0], 0, 'a filled cell has no candidates');
  assert.equal(masks[1], 0b1110, 'r1c2 sees the 1');
  assert.equal(masks[15], 0b1111, 'r4c4 sees nothing');
  const svg = renderGridSvg(g, parsed.puzzle.givens, { givens: parsed.puzzle.givens, candidates: masks, highlightCandidates: [{ cell: 1, digit: 2 }], highlight: [5] });
  checkWellFormed(svg);
  // 7 peers of r1c1 keep 3 candidates each, the 8 other empty cells keep 4.
  assert.equal(count(svg, /<text class="candidate"/), 7 * 3 + 8 * 4);
  assert.equal(count(svg, /<circle class="candidate-mark"/), 1);
  assert.equal(count(svg, /<rect class="cell highlight"/), 1);
  assert.ok(hasCandidate(2 ** 40, 41) && !hasCandidate(2 ** 40, 40), 'masks beyond 32 bits');
});

test('renderGridSvg draws every size up to 49x49, and escapes the title', () => {
  for (const [r, c] of [
    [5, 5],
    [7, 7],
    [3, 4],
  ] as const) {
    const g = geometry(r, c);
    const solution = solve(createPuzzle(g, new Uint8Array(g.cellCount)), { random: seededRandom(1) }).solution!;
    const svg = renderGridSvg(g, solution, { title: 'Tom & Jerry <grid>' });
    checkWellFormed(svg);
    assert.equal(count(svg, /<text class="digit/), g.cellCount);
    assert.match(svg, /<title>Tom &amp; Jerry &lt;grid&gt;<\/title>/);
  }
  assert.throws(() => renderGridSvg(geometry(3, 3), new Uint8Array(80)), /expected 81 cells, got 80/);
});

test('charts: log histograms, bars with ideal lines, all well-formed and labelled', () => {
  const hist = renderHistogramChart({
    title: 'Time per puzzle',
    xLabel: 'time',
    series: [
      { label: 'fast', histogram: logHistogram([3, 4, 50, 700, 0], 4) },
      { label: 'exact-cover', histogram: logHistogram([30, 40, 5000], 4) },
    ],
  });
  const names = checkWellFormed(hist);
  assert.equal(names[1], 'title');
  assert.equal(count(hist, /<path class="histogram"/), 2);
  assert.match(hist, /fast \(4, 1 at 0 not shown\)/);
  assert.match(hist, /time \(log scale\)/);
  assert.match(hist, /share of puzzles/);
  for (const tick of ['>1<', '>10<', '>100<', '>1k<', '>10k<']) assert.ok(hist.includes(tick), `decade tick ${tick}`);

  const threads = renderThroughputChart({
    title: 'Throughput',
    series: [
      {
        label: 'fast',
        runs: [
          { threads: 1, perSecond: 100 },
          { threads: 2, perSecond: 180 },
          { threads: 4, perSecond: 185 },
        ],
      },
      {
        label: 'exact-cover',
        runs: [
          { threads: 1, perSecond: 50 },
          { threads: 2, perSecond: 95 },
          { threads: 4, perSecond: 96 },
        ],
      },
    ],
  });
  checkWellFormed(threads);
  assert.equal(count(threads, /<rect class="bar"/), 6);
  assert.equal(count(threads, /<polyline class="line"/), 2);
  assert.match(threads, /ideal: one-thread rate × threads/);
  assert.match(threads, />4 threads</);
  // fast's ideal line ends at 4 × 100 = 400, so the axis reaches 400.
  assert.match(threads, />400</);
  const capped = renderThroughputChart({
    title: 'On 2 cores',
    cores: 2,
    series: [
      {
        label: 'fast',
        runs: [
          { threads: 1, perSecond: 100 },
          { threads: 4, perSecond: 185 },
        ],
      },
    ],
  });
  assert.match(capped, /ideal: one-thread rate × threads, up to 2 cores/);
  assert.ok(!capped.includes('>400<') && capped.includes('>200<'), 'the ideal stops at the cores: 2 × 100');

  const empty = renderBarChart({ title: 'none', xLabel: 'x', yLabel: 'y', categories: [], series: [] });
  checkWellFormed(empty);
  checkWellFormed(renderHistogramChart({ title: 'empty', xLabel: 'x', series: [] }));
});
