/**
 * `npm run bench:generate`: puzzle generation speed, beside the npm generators, in one run.
 *
 * - sudokit in-process, single thread: puzzles/s for each size (minimal, unique by construction),
 *   a few 9×9 variants (symmetry, clue targets), and each difficulty level through the grader;
 * - sudokit end to end with the pool: `sudokit generate --count N --threads 1|2 > /dev/null`;
 * - the npm generators sudoku-gen, @algorithm.ts/sudoku, sudoku and sudoku-core at each level they
 *   offer, with the share of their puzzles that have exactly one solution (our fast core, limit 2)
 *   and their mean number of clues;
 * - the grader's ratings of puzzles generated for each requested level (independent re-grading).
 * Each measurement runs for about `--seconds` (default 2) or its puzzle cap, whichever comes first.
 *
 * Usage: node dist/bench/generate.js [--seconds S] [--write FILE]
 */
import { execSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { GenerateError, type GenerateOptions, generatePuzzle } from '../src/generate/generator.js';
import { geometry, geometryName } from '../src/geometry.js';
import { LEVELS, gradePuzzle } from '../src/logic/grade.js';
import { countGivens, createPuzzle } from '../src/puzzle.js';
import { fastEngine } from '../src/registry.js';
import { sectionOf } from './sections.js';
import { npmGenerators } from './npmGenerators.js';

const { values } = parseArgs({ options: { seconds: { type: 'string' }, write: { type: 'string' } } });
const SECONDS = values.seconds ? Number(values.seconds) : 2;
const CLI = fileURLToPath(new URL('../src/bin/main.js', import.meta.url));

const lines: string[] = [];
const say = (line = '') => {
  lines.push(line);
  process.stdout.write(`${line}\n`);
};
const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

/** Run `make` until the time or the cap is reached; puzzles/s and the results. */
function measure<T>(make: (i: number) => T, cap: number, seconds = SECONDS): { perSecond: number; made: T[] } {
  const made: T[] = [];
  const started = performance.now();
  while (made.length < cap && performance.now() - started < seconds * 1000) made.push(make(made.length));
  const elapsed = (performance.now() - started) / 1000;
  return { perSecond: made.length / elapsed, made };
}

function cpuName(): string {
  try {
    const m = /Model name:\s*(.+)/.exec(execSync('lscpu', { encoding: 'utf8' }));
    if (m) return m[1]!.trim();
  } catch {}
  return cpus()[0]?.model ?? 'unknown CPU';
}

say(`# Generation speed, ${new Date().toISOString().slice(0, 10)}`);
say();
say(
  `Machine: ${cpuName()}, ${availableParallelism()} cores; Node ${process.version}; load average at start ${loadavg()
    .map((x) => x.toFixed(1))
    .join(' ')} (other jobs shared the machine: compare rows of one run, not runs). Command: \`npm run bench:generate\` (${SECONDS} s or the cap per row).`,
);
say();
say('## sudokit, in-process, single thread');
say();
say('Every puzzle has exactly one solution; "minimal" = no given can be removed keeping one solution (checked, not assumed, for symmetric ones).');
say();
say('| board | request | puzzles | puzzles/s | µs/puzzle | mean clues | minimal | mean attempts |');
say('|---|---|---:|---:|---:|---:|---:|---:|');
interface Row {
  board: string;
  request: string;
  options: GenerateOptions;
  cap: number;
  seconds?: number;
}
const ROWS: Row[] = [
  { board: '4x4', request: 'default (minimal)', options: { geometry: geometry(2, 2) }, cap: 200000 },
  { board: '6x6', request: 'default (minimal)', options: { geometry: geometry(2, 3) }, cap: 100000 },
  { board: '9x9', request: 'default (minimal)', options: {}, cap: 100000 },
  { board: '9x9', request: 'rotational', options: { symmetry: 'rotational' }, cap: 100000 },
  { board: '9x9', request: 'rotational, --minimal', options: { symmetry: 'rotational', minimal: true }, cap: 100000 },
  { board: '9x9', request: 'dihedral', options: { symmetry: 'dihedral' }, cap: 100000 },
  { board: '9x9', request: '--clues 30 (stops at 30)', options: { clues: 30 }, cap: 100000 },
  { board: '9x9', request: '--clues 21-22 --minimal', options: { clues: [21, 22], minimal: true, maxAttempts: 100000 }, cap: 1000 },
  { board: '9x9', request: '--clues 20 --minimal (downhill walk)', options: { clues: 20, minimal: true, maxAttempts: 100000 }, cap: 100, seconds: Math.max(SECONDS, 5) },
  { board: '12x12', request: 'default (minimal)', options: { geometry: geometry(3, 4) }, cap: 1000 },
  { board: '16x16', request: 'default (minimal)', options: { geometry: geometry(4, 4) }, cap: 100, seconds: Math.max(SECONDS, 5) },
  { board: '25x25', request: '10 s budget per puzzle (best effort)', options: { geometry: geometry(5, 5), timeLimitMs: 10000 }, cap: 1, seconds: 1 },
];
let defaultRate: number | undefined;
for (const row of ROWS) {
  const { perSecond, made } = measure((i) => generatePuzzle({ seed: 1, ...row.options, index: i }), row.cap, row.seconds);
  if (row.board === '9x9' && row.request.startsWith('default')) defaultRate = perSecond;
  const mean = (f: (p: (typeof made)[number]) => number) => made.reduce((s, p) => s + f(p), 0) / made.length;
  say(
    `| ${row.board} | ${row.request} | ${fmt(made.length)} | ${fmt(perSecond, perSecond < 10 ? 2 : 0)} | ${fmt(1e6 / perSecond)} | ${fmt(
      mean((p) => p.clues),
      1,
    )} | ${fmt(100 * mean((p) => (p.minimal ? 1 : 0)))}% | ${fmt(
      mean((p) => p.attempts),
      1,
    )} |`,
  );
}

say();
say('## sudokit by difficulty level (9×9, regenerate until the grader gives the level)');
say();
say(
  "Each attempt grades its puzzle with the step solver (techniques up to the level's ceiling) and gives givens back where the path first needs a harder technique (the cell it stalls on, else one of three with fewest candidates there); expert takes the most attempts of the levels below extreme because few minimal puzzles have their hardest step between 5.0 and 6.4. Levels no attempt reaches are reported as such. Each level is timed for 2 s, extreme for 10 s.",
);
say();
say('| level | puzzles | puzzles/s | mean attempts | mean clues |');
say('|---|---:|---:|---:|---:|');
const byLevel = new Map<string, { puzzle: ReturnType<typeof generatePuzzle>[]; perSecond: number }>();
for (const level of LEVELS) {
  try {
    // Extreme makes tens of puzzles a second: it is timed over 10 s, not 2, so that the figure
    // holds a few hundred puzzles rather than the first forty.
    const seconds = level === 'extreme' ? Math.max(SECONDS, 10) : SECONDS;
    const { perSecond, made } = measure((i) => generatePuzzle({ seed: 2, difficulty: level, maxAttempts: 300, index: i }), 2000, seconds);
    byLevel.set(level, { puzzle: made, perSecond });
    say(
      `| ${level} | ${fmt(made.length)} | ${fmt(perSecond, perSecond < 10 ? 1 : 0)} | ${fmt(made.reduce((s, p) => s + p.attempts, 0) / made.length, 1)} | ${fmt(made.reduce((s, p) => s + p.clues, 0) / made.length, 1)} |`,
    );
  } catch (e) {
    if (!(e instanceof GenerateError)) throw e;
    say(`| ${level} | 0 | not reached | — | — |`);
  }
}

say();
say('## sudokit end to end with the pool');
say();
say(
  '`sudokit generate --count N --seed 1 --threads T > /dev/null` (the last row with `--difficulty expert`: each puzzle graded, and regenerated or given givens back until it is expert), process start included (output identical for every T). CPU = user seconds of all threads (from `/usr/bin/time`): on a shared machine the wall time of the pool depends on what else runs, the CPU time does not.',
);
say();
say('| board | count | 1 thread: wall s | CPU s | puzzles/s | 2 threads: wall s | CPU s | puzzles/s |');
say('|---|---:|---:|---:|---:|---:|---:|---:|');
const TIME = existsSync('/usr/bin/time') ? '/usr/bin/time' : undefined;
for (const [size, count, level] of [
  ['9', 20000, undefined],
  ['6', 50000, undefined],
  ['12', 400, undefined],
  ['9', 1000, 'expert'],
] as const) {
  const runs = [1, 2].map((threads) => {
    const args = [CLI, 'generate', '--size', size, '--count', String(count), '--seed', '1', '--threads', String(threads), '--no-progress', ...(level ? ['--difficulty', level] : [])];
    const started = performance.now();
    const r = TIME
      ? spawnSync(TIME, ['-f', '%U', process.execPath, ...args], { stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' })
      : spawnSync(process.execPath, args, { stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`generate --size ${size} failed: ${r.stderr}`);
    const cpu = TIME ? Number(r.stderr.trim().split('\n').at(-1)) : Number.NaN;
    return { wall: (performance.now() - started) / 1000, cpu };
  });
  const cells = runs.map((x) => `${x.wall.toFixed(2)} | ${Number.isNaN(x.cpu) ? '—' : x.cpu.toFixed(2)} | ${fmt(count / x.wall)}`);
  const board = geometryName(size === '6' ? geometry(2, 3) : size === '12' ? geometry(3, 4) : geometry(3, 3));
  say(`| ${board}${level ? `, ${level}` : ''} | ${fmt(count)} | ${cells.join(' | ')} |`);
}

say();
say('## npm generators, same run, 9×9');
say();
say(
  'Unique = share of their puzzles with exactly one solution (sudokit fast core, limit 2). sudoku-gen does not search: it renames the digits of, and shuffles, one of 40 puzzles stored in the package (10 per level), so its speed is that of a table lookup and its output holds 40 puzzles up to equivalence; the others generate.',
);
say();
say('| generator | level | puzzles | puzzles/s | unique | mean clues | sudokit at that level: puzzles/s |');
say('|---|---|---:|---:|---:|---:|---:|');
const G9 = geometry(3, 3);
const CHILD = fileURLToPath(new URL('./npmGenerators.js', import.meta.url));
const CHILD_TIMEOUT_S = 90;
const oursAt = (level: string): string => {
  const ours = byLevel.get(level);
  return ours ? fmt(ours.perSecond, ours.perSecond < 10 ? 1 : 0) : 'not reached';
};
for (const { name, levels } of npmGenerators()) {
  for (const level of levels) {
    const label = name.startsWith('@algorithm.ts') ? `difficulty ${level}${level === '0.2' ? ' (default)' : ''}` : level;
    const ours = name.startsWith('@algorithm.ts') ? 'n/a (numeric scale)' : name.startsWith('sudoku ') ? (defaultRate === undefined ? '—' : `${fmt(defaultRate)} (default, minimal)`) : oursAt(level);
    const r = spawnSync(process.execPath, [CHILD, name, level, String(SECONDS)], { encoding: 'utf8', timeout: CHILD_TIMEOUT_S * 1000, maxBuffer: 1 << 28 });
    if (r.status !== 0 || !r.stdout) {
      say(`| ${name} | ${label} | 0 | no puzzle within ${CHILD_TIMEOUT_S} s | — | — | ${ours} |`);
      continue;
    }
    const { perSecond, puzzles } = JSON.parse(r.stdout) as { perSecond: number; puzzles: string[] };
    const grids = puzzles.map((p) => Uint8Array.from(p, (ch) => Number(ch)));
    const unique = grids.filter((grid) => fastEngine.solve(createPuzzle(G9, grid), { limit: 2 }).count === 1).length;
    const clues = grids.reduce((sum, g) => sum + countGivens(g), 0) / grids.length;
    const rate = perSecond >= 1 ? fmt(perSecond, perSecond < 10 ? 1 : 0) : `${fmt(1 / perSecond, 1)} s/puzzle`;
    say(`| ${name} | ${label} | ${fmt(grids.length)} | ${rate} | ${((100 * unique) / grids.length).toFixed(1)}% | ${fmt(clues, 1)} | ${ours} |`);
  }
}

say();
say('## Grader ratings of sudokit puzzles by requested level');
say();
say('Each puzzle generated for a level is graded again from scratch (`gradePuzzle`); "as requested" is the share whose level equals the request.');
say();
say('| requested | puzzles | as requested | rating min | median | max | ratings (count) |');
say('|---|---:|---:|---:|---:|---:|---|');
for (const level of LEVELS) {
  const made = byLevel.get(level)?.puzzle;
  if (!made || made.length === 0) {
    say(`| ${level} | 0 | — | — | — | — | not reached with the techniques on main |`);
    continue;
  }
  const grades = made.slice(0, 500).map((p) => gradePuzzle(p.puzzle));
  const ratings = grades.map((g) => g.rating).sort((a, b) => a - b);
  const hits = grades.filter((g) => g.level === level).length;
  const histogram = new Map<number, number>();
  for (const r of ratings) histogram.set(r, (histogram.get(r) ?? 0) + 1);
  say(
    `| ${level} | ${grades.length} | ${((100 * hits) / grades.length).toFixed(1)}% | ${ratings[0]!.toFixed(1)} | ${ratings[ratings.length >> 1]!.toFixed(1)} | ${ratings.at(-1)!.toFixed(1)} | ${[...histogram].map(([r, n]) => `${r.toFixed(1)}: ${n}`).join(', ')} |`,
  );
}

if (values.write) {
  // The practice section (bench:practice) is kept as it stands.
  const kept = existsSync(values.write) ? sectionOf(readFileSync(values.write, 'utf8'), 'practice') : '';
  writeFileSync(values.write, `${lines.join('\n')}\n${kept ? `\n${kept}` : ''}`);
  process.stderr.write(`wrote ${values.write}\n`);
}
