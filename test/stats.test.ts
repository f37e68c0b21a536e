import assert from 'node:assert/strict';
import { test } from 'node:test';
import { makeTable } from '../src/lab/table.js';
import { growthTable, logHistogram, max, mean, median, percentile, percentileTable, stddev, summarize, throughputTable } from '../src/lab/stats.js';
import { textHistogram, threadsSentence } from '../src/lab/report.js';

const close = (actual: number, expected: number, what: string) => assert.ok(Math.abs(actual - expected) < 1e-9, `${what}: ${actual} ≠ ${expected}`);

test('percentile: linear interpolation between closest ranks, worked by hand', () => {
  const four = [1, 2, 3, 4];
  const cases: [number[], number, number][] = [
    [four, 0, 1],
    [four, 25, 1.75], // h = 3 × 0.25 = 0.75: 1 + 0.75 × (2 − 1)
    [four, 50, 2.5],
    [four, 100, 4],
    [[1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 90, 9.1], // h = 9 × 0.9 = 8.1
    [[1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 99.9, 9.991], // h = 8.991
    [[7], 99, 7],
    [[10, 20, 30], 1, 10.2], // h = 0.02
  ];
  for (const [values, p, expected] of cases) close(percentile(values, p), expected, `p${p} of [${values}]`);
  assert.ok(Number.isNaN(percentile([], 50)));
  assert.throws(() => percentile(four, 101), /not between 0 and 100/);
});

test('mean, sample stddev, median and max on a textbook sample', () => {
  const sample = [2, 4, 4, 4, 5, 5, 7, 9]; // sum 40; squared deviations sum to 32
  close(mean(sample), 5, 'mean');
  close(stddev(sample), Math.sqrt(32 / 7), 'sample stddev');
  close(median(sample), 4.5, 'median of an even count');
  close(median([3, 1, 2]), 2, 'median of an odd count');
  assert.equal(max(sample), 9);
  assert.equal(stddev([5]), 0);
  const s = summarize([9, 2, 5, 4, 4, 7, 5, 4]);
  assert.deepEqual({ count: s.count, min: s.min, max: s.max, sum: s.sum }, { count: 8, min: 2, max: 9, sum: 40 });
  close(s.median, 4.5, 'summary median');
  close(s.p99, 8.86, 'summary p99'); // h = 7 × 0.99 = 6.93: 7 + 0.93 × 2
  assert.ok(Number.isNaN(summarize([]).mean));
});

test('percentileTable: the lab percentiles and the max', () => {
  const values = Array.from({ length: 1001 }, (_, i) => 1000 - i); // 0 … 1000, unsorted
  const t = percentileTable(values);
  assert.deepEqual(Object.keys(t), ['p1', 'p10', 'p25', 'p50', 'p75', 'p90', 'p99', 'p99.9', 'max']);
  close(t.p1!, 10, 'p1');
  close(t['p99.9']!, 999, 'p99.9');
  assert.equal(t.max, 1000);
});

test('logHistogram: bins of a factor of ten (or finer) from the decade below the smallest value', () => {
  const h = logHistogram([1, 5, 10, 99, 100, 0], 1);
  assert.equal(h.zeros, 1);
  assert.equal(h.total, 6);
  assert.deepEqual(
    h.bins.map((b) => [b.lo, b.hi, b.count]),
    [
      [1, 10, 2],
      [10, 100, 2],
      [100, 1000, 1],
    ],
  );
  const half = logHistogram([1, 5, 10, 99, 100], 2);
  assert.deepEqual(
    half.bins.map((b) => b.count),
    [1, 1, 1, 1, 1],
  ); // [1,3.16) [3.16,10) [10,31.6) [31.6,100) [100,316)
  close(half.bins[1]!.lo, Math.sqrt(10), 'half-decade edge');
  const gap = logHistogram([0.5, 2, 3000], 1);
  assert.deepEqual(
    gap.bins.map((b) => b.count),
    [1, 1, 0, 0, 1],
  ); // from 0.1 to 10,000, empty bins kept
  close(gap.bins[0]!.lo, 0.1, 'first edge');
  assert.deepEqual(logHistogram([0, 0], 4), { bins: [], zeros: 2, total: 2, binsPerDecade: 4 });
  assert.equal(logHistogram([1000], 3).bins.length, 1, 'an exact power of ten opens its own bin');
});

test('growthTable: mean, stddev and max of the first 10, 100, … values and of all', () => {
  const values = Array.from({ length: 25 }, (_, i) => i + 1);
  const rows = growthTable(values);
  assert.deepEqual(
    rows.map((r) => [r.n, r.mean, r.max]),
    [
      [10, 5.5, 10],
      [25, 13, 25],
    ],
  );
  close(rows[0]!.stddev, Math.sqrt(82.5 / 9), 'stddev of 1…10');
  assert.deepEqual(
    growthTable(Array.from({ length: 100 }, () => 1)).map((r) => r.n),
    [10, 100],
  );
  assert.deepEqual(
    growthTable([4, 2]).map((r) => [r.n, r.mean]),
    [[2, 3]],
  );
});

test('throughputTable: speedup against the fewest threads, efficiency per thread', () => {
  const rows = throughputTable([
    { threads: 1, puzzles: 1000, seconds: 2, latencyMicros: 2000 },
    { threads: 2, puzzles: 1000, seconds: 1.25, latencyMicros: 2400 },
    { threads: 4, puzzles: 1000, seconds: 1.25, latencyMicros: 4900 },
  ]);
  assert.deepEqual(
    rows.map((r) => [r.perSecond, r.speedup, r.efficiency]),
    [
      [500, 1, 1],
      [800, 1.6, 0.8],
      [800, 1.6, 0.4],
    ],
  );
});

test('makeTable: aligned text, Markdown and CSV with quoting', () => {
  const columns = [{ header: 'engine', align: 'left' as const }, { header: 'Hz' }];
  const rows = [
    ['fast', '12,345'],
    ['a "b", c', '7'],
  ];
  assert.equal(makeTable(columns, rows, 'table'), 'engine        Hz\n--------  ------\nfast      12,345\na "b", c       7\n');
  assert.equal(makeTable(columns, rows, 'markdown'), '| engine | Hz |\n|:---|---:|\n| fast | 12,345 |\n| a "b", c | 7 |\n');
  assert.equal(makeTable(columns, rows, 'csv'), 'engine,Hz\nfast,"12,345"\n"a ""b"", c",7\n');
});

test('textHistogram: one line per bin, bars scaled to the largest count', () => {
  const lines = textHistogram(logHistogram([1, 2, 3, 40, 0], 1), String, 8);
  assert.deepEqual(lines, ['       0 ██▋      1', '  1 – 10 ████████ 3', '10 – 100 ██▋      1']);
});

test('threadsSentence: what threads gave, from the table’s own numbers', () => {
  const runs = throughputTable([
    { threads: 1, puzzles: 1000, seconds: 1, latencyMicros: 1000 },
    { threads: 2, puzzles: 1000, seconds: 0.5, latencyMicros: 1010 },
    { threads: 4, puzzles: 1000, seconds: 0.5, latencyMicros: 2020 },
  ]);
  const s = threadsSentence([{ engine: 'fast', file: 'top95', runs }], 2);
  assert.match(s, /^fast on top95: throughput went from 1,000 to 2,000 puzzles\/s \(2\.00× with 2 threads\)\./);
  assert.match(s, /One puzzle took on average 1 ms with 1 thread, 1\.01 ms with 2 threads, 2\.02 ms with 4 threads/);
  assert.match(s, /This machine has 2 cores: 2 threads gave 2\.00× \(2× at most\)\. More threads than cores cannot add computing power.*measured 2\.00× with 4\.$/);
  const flat = throughputTable([
    { threads: 1, puzzles: 100, seconds: 1, latencyMicros: 10 },
    { threads: 2, puzzles: 100, seconds: 1.02, latencyMicros: 20 },
  ]);
  const busy = throughputTable([
    { threads: 1, puzzles: 100, seconds: 1, latencyMicros: 10 },
    { threads: 2, puzzles: 100, seconds: 0.8, latencyMicros: 20 },
    { threads: 4, puzzles: 100, seconds: 0.6, latencyMicros: 40 },
  ]);
  assert.match(
    threadsSentence([{ engine: 'fast', file: 'f', runs: busy }], 2, 3),
    /measured 1\.67× with 4\. Where that beats 2 threads, the extra threads only took a larger share of cores that other processes were using\.$/,
  );
  assert.match(
    threadsSentence([{ engine: 'fast', file: 'f', runs: flat }], 2, 4.5),
    /did not grow with more threads \(100 puzzles\/s with 1, at best 1\.00×\) \(other work kept the cores busy: load average 4\.50/,
  );
});
