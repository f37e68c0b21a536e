/**
 * Benchmark of the general-size core: seeded random puzzles of every size, plus norvig-top95.
 *
 *   npx tsc -p tsconfig.json && node dist/bench/general.js [puzzlesPerSize] [unique-only|random-only]
 *
 * Unique puzzles first (the typical case: published puzzles are unique, 25×25 ones with about
 * 40–55% givens): complete grids that do not depend on the solver (a pattern grid shuffled by a
 * seeded generator), then givens removed in random order while the puzzle stays unique, down to a
 * drawn share of givens (25×25) or to a minimal puzzle (16×16). Nothing is cached on disk: the
 * making time is printed, and a puzzle whose making hit a check timeout or the budget is counted.
 *
 * Puzzles: a random complete grid drawn by solveGeneral itself from an empty board (seeded), then
 * cells removed at random keeping about half the givens ("random"); for 16×16 also "hard" ones,
 * made by removing givens one at a time in random order while the puzzle stays unique (checked
 * with limit 2), within a time budget. Times are per solve with limit 2 (find and prove unique),
 * each stopped after DEADLINE_MS. Random blanking at about half the givens on 25×25 and up is
 * close to the hard region of quasigroup completion, so a few such puzzles take seconds or more.
 */
import { fileURLToPath } from 'node:url';
import { existsSync, readFileSync } from 'node:fs';
import { geometry, type Geometry } from '../src/geometry.js';
import { solveGeneral, type CoreStats } from '../src/core/general/index.js';
import { seededRandom, shuffle } from '../src/random.js';

/** Per-puzzle time limit; a timed-out solve is counted in the mean at this time and flagged. */
const DEADLINE_MS = 10_000;

const stats: CoreStats = { nodes: 0, guesses: 0, timedOut: false };

function randomGrid(g: Geometry, random: () => number): Uint8Array {
  const sol = new Uint8Array(g.cellCount);
  const n = solveGeneral(g, new Uint8Array(g.cellCount), 1, sol, stats, performance.now() + 60_000, random);
  if (n !== 1) throw new Error(`could not draw a ${g.size}x${g.size} grid`);
  return sol;
}

function randomPuzzle(g: Geometry, random: () => number, keep: number): Uint8Array {
  const grid = randomGrid(g, random);
  for (let i = 0; i < grid.length; i++) if (random() >= keep) grid[i] = 0;
  return grid;
}

/** Remove givens in random order while the puzzle stays unique, until `budgetMs` runs out. */
function hardPuzzle(g: Geometry, random: () => number, budgetMs: number): Uint8Array {
  const grid = randomGrid(g, random);
  const order = Array.from({ length: g.cellCount }, (_, i) => i);
  for (let i = order.length - 1; i > 0; i--) {
    const k = Math.floor(random() * (i + 1));
    [order[i], order[k]] = [order[k]!, order[i]!];
  }
  const stop = performance.now() + budgetMs;
  for (const cell of order) {
    if (performance.now() > stop) break;
    const d = grid[cell]!;
    grid[cell] = 0;
    const count = solveGeneral(g, grid, 2, null, stats, performance.now() + 2000);
    if (count !== 1 || stats.timedOut) grid[cell] = d;
  }
  return grid;
}

/**
 * A complete grid that does not depend on the solver (so every version of the core is benchmarked
 * on the same puzzles): the pattern (boxCols·(r mod boxRows) + ⌊r / boxRows⌋ + c) mod n, then its
 * digits relabelled, rows shuffled within bands, bands shuffled, columns within stacks, stacks.
 */
function shuffledPatternGrid(g: Geometry, random: () => number): Uint8Array {
  const { size: n, boxRows: br, boxCols: bc } = g;
  const digits = shuffle(
    Array.from({ length: n }, (_, i) => i + 1),
    random,
  );
  const pick = (per: number): number[] => {
    const outer = shuffle(
      Array.from({ length: n / per }, (_, i) => i),
      random,
    );
    return outer.flatMap((o) =>
      shuffle(
        Array.from({ length: per }, (_, i) => o * per + i),
        random,
      ),
    );
  };
  const rows = pick(br);
  const cols = pick(bc);
  const grid = new Uint8Array(g.cellCount);
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      const R = rows[r]!;
      const C = cols[c]!;
      grid[r * n + c] = digits[(bc * (R % br) + Math.floor(R / br) + C) % n]!;
    }
  }
  return grid;
}

/**
 * A unique puzzle like a published one: from a random complete grid, remove givens in random
 * order while the puzzle stays unique (solveGeneral with limit 2, each check stopped after
 * `checkMs`; a check that times out keeps the given), until the share of givens falls to
 * `target` (0 = go through every cell: a minimal puzzle) or `budgetMs` runs out. With no check
 * timing out and the budget not reached, the puzzle depends only on the seed, so two versions of
 * the core get the same puzzles. Returns the puzzle and whether the budget or a check ran out.
 */
function uniquePuzzle(g: Geometry, random: () => number, target: number, checkMs: number, budgetMs: number): { grid: Uint8Array; cut: boolean } {
  const grid = shuffledPatternGrid(g, random);
  if (solveGeneral(g, grid, 2, null, stats, Infinity) !== 1) throw new Error('pattern grid is not a valid grid');
  const order = Array.from({ length: g.cellCount }, (_, i) => i);
  for (let i = order.length - 1; i > 0; i--) {
    const k = Math.floor(random() * (i + 1));
    [order[i], order[k]] = [order[k]!, order[i]!];
  }
  const stop = performance.now() + budgetMs;
  let givens = g.cellCount;
  let cut = false;
  for (const cell of order) {
    if (givens <= target * g.cellCount) break;
    if (performance.now() > stop) {
      cut = true;
      break;
    }
    const d = grid[cell]!;
    grid[cell] = 0;
    const count = solveGeneral(g, grid, 2, null, stats, performance.now() + checkMs);
    if (stats.timedOut) cut = true;
    if (count !== 1 || stats.timedOut) grid[cell] = d;
    else givens--;
  }
  return { grid, cut };
}

interface Row {
  label: string;
  times: number[];
  nodes: number[];
  guesses: number[];
  givens: number[];
  unsolved: number;
}

function run(label: string, g: Geometry, puzzles: Uint8Array[]): Row {
  const row: Row = { label, times: [], nodes: [], guesses: [], givens: [], unsolved: 0 };
  const sol = new Uint8Array(g.cellCount);
  for (const p of puzzles) {
    const t0 = performance.now();
    const count = solveGeneral(g, p, 2, sol, stats, t0 + DEADLINE_MS);
    row.times.push(performance.now() - t0);
    row.nodes.push(stats.nodes);
    row.guesses.push(stats.guesses);
    row.givens.push(p.reduce((a, d) => a + (d !== 0 ? 1 : 0), 0) / g.cellCount);
    if (count < 1 || stats.timedOut) row.unsolved++;
  }
  return row;
}

function summary(xs: number[]): { mean: number; median: number; max: number } {
  const s = [...xs].sort((a, b) => a - b);
  const mean = s.reduce((a, b) => a + b, 0) / Math.max(1, s.length);
  return { mean, median: s[Math.floor(s.length / 2)] ?? 0, max: s[s.length - 1] ?? 0 };
}

function print(r: Row): void {
  const t = summary(r.times);
  const nd = summary(r.nodes);
  const gs = summary(r.guesses);
  const gv = summary(r.givens);
  console.log(
    `${r.label.padEnd(22)} n=${String(r.times.length).padStart(3)}  givens ${(100 * gv.mean).toFixed(0).padStart(2)}%  ` +
      `ms mean ${t.mean.toFixed(3).padStart(9)} median ${t.median.toFixed(3).padStart(9)} max ${t.max.toFixed(3).padStart(9)}  ` +
      `nodes mean ${nd.mean.toFixed(0).padStart(8)} max ${nd.max.toFixed(0).padStart(8)}  guesses mean ${gs.mean.toFixed(0).padStart(7)}` +
      (r.unsolved ? `  TIMED OUT ${r.unsolved}` : ''),
  );
}

const perSize = Number(process.argv[2] ?? 10);
const random = seededRandom(20261122);
console.log(`node ${process.version}, ${perSize} puzzles per size, limit 2 (solve and prove unique)`);

// The shared datasets beside the checkout (dist/bench → ../../../shared), else the vendored copy.
const top95 =
  [fileURLToPath(new URL('../../../shared/datasets/norvig-top95.txt', import.meta.url)), fileURLToPath(new URL('../../test/data/norvig-top95.txt', import.meta.url))].find((path) =>
    existsSync(path),
  ) ?? 'norvig-top95.txt';
if (existsSync(top95)) {
  const g = geometry(3, 3);
  const lines = readFileSync(top95, 'utf8')
    .split(/\r?\n/)
    .map((s) => s.trim())
    .filter((s) => s.length >= 81 && !s.startsWith('#'));
  const puzzles = lines.map((line) => {
    const grid = new Uint8Array(81);
    for (let i = 0; i < 81; i++) {
      const ch = line[i]!;
      grid[i] = ch >= '1' && ch <= '9' ? ch.charCodeAt(0) - 48 : 0;
    }
    return grid;
  });
  run('warm-up', g, puzzles);
  print(run('9x9 norvig-top95', g, puzzles));
} else {
  console.log(`(${top95} not found: skipping top95)`);
}

const sizes: Array<[number, number, number]> = [
  [3, 3, 0.4],
  [3, 4, 0.45],
  [4, 4, 0.45],
  [5, 5, 0.5],
  [5, 5, 0.6],
  [6, 6, 0.5],
  [6, 6, 0.65],
  [7, 7, 0.5],
  [7, 7, 0.65],
];
/** Unique puzzles, drawn with their own seed so the set does not depend on the rows above. */
function uniqueRows(): void {
  const rnd = seededRandom(777);
  const sets: Array<[number, string, number, (random: () => number) => number, number, number]> = [
    // boxSide, label, count, target share of givens, per-check ms, budget ms
    [4, '16x16 unique minimal', Math.max(3, perSize), () => 0, 2000, 20_000],
    [5, '25x25 unique 40-55%', Math.max(3, Math.floor(perSize / 2)), (r) => 0.4 + 0.15 * r(), 2000, 60_000],
  ];
  for (const [side, label, count, target, checkMs, budgetMs] of sets) {
    const g = geometry(side, side);
    const t0 = performance.now();
    let cut = 0;
    const puzzles: Uint8Array[] = [];
    for (let k = 0; k < count; k++) {
      const made = uniquePuzzle(g, rnd, target(rnd), checkMs, budgetMs);
      if (made.cut) cut++;
      puzzles.push(made.grid);
    }
    const ms = (performance.now() - t0) / count;
    print(run(label, g, puzzles));
    console.log(`${''.padEnd(22)} (making one took ${ms.toFixed(0)} ms on average${cut ? `; ${cut} cut short by a check timeout or the budget` : ''})`);
  }
}
if (process.argv[3] !== 'random-only') uniqueRows();
if (process.argv[3] === 'unique-only') process.exit(0);

for (const [r, c, keep] of sizes) {
  const g = geometry(r, c);
  const count = g.size >= 36 ? Math.max(3, Math.floor(perSize / 3)) : perSize;
  const t0 = performance.now();
  const puzzles = Array.from({ length: count }, () => randomPuzzle(g, random, keep));
  const made = (performance.now() - t0) / count;
  print(run(`${g.size}x${g.size} random ${Math.round(keep * 100)}%`, g, puzzles));
  console.log(`${''.padEnd(22)} (drawing one complete grid + puzzle took ${made.toFixed(1)} ms on average)`);
  if (g.size === 16) {
    const hard = Array.from({ length: Math.max(3, Math.floor(perSize / 2)) }, () => hardPuzzle(g, random, 1500));
    print(run('16x16 hard (minimal-ish)', g, hard));
  }
}
