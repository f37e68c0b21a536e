/**
 * Inputs of the CLI: files, `-` for standard input, and http(s) URLs, read as streams of lines
 * so a file of millions of puzzles runs in constant memory.
 */
import { isVariantText } from '../format/variant.js';
import { constants, createReadStream, existsSync, open } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Socket } from 'node:net';
import { addAbortSignal, type Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { MAX_PUZZLE_CHARS } from '../format/parse.js';
import { type PuzzleRecord, PuzzleSplitter, type SplitOptions } from '../format/records.js';

/** A problem with an input (unreadable file, failed download): the message names it. */
export class InputError extends Error {}

export interface Input {
  /** As the user wrote it: a path, a URL, or `-`. */
  readonly name: string;
  /** Size in bytes when known up front (regular files). */
  readonly size?: number;
  /** A named pipe (FIFO): opened without waiting for its writer (see openSource). */
  readonly fifo?: boolean;
  /** For a URL: the longest wait for the server, to answer and then between parts of its answer. */
  readonly urlTimeoutMs?: number;
}

/** How long a download may wait for its server by default (`--url-timeout MS` changes it). */
export const DEFAULT_URL_TIMEOUT_MS = 30_000;

/** What a command's help says about `--url-timeout`, its text starting at `column`. */
export function urlTimeoutHelp(column: number): string {
  return `${'  --url-timeout MS'.padEnd(column)}give up on a URL that sends nothing for MS milliseconds: no answer,
${' '.repeat(column)}or no more of it (default ${DEFAULT_URL_TIMEOUT_MS / 1000} s)`;
}

export function isUrl(name: string): boolean {
  return /^https?:\/\//i.test(name);
}

/**
 * Whether a command-line argument names an input (a file, a URL, or `-`) rather than being a
 * puzzle itself: anything that exists, or looks like a path, is an input; `4.....8.5.3…` is not,
 * and neither is a variant puzzle (an f-puzzles or SudokuPad link, a `?load=` string, f-puzzles
 * JSON, ISS text), though links start like URLs and load strings hold slashes.
 */
export function isInputName(arg: string): boolean {
  if (arg === '-' || existsSync(arg)) return true;
  if (isVariantText(arg)) return false;
  return isUrl(arg) || /[\\/]|\.txt$|\.sdk$/.test(arg);
}

/** Check every input before reading any, so a typo fails at once and names the file. */
export async function checkInputs(names: readonly string[], options: { readonly urlTimeoutMs?: number } = {}): Promise<Input[]> {
  const inputs: Input[] = [];
  for (const name of names) {
    if (name === '-') {
      inputs.push({ name });
      continue;
    }
    if (isUrl(name)) {
      inputs.push({ name, urlTimeoutMs: options.urlTimeoutMs ?? DEFAULT_URL_TIMEOUT_MS });
      continue;
    }
    let info: Awaited<ReturnType<typeof stat>>;
    try {
      info = await stat(name);
    } catch (e) {
      throw new InputError(`cannot read ${name}: ${failureInWords(e, 'no such file')}`);
    }
    if (info.isDirectory()) throw new InputError(`cannot read ${name}: it is a directory`);
    // A FIFO, a device: no size to measure progress by.
    inputs.push(info.isFIFO() ? { name, fifo: true } : info.isFile() ? { name, size: info.size } : { name });
  }
  return inputs;
}

/** Why a file operation failed, in words: `missing` for a path that does not exist, else the common causes, else the system's message. */
export function failureInWords(e: unknown, missing: string): string {
  const code = (e as NodeJS.ErrnoException).code;
  return code === 'ENOENT' ? missing : code === 'EACCES' ? 'permission denied' : code === 'EISDIR' ? 'it is a directory' : (e as Error).message;
}

/**
 * The bytes of an input. A FIFO is opened without blocking (O_NONBLOCK) and read through the
 * event loop like a pipe on stdin: a plain open would park a thread of libuv's pool until a
 * writer came, and a process with such a thread cannot exit, so Ctrl-C and SIGTERM could not
 * end it. The read itself still waits for the writer, as `cat` does, and ends when it leaves.
 */
async function openSource(input: Input, signal: AbortSignal | undefined): Promise<AsyncIterable<Buffer>> {
  if (input.name === '-') return withAbort(process.stdin, signal);
  if (isUrl(input.name)) return download(input.name, input.urlTimeoutMs ?? DEFAULT_URL_TIMEOUT_MS, signal);
  if (input.fifo) {
    const fd = await new Promise<number>((resolve, reject) => {
      open(input.name, constants.O_RDONLY | constants.O_NONBLOCK, (e, fd) => (e ? reject(e) : resolve(fd)));
    });
    return withAbort(new Socket({ fd, readable: true, writable: false }), signal);
  }
  return withAbort(createReadStream(input.name, { highWaterMark: 1 << 16 }), signal);
}

/** A stream that `signal` destroys: a read waiting on it then ends at once. */
function withAbort(stream: Readable, signal: AbortSignal | undefined): Readable {
  if (signal !== undefined) addAbortSignal(signal, stream);
  return stream;
}

/** Seconds in words for messages: `30 s`, `0.2 s`. */
function seconds(ms: number): string {
  return `${Number((ms / 1000).toPrecision(3))} s`;
}

/** A number of bytes in words: `1 byte`, `12,345 bytes`. */
function byteCount(n: number): string {
  return `${n.toLocaleString('en-US')} byte${n === 1 ? '' : 's'}`;
}

/**
 * The body of a URL, as it comes. The server gets `timeoutMs` to answer (connecting, then its
 * headers) and again for each part of the body after the last; a wait past that, a refusal or an
 * answer cut short is an InputError in words. The clock runs only while waiting for the server,
 * not while the command is busy with what came. When `signal` aborts, the download ends quietly.
 */
async function* download(url: string, timeoutMs: number, signal: AbortSignal | undefined): AsyncGenerator<Buffer> {
  const controller = new AbortController();
  const onAbort = () => controller.abort();
  signal?.addEventListener('abort', onAbort, { once: true });
  let timedOut = false;
  let timer: NodeJS.Timeout | undefined;
  const startClock = () => {
    timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
  };
  let bytes = 0;
  try {
    startClock();
    let response: Response;
    try {
      response = await fetch(url, { signal: controller.signal });
    } catch (e) {
      if (signal?.aborted) return;
      if (timedOut) throw new InputError(`cannot read ${url}: no answer within ${seconds(timeoutMs)}`);
      const cause = (e as { cause?: { message?: string; code?: string } }).cause;
      throw new InputError(`cannot fetch ${url}: ${clientFailure(cause?.code) ?? cause?.code ?? cause?.message ?? (e as Error).message}`);
    } finally {
      clearTimeout(timer);
    }
    if (!response.ok || !response.body) {
      await response.body?.cancel().catch(() => {});
      throw new InputError(`cannot fetch ${url}: HTTP ${response.status} ${response.statusText}`);
    }
    const reader = response.body.getReader();
    for (;;) {
      startClock();
      let part: Awaited<ReturnType<typeof reader.read>>;
      try {
        part = await reader.read();
      } catch (e) {
        if (signal?.aborted) return;
        if (timedOut) throw new InputError(`cannot read ${url}: nothing more within ${seconds(timeoutMs)} after ${byteCount(bytes)}`);
        const cause = (e as { cause?: { message?: string; code?: string } }).cause;
        const why = clientFailure(cause?.code) ?? cause?.message ?? (e as Error).message;
        throw new InputError(`cannot read ${url}: the download was cut short after ${byteCount(bytes)} (${why})`);
      } finally {
        clearTimeout(timer);
      }
      if (part.done) return;
      bytes += part.value.byteLength;
      yield Buffer.from(part.value.buffer, part.value.byteOffset, part.value.byteLength);
    }
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
    // Stopped early (a signal, an error, enough read): let go of the connection.
    controller.abort();
  }
}

/** Node's fetch gives up on its own after fixed times, whatever --url-timeout says: those in words. */
function clientFailure(code: string | undefined): string | undefined {
  if (code === 'UND_ERR_HEADERS_TIMEOUT') return 'no answer within 300 s (the most Node waits for one)';
  if (code === 'UND_ERR_BODY_TIMEOUT') return 'nothing more within 300 s (the most Node waits for it)';
  if (code === 'UND_ERR_CONNECT_TIMEOUT') return 'could not connect within 10 s';
  return undefined;
}

/**
 * Where a line longer than the parser's limit (MAX_PUZZLE_CHARS, far more than any puzzle line:
 * a 49×49 on one line is 2,401 characters) is cut: one character past the limit, so the parser
 * still sees it is too long and says so. The rest of it is skipped, so one line without an end
 * cannot fill the memory.
 */
const CUT_LINE_CHARS = MAX_PUZZLE_CHARS + 1;

/** The text encodings an input may come in: UTF-8, or UTF-16 when a byte order mark says so. */
type Encoding = 'utf8' | 'utf16le' | 'utf16be';

/**
 * Bytes to text. The first bytes decide the encoding: a byte order mark (UTF-8 `EF BB BF`,
 * UTF-16 LE `FF FE`, UTF-16 BE `FE FF`, dropped), or, without one, UTF-16 text of ASCII
 * characters (every other byte zero, as Windows tools write it) is read as UTF-16 too; anything
 * else is UTF-8.
 */
class Decoder {
  #decoder: StringDecoder | undefined;
  #encoding: Encoding = 'utf8';
  /** Bytes held before the encoding is known (a byte order mark split by a read). */
  #head: Buffer | undefined;
  /** UTF-16 BE: an odd byte left over from the last read. */
  #odd: Buffer | undefined;

  get encoding(): Encoding {
    return this.#encoding;
  }

  write(bytes: Buffer): string {
    if (this.#decoder === undefined) {
      const head = this.#head === undefined ? bytes : Buffer.concat([this.#head, bytes]);
      const found = sniff(head, false);
      if (found === undefined) {
        this.#head = head;
        return '';
      }
      this.#head = undefined;
      this.#start(found.encoding);
      bytes = head.subarray(found.skip);
    }
    return this.#decoder!.write(this.#swap(bytes));
  }

  end(): string {
    if (this.#decoder === undefined) {
      if (this.#head === undefined) return '';
      const head = this.#head;
      this.#head = undefined;
      const found = sniff(head, true)!;
      this.#start(found.encoding);
      return this.#decoder!.write(this.#swap(head.subarray(found.skip))) + this.#decoder!.end();
    }
    return this.#decoder.end();
  }

  #start(encoding: Encoding): void {
    this.#encoding = encoding;
    this.#decoder = new StringDecoder(encoding === 'utf8' ? 'utf8' : 'utf16le');
  }

  /** UTF-16 BE as LE (Node decodes LE only): each pair of bytes swapped, in a copy. */
  #swap(bytes: Buffer): Buffer {
    if (this.#encoding !== 'utf16be') return bytes;
    const all = this.#odd === undefined ? bytes : Buffer.concat([this.#odd, bytes]);
    const even = all.length & ~1;
    this.#odd = even < all.length ? Buffer.from(all.subarray(even)) : undefined;
    return Buffer.from(all.subarray(0, even)).swap16();
  }
}

/** The encoding the first bytes of an input show, and how many to skip (its byte order mark); undefined while too few have come to tell. */
function sniff(head: Buffer, final: boolean): { encoding: Encoding; skip: number } | undefined {
  const [a, b, c] = head;
  if (a === 0xef && b === 0xbb && c === 0xbf) return { encoding: 'utf8', skip: 3 };
  if (a === 0xff && b === 0xfe) return { encoding: 'utf16le', skip: 2 };
  if (a === 0xfe && b === 0xff) return { encoding: 'utf16be', skip: 2 };
  if (!final && ((a === 0xef && head.length < 3 && (b === undefined || b === 0xbb)) || ((a === 0xff || a === 0xfe) && head.length < 2))) return undefined;
  // No mark: ASCII written as UTF-16 has a zero in every other byte (text never holds a zero byte).
  const n = Math.min(head.length, 64) & ~1;
  if (n >= 4) {
    let le = true;
    let be = true;
    for (let i = 0; i < n; i += 2) {
      if (head[i] === 0 || head[i + 1] !== 0) le = false;
      if (head[i] !== 0 || head[i + 1] === 0) be = false;
    }
    if (le) return { encoding: 'utf16le', skip: 0 };
    if (be) return { encoding: 'utf16be', skip: 0 };
  }
  return { encoding: 'utf8', skip: 0 };
}

/** A chunk of lines, as `readLines` delivers them. */
export interface LinesRead {
  readonly lines: string[];
  /** Bytes of the input read so far. */
  readonly bytes: number;
  /** Every line is ASCII: its length is its size in UTF-8 bytes. */
  readonly ascii: boolean;
  /** The input is UTF-16: two bytes a character (outside the rare surrogate pairs). */
  readonly utf16: boolean;
}

/**
 * The lines of an input, delivered in chunks (arrays of lines without their line breaks), with
 * the number of bytes read so far. The text is UTF-8, or UTF-16 when its first bytes say so
 * (Decoder); a byte order mark is dropped. A line ends at `\n`, `\r\n` or `\r` alone (old Mac
 * files), `\r\n` being one line end even when a read splits it. Errors while reading become
 * InputError. When `signal` aborts (Ctrl-C, SIGTERM), the read ends at once, even one waiting on
 * a terminal, a FIFO without a writer or a slow download: the lines end there, without an error.
 */
export async function* readLines(input: Input, signal?: AbortSignal): AsyncGenerator<LinesRead> {
  if (signal?.aborted) return;
  let source: AsyncIterable<Buffer>;
  try {
    source = await openSource(input, signal);
  } catch (e) {
    if (signal?.aborted) return;
    if (e instanceof InputError) throw e;
    throw new InputError(`cannot read ${input.name}: ${failureInWords(e, 'no such file')}`);
  }
  const decoder = new Decoder();
  const cutter = new LineCutter();
  let bytes = 0;
  try {
    for await (const chunk of source) {
      bytes += chunk.length;
      const text = decoder.write(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
      if (text === '') continue;
      const lines = cutter.push(text);
      if (lines.length > 0) yield { lines, bytes, ascii: cutter.ascii, utf16: decoder.encoding !== 'utf8' };
    }
  } catch (e) {
    if (signal?.aborted) return;
    if (e instanceof InputError) throw e;
    throw new InputError(`cannot read ${input.name === '-' ? 'standard input' : input.name}: ${(e as Error).message}`);
  }
  const rest = decoder.end();
  const lines = rest === '' ? [] : cutter.push(rest);
  const last = cutter.end();
  if (last !== undefined) lines.push(last);
  if (lines.length > 0) yield { lines, bytes, ascii: cutter.ascii, utf16: decoder.encoding !== 'utf8' };
}

/**
 * Cuts text, as it comes, into lines; a line longer than the parser's limit is cut at
 * CUT_LINE_CHARS and the rest of it skipped.
 */
class LineCutter {
  #carry = '';
  // Inside a line already cut: drop text until its end.
  #skipping = false;
  #carryAscii = true;
  // The text read so far ended with `\r`, which ended a line: a `\n` next is the rest of that line end.
  #afterCR = false;
  /** Whether the lines of the last push were all ASCII (what a puzzle file is): a line's length is then its size in UTF-8. */
  ascii = true;

  /** The lines `chunk` ends. */
  push(chunk: string): string[] {
    const chunkAscii = Buffer.byteLength(chunk) === chunk.length;
    this.ascii = chunkAscii && this.#carryAscii;
    let text = this.#carry + chunk;
    this.#carry = '';
    if (this.#afterCR) {
      this.#afterCR = false;
      if (text.charCodeAt(0) === 10) text = text.slice(1);
    }
    if (this.#skipping) {
      const end = lineEnd(text);
      if (end < 0) return [];
      let next = end + 1;
      if (text.charCodeAt(end) === 13) {
        if (next === text.length) this.#afterCR = true;
        else if (text.charCodeAt(next) === 10) next++;
      }
      text = text.slice(next);
      this.#skipping = false;
    }
    const cr = text.includes('\r');
    const lines = cr ? text.split(LINE_BREAK) : text.split('\n');
    let carry = lines.pop()!;
    if (cr && carry === '' && text.endsWith('\r')) this.#afterCR = true;
    if (carry.length > MAX_PUZZLE_CHARS) {
      lines.push(carry.slice(0, CUT_LINE_CHARS));
      carry = '';
      this.#skipping = true;
    }
    for (let i = 0; i < lines.length; i++) {
      const line = lines[i]!;
      if (line.length > MAX_PUZZLE_CHARS) lines[i] = line.slice(0, CUT_LINE_CHARS);
    }
    this.#carry = carry;
    this.#carryAscii = this.ascii || Buffer.byteLength(carry) === carry.length;
    return lines;
  }

  /** The last line, when the text did not end with a line break. */
  end(): string | undefined {
    const carry = this.#carry;
    this.#carry = '';
    if (carry.length > 0) this.ascii = this.#carryAscii;
    return carry.length > 0 ? carry : undefined;
  }
}

/** A line break: `\r\n`, `\n`, or `\r` alone. */
const LINE_BREAK = /\r\n?|\n/;

/** Where the first line break of `text` is (`\r` or `\n`), or -1. */
function lineEnd(text: string): number {
  const n = text.indexOf('\n');
  const r = text.indexOf('\r');
  return n < 0 ? r : r < 0 ? n : Math.min(n, r);
}

/** Every puzzle record of an input, cut by `PuzzleSplitter` (for commands that need a whole file at once, such as `bench`). */
export async function readRecords(input: Input, options: SplitOptions = {}): Promise<PuzzleRecord[]> {
  const splitter = new PuzzleSplitter(options.side === undefined ? {} : { side: options.side });
  const records: PuzzleRecord[] = [];
  let lineNumber = 0;
  for await (const chunk of readLines(input)) {
    for (const line of chunk.lines) splitter.push(line, ++lineNumber, records);
  }
  splitter.end(records);
  return records;
}

/**
 * The `index`-th puzzle record of an input (from 1), read up to it and no further, keeping no
 * other record: memory stays bounded however far it is. When the input has fewer, `record` is
 * undefined and `count` says how many it has.
 */
export async function readRecordAt(input: Input, index: number, options: SplitOptions = {}): Promise<{ record?: PuzzleRecord; count: number }> {
  const splitter = new PuzzleSplitter(options.side === undefined ? {} : { side: options.side });
  const records: PuzzleRecord[] = [];
  let count = 0;
  let lineNumber = 0;
  for await (const chunk of readLines(input)) {
    for (const line of chunk.lines) {
      splitter.push(line, ++lineNumber, records);
      for (const record of records.splice(0)) if (++count === index) return { record, count };
    }
  }
  splitter.end(records);
  for (const record of records.splice(0)) if (++count === index) return { record, count };
  return { count };
}
