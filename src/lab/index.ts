/**
 * `sudokit/lab`: the benchmark lab behind `sudokit bench` and the results in bench/results:
 * timing engines over sets of puzzles, statistics (percentiles, histograms, throughput), tables
 * in text, Markdown, CSV and JSON, and SVG charts. Kept off the root export, which is what a
 * program that solves, explains, grades or makes puzzles needs.
 */
export { PERCENTILES, growthTable, logHistogram, max, mean, median, percentile, percentileTable, sortedCopy, stddev, summarize, throughputTable } from './stats.js';
export type { Bin, GrowthRow, Histogram, Summary, ThroughputRow, ThroughputRun } from './stats.js';
export { TABLE_FORMATS, makeTable } from './table.js';
export type { Column, TableFormat } from './table.js';
export { acceptedPuzzles, benchEngine, makeBenchSet, reversePuzzle, reversedSet } from './measure.js';
export type { BenchOptions, BenchRow, BenchSet, InvalidLine } from './measure.js';
export { REPORT_FORMATS, benchCharts, formatFigure, makeBenchReport, textHistogram, threadsSentence } from './report.js';
export type { BenchReport, ReportFormat, ThreadsResult } from './report.js';
export { SERIES_COLORS, formatCount, formatDuration, niceTicks, renderBarChart, renderHistogramChart, renderThroughputChart } from './chart.js';
export type { BarChartOptions, BarSeries, HistogramChartOptions, HistogramSeries, ThroughputSeries } from './chart.js';
