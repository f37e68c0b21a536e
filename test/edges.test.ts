/**
 * The edges of every batch command, end to end through the CLI: a reader that goes away
 * (`| head`), Ctrl-C and SIGTERM while one puzzle takes long, on the main thread and on the
 * pool, and time limits on the step commands and the generator. Each test bounds its own
 * running time, so a command that ignores a stop fails the test instead of hanging the suite;
 * the bounds are far above what the behaviour needs and far below what ignoring it costs.
 */
import assert from 'node:assert/strict';
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { parsePuzzle } from '../src/format/parse.js';
import { createPuzzle, isSolution } from '../src/puzzle.js';
import { solve } from '../src/registry.js';
import { CLI, ROOT, readDataset, runCli } from './helpers.js';

const DIR = mkdtempSync(join(tmpdir(), 'sudokit-edges-'));

/** Write a file of lines into the test's folder and return its path. */
function file(name: string, lines: readonly string[]): string {
  const path = join(DIR, name);
  writeFileSync(path, `${lines.join('\n')}\n`);
  return path;
}

interface Ended {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string;
  readonly stderr: string;
  /** Milliseconds from the stop (or the start, when nothing stopped it) to the exit. */
  readonly ms: number;
}

/** Every CLI still running: a test that fails half-way must not leave one behind to keep the file alive. */
const RUNNING = new Set<ChildProcessWithoutNullStreams>();
after(() => {
  for (const child of RUNNING) child.kill('SIGKILL');
});

/** A running CLI with its output collected. */
class Cli {
  readonly child: ChildProcessWithoutNullStreams;
  stdout = '';
  stderr = '';
  readonly #ended: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  #mark = performance.now();

  constructor(args: readonly string[], input?: string) {
    this.child = spawn(process.execPath, [CLI, ...args], { env: { ...process.env, NO_COLOR: '1' } });
    this.child.stdout.setEncoding('utf8').on('data', (d: string) => (this.stdout += d));
    this.child.stderr.setEncoding('utf8').on('data', (d: string) => (this.stderr += d));
    this.child.stdin.on('error', () => {});
    this.child.stdout.on('error', () => {});
    if (input !== undefined) this.child.stdin.end(input);
    RUNNING.add(this.child);
    this.#ended = new Promise((resolve) =>
      this.child.on('close', (code, signal) => {
        RUNNING.delete(this.child);
        resolve({ code, signal });
      }),
    );
  }

  /** Wait until stdout holds `lines` lines (fails after `ms`). */
  async linesOut(lines: number, ms: number): Promise<void> {
    const until = performance.now() + ms;
    while (this.stdout.split('\n').length <= lines) {
      if (performance.now() > until) throw new Error(`no ${lines} lines of output within ${ms} ms: ${JSON.stringify(this.stdout.slice(0, 200))} ${this.stderr}`);
      await new Promise((r) => setTimeout(r, 10));
    }
  }

  /** Close the read end of stdout, as `| head` does once it has what it wants. */
  closeStdout(): void {
    this.#mark = performance.now();
    this.child.stdout.destroy();
  }

  kill(signal: NodeJS.Signals): void {
    this.#mark = performance.now();
    this.child.kill(signal);
  }

  /** The exit, or a failure after `ms` (the child is then killed). */
  async ended(ms: number): Promise<Ended> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        this.child.kill('SIGKILL');
        reject(new Error(`still running ${ms} ms after the stop; stderr: ${this.stderr}`));
      }, ms);
    });
    try {
      const { code, signal } = await Promise.race([this.#ended, late]);
      return { code, signal, stdout: this.stdout, stderr: this.stderr, ms: performance.now() - this.#mark };
    } finally {
      clearTimeout(timer);
    }
  }
}

function cli(args: readonly string[]): { status: number | null; stdout: string; stderr: string } {
  return runCli(args, { env: { ...process.env, NO_COLOR: '1' } });
}

/** A 16x16 puzzle whose full grade takes many seconds (forcing chains): the generator's first for seed 1. */
const SIXTEEN = (() => {
  const r = cli(['generate', '--size', '16x16', '--seed', '1']);
  assert.equal(r.status, 0, r.stderr);
  return r.stdout.trim();
})();

/** A 49x49 at half given from bench:big's set: neither sudokit nor CaDiCaL answers it within a minute. */
const HALF_49 = readFileSync(join(ROOT, 'bench', 'data', 'bigboards.txt'), 'utf8')
  .split('\n')
  .find((l) => l.endsWith(' 49-0'))!
  .split(' ')[0]!;
const P1 = '4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......';

// ---------------------------------------------------------------------------------------------
// A reader that goes away

test('generate | head -3: ends at once, quietly, with exit 0, on the pool and on one thread', { timeout: 60_000 }, async () => {
  for (const threads of ['2', '1']) {
    const run = new Cli(['generate', '--count', '100000', '--seed', '3', '--threads', threads]);
    await run.linesOut(3, 20_000);
    run.closeStdout();
    const end = await run.ended(10_000);
    assert.equal(end.code, 0, `--threads ${threads}: ${end.stderr}`);
    assert.equal(end.stderr, '', `--threads ${threads}`);
  }
});

test('grade, explain and hint | head -1: stop at the next answer, with exit 0 and no stack trace', { timeout: 120_000 }, async () => {
  // The whole of top95 takes a grader tens of seconds; each command must end long before that.
  const { puzzles } = readDataset('norvig-top95.txt');
  const path = file('top95.txt', [...puzzles, ...puzzles, ...puzzles]);
  for (const args of [['grade', '--threads', '2'], ['grade'], ['explain'], ['hint', '--format', 'json']]) {
    const run = new Cli([...args, path]);
    await run.linesOut(1, 30_000);
    run.closeStdout();
    const end = await run.ended(15_000);
    assert.equal(end.code, 0, `${args.join(' ')}: ${end.stderr}`);
    assert.doesNotMatch(end.stderr, /EPIPE|Error|at /, args.join(' '));
  }
});

test('render | head -3: a reader that leaves during one large write ends the run quietly, with exit 0', { timeout: 60_000 }, async () => {
  // The candidates of a 49x49 with one given make a 12 MB SVG, far more than a pipe holds: the
  // write fails with EPIPE once the reader has gone, which ended the run with a stack trace.
  const run = new Cli(['render', '--candidates', `1${'.'.repeat(49 * 49 - 1)}`]);
  await run.linesOut(3, 20_000);
  run.closeStdout();
  const end = await run.ended(10_000);
  assert.equal(end.code, 0, end.stderr);
  assert.equal(end.stderr, '');
});

// ---------------------------------------------------------------------------------------------
// Signals while one puzzle takes long

test('solve: a signal during an endless search ends the run with whole lines for a prefix, on the main thread and on the pool', { timeout: 90_000 }, async () => {
  // Counting the solutions of an empty 9x9 up to a trillion never ends (no shortcut counts them);
  // it sits on line 301, after 300 puzzles with one solution each.
  const { puzzles } = readDataset('17-clue.txt');
  const lines = [...puzzles.slice(0, 200), ...puzzles.slice(0, 100), '.'.repeat(81), ...puzzles.slice(0, 200)];
  const path = file('endless.txt', lines);
  for (const [threads, signal, code] of [
    ['1', 'SIGINT', 130],
    ['2', 'SIGTERM', 143],
    ['1', 'SIGTERM', 143],
  ] as const) {
    const run = new Cli(['solve', '--all', '--count', '--limit', '1000000000000', '--threads', threads, '--no-progress', path]);
    await run.linesOut(200, 20_000);
    await new Promise((r) => setTimeout(r, 500));
    run.kill(signal);
    const end = await run.ended(5_000);
    assert.equal(end.code, code, `--threads ${threads} ${signal}: ${end.stderr}`);
    assert.ok(end.stdout.endsWith('\n'));
    const answers = end.stdout.slice(0, -1).split('\n');
    assert.ok(answers.length >= 200 && answers.length <= 300, `${answers.length} lines`);
    assert.ok(
      answers.every((count) => count === '1'),
      `--threads ${threads}: every answer before line 301 is a count of 1`,
    );
  }
});

test('an empty board of every size, 4x4 to 49x49, is answered "multiple" at once, with a valid grid', { timeout: 60_000 }, async () => {
  const sizes = [4, 9, 16, 25, 36, 49];
  const path = file(
    'empty.txt',
    sizes.map((n) => '.'.repeat(n * n)),
  );
  const run = new Cli(['solve', '--format', 'json', '--threads', '1', '--no-progress', path]);
  // Searching an empty 36x36 took 44 s and a 49x49 never ended; the answer needs no search.
  const end = await run.ended(10_000);
  assert.equal(end.code, 0, end.stderr);
  const answers = end.stdout
    .trimEnd()
    .split('\n')
    .map((l) => JSON.parse(l) as { status: string; count: number; solution: string });
  assert.deepEqual(
    answers.map((a) => [a.status, a.count]),
    sizes.map(() => ['multiple', 2]),
  );
  answers.forEach((a, i) => {
    const parsed = parsePuzzle(a.solution);
    assert.ok(parsed.ok && isSolution(createPuzzle(parsed.puzzle.geometry, new Uint8Array(sizes[i]! ** 2)), parsed.puzzle.givens), `${sizes[i]}x${sizes[i]}`);
  });
});

test('solve: Ctrl-C during a long search of a big board ends the run at once, on the main thread and on the pool', { timeout: 60_000 }, async () => {
  // HALF_49: no answer within a minute. (One given on a 36x36 served here while the exact-cover
  // search counted it, for minutes; clause learning counts it to two in a fraction of a second.)
  const path = file('half49.txt', [P1, HALF_49, P1]);
  for (const threads of ['1', '2']) {
    const run = new Cli(['solve', '--threads', threads, '--no-progress', path]);
    await run.linesOut(1, 10_000);
    await new Promise((r) => setTimeout(r, 500));
    run.kill('SIGINT');
    const end = await run.ended(3_000);
    assert.equal(end.code, 130, `--threads ${threads}: ${end.stderr}`);
    assert.match(end.stdout, /^\d{81}\n$/, `--threads ${threads}: the first line's answer, whole, and nothing after it`);
  }
});

test('solve, grade, explain and hint: a signal while waiting for more input (an open pipe with nothing in it) ends the run, after the answers so far', { timeout: 60_000 }, async () => {
  for (const [command, signal, code] of [
    ['solve', 'SIGTERM', 143],
    ['grade', 'SIGINT', 130],
    ['explain', 'SIGTERM', 143],
    ['hint', 'SIGINT', 130],
  ] as const) {
    const run = new Cli([command, '--format', 'json', '-']);
    run.child.stdin.write(`${P1}\n`); // one puzzle, and the writer keeps the pipe open
    await run.linesOut(1, 20_000);
    run.kill(signal);
    const end = await run.ended(3_000);
    assert.equal(end.code, code, `${command}: ${end.stderr}`);
    assert.equal(end.stdout.split('\n').length, 2, `${command}: the one answer, whole`);
    assert.equal((JSON.parse(end.stdout) as { line: number }).line, 1, command);
  }
});

test('solve --time-limit holds on every size: each answer ends by its limit (the clock every 2048 nodes took 1.5 s for 200 ms), the 49x49 by the limit alone', {
  timeout: 60_000,
}, async () => {
  // The core aims at 10% + 20 ms past a limit; a loaded test machine adds its own delays, so
  // the bound here only asks that each answer end within what such a machine meets, and the
  // 49x49's status (counted to two in about 1.5 s without a limit) shows that the limit ended it.
  const limit = 200;
  const lines = [16, 25, 36, 49].map((n) => `1${'.'.repeat(n * n - 1)}`);
  const r = cli(['solve', '--format', 'json', '--time-limit', String(limit), '--threads', '1', '--no-progress', file('one-given.txt', lines)]);
  const answers = r.stdout
    .trimEnd()
    .split('\n')
    .map((l) => JSON.parse(l) as { status: string; micros: number; timedOut?: boolean });
  assert.equal(answers.length, lines.length, r.stderr);
  for (const [i, a] of answers.entries()) {
    assert.ok(a.micros <= 30_000 * 1000, `${Math.sqrt(lines[i]!.length)}x: ${a.status} after ${a.micros} us, limit ${limit} ms`);
  }
  // The 49x49 cannot be counted to two in 200 ms (about 1.5 s warm): the limit, not luck, ended
  // it. The 36x36 takes clause learning 170-350 ms here, so either answer is right.
  assert.deepEqual([answers[3]!.status, answers[3]!.timedOut], ['timeout', true]);
  assert.match(r.stderr, /^sudokit: line 4: gave up after 200 ms$/m);
  assert.ok(['timeout', 'multiple'].includes(answers[2]!.status), answers[2]!.status);
});

test('grade, explain, hint and generate: Ctrl-C or SIGTERM during a long step search ends the run', { timeout: 120_000 }, async () => {
  const cases: [string[], NodeJS.Signals, number][] = [
    [['grade', '--time-limit', '600000', SIXTEEN], 'SIGINT', 130],
    [['explain', '--time-limit', '600000', SIXTEEN], 'SIGTERM', 143],
    [['generate', '--size', '16x16', '--format', 'json', '--seed', '1', '--count', '5'], 'SIGTERM', 143],
  ];
  for (const [args, signal, code] of cases) {
    const run = new Cli(args);
    await new Promise((r) => setTimeout(r, 1500));
    run.kill(signal);
    const end = await run.ended(5_000);
    assert.equal(end.code, code, `${args[0]}: ${end.stderr}`);
    assert.doesNotMatch(end.stderr, /Error|at /, args[0]);
  }
});

// ---------------------------------------------------------------------------------------------
// Time limits

test('grade and explain --time-limit: a timed-out answer keeps the steps so far and says the rating they reach', { timeout: 60_000 }, async () => {
  // The four runs each wait out their 2 s limit, so they run side by side.
  const [graded, text, explained, textPath] = await Promise.all(
    [
      ['grade', '--format', 'json', '--time-limit', '2000', SIXTEEN],
      ['grade', '--time-limit', '2000', SIXTEEN],
      ['explain', '--format', 'json', '--time-limit', '2000', SIXTEEN],
      ['explain', '--time-limit', '2000', SIXTEEN],
    ].map((args) => new Cli(args).ended(20_000)),
  );
  assert.equal(graded!.code, 1, graded!.stderr);
  const answer = JSON.parse(graded!.stdout);
  assert.deepEqual([answer.line, answer.status, answer.error.code, answer.ratingAtLeast], [1, 'timeout', 'timeout', true]);
  assert.ok(answer.rating > 0 && Object.keys(answer.techniques).length > 0, graded!.stdout);
  assert.match(graded!.stderr, /line 1: the time limit of 2000 ms came after \d+ steps; rating at least \d+\.\d/);

  assert.equal(text!.code, 1);
  assert.match(text!.stdout, /^\d+\.\d\+ timeout \S+ Hidden Single \d+/);

  assert.equal(explained!.code, 1);
  const path = JSON.parse(explained!.stdout);
  assert.deepEqual([path.status, path.solved, path.ratingAtLeast], ['timeout', false, true]);
  assert.ok(path.steps.length > 0);

  assert.match(textPath!.stdout, /Stopped after \d+ steps: the time limit of 2000 ms came; rating at least \d+\.\d \(\w+ or harder\)/);
});

test('step commands above 9x9 have a default time limit; a 9x9 has none', { timeout: 60_000 }, async () => {
  const help = cli(['grade', '--help']);
  assert.match(help.stdout, /--time-limit MS[\s\S]*Default: none for 9x9 and smaller, 10000 ms above/);
  const nine = cli(['grade', P1]);
  assert.equal(nine.status, 0, nine.stderr);
});

test('hint --time-limit: a step search cut short is answered "timeout"', { timeout: 30_000 }, async () => {
  // An empty 25x25: counting it to two takes no search (an empty board is answered at once), but
  // with two solutions or more no uniqueness technique is sound, and the others look in vain
  // through every forcing chain before the hint can fall back on a guess: 2.5 to 4 s here. So the
  // 250 ms run out in the step search, not in the count, with room both ways (a machine ten times
  // as fast, or one so loaded that the count took a hundred times as long); a search that ignored
  // the deadline would answer with that guess.
  const r = cli(['hint', '--format', 'json', '--time-limit', '250', '.'.repeat(25 * 25)]);
  assert.equal(r.status, 1, r.stdout);
  const answer = JSON.parse(r.stdout);
  assert.deepEqual([answer.status, answer.error.code, answer.step], ['timeout', 'timeout', null], r.stdout);
  assert.equal(answer.error.message, 'the time limit of 250 ms came before a step was found');
  assert.match(r.stderr, /^sudokit: line 1: the time limit of 250 ms came before a step was found$/m);
});

test('generate --format json --time-limit bounds the grading too', { timeout: 60_000 }, async () => {
  const run = new Cli(['generate', '--size', '16x16', '--format', 'json', '--seed', '1', '--time-limit', '2000']);
  const end = await run.ended(15_000);
  assert.equal(end.code, 0, end.stderr);
  const made = JSON.parse(end.stdout);
  // On a quiet machine this is SIXTEEN; on a loaded one the limit may also cut the removal of
  // givens short (the generator says results then depend on the clock): either way a unique
  // 16x16 puzzle comes out, and its grade says it was cut short.
  const parsed = parsePuzzle(made.puzzle);
  assert.ok(parsed.ok && parsed.puzzle.geometry.size === 16, made.puzzle);
  assert.equal(solve(parsed.puzzle, { limit: 2, engine: 'dancing-links' }).count, 1);
  assert.equal(made.ratingAtLeast, true);
});

// ---------------------------------------------------------------------------------------------
// Threads

test('--threads far above the cores is capped, saying so, and the answers are the same', { timeout: 60_000 }, async () => {
  const { puzzles } = readDataset('norvig-top95.txt');
  const path = file('top95-threads.txt', puzzles);
  const capped = cli(['solve', '--threads', '256', '--no-progress', path]);
  assert.equal(capped.status, 0, capped.stderr);
  assert.match(capped.stderr, /--threads 256 is more than 4 per core; using \d+/);
  const one = cli(['solve', '--threads', '1', '--no-progress', path]);
  assert.equal(capped.stdout, one.stdout);
});

test('render --solve --time-limit: a search cut short draws the puzzle alone and says so', { timeout: 60_000 }, async () => {
  // The 49x49 at half given that no solver answers within a minute (see the Ctrl-C test), so 200
  // ms always cut the search short. (A 36x36 with one given served here until clause learning
  // counted it to two within the limit on some runs: "more than one solution; drawing the first found".)
  const run = new Cli(['render', '--solve', '--time-limit', '200', HALF_49]);
  const end = await run.ended(30_000);
  assert.equal(end.code, 0, end.stderr);
  assert.equal(end.stderr, 'sudokit: the puzzle: gave up after 200 ms; drawing the puzzle alone\n');
  assert.match(end.stdout, /^<svg/);
  assert.equal(end.stdout, cli(['render', HALF_49]).stdout, 'the drawing is the puzzle alone, as render without --solve draws it');
});
