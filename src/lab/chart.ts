/**
 * Charts as SVG for the benchmark lab: grouped bar charts (throughput against threads, with
 * the ideal-speedup line drawn over the bars) and log-scale histograms (time per puzzle, search
 * tree size).
 *
 * Why log scale: search costs are heavy-tailed. On a linear axis nearly every puzzle lands in
 * the first bar and the tail, which is the story, is invisible; on a log axis each factor of
 * ten gets the same width. The y axis is the share of puzzles in each bin, so files of 95 and of
 * 49,158 puzzles compare in one picture. Several series are drawn as outlines with a light fill,
 * so overlapping histograms stay readable.
 *
 * Every chart has a title (also its accessible `<title>`), labelled axes with ticks, light grid
 * lines and a legend. Pure functions returning strings, with no dependencies and no Node imports.
 */
import type { Histogram } from './stats.js';
import { escapeXml, num, svgOpen } from '../render/svg.js';

/** Series colours: distinct in hue and lightness, readable on white and by most colour-blind readers. */
export const SERIES_COLORS = ['#1f6fd1', '#e8710a', '#1a9850', '#8e44ad', '#0f9bb4', '#d62828', '#a67c00', '#5f6b7a'] as const;

const INK = '#1f2733';
const MUTED = '#5b6573';
const GRID = '#e6e9ee';
const WIDTH = 760;
const HEIGHT = 440;
const MARGIN = { left: 84, right: 28, bottom: 66 };
const TITLE_SIZE = 17;
const LABEL_SIZE = 13;
const TICK_SIZE = 12;

/** A duration given in microseconds, short: `250 µs`, `1.5 ms`, `2 s`. */
export function formatDuration(micros: number): string {
  if (micros < 1000) return `${trim(micros)} µs`;
  if (micros < 1e6) return `${trim(micros / 1000)} ms`;
  return `${trim(micros / 1e6)} s`;
}

/** A count, short: `950`, `1.2k`, `35k`, `4M`. */
export function formatCount(n: number): string {
  if (Math.abs(n) < 1000) return trim(n);
  if (Math.abs(n) < 1e6) return `${trim(n / 1000)}k`;
  if (Math.abs(n) < 1e9) return `${trim(n / 1e6)}M`;
  return `${trim(n / 1e9)}G`;
}

/** At most three significant digits, no trailing zeros. */
function trim(x: number): string {
  if (x === 0) return '0';
  const digits = Math.max(0, 2 - Math.floor(Math.log10(Math.abs(x))));
  return String(Number(x.toFixed(Math.min(digits, 3))));
}

/** Round tick values from 0 to at least `top`: steps of 1, 2 or 5 times a power of ten. */
export function niceTicks(top: number, wanted = 5): number[] {
  if (!(top > 0)) return [0, 1];
  const rough = top / wanted;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * power).find((s) => s >= rough) ?? 10 * power;
  const ticks: number[] = [];
  for (let v = 0; v < top + step * 0.999; v += step) ticks.push(Number(v.toPrecision(12)));
  return ticks;
}

interface LegendEntry {
  readonly label: string;
  readonly color: string;
  readonly dashed?: boolean;
}

/** The legend as rows of entries under the title; returns the SVG and the y where the plot may start. */
function legend(entries: readonly LegendEntry[], top: number): { svg: string; bottom: number } {
  if (entries.length === 0) return { svg: '', bottom: top };
  const rowHeight = 20;
  let x = MARGIN.left;
  let y = top + 10;
  let svg = '<g class="legend">\n';
  for (const e of entries) {
    const w = 26 + e.label.length * LABEL_SIZE * 0.56 + 18;
    if (x + w > WIDTH - MARGIN.right && x > MARGIN.left) {
      x = MARGIN.left;
      y += rowHeight;
    }
    svg += e.dashed
      ? `<line x1="${num(x)}" y1="${num(y)}" x2="${num(x + 18)}" y2="${num(y)}" stroke="${e.color}" stroke-width="2" stroke-dasharray="5 3"/>`
      : `<rect x="${num(x)}" y="${num(y - 6)}" width="18" height="12" rx="2" fill="${e.color}" fill-opacity="0.75" stroke="${e.color}"/>`;
    svg += `<text x="${num(x + 24)}" y="${num(y + 4.5)}" font-size="${LABEL_SIZE}" fill="${INK}">${escapeXml(e.label)}</text>\n`;
    x += w;
  }
  svg += '</g>\n';
  return { svg, bottom: y + rowHeight - 4 };
}

/** Title, legend, plot frame; returns the plot box. */
function frame(title: string, entries: readonly LegendEntry[], className: string): { head: string; top: number; bottom: number; left: number; right: number } {
  let head = svgOpen(WIDTH, HEIGHT, title, className);
  head += `<rect x="0" y="0" width="${WIDTH}" height="${HEIGHT}" fill="#ffffff"/>\n`;
  head += `<text class="chart-title" x="${MARGIN.left}" y="28" font-size="${TITLE_SIZE}" font-weight="600" fill="${INK}">${escapeXml(title)}</text>\n`;
  const { svg, bottom } = legend(entries, 40);
  head += svg;
  return { head, top: bottom + 12, bottom: HEIGHT - MARGIN.bottom, left: MARGIN.left, right: WIDTH - MARGIN.right };
}

/** Axis titles: x centred below the plot, y rotated beside it. */
function axisTitles(xLabel: string, yLabel: string, box: { top: number; bottom: number; left: number; right: number }): string {
  const cx = (box.left + box.right) / 2;
  const cy = (box.top + box.bottom) / 2;
  return (
    `<text class="x-label" x="${num(cx)}" y="${HEIGHT - 16}" font-size="${LABEL_SIZE}" fill="${INK}" text-anchor="middle">${escapeXml(xLabel)}</text>\n` +
    `<text class="y-label" x="20" y="${num(cy)}" font-size="${LABEL_SIZE}" fill="${INK}" text-anchor="middle" transform="rotate(-90 20 ${num(cy)})">${escapeXml(yLabel)}</text>\n`
  );
}

/** Horizontal grid lines and labels for linear y ticks. */
function yAxis(ticks: readonly number[], y: (v: number) => number, box: { left: number; right: number }, format: (v: number) => string): string {
  let svg = '<g class="y-axis">\n';
  for (const t of ticks) {
    svg += `<line x1="${box.left}" y1="${num(y(t))}" x2="${box.right}" y2="${num(y(t))}" stroke="${t === 0 ? MUTED : GRID}" stroke-width="1"/>`;
    svg += `<text x="${box.left - 8}" y="${num(y(t) + 4)}" font-size="${TICK_SIZE}" fill="${MUTED}" text-anchor="end">${escapeXml(format(t))}</text>\n`;
  }
  return `${svg}</g>\n`;
}

export interface BarSeries {
  readonly label: string;
  /** One value per category. */
  readonly values: readonly number[];
}

export interface BarChartOptions {
  readonly title: string;
  readonly xLabel: string;
  readonly yLabel: string;
  /** Category names along the x axis. */
  readonly categories: readonly string[];
  readonly series: readonly BarSeries[];
  /** Lines drawn over the bars, one point per category at the centre of the matching series' bar (dashed). */
  readonly lines?: readonly (BarSeries & { readonly series: number })[] | undefined;
  readonly formatY?: ((v: number) => string) | undefined;
}

/** Grouped bars: one group per category, one bar per series, optional dashed lines over them. */
export function renderBarChart(options: BarChartOptions): string {
  const { series, categories } = options;
  const lines = options.lines ?? [];
  // Lines sharing one label (such as every series' ideal line) share one legend entry, in grey when they differ in colour.
  const lineLabels = [...new Set(lines.map((l) => l.label))];
  const entries: LegendEntry[] = [
    ...series.map((s, i) => ({ label: s.label, color: color(i) })),
    ...lineLabels.map((label) => {
      const owners = lines.filter((l) => l.label === label);
      return { label, color: owners.length === 1 ? color(owners[0]!.series) : MUTED, dashed: true };
    }),
  ];
  const box = frame(options.title, entries, 'chart bar-chart');
  const top = Math.max(0, ...series.flatMap((s) => s.values), ...lines.flatMap((l) => l.values));
  const ticks = niceTicks(top);
  const yMax = ticks[ticks.length - 1]!;
  const y = (v: number) => box.bottom - (v / yMax) * (box.bottom - box.top);
  const format = options.formatY ?? formatCount;
  let svg = box.head + yAxis(ticks, y, box, format);
  const groupWidth = (box.right - box.left) / Math.max(1, categories.length);
  const barWidth = (groupWidth * 0.72) / Math.max(1, series.length);
  const barX = (category: number, s: number) => box.left + category * groupWidth + groupWidth * 0.14 + s * barWidth;
  svg += '<g class="bars">\n';
  series.forEach((s, si) => {
    s.values.forEach((v, ci) => {
      const x = barX(ci, si);
      svg += `<rect class="bar" x="${num(x + 1)}" y="${num(y(v))}" width="${num(Math.max(1, barWidth - 2))}" height="${num(y(0) - y(v))}" fill="${color(si)}" fill-opacity="0.8"><title>${escapeXml(`${s.label}, ${categories[ci]}: ${format(v)}`)}</title></rect>\n`;
      if (series.length * categories.length <= 12) {
        svg += `<text x="${num(x + barWidth / 2)}" y="${num(y(v) - 5)}" font-size="${TICK_SIZE - 1}" fill="${INK}" text-anchor="middle">${escapeXml(format(v))}</text>\n`;
      }
    });
  });
  svg += '</g>\n<g class="lines">\n';
  for (const l of lines) {
    const points = l.values.map((v, ci) => `${num(barX(ci, l.series) + barWidth / 2)},${num(y(v))}`).join(' ');
    svg += `<polyline class="line" points="${points}" fill="none" stroke="${color(l.series)}" stroke-width="2" stroke-dasharray="6 4"/>\n`;
    l.values.forEach((v, ci) => {
      svg += `<circle cx="${num(barX(ci, l.series) + barWidth / 2)}" cy="${num(y(v))}" r="3" fill="#ffffff" stroke="${color(l.series)}" stroke-width="2"/>\n`;
    });
  }
  svg += '</g>\n<g class="x-axis">\n';
  categories.forEach((c, ci) => {
    svg += `<text x="${num(box.left + (ci + 0.5) * groupWidth)}" y="${num(box.bottom + 20)}" font-size="${TICK_SIZE}" fill="${INK}" text-anchor="middle">${escapeXml(c)}</text>\n`;
  });
  svg += '</g>\n';
  return `${svg}${axisTitles(options.xLabel, options.yLabel, box)}</svg>\n`;
}

export interface ThroughputSeries {
  readonly label: string;
  readonly runs: readonly { readonly threads: number; readonly perSecond: number }[];
}

/**
 * Puzzles per second against threads, one bar group per thread count, with each series'
 * ideal-speedup line (its one-thread rate times the thread count, flat beyond `cores` when
 * given) dashed over its bars, so the gap between bar and line is what the cores did not give.
 */
export function renderThroughputChart(options: { readonly title: string; readonly series: readonly ThroughputSeries[]; readonly note?: string; readonly cores?: number }): string {
  const cores = options.cores ?? Number.POSITIVE_INFINITY;
  const threadCounts = [...new Set(options.series.flatMap((s) => s.runs.map((r) => r.threads)))].sort((a, b) => a - b);
  const valueAt = (s: ThroughputSeries, t: number) => s.runs.find((r) => r.threads === t)?.perSecond ?? 0;
  const series = options.series.map((s) => ({ label: s.label, values: threadCounts.map((t) => valueAt(s, t)) }));
  const lines = options.series.map((s, i) => {
    const base = s.runs.reduce((a, b) => (b.threads < a.threads ? b : a), s.runs[0] ?? { threads: 1, perSecond: 0 });
    const perThread = base.perSecond / base.threads;
    const label = Number.isFinite(cores) ? `ideal: one-thread rate × threads, up to ${cores} cores` : 'ideal: one-thread rate × threads';
    return { label, series: i, values: threadCounts.map((t) => perThread * Math.min(t, cores)) };
  });
  return renderBarChart({
    title: options.title,
    xLabel: options.note ?? 'worker threads',
    yLabel: 'puzzles per second',
    categories: threadCounts.map((t) => `${t} thread${t === 1 ? '' : 's'}`),
    series,
    lines,
  });
}

export interface HistogramSeries {
  readonly label: string;
  readonly histogram: Histogram;
}

export interface HistogramChartOptions {
  readonly title: string;
  readonly xLabel: string;
  readonly series: readonly HistogramSeries[];
  /** Tick labels on the x axis (default: `formatCount`). */
  readonly formatX?: ((v: number) => string) | undefined;
}

/** Log-scale histograms (see the header comment): x is log10 of the value, y the share of puzzles per bin. */
export function renderHistogramChart(options: HistogramChartOptions): string {
  const entries = options.series.map((s, i) => {
    const shown = s.histogram.total - s.histogram.zeros;
    const zeros = s.histogram.zeros > 0 ? `, ${s.histogram.zeros} at 0 not shown` : '';
    return { label: `${s.label} (${shown.toLocaleString('en-US')}${zeros})`, color: color(i) };
  });
  const box = frame(options.title, entries, 'chart histogram-chart');
  const bins = options.series.flatMap((s) => s.histogram.bins);
  const format = options.formatX ?? formatCount;
  if (bins.length === 0) {
    return `${box.head}<text x="${num((box.left + box.right) / 2)}" y="${num((box.top + box.bottom) / 2)}" font-size="${LABEL_SIZE}" fill="${MUTED}" text-anchor="middle">no data</text>\n</svg>\n`;
  }
  const lo = Math.floor(Math.log10(Math.min(...bins.map((b) => b.lo))) + 1e-9);
  const hi = Math.max(lo + 1, Math.ceil(Math.log10(Math.max(...bins.map((b) => b.hi))) - 1e-9));
  const x = (v: number) => box.left + ((Math.log10(v) - lo) / (hi - lo)) * (box.right - box.left);
  const share = (s: HistogramSeries, count: number) => (s.histogram.total > 0 ? (100 * count) / s.histogram.total : 0);
  const top = Math.max(...options.series.flatMap((s) => s.histogram.bins.map((b) => share(s, b.count))));
  const ticks = niceTicks(top);
  const yMax = ticks[ticks.length - 1]!;
  const y = (v: number) => box.bottom - (v / yMax) * (box.bottom - box.top);
  let svg = box.head + yAxis(ticks, y, box, (v) => `${trim(v)}%`);
  svg += '<g class="x-axis">\n';
  const decades = hi - lo;
  for (let k = lo; k <= hi; k++) {
    for (const m of decades <= 2 ? [1, 2, 5] : [1]) {
      const v = m * 10 ** k;
      if (k === hi && m > 1) continue;
      const major = m === 1;
      svg += `<line x1="${num(x(v))}" y1="${box.top}" x2="${num(x(v))}" y2="${box.bottom}" stroke="${GRID}" stroke-width="1"/>`;
      svg += `<line x1="${num(x(v))}" y1="${box.bottom}" x2="${num(x(v))}" y2="${box.bottom + (major ? 6 : 4)}" stroke="${MUTED}" stroke-width="1"/>`;
      svg += `<text x="${num(x(v))}" y="${box.bottom + 20}" font-size="${TICK_SIZE}" fill="${major ? INK : MUTED}" text-anchor="middle">${escapeXml(format(v))}</text>\n`;
    }
  }
  svg += '</g>\n<g class="histograms">\n';
  const single = options.series.length === 1;
  options.series.forEach((s, i) => {
    const hbins = s.histogram.bins;
    if (hbins.length === 0) return;
    let d = `M${num(x(hbins[0]!.lo))},${num(y(0))}`;
    for (const b of hbins) d += ` V${num(y(share(s, b.count)))} H${num(x(b.hi))}`;
    d += ` V${num(y(0))} Z`;
    svg += `<path class="histogram" d="${d}" fill="${color(i)}" fill-opacity="${single ? 0.45 : 0.14}" stroke="${color(i)}" stroke-width="2" stroke-linejoin="round"/>\n`;
    for (const b of hbins) {
      if (b.count === 0) continue;
      svg += `<rect x="${num(x(b.lo))}" y="${num(y(share(s, b.count)))}" width="${num(x(b.hi) - x(b.lo))}" height="${num(y(0) - y(share(s, b.count)))}" fill="transparent"><title>${escapeXml(`${s.label}: ${b.count.toLocaleString('en-US')} puzzles from ${format(b.lo)} to ${format(b.hi)}`)}</title></rect>\n`;
    }
  });
  svg += `</g>\n<line x1="${box.left}" y1="${num(y(0))}" x2="${box.right}" y2="${num(y(0))}" stroke="${MUTED}" stroke-width="1"/>\n`;
  return `${svg}${axisTitles(`${options.xLabel} (log scale)`, 'share of puzzles', box)}</svg>\n`;
}

function color(i: number): string {
  return SERIES_COLORS[i % SERIES_COLORS.length]!;
}
