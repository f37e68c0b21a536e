/**
 * Benchmark of the 9×9 core: `node dist/bench/fast9.js FILE...` (one 81-char puzzle per line,
 * extra fields after a space ignored, other lines skipped). For each file it solves every puzzle
 * with limit 2 (uniqueness, the figure tdoku's anchors use) and with limit 1 (first solution,
 * written out), and prints puzzles/s, µs per puzzle, guesses per puzzle and % solved without a guess.
 * Options: --repeat N runs each measurement N times and keeps the best (default 3).
 */
import { basename } from 'node:path';
import { solve9, type CoreStats } from '../src/core/fast9.js';
import { loadGrids9 } from './anchors.js';

interface Run {
  seconds: number;
  guesses: number;
  noGuess: number;
  solved: number;
  unique: number;
}

function run(puzzles: readonly Uint8Array[], limit: number): Run {
  const stats: CoreStats = { nodes: 0, guesses: 0, timedOut: false };
  const solution = limit === 1 ? new Uint8Array(81) : null;
  let guesses = 0;
  let noGuess = 0;
  let solved = 0;
  let unique = 0;
  const t0 = performance.now();
  for (const p of puzzles) {
    const n = solve9(p, limit, solution, stats, Infinity);
    guesses += stats.guesses;
    if (stats.guesses === 0) noGuess++;
    if (n > 0) solved++;
    if (n === 1) unique++;
  }
  return { seconds: (performance.now() - t0) / 1000, guesses, noGuess, solved, unique };
}

const args = process.argv.slice(2);
let repeat = 3;
const files: string[] = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--repeat') repeat = Number(args[++i]);
  else files.push(args[i]!);
}
if (files.length === 0) {
  console.error('usage: node dist/bench/fast9.js [--repeat N] FILE...');
  process.exit(2);
}
console.log(`node ${process.version}, best of ${repeat}`);
console.log('dataset                   puzzles limit   puzzles/s   µs/puzzle  guesses/p  no-guess%  unique');
for (const file of files) {
  const puzzles = loadGrids9(file);
  for (const limit of [2, 1]) {
    let best: Run | undefined;
    for (let r = 0; r < repeat; r++) {
      const res = run(puzzles, limit);
      if (best === undefined || res.seconds < best.seconds) best = res;
    }
    const b = best!;
    const n = puzzles.length;
    console.log(
      `${basename(file).padEnd(25)} ${String(n).padStart(7)} ${String(limit).padStart(5)} ` +
        `${Math.round(n / b.seconds)
          .toLocaleString('en-US')
          .padStart(11)} ${((b.seconds * 1e6) / n).toFixed(2).padStart(11)} ` +
        `${(b.guesses / n).toFixed(2).padStart(10)} ${((100 * b.noGuess) / n).toFixed(1).padStart(10)} ` +
        `${limit === 2 ? String(b.unique).padStart(7) : `${String(b.solved).padStart(7)} solved`}`,
    );
  }
}
