/**
 * The smaller edges of "nothing lost, nothing wrong", end to end: `solve`'s messages begin with
 * `sudokit:` like every other command's; `generate --size 5x5` points at the board it meant; a
 * puzzle with more than one solution is said on stderr; a signal during start-up ends the run
 * with 130 or 143 like a later one; and `serve` answers weak and `*` validators with 304.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { parseSize } from '../src/cli/generate.js';
import { createPageServer, notModified } from '../src/cli/serve.js';
import { parseBoxShape } from '../src/format/parse.js';
import { CLI, runCli } from './helpers.js';

const DIR = mkdtempSync(join(tmpdir(), 'sudokit-small-'));

const P1 = '4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......';
const S1 = '417369825632158947958724316825437169791586432346912758289643571573291684164875293';
/** Row 1 holds 1 to 8 and r2c9 is 9, so r1c9 can hold nothing: no solution (the 9×9 line path reads it). */
const NONE = `12345678.........9${'.'.repeat(63)}`;
/** One given: many solutions (the 9×9 line path reads it). */
const MANY = `1${'.'.repeat(80)}`;
/** An empty 4×4 board: many solutions (the general path: no given). */
const MANY4 = '.'.repeat(16);

const lines = (text: string) => text.split('\n').filter((l) => l !== '');

test("solve's messages on stderr begin with sudokit:, as every other command's do (they began with line N:)", () => {
  const input = `${P1}\nnot a puzzle\n${NONE}\n`;
  for (const args of [[], ['--format', 'json'], ['--format', 'pretty'], ['--all'], ['--all', '--count'], ['--engine', 'dancing-links']]) {
    const r = runCli(['solve', '--threads', '1', ...args], { input });
    const what = `solve ${args.join(' ')}`;
    assert.equal(r.status, 1, `${what}: ${r.stderr}`);
    assert.deepEqual(
      lines(r.stderr),
      ['sudokit: line 2: Invalid puzzle: unexpected character "o" at position 2 in "not a puzzle"; cells are digits, letters for sizes over 9, and . or 0 for empty', 'sudokit: line 3: no solution'],
      what,
    );
  }
  // With several inputs a message names its input too, as the step commands' do.
  const file = join(DIR, 'puzzles.txt');
  writeFileSync(file, `${P1}\n\n${NONE}\n`);
  const two = runCli(['solve', file, file]);
  assert.equal(two.status, 1);
  assert.deepEqual(lines(two.stderr), [`sudokit: ${file}:line 3: no solution`, `sudokit: ${file}:line 3: no solution`]);
  const graded = runCli(['grade', file, file]);
  assert.match(graded.stderr, new RegExp(`^sudokit: ${file}:line 3: `, 'm'), 'the form the step commands use');
});

test('a puzzle with more than one solution is said on stderr; its first solution is still the answer, and the exit status stays 0', () => {
  const input = `${P1}\n${MANY}\n${MANY4}\n`;
  const said = ['sudokit: line 2: more than one solution; printed the first found', 'sudokit: line 3: more than one solution; printed the first found'];
  for (const args of [[], ['--format', 'json'], ['--format', 'pretty'], ['--engine', 'dancing-links'], ['--limit', '5']]) {
    const what = `solve ${args.join(' ')}`;
    const r = runCli(['solve', '--threads', '1', ...args], { input });
    assert.equal(r.status, 0, `${what}: ${r.stderr}`);
    assert.deepEqual(lines(r.stderr), said, what);
    if (args.length === 0) {
      const [one, many, many4] = lines(r.stdout);
      assert.equal(one, S1);
      assert.match(many!, /^1[1-9]{80}$/);
      assert.match(many4!, /^[1-4]{16}$/);
    }
    if (args[1] === 'json')
      assert.deepEqual(
        lines(r.stdout).map((l) => (JSON.parse(l) as { status: string }).status),
        ['solved', 'multiple', 'multiple'],
      );
  }
  // Where every solution is asked for, or only their number, there is nothing to say; nor with
  // --limit 1, which does not look for a second.
  for (const args of [
    ['--all', '--limit', '3'],
    ['--all', '--count', '--limit', '3'],
    ['--limit', '1'],
  ]) {
    const r = runCli(['solve', ...args], { input });
    assert.deepEqual([r.status, r.stderr], [0, ''], args.join(' '));
  }
});

test('generate --size 5x5 (or 5) names the board it can make with 5x5 boxes; a side no box makes gets no such hint', () => {
  for (const size of ['5x5', '5', '7x7']) {
    const r = runCli(['generate', '--size', size]);
    assert.equal(r.status, 2, size);
    const side = Number.parseInt(size, 10);
    assert.match(
      r.stderr,
      new RegExp(`no board of side ${side} .*; for ${side}x${side} boxes \\(a ${side * side}x${side * side} board\\) say --box ${side}x${side} or --size ${side * side}\\n$`),
      size,
    );
  }
  const eleven = runCli(['generate', '--size', '11']);
  assert.equal(eleven.status, 2);
  assert.match(eleven.stderr, /no board of side 11 \(sides are products of two box sides of at least 2, up to 49\)\n$/);
  // What the hint says is the board generate makes (making one takes seconds, so only the flags are read here).
  const board = parseSize('25');
  assert.deepEqual([board.size, board.boxRows, board.boxCols], [25, 5, 5]);
  const box = parseBoxShape('5x5');
  assert.ok(box.ok && box.geometry === board);
});

test('serve: If-None-Match with a weak validator, "*" or a list holding the ETag answers 304; others 200', async () => {
  const etag = '"abc"';
  const cases: [string | undefined, string | undefined, boolean][] = [
    [undefined, etag, false],
    ['"abc"', etag, true],
    ['W/"abc"', etag, true],
    ['"x", W/"abc"', etag, true],
    ['"x",W/"abc" ,"y"', etag, true],
    ['*', etag, true],
    [' * ', undefined, true],
    ['"x", "y"', etag, false],
    ['W/"ab"', etag, false],
    ['abc', etag, false],
    ['"abc"', undefined, false],
    ['"a,b"', '"a,b"', true],
  ];
  for (const [header, tag, expected] of cases) assert.equal(notModified(header, tag), expected, `If-None-Match: ${header} against ${tag}`);

  const root = join(DIR, 'site');
  mkdirSync(join(root, 'assets'), { recursive: true });
  writeFileSync(join(root, 'index.html'), '<!doctype html><title>page</title>');
  writeFileSync(join(root, 'assets', 'app-1234.js'), 'console.log(1)');
  const server = createPageServer(root);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const get = async (path: string, ifNoneMatch?: string) => {
    const response = await fetch(`http://127.0.0.1:${port}${path}`, { headers: ifNoneMatch === undefined ? {} : { 'If-None-Match': ifNoneMatch } });
    return { status: response.status, etag: response.headers.get('etag'), body: await response.text() };
  };
  try {
    const page = await get('/');
    assert.equal(page.status, 200);
    const tag = page.etag!;
    for (const header of [tag, `W/${tag}`, '*', `"other", W/${tag}`]) {
      const again = await get('/', header);
      assert.deepEqual([again.status, again.body, again.etag], [304, '', tag], header);
    }
    assert.equal((await get('/', '"other", W/"other"')).status, 200);
    // "*" holds for any file there is, ETag or none; a file that is not there is still 404.
    assert.equal((await get('/assets/app-1234.js', '*')).status, 304);
    assert.equal((await get('/assets/app-1234.js', tag)).status, 200);
    assert.equal((await get('/nothing.html', '*')).status, 404);
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
});

/**
 * A loader hook (node --import) that holds the first chunk of the bundle after main.js for two
 * seconds and says so on stderr: the window in which start-up loads the rest, made wide and
 * deterministic, so the test can signal the process inside it.
 */
function slowStartArgs(): string[] {
  const hooks = join(DIR, 'slow-hooks.mjs');
  writeFileSync(
    hooks,
    `import { writeSync } from 'node:fs';
let held = false;
export async function load(url, context, next) {
  if (!held && /\\/bin\\/(?!main\\.js)[^/]+\\.js$/.test(url)) {
    held = true;
    writeSync(2, 'test: loading the bundle\\n');
    await new Promise((resolve) => setTimeout(resolve, 2000));
  }
  return next(url, context);
}
`,
  );
  const register = join(DIR, 'slow-register.mjs');
  writeFileSync(register, `import { register } from 'node:module';\nregister(${JSON.stringify(pathToFileURL(hooks).href)});\n`);
  return ['--import', pathToFileURL(register).href];
}

/**
 * Start the CLI, send `signal` when stderr first matches `when` (or at its first output, when
 * `when` is 'stdout'), and resolve with how it ended.
 */
function signalWhen(
  nodeArgs: readonly string[],
  args: readonly string[],
  when: RegExp | 'stdout',
  signal: NodeJS.Signals,
): Promise<{ status: number | null; signal: NodeJS.Signals | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...nodeArgs, CLI, ...args], { stdio: ['pipe', 'pipe', 'pipe'] });
    let stderr = '';
    let sent = false;
    const send = () => {
      if (sent) return;
      sent = true;
      child.kill(signal);
    };
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${args.join(' ')}: still running 30 s after it started${sent ? ` (${signal} sent)` : ''}; stderr: ${stderr}`));
    }, 30_000);
    child.stdout.on('data', () => {
      if (when === 'stdout') send();
    });
    child.stderr.on('data', (d: Buffer) => {
      stderr += d;
      if (when !== 'stdout' && when.test(stderr)) send();
    });
    child.on('exit', (status, ended) => {
      clearTimeout(timer);
      resolve({ status, signal: ended, stderr });
    });
  });
}

test('a signal while the command line is still loading ends it with 130 (SIGINT) or 143 (SIGTERM), not by the signal itself', async () => {
  const nodeArgs = slowStartArgs();
  for (const [args, signal, status] of [
    [['solve'], 'SIGINT', 130],
    [['grade'], 'SIGTERM', 143],
    [['generate', '--count', '1000'], 'SIGINT', 130],
  ] as const) {
    const r = await signalWhen(nodeArgs, args, /test: loading the bundle/, signal);
    assert.deepEqual([r.status, r.signal], [status, null], `${args.join(' ')}, ${signal} at start-up: ${r.stderr}`);
  }
});

test('solve --all still leaves a signal its default effect (its search never looks up): the start-up handlers are gone by then', async () => {
  // Every solution of the empty grid: the search writes for ever on the main thread.
  const r = await signalWhen([], ['solve', '--all', '.'.repeat(81)], 'stdout', 'SIGINT');
  assert.deepEqual([r.status, r.signal], [null, 'SIGINT'], r.stderr);
});
