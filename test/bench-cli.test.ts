import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { benchEngine, makeBenchSet, reversePuzzle } from '../src/lab/measure.js';
import { parsePuzzle } from '../src/format/parse.js';
import { splitPuzzles } from '../src/format/records.js';
import type { Engine } from '../src/engine.js';
import { ENGINE_IDS, fastEngine } from '../src/registry.js';
import { makeLine } from '../src/format/make.js';
import { geometry } from '../src/geometry.js';
import { missingTool, randomPuzzle, readDataset, runCli, seededRandom } from './helpers.js';
import { checkWellFormed } from './xml.js';

const TMP = mkdtempSync(join(tmpdir(), 'sudokit-bench-'));
const P1 = '4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......';
const P1_SOLUTION = '417369825632158947958724316825437169791586432346912758289643571573291684164875293';
const TOP = readDataset('norvig-top95.txt').puzzles.slice(0, 12);
const MAIN_HEADER = 'engine,file,N,Hz,avg µs,median µs,p99 µs,max µs,nodes,guesses,capped,refused,wrong,invalid';

function run(args: string[], input?: string) {
  return runCli(args, { input });
}

function file(name: string, lines: readonly string[]): string {
  const path = join(TMP, name);
  writeFileSync(path, `${lines.join('\n')}\n`);
  return path;
}

/** The first CSV block of the output: the main table, as rows of fields (no quoted commas in it). */
function mainCsv(stdout: string): string[][] {
  return stdout
    .split('\n\n')[0]!
    .trim()
    .split('\n')
    .map((l) => l.split(','));
}

const top = file('top12.txt', TOP);

test('bench --format csv: the main table, one row per engine and file, then the other sections', () => {
  const r = run(['bench', top, '--engines', 'fast', '--format', 'csv']);
  assert.equal(r.status, 0, r.stderr);
  const rows = mainCsv(r.stdout);
  assert.equal(rows[0]!.join(','), MAIN_HEADER);
  assert.equal(rows.length, 2);
  const [engine, name, n, hz, , , , , nodes, , capped, refused, wrong, invalid] = rows[1]!;
  assert.deepEqual([engine, name, n, capped, refused, wrong, invalid], ['fast', 'top12', '12', '0', '0', '0', '0']);
  assert.ok(Number(hz) > 0 && Number(nodes) >= 1);
  const blocks = r.stdout.trim().split('\n\n');
  assert.equal(blocks.length, 4, 'main, nodes percentiles, growth, histograms');
  assert.match(blocks[1]!, /^engine,file,N,1%,10%,25%,50%,75%,90%,99%,99\.9%,max\n/);
  assert.match(blocks[2]!, /^engine,file,first N,mean µs,stddev µs,max µs\nfast,top12,10,.*\nfast,top12,12,/);
});

test('bench --engines all --format json: every engine of the registry, parsable, answers checked', () => {
  // 4x4 puzzles (the essay's tiny one and random ones), so that every engine, however slow, finishes.
  const random = seededRandom(4);
  const small = file('small4.txt', ['...44.3..4...241', ...Array.from({ length: 4 }, () => makeLine(geometry(2, 2), randomPuzzle(geometry(2, 2), random, 0.4).puzzle.givens))]);
  const r = run(['bench', small, '--engines', 'all', '--format', 'json', '--max', '3']);
  assert.equal(r.status, 0, r.stderr);
  const report = JSON.parse(r.stdout);
  assert.deepEqual(
    report.rows.map((x: { engine: string }) => x.engine),
    ENGINE_IDS,
  );
  // Without --engines, the quick ones, and it says which.
  const quick = run(['bench', small, '--format', 'json', '--max', '3']);
  assert.equal(quick.status, 0, quick.stderr);
  assert.deepEqual(
    JSON.parse(quick.stdout).rows.map((x: { engine: string }) => x.engine),
    ['fast', 'exact-cover', 'dancing-links'],
  );
  assert.match(quick.stderr, /timing fast, exact-cover, dancing-links \(--engines all times every engine/);
  for (const row of report.rows) {
    // An engine may refuse a puzzle up front (generate-and-test does beyond its budget): counted, never hidden.
    assert.equal(row.n + row.refused, 3, row.engine);
    if (row.refused > 0) assert.equal(typeof row.firstRefusal, 'string');
    if (row.n === 0) continue;
    assert.equal(row.wrong, 0);
    assert.equal(row.nodes.percentiles.max >= row.nodes.percentiles.p50, true);
    assert.equal(row.growth.length, 1);
    assert.ok(row.histograms.nodes.bins.length > 0);
  }
});

test('bench --format markdown: headed sections with Markdown tables', () => {
  const r = run(['bench', top, '--engines', 'fast', '--format', 'markdown']);
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stdout, /^# sudokit bench$/m);
  assert.match(r.stdout, /^\| engine \| file \| N \| Hz \| avg µs \| median µs \| p99 µs \| max µs \| nodes \| guesses \| capped \| refused \| wrong \| invalid \|$/m);
  assert.match(r.stdout, /^\|:---\|:---\|---:\|/m);
  assert.match(r.stdout, /^\| fast \| top12 \| 12 \| /m);
  assert.match(r.stdout, /^## Search tree size/m);
});

test('bench: the default table is aligned and shows text histograms', () => {
  const r = run(['bench', top, '--engines', 'fast']);
  assert.equal(r.status, 0, r.stderr);
  const lines = r.stdout.split('\n');
  const header = lines.findIndex((l) => l.startsWith('engine  file'));
  assert.ok(header > 0);
  // Right-aligned numbers: the header, its rule and the row end at the same column, and Hz ends where its header does.
  const [head, rule, row] = [lines[header]!, lines[header + 1]!, lines[header + 2]!];
  assert.equal(rule.length, head.length);
  assert.equal(row.length, head.length);
  assert.match(row.slice(0, head.indexOf('Hz') + 2), /\d$/);
  assert.equal(row[head.indexOf('Hz') + 2], ' ');
  assert.match(r.stdout, /fast on top12 \(12 puzzles\)\n {2}time per puzzle/);
  assert.match(r.stdout, /█/);
});

test('bench --cap-ms: puzzles stopped by the cap are counted, not hidden, and not called wrong', () => {
  // Counting the solutions of an empty grid up to 10^9 cannot finish in 5 ms on any machine.
  const empty = file('empty.txt', ['.'.repeat(81), '.'.repeat(81), '.'.repeat(81)]);
  const r = run(['bench', empty, '--engines', 'fast,exact-cover', '--limit', '1000000000', '--cap-ms', '5', '--format', 'csv']);
  assert.equal(r.status, 0, r.stderr);
  const rows = mainCsv(r.stdout).slice(1);
  assert.deepEqual(
    rows.map((x) => [x[0], x[2], x[10], x[12]]),
    [
      ['fast', '3', '3', '0'],
      ['exact-cover', '3', '3', '0'],
    ],
  );
});

test('bench --reversed: a second row per file, the puzzles read backwards', () => {
  const r = run(['bench', top, '--engines', 'fast', '--reversed', '--format', 'csv']);
  assert.equal(r.status, 0, r.stderr);
  const rows = mainCsv(r.stdout).slice(1);
  assert.deepEqual(
    rows.map((x) => [x[1], x[2], x[12]]),
    [
      ['top12', '12', '0'],
      ['top12 (reversed)', '12', '0'],
    ],
  );
  const parsed = parsePuzzle(P1);
  assert.ok(parsed.ok);
  assert.equal([...reversePuzzle(parsed.puzzle).givens].map((d) => (d ? String(d) : '.')).join(''), [...P1].reverse().join(''));
});

test('bench: bad lines are counted as invalid and named, every good puzzle still timed', () => {
  const path = file('bad.txt', [TOP[0]!, 'not a puzzle', TOP[1]!, `${TOP[2]!.slice(0, 80)}`, TOP[3]!]);
  const r = run(['bench', path, '--engines', 'fast', '--format', 'csv']);
  assert.equal(r.status, 1);
  const rows = mainCsv(r.stdout);
  assert.deepEqual([rows[1]![2], rows[1]![13]], ['3', '2']);
  assert.match(r.stderr, /bad\.txt:2: Invalid puzzle: unexpected character/);
  assert.match(r.stderr, /bad\.txt:4: Invalid puzzle: counted 80 cells/);
});

test('bench --threads 1,2 --chart: a speedup column, the latency sentence, and three SVG charts', () => {
  const chart = join(TMP, 'charts', 'lab.svg');
  const r = run(['bench', top, '--engines', 'fast', '--threads', '1,2', '--chart', chart]);
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stdout, /^engine\s+file\s+threads\s+N\s+seconds\s+Hz\s+speedup\s+efficiency\s+latency µs$/m);
  assert.match(r.stdout, /^fast\s+top12\s+1\s+[\d,]+\s+[\d.]+\s+[\d,]+\s+1\.00×\s+100%/m);
  assert.match(r.stdout, /^fast\s+top12\s+2\s+[\d,]+\s+[\d.]+\s+[\d,]+\s+[\d.]+×/m);
  assert.match(r.stdout, /threads can raise throughput but never cut latency/);
  assert.match(r.stdout, /This machine has \d+ cores/);
  for (const name of ['time', 'nodes', 'threads']) {
    const path = join(TMP, 'charts', `lab-${name}.svg`);
    assert.ok(existsSync(path), path);
    checkWellFormed(readFileSync(path, 'utf8'));
  }
});

test('bench --var-order first,minrv: one row per ordering, and the fewest-candidates rule shrinks the tree', () => {
  // Easy puzzles: plain search in cell order takes seconds on top95's, and the point is the comparison.
  const easy = file('easy12.txt', readDataset('norvig-easy50.txt').puzzles.slice(0, 12));
  const r = run(['bench', easy, '--engines', 'search', '--var-order', 'first,minrv', '--cap-ms', '2000', '--format', 'csv']);
  assert.equal(r.status, 0, r.stderr);
  const rows = mainCsv(r.stdout).slice(1);
  assert.deepEqual(
    rows.map((x) => [x[0], x[2], x[10], x[12]]),
    [
      ['search/first', '12', '0', '0'],
      ['search/minrv', '12', '0', '0'],
    ],
  );
  // Same puzzles, same digits tried first: choosing the cell with fewest candidates never visits more nodes here.
  assert.ok(Number(rows[1]![8]) < Number(rows[0]![8]), `minrv ${rows[1]![8]} nodes vs first ${rows[0]![8]}`);
  assert.match(run(['bench', top, '--var-order', 'sideways']).stderr, /unknown --var-order "sideways"/);
});

test('bench: usage errors exit 2 and name the problem', () => {
  assert.match(run(['bench', top, '--engines', 'nope']).stderr, /unknown engine "nope" in --engines/);
  assert.equal(run(['bench', top, '--format', 'xml']).status, 2);
  assert.equal(run(['bench']).status, 2);
  assert.match(run(['bench', join(TMP, 'missing.txt')]).stderr, /cannot read .*missing\.txt: no such file/);
});

test('benchEngine: a broken engine cannot look fast, its wrong answers are counted', () => {
  const set = makeBenchSet('top', splitPuzzles(TOP.slice(0, 4).join('\n')));
  const liar: Engine = { ...fastEngine, id: 'liar', solve: (p) => ({ count: 1, solution: p.givens, timedOut: false, stats: { nodes: 1, guesses: 0, micros: 0 } }) };
  const quitter: Engine = { ...fastEngine, id: 'quitter', solve: () => ({ count: 0, timedOut: false, stats: { nodes: 1, guesses: 0, micros: 0 } }) };
  const thrower: Engine = {
    ...fastEngine,
    id: 'thrower',
    solve: () => {
      throw new Error('boom');
    },
  };
  assert.equal(benchEngine(liar, set, { limit: 2 }).wrong, 4);
  assert.equal(benchEngine(quitter, set, { limit: 2 }).wrong, 4);
  const thrown = benchEngine(thrower, set, { limit: 2 });
  assert.equal(thrown.wrong, 4);
  assert.match(thrown.firstFailure!, /puzzle 1 of top: threw boom/);
  assert.equal(benchEngine(fastEngine, set, { limit: 2 }).wrong, 0);
});

test('render --solve: an SVG with the solution digits and the givens shaded', () => {
  const out = join(TMP, 'grid.svg');
  const r = run(['render', P1, '--solve', '--out', out]);
  assert.equal(r.status, 0, r.stderr);
  const svg = readFileSync(out, 'utf8');
  checkWellFormed(svg);
  const digits = [...svg.matchAll(/<text class="digit[^"]*"[^>]*>([^<]+)<\/text>/g)].map((m) => m[1]).join('');
  assert.equal(digits, P1_SOLUTION);
  assert.equal((svg.match(/<rect class="cell given"/g) ?? []).length, 17);
});

test('render: a file (--index), standard output, candidates, and bad input', () => {
  const r = run(['render', top, '--index', '2', '--candidates']);
  assert.equal(r.status, 0, r.stderr);
  checkWellFormed(r.stdout);
  const givens = [...TOP[1]!].filter((c) => c !== '.').length;
  assert.equal((r.stdout.match(/<text class="digit given"/g) ?? []).length, givens);
  assert.ok((r.stdout.match(/<text class="candidate"/g) ?? []).length > 81 - givens);
  assert.match(run(['render', top, '--index', '99']).stderr, /has 12 puzzles; --index 99/);
  const bad = run(['render', P1.slice(1)]);
  assert.equal(bad.status, 1);
  assert.match(bad.stderr, /the puzzle: Invalid puzzle: counted 80 cells/);
  // An --out that cannot be written: named, with the reason in words (it was the raw ENOENT text).
  // A failed write of the output exits 74, as on standard output (test/writes.test.ts).
  const nowhere = run(['render', P1, '--out', join(TMP, 'no-such-dir', 'grid.svg')]);
  assert.equal(nowhere.status, 74);
  assert.match(nowhere.stderr, /^sudokit: cannot write .*no-such-dir.grid\.svg: no such directory \(ENOENT\)\n$/);
  assert.match(run(['render', P1, '--out', TMP]).stderr, /cannot write .*: it is a directory/);
});

test('render --out FILE.png: a PNG when the optional rasteriser is installed', async (t) => {
  let installed = true;
  try {
    await import('@resvg/resvg-js' as string);
  } catch {
    installed = false;
  }
  const skip = missingTool('resvg', installed, '@resvg/resvg-js is not installed (an optional dependency)');
  if (skip) {
    t.skip(skip);
    return;
  }
  const out = join(TMP, 'grid.png');
  const r = run(['render', P1, '--solve', '--out', out]);
  assert.equal(r.status, 0, r.stderr);
  assert.deepEqual([...readFileSync(out).subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
});
