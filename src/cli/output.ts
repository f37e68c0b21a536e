/**
 * Writing the output, and what a failed write does. Every command writes through here (or
 * through its `Run`, which calls here), so a failed write ends every command alike:
 *
 * - A closed pipe (EPIPE: `sudokit grade big.txt | head -1`) is the reader taking what it wanted:
 *   the run ends quietly, exit 0 (run.ts).
 * - Any other failure (a full disk, `> /dev/full`, a file size limit, an I/O error) ends
 *   the run with one line naming it, `sudokit: cannot write the output: no space left on device
 *   (ENOSPC)`, and exit status 74 (EX_IOERR of sysexits.h), which no other outcome uses: exit 1
 *   means every puzzle was answered and some failed, which a script may accept, so output that
 *   stopped short must not look like it.
 * - What was written is whole answers: each write is whole answers, and when the system took
 *   part of one before failing (a disk filling up) the part is cut off again where the output
 *   is a file, or the message says the last answer is cut short where it cannot be.
 *
 * Node writes a file or a device (`> out.txt`, `> /dev/full`) with one `write` per chunk and
 * drops what a short write left over, so those are written here, synchronously, as Node would
 * anyway; pipes and terminals stay with `process.stdout`, which finishes short writes itself and
 * lets the main thread see a signal while a reader is slow.
 *
 * A standard output closed before the start (`sudokit solve x >&-`) is not caught: Node puts
 * /dev/null, opened for reading and writing, in the place of a closed standard fd before any of
 * our code runs, and that is exactly what a parent that discards the output gives (Node's
 * `stdio: 'ignore'`, Python's `DEVNULL`), so telling them apart would fail those runs.
 */
import { closeSync, fstatSync, ftruncateSync, lstatSync, openSync, rmSync, writeSync } from 'node:fs';
import { isatty } from 'node:tty';

/** The exit status of a run whose output could not be written (EX_IOERR). */
export const EXIT_WRITE_FAILED = 74;

/** The output could not be written: the message says where, why and how far it got. */
export class OutputError extends Error {
  readonly code: string;
  constructor(message: string, code: string) {
    super(message);
    this.name = 'OutputError';
    this.code = code;
  }
}

const WORDS: Readonly<Record<string, string>> = {
  ENOSPC: 'no space left on device',
  EDQUOT: 'disk quota exceeded',
  EFBIG: 'file too large',
  EIO: 'input/output error',
  EBADF: 'standard output is closed',
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  EROFS: 'read-only file system',
  ENOENT: 'no such directory',
  ENOTDIR: 'not a directory',
  EISDIR: 'it is a directory',
  ECONNRESET: 'connection reset by the reader',
};

/** Why a write failed, in words, with the system's code: `no space left on device (ENOSPC)`. */
export function writeFailureInWords(e: unknown): string {
  const code = (e as NodeJS.ErrnoException).code;
  if (code === undefined) return (e as Error).message;
  // The system's message without its `ENOSPC: ` prefix and `, write` suffix.
  const words = WORDS[code] ?? (e as Error).message.replace(/^[A-Z]+: /, '').replace(/, \w+( '.*')?$/, '');
  return `${words} (${code})`;
}

/** The error a failed write of standard output ends the run with. */
export function outputFailure(e: unknown, how: { written: number; cut?: boolean }): OutputError {
  const code = (e as NodeJS.ErrnoException).code ?? 'EIO';
  const stopped =
    how.written === 0 && !how.cut ? '' : how.cut ? '; stopped part-way, and the last answer written is cut short' : `; stopped part-way: the ${how.written} bytes written end with a whole answer`;
  return new OutputError(`cannot write the output: ${writeFailureInWords(e)}${stopped}`, code);
}

let sync: boolean | undefined;
/** Is standard output a file or a device other than a terminal (written here, synchronously), rather than a pipe, a socket or a terminal? */
export function stdoutIsSync(): boolean {
  if (sync === undefined) {
    try {
      const info = fstatSync(1);
      sync = info.isFile() || (info.isCharacterDevice() && !isatty(1));
    } catch {
      sync = false;
    }
  }
  return sync;
}

/** Bytes this process wrote to standard output through `writeStdoutSync`. */
let written = 0;
/** The size of standard output when it is a file, at the first write: where this process's output starts. */
let startSize: number | undefined;

const PAUSE = new Int32Array(new SharedArrayBuffer(4));

/**
 * Write `text` (whole answers) to standard output synchronously, whatever it is, all of it:
 * a full non-blocking pipe is waited for. Returns false once the reader has gone (EPIPE); throws
 * an OutputError for any other failure, after cutting off the part of `text` a file took.
 */
export function writeStdoutSync(text: string): boolean {
  if (text === '') return true;
  if (startSize === undefined) {
    try {
      const info = fstatSync(1);
      startSize = info.isFile() ? info.size : -1;
    } catch {
      startSize = -1;
    }
  }
  const bytes = Buffer.from(text);
  let offset = 0;
  while (offset < bytes.length) {
    try {
      const n = writeSync(1, bytes, offset);
      offset += n;
      written += n;
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'EPIPE') return false;
      if (code === 'EAGAIN') {
        // A non-blocking pipe is full: wait a moment for the reader.
        Atomics.wait(PAUSE, 0, 0, 1);
        continue;
      }
      const cut = offset > 0 && !cutOff(offset);
      throw outputFailure(e, { written, cut });
    }
  }
  return true;
}

/**
 * Take the last `partial` bytes written (part of an answer) out of standard output again, when
 * it is a file that holds exactly what this process wrote after what it held at the start
 * (`>` or `>>`, no other writer). Returns whether it could.
 */
function cutOff(partial: number): boolean {
  try {
    const info = fstatSync(1);
    if (!info.isFile() || startSize === undefined || startSize < 0 || info.size !== startSize + written) return false;
    ftruncateSync(1, info.size - partial);
    written -= partial;
    return true;
  } catch {
    return false;
  }
}

/**
 * Write a whole text that is a command's output (help, a drawing, a report, a summary). A file
 * or a device is written here, synchronously (an OutputError when that fails); a pipe or a
 * terminal through `process.stdout`, whose failures commands.ts reports. A closed pipe is quiet.
 */
export function writeOutput(text: string): void {
  if (stdoutIsSync()) writeStdoutSync(text);
  else process.stdout.write(text);
}

/**
 * Write `data` to the file at `path`, or leave no unfinished file there: when a write fails
 * part-way (a full disk), what was written is removed (a file that was there before is gone
 * anyway: opening it for writing emptied it) and the OutputError says so.
 */
export function writeFileWhole(path: string, data: string | Uint8Array): void {
  let fd: number;
  try {
    fd = openSync(path, 'w');
  } catch (e) {
    throw new OutputError(`cannot write ${path}: ${writeFailureInWords(e)}`, (e as NodeJS.ErrnoException).code ?? 'EIO');
  }
  const bytes = typeof data === 'string' ? Buffer.from(data) : data;
  let offset = 0;
  try {
    while (offset < bytes.length) offset += writeSync(fd, bytes, offset);
  } catch (e) {
    // What is left of the file: nothing, or an empty target behind a link, or (when even that
    // failed) the unfinished text. A device or a pipe keeps nothing.
    let left = '';
    try {
      if (fstatSync(fd).isFile()) {
        left = '; it is unfinished';
        ftruncateSync(fd, 0);
        left = '; emptied it';
        if (lstatSync(path).isFile()) {
          rmSync(path);
          left = '; removed the unfinished file';
        }
      }
    } catch {
      // Nothing more can be done; `left` says what remains.
    }
    throw new OutputError(`cannot write ${path}: ${writeFailureInWords(e)}${left}`, (e as NodeJS.ErrnoException).code ?? 'EIO');
  } finally {
    closeSync(fd);
  }
}
