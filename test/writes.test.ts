/**
 * Nothing lost, nothing wrong: what every command does when its output cannot be written, and
 * input that used to lose puzzles silently. End to end through the built CLI:
 *
 * - A failed write (`> /dev/full`, a disk that fills part-way, a file
 *   size limit) ends every command that writes with one line naming it and exit 74; what was
 *   written is whole answers; a closed pipe stays quiet (edges.test.ts).
 * - `render --out` on a full disk leaves no unfinished file.
 * - `\r` alone ends a line (old Mac files), and `\r\n` split between two reads is one line end.
 * - An unbalanced `[` ends where the text can no longer be JSON, so the records after it are answered.
 */
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { CLI, dataset, missingTool, readDataset, runCli } from './helpers.js';

const DIR = mkdtempSync(join(tmpdir(), 'sudokit-writes-'));
const P1 = '4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......';
const EASY = readDataset('norvig-easy50.txt').puzzles;
const TOP1465 = dataset('magictour-top1465.txt').path;
const MESSAGE = /^sudokit: cannot write the output: no space left on device \(ENOSPC\)(; stopped part-way: the (\d+) bytes written end with a whole answer)?\n$/;

interface Ran {
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** `sudokit ARGS` through sh, with `redirect` applied to its standard output (`> /dev/full`, `>&-`, `> FILE`), after `setup` (`ulimit -f 8`). */
function shell(args: readonly string[], redirect: string, { setup = '', env = {} }: { setup?: string; env?: NodeJS.ProcessEnv } = {}): Promise<Ran> {
  const quoted = [process.execPath, CLI, ...args].map((a) => `'${a.replaceAll("'", "'\\''")}'`).join(' ');
  return new Promise((resolve, reject) => {
    const child = spawn('sh', ['-c', `${setup}${setup ? '; ' : ''}exec ${quoted} ${redirect}`], { env: { ...process.env, NO_COLOR: '1', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => {
      stdout += d;
    });
    child.stderr.on('data', (d: Buffer) => {
      stderr += d;
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.on('error', reject);
    child.on('close', (status) => {
      clearTimeout(timer);
      resolve({ status, stdout, stderr });
    });
  });
}

/** Run every command of `WRITERS` with `redirect`, a few at a time (the machine is shared). */
async function runWriters(redirect: string): Promise<Ran[]> {
  const ran: Ran[] = [];
  for (let i = 0; i < WRITERS.length; i += 4) ran.push(...(await Promise.all(WRITERS.slice(i, i + 4).map((args) => shell(args, redirect)))));
  return ran;
}

function file(name: string, text: string | Buffer): string {
  const path = join(DIR, name);
  writeFileSync(path, text);
  return path;
}

/** Every command that writes, each with an input that makes it write. */
const WRITERS: readonly (readonly string[])[] = (() => {
  const puzzles = file('easy.txt', `${EASY.slice(0, 20).join('\n')}\n`);
  const few = file('few.txt', `${EASY.slice(0, 3).join('\n')}\n`);
  return [
    ['solve', '--threads', '1', puzzles],
    ['solve', '--threads', '2', '--format', 'json', puzzles],
    ['solve', '--all', '--limit', '3', '.'.repeat(81)],
    ['hint', EASY[0]!],
    ['explain', EASY[0]!],
    ['grade', '--threads', '2', '--format', 'json', few],
    ['generate', '--seed', '1', '--count', '2'],
    ['generate', '--random-fill', '--seed', '1', '--count', '10'],
    ['render', EASY[0]!],
    ['bench', few, '--engines', 'fast', '--no-progress'],
    ['--help'],
    ['--version'],
    ['solve', '--help'],
    ['grade', '--help'],
  ];
})();

after(() => rmSync(DIR, { recursive: true, force: true }));

// ---------------------------------------------------------------------------------------------
// A failed write

test('> /dev/full: every command that writes says so on stderr and exits 74 (it exited 0, silent)', { skip: existsSync('/dev/full') ? undefined : 'no /dev/full here' }, async () => {
  const ran = await runWriters('> /dev/full');
  ran.forEach((r, i) => {
    const what = WRITERS[i]!.join(' ').slice(0, 60);
    assert.equal(r.status, 74, `${what}: ${r.stderr}`);
    assert.equal(r.stderr, 'sudokit: cannot write the output: no space left on device (ENOSPC)\n', what);
  });
});

test('an output thrown away on purpose is a success: > /dev/null, and a parent that discards it (stdio ignore, a read-write /dev/null, as Node also puts in the place of a closed one)', async () => {
  const discarded = await Promise.all([shell(WRITERS[0]!, '> /dev/null'), shell(['--help'], '> /dev/null'), shell(WRITERS[0]!, '1<>/dev/null')]);
  for (const r of discarded) assert.deepEqual([r.status, r.stderr], [0, '']);
  for (const args of WRITERS.slice(0, 6)) {
    const r = spawnSync(process.execPath, [CLI, ...args], { stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8', timeout: 30_000 });
    assert.deepEqual([r.status, r.stderr], [0, ''], `${args.join(' ').slice(0, 60)} with its output ignored`);
  }
});

/** Check what a run that ran out of room left in `path`: whole answers, as many bytes as the message says, the message. */
function checkWholeAnswers(r: Ran, path: string, what: string, whole: (line: string, index: number) => void): number {
  assert.equal(r.status, 74, `${what}: ${r.stderr}`);
  const match = MESSAGE.exec(r.stderr.replace(/^sudokit: pool: .*\n/m, ''));
  assert.ok(match?.[2], `${what}: the message says the run stopped part-way: ${r.stderr}`);
  const out = readFileSync(path, 'utf8');
  assert.equal(Buffer.byteLength(out), Number(match[2]), `${what}: the bytes the message counts`);
  assert.ok(out.length > 0 && out.endsWith('\n'), `${what}: ends with a whole line`);
  const lines = out.slice(0, -1).split('\n');
  lines.forEach(whole);
  return lines.length;
}

test('a disk that fills part-way (64 KB tmpfs): whole answers up to the last, the message says how far, exit 74; on the main thread and the pool', async (t) => {
  const mount = join(DIR, 'small');
  mkdirSync(mount);
  const mounted = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', mount]).status === 0;
  if (missingTool('tmpfs', mounted, 'mounting a 64 KB tmpfs is not permitted here (it needs root)')) {
    t.skip('mounting a 64 KB tmpfs is not permitted here (it needs root)');
    return;
  }
  try {
    const solutions = readFileSync(TOP1465, 'utf8').trimEnd().split('\n').length;
    for (const [args, env] of [
      [['solve', '--threads', '1', TOP1465], {}],
      [['solve', '--threads', '2', TOP1465], { SUDOKIT_POOL_AFTER_MS: '0', SUDOKIT_POOL_REPORT: '1' }],
      [['solve', '--all', '--format', 'json', TOP1465], {}],
    ] as const) {
      const out = join(mount, 'out.txt');
      const r = await shell(args, `> ${out}`, { env });
      const what = args.join(' ');
      const written = checkWholeAnswers(r, out, what, (line, i) => {
        if (args.includes('json')) assert.equal((JSON.parse(line) as { line: number }).line, i + 1, `${what}: line ${i + 1}`);
        else assert.match(line, /^[1-9]{81}$/, `${what}: line ${i + 1}`);
      });
      assert.ok(written > 100 && written < solutions, `${what}: ${written} answers`);
      if (env.SUDOKIT_POOL_REPORT) assert.match(r.stderr, /pool: [1-9]\d* puzzles answered by workers/, `${what}: the pool answered`);
      rmSync(out);
    }
    // A step command's JSON: every line parses, none is a broken {"line". Easy puzzles grade
    // fast; a file filling all but 8 KB of the disk makes them enough.
    writeFileSync(join(mount, 'filler'), Buffer.alloc(56 * 1024));
    const out = join(mount, 'grade.json');
    const r = await shell(['grade', '--threads', '2', '--format', 'json', dataset('norvig-easy50.txt').path], `> ${out}`);
    const graded = checkWholeAnswers(r, out, 'grade --format json', (line) => assert.doesNotThrow(() => JSON.parse(line), line.slice(0, 80)));
    assert.ok(graded > 5 && graded < 50, `${graded} grades`);
    // The disk is full now: render --out says so and leaves nothing behind.
    const svg = join(mount, 'grid.svg');
    const drawn = await shell(['render', P1, '--candidates', '--out', svg], '');
    assert.equal(drawn.status, 74, drawn.stderr);
    assert.equal(drawn.stderr, `sudokit: cannot write ${svg}: no space left on device (ENOSPC); removed the unfinished file\n`);
    assert.ok(!existsSync(svg));
  } finally {
    spawnSync('umount', [mount]);
  }
});

test('a file size limit (ulimit -f) reached part-way: whole answers only, on the pool too, exit 74', async () => {
  // 100 blocks of 512 bytes: 51,200 bytes, inside the third batch of 256 answers (82 bytes each), which the pool answered.
  const out = join(DIR, 'limited.txt');
  const r = await shell(['solve', '--threads', '2', TOP1465], `> ${out}`, { setup: 'ulimit -f 100', env: { SUDOKIT_POOL_AFTER_MS: '0' } });
  assert.equal(r.status, 74, r.stderr);
  assert.match(r.stderr, /^sudokit: cannot write the output: file too large \(EFBIG\); stopped part-way: the (\d+) bytes written end with a whole answer\n$/);
  const text = readFileSync(out, 'utf8');
  assert.ok(text.endsWith('\n') && text.length <= 100 * 512);
  for (const line of text.slice(0, -1).split('\n')) assert.match(line, /^[1-9]{81}$/);
  assert.equal(Number(/(\d+) bytes/.exec(r.stderr)![1]), text.length);
});

// ---------------------------------------------------------------------------------------------
// render --out

test('render --out failing part-way (a file size limit, as a full disk): says so, exits 74, and leaves no unfinished file (it left 4,096 bytes of SVG)', async () => {
  // A file size limit below the drawing's size fails its write part-way, as a full disk does
  // (the tmpfs test above meets a full disk where it may mount one).
  const dir = join(DIR, 'render');
  mkdirSync(dir);
  const svg = join(dir, 'grid.svg');
  const r = await shell(['render', P1, '--candidates', '--out', svg], '', { setup: 'ulimit -f 8' });
  assert.equal(r.status, 74, r.stderr);
  assert.deepEqual(readdirSync(dir), []);
  assert.equal(r.stderr, `sudokit: cannot write ${svg}: file too large (EFBIG); removed the unfinished file\n`);
  // A file that was there before is not left half overwritten either.
  writeFileSync(svg, 'old');
  const again = await shell(['render', P1, '--candidates', '--out', svg], '', { setup: 'ulimit -f 8' });
  assert.equal(again.status, 74, again.stderr);
  assert.deepEqual(readdirSync(dir), []);
  // With room, the drawing is whole.
  const fine = runCli(['render', P1, '--candidates', '--out', svg]);
  assert.equal(fine.status, 0, fine.stderr);
  assert.ok(readFileSync(svg, 'utf8').trimEnd().endsWith('</svg>'));
  let png = true;
  try {
    await import('@resvg/resvg-js' as string);
  } catch {
    png = false;
  }
  if (png) {
    const path = join(dir, 'grid.png');
    const failed = await shell(['render', P1, '--out', path], '', { setup: 'ulimit -f 1' });
    assert.equal(failed.status, 74, failed.stderr);
    assert.match(failed.stderr, /grid\.png: file too large \(EFBIG\); removed the unfinished file\n$/);
    assert.ok(!existsSync(path));
  }
});

// ---------------------------------------------------------------------------------------------
// Line ends

/** JSON Lines from a command's stdout. */
function jsonLines(text: string): { line: number; status?: string; note?: string }[] {
  return text
    .trimEnd()
    .split('\n')
    .map((l) => JSON.parse(l));
}

test('\\r alone ends a line: three puzzles give three answers on solve, hint, grade and explain (they gave one, the others in its note)', () => {
  const path = file('mac.txt', `${EASY.slice(0, 3).join('\r')}\r`);
  for (const command of ['solve', 'hint', 'grade', 'explain']) {
    const r = runCli([command, '--format', 'json', path]);
    assert.equal(r.status, 0, `${command}: ${r.stderr}`);
    const answers = jsonLines(r.stdout);
    assert.deepEqual(
      answers.map((a) => a.line),
      [1, 2, 3],
      command,
    );
    if (command === 'solve') assert.ok(answers.every((a) => a.status === 'solved' && !a.note));
  }
});

test('\\r\\n split between two reads of 64 KB is one line end, not an empty line between', () => {
  // Lines of 81 cells and \r\n (83 bytes) after a comment as long as it takes to put a \r at
  // byte 65,535 (the end of the first read) and its \n at 65,536.
  const puzzles = readDataset('magictour-top1465.txt').puzzles.slice(0, 800);
  const comment = `#${'-'.repeat(((65_535 - 83) % 83) - 1)}`;
  const text = `${comment}\r\n${puzzles.join('\r\n')}\r\n`;
  assert.equal(text.charCodeAt(65_535), 13);
  assert.equal(text.charCodeAt(65_536), 10);
  const r = runCli(['solve', '--format', 'json', '--threads', '1', '--no-progress', file('crlf.txt', text)]);
  assert.equal(r.status, 0, r.stderr);
  assert.deepEqual(
    jsonLines(r.stdout).map((a) => a.line),
    puzzles.map((_, i) => i + 2),
  );
});

// ---------------------------------------------------------------------------------------------
// An unbalanced [

test('an unbalanced [ ends before a spaced grid: [1,2, a grid over 9 rows, a blank line and a puzzle give 3 answers (they gave 2)', () => {
  const rows = Array.from({ length: 9 }, (_, r) => [...EASY[1]!.slice(r * 9, r * 9 + 9)].join(' '));
  const path = file('unbalanced.txt', `[1,2\n${rows.join('\n')}\n\n${EASY[0]}\n`);
  for (const command of ['solve', 'hint', 'grade', 'explain']) {
    const r = runCli([command, '--format', 'json', path]);
    assert.equal(r.status, 1, `${command}: ${r.stderr}`);
    const answers = jsonLines(r.stdout);
    assert.deepEqual(
      answers.map((a) => [a.line, a.status === 'invalid']),
      [
        [1, true],
        [2, false],
        [12, false],
      ],
      command,
    );
  }
  // Rows without spaces or commas are numbers to JSON, but two values need a comma between them.
  const dense = file('dense.txt', `[1,2\n${Array.from({ length: 9 }, (_, r) => EASY[1]!.slice(r * 9, r * 9 + 9).replaceAll('.', '0')).join('\n')}\n${EASY[0]}\n`);
  const r = runCli(['solve', '--format', 'json', dense]);
  assert.deepEqual(
    jsonLines(r.stdout).map((a) => a.line),
    [1, 2, 11],
  );
});
