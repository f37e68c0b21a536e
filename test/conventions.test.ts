/**
 * The command line's conventions, end to end: where usage goes, suggestions for typos, the
 * version, a puzzle written on the command line, JSON when JSON is asked for, and colour.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { CLI, missingTool, ROOT, runCli } from './helpers.js';

const P1 = '4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......';
const S1 = '417369825632158947958724316825437169791586432346912758289643571573291684164875293';

function run(args: readonly string[], env: Record<string, string | undefined> = {}) {
  const base = { ...process.env };
  delete base.FORCE_COLOR;
  delete base.NO_COLOR;
  return runCli(args, { input: '', env: { ...base, ...env } });
}

test('no command: the usage goes to stderr, with exit 2; --help sends it to stdout with exit 0', () => {
  const bare = run([]);
  assert.equal(bare.status, 2);
  assert.equal(bare.stdout, '');
  assert.match(bare.stderr, /^Usage: sudokit <command>/);
  const help = run(['--help']);
  assert.equal(help.status, 0);
  assert.match(help.stdout, /^Usage: sudokit <command>/);
});

test('a mistyped flag or command is answered with the closest one', () => {
  const cases: [string[], RegExp][] = [
    [['solve', '--limt', '3', P1], /unknown option --limt; did you mean --limit\?/],
    [['grade', '--tim-limit', '3', P1], /unknown option --tim-limit; did you mean --time-limit\?/],
    [['generate', '--sed', '3'], /unknown option --sed; did you mean --seed\?/],
    [['sovle', P1], /unknown command "sovle"; did you mean solve\?/],
  ];
  for (const [args, message] of cases) {
    const r = run(args);
    assert.equal(r.status, 2, args.join(' '));
    assert.match(r.stderr, message);
  }
  // Nothing close: no guess.
  assert.doesNotMatch(run(['solve', '--zzzzzzzz', P1]).stderr, /did you mean/);
});

test('--version, -v, -V and version print the package version', () => {
  const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
  for (const flag of ['--version', '-v', '-V', 'version']) {
    const r = run([flag]);
    assert.equal(r.status, 0, flag);
    assert.equal(r.stdout, `${version}\n`, flag);
  }
});

test('solve takes a puzzle written on the command line, as hint, explain, grade and render do', () => {
  const inline = run(['solve', P1]);
  assert.equal(inline.status, 0, inline.stderr);
  assert.equal(inline.stdout, `${S1}\n`);
  // Beside a file, each answer says where it came from.
  const path = join(mkdtempSync(join(tmpdir(), 'sudokit-conventions-')), 'one.txt');
  writeFileSync(path, `${P1}\n`);
  const mixed = run(['solve', '--format', 'json', P1, path]);
  assert.equal(mixed.status, 0, mixed.stderr);
  assert.deepEqual(
    mixed.stdout
      .trim()
      .split('\n')
      .map((l) => [JSON.parse(l).file, JSON.parse(l).solution]),
    [
      ['argument', S1],
      [path, S1],
    ],
  );
  // A name that looks like a file and is not there is still "no such file".
  assert.match(run(['solve', 'missing.txt']).stderr, /cannot read missing\.txt: no such file/);
});

test('generate --random-fill --format json prints JSON, not a text table', () => {
  const r = run(['generate', '--random-fill', '--format', 'json', '--count', '20', '--seed', '1', '--no-progress']);
  assert.equal(r.status, 0, r.stderr);
  const summary = JSON.parse(r.stdout) as { puzzles: number; seed: number; classes: Record<string, number> };
  assert.equal(summary.puzzles, 20);
  assert.equal(summary.seed, 1);
  assert.equal(
    Object.values(summary.classes).reduce((a, b) => a + b, 0),
    20,
  );
});

test('colour: FORCE_COLOR turns it on into a pipe, FORCE_COLOR=0 and NO_COLOR keep it off', () => {
  const ESC = `${String.fromCharCode(27)}[`;
  assert.ok(!run(['solve', '--format', 'pretty', P1]).stdout.includes(ESC), 'a pipe gets no colour');
  assert.ok(run(['solve', '--format', 'pretty', P1], { FORCE_COLOR: '1' }).stdout.includes(ESC));
  assert.ok(run(['solve', '--format', 'pretty', P1], { FORCE_COLOR: '1', NO_COLOR: '1' }).stdout.includes(ESC), 'FORCE_COLOR wins, as in Node');
  assert.ok(!run(['solve', '--format', 'pretty', P1], { FORCE_COLOR: '0' }).stdout.includes(ESC));
  assert.ok(!run(['solve', '--format', 'pretty', P1], { NO_COLOR: '1' }).stdout.includes(ESC));
});

/**
 * Run `command` on a pseudo-terminal (script(1) gives it one; what is written to script's stdin
 * is typed at that terminal), wait until it says it reads from the terminal, then press Ctrl-C.
 * Returns what it printed, its exit code, and how long it took to end after the key.
 */
async function ctrlCAtTheTerminal(command: string): Promise<{ out: string; code: number | null; ms: number }> {
  const child = spawn('/usr/bin/script', ['-qec', `${process.execPath} ${CLI} ${command}`, '/dev/null'], { stdio: ['pipe', 'pipe', 'pipe'] });
  let out = '';
  let pressed = 0;
  child.stdout.setEncoding('utf8').on('data', (d: string) => {
    out += d;
    if (pressed === 0 && /Ctrl-D ends/.test(out)) {
      pressed = performance.now();
      child.stdin.write('\x03'); // the terminal turns it into SIGINT for the command
    }
  });
  // Nothing typed and no Ctrl-C heard: the command would wait for ever, so end it here.
  const killer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  const code = await new Promise<number | null>((resolve) => child.on('close', (c) => resolve(c)));
  clearTimeout(killer);
  return { out, code, ms: pressed === 0 ? Number.NaN : performance.now() - pressed };
}

test('hint, explain, grade and solve with no input on a terminal say that they read from it, and Ctrl-C ends them there', {
  skip: missingTool('script', existsSync('/usr/bin/script'), 'no /usr/bin/script (util-linux) to give the command a terminal'),
  timeout: 120_000,
}, async () => {
  for (const command of ['hint', 'explain', 'grade', 'solve']) {
    const { out, code, ms } = await ctrlCAtTheTerminal(command);
    assert.match(out, /sudokit: reading puzzles from the terminal, one per line; Ctrl-D ends/, command);
    // Waiting for a line is no reason to ignore Ctrl-C: exit 130 at once, as during a search.
    assert.equal(code, 130, `${command}: Ctrl-C while waiting at the terminal ends the run with 130 (${JSON.stringify(out)})`);
    assert.ok(ms < 5_000, `${command}: ended ${Math.round(ms)} ms after Ctrl-C`);
  }
});

test("the CHANGELOG's newest entry is package.json's version, so a release is tagged with its changes listed", () => {
  const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
  const newest = /^## (.+)$/m.exec(readFileSync(join(ROOT, 'CHANGELOG.md'), 'utf8'))?.[1] ?? '';
  assert.ok(newest.startsWith(`${version} `) || newest === version, `the newest entry is "${newest}", package.json says ${version}`);
});
