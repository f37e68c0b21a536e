/**
 * The step commands (`hint`, `explain`, `grade`) share everything but their answer: the puzzles
 * named on the line (files, URLs and `-` are read line by line through the splitter; any other
 * argument is a puzzle itself, so `sudokit hint 4.....8.5.3…` works), their flags, and how they
 * run: puzzles are answered on the main thread in short slices, then on a worker pool (one worker
 * unless `--threads` says more), by the same policy as `solve` (batch/scheduler.ts), so the main
 * thread stays free to notice Ctrl-C or a closed pipe however long a puzzle takes; answers are
 * written in input order, one per record, whatever went wrong with it.
 */
import { type PuzzleRecord, PuzzleSplitter } from '../format/records.js';
import { batchOf } from '../batch/input.js';
import { BatchScheduler } from '../batch/scheduler.js';
import { DEFAULT_STEP_TIME_LIMIT_MS, type StepBatchAnswer, type StepBatchOptions, type StepCommand } from '../batch/steps.js';
import { UsageError, boxSideOf, positiveNumber, threadCount, parseCommandArgs } from './args.js';
import { type Input, InputError, isInputName, checkInputs, readLines, urlTimeoutHelp } from './input.js';
import { writeOutput } from './output.js';
import { InOrder, Run, reportPool } from './run.js';

export interface SourcedRecord extends PuzzleRecord {
  /** The input it came from, when there are several (for messages). */
  readonly source?: string;
}

/**
 * Call `each` for every puzzle of the arguments, in order, until the run stops. Returns false
 * when an input could not be read to its end (the message is written to stderr; the other
 * inputs are still read).
 */
export async function forEachPuzzle(args: readonly string[], side: number | undefined, run: Run, each: (record: SourcedRecord) => void | Promise<void>, urlTimeoutMs?: number): Promise<boolean> {
  const names = args.length > 0 ? args : ['-'];
  let inputs: Input[];
  try {
    inputs = await checkInputs(names.filter(isInputName), urlTimeoutMs === undefined ? {} : { urlTimeoutMs });
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

/** The exit statuses every step command shares, after its own for a failed puzzle (the end of each help). */
export const STEP_EXIT_STATUSES = `2 for usage errors; 130 on Ctrl-C and 143 on SIGTERM (what was written is whole
answers for a prefix of the input); 0 when the reader of the output goes away; 74 when the
output could not be written (a full disk, > /dev/full).`;

/** What `hint` and `explain` say about --path. */
export const PATH_HELP = `  --path teaching|se  teaching (default): every technique sudokit knows, in the order a player
                      learns them (finned fish, W-Wing, colouring and ALS before any chain);
                      se: Sukaku Explainer's techniques and order, the path grade rates`;

/** What every step command says about its flags (appended to each command's own help). */
export const STEP_OPTIONS_HELP = `  --time-limit MS     stop looking for steps after MS milliseconds per puzzle, counting the
                      search for its solution; the answer then says how far it got (status
                      "timeout"). Default: none for 9x9 and smaller, ${DEFAULT_STEP_TIME_LIMIT_MS} ms above
  --threads N         worker threads (default 1)
  --box RxC           box shape for sides that are not perfect squares (6x6 needs 2x3 or 3x2)
${urlTimeoutHelp(22)}
  -h, --help          show this help`;

/**
 * Records per batch. One: a hard puzzle takes a second where a message costs microseconds, and
 * each answer written is a chance to learn that the reader has gone (a closed pipe only shows at
 * a write).
 */
const BATCH_SIZE = 1;

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
      'url-timeout': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
      ...(command === 'explain' ? { verbose: { type: 'boolean' } } : {}),
      ...(command === 'grade' ? {} : { path: { type: 'string' } }),
    },
  });
  if (values.help) {
    writeOutput(`${help}\n`);
    return 0;
  }
  const format = values.format ?? 'text';
  if (format !== 'text' && format !== 'json') throw new UsageError(`unknown --format "${format}": expected text, json`);
  const path = typeof values.path === 'string' ? values.path : undefined;
  if (path !== undefined && path !== 'teaching' && path !== 'se') throw new UsageError(`unknown --path "${path}": expected teaching, se`);
  const box = typeof values.box === 'string' ? values.box : undefined;
  const side = boxSideOf(box);
  const timeLimit = typeof values['time-limit'] === 'string' ? positiveNumber('--time-limit', values['time-limit']) : undefined;
  const threads = threadCount(typeof values.threads === 'string' ? values.threads : undefined, 1);
  const urlTimeoutMs = typeof values['url-timeout'] === 'string' ? positiveNumber('--url-timeout', values['url-timeout']) : undefined;
  const options: StepBatchOptions = {
    command,
    format,
    ...(box === undefined ? {} : { box }),
    ...(timeLimit === undefined ? {} : { timeLimitMs: timeLimit }),
    ...(path === undefined ? {} : { path }),
    ...(values.verbose === true || defaults.verbose ? { verbose: true } : {}),
  };
  const { answerStepBatch } = await import('../batch/steps.js');
  const run = new Run();
  let failed = 0;
  const answers = new InOrder<StepBatchAnswer>(run, threads * 2, async (answer) => {
    failed += answer.failed;
    process.stderr.write(answer.err);
    await run.write(answer.out);
  });
  const scheduler = new BatchScheduler<StepBatchAnswer, StepBatchOptions>(
    threads,
    {
      here: (batch, sliceMs, own) => {
        const answer = answerStepBatch(batch, own, sliceMs);
        // A puzzle cut short has nothing to write here: the worker answers it whole.
        return { answer: answer.answered > 0 ? answer : undefined, answered: answer.answered, ...(answer.cutMs === undefined ? {} : { cutMs: answer.cutMs }) };
      },
      pooled: (pool, batch, own) => pool.runSteps(batch, own),
    },
    (answer) => answers.push(answer),
  );
  let records: SourcedRecord[] = [];
  let count = 0;
  const submit = async () => {
    if (records.length === 0 || run.stopped) return;
    const sent = records;
    records = [];
    const source = sent[0]!.source;
    await scheduler.submit(batchOf(sent, count - sent.length + 1), source === undefined ? options : { ...options, source });
  };
  let ok = true;
  try {
    ok = await forEachPuzzle(
      positionals,
      side,
      run,
      async (record) => {
        if (records.length > 0 && records[0]!.source !== record.source) await submit();
        records.push(record);
        count++;
        if (records.length >= BATCH_SIZE) await submit();
      },
      urlTimeoutMs,
    );
    await submit();
    await answers.drain();
  } finally {
    run.dispose();
    await scheduler.close();
    reportPool(scheduler.pool);
  }
  const stopped = run.exitCode();
  if (stopped !== undefined) return stopped;
  if (!ok) return 2;
  return failed > 0 ? 1 : 0;
}
