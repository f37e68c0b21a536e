/**
 * `sudokit bench FILE ... [options]`: the benchmark lab. Reads the files, runs every chosen
 * engine over every file (and the reversed puzzles with --reversed) on this thread, optionally
 * measures throughput on 1, 2, 4 … worker threads, and prints the report (see lab/report.ts).
 * The measuring lives in the library (lab/measure.ts, lab/throughput.ts); this file maps flags.
 */
import { mkdirSync } from 'node:fs';
import { availableParallelism, cpus, loadavg } from 'node:os';
import { basename, dirname } from 'node:path';
import { acceptedPuzzles, type BenchRow, type BenchSet, benchEngine, makeBenchSet, reversedSet } from '../lab/measure.js';
import { type BenchReport, benchCharts, makeBenchReport, REPORT_FORMATS, type ReportFormat, type ThreadsResult } from '../lab/report.js';
import { measureThroughput } from '../lab/throughput.js';
import { seededRandom } from '../random.js';
import { ENGINE_IDS, getEngine } from '../registry.js';
import { throughputTable } from '../lab/stats.js';
import { boxSideOf, oneOf, positiveInteger, positiveNumber, UsageError, withInputErrors, parseCommandArgs } from './args.js';
import { VAL_ORDERS, type ValOrder, VAR_ORDERS, type VarOrder } from '../engine.js';
import { checkInputs, readRecords, urlTimeoutHelp } from './input.js';
import { writeFileWhole, writeOutput } from './output.js';
import { Progress } from './progress.js';

/**
 * The engines timed when none are named: the two cores and the fastest readable engine, a
 * minute's work on the hardest files. The slow readable engines (plain backtracking takes seconds
 * a puzzle on top95) are there for the essay's comparisons, asked for by name or with `all`.
 */
const QUICK_ENGINES = ['fast', 'exact-cover', 'dancing-links'] as const;

export const BENCH_HELP = `Usage: sudokit bench FILE|URL|- ... [options]

Time engines on files of puzzles, one puzzle at a time, and print the table of Norvig's essay
(engine, file, N, Hz, avg, max) with median, p99, mean search nodes and guesses per puzzle, and
columns for puzzles stopped by the cap, puzzles the engine refused up front, wrong answers
(every solution is checked) and invalid lines; then the percentiles of search tree size, time as the sample grows, and histograms.

Options:
  --engines A,B,...|all      engines to compare (default: ${QUICK_ENGINES.join(', ')}, the quick
                             ones; all: every engine, ${ENGINE_IDS.join(', ')}, which takes
                             minutes on a file of hard puzzles)
  --limit N                  count solutions up to N per puzzle (default 2: proves uniqueness)
  --cap-ms MS                stop a puzzle after MS milliseconds; capped puzzles are counted
  --reversed                 also run each file with every puzzle reversed (the essay's ALL2)
  --threads 1,2,4            also measure throughput on pools of these sizes, with speedup and
                             the mean time per puzzle (latency) for each; a small file is
                             answered several times over so each run lasts about 0.5 s, and
                             the best of 3 interleaved runs per thread count is kept
  --format table|markdown|csv|json
                             table: aligned text (default); markdown; csv: one CSV table per
                             section, separated by blank lines; json: everything, one object
  --chart FILE.svg           write charts: FILE-time.svg and FILE-nodes.svg (log-scale
                             histograms), and FILE-threads.svg with --threads
  --max N                    use only the first N puzzles of each file
  --seed S                   randomise the engines' search order, reproducibly
  --var-order A,B,...        variable orderings to compare (${VAR_ORDERS.join(', ')}): one row
                             per engine and ordering, e.g. search/first beside search/minrv
  --val-order A,B,...        value orderings to compare (${VAL_ORDERS.join(', ')})
  --box RxC                  box shape for sides that are not perfect squares (6x6: 2x3)
  --no-progress              never draw the progress bar (drawn on terminals only)
${urlTimeoutHelp(29)}
  -h, --help                 show this help

Exit status: 0 when every answer was right and every line a puzzle; 1 when an engine gave a
wrong answer or a line was invalid (the run still completes); 2 for usage errors; 74 when the
report or a chart could not be written.`;

/** Seconds of one-thread work each threads run should hold at least. */
const THREADS_RUN_SECONDS = 0.5;
/** Runs of each thread count, in turns; the fastest counts (other processes only ever slow a run). */
const THREADS_ROUNDS = 3;

export async function benchCommand(argv: readonly string[]): Promise<number> {
  const { values, positionals } = parseCommandArgs({
    args: [...argv],
    allowPositionals: true,
    strict: true,
    options: {
      engines: { type: 'string' },
      limit: { type: 'string' },
      'cap-ms': { type: 'string' },
      reversed: { type: 'boolean' },
      threads: { type: 'string' },
      format: { type: 'string' },
      chart: { type: 'string' },
      max: { type: 'string' },
      seed: { type: 'string' },
      'var-order': { type: 'string' },
      'val-order': { type: 'string' },
      box: { type: 'string' },
      'no-progress': { type: 'boolean' },
      'url-timeout': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    writeOutput(`${BENCH_HELP}\n`);
    return 0;
  }
  if (positionals.length === 0) throw new UsageError('bench needs at least one FILE (or - for standard input); see sudokit bench --help');
  const format = (values.format ?? 'table') as ReportFormat;
  if (!REPORT_FORMATS.includes(format)) throw new UsageError(`unknown --format "${values.format}": expected ${REPORT_FORMATS.join(', ')}`);
  const engineIds = values.engines === undefined ? QUICK_ENGINES : values.engines === 'all' ? ENGINE_IDS : values.engines.split(',').map((s) => s.trim());
  if (values.engines === undefined) process.stderr.write(`sudokit: timing ${QUICK_ENGINES.join(', ')} (--engines all times every engine, --engines A,B the ones named)\n`);
  for (const id of engineIds) if (!getEngine(id)) throw new UsageError(`unknown engine "${id}" in --engines: expected ${ENGINE_IDS.join(', ')}`);
  const engines = engineIds.map((id) => getEngine(id)!);
  const limit = values.limit === undefined ? 2 : positiveInteger('--limit', values.limit);
  const capMs = values['cap-ms'] === undefined ? undefined : positiveNumber('--cap-ms', values['cap-ms']);
  const max = values.max === undefined ? undefined : positiveInteger('--max', values.max);
  const seed = values.seed === undefined ? undefined : positiveIntegerOrZero('--seed', values.seed);
  const varOrders: Array<VarOrder | undefined> = values['var-order'] === undefined ? [undefined] : values['var-order'].split(',').map((o) => oneOf('--var-order', o.trim(), VAR_ORDERS));
  const valOrders: Array<ValOrder | undefined> = values['val-order'] === undefined ? [undefined] : values['val-order'].split(',').map((o) => oneOf('--val-order', o.trim(), VAL_ORDERS));
  const threadCounts = values.threads === undefined ? [] : values.threads.split(',').map((t) => positiveInteger('--threads', t.trim()));
  if (threadCounts.some((t) => t > 256)) throw new UsageError('--threads: at most 256 threads');
  const side = boxSideOf(values.box);
  const urlTimeoutMs = values['url-timeout'] === undefined ? undefined : positiveNumber('--url-timeout', values['url-timeout']);
  const inputs = await withInputErrors(() => checkInputs(positionals, urlTimeoutMs === undefined ? {} : { urlTimeoutMs }));

  // Other processes compete for the cores: say how busy the machine was.
  const loadAtStart = loadavg()[0] ?? 0;

  // Read every file first: the work to come is then known, for the progress bar.
  const sets: BenchSet[] = [];
  for (const input of inputs) {
    const records = await withInputErrors(() => readRecords(input, side === undefined ? {} : { side }));
    const name = input.name === '-' ? 'stdin' : basename(input.name).replace(/\.txt$/, '');
    const set = makeBenchSet(name, records, { ...(values.box === undefined ? {} : { box: values.box }), ...(max === undefined ? {} : { max }) });
    for (const bad of set.invalid.slice(0, 5)) process.stderr.write(`sudokit: ${input.name}:${bad.line}: ${bad.message}\n`);
    if (set.invalid.length > 5) process.stderr.write(`sudokit: ${input.name}: ${set.invalid.length - 5} more invalid lines\n`);
    sets.push(set);
    if (values.reversed) sets.push(reversedSet(set));
  }

  const totalPuzzles = sets.reduce((sum, s) => sum + s.puzzles.length, 0);
  const work = totalPuzzles * engines.length * (varOrders.length * valOrders.length + threadCounts.length * THREADS_ROUNDS);
  const progress = new Progress(!values['no-progress'] && process.stderr.isTTY === true, work);
  let done = 0;
  const rows: BenchRow[] = [];
  const threads: ThreadsResult[] = [];
  try {
    for (const engine of engines) {
      for (const set of sets) {
        for (const varOrder of varOrders) {
          for (const valOrder of valOrders) {
            const before = done;
            const random = seed === undefined ? undefined : seededRandom(seed);
            const row = benchEngine(engine, set, {
              limit,
              ...(capMs === undefined ? {} : { capMs }),
              ...(random === undefined ? {} : { random }),
              ...(varOrder === undefined ? {} : { varOrder }),
              ...(valOrder === undefined ? {} : { valOrder }),
              onProgress: (n) => progress.update(before + n, before + n),
            });
            // Several orderings: the row names the one it measured.
            const label = [engine.id, ...(varOrders.length > 1 ? [varOrder] : []), ...(valOrders.length > 1 ? [valOrder] : [])].join('/');
            rows.push({ ...row, engine: label });
            done = before + set.puzzles.length;
          }
        }
        if (threadCounts.length === 0) continue;
        // Small files are answered several times over, so each run lasts about half a second on one thread.
        const repeat = Math.max(1, Math.min(10_000, Math.ceil(THREADS_RUN_SECONDS / Math.max(rows.at(-1)!.seconds, 1e-6))));
        const start = done;
        const step = (n: number) => progress.update(start + n / repeat, start + n / repeat);
        const accepted = { ...set, puzzles: acceptedPuzzles(engine, set) };
        const runs = await measureThroughput(accepted, threadCounts, { engine: engine.id, limit, repeat, rounds: THREADS_ROUNDS, ...(capMs === undefined ? {} : { capMs }), onProgress: step });
        done = start + set.puzzles.length * threadCounts.length * THREADS_ROUNDS;
        threads.push({ engine: engine.id, file: set.name, runs: throughputTable(runs) });
      }
    }
  } finally {
    progress.finish();
  }

  const cpu = cpus()[0]?.model.trim() ?? 'unknown CPU';
  const report: BenchReport = {
    machine: `${cpu}, ${availableParallelism()} cores, Node ${process.version}, load average ${loadAtStart.toFixed(2)} at the start`,
    cores: availableParallelism(),
    load: loadAtStart,
    command: `sudokit bench ${argv.join(' ')}`,
    limit,
    ...(capMs === undefined ? {} : { capMs }),
    rows,
    threads,
  };
  writeOutput(makeBenchReport(report, format));
  if (values.chart !== undefined) {
    const base = values.chart.replace(/\.svg$/i, '');
    for (const chart of benchCharts(report)) {
      const path = `${base}-${chart.name}.svg`;
      mkdirSync(dirname(path), { recursive: true });
      writeFileWhole(path, chart.svg);
      process.stderr.write(`sudokit: wrote ${path}\n`);
    }
  }
  const wrong = rows.some((r) => r.wrong > 0);
  const invalid = sets.some((s) => s.invalid.length > 0);
  for (const r of rows) if (r.firstFailure) process.stderr.write(`sudokit: ${r.engine} answered wrongly: ${r.firstFailure}\n`);
  return wrong || invalid ? 1 : 0;
}

function positiveIntegerOrZero(flag: string, text: string): number {
  if (text.trim() === '0') return 0;
  return positiveInteger(flag, text);
}
