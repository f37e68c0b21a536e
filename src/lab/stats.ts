/**
 * Statistics for the benchmark lab: percentiles, summaries, log-scale histograms, the
 * "as the sample grows" table and throughput against threads.
 *
 * Why these: search times and tree sizes of Sudoku engines are heavy-tailed (most puzzles take
 * a few nodes, a few take millions), so a mean alone misleads. Norvig's essay makes the point
 * with the table of mean, stddev and max as the sample grows: the mean of a heavy tail keeps
 * climbing as rarer puzzles come in. Percentiles and log-scale bins show the whole shape.
 *
 * Definitions (pure functions, no I/O):
 * - `percentile(sorted, p)` interpolates linearly between closest ranks (rank h = (N−1)·p/100),
 *   the usual definition of spreadsheets and numpy; so the 50th percentile is the median, the
 *   0th the minimum and the 100th the maximum.
 * - `stddev` is the sample standard deviation (divides by N−1; 0 for fewer than two values).
 */
import { SudokitError } from '../errors.js';

/** The percentiles of the lab's distribution tables (the maximum is reported beside them). */
export const PERCENTILES = [1, 10, 25, 50, 75, 90, 99, 99.9] as const;

/** The p-th percentile (0 ≤ p ≤ 100) of values sorted ascending; NaN when there are none. */
export function percentile(sorted: ArrayLike<number>, p: number): number {
  const n = sorted.length;
  if (n === 0) return Number.NaN;
  if (!(p >= 0 && p <= 100)) throw new SudokitError('options', `Invalid percentile: ${p} is not between 0 and 100`);
  const h = ((n - 1) * p) / 100;
  const lo = Math.floor(h);
  const hi = Math.min(n - 1, lo + 1);
  const a = sorted[lo]!;
  return a + (h - lo) * (sorted[hi]! - a);
}

/** A sorted copy of the values, as a Float64Array (numeric order). */
export function sortedCopy(values: ArrayLike<number>): Float64Array {
  return Float64Array.from(values).sort();
}

/** The arithmetic mean; NaN when there are no values. */
export function mean(values: ArrayLike<number>): number {
  if (values.length === 0) return Number.NaN;
  let sum = 0;
  for (let i = 0; i < values.length; i++) sum += values[i]!;
  return sum / values.length;
}

/** The sample standard deviation (N−1 in the denominator); 0 for fewer than two values. */
export function stddev(values: ArrayLike<number>): number {
  const n = values.length;
  if (n < 2) return 0;
  const m = mean(values);
  let squares = 0;
  for (let i = 0; i < n; i++) squares += (values[i]! - m) ** 2;
  return Math.sqrt(squares / (n - 1));
}

/** The median (the 50th percentile); NaN when there are no values. */
export function median(values: ArrayLike<number>): number {
  return percentile(sortedCopy(values), 50);
}

/** The largest value; NaN when there are none. */
export function max(values: ArrayLike<number>): number {
  if (values.length === 0) return Number.NaN;
  let m = -Infinity;
  for (let i = 0; i < values.length; i++) if (values[i]! > m) m = values[i]!;
  return m;
}

export interface Summary {
  readonly count: number;
  readonly mean: number;
  readonly stddev: number;
  readonly min: number;
  readonly median: number;
  readonly p99: number;
  readonly max: number;
  readonly sum: number;
}

/** Count, mean, standard deviation, min, median, 99th percentile, max and sum in one pass over a sorted copy. */
export function summarize(values: ArrayLike<number>): Summary {
  const sorted = sortedCopy(values);
  let sum = 0;
  for (const v of sorted) sum += v;
  return {
    count: sorted.length,
    mean: sorted.length === 0 ? Number.NaN : sum / sorted.length,
    stddev: stddev(values),
    min: sorted.length === 0 ? Number.NaN : sorted[0]!,
    median: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    max: sorted.length === 0 ? Number.NaN : sorted[sorted.length - 1]!,
    sum,
  };
}

/** The `PERCENTILES` of the values and their maximum, keyed `p1`, `p10`, …, `p99.9`, `max`. */
export function percentileTable(values: ArrayLike<number>): Record<string, number> {
  const sorted = sortedCopy(values);
  const row: Record<string, number> = {};
  for (const p of PERCENTILES) row[`p${p}`] = percentile(sorted, p);
  row.max = sorted.length === 0 ? Number.NaN : sorted[sorted.length - 1]!;
  return row;
}

export interface Bin {
  /** Lower edge (inclusive). */
  readonly lo: number;
  /** Upper edge (exclusive, except for the last bin, which holds the maximum). */
  readonly hi: number;
  readonly count: number;
}

export interface Histogram {
  /** Bins on a log scale, `binsPerDecade` to each factor of ten, from the decade edge below the smallest positive value. */
  readonly bins: readonly Bin[];
  /** Values equal to 0 (or below), which a log scale cannot place; counted apart. */
  readonly zeros: number;
  readonly total: number;
  readonly binsPerDecade: number;
}

/**
 * A log-scale histogram: bin k covers [10^(k/b), 10^((k+1)/b)) with b = `binsPerDecade`. The
 * bins start at the power of ten at or below the smallest positive value and run to the bin
 * holding the largest, so empty bins in between are kept (gaps are part of the picture).
 */
export function logHistogram(values: ArrayLike<number>, binsPerDecade = 4): Histogram {
  if (!(Number.isInteger(binsPerDecade) && binsPerDecade >= 1)) throw new SudokitError('options', `Invalid bins per decade: ${binsPerDecade}`);
  let zeros = 0;
  let lowest = Infinity;
  let highest = -Infinity;
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    if (!(v > 0)) {
      zeros++;
      continue;
    }
    if (v < lowest) lowest = v;
    if (v > highest) highest = v;
  }
  if (lowest === Infinity) return { bins: [], zeros, total: values.length, binsPerDecade };
  const b = binsPerDecade;
  // Index of the bin holding v, robust to rounding at exact powers of ten.
  const indexOf = (v: number) => {
    let k = Math.floor(Math.log10(v) * b + 1e-9);
    if (10 ** ((k + 1) / b) <= v) k++;
    return k;
  };
  const first = Math.floor(Math.log10(lowest) + 1e-9) * b;
  const last = indexOf(highest);
  const counts = new Array<number>(last - first + 1).fill(0);
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    if (v > 0) counts[indexOf(v) - first]!++;
  }
  const bins = counts.map((count, j) => ({ lo: 10 ** ((first + j) / b), hi: 10 ** ((first + j + 1) / b), count }));
  return { bins, zeros, total: values.length, binsPerDecade };
}

export interface GrowthRow {
  /** The first `n` values of the sample. */
  readonly n: number;
  readonly mean: number;
  readonly stddev: number;
  readonly max: number;
}

/**
 * Mean, standard deviation and maximum of the first 10, 100, 1000, … values, and of all of
 * them: Norvig's table showing that with a heavy tail the mean and the max keep growing with
 * the sample, so a benchmark's average depends on how many puzzles it tried.
 */
export function growthTable(values: ArrayLike<number>): GrowthRow[] {
  const rows: GrowthRow[] = [];
  const all = Array.from(values);
  const sizes: number[] = [];
  for (let n = 10; n < all.length; n *= 10) sizes.push(n);
  if (all.length > 0) sizes.push(all.length);
  for (const n of sizes) {
    const head = all.slice(0, n);
    rows.push({ n, mean: mean(head), stddev: stddev(head), max: max(head) });
  }
  return rows;
}

export interface ThroughputRun {
  readonly threads: number;
  /** Puzzles answered in the run. */
  readonly puzzles: number;
  /** Wall time of the whole run, in seconds. */
  readonly seconds: number;
  /** Mean time one puzzle took on its thread, in microseconds (latency). */
  readonly latencyMicros: number;
}

export interface ThroughputRow extends ThroughputRun {
  /** Puzzles per second. */
  readonly perSecond: number;
  /** Throughput relative to the run with the fewest threads (scaled by its thread count, so a table starting at 2 threads still reads as speedup over one). */
  readonly speedup: number;
  /** Speedup divided by threads: 1 is perfect scaling. */
  readonly efficiency: number;
}

/** Throughput, speedup and efficiency for runs of the same work at several thread counts. */
export function throughputTable(runs: readonly ThroughputRun[]): ThroughputRow[] {
  if (runs.length === 0) return [];
  const base = runs.reduce((a, b) => (b.threads < a.threads ? b : a));
  const basePerThread = base.puzzles / base.seconds / base.threads;
  return runs.map((r) => {
    const perSecond = r.puzzles / r.seconds;
    const speedup = perSecond / basePerThread;
    return { ...r, perSecond, speedup, efficiency: speedup / r.threads };
  });
}
