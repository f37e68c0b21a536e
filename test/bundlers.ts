/**
 * An app as each bundler builds it, for the tests that run one (browser-worker.test.ts in
 * Chromium, surface.test.ts in Node): Vite, webpack 5 and esbuild, from the package's built entries.
 */
import assert from 'node:assert/strict';
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import * as esbuild from 'esbuild';
import { build } from 'vite';
import webpack from 'webpack';
import { ROOT } from './helpers.js';

/** Where each bundler finds the package's entries (an installed package resolves them by its exports). */
export const ENTRIES: Record<string, string> = {
  sudokit: join(ROOT, 'dist/src/index.js'),
  'sudokit/wasm': join(ROOT, 'dist/src/core/loadWasm9.js'),
  'sudokit/9x9': join(ROOT, 'dist/src/core/solve9.js'),
  ...Object.fromEntries(['variant', 'engines', 'logic', 'generate', 'worker'].map((entry) => [`sudokit/${entry}`, join(ROOT, `dist/src/${entry}/index.js`)])),
};

/** Build `dir/main.js` into `out` with Vite. */
export async function viteBuild(dir: string, out: string): Promise<void> {
  await build({
    root: dir,
    logLevel: 'error',
    configFile: false,
    resolve: { alias: Object.entries(ENTRIES).map(([name, file]) => ({ find: new RegExp(`^${name}$`), replacement: file })) },
    build: { outDir: out, emptyOutDir: true, target: 'es2022' },
    worker: { format: 'es' },
  });
}

/** The same with webpack 5 (its defaults, as an ES module app); its errors and warnings fail the build. */
export async function webpackBuild(dir: string, out: string, entry = 'main.js'): Promise<void> {
  const stats = await new Promise<webpack.Stats>((done, fail) =>
    webpack(
      {
        mode: 'production',
        context: dir,
        entry: join(dir, entry),
        output: { path: out, filename: 'main.js', module: true, chunkFormat: 'module' },
        experiments: { outputModule: true, topLevelAwait: true },
        resolve: { alias: Object.fromEntries(Object.entries(ENTRIES).map(([name, file]) => [`${name}$`, file])) },
        target: 'web',
        // its size hints are about the app, not the package
        performance: { hints: false },
      },
      (error, result) => (error || !result ? fail(error ?? new Error('webpack gave no result')) : done(result)),
    ),
  );
  const info = stats.toJson({ all: false, errors: true, warnings: true });
  const problems = [...(info.errors ?? []), ...(info.warnings ?? [])].map((p) => `${p.moduleName ?? ''}: ${p.message}`);
  assert.deepEqual(problems, [], 'webpack built the app without errors or warnings');
}

/** The same with esbuild, set up as the README says: the worker entry is an entry point of its own, the WebAssembly files are copied beside. */
export async function esbuildBuild(dir: string, out: string): Promise<void> {
  await esbuild.build({
    entryPoints: { main: join(dir, 'main.js'), entry: join(ROOT, 'dist/src/worker/entry.js') },
    bundle: true,
    format: 'esm',
    splitting: true,
    minify: true,
    outdir: out,
    alias: ENTRIES,
    logLevel: 'error',
  });
  for (const file of ['fast9-simd.wasm', 'fast9-scalar.wasm']) copyFileSync(join(ROOT, 'dist/src/core', file), join(out, file));
}
