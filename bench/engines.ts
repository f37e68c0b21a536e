/**
 * A quick look at every engine on the essay's files: mean, median and max time per puzzle, in
 * the essay's style ("Solved N of N (avg, Hz, max)"), with a per-puzzle cap so the engines
 * without propagation cannot hang the run (capped puzzles are counted at the cap and shown).
 * `sudokit bench` is the full lab; this is the engines' own check.
 *
 *   npm run build && node dist/bench/engines.js [--cap-ms 2000] [--limit 1] [FILE ...]
 *
 * Files default to norvig-easy50.txt and norvig-top95.txt from ../shared/datasets (or test/data).
 */
import { existsSync, readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { parsePuzzle } from '../src/format/parse.js';
import type { Puzzle } from '../src/puzzle.js';
import { isSolution } from '../src/puzzle.js';
import { ENGINES } from '../src/registry.js';

const { values, positionals } = parseArgs({ allowPositionals: true, options: { 'cap-ms': { type: 'string' }, limit: { type: 'string' } } });
const capMs = Number(values['cap-ms'] ?? 2000);
const limit = Number(values.limit ?? 1);
const shared = new URL('../../../shared/datasets/', import.meta.url);
const vendored = new URL('../../test/data/', import.meta.url);
const files = positionals.length > 0 ? positionals : ['norvig-easy50.txt', 'norvig-top95.txt'];

function load(name: string): Puzzle[] {
  const path = existsSync(name) ? name : existsSync(new URL(name, shared)) ? new URL(name, shared) : new URL(name, vendored);
  return readFileSync(path, 'utf8')
    .split('\n')
    .map((l) => l.trim().split(/\s+/)[0] ?? '')
    .filter((l) => l !== '' && !l.startsWith('#'))
    .map((l) => {
      const parsed = parsePuzzle(l);
      if (!parsed.ok) throw new Error(parsed.error.message);
      return parsed.puzzle;
    });
}

const rows: string[][] = [['engine', 'file', 'N', 'solved', 'capped', 'mean ms', 'median ms', 'max ms', 'Hz', 'guesses/puzzle']];
for (const file of files) {
  const puzzles = load(file);
  for (const engine of ENGINES) {
    if (puzzles.some((p) => engine.refuses?.(p) !== undefined)) {
      rows.push([engine.id, file, String(puzzles.length), 'refuses', '', '', '', '', '', '']);
      continue;
    }
    const times: number[] = [];
    let solved = 0;
    let capped = 0;
    let guesses = 0;
    for (const puzzle of puzzles) {
      const started = performance.now();
      const r = engine.solve(puzzle, { limit, timeLimitMs: capMs });
      const ms = performance.now() - started;
      times.push(r.timedOut ? Math.max(ms, capMs) : ms);
      guesses += r.stats.guesses;
      if (r.timedOut && r.count < limit) capped++;
      if (r.count > 0 && isSolution(puzzle, r.solution!)) solved++;
    }
    times.sort((a, b) => a - b);
    const mean = times.reduce((a, b) => a + b, 0) / times.length;
    rows.push([
      engine.id,
      file,
      String(puzzles.length),
      String(solved),
      String(capped),
      mean.toFixed(2),
      times[Math.floor(times.length / 2)]!.toFixed(2),
      times.at(-1)!.toFixed(1),
      (1000 / mean).toFixed(0),
      (guesses / puzzles.length).toFixed(1),
    ]);
    process.stderr.write('.');
  }
}
process.stderr.write('\n');
const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
for (const [k, row] of rows.entries()) {
  console.log(`| ${row.map((cell, i) => (i < 2 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join(' | ')} |`);
  if (k === 0) console.log(`|${widths.map((w, i) => (i < 2 ? `-${'-'.repeat(w)}-` : `-${'-'.repeat(w)}:`)).join('|')}|`);
}
console.log(`\nlimit ${limit} (solutions looked for), cap ${capMs} ms per puzzle (a capped puzzle counts at the cap in mean and max); Node ${process.version}`);
