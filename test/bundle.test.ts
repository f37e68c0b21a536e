/**
 * The installed command line is the bundle that tools/bundle-cli.mjs writes to dist/src/bin/:
 * package.json's `bin` names it, the other tests run it (helpers' CLI), and answering one puzzle
 * loads its entry and the chunk of `solve`, not the twenty-odd modules of dist/src/cli and below,
 * which is what the bundle is for (start-up; `npm run bench` measures it). Its workers run the
 * bundle's own worker entry (the last test here), and the wasm core and the web page resolve from
 * there too (the package test runs `solve` and `serve` from an installed copy).
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { CLI, ROOT, runProgram } from './helpers.js';

const P1 = '4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......';
const S1 = '417369825632158947958724316825437169791586432346912758289643571573291684164875293';

test("package.json's bin is the bundled entry the tests run", () => {
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { bin: { sudokit: string } };
  assert.equal(join(ROOT, pkg.bin.sudokit), CLI);
  assert.equal(relative(ROOT, CLI), join('dist', 'src', 'bin', 'main.js'));
});

/** The files of this checkout a CLI run loaded, main thread and workers (Node's ESM loader names each one it translates under NODE_DEBUG=esm), and what it printed. */
function modulesLoaded(args: readonly string[]): { loaded: string[]; stdout: string } {
  const r = runProgram(process.execPath, [CLI, ...args], { env: { ...process.env, NODE_DEBUG: 'esm' } });
  assert.equal(r.status, 0, r.stderr.slice(-2000));
  const loaded = [...new Set([...r.stderr.matchAll(/Translating StandardModule (file:\S+)/g)].map((m) => relative(ROOT, fileURLToPath(m[1]!))))];
  assert.ok(loaded.length > 0, `no module named in NODE_DEBUG=esm's output, so this probe no longer works on Node ${process.version}:\n${r.stderr.slice(0, 1000)}`);
  return { loaded, stdout: r.stdout };
}

const unbundled = (files: readonly string[]) => files.filter((f) => !f.startsWith(join('dist', 'src', 'bin')));

test('solving one puzzle loads the bundle: its entry and the chunks of solve, none of the unbundled modules', () => {
  const { loaded, stdout } = modulesLoaded(['solve', P1]);
  assert.equal(stdout, `${S1}\n`);
  assert.deepEqual(unbundled(loaded), [], 'every module loaded is part of the bundle');
  assert.ok(loaded.length <= 3, `solve loads ${loaded.length} files of the bundle, at most 3 expected: ${loaded.join(', ')}`);
});

test("a command's pool workers run the bundle's worker entry", () => {
  // generate makes its puzzles on the pool, always.
  const { loaded, stdout } = modulesLoaded(['generate', '--count', '1', '--seed', '1']);
  assert.match(stdout, /^[1-9.]{81}\n$/);
  assert.ok(loaded.includes(join('dist', 'src', 'bin', 'worker.js')), loaded.join(', '));
  assert.deepEqual(unbundled(loaded), [], 'every module loaded is part of the bundle');
});
