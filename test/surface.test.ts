/**
 * The package's surface: the root export is the list an app builds on, frozen (a name added or
 * taken away fails here until the list, the README's API section and the CHANGELOG say so), and
 * the rest lives in subpaths. The root's `solve` carries the cores alone, so it refuses what only
 * the wider doors read: variant puzzles (`sudokit/variant`) and the readable engines by id
 * (`sudokit/engines`), each time saying where to go.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { test } from 'node:test';
import * as engines from '../src/engines/index.js';
import * as generate from '../src/generate/index.js';
import * as logic from '../src/logic/index.js';
import * as root from '../src/index.js';
import * as variant from '../src/variant/index.js';
import * as nine from '../src/core/solve9.js';
import { SudokitError } from '../src/errors.js';
import { geometry, jigsawGeometry } from '../src/geometry.js';
import { createPuzzle, isSolution, type Puzzle } from '../src/puzzle.js';
import { isVariantSolution } from '../src/variant/check.js';
import type { VariantPuzzle } from '../src/variant/puzzle.js';
import { esbuildBuild, webpackBuild } from './bundlers.js';
import { ROOT as REPO } from './helpers.js';

/** The root export as it is frozen for 1.0 (runtime names; types are checked by the compiler). */
const ROOT = [
  'Board',
  'DIGIT_ALPHABET',
  'GRID_COLORS',
  'GenerateError',
  'LEVELS',
  'MAX_LOGIC_SIZE',
  'MAX_SIZE',
  'MIN_SIZE',
  'OUTPUT_FORMATS',
  'PARSE_ERROR_CODES',
  'PUZZLE_ERROR_CODES',
  'PuzzleError',
  'PuzzleSplitter',
  'SOLVE_PATHS',
  'SUDOKIT_ERROR_CODES',
  'SYMMETRIES',
  'SudokitError',
  'TEACHING_TECHNIQUES',
  'TECHNIQUES',
  'UNIT_KINDS',
  'applyStep',
  'assertPuzzle',
  'boxShapesOf',
  'cellName',
  'checkPuzzle',
  'countGivens',
  'countSolutions',
  'createPuzzle',
  'describeConflict',
  'describeUnit',
  'explain',
  'findConflicts',
  'generatePuzzle',
  'generatePuzzles',
  'geometry',
  'geometryName',
  'gradePuzzle',
  'hasConflicts',
  'installWasm9',
  'isGeometry',
  'isSolution',
  'levelOf',
  'makeGrid',
  'makeJson',
  'makeLine',
  'makePretty',
  'nextStep',
  'parseBoxShape',
  'parsePuzzle',
  'renderGridSvg',
  'solve',
  'splitPuzzles',
  'squareGeometry',
  'wasm9Variant',
];

const P1 = '4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......';
/** A 4×4 thermometer puzzle in ISS text. */
const ISS_THERMO4 = '.Shape~4x4.Thermo~R1C1~R1C2~R1C3~R1C4.Thermo~R2C1~R2C2';
/** An app that reads a variant with sudokit/variant and explains it with the root's explain. */
const VARIANT_EXPLAIN_APP = `import { parseVariant } from 'sudokit/variant';\nimport { explain } from 'sudokit';\nconst p = parseVariant('${ISS_THERMO4}');\nif (!p.ok) throw new Error(p.error.message);\nconst e = explain(p.puzzle);\nconsole.log(e.solved, e.steps[0].technique);`;
const g9 = geometry(3, 3);
const puzzle1 = createPuzzle(
  g9,
  [...P1].map((c) => (c === '.' ? 0 : Number(c))),
);

/** A 4×4 with two thermometers: a variant puzzle written by hand, judged by the kinds' own checks. */
function thermo4(): VariantPuzzle {
  const g = geometry(2, 2);
  return {
    geometry: g,
    givens: new Uint8Array(16),
    constraints: [
      { kind: 'thermo', cells: [0, 1, 2, 3] },
      { kind: 'thermo', cells: [4, 5] },
    ],
  } as unknown as VariantPuzzle;
}

test('the root export is the frozen list, and no name but solve is exported from two entries', () => {
  assert.deepEqual(Object.keys(root).sort(), [...ROOT].sort());
  const entries = { root, 'sudokit/9x9': nine, 'sudokit/variant': variant, 'sudokit/engines': engines, 'sudokit/logic': logic, 'sudokit/generate': generate };
  const seen = new Map<string, string>();
  for (const [entry, names] of Object.entries(entries)) {
    for (const name of Object.keys(names)) {
      // the subpaths' solves are wider (or, for sudokit/9x9, narrower) doors of the root's, by design
      if (name === 'solve') continue;
      assert.ok(!seen.has(name), `${name} is exported by ${seen.get(name)} and by ${entry}`);
      seen.set(name, entry);
    }
  }
});

test("every subpath the package exports has its entry built, with types, and the README's API section names it", () => {
  const pkg = JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as { exports: Record<string, unknown>; typesVersions: Record<string, Record<string, string[]>> };
  const readme = readFileSync(join(REPO, 'README.md'), 'utf8');
  const subpaths = Object.keys(pkg.exports).filter((k) => k !== '.' && !k.endsWith('.wasm') && k !== './package.json');
  assert.deepEqual(subpaths.sort(), ['./9x9', './engines', './generate', './lab', './logic', './variant', './wasm', './worker']);
  // Each subpath's entry: its room's index, but for the two single files of the cores' room:
  // sudokit/wasm, the loader beside the wasm files it fetches, and sudokit/9x9, the 9×9 door.
  const single: Record<string, string> = { './wasm': './dist/src/core/loadWasm9', './9x9': './dist/src/core/solve9' };
  const entryOf = (sub: string) => single[sub] ?? `./dist/src/${sub.slice(2)}/index`;
  for (const sub of subpaths) {
    assert.deepEqual(pkg.typesVersions['*']![sub.slice(2)], [`${entryOf(sub)}.d.ts`], sub);
    assert.deepEqual(pkg.exports[sub], { types: `${entryOf(sub)}.d.ts`, default: `${entryOf(sub)}.js` }, sub);
    assert.ok(existsSync(join(REPO, `${entryOf(sub)}.js`)), `${entryOf(sub)}.js is built`);
    assert.ok(readme.includes(`\`sudokit/${sub.slice(2)}\``), `the README names sudokit/${sub.slice(2)}`);
  }
});

test("the root's solve takes classic puzzles of every size and sends a variant puzzle to sudokit/variant, naming it", () => {
  const r = root.solve(puzzle1, { limit: 2 });
  assert.equal(r.count, 1);
  assert.ok(isSolution(puzzle1, r.solution!));
  const thermo = thermo4();
  assert.throws(
    () => root.solve(thermo),
    (e: unknown) => e instanceof SudokitError && e.code === 'unsupported' && /2 constraints/.test(e.message) && /'sudokit\/variant'/.test(e.message),
  );
  // sudokit/variant's solve reads the rules; the answer is judged by the kinds' own checks
  const v = variant.solve(thermo, { limit: 1 });
  assert.equal(v.count, 1);
  assert.ok(isVariantSolution(thermo, v.solution!));
  // The root's isSolution judges the rules too: a Sudoku grid whose first row falls along the
  // thermometer is no solution of the thermo puzzle (it said true).
  const broken = Uint8Array.from('2143432114323214', Number);
  assert.ok(root.isSolution({ geometry: thermo.geometry, givens: thermo.givens }, broken));
  assert.equal(root.isSolution(thermo, broken), false);
  assert.ok(root.isSolution(thermo, v.solution!));
  // Without sudokit/variant loaded, the root refuses to judge a variant, as its solve does.
  const alone = spawnSync(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `import { geometry, isSolution } from ${JSON.stringify(new URL('../src/index.js', import.meta.url).href)};
       try { isSolution({ geometry: geometry(2, 2), givens: new Uint8Array(16), constraints: [{ kind: 'thermo', cells: [0, 1, 2, 3] }] }, Uint8Array.from('2143432114323214', Number)); console.log('judged'); }
       catch (e) { console.log(e.code); }`,
    ],
    { encoding: 'utf8' },
  );
  assert.equal(alone.stdout.trim(), 'unsupported', alone.stderr);
  // jigsaw regions are a variant too
  const regions = [0, 0, 1, 1, 0, 2, 2, 1, 0, 2, 3, 1, 2, 3, 3, 3];
  const jig: Puzzle = { geometry: jigsawGeometry(4, regions), givens: new Uint8Array(16) };
  assert.throws(
    () => root.solve(jig),
    (e: unknown) => e instanceof SudokitError && e.code === 'unsupported' && /jigsaw regions/.test(e.message),
  );
  const j = variant.solve(jig);
  assert.equal(j.count, 1);
  assert.ok(isSolution(jig, j.solution!));
  // constraints that are not a list are refused, never solved as if absent
  const bad = { geometry: g9, givens: puzzle1.givens, constraints: 'thermo' } as unknown as Puzzle;
  assert.throws(
    () => root.solve(bad),
    (e: unknown) => e instanceof SudokitError && e.code === 'invalid' && /"constraints" must be an array/.test(e.message),
  );
});

test("the root's solve takes the cores by id and any engine as an object; a readable engine's id points to sudokit/engines", () => {
  assert.equal(root.solve(puzzle1, { engine: 'exact-cover', limit: 2 }).count, 1);
  const dual = root.solve(puzzle1, { engine: engines.dualEngine, limit: 2 });
  assert.equal(dual.count, 1);
  assert.ok(isSolution(puzzle1, dual.solution!));
  assert.throws(
    () => root.solve(puzzle1, { engine: 'dual' as 'fast' }),
    (e: unknown) => e instanceof SudokitError && e.code === 'engine' && /'sudokit\/engines'/.test(e.message),
  );
  assert.throws(
    () => root.solve(puzzle1, { engine: 'fats' as 'fast' }),
    (e: unknown) => e instanceof SudokitError && e.code === 'engine' && !/sudokit\/engines/.test(e.message),
  );
  assert.throws(
    () => root.solve(puzzle1, { engine: {} as never }),
    (e: unknown) => e instanceof SudokitError && e.code === 'engine' && /Invalid engine/.test(e.message),
  );
  // sudokit/engines' solve takes every id, and variant puzzles
  assert.equal(engines.solve(puzzle1, { engine: 'dual', limit: 2 }).count, 1);
  assert.equal(engines.solve(thermo4()).count, 1);
});

test("sudokit/9x9's solve answers 9×9 puzzles as the root's does, and refuses other sizes, variants and other engines, naming where to go", () => {
  const r = nine.solve(puzzle1, { limit: 2 });
  assert.equal(r.count, 1);
  assert.ok(isSolution(puzzle1, r.solution!));
  assert.equal(r.line, root.solve(puzzle1).line);
  // text, a time limit, onSolution: the root's options
  const seen: string[] = [];
  assert.equal(nine.solve(P1, { limit: 3, timeLimitMs: 60_000, onSolution: (s) => void seen.push(s.join('')) }).count, 1);
  assert.equal(seen.length, 1);
  // a puzzle with many solutions (a given taken away from a unique one) counts to the limit, as the root's
  const two = createPuzzle(
    g9,
    [...'..3.2....9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..'].map((c) => (c === '.' ? 0 : Number(c))),
  );
  assert.equal(nine.solve(two, { limit: 5 }).count, 5);
  assert.equal(root.solve(two, { limit: 5 }).count, 5);
  for (const g of [geometry(2, 2), geometry(2, 3), geometry(4, 4)]) {
    const empty: Puzzle = { geometry: g, givens: new Uint8Array(g.cellCount) };
    assert.equal(root.solve(empty).count, 1);
    assert.throws(
      () => nine.solve(empty),
      (e: unknown) => e instanceof SudokitError && e.code === 'unsupported' && e.message.includes(`a ${g.size}x${g.size}`) && /solve from 'sudokit' takes every size/.test(e.message),
    );
  }
  assert.throws(
    () => nine.solve(thermo4()),
    (e: unknown) => e instanceof SudokitError && e.code === 'unsupported' && /'sudokit\/variant'/.test(e.message),
  );
  assert.throws(
    () => nine.solve(puzzle1, { engine: 'exact-cover' as 'fast' }),
    (e: unknown) => e instanceof SudokitError && e.code === 'engine' && /expected one of fast/.test(e.message),
  );
  assert.throws(
    () => nine.solve('not a puzzle'),
    (e: unknown) => e instanceof SudokitError && e.code === 'character' && /^solve: /.test(e.message),
  );
});

/** Build an app with Vite from the package's built entries; the modules it carries and the files it emits. */
async function buildApp(source: string): Promise<{ modules: string[]; files: string[]; code: string }> {
  const { build } = await import('vite');
  const dir = mkdtempSync(join(tmpdir(), 'sudokit-app-'));
  try {
    writeFileSync(join(dir, 'main.js'), source);
    const result = (await build({
      root: dir,
      logLevel: 'error',
      configFile: false,
      resolve: {
        alias: [
          { find: /^sudokit$/, replacement: join(REPO, 'dist/src/index.js') },
          { find: /^sudokit\/9x9$/, replacement: join(REPO, 'dist/src/core/solve9.js') },
          { find: /^sudokit\/(\w+)$/, replacement: join(REPO, 'dist/src/$1/index.js') },
        ],
      },
      build: { outDir: join(dir, 'out'), write: false, minify: false, rollupOptions: { input: join(dir, 'main.js') } },
    })) as
      | { output: readonly { type: string; fileName: string; moduleIds?: readonly string[]; code?: string }[] }
      | readonly { output: readonly { type: string; fileName: string; moduleIds?: readonly string[]; code?: string }[] }[];
    const outputs = (Array.isArray(result) ? result : [result]).flatMap((r) => r.output);
    const modules = outputs.flatMap((o) => o.moduleIds ?? []).map((id) => relative(join(REPO, 'dist', 'src'), id));
    const code = outputs.map((o) => (o as { code?: string }).code ?? '').join('\n');
    return { modules, files: outputs.map((o) => o.fileName), code };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test('an app that only parses and solves carries the cores, not the step solver, the readable engines or the variant solver, and no WebAssembly file', { timeout: 120_000 }, async () => {
  const app = await buildApp(`import { parsePuzzle, solve, makeLine } from 'sudokit';\nconst p = parsePuzzle('${P1}');\nif (p.ok) console.log(makeLine(p.puzzle.geometry, solve(p.puzzle).solution));`);
  assert.ok(app.modules.includes(join('core', 'fast9.js')) && app.modules.includes(join('core', 'solve.js')), app.modules.join(', '));
  const heavy = app.modules.filter((m) => m.startsWith(`logic${sep}`) || m.startsWith(`engines${sep}`) || m.startsWith(join('variant', 'solver')) || m === 'registry.js');
  assert.deepEqual(heavy, []);
  assert.deepEqual(
    app.files.filter((f) => f.endsWith('.wasm')),
    [],
  );
  // the variant entry's solve brings the variant solver, still without the readable engines
  const variantApp = await buildApp(`import { parseVariant, solve } from 'sudokit/variant';\nconst p = parseVariant('${P1}');\nif (p.ok) console.log(solve(p.puzzle).count);`);
  assert.ok(variantApp.modules.includes(join('variant', 'solver', 'index.js')), variantApp.modules.join(', '));
  assert.deepEqual(
    variantApp.modules.filter((m) => m.startsWith(`engines${sep}`) || m === 'registry.js'),
    [],
  );
  assert.deepEqual(
    variantApp.files.filter((f) => f.endsWith('.wasm')),
    [],
  );
});

test('a 9×9 app that parses with the root and solves with sudokit/9x9 carries the bit-parallel core alone (neither the exact-cover core nor clause learning) and the WebAssembly files', {
  timeout: 120_000,
}, async () => {
  const app = await buildApp(
    `import { parsePuzzle, makeLine } from 'sudokit';\nimport { solve } from 'sudokit/9x9';\nconst p = parsePuzzle('${P1}');\nif (p.ok) console.log(makeLine(p.puzzle, solve(p.puzzle).solution));`,
  );
  assert.ok(app.modules.includes(join('core', 'fast9.js')) && app.modules.includes(join('core', 'solve9.js')), app.modules.join(', '));
  const wider = app.modules.filter((m) => m.startsWith(join('core', 'general')) || m.startsWith(join('core', 'cdcl')) || m.startsWith(`logic${sep}`) || m.startsWith(`engines${sep}`));
  assert.deepEqual(wider, []);
  // it loads the WebAssembly core by itself, so the bundler emits the two files beside it
  assert.deepEqual(app.files.filter((f) => f.endsWith('.wasm')).length, 2, app.files.join(', '));
});

test('a classic app that solves, generates, grades and hints carries no variant code: the variant entry fills the slot when an app reads a variant', { timeout: 180_000 }, async () => {
  const full = await buildApp(
    `import { parsePuzzle, solve, generatePuzzle, gradePuzzle, nextStep, Board, renderGridSvg } from 'sudokit';\nconst p = parsePuzzle('${P1}');\nif (p.ok) console.log(solve(p.puzzle).count, gradePuzzle(p.puzzle).rating, nextStep(Board.fromPuzzle(p.puzzle)), renderGridSvg(p.puzzle), generatePuzzle({ seed: 1 }).line);`,
  );
  assert.ok(full.modules.includes(join('logic', 'stepSolver.js')), full.modules.join(', '));
  const variantCode = full.modules.filter(
    (m) =>
      m.startsWith(join('variant', 'solver')) ||
      m.startsWith(`constraints${sep}`) ||
      m.startsWith(join('logic', 'techniques', 'variant', 'rules')) ||
      m === join('format', 'variant.js') ||
      m.includes('lz-string') ||
      m === join('variant', 'install.js'),
  );
  assert.deepEqual(variantCode, []);
  // An app that reads a variant with sudokit/variant and explains it with the root's explain: the
  // bundler keeps the slot's filling (package.json lists it with side effects), and the steps come.
  const app = await buildApp(VARIANT_EXPLAIN_APP);
  assert.ok(app.modules.includes(join('variant', 'install.js')), app.modules.join(', '));
  const dir = mkdtempSync(join(tmpdir(), 'sudokit-run-'));
  try {
    writeFileSync(join(dir, 'app.mjs'), app.code);
    const run = spawnSync(process.execPath, [join(dir, 'app.mjs')], { encoding: 'utf8' });
    assert.equal(run.status, 0, run.stderr);
    // what the same calls give in this process, where the test imports sudokit/variant itself
    const read = variant.parseVariant(ISS_THERMO4);
    assert.ok(read.ok);
    const here = root.explain(read.puzzle);
    assert.ok(here.steps.length > 0);
    assert.equal(run.stdout, `${here.solved} ${here.steps[0]!.technique}\n`);
    // webpack and esbuild keep the slot's filling too: the same app, built by each, run in Node
    writeFileSync(join(dir, 'main.js'), VARIANT_EXPLAIN_APP);
    for (const [bundler, bundle] of [
      ['webpack', webpackBuild],
      ['esbuild', esbuildBuild],
    ] as const) {
      const out = join(dir, `out-${bundler}`);
      await bundle(dir, out);
      const built = spawnSync(process.execPath, [join(out, 'main.js')], { encoding: 'utf8' });
      assert.equal(built.status, 0, `${bundler}: ${built.stderr}`);
      assert.equal(built.stdout, `${here.solved} ${here.steps[0]!.technique}\n`, bundler);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("without sudokit/variant loaded, the root's step solver, grades and generation refuse a variant puzzle and name the entry", () => {
  // a fresh process that imports the package root alone
  const script = `
import { Board, createPuzzle, explain, gradePuzzle, geometry, SudokitError } from ${JSON.stringify(join(REPO, 'dist/src/index.js'))};
const puzzle = { ...createPuzzle(geometry(2, 2), new Uint8Array(16)), constraints: [{ kind: 'thermo', cells: [0, 1, 2, 3] }] };
for (const call of [() => Board.fromPuzzle(puzzle), () => explain(puzzle), () => gradePuzzle(puzzle)]) {
  try { call(); console.log('answered'); } catch (e) { console.log(e instanceof SudokitError ? e.code + ' ' + e.message : String(e)); }
}
const classic = explain(createPuzzle(geometry(2, 2), new Uint8Array([1,2,3,4, 3,4,1,2, 2,1,4,3, 4,3,2,0])));
console.log('classic', classic.solved);`;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
  assert.equal(run.status, 0, run.stderr);
  const lines = run.stdout.trim().split('\n');
  assert.equal(lines.length, 4, run.stdout);
  for (const line of lines.slice(0, 3)) assert.match(line, /^unsupported .*This puzzle has 1 constraint: import 'sudokit\/variant'/);
  assert.equal(lines[3], 'classic true');
});

test('the generating functions take one options object: a run index and a count are options, and a second argument is refused', () => {
  const third = root.generatePuzzle({ seed: 4, index: 2 });
  assert.deepEqual(
    [...root.generatePuzzles({ seed: 4, count: 2, index: 1 })].map((p) => p.index),
    [1, 2],
  );
  assert.deepEqual([...root.generatePuzzles({ seed: 4, count: 3 })][2]!.puzzle.givens, third.puzzle.givens);
  assert.deepEqual([...root.generatePuzzles({ seed: 4, count: 0 })], []);
  const call = root.generatePuzzle as unknown as (options: object, index: number) => unknown;
  assert.throws(
    () => call({ seed: 4 }, 2),
    (e: unknown) => e instanceof SudokitError && e.code === 'options' && /one options object/.test(e.message),
  );
  assert.throws(
    () => root.generatePuzzle({ index: -1 }),
    (e: unknown) => e instanceof SudokitError && e.code === 'options' && /index must be a whole number of at least 0, got -1/.test(e.message),
  );
  assert.throws(
    () => [...root.generatePuzzles({ count: 1.5 })],
    (e: unknown) => e instanceof SudokitError && e.code === 'options' && /count must be a whole number/.test(e.message),
  );
  assert.throws(
    () => generate.randomFillPuzzle({ index: 'x' } as never),
    (e: unknown) => e instanceof SudokitError && e.code === 'options' && /index must be/.test(e.message),
  );
});

test('the puzzle comes first: the (board, grid) functions take a puzzle, its givens the grid unless one is passed; isSolution the other way round is refused', () => {
  const { solution } = root.solve(puzzle1);
  assert.equal(root.makeLine(puzzle1), P1);
  assert.equal(root.makeLine(puzzle1, solution), root.makeLine(g9, solution!));
  assert.equal(root.makePretty(puzzle1), root.makePretty(g9, puzzle1.givens));
  assert.equal(root.makeJson(puzzle1, solution), root.makeJson(g9, solution!));
  assert.equal(root.makeGrid(puzzle1, puzzle1.givens, 'line'), P1);
  // a grid passed but undefined (a search with no solution) is refused, not taken for the givens
  assert.throws(
    () => root.makeLine(puzzle1, undefined),
    (e: unknown) => e instanceof SudokitError && e.code === 'options' && /the grid passed is undefined/.test(e.message),
  );
  assert.equal(root.renderGridSvg(puzzle1, solution), root.renderGridSvg(g9, solution!));
  const clash = createPuzzle(g9, [5, 5, ...new Array(79).fill(0)]);
  assert.deepEqual(
    root.findConflicts(clash).map((c) => c.kind),
    ['row', 'box'],
  );
  assert.ok(root.hasConflicts(clash) && !root.hasConflicts(puzzle1, solution));
  assert.ok(root.isSolution(puzzle1, solution!));
  const swapped = root.isSolution as unknown as (grid: Uint8Array, puzzle: Puzzle) => boolean;
  assert.throws(
    () => swapped(solution!, puzzle1),
    (e: unknown) => e instanceof SudokitError && e.code === 'options' && /the puzzle comes first/.test(e.message),
  );
  assert.throws(
    () => root.makeLine(g9 as never),
    (e: unknown) => e instanceof SudokitError && e.code === 'options' && /a geometry needs a grid/.test(e.message),
  );
});

test('solve, explain and gradePuzzle take the puzzle as text too; text that is no puzzle is refused with the parser code, named after the call', () => {
  const fromText = root.solve(P1, { limit: 2 });
  assert.equal(fromText.count, 1);
  assert.ok(isSolution(puzzle1, fromText.solution!));
  assert.equal(root.explain(P1).steps.length, root.explain(puzzle1).steps.length);
  assert.equal(root.gradePuzzle(P1).rating, root.gradePuzzle(puzzle1).rating);
  assert.throws(
    () => root.solve(P1.slice(1)),
    (e: unknown) => e instanceof root.PuzzleError && e.code === 'length' && /^solve: /.test(e.message),
  );
  assert.throws(
    () => root.gradePuzzle('12x'),
    (e: unknown) => e instanceof root.PuzzleError && /^gradePuzzle: /.test(e.message),
  );
  // sudokit/variant's and sudokit/engines' solve read a variant's text as well as a classic one
  const thermoJson = '{"size":4,"grid":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],"thermometer":[{"lines":[["R1C1","R1C2","R1C3","R1C4"]]}]}';
  const v = variant.solve(thermoJson);
  assert.equal(v.count, 1);
  assert.deepEqual([...v.solution!.slice(0, 4)], [1, 2, 3, 4]);
  assert.equal(engines.solve(thermoJson).count, 1);
  assert.equal(variant.solve(P1, { limit: 2 }).count, 1);
  assert.throws(
    () => root.solve(thermoJson),
    (e: unknown) => e instanceof SudokitError,
  );
  assert.throws(
    () => variant.solve('{"size":4,"grid":[]}'),
    (e: unknown) => e instanceof SudokitError && e.code === 'invalid' && /^solve: /.test(e.message),
  );
});

test('results serialise to JSON as they are: solutions beside their digit lines, geometries as the arguments that make them', () => {
  const r = root.solve(puzzle1);
  assert.equal(r.line, root.makeLine(puzzle1, r.solution));
  assert.equal(root.solve('12....3...4.....').line, undefined, 'no solution, no line');
  const made = root.generatePuzzle({ seed: 3 });
  assert.equal(made.line, root.makeLine(made.puzzle));
  assert.equal(made.solutionLine, root.makeLine(made.puzzle, made.solution));
  const json = JSON.parse(JSON.stringify(made)) as { puzzle: { geometry: unknown }; line: string };
  assert.deepEqual(json.puzzle.geometry, { boxRows: 3, boxCols: 3 });
  assert.equal(json.line, made.line);
  assert.deepEqual(JSON.parse(JSON.stringify(geometry(2, 3))), { boxRows: 2, boxCols: 3 });
  const regions = [0, 0, 1, 1, 0, 2, 2, 1, 0, 2, 3, 1, 2, 3, 3, 3];
  assert.deepEqual(JSON.parse(JSON.stringify(jigsawGeometry(4, regions))), { size: 4, regions });
  // the variant door's answer too
  assert.equal(variant.solve(thermo4()).line?.slice(0, 4), '1234');
});

test('explain and gradePuzzle take an AbortSignal: an abort before or during the search throws its reason, as the worker does', () => {
  const before = new AbortController();
  before.abort(new Error('stopped before'));
  assert.throws(() => root.explain(puzzle1, { signal: before.signal }), /stopped before/);
  assert.throws(() => root.gradePuzzle(puzzle1, { signal: before.signal }), /stopped before/);
  // An abort from code the search calls back: a technique of the caller's that aborts on its tenth call.
  const during = new AbortController();
  let calls = 0;
  const aborting = { name: 'Aborting', rating: 1, find: () => (++calls === 10 ? void during.abort(new Error('stopped during')) : undefined) } as unknown as (typeof root.TECHNIQUES)[number];
  assert.throws(() => root.explain(puzzle1, { signal: during.signal, techniques: [aborting, ...root.TECHNIQUES] }), /stopped during/);
  assert.ok(calls >= 10 && calls < 100, `the search went on for ${calls} calls after the abort`);
  // without a signal the same path runs to its end
  assert.equal(root.explain(puzzle1, { techniques: [aborting, ...root.TECHNIQUES] }).solved, true);
  assert.throws(
    () => root.gradePuzzle(puzzle1, { signal: 'stop' as never }),
    (e: unknown) => e instanceof SudokitError && e.code === 'options' && /Invalid signal/.test(e.message),
  );
});

test('an explanation and a grade serialise to JSON as they are: the board as its values and candidates, the steps as they are', () => {
  const grade = root.gradePuzzle(puzzle1);
  const json = JSON.parse(JSON.stringify(grade)) as { rating: number; explanation: { board: { values: string; candidates: string[] }; steps: { technique: string; text: string }[] } };
  assert.equal(json.rating, grade.rating);
  assert.equal(json.explanation.board.values, root.solve(puzzle1).line);
  assert.deepEqual(
    json.explanation.steps.map((s) => s.text),
    grade.explanation.steps.map((s) => s.text),
  );
  const start = JSON.parse(JSON.stringify(root.Board.fromPuzzle(puzzle1))) as { values: string; candidates: string[] };
  assert.equal(start.values, P1);
  assert.equal(start.candidates[0], '', 'a given has no candidates');
  const board = root.Board.fromPuzzle(puzzle1);
  const digits = [...start.candidates[1]!].map(Number);
  assert.deepEqual(
    digits,
    [1, 2, 3, 4, 5, 6, 7, 8, 9].filter((d) => board.has(1, d)),
  );
  // a variant board too, whose geometry carries the rules' houses
  const v = JSON.parse(JSON.stringify(root.explain(thermo4()))) as { board: { values: string } };
  assert.equal(v.board.values.slice(0, 4), '1234');
});
