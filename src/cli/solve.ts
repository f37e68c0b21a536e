/**
 * `sudokit solve [FILE|URL|-] …`: one answer per puzzle, in input order, streaming.
 *
 * Lines are cut into puzzles on the main thread and answered in batches, written in submission
 * order, with at most a few in flight, so memory stays constant however long the input is.
 * Where a batch is answered (here in short slices, then on the worker pool) is the scheduler's
 * policy (batch/scheduler.ts), shared with the step commands; so the main thread is never busy
 * for long, and Ctrl-C, SIGTERM or a closed pipe end the run at once (see run.ts); everything
 * already written is whole lines answering a prefix of the input.
 *
 * `--all` is the exception: it writes each solution as the search finds it (a puzzle may have
 * more than fit in memory), so it answers on this thread, writes synchronously, and leaves
 * signals their default effect, since a search that never ends would never look at a flag.
 * `--all --count` answers one line per puzzle like a plain solve, on the pool.
 */
import { availableParallelism } from 'node:os';
import { type AnswerOptions, answerBatch, type BatchAnswer, emptyCounts, formatMicros, type Status, streamSolutions } from '../batch/solve.js';
import { DEFAULT_SEED, VAL_ORDERS, VAR_ORDERS } from '../engine.js';
import { OUTPUT_FORMATS, type OutputFormat } from '../format/make.js';
import { parseBoxShape } from '../format/parse.js';
import { type PuzzleRecord, PuzzleSplitter } from '../format/records.js';
import { batchOf } from '../batch/input.js';
import { BatchScheduler } from '../batch/scheduler.js';
import { isCoreEngine } from '../core/engines.js';
import type { Engine } from '../engine.js';
import { type Input, InputError, checkInputs, isInputName, readLines, urlTimeoutHelp } from './input.js';
import { Progress } from './progress.js';
import { writeOutput } from './output.js';
import { InOrder, Run, reportPool } from './run.js';
import { UsageError, oneOf, wantsColor, positiveInteger, positiveNumber, threadCount, parseCommandArgs } from './args.js';

/** The help text; the engines' lines come from the registry, loaded only for --help. */
export function solveHelp(engines: readonly Engine[]): string {
  return `Usage: sudokit solve [PUZZLE|FILE|URL|-] ... [options]

Solve every puzzle in the inputs (standard input when none is given, or for -), one answer per
puzzle in input order. A puzzle is one line of n² cells (. or 0 for empty), a grid over several
lines, or a JSON array of rows; blank lines and lines starting with # are skipped. An argument
that is not a file, a URL or - is read as a puzzle itself.

Options:
  --format line|pretty|json  line: the solution on one line (default); pretty: a boxed grid;
                             json: one JSON object per puzzle (JSON Lines)
  --limit N                  count solutions up to N (default 2, which decides uniqueness)
  --time-limit MS            give up on a puzzle after MS milliseconds (status "timeout")
  --threads N                worker threads (default: the number of cores, ${availableParallelism()} here)
  --box RxC                  box shape for sides that are not perfect squares (6x6 needs 2x3 or 3x2)
  --engine ID                the engine (default fast); see the list below
  --var-order ORDER          which cell a search branches on: ${VAR_ORDERS.join(', ')} (default minrv)
  --val-order ORDER          which digit it tries first: ${VAL_ORDERS.join(', ')} (default first)
  --seed N                   seed of every random choice (random orderings; with fast, a random
                             digit order); each puzzle draws from the seed and its line number, so
                             runs repeat on any number of threads. Default ${DEFAULT_SEED} when an ordering is random
  --all                      write every solution of each puzzle, one per line (json: one object
                             per solution with "line" and "index"), up to --limit if given; runs on
                             one thread, since it writes solutions as they are found
  --all --count              only the number of solutions of each puzzle, one line per puzzle
  --times                    say how long each puzzle took (pretty) and print a summary at the end
  --no-progress              never draw the progress line on stderr
${urlTimeoutHelp(29)}
  -h, --help                 show this help

Engines (the orderings apply to search, forward-checking, arc-consistency, dual, naked-pairs and
logic-then-search; the others ignore them):
${engines.map((e) => `  ${e.id.padEnd(19)} ${e.description}`).join('\n')}

Each problem is said on stderr with its line (sudokit: line 3: no solution), and so is a puzzle
with more than one solution (its answer is the first found; not with --all or --limit 1).

Exit status: 0 when every puzzle was valid and had a solution (or several); 1 when
any was invalid (or refused by the engine), unsolvable or timed out (every other puzzle is still
answered); 2 for usage errors; 74 when the output could not be written (a full disk, a closed
standard output: said on stderr; what was written is whole answers); 130 on Ctrl-C and 143 on
SIGTERM (with --all, whose search never looks up, the signal itself ends the process).`;
}

const BATCH_SIZE = 256;

export async function solveCommand(argv: readonly string[]): Promise<number> {
  const { values, positionals } = parseCommandArgs({
    args: [...argv],
    allowPositionals: true,
    strict: true,
    options: {
      format: { type: 'string' },
      limit: { type: 'string' },
      'time-limit': { type: 'string' },
      threads: { type: 'string' },
      box: { type: 'string' },
      engine: { type: 'string' },
      'var-order': { type: 'string' },
      'val-order': { type: 'string' },
      seed: { type: 'string' },
      all: { type: 'boolean' },
      count: { type: 'boolean' },
      times: { type: 'boolean' },
      'no-progress': { type: 'boolean' },
      'url-timeout': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    writeOutput(`${solveHelp((await import('../registry.js')).ENGINES)}\n`);
    return 0;
  }
  const format = (values.format ?? 'line') as OutputFormat;
  if (!OUTPUT_FORMATS.includes(format)) throw new UsageError(`unknown --format "${values.format}": expected ${OUTPUT_FORMATS.join(', ')}`);
  if (values.count && !values.all) throw new UsageError('--count counts every solution, so it needs --all');
  const all = values.all ?? false;
  // With --all, --limit caps the solutions written or counted; without it nothing is capped.
  const limit = values.limit === undefined ? (all ? Number.POSITIVE_INFINITY : 2) : positiveInteger('--limit', values.limit);
  const timeLimitMs = values['time-limit'] === undefined ? undefined : positiveNumber('--time-limit', values['time-limit']);
  const asked = threadCount(values.threads, availableParallelism());
  const engine = values.engine ?? 'fast';
  // Only the cores are loaded up front; any other engine brings the registry (and checks the id).
  if (!isCoreEngine(engine)) {
    const { ENGINE_IDS, getEngine } = await import('../registry.js');
    if (!getEngine(engine)) throw new UsageError(`unknown --engine "${engine}": expected one of ${ENGINE_IDS.join(', ')}`);
  }
  const varOrder = oneOf('--var-order', values['var-order'], VAR_ORDERS);
  const valOrder = oneOf('--val-order', values['val-order'], VAL_ORDERS);
  const randomOrder = varOrder === 'random' || valOrder === 'random';
  const seed = values.seed === undefined ? (randomOrder ? DEFAULT_SEED : undefined) : seedOf(values.seed);
  const streaming = all && !values.count;
  const threads = streaming ? 1 : asked;
  if (streaming && values.threads !== undefined && asked > 1) process.stderr.write('sudokit: --all writes solutions as they are found, so it runs on one thread\n');
  let side: number | undefined;
  if (values.box !== undefined) {
    const shape = parseBoxShape(values.box);
    if (!shape.ok) throw new UsageError(shape.message);
    side = shape.geometry.size;
  }
  // Each argument is a file, a URL, `-`, or a puzzle written out (`sudokit solve 4.....8.5.3…`).
  const names = positionals.length > 0 ? positionals : ['-'];
  const urlTimeoutMs = values['url-timeout'] === undefined ? undefined : positiveNumber('--url-timeout', values['url-timeout']);
  let inputs: Input[];
  try {
    inputs = await checkInputs(names.filter(isInputName), urlTimeoutMs === undefined ? {} : { urlTimeoutMs });
  } catch (e) {
    if (e instanceof InputError) throw new UsageError(e.message);
    throw e;
  }
  const color = format === 'pretty' && wantsColor(process.stdout);
  const baseOptions: AnswerOptions = {
    format,
    limit,
    engine,
    color,
    times: values.times ?? false,
    ...(timeLimitMs === undefined ? {} : { timeLimitMs }),
    ...(values.box === undefined ? {} : { box: values.box }),
    ...(varOrder === undefined ? {} : { varOrder }),
    ...(valOrder === undefined ? {} : { valOrder }),
    ...(seed === undefined ? {} : { seed }),
    ...(values.count ? { countOnly: true } : {}),
  };
  const totalBytes = inputs.every((i) => i.size !== undefined) ? inputs.reduce((sum, i) => sum + (i.size ?? 0), 0) : undefined;
  const progress = new Progress(!values['no-progress'] && process.stderr.isTTY === true, totalBytes);
  // A streaming search is synchronous and may never end (every solution of an empty grid), so a
  // signal must keep its default effect there: end the process at once. Solutions are written
  // whole, in chunks of whole lines.
  const run = new Run({ signals: !streaming });
  const solveRun = new SolveRun(run, threads, progress, streaming);

  if (inputs.some((i) => i.name === '-') && process.stdin.isTTY) {
    process.stderr.write('sudokit: reading puzzles from the terminal, one per line; Ctrl-D ends (sudokit solve --help for more)\n');
  }
  const started = performance.now();
  let inputFailed = false;
  let bytesBefore = 0;
  try {
    for (const name of names) {
      if (run.stopped) break;
      const options: AnswerOptions = names.length > 1 ? { ...baseOptions, source: isInputName(name) ? name : 'argument' } : baseOptions;
      if (!isInputName(name)) {
        await solveRun.submit([{ line: 1, text: name, note: '' }], options, bytesBefore);
        continue;
      }
      const input = inputs.find((i) => i.name === name)!;
      const splitter = new PuzzleSplitter(side === undefined ? {} : { side });
      let records: PuzzleRecord[] = [];
      let lineNumber = 0;
      let bytes = 0;
      // Where the line just read ends in the input (each line and its newline; at most what was
      // read): the progress bar's position once the batch it closes is answered.
      let position = 0;
      try {
        for await (const chunk of readLines(input, run.signal)) {
          bytes = chunk.bytes;
          for (const line of chunk.lines) {
            position += chunk.utf16 ? 2 * (line.length + 1) : (chunk.ascii ? line.length : Buffer.byteLength(line)) + 1;
            splitter.push(line, ++lineNumber, records);
            if (records.length >= BATCH_SIZE) {
              await solveRun.submit(records, options, bytesBefore + Math.min(position, bytes));
              records = [];
            }
          }
          // The end of what the input had ready: a terminal or a pipe may now wait for its writer,
          // so what was read is answered now rather than when a batch fills.
          if (records.length > 0 && !run.stopped) {
            await solveRun.submit(records, options, bytesBefore + Math.min(position, bytes));
            records = [];
          }
          if (run.stopped) break;
        }
      } catch (e) {
        if (!(e instanceof InputError)) throw e;
        progress.message(`sudokit: ${e.message}\n`);
        inputFailed = true;
      }
      if (!run.stopped) {
        splitter.end(records);
        if (records.length > 0) await solveRun.submit(records, options, bytesBefore + bytes);
      }
      bytesBefore += bytes;
    }
    await solveRun.drain();
  } finally {
    progress.finish();
    run.dispose();
    await solveRun.close();
  }
  const stoppedBy = run.exitCode();
  if (stoppedBy !== undefined) return stoppedBy;
  const { counts } = solveRun;
  if (values.times) {
    const total = Object.values(counts).reduce((a, b) => a + b, 0);
    const micros = Math.round((performance.now() - started) * 1000);
    const parts = (Object.entries(counts) as [Status, number][]).filter(([, n]) => n > 0).map(([s, n]) => `${n} ${s}`);
    const summary = `${total} puzzle${total === 1 ? '' : 's'}: ${parts.join(', ') || 'none'}; ${formatMicros(micros)} in all, ${threads} thread${threads === 1 ? '' : 's'}\n`;
    if (format === 'pretty') {
      // A comment, as the headers are: the pretty output still reads back in.
      await solveRun.write(`# ${summary}`);
      // A summary that could not be written fails the run like an answer would.
      run.exitCode();
    } else process.stderr.write(summary);
  }
  if (inputFailed) return 2;
  return counts.invalid + counts.unsupported + counts.unsolvable + counts.timeout > 0 ? 1 : 0;
}

/** What `solve` submits a batch with: its options, and where its last line ends in the input (bytes). */
interface SolveContext {
  readonly options: AnswerOptions;
  readonly bytes: number;
}

/** The ordered writer behind `solve`: answers batches here or on the pool (batch/scheduler.ts), writes in order. */
class SolveRun {
  readonly #run: Run;
  /** `--all`: answer here and write each puzzle's solutions as they are found. */
  readonly #streaming: boolean;
  /** Puzzles answered and written so far: what the progress line counts. */
  answered = 0;
  /** Where in the input each answer in flight ends (bytes), oldest first: the progress bar's position once it is written. */
  readonly #marks: number[] = [];
  #lastMark = 0;
  readonly counts = emptyCounts();
  readonly #progress: Progress;
  readonly #answers: InOrder<BatchAnswer>;
  readonly #scheduler: BatchScheduler<BatchAnswer, SolveContext>;

  constructor(run: Run, threads: number, progress: Progress, streaming: boolean) {
    this.#run = run;
    this.#streaming = streaming;
    this.#progress = progress;
    const answers = new InOrder<BatchAnswer>(run, threads * 4, (answer) => this.#emit(answer));
    this.#scheduler = new BatchScheduler(
      threads,
      {
        here: (batch, sliceMs, { options, bytes }) => {
          const answer = answerBatch(batch, options, sliceMs);
          // A batch cut short here covers that share of its bytes; the pool answers the rest.
          this.#marks.push(this.#lastMark + ((bytes - this.#lastMark) * answer.answered) / batch.texts.length);
          if (answer.answered === batch.texts.length) this.#lastMark = bytes;
          return { answer, answered: answer.answered, ...(answer.cutMs === undefined ? {} : { cutMs: answer.cutMs }) };
        },
        pooled: (pool, batch, { options, bytes }, upTo) => {
          // A piece covers its share of the batch's bytes; the last one ends where the batch does.
          this.#marks.push(upTo >= 1 ? bytes : this.#lastMark + (bytes - this.#lastMark) * upTo);
          if (upTo >= 1) this.#lastMark = bytes;
          return pool.run(batch, options);
        },
      },
      (answer) => answers.push(answer),
    );
    this.#answers = answers;
  }

  /** Answer a batch; `bytes` is where its last line ends in the input (all inputs so far). */
  async submit(records: readonly PuzzleRecord[], options: AnswerOptions, bytes: number): Promise<void> {
    if (this.#run.stopped) return;
    const batch = batchOf(records);
    if (this.#streaming) {
      // Stopped (counts undefined): the reader went away, or a write failed; the run knows which.
      const counts = streamSolutions(batch, options, { out: (text) => this.#run.writeSync(text), err: (text) => this.#progress.message(text) });
      if (counts) this.#count(counts);
      this.answered += records.length;
      this.#progress.update(this.answered, bytes);
      return;
    }
    await this.#scheduler.submit(batch, { options, bytes });
  }

  drain(): Promise<void> {
    return this.#answers.drain();
  }

  async close(): Promise<void> {
    await this.#scheduler.close();
    reportPool(this.#scheduler.pool);
  }

  /** Write the summary (`--times` with pretty output), in order after the answers. */
  async write(text: string): Promise<void> {
    if (this.#streaming) this.#run.writeSync(text);
    else await this.#run.write(text);
  }

  #count(counts: Record<Status, number>): void {
    for (const key of Object.keys(counts) as Status[]) this.counts[key] += counts[key];
  }

  async #emit(answer: BatchAnswer): Promise<void> {
    this.#count(answer.counts);
    if (answer.err) this.#progress.message(answer.err);
    await this.#run.write(answer.out);
    this.answered += answer.answered;
    this.#progress.update(this.answered, this.#marks.shift() ?? 0);
  }
}

/** A seed: a whole number from 0 to 2^32 − 1. */
function seedOf(text: string): number {
  const n = Number(text);
  if (!/^\s*\d+\s*$/.test(text) || !Number.isSafeInteger(n) || n > 0xffffffff) throw new UsageError(`--seed expects a whole number from 0 to 4294967295, got "${text}"`);
  return n;
}
