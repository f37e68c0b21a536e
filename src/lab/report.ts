/**
 * The benchmark lab's report: the measurements of `measure.ts` and `throughput.ts` turned
 * into the essay's table and its distributions, as an aligned terminal table, Markdown, CSV or
 * JSON, and into SVG charts.
 *
 * Sections, in order: the main table (engine, file, N, Hz, avg, median, p99, max, nodes and
 * guesses per puzzle, capped, refused, wrong, invalid); search tree size percentiles; mean, stddev and max
 * time as the sample grows; histograms of time and tree size (one bin per factor of ten in text,
 * finer in JSON and the charts); and, when threads were measured, throughput against threads with
 * the sentence that says what threads give and what they do not.
 */
import type { BenchRow } from './measure.js';
import { type Column, makeTable, type TableFormat } from './table.js';
import { formatCount, formatDuration, renderHistogramChart, renderThroughputChart } from './chart.js';
import { growthTable, type Histogram, logHistogram, mean, PERCENTILES, percentileTable, summarize, type ThroughputRow } from './stats.js';

export const REPORT_FORMATS = ['table', 'markdown', 'csv', 'json'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

export interface ThreadsResult {
  readonly engine: string;
  readonly file: string;
  readonly runs: readonly ThroughputRow[];
}

export interface BenchReport {
  /** Where it ran, e.g. `AMD EPYC 7B13, 2 cores, Node v20.20.0`. */
  readonly machine: string;
  /** Cores available to the run (for the threads sentence). */
  readonly cores: number;
  /** The one-minute load average when the run started: other work competing for the cores. */
  readonly load?: number;
  /** The command line that produced it, for the record. */
  readonly command?: string;
  readonly limit: number;
  readonly capMs?: number;
  readonly rows: readonly BenchRow[];
  readonly threads: readonly ThreadsResult[];
}

/** Bins per factor of ten: coarse in text, finer in JSON and charts. */
const TEXT_BINS_PER_DECADE = 1;
const CHART_BINS_PER_DECADE = 4;

/** The whole report in one format. */
export function makeBenchReport(report: BenchReport, format: ReportFormat): string {
  if (format === 'json') return `${JSON.stringify(reportJson(report), null, 2)}\n`;
  const raw = format === 'csv';
  const sections: { title: string; columns: Column[]; rows: string[][]; after?: string }[] = [
    { title: 'Time per puzzle and search effort', ...mainTable(report.rows, raw) },
    { title: 'Search tree size (nodes per puzzle), percentiles', ...nodesTable(report.rows, raw) },
    { title: 'Time per puzzle as the sample grows (the first N puzzles of each file)', ...growthRows(report.rows, raw) },
  ];
  if (report.threads.length > 0) sections.push({ title: 'Throughput against threads', ...threadsTable(report.threads, raw), after: threadsSentence(report.threads, report.cores, report.load) });
  if (format === 'csv') {
    sections.push({ title: 'histograms', ...histogramCsv(report.rows) });
    return sections.map((s) => makeTable(s.columns, s.rows, 'csv')).join('\n');
  }
  const md = format === 'markdown';
  const heading = (t: string) => (md ? `## ${t}\n\n` : `${t}\n\n`);
  let out = md ? '# sudokit bench\n\n' : '';
  out += `${md ? '' : 'sudokit bench: '}${report.machine}; limit ${report.limit}${report.capMs === undefined ? '' : `, cap ${report.capMs} ms per puzzle`}${md ? '.' : ''}\n`;
  if (report.command) out += md ? `\nCommand: \`${report.command}\`\n` : `command: ${report.command}\n`;
  out += md
    ? '\nTimes in µs per puzzle (wall time around each solve, one thread); Hz = puzzles per second; nodes and guesses are means per puzzle; capped = stopped by the time cap (their time still counts); refused = declined up front by the engine (not timed; see the notes); wrong = no solution, a bad one, or an error (checked with isSolution); invalid = lines that are not puzzles.\n\n'
    : 'times in µs per puzzle (one thread); Hz = puzzles/s; nodes, guesses = mean per puzzle; capped = stopped by --cap-ms; refused = declined up front (not timed); wrong = no or bad solution; invalid = bad input lines\n\n';
  for (const s of sections) {
    out += `${heading(s.title) + makeTable(s.columns, s.rows, format as TableFormat)}\n`;
    if (s.after) out += `${s.after}\n\n`;
  }
  out += heading('Histograms (one bin per factor of ten)');
  const blocks = report.rows.map(textHistograms).join('\n');
  out += md ? `\`\`\`\n${blocks}\`\`\`\n` : blocks;
  const failures = report.rows.filter((r) => r.firstFailure).map((r) => `${r.engine}: ${r.firstFailure}`);
  const refused = report.rows.filter((r) => r.refused > 0).map((r) => `${r.engine} refused ${r.refused} puzzles of ${r.file}, for example: ${r.firstRefusal}`);
  if (failures.length + refused.length > 0) out += `\n${heading('Notes')}${[...failures, ...refused].map((l) => `- ${l}\n`).join('')}`;
  return out;
}

/** A figure for people: thousands separators, fewer decimals as it grows; `–` for no value. */
export function formatFigure(x: number): string {
  if (!Number.isFinite(x)) return '–';
  const abs = Math.abs(x);
  const digits = abs >= 100 ? 0 : abs >= 10 ? 1 : 2;
  return x.toLocaleString('en-US', { minimumFractionDigits: 0, maximumFractionDigits: digits });
}

/** A figure for CSV: plain, at most 3 decimals. */
function rawFigure(x: number): string {
  return Number.isFinite(x) ? String(Math.round(x * 1000) / 1000) : '';
}

/** A whole number: with thousands separators for people, plain in CSV. */
function count(n: number, raw: boolean): string {
  return raw ? String(n) : n.toLocaleString('en-US');
}

const left = (header: string): Column => ({ header, align: 'left' });
const right = (header: string): Column => ({ header });

function mainTable(rows: readonly BenchRow[], raw: boolean) {
  const f = raw ? rawFigure : formatFigure;
  const columns = [
    left('engine'),
    left('file'),
    right('N'),
    right('Hz'),
    right('avg µs'),
    right('median µs'),
    right('p99 µs'),
    right('max µs'),
    right('nodes'),
    right('guesses'),
    right('capped'),
    right('refused'),
    right('wrong'),
    right('invalid'),
  ];
  const cells = rows.map((r) => {
    const t = summarize(r.micros);
    return [
      r.engine,
      r.file,
      count(r.n, raw),
      f(r.n === 0 ? Number.NaN : r.n / r.seconds),
      f(t.mean),
      f(t.median),
      f(t.p99),
      f(t.max),
      f(mean(r.nodes)),
      f(mean(r.guesses)),
      String(r.capped),
      String(r.refused),
      String(r.wrong),
      String(r.invalid),
    ];
  });
  return { columns, rows: cells };
}

function nodesTable(rows: readonly BenchRow[], raw: boolean) {
  const f = raw ? rawFigure : formatFigure;
  const columns = [left('engine'), left('file'), right('N'), ...PERCENTILES.map((p) => right(`${p}%`)), right('max')];
  const cells = rows.map((r) => {
    const table = percentileTable(r.nodes);
    return [r.engine, r.file, count(r.n, raw), ...PERCENTILES.map((p) => f(table[`p${p}`]!)), f(table.max!)];
  });
  return { columns, rows: cells };
}

function growthRows(rows: readonly BenchRow[], raw: boolean) {
  const f = raw ? rawFigure : formatFigure;
  const columns = [left('engine'), left('file'), right('first N'), right('mean µs'), right('stddev µs'), right('max µs')];
  const cells = rows.flatMap((r) => growthTable(r.micros).map((g) => [r.engine, r.file, count(g.n, raw), f(g.mean), f(g.stddev), f(g.max)]));
  return { columns, rows: cells };
}

function threadsTable(results: readonly ThreadsResult[], raw: boolean) {
  const f = raw ? rawFigure : formatFigure;
  const columns = [left('engine'), left('file'), right('threads'), right('N'), right('seconds'), right('Hz'), right('speedup'), right('efficiency'), right('latency µs')];
  const cells = results.flatMap((t) =>
    t.runs.map((r) => [
      t.engine,
      t.file,
      String(r.threads),
      count(r.puzzles, raw),
      raw ? rawFigure(r.seconds) : r.seconds.toFixed(3),
      f(r.perSecond),
      raw ? rawFigure(r.speedup) : `${r.speedup.toFixed(2)}×`,
      raw ? rawFigure(r.efficiency) : `${Math.round(r.efficiency * 100)}%`,
      f(r.latencyMicros),
    ]),
  );
  return { columns, rows: cells };
}

/**
 * What the threads table shows, in words and from its own numbers: throughput grows with
 * threads up to the number of cores, the time of one puzzle (latency) does not shrink, and
 * threads beyond the cores cannot add throughput.
 */
export function threadsSentence(results: readonly ThreadsResult[], cores: number, load?: number): string {
  const sentences: string[] = [];
  const busy = load !== undefined && load > 0.5 ? ` (other work kept the cores busy: load average ${load.toFixed(2)} when the run started)` : '';
  for (const t of results) {
    const runs = [...t.runs].sort((a, b) => a.threads - b.threads);
    const base = runs[0];
    if (!base || runs.length < 2) continue;
    const latencies = runs.map((r) => `${formatDuration(Math.round(r.latencyMicros * 10) / 10)} with ${r.threads} thread${r.threads === 1 ? '' : 's'}`).join(', ');
    const best = runs.reduce((a, b) => (b.perSecond > a.perSecond ? b : a));
    const grew = best !== base && best.speedup >= 1.1;
    const growth = grew
      ? `throughput went from ${formatFigure(base.perSecond)} to ${formatFigure(best.perSecond)} puzzles/s (${best.speedup.toFixed(2)}× with ${best.threads} threads)`
      : `throughput did not grow with more threads (${formatFigure(base.perSecond)} puzzles/s with ${base.threads}, at best ${best.speedup.toFixed(2)}×)${busy}`;
    let s = `${t.engine} on ${t.file}: ${growth}. One puzzle took on average ${latencies}: a search runs on one thread, so threads can raise throughput but never cut latency.`;
    const atCores = runs.find((r) => r.threads === cores);
    const beyond = runs.filter((r) => r.threads > cores);
    if (atCores) s += ` This machine has ${cores} cores: ${cores} threads gave ${atCores.speedup.toFixed(2)}× (${cores}× at most).`;
    else s += ` This machine has ${cores} cores.`;
    if (beyond.length > 0) {
      const measured = beyond.map((r) => `${r.speedup.toFixed(2)}× with ${r.threads}`).join(', ');
      s += ` More threads than cores cannot add computing power, since a core runs one search at a time: measured ${measured}.`;
      const gained = atCores !== undefined && beyond.some((r) => r.speedup > atCores.speedup * 1.05);
      if (gained) s += ` Where that beats ${cores} threads, the extra threads only took a larger share of cores that other processes were using.`;
    }
    sentences.push(s);
  }
  return sentences.join('\n\n');
}

function histogramCsv(rows: readonly BenchRow[]) {
  const columns = [left('engine'), left('file'), left('measure'), right('from'), right('to'), right('count')];
  const cells: string[][] = [];
  for (const r of rows) {
    for (const [measure, h] of [
      ['micros', logHistogram(r.micros, CHART_BINS_PER_DECADE)],
      ['nodes', logHistogram(r.nodes, CHART_BINS_PER_DECADE)],
    ] as const) {
      if (h.zeros > 0) cells.push([r.engine, r.file, measure, '0', '0', String(h.zeros)]);
      for (const b of h.bins) cells.push([r.engine, r.file, measure, rawFigure(b.lo), rawFigure(b.hi), String(b.count)]);
    }
  }
  return { columns, rows: cells };
}

/** A histogram as text lines: range, bar, count. */
export function textHistogram(h: Histogram, format: (v: number) => string, barWidth = 24): string[] {
  const most = Math.max(1, h.zeros, ...h.bins.map((b) => b.count));
  const bar = (count: number) => {
    const eighths = Math.round((count / most) * barWidth * 8);
    const full = '█'.repeat(Math.floor(eighths / 8));
    const part = eighths % 8 === 0 ? '' : ' ▏▎▍▌▋▊▉'[eighths % 8]!;
    return (full + part || (count > 0 ? '▏' : '')).padEnd(barWidth);
  };
  const rows: [string, number][] = [...(h.zeros > 0 ? [['0', h.zeros] as [string, number]] : []), ...h.bins.map((b) => [`${format(b.lo)} – ${format(b.hi)}`, b.count] as [string, number])];
  const labelWidth = Math.max(0, ...rows.map(([l]) => l.length));
  const countWidth = Math.max(0, ...rows.map(([, c]) => c.toLocaleString('en-US').length));
  return rows.map(([label, count]) => `${label.padStart(labelWidth)} ${bar(count)} ${count.toLocaleString('en-US').padStart(countWidth)}`);
}

/** Time and tree-size histograms of one row, side by side. */
function textHistograms(r: BenchRow): string {
  const time = textHistogram(logHistogram(r.micros, TEXT_BINS_PER_DECADE), formatDuration, 20);
  const nodes = textHistogram(logHistogram(r.nodes, TEXT_BINS_PER_DECADE), formatCount, 20);
  const timeWidth = Math.max(15, ...time.map((l) => l.length));
  const lines = [`${r.engine} on ${r.file} (${r.n.toLocaleString('en-US')} puzzles)`, `  ${'time per puzzle'.padEnd(timeWidth)}    search nodes`];
  for (let i = 0; i < Math.max(time.length, nodes.length); i++) lines.push(`  ${(time[i] ?? '').padEnd(timeWidth)}    ${nodes[i] ?? ''}`.trimEnd());
  return `${lines.join('\n')}\n`;
}

function histogramJson(h: Histogram) {
  return { binsPerDecade: h.binsPerDecade, zeros: h.zeros, bins: h.bins.map((b) => ({ from: b.lo, to: b.hi, count: b.count })) };
}

function reportJson(report: BenchReport) {
  return {
    machine: report.machine,
    cores: report.cores,
    ...(report.load === undefined ? {} : { load: report.load }),
    ...(report.command === undefined ? {} : { command: report.command }),
    limit: report.limit,
    ...(report.capMs === undefined ? {} : { capMs: report.capMs }),
    rows: report.rows.map((r) => {
      const time = summarize(r.micros);
      return {
        engine: r.engine,
        file: r.file,
        n: r.n,
        hz: r.n === 0 ? null : r.n / r.seconds,
        seconds: r.seconds,
        invalid: r.invalid,
        refused: r.refused,
        ...(r.firstRefusal === undefined ? {} : { firstRefusal: r.firstRefusal }),
        capped: r.capped,
        wrong: r.wrong,
        multiple: r.multiple,
        ...(r.firstFailure === undefined ? {} : { firstFailure: r.firstFailure }),
        micros: { mean: time.mean, stddev: time.stddev, median: time.median, p99: time.p99, max: time.max, percentiles: percentileTable(r.micros) },
        nodes: { mean: mean(r.nodes), percentiles: percentileTable(r.nodes) },
        guesses: { mean: mean(r.guesses) },
        growth: growthTable(r.micros),
        histograms: { micros: histogramJson(logHistogram(r.micros, CHART_BINS_PER_DECADE)), nodes: histogramJson(logHistogram(r.nodes, CHART_BINS_PER_DECADE)) },
      };
    }),
    threads: report.threads,
    ...(report.threads.length > 0 ? { threadsSummary: threadsSentence(report.threads, report.cores, report.load) } : {}),
  };
}

/** The report's pictures: time and tree-size histograms of every row, and throughput against threads when measured. */
export function benchCharts(report: BenchReport): { name: 'time' | 'nodes' | 'threads'; svg: string }[] {
  const label = (r: BenchRow) =>
    new Set(report.rows.map((x) => x.engine)).size > 1 && new Set(report.rows.map((x) => x.file)).size > 1
      ? `${r.engine}, ${r.file}`
      : new Set(report.rows.map((x) => x.engine)).size > 1
        ? r.engine
        : r.file;
  const files = [...new Set(report.rows.map((r) => r.file))];
  const scope = files.length === 1 ? ` (${files[0]})` : '';
  const charts: { name: 'time' | 'nodes' | 'threads'; svg: string }[] = [
    {
      name: 'time',
      svg: renderHistogramChart({
        title: `Time per puzzle${scope}`,
        xLabel: 'time per puzzle',
        formatX: formatDuration,
        series: report.rows.map((r) => ({ label: label(r), histogram: logHistogram(r.micros, CHART_BINS_PER_DECADE) })),
      }),
    },
    {
      name: 'nodes',
      svg: renderHistogramChart({
        title: `Search tree size${scope}`,
        xLabel: 'search nodes per puzzle',
        series: report.rows.map((r) => ({ label: label(r), histogram: logHistogram(r.nodes, CHART_BINS_PER_DECADE) })),
      }),
    },
  ];
  if (report.threads.length > 0) {
    const threadFiles = [...new Set(report.threads.map((t) => t.file))];
    const threadEngines = new Set(report.threads.map((t) => t.engine));
    charts.push({
      name: 'threads',
      svg: renderThroughputChart({
        title: `Throughput against threads${threadFiles.length === 1 ? ` (${threadFiles[0]})` : ''}, ${report.cores} cores`,
        cores: report.cores,
        series: report.threads.map((t) => ({ label: threadEngines.size > 1 && threadFiles.length > 1 ? `${t.engine}, ${t.file}` : threadEngines.size > 1 ? t.engine : t.file, runs: t.runs })),
      }),
    });
  }
  return charts;
}
