/**
 * The layout docs/ARCHITECTURE.md describes, checked from the sources: the files at the root of
 * src/, no file shadowing a folder, which rooms may import which, and every folder of src/ named
 * in the map. A change that moves rooms without updating the map (or breaks a dependency rule)
 * fails here.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve, dirname } from 'node:path';
import { test } from 'node:test';
import { ROOT } from './helpers.js';

const SRC = join(ROOT, 'src');
const MAP = readFileSync(join(ROOT, 'docs', 'ARCHITECTURE.md'), 'utf8');

/** Every .ts file under `dir`, as paths relative to src/ (the AssemblyScript sources left out). */
function sources(dir = SRC): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      if (relative(SRC, path) !== join('core', 'wasm')) out.push(...sources(path));
    } else if (name.endsWith('.ts')) out.push(relative(SRC, path));
  }
  return out;
}

/** The files of src/ that `file` imports (relative imports only), as paths relative to src/. */
function importsOf(file: string): string[] {
  const text = readFileSync(join(SRC, file), 'utf8');
  const specs = [...text.matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)\.js'/g)].map((m) => m[1]!);
  return specs.map((s) => relative(SRC, resolve(dirname(join(SRC, file)), `${s}.ts`)));
}

const FILES = sources();
const roomOf = (file: string) => (file.includes('/') ? file.slice(0, file.indexOf('/')) : '');

test('the root of src/ holds the public index and the shared concepts the map lists, nothing else', () => {
  const root = FILES.filter((f) => !f.includes('/')).sort();
  assert.deepEqual(root, ['deadline.ts', 'engine.ts', 'errors.ts', 'geometry.ts', 'index.ts', 'puzzle.ts', 'random.ts', 'registry.ts']);
  for (const f of root) assert.ok(MAP.includes(`\`${f}\``), `docs/ARCHITECTURE.md names src/${f}`);
});

test('no file name shadows a folder beside it, and the map names every folder of src/', () => {
  const folders = new Set(FILES.filter((f) => f.includes('/')).map((f) => dirname(f)));
  for (const f of FILES) {
    const base = f.replace(/\.ts$/, '');
    assert.ok(!folders.has(base), `${f} shadows the folder ${base}/`);
  }
  for (const folder of folders) {
    const last = folder.slice(folder.lastIndexOf('/') + 1);
    assert.ok(MAP.includes(`\`${folder}/\``) || MAP.includes(`\`${last}/\``), `docs/ARCHITECTURE.md names ${folder}/`);
  }
});

/** The cores' faces to the rest: their engines, the root's solve and sudokit/9x9's, which speak the engine shape and check puzzles. */
const CORE_FACES = [join('core', 'engines.ts'), join('core', 'solve.ts'), join('core', 'solve9.ts')];
/** `sudokit/engines`, the package entry that lists the registry beside the cores. */
const ENGINES_ENTRY = join('engines', 'index.ts');

test('dependencies point one way: the cores import only geometry, random and the deadline, the readable engines never the cores, only the registry both', () => {
  const broken: string[] = [];
  for (const file of FILES) {
    const room = roomOf(file);
    for (const target of importsOf(file)) {
      const to = roomOf(target);
      if (room === 'core' && to !== 'core' && !CORE_FACES.includes(file) && !['geometry.ts', 'random.ts', 'deadline.ts'].includes(target))
        broken.push(`${file} → ${target} (the cores import only geometry, random and the deadline)`);
      if (room === 'engines' && to === 'core' && file !== ENGINES_ENTRY) broken.push(`${file} → ${target} (readable engines never import the cores)`);
      if (to === 'engines' && room !== 'engines' && file !== 'registry.ts' && target !== ENGINES_ENTRY) broken.push(`${file} → ${target} (only the registry imports the readable engines)`);
      if (to === 'cli' && room !== 'cli') broken.push(`${file} → ${target} (nothing outside cli/ imports it)`);
      if (to === 'lab' && room !== 'lab' && file !== join('cli', 'bench.ts')) broken.push(`${file} → ${target} (the lab is imported only by cli/bench.ts)`);
      if (['logic', 'format', 'generate', 'render'].includes(room) && ['batch', 'pool', 'lab', 'cli'].includes(to))
        broken.push(`${file} → ${target} (${room}/ does not depend on the batch machinery)`);
      if (room === 'constraints' && target.startsWith(join('variant', 'solver')))
        broken.push(`${file} → ${target} (a constraint kind tells the solver what it means through variant/model.ts, never imports it)`);
      // ... and the variant slot (variant/support.ts, which imports only errors and types): isSolution judges a variant's rules through it.
      if (['geometry.ts', 'puzzle.ts', 'random.ts', 'errors.ts', 'deadline.ts'].includes(file) && to !== '' && target !== join('variant', 'support.ts'))
        broken.push(`${file} → ${target} (the shared concepts import only each other and the variant slot)`);
    }
  }
  assert.deepEqual(broken, []);
});

test("the root export leaves the command line's batch machinery out: an app has solve and sudokit/worker", async () => {
  const root = await import('../src/index.js');
  for (const name of ['answerBatch', 'streamSolutions', 'puzzleSeed', 'STATUSES', 'statusOf']) assert.ok(!(name in root), `the root exports ${name}`);
  assert.ok('solve' in root && 'parsePuzzle' in root);
});
