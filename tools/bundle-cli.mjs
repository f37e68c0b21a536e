/**
 * The installed command line (`node tools/bundle-cli.mjs`, part of `npm run build`):
 * dist/src/cli/main.js and everything it imports, bundled by rolldown into dist/src/bin/ and
 * minified.
 *
 * Why: a process that answers one puzzle spends most of its time loading modules, not solving.
 * Unbundled, `solve` loads about twenty modules (each resolved, read, compiled and linked on its
 * own); rolldown's default split still left nine chunks. Here the modules that `solve` needs
 * (commands.js's and solve.js's static imports, followed through) form one chunk, so `solve` loads
 * main.js (the entry, which imports nothing statically: it takes the signals, then loads the
 * rest), that chunk and the wasm core. The other commands load it too (they share
 * most of it) plus their own chunks. `npm run bench` measures the start-up of one puzzle against a
 * bare `node -e 0` (bench/results/solve.md).
 *
 * The input is tsc's output, so the bundle is the code the tests compile, not a second compile.
 * dist/src/bin/ sits at the same depth as dist/src/cli/, so the URLs the modules build from
 * `import.meta.url` (the wasm cores, the web page, package.json) resolve to the
 * same files from either place; they go through their own folder's name (`../core/fast9-simd.wasm`) for
 * that reason. The pool's worker is a second entry, dist/src/bin/worker.js, beside the chunk that
 * holds the pool (which starts `./worker.js`), so a command's workers load the bundle too. Optional
 * packages the code imports by a computed name (@resvg/resvg-js) stay outside the bundle.
 */
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { build } from 'rolldown';

/** The files `from` imports statically, followed through (relative imports of tsc's output). */
function staticClosure(from, into = new Set()) {
  if (into.has(from)) return into;
  into.add(from);
  const text = readFileSync(from, 'utf8');
  for (const m of text.matchAll(/^(?:import|export)\b[^'"]*?['"](\.{1,2}\/[^'"]+)['"]/gm)) staticClosure(resolve(dirname(from), m[1]), into);
  return into;
}

// main.js itself stays out of the chunk: its top-level await of the command's import would wait
// on the chunk it is evaluated in, and the process would exit with 13 (an unsettled await). It
// has no static import, so the chunk loads only after main.js has taken the signals.
const solveModules = staticClosure(resolve('dist/src/cli/solve.js'), staticClosure(resolve('dist/src/cli/commands.js')));

await build({
  input: { main: 'dist/src/cli/main.js', worker: 'dist/src/pool/worker.js' },
  platform: 'node',
  logLevel: 'warn',
  // The package's dependencies (lz-string, for f-puzzles links) are installed beside it: load them, do not copy them in.
  external: (id) => id === 'lz-string' || id.startsWith('lz-string/'),
  output: {
    dir: 'dist/src/bin',
    format: 'esm',
    cleanDir: true,
    // Comments and white space go; names stay (no mangling), so a stack trace (--verbose) names
    // the functions of the source without a source map (maps were 42% of the package).
    minify: { compress: true, mangle: false },
    sourcemap: false,
    chunkFileNames: '[name]-[hash].js',
    codeSplitting: { groups: [{ name: 'solve', test: (id) => solveModules.has(id) }] },
  },
});
