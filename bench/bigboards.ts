/**
 * `npm run bench:big`: big boards against a SAT solver, on the same puzzles in the same run.
 *
 * Puzzles: random valid grids (the generator's `randomGrid`, seeded per puzzle with
 * `deriveSeed(seed, index)`), each cell kept with a fixed probability: 25×25 at 45%, 36×36 at 50%
 * and 49×49 at 50%. At these densities the puzzles have many solutions and sit near the hard
 * region of quasigroup completion, where backtracking run times are heavy-tailed.
 *
 * For each puzzle, interleaved (the order of the two alternates from puzzle to puzzle, so a noisy
 * neighbour on the shared machine hurts both alike):
 * - sudokit's `fast` engine, first solution (limit 1), stopped at the cap, in a worker thread of
 *   its own per board size that warmed up on that size (bigboardsWorker.ts says why), timed
 *   inside the worker;
 * - CaDiCaL (`cadical -q FILE`, when `cadical` is on PATH) on the direct encoding: one variable per
 *   cell and digit, at-least-one and pairwise at-most-one per cell and per unit and digit, the
 *   givens as unit clauses. The DIMACS file is written before the clock starts; the time is the
 *   process's wall time (start, parse, solve), killed at the cap.
 * Both answers are checked (a complete grid that keeps the givens and breaks no rule).
 *
 * The puzzles depend on the core (its random search draws the grids), so `--save-puzzles FILE`
 * writes the set and `--puzzles FILE` reads it back: a before/after comparison runs on one set.
 *
 * Usage: node dist/bench/bigboards.js [--sizes 25,36,49] [--count 25:5,36:3,49:2]
 *   [--cap-ms 25:30000,36:60000,49:60000] [--keep 25:0.45,36:0.5,49:0.5] [--seed 1] [--puzzles FILE] [--save-puzzles FILE]
 *   [--no-cadical] [--clause-learning-from SIZE] [--paths K] [--only LABEL,...] [--write FILE --label NAME]
 * `--paths K` runs each puzzle on K search paths of both solvers (rows `36-2`, `36-2/1`, …): path 0
 * is each solver's default; path k > 0 starts sudokit's clause-learning search from tiny initial
 * activities drawn from k (the exact-cover search from another restart seed) and gives CaDiCaL
 * the same formula with its variables renumbered and its groups of clauses reordered by k. Run
 * times on these boards are heavy-tailed, so one path per puzzle says little about either
 * solver; `--only` keeps the puzzles of those labels.
 * `--clause-learning-from` sets the side from which the core's first-solution search is the
 * clause-learning one (src/core/cdcl/; `off` = never), to compare both searches on one machine.
 * With --write, the run's section (marked with its label) replaces the section of that label in
 * FILE and the other sections stay, so `before` and `after` runs sit in one file.
 */
import { spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import { parsePuzzle } from '../src/format/parse.js';
import { makeLine } from '../src/format/make.js';
import { randomGrid } from '../src/generate/grid.js';
import { squareGeometry } from '../src/geometry.js';
import { createPuzzle, isSolution, type Puzzle } from '../src/puzzle.js';
import { deriveSeed, seededRandom, shuffle } from '../src/random.js';
import { searchTuning } from '../src/core/general/index.js';

const { values } = parseArgs({
  options: {
    sizes: { type: 'string', default: '25,36,49' },
    count: { type: 'string', default: '25:5,36:3,49:2' },
    'cap-ms': { type: 'string', default: '25:30000,36:60000,49:60000' },
    keep: { type: 'string', default: '25:0.45,36:0.5,49:0.5' },
    seed: { type: 'string', default: '1' },
    puzzles: { type: 'string' },
    'save-puzzles': { type: 'string' },
    'no-cadical': { type: 'boolean', default: false },
    write: { type: 'string' },
    label: { type: 'string', default: 'run' },
    'clause-learning-from': { type: 'string' },
    paths: { type: 'string', default: '1' },
    only: { type: 'string' },
  },
});

/** "25:5,36:3" → {25: 5, 36: 3}; a bare number applies to every size. */
function perSize(text: string): (size: number) => number {
  const map = new Map<number, number>();
  let all: number | undefined;
  for (const part of text.split(',')) {
    const [a, b] = part.split(':');
    if (b === undefined) all = Number(a);
    else map.set(Number(a), Number(b));
  }
  return (size) => {
    const v = map.get(size) ?? all;
    if (v === undefined || !Number.isFinite(v)) throw new RangeError(`no value for ${size}x${size} in "${text}"`);
    return v;
  };
}

const sizes = values.sizes.split(',').map(Number);
const countOf = perSize(values.count);
const capOf = perSize(values['cap-ms']);
/** The share of cells kept, per side. */
const keepOf = perSize(values.keep);
const seed = Number(values.seed);
/** Search paths per puzzle (see the header): 1 = the default path of each solver only. */
const paths = Number(values.paths);
if (!Number.isInteger(paths) || paths < 1) throw new RangeError(`--paths wants a whole number from 1 up, not "${values.paths}"`);
const only = values.only === undefined ? undefined : new Set(values.only.split(','));

interface Case {
  readonly puzzle: Puzzle;
  readonly label: string;
}

function makeCases(): Case[] {
  if (values.puzzles) {
    const out: Case[] = [];
    for (const line of readFileSync(values.puzzles, 'utf8').split('\n')) {
      const [text, label] = line.trim().split(/\s+/);
      if (!text) continue;
      const parsed = parsePuzzle(text);
      if (!parsed.ok) throw new Error(`${values.puzzles}: ${parsed.error.message}`);
      if (sizes.includes(parsed.puzzle.geometry.size)) out.push({ puzzle: parsed.puzzle, label: label ?? `${out.length}` });
    }
    return out;
  }
  const out: Case[] = [];
  for (const size of sizes) {
    const g = squareGeometry(size);
    const keep = keepOf(size);
    if (!g) throw new RangeError(`no square board of side ${size}`);
    for (let i = 0; i < countOf(size); i++) {
      const s = deriveSeed(seed, size * 1000 + i);
      const random = seededRandom(s);
      const grid = randomGrid(g, random);
      if (!grid) throw new Error(`no random ${size}x${size} grid for seed ${s}`);
      const givens = grid.map((d) => (random() < keep ? d : 0));
      out.push({ puzzle: createPuzzle(g, givens), label: `${size}-${i}` });
    }
  }
  return out;
}

/**
 * Write the direct encoding of a puzzle as DIMACS CNF; variable cell·n + d + 1 means "cell holds
 * d+1". Search path k > 0 renumbers the variables by a permutation drawn from k and writes the
 * groups in a shuffled order (CaDiCaL's search depends on both); returns the numbering
 * (DIMACS variable of each original one, 1-based) so that the model can be read back.
 */
function writeDimacs(path: string, puzzle: Puzzle, searchPath: number): Int32Array {
  const g = puzzle.geometry;
  const n = g.size;
  const count = n * g.cellCount;
  const random = seededRandom(deriveSeed(seed, 7919 * searchPath + n));
  const numbers = Array.from({ length: count }, (_, i) => i + 1);
  if (searchPath > 0) shuffle(numbers, random);
  const rename = new Int32Array(count + 1);
  rename.set(numbers, 1);
  const v = (cell: number, d: number): number => rename[cell * n + d + 1]!;
  const groups: number[][] = [];
  for (let cell = 0; cell < g.cellCount; cell++) groups.push(Array.from({ length: n }, (_, d) => v(cell, d)));
  for (const unit of g.units) for (let d = 0; d < n; d++) groups.push(Array.from(unit, (cell) => v(cell, d)));
  if (searchPath > 0) shuffle(groups, random);
  const givens = puzzle.givens.reduce((k, d) => k + (d === 0 ? 0 : 1), 0);
  const clauses = groups.length * (1 + (n * (n - 1)) / 2) + givens;
  const fd = openSync(path, 'w');
  let chunk = `p cnf ${n * g.cellCount} ${clauses}\n`;
  const flush = (force: boolean): void => {
    if (chunk.length > 1 << 20 || (force && chunk.length > 0)) {
      writeSync(fd, chunk);
      chunk = '';
    }
  };
  for (const vars of groups) {
    chunk += `${vars.join(' ')} 0\n`;
    for (let i = 0; i < n; i++) {
      for (let j = i + 1; j < n; j++) chunk += `-${vars[i]} -${vars[j]} 0\n`;
      flush(false);
    }
  }
  puzzle.givens.forEach((d, cell) => {
    if (d !== 0) chunk += `${v(cell, d - 1)} 0\n`;
  });
  flush(true);
  closeSync(fd);
  return rename;
}

interface Outcome {
  ms: number;
  status: 'solved' | 'capped' | 'wrong' | 'unsat' | 'error';
  nodes?: number;
}

/** One worker thread per board size (bigboardsWorker.ts), made on the size's first puzzle. */
const workers = new Map<number, Worker>();

function runSudokit(puzzle: Puzzle, capMs: number, searchPath: number): Promise<Outcome> {
  const size = puzzle.geometry.size;
  let worker = workers.get(size);
  if (!worker) {
    worker = new Worker(new URL('./bigboardsWorker.js', import.meta.url), { workerData: { size, clauseLearningFrom: searchTuning.clauseLearningFromSize } });
    workers.set(size, worker);
  }
  const w = worker;
  return new Promise((resolve, reject) => {
    const fail = (error: Error): void => {
      w.off('message', done);
      reject(error);
    };
    const done = (outcome: Outcome): void => {
      w.off('error', fail);
      resolve(outcome);
    };
    w.once('message', done);
    w.once('error', fail);
    w.postMessage({ text: makeLine(puzzle.geometry, puzzle.givens), capMs, searchPath });
  });
}

function runCadical(path: string, puzzle: Puzzle, capMs: number, rename: Int32Array): Outcome {
  const started = performance.now();
  const run = spawnSync('cadical', ['-q', path], { encoding: 'utf8', timeout: capMs, maxBuffer: 1 << 28 });
  const ms = performance.now() - started;
  if (run.signal) return { ms, status: 'capped' };
  if (run.stdout.includes('s UNSATISFIABLE')) return { ms, status: 'unsat' };
  if (!run.stdout.includes('s SATISFIABLE')) return { ms, status: 'error' };
  const n = puzzle.geometry.size;
  const original = new Int32Array(rename.length);
  for (let x = 1; x < rename.length; x++) original[rename[x]!] = x;
  const grid = new Uint8Array(puzzle.geometry.cellCount);
  for (const line of run.stdout.split('\n')) {
    if (!line.startsWith('v ')) continue;
    for (const lit of line.slice(2).trim().split(/\s+/)) {
      const x = original[Math.max(0, Number(lit))]!;
      if (x > 0) grid[Math.floor((x - 1) / n)] = ((x - 1) % n) + 1;
    }
  }
  return { ms, status: isSolution(puzzle, grid) ? 'solved' : 'wrong' };
}

function hasCadical(): boolean {
  if (values['no-cadical']) return false;
  const probe = spawnSync('cadical', ['--version'], { encoding: 'utf8' });
  return probe.status === 0;
}

function fmtMs(o: Outcome | undefined, cap: number): string {
  if (!o) return '—';
  if (o.status === 'solved') return o.ms < 10 ? o.ms.toFixed(2) : o.ms.toFixed(0);
  if (o.status === 'capped') return `> ${cap} (capped)`;
  return `${o.ms.toFixed(0)} (${o.status})`;
}

/** A ratio with two significant digits below 10 (0.038, 2.7), whole above. */
function fmtRatio(x: number): string {
  return x >= 10 ? x.toFixed(0) : x.toPrecision(2);
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 === 1 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

const learningFrom = values['clause-learning-from'];
if (learningFrom !== undefined) searchTuning.clauseLearningFromSize = learningFrom === 'off' ? Number.POSITIVE_INFINITY : Number(learningFrom);

const startLoad = loadavg();
const cases = makeCases().filter((c) => only === undefined || only.has(c.label));
if (values['save-puzzles']) writeFileSync(values['save-puzzles'], cases.map((c) => `${makeLine(c.puzzle.geometry, c.puzzle.givens)} ${c.label}\n`).join(''));
const cadical = hasCadical();
const dir = mkdtempSync(join(tmpdir(), 'sudokit-big-'));
const rows: string[] = [];
const bySize = new Map<number, { ours: Outcome[]; sat: Outcome[]; cap: number }>();
try {
  const runs = cases.flatMap((c) => Array.from({ length: paths }, (_, searchPath) => ({ ...c, searchPath })));
  for (const [index, c] of runs.entries()) {
    const g = c.puzzle.geometry;
    const cap = capOf(g.size);
    const givens = c.puzzle.givens.reduce((k, d) => k + (d === 0 ? 0 : 1), 0);
    const label = c.searchPath === 0 ? c.label : `${c.label}/${c.searchPath}`;
    const path = join(dir, `${c.label}-${c.searchPath}.cnf`);
    const rename = cadical ? writeDimacs(path, c.puzzle, c.searchPath) : undefined;
    let ours: Outcome | undefined;
    let sat: Outcome | undefined;
    if (index % 2 === 0) {
      ours = await runSudokit(c.puzzle, cap, c.searchPath);
      if (rename) sat = runCadical(path, c.puzzle, cap, rename);
    } else {
      if (rename) sat = runCadical(path, c.puzzle, cap, rename);
      ours = await runSudokit(c.puzzle, cap, c.searchPath);
    }
    if (cadical) rmSync(path);
    const entry = bySize.get(g.size) ?? { ours: [], sat: [], cap };
    entry.ours.push(ours);
    if (sat) entry.sat.push(sat);
    bySize.set(g.size, entry);
    const ratio =
      sat && ours.status === 'solved'
        ? sat.status === 'solved'
          ? fmtRatio(sat.ms / ours.ms)
          : `> ${fmtRatio(sat.ms / ours.ms)}`
        : sat && sat.status === 'solved'
          ? `< ${fmtRatio(sat.ms / cap)}`
          : '—';
    const row = `| ${label} | ${g.size}x${g.size} | ${((100 * givens) / g.cellCount).toFixed(1)}% | ${fmtMs(ours, cap)} | ${ours.nodes ?? ''} | ${fmtMs(sat, cap)} | ${ratio} |`;
    rows.push(row);
    console.log(row);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
  for (const worker of workers.values()) await worker.terminate();
}

const summary: string[] = [];
for (const [size, { ours, sat, cap }] of bySize) {
  const solvedOurs = ours.filter((o) => o.status === 'solved');
  const solvedSat = sat.filter((o) => o.status === 'solved');
  // Capped runs count at the cap, so a total under-states the slower side's time.
  const total = (xs: Outcome[]): number => xs.reduce((t, o) => t + (o.status === 'solved' ? o.ms : cap), 0);
  const line = [
    `| ${size}x${size} | ${ours.length}`,
    `${solvedOurs.length}`,
    solvedOurs.length ? `${median(solvedOurs.map((o) => o.ms)).toFixed(0)} / ${Math.max(...solvedOurs.map((o) => o.ms)).toFixed(0)}` : '—',
    cadical ? `${solvedSat.length}` : '—',
    cadical && solvedSat.length ? `${median(solvedSat.map((o) => o.ms)).toFixed(0)} / ${Math.max(...solvedSat.map((o) => o.ms)).toFixed(0)}` : '—',
    cadical ? fmtRatio(total(sat) / total(ours)) : '—',
  ].join(' | ');
  summary.push(`${line} |`);
}

const cpu = (() => {
  const lscpu = spawnSync('lscpu', [], { encoding: 'utf8' });
  const model = /Model name:\s*(.+)/.exec(lscpu.stdout ?? '')?.[1]?.trim() ?? cpus()[0]?.model ?? 'unknown';
  return `${model}, ${cpus().length} cores`;
})();
const cadicalVersion = cadical ? spawnSync('cadical', ['--version'], { encoding: 'utf8' }).stdout.trim() : 'not run';
const command = `node dist/bench/bigboards.js ${process.argv.slice(2).join(' ')}`.trim();
const loadAtEnd = loadavg();
const learningSize = searchTuning.clauseLearningFromSize;
const search = Number.isFinite(learningSize) ? `clause learning (src/core/cdcl/) from ${learningSize}x${learningSize} up, exact cover below` : 'exact cover on every size (clause learning off)';
const section = [
  `<!-- run: ${values.label} -->`,
  `## ${values.label} (${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC)`,
  '',
  `Command: \`${command}\`. Machine: ${cpu}; Node ${process.version}; CaDiCaL ${cadicalVersion}. Load average (1, 5, 15 min) at the start: ${startLoad.map((x) => x.toFixed(2)).join(', ')}; at the end: ${loadAtEnd.map((x) => x.toFixed(2)).join(', ')}.`,
  `First-solution search: ${search}.`,
  `Per-puzzle cap: ${sizes.map((s) => `${s}x${s} ${capOf(s) / 1000} s`).join(', ')}. Times in ms, wall clock; sudokit first solution (limit 1), fast engine, timed in a worker thread per board size (warmed up on that size); CaDiCaL as a process on a DIMACS file written beforehand. Ratio = CaDiCaL time / sudokit time (above 1: sudokit faster). Sudokit nodes: search nodes of the exact-cover search, decisions + 1 of the clause-learning one.`,
  '',
  '| size | puzzles | sudokit solved | sudokit median / max ms | CaDiCaL solved | CaDiCaL median / max ms | total-time ratio (capped at cap) |',
  '|---|---:|---:|---:|---:|---:|---:|',
  ...summary,
  '',
  '| puzzle | size | givens | sudokit ms | sudokit nodes | CaDiCaL ms | ratio |',
  '|---|---|---:|---:|---:|---:|---:|',
  ...rows,
  `<!-- end: ${values.label} -->`,
  '',
].join('\n');
console.log(`\n${summary.join('\n')}`);

if (values.write) {
  const header =
    '# Big boards: sudokit against CaDiCaL\n\nWritten by `npm run bench:big` (bench/bigboards.ts): random valid grids with a share of the cells kept (25×25 at 45%, 36×36 and 49×49 at 50%), first solution, sudokit and the SAT solver on the same puzzles in the same run. Each section is one run; compare ratios within a section, not times across sections.\n\n';
  let text = existsSync(values.write) ? readFileSync(values.write, 'utf8') : header;
  const re = new RegExp(`<!-- run: ${values.label} -->[\\s\\S]*?<!-- end: ${values.label} -->\\n`);
  text = re.test(text) ? text.replace(re, () => section) : `${text}${section}\n`;
  writeFileSync(values.write, text);
}
