/**
 * Waits and memory, end to end through the CLI: a FIFO nobody writes to, a server that never
 * answers or stops half-way, input that never becomes a puzzle, UTF-16 text. Each run is bounded
 * by the test (the child is killed past it), so a command that waits forever fails the test
 * instead of hanging the suite; the bounds are far above what the behaviour needs.
 */
import assert from 'node:assert/strict';
import { type ChildProcessWithoutNullStreams, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { splitPuzzles } from '../src/format/records.js';
import { CLI, VENDORED_DATASETS } from './helpers.js';

const DIR = mkdtempSync(join(tmpdir(), 'sudokit-waits-'));
const PUZZLE = '4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......';
const SOLUTION = '417369825632158947958724316825437169791586432346912758289643571573291684164875293';

interface Ended {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string;
  readonly stderr: string;
  /** The child's peak resident memory in bytes (VmHWM, polled; 0 where /proc is missing). */
  readonly peakRss: number;
}

const RUNNING = new Set<ChildProcessWithoutNullStreams>();
after(() => {
  for (const child of RUNNING) child.kill('SIGKILL');
});

/** Start the CLI (with `node` flags before it); `ended` settles when it exits, or kills it after `boundMs`. */
function start(args: readonly string[], { nodeFlags = [], input, boundMs = 20_000 }: { nodeFlags?: string[]; input?: Buffer | string; boundMs?: number } = {}) {
  const child = spawn(process.execPath, [...nodeFlags, CLI, ...args], { stdio: 'pipe' });
  RUNNING.add(child);
  let stdout = '';
  let stderr = '';
  let peakRss = 0;
  child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
  child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
  // A child that dies first leaves EPIPE on its stdin: that is its answer, not the test's failure.
  child.stdin.on('error', () => {});
  if (input !== undefined) child.stdin.end(input);
  const poll = setInterval(() => {
    try {
      const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'));
      if (m) peakRss = Math.max(peakRss, Number(m[1]) * 1024);
    } catch {}
  }, 20);
  const ended = new Promise<Ended>((resolve, reject) => {
    const bound = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`sudokit ${args.join(' ')}: still running after ${boundMs} ms, killed; stderr: ${stderr.slice(0, 500)}`));
    }, boundMs);
    child.on('close', (code, signal) => {
      clearTimeout(bound);
      clearInterval(poll);
      RUNNING.delete(child);
      resolve({ code, signal, stdout, stderr, peakRss });
    });
  });
  return { child, ended };
}

/** Resolve once `pid` holds `path` open (Linux), or after `fallbackMs` where that cannot be seen or never happens. */
async function whenOpen(pid: number, path: string, fallbackMs = 3000): Promise<void> {
  const fds = `/proc/${pid}/fd`;
  const until = Date.now() + fallbackMs;
  while (Date.now() < until) {
    if (!existsSync(fds)) break;
    try {
      if (readdirSync(fds).some((fd) => readlinkSync(join(fds, fd)) === path)) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 25));
  }
  if (!existsSync(fds)) await new Promise((r) => setTimeout(r, 1000));
}

const fifoSupported = process.platform !== 'win32';

test('a FIFO with no writer: SIGTERM and SIGINT end solve, grade, explain and hint (143, 130)', { skip: !fifoSupported }, async () => {
  const runs = (['solve', 'grade', 'explain', 'hint'] as const).flatMap((command) =>
    (['SIGTERM', 'SIGINT'] as const).map(async (signal) => {
      const fifo = join(DIR, `${command}-${signal}.fifo`);
      execFileSync('mkfifo', [fifo]);
      const { child, ended } = start([command, fifo]);
      await whenOpen(child.pid!, fifo);
      child.kill(signal);
      const r = await ended;
      assert.equal(r.code, signal === 'SIGTERM' ? 143 : 130, `${command} ${signal}: ${JSON.stringify(r)}`);
      assert.equal(r.stdout, '');
    }),
  );
  await Promise.all(runs);
});

test('a FIFO is read once its writer comes, to the end, as cat would', { skip: !fifoSupported }, async () => {
  const fifo = join(DIR, 'late-writer.fifo');
  execFileSync('mkfifo', [fifo]);
  const { child, ended } = start(['solve', fifo]);
  await whenOpen(child.pid!, fifo);
  writeFileSync(fifo, `${PUZZLE}\n${PUZZLE}\n`);
  const r = await ended;
  assert.equal(r.code, 0, r.stderr);
  assert.equal(r.stdout, `${SOLUTION}\n${SOLUTION}\n`);
});

/** A local server: `/silent` accepts and never answers; `/partial` promises 10,000 bytes, sends a puzzle line and 20 more, and closes; `/stall` sends one line and then nothing. */
async function server(): Promise<{ base: string; server: Server }> {
  const s = createServer((req, res) => {
    if (req.url === '/partial') {
      res.writeHead(200, { 'content-length': '10000' });
      res.write(`${PUZZLE}\n${PUZZLE.slice(0, 20)}`, () => setTimeout(() => req.socket.destroy(), 50));
    } else if (req.url === '/stall') {
      res.writeHead(200, { 'content-length': '10000' });
      res.write(`${PUZZLE}\n`);
    }
  });
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const address = s.address() as { port: number };
  return { base: `http://127.0.0.1:${address.port}`, server: s };
}

test('a URL that never answers: --url-timeout gives up in words (exit 2), on solve, grade and render; a signal still ends the wait', async () => {
  const { base, server: s } = await server();
  try {
    const [solved, graded, rendered] = await Promise.all([
      start(['solve', `${base}/silent`, '--url-timeout', '300']).ended,
      start(['grade', `${base}/silent`, '--url-timeout', '300']).ended,
      start(['render', `${base}/silent`, '--url-timeout', '300']).ended,
    ]);
    for (const r of [solved, graded, rendered]) {
      assert.equal(r.code, 2, r.stderr);
      assert.match(r.stderr, /cannot read http:\/\/127\.0\.0\.1:\d+\/silent: no answer within 0\.3 s\n/);
    }
    // The default (30 s) is longer than this test: SIGTERM ends the wait.
    const { child, ended } = start(['solve', `${base}/silent`]);
    await new Promise((r) => setTimeout(r, 700));
    child.kill('SIGTERM');
    assert.equal((await ended).code, 143);
  } finally {
    s.closeAllConnections();
    s.close();
  }
});

test('a download cut short says so and after how many bytes; the whole lines before it are answered', async () => {
  const { base, server: s } = await server();
  try {
    const [partial, stalled] = await Promise.all([start(['solve', `${base}/partial`]).ended, start(['solve', `${base}/stall`, '--url-timeout', '400']).ended]);
    assert.equal(partial.code, 2);
    assert.equal(partial.stdout, `${SOLUTION}\n`);
    assert.match(partial.stderr, /cannot read http:\/\/127\.0\.0\.1:\d+\/partial: the download was cut short after 102 bytes \(/);
    assert.equal(stalled.code, 2);
    assert.equal(stalled.stdout, `${SOLUTION}\n`);
    assert.match(stalled.stderr, /cannot read http:\/\/127\.0\.0\.1:\d+\/stall: nothing more within 0\.4 s after 82 bytes\n/);
  } finally {
    s.closeAllConnections();
    s.close();
  }
});

/** `bytes` of `lines` repeated, each ending in a newline. */
function repeated(lines: readonly string[], bytes: number): Buffer {
  const unit = Buffer.from(
    lines
      .map((l) => `${l}\n`)
      .join('')
      .repeat(4096),
  );
  const out = Buffer.alloc(bytes);
  for (let at = 0; at < bytes; at += unit.length) unit.copy(out, at, 0, Math.min(unit.length, bytes - at));
  return out;
}

/** A V8 heap far smaller than what a build-up of the input would take: a leak crashes the child. */
const SMALL_HEAP = ['--max-old-space-size=32'];
const MB = 1 << 20;

test('slow variant puzzles in a file: each answer is written once it is in, not when the file is done, and Ctrl-C keeps what was written', async () => {
  // Hard renban 1, 2 and 3: seconds each, and more than a slice, so the pool answers them.
  const lines = readFileSync(`${VENDORED_DATASETS}variants/fpuzzles-hard-renban.txt`, 'utf8').trim().split('\n');
  const file = join(DIR, 'renban.txt');
  writeFileSync(file, `${lines.map((l) => l.split(' ')[0]).join('\n')}\n`);
  const { child, ended } = start(['solve', '--threads', '1', '--no-progress', file], { boundMs: 120_000 });
  const first = await new Promise<string>((resolve) => {
    let seen = '';
    child.stdout.on('data', (d: string) => {
      seen += d;
      if (seen.includes('\n')) resolve(seen);
    });
  });
  child.kill('SIGINT');
  const r = await ended;
  assert.equal(first, `${lines[0]!.split(' ')[1]}\n`, 'the first answer came alone');
  assert.equal(r.code, 130, r.stderr.slice(0, 300));
  assert.ok(r.stdout.startsWith(first) && r.stdout.split('\n').length - 1 < lines.length, `what was written stays, whole lines: ${r.stdout.length} characters`);
});

test('24 MB of separator lines (-, ---+---+---, | |) piped to solve: nothing to answer, in bounded memory', async () => {
  const input = repeated(['-', '---+---+---', ' | | ', '------+-------+------', '-'], 24 * MB);
  const r = await start(['solve', '--threads', '1'], { nodeFlags: SMALL_HEAP, input }).ended;
  assert.equal(r.code, 0, `${r.signal ?? ''} ${r.stderr.slice(0, 300)}`);
  assert.equal(r.stdout, '');
  if (r.peakRss > 0) assert.ok(r.peakRss < 200 * MB, `peak RSS ${(r.peakRss / MB).toFixed(0)} MB`);
});

test('a grid that can no longer be one (99 lines) is cut and answered invalid in its place; the grid after it is answered', async () => {
  const rows = Array.from({ length: 9 }, (_, r) =>
    PUZZLE.slice(r * 9, r * 9 + 9)
      .split('')
      .join(' '),
  );
  const rules = Array.from({ length: 300 }, () => '------+-------+------');
  const records = splitPuzzles([rows[0], ...rules, ...rows, ...rules, '', PUZZLE].join('\n'));
  assert.deepEqual(
    records.map((r) => r.line),
    [1, 302, 612],
  );
  assert.equal(records[1]!.text, rows.join('\n'));
  // The same with 8 MB of rule lines between the row and the next puzzle, in a small heap.
  const input = Buffer.concat([Buffer.from(`${rows[0]}\n`), repeated(['------+-------+------'], 8 * MB), Buffer.from(`${PUZZLE}\n`)]);
  const r = await start(['solve', '--threads', '1'], { nodeFlags: SMALL_HEAP, input }).ended;
  assert.equal(r.code, 1, `${r.signal ?? ''} ${r.stderr.slice(0, 300)}`);
  assert.equal(r.stdout, `invalid\n${SOLUTION}\n`);
  assert.match(r.stderr, /^sudokit: line 1: Invalid puzzle: counted 9 cells/);
});

test('render - --index N streams to the N-th puzzle and keeps no other: bounded memory past 240,000 puzzles', async () => {
  const input = repeated([PUZZLE], 20 * MB);
  const count = input.length / (PUZZLE.length + 1);
  const [beyond, found] = await Promise.all([
    start(['render', '-', '--index', '900000000'], { nodeFlags: SMALL_HEAP, input }).ended,
    start(['render', '-', '--index', String(Math.floor(count) - 1)], { nodeFlags: SMALL_HEAP, input }).ended,
  ]);
  assert.equal(beyond.code, 2, `${beyond.signal ?? ''} ${beyond.stderr.slice(0, 300)}`);
  assert.match(beyond.stderr, new RegExp(`standard input has ${Math.ceil(count)} puzzles; --index 900000000`));
  assert.equal(found.code, 0, `${found.signal ?? ''} ${found.stderr.slice(0, 300)}`);
  assert.match(found.stdout, /^<svg /);
});

test('UTF-16 files, LE and BE with a byte order mark, and LE without one, solve; so does UTF-16 on stdin', async () => {
  const text = `${PUZZLE}\r\n# a comment\r\n${PUZZLE}\r\n`;
  const le = Buffer.from(text, 'utf16le');
  const be = Buffer.from(le).swap16();
  const files = {
    le: Buffer.concat([Buffer.from([0xff, 0xfe]), le]),
    be: Buffer.concat([Buffer.from([0xfe, 0xff]), be]),
    'le-no-bom': le,
  };
  const runs = Object.entries(files).map(([name, bytes]) => {
    const path = join(DIR, `${name}.txt`);
    writeFileSync(path, bytes);
    return start(['solve', path]).ended;
  });
  runs.push(start(['solve'], { input: files.be }).ended);
  for (const r of await Promise.all(runs)) {
    assert.equal(r.stderr, '');
    assert.equal(r.stdout, `${SOLUTION}\n${SOLUTION}\n`);
    assert.equal(r.code, 0);
  }
});
