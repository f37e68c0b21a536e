/**
 * The puzzles named on a step command's line (`hint`, `explain`, `grade`): files, URLs and `-`
 * are read line by line through the splitter; any other argument is taken as a puzzle itself,
 * so `sudokit hint 4.....8.5.3…` works. Each record is handed on in input order; parsing is the
 * caller's, so a bad puzzle is one error for its line and the others are still answered.
 */
import { existsSync } from 'node:fs';
import { parseBoxShape, parsePuzzle } from '../format/parse.js';
import { prepareForSteps } from '../grade.js';
import type { Puzzle } from '../puzzle.js';
import { type PuzzleRecord, PuzzleSplitter } from '../format/records.js';
import { parseArgs } from 'node:util';
import { UsageError, withUsageErrors } from './args.js';
import { type Input, InputError, checkInputs, isUrl, readLines } from './input.js';

export interface SourcedRecord extends PuzzleRecord {
  /** The input it came from, when there are several (for messages). */
  readonly source?: string;
}

/** Whether a command-line argument names an input rather than being a puzzle. */
function isInputName(arg: string): boolean {
  return arg === '-' || isUrl(arg) || existsSync(arg) || /[\\/]|\.txt$|\.sdk$/.test(arg);
}

/** The board side a --box shape fixes, or undefined. */
export function sideOfBox(box: string | undefined): number | undefined {
  if (box === undefined) return undefined;
  const shape = parseBoxShape(box);
  if (!shape.ok) throw new UsageError(shape.message);
  return shape.geometry.size;
}

/**
 * Call `each` for every puzzle of the arguments, in order. Returns false when an input could
 * not be read to its end (the message is written to stderr; the other inputs are still read).
 */
export async function forEachPuzzle(args: readonly string[], side: number | undefined, each: (record: SourcedRecord) => void | Promise<void>): Promise<boolean> {
  const names = args.length > 0 ? args : ['-'];
  let inputs: Input[];
  try {
    inputs = await checkInputs(names.filter(isInputName));
  } catch (e) {
    if (e instanceof InputError) throw new UsageError(e.message);
    throw e;
  }
  const several = names.length > 1;
  let ok = true;
  // A reader that went away (sudokit explain … | head) ends the run quietly.
  let closed = false;
  const onError = (e: NodeJS.ErrnoException) => {
    if (e.code === 'EPIPE') closed = true;
  };
  process.stdout.on('error', onError);
  const give = async (record: SourcedRecord) => {
    if (!closed) await each(record);
  };
  for (const name of names) {
    if (closed) break;
    if (!isInputName(name)) {
      await give({ line: 1, text: name, note: '', ...(several ? { source: 'argument' } : {}) });
      continue;
    }
    const input = inputs.find((i) => i.name === name)!;
    const splitter = new PuzzleSplitter(side === undefined ? {} : { side });
    const records: PuzzleRecord[] = [];
    const source = several ? { source: name } : {};
    let lineNumber = 0;
    try {
      for await (const chunk of readLines(input)) {
        for (const line of chunk.lines) {
          splitter.push(line, ++lineNumber, records);
          for (const r of records.splice(0)) await give({ ...r, ...source });
        }
        if (closed) break;
        // Let a closed pipe report itself between chunks.
        await new Promise<void>((resolve) => setImmediate(resolve));
      }
    } catch (e) {
      if (!(e instanceof InputError)) throw e;
      process.stderr.write(`sudokit: ${e.message}\n`);
      ok = false;
    }
    splitter.end(records);
    for (const r of records.splice(0)) await give({ ...r, ...source });
  }
  process.stdout.off('error', onError);
  return ok;
}

/** `file:line N` or `line N`, for messages. */
export function whereOf(record: SourcedRecord): string {
  return `${record.source === undefined ? '' : `${record.source}:`}line ${record.line}`;
}

export type Prepared =
  | { readonly ok: true; readonly puzzle: Puzzle; readonly solution: Uint8Array; readonly unique: boolean }
  | { readonly ok: false; readonly message: string };

/** Parse a record and find its solution (and whether it is the only one) with the fast engine. */
export function preparePuzzle(record: SourcedRecord, box: string | undefined): Prepared {
  const parsed = parsePuzzle(record.text, box === undefined ? {} : { box });
  if (!parsed.ok) return { ok: false, message: parsed.error.message };
  const ready = prepareForSteps(parsed.puzzle);
  return ready.ok ? { ...ready, puzzle: parsed.puzzle } : ready;
}

export interface StepArgs {
  readonly format: 'text' | 'json';
  readonly box?: string;
  readonly verbose: boolean;
  readonly threads?: string;
  readonly positionals: string[];
}

/**
 * The flags every step command takes (--format text|json, --box, -h) and, where it says so,
 * --verbose and --threads. Undefined when --help was asked for (the help is printed).
 */
export function parseStepArgs(argv: readonly string[], help: string, more: { verbose?: boolean; threads?: boolean } = {}): StepArgs | undefined {
  const { values, positionals } = withUsageErrors(() => parseArgs({ args: [...argv], allowPositionals: true, strict: true, options: {
    format: { type: 'string' },
    box: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
    ...(more.verbose ? { verbose: { type: 'boolean' } } : {}),
    ...(more.threads ? { threads: { type: 'string' } } : {}),
  } }));
  if (values.help) {
    process.stdout.write(`${help}\n`);
    return undefined;
  }
  const format = values.format ?? 'text';
  if (format !== 'text' && format !== 'json') throw new UsageError(`unknown --format "${format}": expected text, json`);
  const box = typeof values.box === 'string' ? values.box : undefined;
  const threads = typeof values.threads === 'string' ? values.threads : undefined;
  return { format, positionals, verbose: values.verbose === true, ...(box === undefined ? {} : { box }), ...(threads === undefined ? {} : { threads }) };
}
