/**
 * Answering a batch of puzzle texts: parse, solve, and write each answer in the chosen format.
 * The CLI runs this on its own thread or on a worker_threads pool; both give the same text, so
 * output order and content never depend on the number of threads.
 */
import { makeLine, makePretty, type OutputFormat } from '../format/make.js';
import { isVariantText, parseVariant } from '../format/variant.js';
import { variantEngine } from '../variant/solver/index.js';
import { type BatchInput, parseRecord } from './input.js';
import type { Engine, SolveOptions, SolveResult, ValOrder, VarOrder } from '../engine.js';
import type { Puzzle } from '../puzzle.js';
import { seededRandom } from '../random.js';
import { engineById, fastEngine } from '../core/engines.js';
import { solve9Wasm } from '../core/fast9wasm.js';
import type { CoreStats } from '../core/fast9.js';
import { SudokitError } from '../errors.js';
import { deadlineAfter, pastDeadline } from '../deadline.js';

export const STATUSES = ['solved', 'multiple', 'unsolvable', 'invalid', 'unsupported', 'timeout'] as const;
export type Status = (typeof STATUSES)[number];

/** What a solve result (its count, and whether the time limit cut it short) says about the puzzle. */
export function statusOf(result: Pick<SolveResult, 'count' | 'timedOut'>): Status {
  if (result.timedOut && result.count < 2) return 'timeout';
  if (result.count === 0) return 'unsolvable';
  return result.count === 1 ? 'solved' : 'multiple';
}

export interface AnswerOptions {
  readonly format: OutputFormat;
  readonly limit: number;
  readonly timeLimitMs?: number;
  /** Box shape `RxC` for boards whose side is not a perfect square. */
  readonly box?: string;
  readonly engine: string;
  /** In `pretty` format, say how long each puzzle took. */
  readonly times?: boolean;
  /** In `pretty` format, show the givens in bold colour (for terminals). */
  readonly color?: boolean;
  /** Named in messages and JSON when answers come from more than one input. */
  readonly source?: string;
  readonly varOrder?: VarOrder;
  readonly valOrder?: ValOrder;
  /**
   * Seed of every random choice. Each puzzle draws from its own generator, seeded from this and
   * its line number, so answers do not depend on threads or batches. Unset: no randomness.
   */
  readonly seed?: number;
  /** Answer with the number of solutions only (counted up to `limit`, which may be Infinity). */
  readonly countOnly?: boolean;
}

/** The seed of the puzzle on `line` of a run seeded with `seed`. */
export function puzzleSeed(seed: number, line: number): number {
  return (seed ^ Math.imul(line, 0x9e3779b1)) >>> 0;
}

/**
 * The engine named in the options; throws on an unknown id (the CLI checks ids first), or on an
 * engine beyond the cores when the registry was never loaded (the root export loads it).
 */
function engineOf(options: AnswerOptions): Engine {
  const engine = engineById(options.engine);
  if (!engine) throw new SudokitError('engine', `Unknown engine "${options.engine}" (or the registry, src/registry.ts, is not loaded)`);
  return engine;
}

/** The engine options shared by every puzzle of a run. */
function baseSolveOptions(options: AnswerOptions): SolveOptions {
  return {
    limit: options.limit,
    ...(options.timeLimitMs === undefined ? {} : { timeLimitMs: options.timeLimitMs }),
    ...(options.varOrder === undefined ? {} : { varOrder: options.varOrder }),
    ...(options.valOrder === undefined ? {} : { valOrder: options.valOrder }),
  };
}

/** The engine options for the puzzle on `line`: the shared ones, plus its own random source when seeded. */
function solveOptionsOf(base: SolveOptions, options: AnswerOptions, line: number): SolveOptions {
  return options.seed === undefined ? base : { ...base, random: seededRandom(puzzleSeed(options.seed, line)) };
}

type Checked = { ok: true; puzzle: Puzzle; engine: Engine } | { ok: false; error: { code: string; message: string } };

/**
 * Parse a puzzle text and check that the engine will take it: unsupported sizes and refusals are
 * errors of the line. A variant record (an f-puzzles or SudokuPad link, f-puzzles JSON, ISS text)
 * goes to the variant solver, which only the default engine choice reaches.
 */
function checkPuzzle(engine: Engine, text: string, options: AnswerOptions): Checked {
  if (isVariantText(text)) {
    const read = parseVariant(text);
    if (!read.ok) return read;
    if (engine !== fastEngine) return { ok: false, error: { code: 'unsupported', message: `engine ${engine.id} solves classic puzzles only; variant puzzles are solved by the default engine` } };
    return { ok: true, puzzle: read.puzzle, engine: variantEngine };
  }
  const parsed = parseRecord(text, options.box);
  if (!parsed.ok) return parsed;
  const { geometry } = parsed.puzzle;
  if (!engine.supports(geometry)) {
    return { ok: false, error: { code: 'geometry', message: `Invalid puzzle: engine ${engine.id} does not solve ${geometry.size}x${geometry.size} boards` } };
  }
  const refusal = engine.refuses?.(parsed.puzzle);
  if (refusal !== undefined) return { ok: false, error: { code: 'refused', message: refusal } };
  return { ok: true, puzzle: parsed.puzzle, engine };
}

/** The status of a record that was not solved: `unsupported` for a rule sudokit lacks, else `invalid`. */
function failedStatus(error: { code: string }): 'invalid' | 'unsupported' {
  return error.code === 'unsupported' ? 'unsupported' : 'invalid';
}

/**
 * What stderr says of a puzzle with more than one solution. Its answer is the first solution
 * found (status `multiple` in JSON), which is a solution, so the puzzle does not fail the run
 * (exit status 0); but a line of output alone cannot show it was not the only one.
 */
const MULTIPLE = 'more than one solution; printed the first found';

export interface BatchAnswer {
  /** Everything for stdout: exactly one answer per input, in order. */
  readonly out: string;
  /** Messages for stderr (invalid input, no solution, time-outs), one per line, each `sudokit: [FILE:]line N: …`. */
  readonly err: string;
  /** Count of each status. */
  readonly counts: Record<Status, number>;
  /**
   * How many inputs, from the first, are answered: all of them, unless the batch had to end at
   * `until` (see answerBatch); the rest are to be answered elsewhere.
   */
  readonly answered: number;
  /** When a puzzle outlasted the slice: how long it ran (ms), to pass on as the next batch's `firstSpentMs`. */
  readonly cutMs?: number;
}

export function emptyCounts(): Record<Status, number> {
  return { solved: 0, multiple: 0, unsolvable: 0, invalid: 0, unsupported: 0, timeout: 0 };
}

/**
 * Answer every puzzle of a batch; or, given `sliceMs`, only as many as fit in about that many
 * milliseconds: the batch stops once the clock passes the slice (read every few puzzles), and a
 * puzzle that alone outlasts a slice is left unanswered. `answered` says how many were answered.
 * The CLI gives the work it does on its main thread such a slice, so that thread is never busy
 * for long, and hands the rest to a worker.
 */
export function answerBatch(batch: BatchInput, options: AnswerOptions, sliceMs = Number.POSITIVE_INFINITY): BatchAnswer {
  const engine = engineOf(options);
  if (engine === fastEngine && options.format === 'line' && !options.countOnly && options.seed === undefined && options.box === undefined) {
    return answerLines9(batch, options, sliceMs);
  }
  return answerEach(engine, batch, options, sliceMs);
}

/** answerBatch's general path: any engine, size and format (exported for the tests that hold the 9×9 line path equal to it). */
export function answerEach(engine: Engine, batch: BatchInput, options: AnswerOptions, sliceMs: number): BatchAnswer {
  // In a slice, a puzzle may take the slice when that is less than its own time limit.
  const cut = sliceMs < (options.timeLimitMs ?? Number.POSITIVE_INFINITY);
  const base = cut ? { ...baseSolveOptions(options), timeLimitMs: sliceMs } : baseSolveOptions(options);
  const until = deadlineAfter(sliceMs);
  const spent = batch.firstSpentMs ?? 0;
  const counts = emptyCounts();
  const where = options.source === undefined ? '' : `${options.source}:`;
  const said = saidAt(options);
  let out = '';
  let err = '';
  for (let i = 0; i < batch.texts.length; i++) {
    const line = batch.lines[i]!;
    const note = batch.notes[i]!;
    const checked = checkPuzzle(engine, batch.texts[i]!, options);
    if (!checked.ok) {
      counts[failedStatus(checked.error)]++;
      err += `${said}line ${line}: ${checked.error.message}\n`;
      out += invalidAnswer(options, line, batch.texts[i]!, note, checked.error);
      continue;
    }
    const { puzzle } = checked;
    const solver = checked.engine;
    const { geometry } = puzzle;
    if ((i & 3) === 3 && pastDeadline(until)) return { out, err, counts, answered: i };
    const own = solveOptionsOf(base, options, line);
    const charged = i === 0 && spent > 0 && own.timeLimitMs !== undefined;
    const result = solver.solve(puzzle, charged ? { ...own, timeLimitMs: Math.max(0, own.timeLimitMs! - spent) } : own);
    if (cut && result.timedOut) return { out, err, counts, answered: i, cutMs: result.stats.micros / 1000 };
    const micros = result.stats.micros + (i === 0 ? Math.round(spent * 1000) : 0);
    const status = options.countOnly && result.timedOut ? 'timeout' : statusOf(result);
    counts[status]++;
    if (status === 'unsolvable') err += `${said}line ${line}: no solution\n`;
    else if (status === 'multiple' && !options.countOnly) err += `${said}line ${line}: ${MULTIPLE}\n`;
    else if (status === 'timeout') err += `${said}line ${line}: gave up after ${options.timeLimitMs} ms${options.countOnly ? ` (${result.count} solutions counted)` : ''}\n`;
    if (options.countOnly) {
      out += countAnswer(options, line, makeLine(geometry, puzzle.givens), note, result);
      continue;
    }
    const solution = result.solution ? makeLine(geometry, result.solution) : '';
    switch (options.format) {
      case 'line':
        out += `${solution || status}\n`;
        break;
      case 'json': {
        const fields = [
          ...jsonHead(options, line, makeLine(geometry, puzzle.givens), note),
          `"status":"${status}"`,
          ...(solution ? [`"solution":"${solution}"`] : []),
          `"count":${result.count}`,
          ...(result.timedOut ? ['"timedOut":true'] : []),
          `"nodes":${result.stats.nodes}`,
          `"guesses":${result.stats.guesses}`,
          `"micros":${micros}`,
        ];
        out += `{${fields.join(',')}}\n`;
        break;
      }
      case 'pretty': {
        // A comment line (#), as generate's: the pretty output reads back in as the puzzles' solutions.
        const header = `# ${where}line ${line}${note ? ` (${note})` : ''}: ${prettyStatus(status, result.count, options.limit)}`;
        const timing = options.times ? `, ${formatMicros(micros)}, ${result.stats.guesses} guess${result.stats.guesses === 1 ? '' : 'es'}` : '';
        out += `${header}${timing}\n`;
        if (result.solution) {
          const highlight = options.color ? { emphasize: puzzle.givens, style: boldCyan } : {};
          out += `${makePretty(geometry, result.solution, highlight)}\n`;
        }
        out += '\n';
        break;
      }
    }
  }
  return { out, err, counts, answered: batch.texts.length };
}

/** The 9×9 grid, solution and output bytes of `answerLines9`, reused from batch to batch. */
const grid9 = new Uint8Array(81);
const solution9 = new Uint8Array(81);
const stats9: CoreStats = { nodes: 0, guesses: 0, timedOut: false };
const LINE_BYTES = 82;
let lineBuffer = new Uint8Array(LINE_BYTES * 256);
const latin1 = new TextDecoder('latin1');

/**
 * Read a plain 9×9 line (81 cells of `1-9`, `.` or `0`, at least one given, no digit twice in a
 * row, column or box) into `grid`; false for anything else, which the general parser then
 * answers with its own message. The common line of a dataset file costs one pass here instead of
 * a Puzzle, a parse result and a conflict check built for every size.
 */
function read9(text: string, grid: Uint8Array): boolean {
  if (text.length !== 81) return false;
  // The digits met so far in each row (0-8), column (9-17) and box (18-26), one bit per digit.
  const seen = seenUnits;
  seen.fill(0);
  let given = false;
  for (let i = 0; i < 81; i++) {
    const code = text.charCodeAt(i);
    if (code === 46 || code === 48) {
      grid[i] = 0;
      continue;
    }
    const d = code - 48;
    if (d < 1 || d > 9) return false;
    const bit = 1 << d;
    const r = (i / 9) | 0;
    const c = i - r * 9;
    const b = 18 + ((r / 3) | 0) * 3 + ((c / 3) | 0);
    if ((seen[r]! | seen[9 + c]! | seen[b]!) & bit) return false;
    seen[r]! |= bit;
    seen[9 + c]! |= bit;
    seen[b]! |= bit;
    grid[i] = d;
    given = true;
  }
  return given;
}
const seenUnits = new Int32Array(27);

/**
 * answerBatch for the commonest run, `sudokit solve FILE` on 9×9 lines with the fast engine: the
 * same answers, statuses and messages byte for byte (a line this path cannot read goes through
 * the general one), without the objects the general path builds for every puzzle. The answers
 * are written as bytes and decoded once a batch (test/batch.test.ts holds the two paths equal).
 */
function answerLines9(batch: BatchInput, options: AnswerOptions, sliceMs: number): BatchAnswer {
  const cut = sliceMs < (options.timeLimitMs ?? Number.POSITIVE_INFINITY);
  const timeLimit = cut ? sliceMs : options.timeLimitMs;
  const limit = Math.max(1, Math.floor(options.limit));
  const until = deadlineAfter(sliceMs);
  const counts = emptyCounts();
  const said = saidAt(options);
  const n = batch.texts.length;
  if (lineBuffer.length < LINE_BYTES * n) lineBuffer = new Uint8Array(LINE_BYTES * n);
  const bytes = lineBuffer;
  let used = 0;
  let out = '';
  let err = '';
  const flush = () => {
    if (used > 0) out += latin1.decode(bytes.subarray(0, used));
    used = 0;
  };
  for (let i = 0; i < n; i++) {
    const text = batch.texts[i]!;
    if (!read9(text, grid9)) {
      // Anything else (another size, a grid over lines, an invalid line, an empty board) is the general path's.
      const slice = until === Number.POSITIVE_INFINITY ? until : Math.max(0, until - performance.now());
      const first = i === 0 && batch.firstSpentMs !== undefined ? { firstSpentMs: batch.firstSpentMs } : {};
      const other = answerEach(fastEngine, { lines: [batch.lines[i]!], texts: [text], notes: [batch.notes[i]!], ...first }, options, slice);
      flush();
      if (other.answered === 0) return { out, err, counts, answered: i, ...(other.cutMs === undefined ? {} : { cutMs: other.cutMs }) };
      out += other.out;
      err += other.err;
      for (const key of STATUSES) counts[key] += other.counts[key];
      continue;
    }
    if ((i & 3) === 3 && pastDeadline(until)) {
      flush();
      return { out, err, counts, answered: i };
    }
    const started = performance.now();
    const charge = i === 0 ? (batch.firstSpentMs ?? 0) : 0;
    const deadline = timeLimit === undefined ? Number.POSITIVE_INFINITY : started + Math.max(0, timeLimit - charge);
    const count = solve9Wasm(grid9, limit, solution9, stats9, deadline);
    if (cut && stats9.timedOut) {
      flush();
      return { out, err, counts, answered: i, cutMs: performance.now() - started };
    }
    const status = statusOf({ count, timedOut: stats9.timedOut });
    counts[status]++;
    if (count > 0) {
      for (let k = 0; k < 81; k++) bytes[used + k] = 48 + solution9[k]!;
      bytes[used + 81] = 10;
      used += LINE_BYTES;
      if (status === 'multiple') err += `${said}line ${batch.lines[i]}: ${MULTIPLE}\n`;
      else if (status === 'timeout') err += `${said}line ${batch.lines[i]}: gave up after ${options.timeLimitMs} ms\n`;
      continue;
    }
    flush();
    out += `${status}\n`;
    if (status === 'unsolvable') err += `${said}line ${batch.lines[i]}: no solution\n`;
    else err += `${said}line ${batch.lines[i]}: gave up after ${options.timeLimitMs} ms\n`;
  }
  flush();
  return { out, err, counts, answered: n };
}

/**
 * How a message on stderr about a puzzle begins: `sudokit: ` and, with several inputs, the
 * input's name, as every command's messages do (`sudokit: file.txt:line 3: …`).
 */
function saidAt(options: AnswerOptions): string {
  return `sudokit: ${options.source === undefined ? '' : `${options.source}:`}`;
}

/** The first fields of every JSON answer: line, file (with several inputs), puzzle, note. */
function jsonHead(options: AnswerOptions, line: number, puzzle: string, note: string): string[] {
  return [
    `"line":${line}`,
    ...(options.source === undefined ? [] : [`"file":${JSON.stringify(options.source)}`]),
    `"puzzle":${JSON.stringify(puzzle)}`,
    ...(note ? [`"note":${JSON.stringify(note)}`] : []),
  ];
}

/** The answer of `--all --count`: the number of solutions, in the chosen format. */
function countAnswer(options: AnswerOptions, line: number, puzzle: string, note: string, result: SolveResult): string {
  const capped = result.count >= options.limit;
  switch (options.format) {
    case 'line':
      return result.timedOut ? 'timeout\n' : `${result.count}\n`;
    case 'json':
      return `{${[...jsonHead(options, line, puzzle, note), `"count":${result.count}`, ...(capped ? ['"capped":true'] : []), ...(result.timedOut ? ['"timedOut":true'] : [])].join(',')}}\n`;
    case 'pretty': {
      const where = options.source === undefined ? '' : `${options.source}:`;
      const what = result.timedOut
        ? `gave up at the time limit after ${result.count} solution${result.count === 1 ? '' : 's'}`
        : `${capped ? 'at least ' : ''}${result.count} solution${result.count === 1 ? '' : 's'}`;
      return `# ${where}line ${line}${note ? ` (${note})` : ''}: ${what}\n`;
    }
  }
}

/** Where `streamSolutions` writes: `out` returns false once nobody reads any more (a closed pipe). */
export interface SolutionSink {
  out(text: string): boolean;
  err(text: string): void;
}

/** Solutions are written in chunks of about this many characters. */
const STREAM_CHUNK = 16_384;

/**
 * Write every solution of every puzzle of a batch as it is found (up to `limit` per puzzle),
 * in input order, in constant memory: `--all`. Problems (invalid lines, no solution, time-outs)
 * go to `err`, and in JSON also to `out` as an object with a status. Returns the status counts,
 * or undefined when `out` stopped accepting text.
 */
export function streamSolutions(batch: BatchInput, options: AnswerOptions, sink: SolutionSink): Record<Status, number> | undefined {
  const engine = engineOf(options);
  const counts = emptyCounts();
  const where = options.source === undefined ? '' : `${options.source}:`;
  const said = saidAt(options);
  let pending = '';
  let open = true;
  const flush = () => {
    if (open && pending) open = sink.out(pending);
    pending = '';
  };
  const write = (text: string) => {
    pending += text;
    if (pending.length >= STREAM_CHUNK) flush();
    return open;
  };
  for (let i = 0; i < batch.texts.length && open; i++) {
    const line = batch.lines[i]!;
    const note = batch.notes[i]!;
    const checked = checkPuzzle(engine, batch.texts[i]!, options);
    if (!checked.ok) {
      counts[failedStatus(checked.error)]++;
      sink.err(`${said}line ${line}: ${checked.error.message}\n`);
      if (options.format === 'json') write(invalidAnswer(options, line, batch.texts[i]!, note, checked.error));
      continue;
    }
    const { geometry, givens } = checked.puzzle;
    const puzzleText = makeLine(geometry, givens);
    let index = 0;
    const onSolution = (solution: Uint8Array) => {
      index++;
      switch (options.format) {
        case 'line':
          return write(`${makeLine(geometry, solution)}\n`);
        case 'json':
          return write(`{${[...jsonHead(options, line, puzzleText, note), `"index":${index}`, `"solution":"${makeLine(geometry, solution)}"`].join(',')}}\n`);
        case 'pretty':
          return write(`# ${where}line ${line}${note ? ` (${note})` : ''}: solution ${index}\n${makePretty(geometry, solution)}\n\n`);
      }
    };
    const result = checked.engine.solve(checked.puzzle, { ...solveOptionsOf(baseSolveOptions(options), options, line), onSolution });
    const status = result.timedOut ? 'timeout' : statusOf(result);
    counts[status]++;
    if (status === 'unsolvable') sink.err(`${said}line ${line}: no solution\n`);
    else if (status === 'timeout') sink.err(`${said}line ${line}: gave up after ${options.timeLimitMs} ms (${result.count} solutions written)\n`);
    if (options.format === 'json' && (status === 'unsolvable' || status === 'timeout')) {
      write(`{${[...jsonHead(options, line, puzzleText, note), `"status":"${status}"`, `"count":${result.count}`].join(',')}}\n`);
    }
    // Each puzzle's solutions reach the reader when the puzzle is done, not a batch later.
    flush();
  }
  flush();
  return open ? counts : undefined;
}

const boldCyan = (text: string) => `\x1b[1;36m${text}\x1b[0m`;

function prettyStatus(status: Status, count: number, limit: number): string {
  switch (status) {
    case 'solved':
      return limit === 1 ? 'solved (uniqueness not checked: --limit 1)' : 'solved, one solution';
    case 'multiple':
      return `${count >= limit ? `at least ${count}` : count} solutions; the first found is shown`;
    case 'unsolvable':
      return 'no solution';
    case 'timeout':
      return 'gave up at the time limit';
    case 'invalid':
      return 'invalid';
    case 'unsupported':
      return 'unsupported';
  }
}

/** A duration for people: µs below 1 ms, ms below 1 s, s above. */
export function formatMicros(micros: number): string {
  if (micros < 1000) return `${micros} µs`;
  if (micros < 1_000_000) return `${(micros / 1000).toFixed(micros < 10_000 ? 2 : 1)} ms`;
  return `${(micros / 1_000_000).toFixed(2)} s`;
}

function invalidAnswer(options: AnswerOptions, line: number, text: string, note: string, error: { code: string; message: string }): string {
  switch (options.format) {
    case 'line':
      return `${failedStatus(error)}\n`;
    case 'json': {
      const fields = [...jsonHead(options, line, text, note), `"status":"${failedStatus(error)}"`, `"count":0,"nodes":0,"guesses":0,"micros":0`, `"error":${JSON.stringify(error)}`];
      return `{${fields.join(',')}}\n`;
    }
    case 'pretty':
      return `${options.source === undefined ? '' : `${options.source}:`}line ${line}: ${error.message}\n\n`;
  }
}
