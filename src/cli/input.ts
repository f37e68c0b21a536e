/**
 * Inputs of the CLI: files, `-` for standard input, and http(s) URLs, read as streams of lines
 * so a file of millions of puzzles runs in constant memory.
 */
import { createReadStream, existsSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { addAbortSignal, Readable } from 'node:stream';
import { MAX_PUZZLE_CHARS } from '../format/parse.js';
import { type PuzzleRecord, PuzzleSplitter, type SplitOptions } from '../format/records.js';

/** A problem with an input (unreadable file, failed download): the message names it. */
export class InputError extends Error {}

export interface Input {
  /** As the user wrote it: a path, a URL, or `-`. */
  readonly name: string;
  /** Size in bytes when known up front (files). */
  readonly size?: number;
}

export function isUrl(name: string): boolean {
  return /^https?:\/\//i.test(name);
}

/**
 * Whether a command-line argument names an input (a file, a URL, or `-`) rather than being a
 * puzzle itself: anything that exists, or looks like a path, is an input; `4.....8.5.3…` is not.
 */
export function isInputName(arg: string): boolean {
  return arg === '-' || isUrl(arg) || existsSync(arg) || /[\\/]|\.txt$|\.sdk$/.test(arg);
}

/** Check every input before reading any, so a typo fails at once and names the file. */
export async function checkInputs(names: readonly string[]): Promise<Input[]> {
  const inputs: Input[] = [];
  for (const name of names) {
    if (name === '-' || isUrl(name)) {
      inputs.push({ name });
      continue;
    }
    let info: Awaited<ReturnType<typeof stat>>;
    try {
      info = await stat(name);
    } catch (e) {
      throw new InputError(`cannot read ${name}: ${failureInWords(e, 'no such file')}`);
    }
    if (info.isDirectory()) throw new InputError(`cannot read ${name}: it is a directory`);
    inputs.push({ name, size: info.size });
  }
  return inputs;
}

/** Why a file operation failed, in words: `missing` for a path that does not exist, else the common causes, else the system's message. */
export function failureInWords(e: unknown, missing: string): string {
  const code = (e as NodeJS.ErrnoException).code;
  return code === 'ENOENT' ? missing : code === 'EACCES' ? 'permission denied' : code === 'EISDIR' ? 'it is a directory' : (e as Error).message;
}

async function openStream(input: Input, signal: AbortSignal | undefined): Promise<Readable> {
  if (input.name === '-') return process.stdin;
  if (!isUrl(input.name)) {
    const stream = createReadStream(input.name, { highWaterMark: 1 << 16 });
    return stream;
  }
  let response: Response;
  try {
    response = await fetch(input.name, signal === undefined ? {} : { signal });
  } catch (e) {
    if (signal?.aborted) throw e;
    const cause = (e as { cause?: { message?: string; code?: string } }).cause;
    throw new InputError(`cannot fetch ${input.name}: ${cause?.code ?? cause?.message ?? (e as Error).message}`);
  }
  if (!response.ok || !response.body) throw new InputError(`cannot fetch ${input.name}: HTTP ${response.status} ${response.statusText}`);
  return Readable.fromWeb(response.body as import('node:stream/web').ReadableStream);
}

/**
 * Where a line longer than the parser's limit (MAX_PUZZLE_CHARS, far more than any puzzle line:
 * a 49×49 on one line is 2,401 characters) is cut: one character past the limit, so the parser
 * still sees it is too long and says so. The rest of it is skipped, so one line without an end
 * cannot fill the memory.
 */
const CUT_LINE_CHARS = MAX_PUZZLE_CHARS + 1;

/**
 * The lines of an input, delivered in chunks (arrays of lines without their line breaks, a UTF-8
 * byte order mark dropped), with the number of bytes read so far. A line ends at `\n`, `\r\n`
 * or `\r` alone (old Mac files), `\r\n` being one line end even when a read splits it. Errors while
 * reading become InputError. When `signal` aborts (Ctrl-C, SIGTERM), the read ends at once, even
 * one waiting on a terminal or a slow download: the lines end there, without an error.
 */
export async function* readLines(input: Input, signal?: AbortSignal): AsyncGenerator<{ lines: string[]; bytes: number; ascii: boolean }> {
  if (signal?.aborted) return;
  let stream: Readable;
  try {
    stream = await openStream(input, signal);
  } catch (e) {
    if (signal?.aborted) return;
    throw e;
  }
  if (signal !== undefined) addAbortSignal(signal, stream);
  stream.setEncoding('utf8');
  let carry = '';
  let bytes = 0;
  let first = true;
  // Inside a line already cut: drop text until its end.
  let skipping = false;
  let carryAscii = true;
  // The text read so far ended with `\r`, which ended a line: a `\n` next is the rest of that line end.
  let afterCR = false;
  try {
    for await (const chunk of stream as AsyncIterable<string>) {
      const chunkBytes = Buffer.byteLength(chunk);
      bytes += chunkBytes;
      // All ASCII (what a puzzle file is): a line's length is then its size in bytes.
      const ascii: boolean = chunkBytes === chunk.length && carryAscii;
      let text = carry + chunk;
      if (first) {
        first = false;
        if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
      }
      if (afterCR) {
        afterCR = false;
        if (text.charCodeAt(0) === 10) text = text.slice(1);
      }
      if (skipping) {
        const end = lineEnd(text);
        if (end < 0) continue;
        let next = end + 1;
        if (text.charCodeAt(end) === 13) {
          if (next === text.length) afterCR = true;
          else if (text.charCodeAt(next) === 10) next++;
        }
        text = text.slice(next);
        skipping = false;
      }
      const cr = text.includes('\r');
      const lines = cr ? text.split(LINE_BREAK) : text.split('\n');
      carry = lines.pop()!;
      if (cr && carry === '' && text.endsWith('\r')) afterCR = true;
      if (carry.length > MAX_PUZZLE_CHARS) {
        lines.push(carry.slice(0, CUT_LINE_CHARS));
        carry = '';
        skipping = true;
      }
      for (let i = 0; i < lines.length; i++) {
        const line = lines[i]!;
        if (line.length > MAX_PUZZLE_CHARS) lines[i] = line.slice(0, CUT_LINE_CHARS);
      }
      carryAscii = ascii || Buffer.byteLength(carry) === carry.length;
      if (lines.length > 0) yield { lines, bytes, ascii };
    }
  } catch (e) {
    if (signal?.aborted) return;
    if (e instanceof InputError) throw e;
    throw new InputError(`cannot read ${input.name === '-' ? 'standard input' : input.name}: ${(e as Error).message}`);
  }
  if (carry.length > 0) yield { lines: [carry], bytes, ascii: carryAscii };
}

/** A line break: `\r\n`, `\n`, or `\r` alone. */
const LINE_BREAK = /\r\n?|\n/;

/** Where the first line break of `text` is (`\r` or `\n`), or -1. */
function lineEnd(text: string): number {
  const n = text.indexOf('\n');
  const r = text.indexOf('\r');
  return n < 0 ? r : r < 0 ? n : Math.min(n, r);
}

/**
 * Every puzzle record of an input, cut by `PuzzleSplitter` (for commands that need a whole file
 * at once, such as `bench`); `stopAfter` stops reading once that many records are in.
 */
export async function readRecords(input: Input, options: SplitOptions & { readonly stopAfter?: number } = {}): Promise<PuzzleRecord[]> {
  const splitter = new PuzzleSplitter(options.side === undefined ? {} : { side: options.side });
  const records: PuzzleRecord[] = [];
  let lineNumber = 0;
  for await (const chunk of readLines(input)) {
    for (const line of chunk.lines) splitter.push(line, ++lineNumber, records);
    if (options.stopAfter !== undefined && records.length >= options.stopAfter) return records;
  }
  splitter.end(records);
  return records;
}
