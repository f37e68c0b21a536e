/**
 * The step commands (`hint`, `explain`, `grade`) share everything but their answer: the puzzles
 * named on the line (files, URLs and `-` are read line by line through the splitter; any other
 * argument is a puzzle itself, so `sudokit hint 4.....8.5.3…` works), their flags, and how they
 * run. The first puzzle is tried on the main thread for a short slice of time; it and the rest go
 * in batches to a worker pool (one worker unless `--threads` says more), so the main thread stays
 * free to notice Ctrl-C or a closed pipe however long a puzzle takes; answers are written in
 * input order, one per record, whatever went wrong with it.
 */
import { type PuzzleRecord, PuzzleSplitter } from '../format/records.js';
import { SolvePool } from '../pool/pool.js';
import { DEFAULT_STEP_TIME_LIMIT_MS, type StepBatchAnswer, type StepBatchOptions, type StepCommand } from '../batch/steps.js';
import { UsageError, boxSideOf, positiveNumber, threadCount, parseCommandArgs } from './args.js';
import { type Input, InputError, isInputName, checkInputs, readLines } from './input.js';
import { InOrder, Run, reportPool } from './run.js';

export interface SourcedRecord extends PuzzleRecord {
  /** The input it came from, when there are several (for messages). */
  readonly source?: string;
}

/** Whether a command-line argument names an input rather than being a puzzle. */
/**
 * Call `each` for every puzzle of the arguments, in order, until the run stops. Returns false
 * when an input could not be read to its end (the message is written to stderr; the other
 * inputs are still read).
 */
export async function forEachPuzzle(args: readonly string[], side: number | undefined, run: Run, each: (record: SourcedRecord) => void | Promise<void>): Promise<boolean> {
  const names = args.length > 0 ? args : ['-'];
  let inputs: Input[];
  try {
    inputs = await checkInputs(names.filter(isInputName));
  } catch (e) {
    if (e instanceof InputError) throw new UsageError(e.message);
    throw e;
  }
  if (names.includes('-') && process.stdin.isTTY) process.stderr.write('sudokit: reading puzzles from the terminal, one per line; Ctrl-D ends\n');
  const several = names.length > 1;
  let ok = true;
  for (const name of names) {
    if (run.stopped) break;
    if (!isInputName(name)) {
      await each({ line: 1, text: name, note: '', ...(several ? { source: 'argument' } : {}) });
      continue;
    }
    const input = inputs.find((i) => i.name === name)!;
    const splitter = new PuzzleSplitter(side === undefined ? {} : { side });
    const records: PuzzleRecord[] = [];
    const source = several ? { source: name } : {};
    let lineNumber = 0;
    try {
      for await (const chunk of readLines(input, run.signal)) {
        for (const line of chunk.lines) {
          splitter.push(line, ++lineNumber, records);
          for (const r of records.splice(0)) await each({ ...r, ...source });
        }
        if (run.stopped) break;
      }
    } catch (e) {
      if (!(e instanceof InputError)) throw e;
      process.stderr.write(`sudokit: ${e.message}\n`);
      ok = false;
    }
    if (run.stopped) break;
    splitter.end(records);
    for (const r of records.splice(0)) await each({ ...r, ...source });
  }
  return ok;
}

/** `file:line N` or `line N`, for messages. */
export function whereOf(record: SourcedRecord): string {
  return `${record.source === undefined ? '' : `${record.source}:`}line ${record.line}`;
}

/** What every step command says about its flags (appended to each command's own help). */
export const STEP_OPTIONS_HELP = `  --time-limit MS      stop looking for steps after MS milliseconds per puzzle, counting the
                      search for its solution; the answer then says how far it got (status
                      "timeout"). Default: none for 9x9 and smaller, ${DEFAULT_STEP_TIME_LIMIT_MS} ms above
  --threads N         worker threads (default 1)
  --box RxC           box shape for sides that are not perfect squares (6x6 needs 2x3 or 3x2)
  -h, --help          show this help`;

/**
 * Records per batch sent to a worker. One: a hard puzzle takes a second where a message costs
 * microseconds, and each answer written is a chance to learn that the reader has gone (a closed
 * pipe only shows at a write).
 */
const BATCH_SIZE = 1;

/**
 * How long the first puzzle may keep the main thread busy before it goes to a worker, which
 * starts it again. Starting a worker costs more than most hints: `hint` on one puzzle took
 * about 190 ms end to end against 114 ms for `solve`. Signals and a closed pipe wait at most
 * this long.
 */
const FIRST_SLICE_MS = 150;

/**
 * Run a step command: parse its flags (--format text|json, --box, --time-limit, --threads,
 * --verbose where it applies), answer every puzzle on the pool, write in order. Returns the
 * exit status: 0, 1 when a puzzle failed, 2 when an input could not be read, 130/143 on a
 * signal, 0 when the reader went away.
 */
export async function runStepCommand(command: StepCommand, argv: readonly string[], help: string, defaults: { verbose?: boolean } = {}): Promise<number> {
  const { values, positionals } = parseCommandArgs({
    args: [...argv],
    allowPositionals: true,
    strict: true,
    options: {
      format: { type: 'string' },
      box: { type: 'string' },
      'time-limit': { type: 'string' },
      threads: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
      ...(command === 'explain' ? { verbose: { type: 'boolean' } } : {}),
    },
  });
  if (values.help) {
    process.stdout.write(`${help}\n`);
    return 0;
  }
  const format = values.format ?? 'text';
  if (format !== 'text' && format !== 'json') throw new UsageError(`unknown --format "${format}": expected text, json`);
  const box = typeof values.box === 'string' ? values.box : undefined;
  const side = boxSideOf(box);
  const timeLimit = typeof values['time-limit'] === 'string' ? positiveNumber('--time-limit', values['time-limit']) : undefined;
  const threads = threadCount(typeof values.threads === 'string' ? values.threads : undefined, 1);
  const options: StepBatchOptions = {
    command,
    format,
    ...(box === undefined ? {} : { box }),
    ...(timeLimit === undefined ? {} : { timeLimitMs: timeLimit }),
    ...(values.verbose === true || defaults.verbose ? { verbose: true } : {}),
  };
  const run = new Run();
  let pool: SolvePool | undefined;
  let failed = 0;
  const answers = new InOrder<StepBatchAnswer>(run, threads * 2, async (answer) => {
    failed += answer.failed;
    process.stderr.write(answer.err);
    await run.write(answer.out);
  });
  let batch = { lines: [] as number[], texts: [] as string[], wheres: [] as string[], numbers: [] as number[] };
  let count = 0;
  let tried = false;
  const submit = async () => {
    if (batch.texts.length === 0 || run.stopped) return;
    const sent = batch;
    batch = { lines: [], texts: [], wheres: [], numbers: [] };
    let spent: { firstSpentMs: number } | undefined;
    if (!tried) {
      // The first puzzle is tried here, for a slice of time: one easy puzzle then needs no worker.
      tried = true;
      const { answerStepBatch } = await import('../batch/steps.js');
      const started = performance.now();
      const here = answerStepBatch(sent, options, FIRST_SLICE_MS);
      if (here !== undefined) {
        await answers.push(Promise.resolve(here));
        return;
      }
      // Given up here: a worker starts it again with what is left of its time limit.
      spent = { firstSpentMs: performance.now() - started };
    }
    pool ??= new SolvePool(threads);
    await answers.push(pool.runSteps({ ...sent, ...spent }, options));
  };
  let ok = true;
  try {
    ok = await forEachPuzzle(positionals, side, run, async (record) => {
      batch.lines.push(record.line);
      batch.texts.push(record.text);
      batch.wheres.push(whereOf(record));
      batch.numbers.push(++count);
      if (batch.texts.length >= BATCH_SIZE) await submit();
    });
    await submit();
    await answers.drain();
  } finally {
    run.dispose();
    await pool?.close();
    reportPool(pool);
  }
  const stopped = run.exitCode();
  if (stopped !== undefined) return stopped;
  if (!ok) return 2;
  return failed > 0 ? 1 : 0;
}
