/**
 * The package as a user installs it: `npm pack`, then `npm install` of the tarball into a fresh
 * project, offline: its dependencies (LZ-String) are packed from this checkout's node_modules and
 * installed beside it, since an offline npm cannot look a package up by name without the
 * registry's metadata in its cache. From there the CLI (`solve`, and `serve` answering GET /), an
 * ESM import of the root and of `sudokit/lab`, the types, and the source maps' sources. Runs on
 * the built dist/ that `npm test` makes first.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { ROOT, runProgram } from './helpers.js';

const P1 = '4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......';
const S1 = '417369825632158947958724316825437169791586432346912758289643571573291684164875293';

function sh(command: string, args: readonly string[], cwd: string) {
  const r = runProgram(command, args, { cwd, env: { ...process.env, NO_COLOR: '1' } });
  assert.equal(r.status, 0, `${command} ${args.join(' ')}: ${r.stderr}`);
  return r.stdout;
}

/** Every file under `dir`, as paths relative to it. */
function walk(dir: string, prefix = ''): string[] {
  return readdirSync(join(dir, prefix), { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(dir, join(prefix, e.name)) : [join(prefix, e.name)]));
}

test('the packed tarball installs into a fresh project: the CLI solves and serves, the library imports and type-checks', { timeout: 180_000 }, async () => {
  const tmp = mkdtempSync(join(tmpdir(), 'sudokit-package-'));
  const [packed] = JSON.parse(sh('npm', ['pack', '--json', '--pack-destination', tmp], ROOT)) as { filename: string }[];
  const app = join(tmp, 'app');
  mkdirSync(app);
  writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'app', private: true, type: 'module' }));
  const dependencies = Object.keys((JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> }).dependencies ?? {});
  const theirs = dependencies.map((name) => (JSON.parse(sh('npm', ['pack', '--json', '--pack-destination', tmp, join(ROOT, 'node_modules', name)], ROOT)) as { filename: string }[])[0]!.filename);
  sh('npm', ['install', '--offline', '--no-audit', '--no-fund', ...theirs.map((f) => join(tmp, f)), join(tmp, packed!.filename)], app);
  const installed = join(app, 'node_modules', 'sudokit');
  const bin = join(app, 'node_modules', '.bin', 'sudokit');

  // The CLI, as `npx sudokit` runs it.
  assert.equal(sh(bin, ['solve', P1], app), `${S1}\n`);

  // serve: the built page ships, and GET / answers it.
  const server = spawn(bin, ['serve', '--port', '0'], { cwd: app });
  try {
    const url = await new Promise<string>((done, fail) => {
      let out = '';
      let err = '';
      server.stdout.setEncoding('utf8').on('data', (d: string) => {
        out += d;
        const found = /http:\/\/\S+\//.exec(out);
        if (found) done(found[0]);
      });
      server.stderr.setEncoding('utf8').on('data', (d: string) => (err += d));
      server.on('close', (code) => fail(new Error(`serve ended (${code}): ${err}`)));
    });
    const page = await fetch(url);
    assert.equal(page.status, 200);
    assert.match(await page.text(), /<html/i);
  } finally {
    server.kill('SIGTERM');
  }

  // The library: the root, the lab subpath and package.json, from ESM.
  writeFileSync(
    join(app, 'use.mjs'),
    [
      "import { existsSync } from 'node:fs';",
      "import { parsePuzzle, solve, gradePuzzle, wasm9Variant } from 'sudokit';",
      "import { ENGINE_IDS, solve as solveWith } from 'sudokit/engines';",
      "import { parseVariant, solve as solveVariant } from 'sudokit/variant';",
      "import { X_WING } from 'sudokit/logic';",
      "import { transpose } from 'sudokit/generate';",
      "import { summarize } from 'sudokit/lab';",
      "import { createSolverWorker } from 'sudokit/worker';",
      "import { solve as solve9 } from 'sudokit/9x9';",
      "import pkg from 'sudokit/package.json' with { type: 'json' };",
      `const parsed = parsePuzzle('${P1}');`,
      'const result = solveWith(parsed.puzzle, { engine: "dancing-links", limit: 2 });',
      // each subpath of the installed package answers: a variant puzzle, a technique, a transform
      `const thermo = parseVariant('{"size":4,"grid":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],"thermometer":[{"lines":[["R1C1","R1C2","R1C3","R1C4"]]}]}');`,
      'const variantCount = solveVariant(thermo.puzzle, { limit: 1 }).count;',
      'const parts = [X_WING.name, transpose(parsed.puzzle.geometry, parsed.puzzle.givens).grid.length];',
      // the 9×9 wasm core ships, loads, and its files are exported for hosts that fetch them
      'const fast = solve(parsed.puzzle, { limit: 2 });',
      // the 9×9 door answers as the root does
      'const nine = solve9(parsed.puzzle, { limit: 2 }).line === fast.line;',
      "const wasmFiles = ['simd', 'scalar'].every((v) => existsSync(new URL(import.meta.resolve('sudokit/fast9-' + v + '.wasm'))));",
      // the worker subpath: a worker thread of the installed package answers
      'const worker = createSolverWorker();',
      'const off = await worker.solve(parsed.puzzle);',
      'worker.close();',
      'console.log(JSON.stringify({ count: result.count, engines: ENGINE_IDS.length, mean: summarize([1, 2, 3]).mean, version: pkg.version, level: gradePuzzle(parsed.puzzle).level, fast: fast.count, nine, wasm: wasm9Variant(), wasmFiles, worker: off.count, variantCount, parts }));',
    ].join('\n'),
  );
  const used = JSON.parse(sh(process.execPath, ['use.mjs'], app)) as {
    count: number;
    engines: number;
    mean: number;
    version: string;
    level: string;
    fast: number;
    nine: boolean;
    wasm: string;
    wasmFiles: boolean;
    worker: number;
    variantCount: number;
    parts: [string, number];
  };
  const ours = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
  assert.deepEqual(used, {
    count: 1,
    engines: 12,
    mean: 2,
    version: ours.version,
    level: 'hard',
    fast: 1,
    nine: true,
    wasm: 'simd',
    wasmFiles: true,
    worker: 1,
    variantCount: 1,
    parts: ['X-Wing', 81],
  });

  // The types: a program using the package type-checks, and a misspelt engine id does not.
  writeFileSync(
    join(app, 'tsconfig.json'),
    // exactOptionalPropertyTypes: an option left undefined (a result's optional field passed on) is as good as one left out.
    JSON.stringify({
      compilerOptions: { module: 'nodenext', moduleResolution: 'nodenext', target: 'es2022', strict: true, noEmit: true, types: [], exactOptionalPropertyTypes: true },
      include: ['*.ts'],
    }),
  );
  writeFileSync(
    join(app, 'use.ts'),
    [
      "import { explain, parsePuzzle, solve, type CoreEngineId } from 'sudokit';",
      "import { solve as solveWith, type EngineId } from 'sudokit/engines';",
      "import { type VariantPuzzle, solve as solveVariant } from 'sudokit/variant';",
      "import { summarize } from 'sudokit/lab';",
      "import { solve as solve9 } from 'sudokit/9x9';",
      "import { createSolverWorker, type Analysis } from 'sudokit/worker';",
      "const engine: CoreEngineId = 'exact-cover';",
      "const readable: EngineId = 'dual';",
      'export const solving: (p: Parameters<ReturnType<typeof createSolverWorker>["solve"]>[0]) => Promise<Analysis> = (p) => createSolverWorker().solve(p, { signal: AbortSignal.timeout(1000) });',
      "const parsed = parsePuzzle('x');",
      'if (parsed.ok) solve(parsed.puzzle, { engine });',
      'if (parsed.ok) solveWith(parsed.puzzle, { engine: readable });',
      'export const variantCount = (p: VariantPuzzle): number => solveVariant(p).count;',
      'if (parsed.ok) solve9(parsed.puzzle, { limit: 2, engine: "fast" });',
      '// @ts-expect-error: the 9×9 door has the fast engine alone',
      "if (parsed.ok) solve9(parsed.puzzle, { engine: 'exact-cover' });",
      "// @ts-expect-error: a readable engine is sudokit/engines' solve's, not the root's",
      'if (parsed.ok) solve(parsed.puzzle, { engine: readable });',
      'if (parsed.ok) explain(parsed.puzzle, { solution: solve(parsed.puzzle, { timeLimitMs: undefined }).solution });',
      '// @ts-expect-error: not an engine',
      "if (parsed.ok) solve(parsed.puzzle, { engine: 'fats' });",
      'export const mean: number = summarize([1]).mean;',
    ].join('\n'),
  );
  sh(join(ROOT, 'node_modules', '.bin', 'tsc'), ['-p', join(app, 'tsconfig.json')], app);

  // Resolution without `exports` (TypeScript's node10) finds each subpath's types through typesVersions.
  const manifest = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8')) as {
    exports: Record<string, string | { types?: string }>;
    typesVersions: Record<string, Record<string, string[]>>;
  };
  for (const [path, target] of Object.entries(manifest.exports)) {
    if (path === '.' || typeof target === 'string' || !target.types) continue;
    assert.deepEqual(manifest.typesVersions['*']?.[path.slice(2)], [target.types], `typesVersions maps ${path}`);
    assert.ok(existsSync(join(installed, target.types)), target.types);
  }

  // No source maps (tsc's output is readable JavaScript line for line; they were 42% of the
  // package) and no build leftovers: only what a user runs, reads or types against.
  const shipped = walk(installed);
  assert.deepEqual(
    shipped.filter((f) => f.endsWith('.map') || f.endsWith('.stamp')),
    [],
  );
  for (const file of ['LICENSE', 'CHANGELOG.md', 'README.md']) assert.ok(existsSync(join(installed, file)), file);
});
