/**
 * `npm run bench:bundle`: what an app carries when it uses sudokit, built by Vite, webpack 5 and
 * esbuild as an app is built (minified, tree-shaken, assets emitted), beside the npm peers'
 * equivalents, in one run. Each app is a few lines that import what it names and use it (so
 * nothing is shaken away that the app needs); its size is the JavaScript each bundler emits,
 * minified and gzipped (level 9), and the WebAssembly files Vite emits beside it.
 *
 * Usage: node dist/bench/bundle.js [--write FILE]   (after npm run build)
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import * as esbuild from 'esbuild';
import { build } from 'vite';
import webpack from 'webpack';

const { values } = parseArgs({ options: { write: { type: 'string' } } });
const ROOT = fileURLToPath(new URL('../../', import.meta.url));

interface App {
  readonly name: string;
  /** What the app does, for the table. */
  readonly does: string;
  readonly source: string;
}

const P = "'4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......'";
const APPS: readonly App[] = [
  {
    name: 'sudokit: parse',
    does: 'parsePuzzle, makeLine',
    source: `import { parsePuzzle, makeLine } from 'sudokit';\nconst p = parsePuzzle(${P});\nif (p.ok) console.log(makeLine(p.puzzle.geometry, p.puzzle.givens));`,
  },
  {
    name: 'sudokit: solve',
    does: 'parsePuzzle, solve, makeLine',
    source: `import { parsePuzzle, solve, makeLine } from 'sudokit';\nconst p = parsePuzzle(${P});\nif (p.ok) console.log(makeLine(p.puzzle.geometry, solve(p.puzzle).solution));`,
  },
  {
    name: 'sudokit: solve + wasm',
    does: 'parsePuzzle, solve, makeLine, loadWasm9 (sudokit/wasm)',
    source: `import { parsePuzzle, solve, makeLine } from 'sudokit';\nimport { loadWasm9 } from 'sudokit/wasm';\nawait loadWasm9();\nconst p = parsePuzzle(${P});\nif (p.ok) console.log(makeLine(p.puzzle, solve(p.puzzle).solution));`,
  },
  {
    name: 'sudokit: solve 9×9',
    does: 'parsePuzzle, makeLine; solve (sudokit/9x9, which loads the WebAssembly core by itself)',
    source: `import { parsePuzzle, makeLine } from 'sudokit';\nimport { solve } from 'sudokit/9x9';\nconst p = parsePuzzle(${P});\nif (p.ok) console.log(makeLine(p.puzzle, solve(p.puzzle).solution));`,
  },
  {
    name: 'sudokit: variant solve',
    does: 'parseVariant, solve (sudokit/variant), makeLine',
    source: `import { makeLine } from 'sudokit';\nimport { parseVariant, solve } from 'sudokit/variant';\nconst p = parseVariant(${P});\nif (p.ok) console.log(makeLine(p.puzzle.geometry, solve(p.puzzle).solution));`,
  },
  {
    name: 'sudokit: full',
    does: 'solve, generatePuzzle, gradePuzzle, nextStep, renderGridSvg',
    source: `import { parsePuzzle, solve, generatePuzzle, gradePuzzle, nextStep, Board, renderGridSvg } from 'sudokit';\nconst p = parsePuzzle(${P});\nif (p.ok) {\n  const s = solve(p.puzzle).solution;\n  console.log(gradePuzzle(p.puzzle).rating, nextStep(Board.fromPuzzle(p.puzzle)), renderGridSvg(p.puzzle.geometry, s));\n  console.log(generatePuzzle({ seed: 1 }).puzzle.givens);\n}`,
  },
  {
    name: 'sudokit: worker',
    does: 'createSolverWorker (solve in a Web Worker)',
    source: `import { parsePuzzle } from 'sudokit';\nimport { createSolverWorker } from 'sudokit/worker';\nconst p = parsePuzzle(${P});\nif (p.ok) createSolverWorker().solve(p.puzzle).then((a) => console.log(a.count));`,
  },
  { name: 'sudoku-core: solve', does: 'solve', source: `import { solve } from 'sudoku-core';\nconsole.log(solve([...${P}].map((c) => (c === '.' ? null : Number(c)))));` },
  {
    name: 'sudoku-core: full',
    does: 'solve, generate, analyze, hint',
    source: `import { solve, generate, analyze, hint } from 'sudoku-core';\nconst b = [...${P}].map((c) => (c === '.' ? null : Number(c)));\nconsole.log(solve(b), generate('hard'), analyze(b), hint(b));`,
  },
  { name: 'sudoku: solve', does: 'solvepuzzle', source: `import sudoku from 'sudoku';\nconsole.log(sudoku.solvepuzzle([...${P}].map((c) => (c === '.' ? null : Number(c) - 1))));` },
  { name: 'sudoku-gen: generate', does: 'getSudoku', source: `import { getSudoku } from 'sudoku-gen';\nconsole.log(getSudoku('hard'));` },
  { name: '@algorithm.ts/sudoku: solve', does: 'SudokuSolver', source: `import { SudokuSolver } from '@algorithm.ts/sudoku';\nconsole.log(new SudokuSolver({ childMatrixWidth: 3 }));` },
];

/** The files under `dir`, with their paths. */
function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });
}

interface Size {
  readonly minified: number;
  readonly gzip: number;
  /** Of which the worker's own bundle (Vite emits it as a file of its own). */
  readonly workerGzip: number;
  readonly wasm: number;
  readonly wasmFiles: number;
}

/** Where each bundler finds the package's entries, as an installed package resolves them by its exports. */
const ENTRIES: Record<string, string> = {
  sudokit: join(ROOT, 'dist/src/index.js'),
  'sudokit/wasm': join(ROOT, 'dist/src/core/loadWasm9.js'),
  'sudokit/9x9': join(ROOT, 'dist/src/core/solve9.js'),
  ...Object.fromEntries(['variant', 'engines', 'logic', 'generate', 'worker'].map((entry) => [`sudokit/${entry}`, join(ROOT, `dist/src/${entry}/index.js`)])),
};

async function measure(app: App, dir: string): Promise<Size> {
  const src = join(dir, 'main.js');
  writeFileSync(src, app.source);
  const out = join(dir, 'out');
  await build({
    root: dir,
    logLevel: 'error',
    configFile: false,
    resolve: {
      alias: Object.entries(ENTRIES).map(([name, file]) => ({ find: new RegExp(`^${name}$`), replacement: file })),
    },
    build: { outDir: out, emptyOutDir: true, minify: true, rollupOptions: { input: src } },
  });
  let minified = 0;
  let gzip = 0;
  let wasm = 0;
  let wasmFiles = 0;
  let workerGzip = 0;
  for (const file of walk(out)) {
    const bytes = readFileSync(file);
    if (file.endsWith('.js')) {
      minified += bytes.length;
      const zipped = gzipSync(bytes, { level: 9 }).length;
      gzip += zipped;
      if (/\/entry-[^/]*\.js$/.test(file)) workerGzip += zipped;
    } else if (file.endsWith('.wasm')) {
      wasm += bytes.length;
      wasmFiles++;
    }
  }
  return { minified, gzip, workerGzip, wasm, wasmFiles };
}

/** The JavaScript in a folder, gzipped (level 9). */
function gzipOfFolder(out: string): number {
  return walk(out)
    .filter((file) => file.endsWith('.js') || file.endsWith('.mjs'))
    .reduce((sum, file) => sum + gzipSync(readFileSync(file), { level: 9 }).length, 0);
}

/** The app built by webpack 5 in production mode (its own minifier), as an ES module app: gzip of its JavaScript. */
async function measureWebpack(app: App, dir: string): Promise<number> {
  const out = join(dir, 'out-webpack');
  await new Promise<void>((done, fail) =>
    webpack(
      {
        mode: 'production',
        context: dir,
        entry: join(dir, 'main.js'),
        output: { path: out, filename: 'main.js', module: true, chunkFormat: 'module' },
        experiments: { outputModule: true, topLevelAwait: true },
        resolve: { alias: Object.fromEntries(Object.entries(ENTRIES).map(([name, file]) => [`${name}$`, file])) },
        target: 'web',
        performance: { hints: false },
      },
      (error, stats) => (error || !stats || stats.hasErrors() ? fail(error ?? new Error(`webpack: ${app.name}: ${stats?.toString('errors-only')}`)) : done()),
    ),
  );
  return gzipOfFolder(out);
}

/** The app built by esbuild (bundled, minified, ESM, split); an app of `sudokit/worker` lists its worker entry as an entry point, as the README says. */
async function measureEsbuild(app: App, dir: string): Promise<number> {
  const out = join(dir, 'out-esbuild');
  const entryPoints: Record<string, string> = { main: join(dir, 'main.js') };
  if (app.source.includes("'sudokit/worker'")) entryPoints.entry = join(ROOT, 'dist/src/worker/entry.js');
  await esbuild.build({
    entryPoints,
    bundle: true,
    format: 'esm',
    splitting: true,
    minify: true,
    outdir: out,
    alias: ENTRIES,
    logLevel: 'error',
    platform: 'browser',
    supported: { 'top-level-await': true },
  });
  return gzipOfFolder(out);
}

const kB = (n: number) => (n / 1000).toFixed(1);
const lines: string[] = [];
const say = (line = '') => {
  lines.push(line);
  process.stdout.write(`${line}\n`);
};

// The apps live under node_modules/.cache so that the peers resolve from the project's node_modules.
const cache = join(ROOT, 'node_modules', '.cache');
mkdirSync(cache, { recursive: true });
const work = mkdtempSync(join(cache, 'sudokit-bundle-'));
try {
  const started = performance.now();
  const rows: string[] = [];
  for (const app of APPS) {
    const dir = join(work, app.name.replace(/\W+/g, '-'));
    mkdirSync(dir);
    const size = await measure(app, dir);
    const gzip = size.workerGzip ? `${kB(size.gzip)} (${kB(size.gzip - size.workerGzip)} on the main thread)` : kB(size.gzip);
    const byWebpack = await measureWebpack(app, dir);
    const byEsbuild = await measureEsbuild(app, dir);
    rows.push(`| ${app.name} | ${app.does} | ${kB(size.minified)} | ${gzip} | ${kB(byWebpack)} | ${kB(byEsbuild)} | ${size.wasmFiles ? `${size.wasmFiles} (${kB(size.wasm)} kB)` : 'none'} |`);
  }
  say(`# Bundle weight: what an app built with Vite, webpack or esbuild carries, sudokit beside the npm peers, ${new Date().toISOString().slice(0, 10)}`);
  say();
  say(
    `Machine: ${cpus()[0]?.model.trim() ?? 'unknown'}, ${cpus().length} cores; Node ${process.version}; Vite 8, webpack 5, esbuild 0.28; command: \`npm run build && node dist/bench/bundle.js --write bench/results/bundle.md\`; run time ${((performance.now() - started) / 1000).toFixed(0)} s.`,
  );
  say();
  say(
    "Each app imports what it names and uses it; sizes are the JavaScript each bundler emits (minified, then gzip level 9; a worker is bundled as a file of its own and counted in) and the WebAssembly files Vite emits beside it (webpack emits the same two; esbuild emits none, and an app copies them, as the README says). Vite's build is an app's default (Vite 8 minifies with Oxc), webpack's its production mode (Terser), esbuild's `--bundle --minify --format=esm --splitting` (a worker app with the worker's entry as a second entry point). sudokit is imported from its built package entries (`dist/src`), as an installed package is. The budgets of the library-adoption issue: a solve-only app ≤ 12 kB gzip, a full app ≤ 40 kB. The root's `solve` takes every size, so it carries the exact-cover core and the clause-learning one (for 36×36 and up) beside the 9×9 core; `sudokit/9x9`'s takes 9×9 boards alone and carries the 9×9 core alone.",
  );
  say();
  say('| app | uses | Vite: JS min kB | Vite: JS gzip kB | webpack: JS gzip kB | esbuild: JS gzip kB | WebAssembly emitted (Vite) |');
  say('|---|---|---:|---:|---:|---:|---|');
  for (const row of rows) say(row);
} finally {
  rmSync(work, { recursive: true, force: true });
}
if (values.write) writeFileSync(values.write, `${lines.join('\n')}\n`);
