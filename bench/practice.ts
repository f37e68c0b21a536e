/**
 * `npm run bench:practice`: generation by technique (`generate --technique NAME`), for every
 * technique of the teaching path: how long one puzzle that needs it takes on one thread (median,
 * 95th percentile, slowest), how many attempts, and how many could not be made within the time
 * cap. Written into its section of `bench/results/generate.md` (sections.ts), which
 * `bench:generate` keeps.
 *
 * Usage: node dist/bench/practice.js [--count N] [--cap-ms MS] [--seed S] [--techniques a,b] [--write FILE]
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { parseArgs } from 'node:util';
import { GenerateError, generatePuzzle } from '../src/generate/generator.js';
import { TEACHING_TECHNIQUES } from '../src/logic/stepSolver.js';
import { section, withSection } from './sections.js';

const { values } = parseArgs({
  options: {
    count: { type: 'string', default: '5' },
    'cap-ms': { type: 'string', default: '10000' },
    seed: { type: 'string', default: '1' },
    techniques: { type: 'string' },
    write: { type: 'string' },
  },
});
const count = Number(values.count);
const capMs = Number(values['cap-ms']);
const seed = Number(values.seed);
const names = values.techniques ? values.techniques.split(',') : [...new Set(TEACHING_TECHNIQUES.map((t) => t.name))];

const quantile = (sorted: readonly number[], q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
const ms = (x: number) => (x >= 1000 ? `${(x / 1000).toFixed(1)} s` : `${Math.round(x)} ms`);

const started = performance.now();
const rows: string[] = [];
let meets = 0;
for (const name of names) {
  const times: number[] = [];
  let failed = 0;
  let attempts = 0;
  for (let i = 0; i < count; i++) {
    const t = performance.now();
    try {
      const made = generatePuzzle({ technique: name, seed, timeLimitMs: capMs, maxAttempts: 1_000_000, index: i });
      attempts += made.attempts;
    } catch (e) {
      if (!(e instanceof GenerateError)) throw e;
      failed++;
    }
    // A puzzle not made counts at the cap: the percentiles are then lower bounds.
    times.push(Math.min(performance.now() - t, capMs));
  }
  times.sort((a, b) => a - b);
  const median = quantile(times, 0.5);
  const p95 = quantile(times, 0.95);
  const ok = failed === 0 && median < 1000 && p95 < 10_000;
  if (ok) meets++;
  const made = count - failed;
  rows.push(
    `| ${name} | ${made} of ${count} | ${failed > 0 ? '≥ ' : ''}${ms(median)} | ${failed > 0 ? '≥ ' : ''}${ms(p95)} | ${ms(times[times.length - 1]!)} | ${made > 0 ? Math.round(attempts / made) : '–'} | ${ok ? 'yes' : 'no'} |`,
  );
  process.stderr.write(`${rows[rows.length - 1]}\n`);
}
const seconds = Math.round((performance.now() - started) / 1000);
const cpu = cpus()[0]?.model.replace(/\s+/g, ' ').trim() ?? 'unknown CPU';
let md = `## Generation by technique (teaching path), ${new Date().toISOString().slice(0, 10)}\n\n`;
md += `Machine: ${cpu}, ${cpus().length} cores; Node ${process.version}; command: \`npm run bench:practice\` (bench/practice.ts: ${count} puzzles per technique, seed ${seed}, a cap of ${ms(capMs)} per puzzle, one thread); run time ${seconds} s.\n\n`;
md += `Each puzzle needs the technique on the teaching path: solved by it and the techniques tried before it, stuck without it (both checked for each puzzle). A puzzle not made within the cap counts at the cap, so its row's figures are lower bounds (≥). The issue's target is a median under 1 s and a 95th percentile under 10 s: met by ${meets} of ${names.length} techniques.\n\n`;
md += '| technique | made | median | 95th percentile | slowest | attempts per puzzle | target met |\n|---|---:|---:|---:|---:|---:|---|\n';
md += `${rows.join('\n')}\n`;
md = section(md, 'practice');
process.stdout.write(md);
if (values.write) {
  writeFileSync(values.write, withSection(existsSync(values.write) ? readFileSync(values.write, 'utf8') : '', md, 'practice'));
  process.stderr.write(`wrote ${values.write}\n`);
}
