/**
 * `npm run bench:variant-steps`: how far the step solver gets on the variant collections by logic
 * alone. For every puzzle with a known SOLUTION in `fpuzzles-<name>.txt` (../shared/datasets/variants,
 * the `-slow` files left out), `explain` walks the path with the solution at hand for the guesses
 * it may need, under a time limit per puzzle. Reported per collection: the puzzles solved without
 * a guess, the guesses of the others, the time, and every step checked against the solution (an
 * elimination of the solution's digit, or a placement of another, is an unsound step); then how
 * often each technique was used.
 *
 * The table goes into its section of `bench/results/variants.md` (sections.ts; added at the end
 * the first time); `bench:variants` keeps it when it rewrites the file.
 *
 * Usage: node dist/bench/variantSteps.js [--time-limit-ms MS] [--write FILE]
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { parseVariant } from '../src/format/variant.js';
import { explain } from '../src/logic/stepSolver.js';
import { section, withSection } from './sections.js';

const { values } = parseArgs({
  options: {
    'time-limit-ms': { type: 'string', default: '60000' },
    write: { type: 'string' },
  },
});
const timeLimitMs = Number(values['time-limit-ms']);
if (!Number.isFinite(timeLimitMs) || timeLimitMs <= 0) throw new Error(`--time-limit-ms ${values['time-limit-ms']}: expected a number above 0`);

const VARIANTS = fileURLToPath(new URL('../../../shared/datasets/variants/', import.meta.url));
if (!existsSync(VARIANTS)) {
  process.stderr.write(`bench/variantSteps: ${VARIANTS} not found (../shared beside the checkout); nothing to measure\n`);
  process.exit(1);
}

interface Row {
  name: string;
  puzzles: number;
  logic: number;
  guesses: number;
  timeouts: number;
  unsound: number;
  steps: number;
  ms: number;
  maxMs: number;
}

const started = performance.now();
const rows: Row[] = [];
const used = new Map<string, number>();
const unsoundSteps: string[] = [];
const files = readdirSync(VARIANTS)
  .filter((f) => f.startsWith('fpuzzles-') && f.endsWith('.txt') && !f.includes('-slow'))
  .sort();
for (const file of files) {
  const name = file.slice('fpuzzles-'.length, -'.txt'.length);
  const row: Row = { name, puzzles: 0, logic: 0, guesses: 0, timeouts: 0, unsound: 0, steps: 0, ms: 0, maxMs: 0 };
  for (const line of readFileSync(`${VARIANTS}${file}`, 'utf8').split('\n')) {
    const [text, known] = line.trim().split(/\s+/);
    if (!text || !known) continue;
    const read = parseVariant(text);
    if (!read.ok) throw new Error(`${file}: ${read.error.message}`);
    const puzzle = read.puzzle;
    // The 16x16 solutions are written A-P for 1-16 (the datasets' README).
    const solution = Array.from(known, (ch) => (puzzle.geometry.size === 16 ? ch.charCodeAt(0) - 64 : puzzle.geometry.digits.indexOf(ch) + 1));
    const t0 = performance.now();
    const path = explain(puzzle, { path: 'se', solution, timeLimitMs });
    const ms = performance.now() - t0;
    row.puzzles++;
    row.ms += ms;
    row.maxMs = Math.max(row.maxMs, ms);
    row.steps += path.steps.length;
    const guesses = path.steps.filter((s) => s.technique === 'guess').length;
    if (path.timedOut) row.timeouts++;
    else if (path.solved && guesses === 0) row.logic++;
    row.guesses += guesses;
    for (const step of path.steps) {
      used.set(step.technique, (used.get(step.technique) ?? 0) + 1);
      const wrong = step.placements.some((p) => solution[p.cell] !== p.digit) || step.eliminations.some((e) => solution[e.cell] === e.digit);
      if (wrong) {
        row.unsound++;
        unsoundSteps.push(`${file}: ${puzzle.title ?? ''}: ${step.text}`);
      }
    }
    process.stderr.write(`${name}: ${puzzle.title ?? ''}: ${path.solved ? (guesses === 0 ? 'logic' : `${guesses} guesses`) : path.reason} (${Math.round(ms)} ms)\n`);
  }
  rows.push(row);
}

const all = rows.reduce<Row>(
  (a, r) => ({
    name: '**all**',
    puzzles: a.puzzles + r.puzzles,
    logic: a.logic + r.logic,
    guesses: a.guesses + r.guesses,
    timeouts: a.timeouts + r.timeouts,
    unsound: a.unsound + r.unsound,
    steps: a.steps + r.steps,
    ms: a.ms + r.ms,
    maxMs: Math.max(a.maxMs, r.maxMs),
  }),
  { name: '**all**', puzzles: 0, logic: 0, guesses: 0, timeouts: 0, unsound: 0, steps: 0, ms: 0, maxMs: 0 },
);
const pct = (a: number, b: number) => (b === 0 ? '–' : `${Math.round((100 * a) / b)}%`);
const fmt = (ms: number) => Math.round(ms).toLocaleString('en-US');
const date = new Date().toISOString().slice(0, 10);
let md = `## Logic alone: the step solver on the same collections, ${date}\n\n`;
md += `Machine: ${cpus()[0]?.model.trim() ?? 'unknown'}, ${cpus().length} cores; Node ${process.version}; command: \`npm run bench:variant-steps\` (\`node dist/bench/variantSteps.js --time-limit-ms ${timeLimitMs}\`); run time ${fmt((performance.now() - started) / 1000)} s.\n\n`;
md +=
  'Every puzzle with a known SOLUTION, walked by `explain` with the solution at hand for the guesses it may need (a guess takes the solution\'s digit in the cell with the fewest candidates, when no technique applies). "by logic alone" counts the paths that fill the grid without a guess; every step of every path is checked against the solution ("unsound": an elimination of its digit or a placement of another; it must be 0). A path the time limit cuts short counts as neither.\n\n';
md += '| collection | puzzles | by logic alone | share | guesses in the others | time-outs | steps | unsound steps | Σ ms | max ms |\n|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n';
for (const r of [...rows, all])
  md += `| ${r.name} | ${r.puzzles} | ${r.logic} | ${pct(r.logic, r.puzzles)} | ${r.guesses} | ${r.timeouts} | ${r.steps.toLocaleString('en-US')} | ${r.unsound} | ${fmt(r.ms)} | ${fmt(r.maxMs)} |\n`;
md += `\nTechniques used, over every path (steps):\n\n| technique | steps |\n|---|---:|\n`;
for (const [name, n] of [...used].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))) md += `| ${name} | ${n.toLocaleString('en-US')} |\n`;
if (unsoundSteps.length > 0) md += `\nUnsound steps:\n\n${unsoundSteps.map((s) => `- ${s}`).join('\n')}\n`;
md = section(md, 'logic-alone');

process.stdout.write(md);
if (values.write) {
  writeFileSync(values.write, withSection(existsSync(values.write) ? readFileSync(values.write, 'utf8') : '', md, 'logic-alone'));
  process.stderr.write(`wrote ${values.write}\n`);
}
if (all.unsound > 0) process.exitCode = 1;
