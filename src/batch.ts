/**
 * Answering a batch of puzzle texts: parse, solve, and write each answer in the chosen format.
 * The CLI runs this on its own thread or on a worker_threads pool; both give the same text, so
 * output order and content never depend on the number of threads.
 */
import { makeLine, makePretty, type OutputFormat } from './format/make.js';
import { parsePuzzle } from './format/parse.js';
import type { SolveResult } from './engine.js';
import { getEngine } from './registry.js';

export const STATUSES = ['solved', 'multiple', 'unsolvable', 'invalid', 'timeout'] as const;
export type Status = (typeof STATUSES)[number];

/** What a solve result says about the puzzle. */
export function statusOf(result: SolveResult): Status {
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
}

/** A batch of inputs: parallel arrays, cheap to send to a worker. */
export interface BatchInput {
  readonly lines: readonly number[];
  readonly texts: readonly string[];
  readonly notes: readonly string[];
}

export interface BatchAnswer {
  /** Everything for stdout: exactly one answer per input, in order. */
  readonly out: string;
  /** Messages for stderr (invalid input, no solution, time-outs), one per line. */
  readonly err: string;
  /** Count of each status. */
  readonly counts: Record<Status, number>;
}

export function emptyCounts(): Record<Status, number> {
  return { solved: 0, multiple: 0, unsolvable: 0, invalid: 0, timeout: 0 };
}

/** Answer every puzzle of a batch. */
export function answerBatch(batch: BatchInput, options: AnswerOptions): BatchAnswer {
  const engine = getEngine(options.engine);
  if (!engine) throw new RangeError(`Unknown engine "${options.engine}"`);
  const counts = emptyCounts();
  const solveOptions = { limit: options.limit, timeLimitMs: options.timeLimitMs };
  const parseOptions = options.box === undefined ? {} : { box: options.box };
  const where = options.source === undefined ? '' : `${options.source}:`;
  let out = '';
  let err = '';
  for (let i = 0; i < batch.texts.length; i++) {
    const line = batch.lines[i]!;
    const note = batch.notes[i]!;
    const parsed = parsePuzzle(batch.texts[i]!, parseOptions);
    if (!parsed.ok) {
      counts.invalid++;
      err += `${where}line ${line}: ${parsed.error.message}\n`;
      out += invalidAnswer(options, line, batch.texts[i]!, note, parsed.error);
      continue;
    }
    const { geometry } = parsed.puzzle;
    if (!engine.supports(geometry)) {
      counts.invalid++;
      const error = { code: 'geometry', message: `Invalid puzzle: engine ${engine.id} does not solve ${geometry.size}x${geometry.size} boards` };
      err += `${where}line ${line}: ${error.message}\n`;
      out += invalidAnswer(options, line, batch.texts[i]!, note, error);
      continue;
    }
    const result = engine.solve(parsed.puzzle, solveOptions);
    const status = statusOf(result);
    counts[status]++;
    if (status === 'unsolvable') err += `${where}line ${line}: no solution\n`;
    else if (status === 'timeout') err += `${where}line ${line}: gave up after ${options.timeLimitMs} ms\n`;
    const solution = result.solution ? makeLine(geometry, result.solution) : '';
    switch (options.format) {
      case 'line':
        out += `${solution || status}\n`;
        break;
      case 'json': {
        const fields = [
          `"line":${line}`,
          ...(options.source === undefined ? [] : [`"file":${JSON.stringify(options.source)}`]),
          `"puzzle":"${makeLine(geometry, parsed.puzzle.givens)}"`,
          ...(note ? [`"note":${JSON.stringify(note)}`] : []),
          `"status":"${status}"`,
          ...(solution ? [`"solution":"${solution}"`] : []),
          `"count":${result.count}`,
          ...(result.timedOut ? ['"timedOut":true'] : []),
          `"nodes":${result.stats.nodes}`,
          `"guesses":${result.stats.guesses}`,
          `"micros":${result.stats.micros}`,
        ];
        out += `{${fields.join(',')}}\n`;
        break;
      }
      case 'pretty': {
        const header = `${where}line ${line}${note ? ` (${note})` : ''}: ${prettyStatus(status, result.count, options.limit)}`;
        const timing = options.times ? `, ${formatMicros(result.stats.micros)}, ${result.stats.guesses} guess${result.stats.guesses === 1 ? '' : 'es'}` : '';
        out += `${header}${timing}\n`;
        if (result.solution) {
          const highlight = options.color ? { emphasize: parsed.puzzle.givens, style: boldCyan } : {};
          out += `${makePretty(geometry, result.solution, highlight)}\n`;
        }
        out += '\n';
        break;
      }
    }
  }
  return { out, err, counts };
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
      return 'invalid\n';
    case 'json': {
      const fields = [
        `"line":${line}`,
        ...(options.source === undefined ? [] : [`"file":${JSON.stringify(options.source)}`]),
        `"puzzle":${JSON.stringify(text)}`,
        ...(note ? [`"note":${JSON.stringify(note)}`] : []),
        '"status":"invalid"',
        `"count":0,"nodes":0,"guesses":0,"micros":0`,
        `"error":${JSON.stringify(error)}`,
      ];
      return `{${fields.join(',')}}\n`;
    }
    case 'pretty':
      return `${options.source === undefined ? '' : `${options.source}:`}line ${line}: ${error.message}\n\n`;
  }
}
