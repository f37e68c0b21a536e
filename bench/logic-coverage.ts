/**
 * Logic coverage: how far the step solver gets without guessing, how fast, and whether every
 * step is sound, on the hard datasets.
 *
 * For each dataset it runs `explain(puzzle, { path: 'se', unique, solution })` (SE's path) on every puzzle (or an evenly
 * spread sample of `--sample N`), with the solution from the registry's engine, and counts the
 * puzzles solved without a guess, the mean and maximum time per puzzle, the steps per technique,
 * and every step that places a digit other than the solution's or removes the solution's digit
 * (there must be none).
 *
 * Usage: node dist/bench/logic-coverage.js [--datasets a.txt:N,b.txt] [--write FILE]
 * (`name:N` samples N puzzles evenly from that file; the default list is the issue's.)
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { parsePuzzle } from '../src/format/parse.js';
import { explain, TECHNIQUES } from '../src/logic/stepSolver.js';
import { solve } from '../src/registry.js';

const { values } = parseArgs({ options: { datasets: { type: 'string' }, write: { type: 'string' } } });

const SHARED = fileURLToPath(new URL('../../../shared/datasets/', import.meta.url));
const VENDORED = fileURLToPath(new URL('../../test/data/', import.meta.url));
const DEFAULT = ['se-rated-sample.txt', 'magictour-top1465.txt', 'top2365.txt', 'forum-hardest-11plus.txt:500'];
const specs = values.datasets ? values.datasets.split(',') : DEFAULT;

interface Row {
  name: string;
  puzzles: number;
  noGuess: number;
  meanMs: number;
  maxMs: number;
  unsound: string[];
  techniques: Map<string, number>;
  totalMs: number;
  guesses: number;
  /** Sum over puzzles of the share of the empty cells filled before the first guess. */
  beforeGuess: number;
  /** Puzzles with more than one solution (logic alone cannot finish those). */
  several: number;
}

function load(name: string, sample: number | undefined): string[] {
  const path = existsSync(`${SHARED}${name}`) ? `${SHARED}${name}` : `${VENDORED}${name}`;
  const lines = readFileSync(path, 'utf8')
    .split('\n')
    .map((l) => l.trim().split(/\s+/)[0] ?? '')
    .filter((l) => l !== '');
  if (sample === undefined || sample >= lines.length) return lines;
  const step = lines.length / sample;
  return Array.from({ length: sample }, (_, i) => lines[Math.floor(i * step)]!);
}

function run(spec: string): Row {
  const [name, n] = spec.split(':') as [string, string | undefined];
  const lines = load(name, n === undefined ? undefined : Number(n));
  const row: Row = {
    name: n ? `${name} (sample of ${lines.length})` : name,
    puzzles: 0,
    noGuess: 0,
    meanMs: 0,
    maxMs: 0,
    unsound: [],
    techniques: new Map(),
    totalMs: 0,
    guesses: 0,
    beforeGuess: 0,
    several: 0,
  };
  for (const text of lines) {
    const parsed = parsePuzzle(text);
    if (!parsed.ok) throw new Error(`${name}: ${parsed.error.message}`);
    const counted = solve(parsed.puzzle, { limit: 2 });
    if (!counted.solution) throw new Error(`${name}: ${text} has no solution`);
    const solution = counted.solution;
    if (counted.count > 1) row.several++;
    const t0 = performance.now();
    const path = explain(parsed.puzzle, { path: 'se', unique: counted.count === 1, solution });
    const ms = performance.now() - t0;
    row.puzzles++;
    row.totalMs += ms;
    row.maxMs = Math.max(row.maxMs, ms);
    if (path.solved && !path.guessed) row.noGuess++;
    const empty = parsed.puzzle.givens.filter((d) => d === 0).length;
    let filled = 0;
    let guessed = false;
    for (const step of path.steps) {
      if (step.technique === 'guess') {
        row.guesses++;
        guessed = true;
      }
      if (!guessed) filled += step.placements.length;
    }
    row.beforeGuess += empty === 0 ? 1 : filled / empty;
    for (const step of path.steps) {
      row.techniques.set(step.technique, (row.techniques.get(step.technique) ?? 0) + 1);
      const wrong = step.placements.some((p) => solution[p.cell] !== p.digit) || step.eliminations.some((e) => solution[e.cell] === e.digit);
      if (wrong) row.unsound.push(`${text}: ${step.text}`);
    }
    if (!path.solved) row.unsound.push(`${text}: not solved (${path.reason})`);
  }
  row.meanMs = row.totalMs / Math.max(1, row.puzzles);
  return row;
}

const rows: Row[] = [];
for (const spec of specs) {
  const row = run(spec);
  rows.push(row);
  console.log(
    `${row.name}: ${row.noGuess}/${row.puzzles} without guessing (${((100 * row.noGuess) / row.puzzles).toFixed(2)}%; ${row.several} with several solutions), ` +
      `${(row.guesses / row.puzzles).toFixed(2)} guesses/puzzle, ${((100 * row.beforeGuess) / row.puzzles).toFixed(1)}% of empty cells filled before the first guess, ` +
      `mean ${row.meanMs.toFixed(2)} ms, max ${row.maxMs.toFixed(0)} ms, total ${(row.totalMs / 1000).toFixed(1)} s, unsound ${row.unsound.length}`,
  );
  for (const u of row.unsound.slice(0, 5)) console.log(`  UNSOUND ${u}`);
}

if (values.write) {
  const cpu = cpus()[0]?.model ?? 'unknown CPU';
  const lines = [
    '# Logic coverage: solved without guessing, time, soundness',
    '',
    `Measured with \`npm run build && node dist/bench/logic-coverage.js${values.datasets ? ` --datasets ${values.datasets}` : ''} --write ${values.write}\``,
    `on ${cpu}, Node ${process.version}, one thread. Each puzzle runs \`explain(puzzle, { unique, solution })\`;`,
    'time is the step solver only (the solution comes from the fast engine beforehand). A step is unsound when it',
    'places a digit the solution does not have or removes the one it has. A puzzle with several solutions',
    'cannot be finished by logic (its guesses are counted like any other).',
    '',
    `Techniques, in the order they are tried: ${[...new Set(TECHNIQUES.map((t) => t.name))].join(', ')}.`,
    '',
    '| dataset | puzzles | several solutions | solved without guessing | share | guesses/puzzle | cells filled before the first guess | mean ms/puzzle | max ms | total s | unsound steps |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...rows.map(
      (r) =>
        `| ${r.name} | ${r.puzzles} | ${r.several} | ${r.noGuess} | ${((100 * r.noGuess) / r.puzzles).toFixed(2)}% | ${(r.guesses / r.puzzles).toFixed(2)} | ${((100 * r.beforeGuess) / r.puzzles).toFixed(1)}% | ${r.meanMs.toFixed(2)} | ${r.maxMs.toFixed(0)} | ${(r.totalMs / 1000).toFixed(1)} | ${r.unsound.length} |`,
    ),
    '',
    '## Steps per technique',
    '',
    `| technique | ${rows.map((r) => r.name).join(' | ')} |`,
    `|---|${rows.map(() => '---:').join('|')}|`,
  ];
  const names = [...new Set(rows.flatMap((r) => [...r.techniques.keys()]))];
  for (const t of names) lines.push(`| ${t} | ${rows.map((r) => r.techniques.get(t) ?? 0).join(' | ')} |`);
  lines.push('');
  writeFileSync(values.write, lines.join('\n'));
  console.log(`wrote ${values.write}`);
}
