import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { formatProgress } from '../src/cli/progress.js';
import { parsePuzzle } from '../src/format/parse.js';
import { isSolution } from '../src/puzzle.js';
import { CLI, dataset, POOL_REPORT_ENV, poolAnswers, readDataset, ROOT, runCli, runProgram } from './helpers.js';

const P1 = '4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......';
const P1_SOLUTION = '417369825632158947958724316825437169791586432346912758289643571573291684164875293';
const UNSOLVABLE = `12345678.${'.'.repeat(8)}9${'.'.repeat(63)}`;
const MULTIPLE = '...5.167.......25.5.1.64...185.46..................76.......52....1.5....58......';
const TMP = mkdtempSync(join(tmpdir(), 'sudokit-cli-'));

function run(args: string[], input?: string) {
  return runCli(args, { input });
}

function file(name: string, text: string): string {
  const path = join(TMP, name);
  writeFileSync(path, text);
  return path;
}

test('solve: one line in, its solution out (stdin)', () => {
  const r = run(['solve'], `${P1}\n`);
  assert.equal(r.status, 0, r.stderr);
  assert.equal(r.stdout, `${P1_SOLUTION}\n`);
});

test('solve --format json: one object per puzzle with status, count and stats', () => {
  const r = run(['solve', '--format', 'json', '-'], `# header\n${P1}\n${MULTIPLE}\n${UNSOLVABLE}\n${P1.slice(1)}\n`);
  assert.equal(r.status, 1);
  const rows = r.stdout
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l));
  assert.deepEqual(
    rows.map((x) => [x.line, x.status, x.count]),
    [
      [2, 'solved', 1],
      [3, 'multiple', 2],
      [4, 'unsolvable', 0],
      [5, 'invalid', 0],
    ],
  );
  assert.equal(rows[0].solution, P1_SOLUTION);
  assert.equal(rows[0].puzzle, P1);
  for (const key of ['nodes', 'guesses', 'micros']) assert.equal(typeof rows[0][key], 'number');
  assert.equal(rows[2].solution, undefined);
  assert.equal(rows[3].error.code, 'length');
  assert.match(rows[3].error.message, /counted 80 cells/);
  assert.match(r.stderr, /line 4: no solution/);
  assert.match(r.stderr, /line 5: Invalid puzzle: counted 80 cells/);
});

test('solve: a bad line mid-batch is answered in place and every good line still gets its answer', () => {
  const { puzzles } = readDataset('norvig-top95.txt');
  const lines = puzzles.slice(0, 40);
  lines.splice(17, 0, 'not a puzzle at all');
  const r = run(['solve', '--threads', '1'], `${lines.join('\n')}\n`);
  assert.equal(r.status, 1);
  const out = r.stdout.trim().split('\n');
  assert.equal(out.length, 41);
  assert.equal(out[17], 'invalid');
  assert.match(r.stderr, /^sudokit: line 18: Invalid puzzle: unexpected character "o" at position 2 in "not a puzzle at all"/m);
  out.forEach((solution, i) => {
    if (i === 17) return;
    const parsed = parsePuzzle(lines[i]!);
    assert.ok(parsed.ok);
    assert.ok(isSolution(parsed.puzzle, [...solution].map(Number)), `line ${i + 1}`);
  });
});

test('solve: output order equals input order on the pool, identical to one thread', () => {
  const path = dataset('magictour-top1465.txt').path;
  const one = run(['solve', '--threads', '1', '--format', 'json', path]);
  const two = runCli(['solve', '--threads', '2', '--format', 'json', path], { env: POOL_REPORT_ENV });
  const three = runCli(['solve', '--threads', '3', path], { env: POOL_REPORT_ENV });
  for (const r of [two, three]) assert.ok(poolAnswers(r.stderr).reduce((a, b) => a + b, 0) > 0, 'the workers answered some');
  assert.equal(one.status, 0, one.stderr);
  assert.equal(two.status, 0, two.stderr);
  const strip = (s: string) => s.replace(/"nodes".*$/gm, '');
  assert.equal(strip(two.stdout), strip(one.stdout));
  assert.deepEqual(
    three.stdout.trim().split('\n'),
    one.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l).solution),
  );
  const lines = one.stdout
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l).line);
  assert.deepEqual(
    lines,
    Array.from({ length: lines.length }, (_, i) => i + 1),
  );
});

test('solve --threads 2: a short run of easy puzzles is answered on the main thread; a puzzle that overruns a slice starts the pool', () => {
  const report = { ...process.env, SUDOKIT_POOL_REPORT: '1' };
  // One batch of easy puzzles is answered here, whatever the machine's load: the first batch always
  // is (the policy for later batches, which reads the clock, is tested with an injected clock in
  // scheduler.test.ts).
  const short = runCli(['solve', '--threads', '2', '-'], { input: `${readDataset('magictour-top1465.txt').puzzles.slice(0, 200).join('\n')}\n`, env: report });
  assert.equal(short.status, 0, short.stderr);
  assert.equal(short.stdout.trim().split('\n').length, 200);
  assert.deepEqual(poolAnswers(short.stderr), [], 'no pool for one batch of easy puzzles');
  // A 9x9 with one given, counted to a billion, searches until its time limit, past the main
  // thread's slice (300 ms for the first batch); its first solution comes within microseconds. (A
  // 16x16 with one given served here before, but its first solution takes 75-250 ms on a cold
  // worker, so under load it sometimes had none by the limit.)
  const long = runCli(['solve', '--threads', '2', '--limit', '1000000000', '--time-limit', '600', '-'], { input: `${P1}\n1${'.'.repeat(80)}\n${P1}\n`, env: report });
  const [first, second, third] = long.stdout.split('\n');
  assert.deepEqual([first, second!.length, second![0], third], [P1_SOLUTION, 81, '1', P1_SOLUTION], 'the one-given puzzle gets a solution found before its limit');
  assert.ok(poolAnswers(long.stderr).reduce((a, b) => a + b, 0) >= 1, `the pool answered the rest: ${long.stderr}`);
  // Within the first batch's longer slice, the same puzzle stays on the main thread: one big
  // puzzle, cold, is not handed to a worker that would start it again from scratch.
  const within = runCli(['solve', '--threads', '2', '--limit', '1000000000', '--time-limit', '200', '-'], { input: `1${'.'.repeat(80)}\n`, env: report });
  assert.equal(within.stdout.length, 82, within.stderr);
  assert.deepEqual(poolAnswers(within.stderr), [], `no pool within the first slice: ${within.stderr}`);
});

test('solve --format pretty: a boxed grid per puzzle, many solutions said so', () => {
  const r = run(['solve', '--format', 'pretty', '--limit', '1000'], `${MULTIPLE}\n${P1}\n`);
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stdout, /^# line 1: at least 1000 solutions; the first found is shown$/m);
  assert.match(r.stdout, /^# line 2: solved, one solution$/m);
  assert.match(r.stdout, /^\| 4 1 7 \| 3 6 9 \| 8 2 5 \|$/m);
  // It reads back in: the grids are the solutions, solved again to themselves; the headers are comments.
  const solved = run(['solve'], run(['solve', '--format', 'pretty'], `${P1}\n${P1}\n`).stdout);
  assert.equal(solved.status, 0, solved.stderr);
  assert.deepEqual(solved.stdout.trim().split('\n'), [P1_SOLUTION, P1_SOLUTION]);
});

test('solve: sizes from the length, rectangular boxes with --box, grids over several lines', () => {
  const tiny = run(['solve'], '...44.3..4...241\n');
  assert.equal(tiny.stdout, '2314413214233241\n');
  const six = run(['solve', '--box', '2x3', '--format', 'json'], `${'1 2 3 | 4 5 6\n'}${'. . . | . . .\n'.repeat(5)}`);
  assert.equal(six.status, 0, six.stderr);
  const row = JSON.parse(six.stdout);
  assert.equal(row.status, 'multiple');
  assert.equal(row.solution.slice(0, 6), '123456');
  const noBox = run(['solve'], `${'.'.repeat(36)}\n`);
  assert.equal(noBox.status, 1);
  assert.match(noBox.stderr, /boxes could be 2x3 or 3x2; say which with --box/);
  const pretty = run(['solve', '--format', 'pretty'], `${P1}\n`);
  const again = run(['solve'], pretty.stdout.split('\n').slice(1).join('\n'));
  assert.equal(again.stdout, `${P1_SOLUTION}\n`);
});

test('solve --time-limit: a search cut short says so', () => {
  // A 16x16 with one given: counting a billion of its solutions cannot finish in a second.
  const r = run(['solve', '--format', 'json', '--limit', '1000000000', '--time-limit', '1000'], `1${'.'.repeat(255)}\n${P1}\n`);
  assert.equal(r.status, 0, r.stderr);
  const [empty, p1] = r.stdout
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l));
  assert.equal(empty.status, 'multiple');
  assert.equal(empty.timedOut, true);
  assert.ok(empty.count > 1 && empty.count < 1e9);
  assert.equal(p1.status, 'solved');
  assert.equal(p1.timedOut, undefined);
});

test('solve: several files in order, errors name the file', () => {
  const a = file('a.txt', `${P1}\n`);
  const b = file('b.txt', `${UNSOLVABLE}\n${P1}\n`);
  const r = run(['solve', '--format', 'json', a, b]);
  assert.equal(r.status, 1);
  const rows = r.stdout
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l));
  assert.deepEqual(
    rows.map((x) => [x.file, x.line, x.status]),
    [
      [a, 1, 'solved'],
      [b, 1, 'unsolvable'],
      [b, 2, 'solved'],
    ],
  );
  assert.match(r.stderr, new RegExp(`${b.replaceAll('/', '\\/')}:line 1: no solution`));
});

test('usage errors exit 2 with one line naming the problem', () => {
  const missing = join(TMP, 'nope.txt');
  const cases: Array<[string[], RegExp]> = [
    [['solve', '--frobnicate'], /unknown option --frobnicate/],
    [['solve', missing], new RegExp(`cannot read ${missing.replaceAll('/', '\\/')}: no such file`)],
    [['solve', TMP], /it is a directory/],
    [['solve', '--format', 'xml'], /unknown --format "xml"/],
    [['solve', '--limit', '0'], /--limit expects a whole number of at least 1, got "0"/],
    [['solve', '--threads', 'many'], /--threads expects a whole number/],
    [['solve', '--engine', 'magic'], /unknown --engine "magic"/],
    [['solve', '--box', '3by3'], /Invalid box shape "3by3"/],
    [['frobnicate'], /unknown command "frobnicate"/],
  ];
  for (const [args, message] of cases) {
    const r = run(args, '');
    assert.equal(r.status, 2, `${args.join(' ')}: ${r.stderr}`);
    assert.match(r.stderr, message);
    assert.equal(r.stderr.trim().split('\n').length, 1, r.stderr);
  }
});

test('solve reads http URLs, and a failed fetch names the URL', async () => {
  const server = createServer((req, res) => {
    if (req.url === '/puzzles.txt') res.end(`${P1}\n${P1}\n`);
    else {
      res.statusCode = 404;
      res.end('not found');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  try {
    const ok = await runAsync(['solve', `http://127.0.0.1:${port}/puzzles.txt`]);
    assert.equal(ok.status, 0, ok.stderr);
    assert.equal(ok.stdout, `${P1_SOLUTION}\n${P1_SOLUTION}\n`);
    const missing = await runAsync(['solve', `http://127.0.0.1:${port}/missing.txt`]);
    assert.equal(missing.status, 2);
    assert.match(missing.stderr, /cannot fetch http:\/\/127\.0\.0\.1:\d+\/missing\.txt: HTTP 404/);
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
  // The server is closed now: nothing listens on its port.
  const refused = await runAsync(['solve', `http://127.0.0.1:${port}/puzzles.txt`]);
  assert.equal(refused.status, 2);
  assert.match(refused.stderr, /cannot fetch http:\/\/127\.0\.0\.1:\d+\/puzzles\.txt: ECONNREFUSED/);
});

function runAsync(args: string[], input?: string): Promise<{ status: number | null; stdout: string; stderr: string; signal: NodeJS.Signals | null }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [CLI, ...args]);
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d) => (stderr += d));
    child.on('close', (status, signal) => resolve({ status, stdout, stderr, signal }));
    child.stdin.end(input ?? '');
  });
}

test('SIGTERM stops a long run; what was written is whole lines answering a prefix', async () => {
  const { puzzles } = readDataset('magictour-top1465.txt');
  for (const threads of ['1', '2']) {
    const child = spawn(process.execPath, [CLI, 'solve', '--threads', threads]);
    let stdout = '';
    child.stdout.setEncoding('utf8').on('data', (d) => (stdout += d));
    let exited = false;
    const closed = new Promise<number | null>((resolve) =>
      child.on('close', (code) => {
        exited = true;
        resolve(code);
      }),
    );
    // Keep feeding puzzles until the first answers come back, then stop it mid-stream.
    let fed = 0;
    const feed = () => {
      let more = true;
      while (fed < 200_000 && more) more = child.stdin.write(`${puzzles[fed++ % puzzles.length]}\n`);
    };
    child.stdin.on('drain', feed);
    child.stdin.on('error', () => {});
    feed();
    // Wait for 100 answers, but not forever: a child that died or stalls fails the test instead of hanging it.
    const deadline = Date.now() + 30_000;
    while (stdout.length < 82 * 100 && !exited && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    if (stdout.length < 82 * 100) {
      child.kill('SIGKILL');
      assert.fail(`threads ${threads}: ${exited ? 'the child exited' : 'no 100 answers within 30 s'} after ${Math.floor(stdout.length / 82)} answers`);
    }
    child.kill('SIGTERM');
    const code = await closed;
    assert.equal(code, 143, `threads ${threads}`);
    assert.ok(stdout.endsWith('\n'));
    const lines = stdout.slice(0, -1).split('\n');
    assert.ok(lines.length >= 100 && lines.length < 200_000, `${lines.length} lines`);
    lines.forEach((solution, i) => {
      const parsed = parsePuzzle(puzzles[i % puzzles.length]!);
      assert.ok(parsed.ok && isSolution(parsed.puzzle, [...solution].map(Number)), `line ${i + 1} of ${lines.length}`);
    });
  }
});

test('formatProgress: count, rate, and with a known input size a bar, percentage and time left', () => {
  const cases: Array<{ done: number; seconds: number; fraction: number | undefined; line: string }> = [
    { done: 1234, seconds: 2, fraction: undefined, line: '1,234 puzzles, 617/s' },
    { done: 0, seconds: 0, fraction: undefined, line: '0 puzzles, 0/s' },
    { done: 500, seconds: 4, fraction: 0.5, line: `[${'#'.repeat(15)}${'.'.repeat(15)}] 50.0% 500 puzzles, 125/s, ETA 4s` },
    { done: 100, seconds: 30, fraction: 0.2, line: `[${'#'.repeat(6)}${'.'.repeat(24)}] 20.0% 100 puzzles, 3/s, ETA 2m00s` },
    { done: 9, seconds: 3600, fraction: 0.25, line: `[${'#'.repeat(8)}${'.'.repeat(22)}] 25.0% 9 puzzles, 0/s, ETA 3h00m` },
  ];
  for (const { done, seconds, fraction, line } of cases) assert.equal(formatProgress(done, seconds, fraction), line, `${done} in ${seconds} s at ${fraction}`);
});

/** A word for sh, quoted. */
const sh = (word: string) => `'${word.replace(/'/g, `'\\''`)}'`;

test('progress line: on a terminal it counts puzzles answered (not read), and the bar follows them', () => {
  // 400 puzzles that each take 5 ms on any machine: on a 25x25 with one given the search runs
  // to its time limit (answered "timeout", so the run exits 1; its first solution takes about
  // 68 ms warm here, where a 16x16's took 5.2 ms and a quiet run once found it within the limit).
  // All of them are read at once (two batches in flight), and answering them takes two seconds
  // on one thread, so a line drawn after the first second shows answers still coming. `script`
  // gives the command a terminal; standard output goes to a file.
  const input = file('progress.txt', `${Array.from({ length: 400 }, () => `1${'.'.repeat(624)}`).join('\n')}\n`);
  const out = join(TMP, 'progress.out');
  const command = `${sh(process.execPath)} ${sh(CLI)} solve --limit 1000000000 --time-limit 5 --threads 1 ${sh(input)} > ${sh(out)}`;
  // script(1), from util-linux, gives the command a terminal
  const r = runProgram('script', ['-qec', command, '/dev/null'], { input: '', timeoutMs: 60_000 });
  assert.equal(r.status, 1, r.stdout.slice(-500));
  assert.deepEqual(new Set(readFileSync(out, 'utf8').split('\n').slice(0, -1)), new Set(['timeout']));
  assert.equal(readFileSync(out, 'utf8').split('\n').length - 1, 400);
  const draws = r.stdout
    .split('\r\x1b[K')
    .map((text) => /^\[[#.]{30}\] ([\d.]+)% ([\d,]+) puzzles, [\d,]+\/s, ETA \w+/.exec(text))
    .filter((m) => m !== null)
    .map((m) => ({ percent: Number(m[1]), done: Number(m[2]!.replace(/,/g, '')) }));
  assert.ok(draws.length > 0, `a progress line was drawn:\n${JSON.stringify(r.stdout.slice(0, 300))}`);
  const counts = draws.map((d) => d.done);
  assert.deepEqual(
    counts,
    [...counts].sort((a, b) => a - b),
    'the count never goes back',
  );
  assert.ok(counts.every((n) => n <= 400));
  const early = draws.find((d) => d.done < 400);
  assert.ok(early, `some line shows answers still coming (read at once, so a count of what was read would show 400): ${counts}`);
  // Every line is the same length, so the bar's share is the share of puzzles answered.
  for (const { percent, done } of draws) assert.ok(Math.abs(percent - done / 4) <= 1, `the bar follows the answers: ${percent}% at ${done} of 400`);
  const quiet = runProgram('script', ['-qec', command.replace(' solve ', ' solve --no-progress '), '/dev/null'], { input: '', timeoutMs: 60_000 });
  assert.equal(quiet.status, 1, quiet.stdout.slice(-500));
  assert.doesNotMatch(quiet.stdout, /puzzles, [\d,]+\/s/, '--no-progress draws nothing');
});

test('solve --times: each pretty answer says its time and guesses (as JSON counts them), and a summary closes the run', () => {
  const input = `${P1}\n${MULTIPLE}\n${UNSOLVABLE}\n`;
  const pretty = run(['solve', '--format', 'pretty', '--times', '--threads', '1', '-'], input);
  assert.equal(pretty.status, 1, pretty.stderr);
  const json = run(['solve', '--format', 'json', '-'], input)
    .stdout.trim()
    .split('\n')
    .map((l) => JSON.parse(l));
  const headers = [...pretty.stdout.matchAll(/^# line (\d+): (.*), (\d+(?:\.\d+)?) (µs|ms|s), (\d+) guess(es)?$/gm)];
  assert.deepEqual(
    headers.map((m) => Number(m[1])),
    [1, 2, 3],
    pretty.stdout,
  );
  headers.forEach((m, i) => {
    assert.equal(Number(m[5]), json[i].guesses, `line ${m[1]}: guesses`);
    assert.equal(m[6] === undefined, Number(m[5]) === 1, `line ${m[1]}: "guess" for one, "guesses" otherwise`);
  });
  // In pretty output the summary is the last line of stdout; otherwise it goes to stderr.
  const summary = /^3 puzzles: 1 solved, 1 multiple, 1 unsolvable; \d+(\.\d+)? (µs|ms|s) in all, 1 thread$/;
  assert.match(pretty.stdout.trimEnd().split('\n').at(-1)!, new RegExp(`^# ${summary.source.slice(1)}`));
  const line = run(['solve', '--times', '--threads', '2', '-'], input);
  assert.equal(line.stdout.split('\n').length - 1, 3, 'stdout holds the answers only');
  assert.doesNotMatch(line.stdout, /puzzles:/);
  assert.match(line.stderr, /^3 puzzles: 1 solved, 1 multiple, 1 unsolvable; \d+(\.\d+)? (µs|ms|s) in all, 2 threads$/m);
  const without = run(['solve', '--format', 'pretty', '-'], input);
  assert.doesNotMatch(without.stdout + without.stderr, /guess|in all/, 'no timing without --times');
});

test('--version and -v print the version of package.json and exit 0', () => {
  const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
  assert.match(version, /^\d+\.\d+\.\d+/);
  for (const flag of ['--version', '-v']) {
    const r = run([flag]);
    assert.deepEqual([r.status, r.stdout, r.stderr], [0, `${version}\n`, ''], flag);
  }
});

test("--help lists every command, version among them; each command's options start their descriptions in one column", () => {
  const top = runCli(['--help']);
  assert.equal(top.status, 0);
  assert.match(top.stdout, /^ {2}version {4}print the version of sudokit/m);
  for (const command of ['solve', 'generate', 'bench', 'render', 'hint', 'explain', 'grade', 'serve']) {
    const help = runCli([command, '--help']).stdout;
    // An option line: two spaces, the flag (and its value), then the description after two or more spaces.
    const columns = new Set(
      help
        .split('\n')
        .filter((line) => /^ {2}-/.test(line))
        .map((line) => /^ {2}\S.*?\S {2,}(?=\S)/.exec(line)?.[0].length)
        .filter((at) => at !== undefined),
    );
    assert.equal(columns.size, 1, `${command}: option descriptions start at columns ${[...columns].join(', ')}`);
  }
});
