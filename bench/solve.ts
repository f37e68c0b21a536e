/**
 * `npm run bench`: solving speed per dataset, measured in one run beside a baseline.
 *
 * For each dataset file it measures, single thread and in-process:
 * - sudokit's fast engine counting to 2 (uniqueness, as tdoku's figures do) and stopping at 1,
 *   and `countSolutions` counting to 2 into a reused solution buffer (tdoku's call shape);
 * - the fastest npm solver we know, `dancing-links` (generic DLX) with the usual exact-cover
 *   encoding, on the same puzzles (its first `--baseline-cap` puzzles, ours timed on those too);
 * - tdoku, the fastest native solver, built from ../shared/anchors/tdoku when g++ can build it,
 *   on the same puzzles in the same run (its own driver, counting to 2, on chunks of 2,000 puzzles
 *   interleaved with ours, best round per chunk), so every ratio to it comes from one run;
 * and end to end, `sudokit solve FILE > /dev/null` with one thread and with the pool beside
 * `tdoku-bench --solve < FILE`, process start included (the way tdoku's end-to-end figures are
 * taken), and the start-up cost of one puzzle against a bare `node -e 0`.
 *
 * Usage: node dist/bench/solve.js [--datasets a.txt,b.txt] [--baseline-cap N] [--write FILE]
 */
import { spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { DancingLinks } from 'dancing-links';
import { parsePuzzle } from '../src/format/parse.js';
import type { Puzzle } from '../src/puzzle.js';
import { countSolutions, fastEngine } from '../src/registry.js';
import { buildTdoku, CHUNK, datasetPath, tdokuRate, writeGrids9 } from './anchors.js';

const { values } = parseArgs({
  options: {
    datasets: { type: 'string' },
    'baseline-cap': { type: 'string' },
    write: { type: 'string' },
  },
});

const CLI = fileURLToPath(new URL('../src/bin/main.js', import.meta.url));
const UNBUNDLED_CLI = fileURLToPath(new URL('../src/cli/main.js', import.meta.url));
const DEFAULT_DATASETS = ['norvig-top95.txt', 'magictour-top1465.txt', 'top2365.txt', 'subig20.txt', '17-clue.txt', 'forum-hardest-11plus.txt'];
const datasets = values.datasets ? values.datasets.split(',') : DEFAULT_DATASETS;
const baselineCap = values['baseline-cap'] ? Number(values['baseline-cap']) : 5000;

function loadPuzzles(path: string): Puzzle[] {
  const out: Puzzle[] = [];
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    const text = line.trim().split(/\s+/)[0];
    if (!text) continue;
    const parsed = parsePuzzle(text);
    if (!parsed.ok) throw new Error(`${path}: ${parsed.error.message}`);
    out.push(parsed.puzzle);
  }
  return out;
}

interface Run {
  perSecond: number;
  meanMicros: number;
  medianMicros: number;
  maxMicros: number;
  guesses: number;
  noGuessShare: number;
}

/**
 * Puzzles per second through `countSolutions` counting to `limit`, the first solution written into
 * one reused buffer: the call shape of tdoku's `SolveSudoku(puzzle, limit, config, solution, &guesses)`.
 */
function measureCount(puzzles: readonly Puzzle[], limit: number): number {
  const g = puzzles[0]!.geometry;
  const solution = new Uint8Array(g.cellCount);
  let found = 0;
  const started = performance.now();
  for (let i = 0; i < puzzles.length; i++) found += countSolutions(g, puzzles[i]!.givens, limit, Number.POSITIVE_INFINITY, solution).count;
  const seconds = (performance.now() - started) / 1000;
  if (found === 0) throw new Error('countSolutions found no solution');
  return puzzles.length / seconds;
}

function measureSudokit(puzzles: readonly Puzzle[], limit: number): Run {
  const micros = new Float64Array(puzzles.length);
  let guesses = 0;
  let noGuess = 0;
  const started = performance.now();
  for (let i = 0; i < puzzles.length; i++) {
    const r = fastEngine.solve(puzzles[i]!, { limit });
    micros[i] = r.stats.micros;
    guesses += r.stats.guesses;
    if (r.stats.guesses === 0) noGuess++;
  }
  const seconds = (performance.now() - started) / 1000;
  const sorted = micros.slice().sort();
  return {
    perSecond: puzzles.length / seconds,
    meanMicros: (seconds * 1e6) / puzzles.length,
    medianMicros: sorted[Math.floor(sorted.length / 2)] ?? 0,
    maxMicros: sorted[sorted.length - 1] ?? 0,
    guesses: guesses / puzzles.length,
    noGuessShare: noGuess / puzzles.length,
  };
}

/** The usual exact-cover encoding for the dancing-links package: one row per allowed (cell, digit). */
function solveWithDancingLinks(puzzle: Puzzle, limit: number): number {
  const dlx = new DancingLinks<number>();
  const solver = dlx.createSolver({ columns: 324 });
  for (let cell = 0; cell < 81; cell++) {
    const r = Math.floor(cell / 9);
    const c = cell % 9;
    const b = Math.floor(r / 3) * 3 + Math.floor(c / 3);
    const given = puzzle.givens[cell]!;
    for (let d = 0; d < 9; d++) {
      if (given !== 0 && given !== d + 1) continue;
      solver.addSparseConstraint(cell * 9 + d, [cell, 81 + r * 9 + d, 162 + c * 9 + d, 243 + b * 9 + d]);
    }
  }
  return solver.find(limit).length;
}

function measureBaseline(puzzles: readonly Puzzle[], limit: number): number {
  const started = performance.now();
  for (const p of puzzles) {
    if (solveWithDancingLinks(p, limit) < 1) throw new Error('dancing-links found no solution');
  }
  return puzzles.length / ((performance.now() - started) / 1000);
}

/** Runs of each end-to-end command, taken in turn; the tables give the median. */
const END_TO_END_RUNS = 5;

/** Seconds for `sudokit solve --threads N FILE > /dev/null`, process start included. */
function endToEnd(path: string, threads: number): number {
  const started = performance.now();
  const r = spawnSync(process.execPath, [CLI, 'solve', '--threads', String(threads), path], { stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' });
  const seconds = (performance.now() - started) / 1000;
  if (r.status !== 0 && r.status !== 1) throw new Error(`sudokit solve failed: ${r.stderr}`);
  return seconds;
}

/** Seconds for `tdoku-bench --solve < FILE > /dev/null`, process start included. */
function tdokuEndToEnd(bin: string, path: string): number {
  const input = openSync(path, 'r');
  const started = performance.now();
  const r = spawnSync(bin, ['--solve'], { stdio: [input, 'ignore', 'pipe'] });
  const seconds = (performance.now() - started) / 1000;
  closeSync(input);
  if (r.status !== 0) throw new Error(`tdoku-bench --solve failed: ${r.stderr}`);
  return seconds;
}

/** Milliseconds of one run of a command, process start to exit. */
function timeCommand(args: readonly string[]): number {
  const started = performance.now();
  const r = spawnSync(process.execPath, args, { stdio: 'ignore' });
  if (r.status !== 0) throw new Error(`node ${args.join(' ')} failed`);
  return performance.now() - started;
}

/** In-process: at least this many rounds over every chunk, and at least MIN_PUZZLES puzzles timed a core. */
const ROUNDS = 3;
const MIN_PUZZLES = 100_000;

const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

const lines: string[] = [];
const say = (line = '') => {
  lines.push(line);
  process.stdout.write(`${line}\n`);
};

const cpu = cpus()[0]?.model ?? 'unknown CPU';
say(`# Solving speed, ${new Date().toISOString().slice(0, 10)}`);
say();
say(`Machine: ${cpu}, ${availableParallelism()} cores; Node ${process.version}; command: \`npm run bench\`.`);
say();
const tdokuDir = mkdtempSync(join(tmpdir(), 'sudokit-tdoku-'));
const tdoku = buildTdoku(tdokuDir);
say(
  tdoku.bin
    ? 'tdoku: built in this run from `../shared/anchors/tdoku` (g++ -O3 -march=native); its figures come from its own driver on the same puzzles, interleaved with ours (see each table).'
    : `tdoku: not measured (${tdoku.why}).`,
);
say();
say(
  `In-process, single thread. Each file is cut into chunks of ${fmt(CHUNK)} puzzles; each round times, on every chunk in turn, the \`fast\` engine, then \`countSolutions\`, then tdoku (its driver on that chunk, best of 2 passes), and each keeps its best round per chunk (other processes only ever slow a run down), over at least ${ROUNDS} rounds and ${fmt(MIN_PUZZLES)} puzzles. "to 2" counts solutions up to 2 (uniqueness, like tdoku's figures); "to 1" stops at the first (one pass). \`solve\` is the engine call (\`solve(puzzle, { limit })\`: a result object and a new solution array a puzzle); \`countSolutions\` is the call without them (the count, the first solution written into one reused buffer), the shape of tdoku's own call, except that tdoku also reads the puzzle's 81 characters inside its call and sudokit gets a parsed grid. The µs and guess columns come from one more pass of \`solve\` to 2.`,
);
say();
say(
  '| dataset | puzzles | rounds | solve to 2: puzzles/s | µs mean | µs median | µs max | guesses/puzzle | no guess | solve to 1: puzzles/s | countSolutions to 2: puzzles/s | tdoku to 2: puzzles/s | tdoku guesses/puzzle | solve / tdoku | countSolutions / tdoku |',
);
say('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
const loaded = datasets.map((name) => {
  const { path, full } = datasetPath(name);
  return { name: full ? name : `${name} (vendored sample)`, path, puzzles: loadPuzzles(path) };
});
// Warm up the JIT on a mix before timing anything.
for (const d of loaded) {
  measureSudokit(d.puzzles.slice(0, 300), 2);
  measureCount(d.puzzles.slice(0, 300), 2);
}
const results = loaded.map((d, index) => {
  const chunks: Puzzle[][] = [];
  for (let i = 0; i < d.puzzles.length; i += CHUNK) chunks.push(d.puzzles.slice(i, i + CHUNK));
  const files = tdoku.bin
    ? chunks.map((chunk, c) =>
        writeGrids9(
          join(tdokuDir, `chunk-${index}-${c}.txt`),
          chunk.map((p) => p.givens),
        ),
      )
    : [];
  const bestSolve = chunks.map(() => Number.POSITIVE_INFINITY);
  const bestCount = chunks.map(() => Number.POSITIVE_INFINITY);
  const bestTdoku = chunks.map(() => Number.POSITIVE_INFINITY);
  let tdokuGuesses = 0;
  const rounds = Math.max(ROUNDS, Math.ceil(MIN_PUZZLES / d.puzzles.length));
  for (let round = 0; round < rounds; round++) {
    chunks.forEach((chunk, c) => {
      bestSolve[c] = Math.min(bestSolve[c]!, chunk.length / measureSudokit(chunk, 2).perSecond);
      bestCount[c] = Math.min(bestCount[c]!, chunk.length / measureCount(chunk, 2));
      if (tdoku.bin) {
        const native = tdokuRate(tdoku.bin, files[c]!, 2);
        bestTdoku[c] = Math.min(bestTdoku[c]!, chunk.length / native.perSecond);
        if (round === 0) tdokuGuesses += native.guesses * chunk.length;
      }
    });
  }
  const rate = (best: number[]) => d.puzzles.length / best.reduce((a, b) => a + b, 0);
  const two = measureSudokit(d.puzzles, 2);
  const one = measureSudokit(d.puzzles, 1);
  const solveRate = rate(bestSolve);
  const countRate = rate(bestCount);
  const tdokuRateAll = tdoku.bin ? rate(bestTdoku) : 0;
  const versus = tdoku.bin ? `${fmt(tdokuRateAll)} | ${fmt(tdokuGuesses / d.puzzles.length, 2)} | ${fmt(solveRate / tdokuRateAll, 2)} | ${fmt(countRate / tdokuRateAll, 2)}` : '– | – | – | –';
  say(
    `| ${d.name} | ${fmt(d.puzzles.length)} | ${rounds} | ${fmt(solveRate)} | ${fmt(two.meanMicros, 1)} | ${fmt(two.medianMicros)} | ${fmt(two.maxMicros)} | ${fmt(two.guesses, 2)} | ${fmt(two.noGuessShare * 100, 1)}% | ${fmt(one.perSecond)} | ${fmt(countRate)} | ${versus} |`,
  );
  return d;
});
say();
say(`Against the fastest npm solver, \`dancing-links\` 4.3.10 (generic DLX, standard encoding), counting to 2 on the first ${fmt(baselineCap)} puzzles of each file, both measured here in this run:`);
say();
say('| dataset | puzzles | sudokit puzzles/s | dancing-links puzzles/s | ratio |');
say('|---|---:|---:|---:|---:|');
for (const d of loaded) {
  const sample = d.puzzles.slice(0, baselineCap);
  measureBaseline(sample.slice(0, 100), 2);
  const base = measureBaseline(sample, 2);
  const ours = measureSudokit(sample, 2).perSecond;
  say(`| ${d.name} | ${fmt(sample.length)} | ${fmt(ours)} | ${fmt(base)} | ${fmt(ours / base, 1)}x |`);
}
say();
say(
  `End to end: \`sudokit solve FILE > /dev/null\` (count to 2, line output) and \`tdoku-bench --solve < FILE > /dev/null\` (count to 2, then the solution, printed), process start and file reading included; the three commands run in turn ${END_TO_END_RUNS} times, and each figure is the median of its ${END_TO_END_RUNS}.`,
);
say();
say(`| dataset | puzzles | 1 thread: s | puzzles/s | ${availableParallelism()} threads (pool): s | puzzles/s | tdoku: s | sudokit 1 thread / tdoku (time) |`);
say('|---|---:|---:|---:|---:|---:|---:|---:|');
const medianOf = (xs: number[]) => xs.slice().sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
for (const d of results) {
  // The three commands in turn, END_TO_END_RUNS times, each figure the median of its runs: a
  // single run is at the mercy of whatever else the machine does in that second.
  const ones: number[] = [];
  const pools: number[] = [];
  const natives: number[] = [];
  for (let run = 0; run < END_TO_END_RUNS; run++) {
    ones.push(endToEnd(d.path, 1));
    pools.push(endToEnd(d.path, availableParallelism()));
    if (tdoku.bin) natives.push(tdokuEndToEnd(tdoku.bin, d.path));
  }
  const one = medianOf(ones);
  const pool = medianOf(pools);
  const versus = natives.length === 0 ? '– | –' : `${fmt(medianOf(natives), 2)} | ${fmt(one / medianOf(natives), 2)}x`;
  const n = d.puzzles.length;
  say(`| ${d.name} | ${fmt(n)} | ${fmt(one, 2)} | ${fmt(n / one)} | ${fmt(pool, 2)} | ${fmt(n / pool)} | ${versus} |`);
}
say();
// One puzzle: what `sudokit solve PUZZLE` costs beyond starting node at all, runs interleaved.
const startupRuns = 20;
const bare: number[] = [];
const single: number[] = [];
const unbundled: number[] = [];
const first = loaded[0]!.path;
const onePuzzle = readFileSync(first, 'utf8').split('\n')[0]!.trim().split(/\s+/)[0]!;
for (let i = 0; i < startupRuns; i++) {
  bare.push(timeCommand(['-e', '0']));
  single.push(timeCommand([CLI, 'solve', onePuzzle]));
  unbundled.push(timeCommand([UNBUNDLED_CLI, 'solve', onePuzzle]));
}
say(
  `One puzzle, \`sudokit solve PUZZLE\` against a bare \`node -e 0\` (median of ${startupRuns} runs each, interleaved): ${fmt(medianOf(single), 1)} ms against ${fmt(medianOf(bare), 1)} ms, **+${fmt(medianOf(single) - medianOf(bare), 1)} ms**. The same command from the unbundled modules (\`node dist/src/cli/main.js\`, what tsc writes; the installed command is the bundle in dist/src/bin): ${fmt(medianOf(unbundled), 1)} ms, +${fmt(medianOf(unbundled) - medianOf(bare), 1)} ms.`,
);
rmSync(tdokuDir, { recursive: true, force: true });
if (values.write) {
  writeFileSync(values.write, `${lines.join('\n')}\n`);
  process.stderr.write(`wrote ${values.write}\n`);
}
