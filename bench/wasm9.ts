/**
 * The WebAssembly experiment: the 9×9 core in TypeScript (src/core/fast9.ts) against its
 * AssemblyScript port (src/core/wasm/fast9.ts, built as fast9-simd.wasm and fast9-scalar.wasm)
 * and tdoku, counting to 2, single thread, on the same files in one run.
 *
 * The machine is shared and noisy, so the cores are interleaved finely: a file is cut into chunks
 * of 2,000 puzzles, and each round runs TS, wasm SIMD, wasm scalar and tdoku one after the other
 * on each chunk; each core keeps its best round per chunk (other processes only ever slow a run
 * down) and its rate is the file's puzzles over the sum of its best chunk times. tdoku runs in its
 * own process (its driver, `tdoku-bench CHUNK 2`, best of two passes each time, timing itself), built in this
 * run from ../shared/anchors/tdoku.
 * Before timing, every puzzle is solved by each core with limits 1 and 2, and the counts, first
 * solutions, node and guess counts must agree (the port visits the same search tree).
 *
 * A small file gets more rounds, so that each core solves at least --min-puzzles puzzles in all.
 *
 * --baseline FILE adds another SIMD build (say the .wasm of an earlier commit, copied aside) as a
 * fifth core in the same rounds, for an A/B of a change to the wasm source: it must visit the same
 * tree too, and the table gains its rate and "SIMD / baseline".
 *
 * Usage: node dist/bench/wasm9.js [--passes N] [--min-puzzles N] [--datasets a.txt,b.txt] [--baseline FILE] [--write FILE]
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { type CoreStats, solve9 } from '../src/core/fast9.js';
import { loadWasm9 } from '../src/core/fast9wasm.js';
import { buildTdoku, CHUNK, datasetPath, loadGrids9, tdokuRate, writeGrids9 } from './anchors.js';

const { values } = parseArgs({
  options: {
    passes: { type: 'string' },
    'min-puzzles': { type: 'string' },
    datasets: { type: 'string' },
    baseline: { type: 'string' },
    write: { type: 'string' },
  },
});
const passes = values.passes ? Number(values.passes) : 3;
const minPuzzles = values['min-puzzles'] ? Number(values['min-puzzles']) : 100_000;
const DEFAULT_DATASETS = ['forum-hardest-11plus.txt', 'magictour-top1465.txt', 'top2365.txt', 'norvig-top95.txt', '17-clue.txt', 'subig20.txt'];
const datasets = values.datasets ? values.datasets.split(',') : DEFAULT_DATASETS;

type Solve = typeof solve9;

const chunkDir = mkdtempSync(join(tmpdir(), 'sudokit-wasm9-'));

/** A chunk as a puzzle file for tdoku's driver. */
function writeChunk(chunk: readonly Uint8Array[], index: number): string {
  return writeGrids9(join(chunkDir, `chunk-${index}.txt`), chunk);
}

/** Seconds to count every puzzle to 2. */
function pass(solve: Solve, puzzles: readonly Uint8Array[]): number {
  const stats: CoreStats = { nodes: 0, guesses: 0, timedOut: false };
  const t0 = performance.now();
  for (const p of puzzles) solve(p, 2, null, stats, Number.POSITIVE_INFINITY);
  return (performance.now() - t0) / 1000;
}

/** Every puzzle, limits 1 and 2: the wasm cores must give the TypeScript core's count, solution, nodes and guesses. */
function check(cores: readonly [string, Solve][], puzzles: readonly Uint8Array[]): number {
  const stats: CoreStats = { nodes: 0, guesses: 0, timedOut: false };
  const solution = new Uint8Array(81);
  let guesses = 0;
  for (const limit of [1, 2]) {
    for (const p of puzzles) {
      let reference = '';
      for (const [name, solve] of cores) {
        solution.fill(0);
        const n = solve(p, limit, solution, stats, Number.POSITIVE_INFINITY);
        const seen = `${n} ${stats.nodes} ${stats.guesses} ${solution.join('')}`;
        if (reference === '') {
          reference = seen;
          if (limit === 2) guesses += stats.guesses;
        } else if (seen !== reference) throw new Error(`${name} disagrees with the TypeScript core on ${p.join('')} (limit ${limit}): ${seen} vs ${reference}`);
      }
    }
  }
  return guesses / puzzles.length;
}

const cores: [string, Solve][] = [['TS core', solve9]];
for (const variant of ['simd', 'scalar'] as const) {
  const core = loadWasm9(variant);
  if (core === undefined) throw new Error(`dist/src/core/fast9-${variant}.wasm did not load: run npm run build`);
  cores.push([`wasm ${variant}`, core]);
}
if (values.baseline) {
  const core = loadWasm9('simd', readFileSync(values.baseline));
  if (core === undefined) throw new Error(`${values.baseline} did not load as a SIMD build`);
  cores.push(['baseline', core]);
}
// tdoku's build goes into the chunk folder, removed at the end with the chunks.
const tdoku = (() => {
  const dir = join(chunkDir, 'tdoku');
  mkdirSync(dir);
  return buildTdoku(dir).bin;
})();

const lines: string[] = [];
const say = (s: string): void => {
  lines.push(s);
  console.log(s);
};
say(
  `Node ${process.version}, ${cpus()[0]?.model ?? 'unknown CPU'}, counting to 2, single thread; chunks of ${CHUNK.toLocaleString('en-US')} puzzles interleaved over rounds (at least ${passes}, and at least ${minPuzzles.toLocaleString('en-US')} puzzles a core), best round per chunk kept.`,
);
say(tdoku ? 'tdoku: built in this run from ../shared/anchors/tdoku (g++ -O3 -march=native), best of 2 passes of its driver per chunk and round.' : 'tdoku: not built (no sources or no g++).');
say('');
const baselineColumns = values.baseline ? [' baseline /s | SIMD / baseline | baseline / tdoku |', '---:|---:|---:|'] : ['', ''];
say(`| dataset | puzzles | rounds | guesses/p | TS core /s | wasm SIMD /s | wasm scalar /s | tdoku /s | tdoku guesses/p | SIMD / TS | scalar / TS | TS / tdoku | SIMD / tdoku |${baselineColumns[0]}`);
say(`|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|${baselineColumns[1]}`);
for (const name of datasets) {
  const { path, full } = datasetPath(name);
  const puzzles = loadGrids9(path);
  const guesses = check(cores, puzzles);
  // Chunks of at most CHUNK puzzles, each timed on every core in turn, best round per chunk and
  // core: a burst of load from other processes then hits every core alike.
  const chunks: Uint8Array[][] = [];
  for (let i = 0; i < puzzles.length; i += CHUNK) chunks.push(puzzles.slice(i, i + CHUNK));
  const chunkFiles = tdoku ? chunks.map((c, i) => writeChunk(c, i)) : [];
  const best = cores.map(() => chunks.map(() => Number.POSITIVE_INFINITY));
  const tdokuBest = chunks.map(() => Number.POSITIVE_INFINITY);
  let tdokuGuesses = 0;
  const rounds = Math.max(passes, Math.ceil(minPuzzles / puzzles.length));
  for (let r = 0; r < rounds; r++) {
    chunks.forEach((chunk, c) => {
      cores.forEach(([, solve], i) => {
        best[i]![c] = Math.min(best[i]![c]!, pass(solve, chunk));
      });
      if (tdoku) {
        // best of 2 passes in one process: its first pass starts cold
        const t = tdokuRate(tdoku, chunkFiles[c]!, 2);
        tdokuBest[c] = Math.min(tdokuBest[c]!, chunk.length / t.perSecond);
        if (r === 0) tdokuGuesses += t.guesses * chunk.length;
      }
    });
  }
  const total = (times: number[]): number => times.reduce((a, b) => a + b, 0);
  const rate = best.map((times) => puzzles.length / total(times));
  const [ts, simd, scalar, baseline] = rate as [number, number, number, number | undefined];
  const tdokuPerSecond = tdoku ? puzzles.length / total(tdokuBest) : 0;
  tdokuGuesses /= puzzles.length;
  const f = (x: number): string => Math.round(x).toLocaleString('en-US');
  const ratio = (a: number, b: number): string => (b > 0 ? (a / b).toFixed(2) : '–');
  say(
    `| ${name}${full ? '' : ' (sample)'} | ${puzzles.length} | ${rounds} | ${guesses.toFixed(2)} | ${f(ts)} | ${f(simd)} | ${f(scalar)} | ${tdoku ? f(tdokuPerSecond) : '–'} | ${tdoku ? tdokuGuesses.toFixed(2) : '–'} | ` +
      `${ratio(simd, ts)} | ${ratio(scalar, ts)} | ${ratio(ts, tdokuPerSecond)} | ${ratio(simd, tdokuPerSecond)} |` +
      (baseline === undefined ? '' : ` ${f(baseline)} | ${ratio(simd, baseline)} | ${ratio(baseline, tdokuPerSecond)} |`),
  );
}
rmSync(chunkDir, { recursive: true, force: true }); // the chunk files and tdoku's build
if (values.write) writeFileSync(values.write, `${lines.join('\n')}\n`);
