/**
 * Inputs of the CLI: files, `-` for standard input, and http(s) URLs, read as streams of lines
 * so a file of millions of puzzles runs in constant memory.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
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

/** Check every input before reading any, so a typo fails at once and names the file. */
export async function checkInputs(names: readonly string[]): Promise<Input[]> {
  const inputs: Input[] = [];
  for (const name of names) {
    if (name === '-' || isUrl(name)) {
      inputs.push({ name });
      continue;
    }
    let info;
    try {
      info = await stat(name);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      const why = code === 'ENOENT' ? 'no such file' : code === 'EACCES' ? 'permission denied' : (e as Error).message;
      throw new InputError(`cannot read ${name}: ${why}`);
    }
    if (info.isDirectory()) throw new InputError(`cannot read ${name}: it is a directory`);
    inputs.push({ name, size: info.size });
  }
  return inputs;
}

async function openStream(input: Input): Promise<Readable> {
  if (input.name === '-') return process.stdin;
  if (!isUrl(input.name)) {
    const stream = createReadStream(input.name, { highWaterMark: 1 << 16 });
    return stream;
  }
  let response: Response;
  try {
    response = await fetch(input.name);
  } catch (e) {
    const cause = (e as { cause?: { message?: string; code?: string } }).cause;
    throw new InputError(`cannot fetch ${input.name}: ${cause?.code ?? cause?.message ?? (e as Error).message}`);
  }
  if (!response.ok || !response.body) throw new InputError(`cannot fetch ${input.name}: HTTP ${response.status} ${response.statusText}`);
  return Readable.fromWeb(response.body as import('node:stream/web').ReadableStream);
}

/**
 * The lines of an input, delivered in chunks (arrays of lines without their line breaks, `\r`
 * stripped), with the number of bytes read so far. Errors while reading become InputError.
 */
export async function* readLines(input: Input): AsyncGenerator<{ lines: string[]; bytes: number }> {
  const stream = await openStream(input);
  stream.setEncoding('utf8');
  let carry = '';
  let bytes = 0;
  try {
    for await (const chunk of stream as AsyncIterable<string>) {
      bytes += Buffer.byteLength(chunk);
      const text = carry + chunk;
      const lines = text.split('\n');
      carry = lines.pop()!;
      for (let i = 0; i < lines.length; i++) {
        const line = lines[i]!;
        if (line.endsWith('\r')) lines[i] = line.slice(0, -1);
      }
      yield { lines, bytes };
    }
  } catch (e) {
    if (e instanceof InputError) throw e;
    throw new InputError(`cannot read ${input.name === '-' ? 'standard input' : input.name}: ${(e as Error).message}`);
  }
  if (carry.length > 0) yield { lines: [carry.endsWith('\r') ? carry.slice(0, -1) : carry], bytes };
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
