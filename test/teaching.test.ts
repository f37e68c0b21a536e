/**
 * The two paths (teaching and SE) and the technique library against HoDoKu's regression library:
 * a sample of its cases (test/data/hodoku/reglib-sample.txt; the whole library is measured by
 * `npm run bench:techniques`). Each case's expected deduction comes from HoDoKu, and each step is
 * checked against the position's solution from the fast engine: neither is the step solver.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { boardOf, readRegLib, tryCase } from '../bench/reglib.js';
import { parsePuzzle } from '../src/format/parse.js';
import { geometry } from '../src/geometry.js';
import { gradePuzzle } from '../src/logic/grade.js';
import { explain, TEACHING_TECHNIQUES, TECHNIQUES } from '../src/logic/stepSolver.js';
import { ALS_CHAIN, DEATH_BLOSSOM } from '../src/logic/techniques/alsChains.js';
import type { Puzzle } from '../src/puzzle.js';
import { solve } from '../src/registry.js';
import { ROOT, runCli, VENDORED_DATASETS } from './helpers.js';

const SAMPLE = readRegLib(readFileSync(`${VENDORED_DATASETS}hodoku/reglib-sample.txt`, 'utf8'));
const NOT_FORCING = TEACHING_TECHNIQUES.filter((t) => !/Forcing Chain/.test(t.name));
const G9 = geometry(3, 3);

/** A puzzle whose first step differs by path (the vendored se-rated-sample, line 355): a Locked Pair on the teaching path, Pointing on SE's. */
const LOCKED = '9..6....7.6..7..3...7...2..6..5.8..2..4...8..2..3.1..9..1...5...4..5..1.8....9..4';

function puzzleOf(line: string): Puzzle {
  const r = parsePuzzle(line);
  assert.ok(r.ok);
  return r.puzzle;
}

test('reglib sample: every positive case is found whole by one step of the teaching path, and no step of any technique is unsound', () => {
  const positive = SAMPLE.cases.filter((c) => c.variant !== 'x');
  assert.ok(positive.length >= 120, `${positive.length} positive cases`);
  const missed: number[] = [];
  for (const c of positive) {
    const solved = solve({ geometry: G9, givens: c.values }, { limit: 2 });
    assert.equal(solved.count, 1, `line ${c.line}: the position has one solution`);
    const outcome = tryCase(c, NOT_FORCING, solved.solution);
    assert.deepEqual(outcome.unsound, [], `line ${c.line} (${c.code})`);
    if (!outcome.foundBy) missed.push(c.line);
  }
  assert.deepEqual(missed, [], 'sample lines not found');
});

test('reglib sample: the fail cases are untouched (no BUG+1 where HoDoKu says there is none)', () => {
  const fails = SAMPLE.cases.filter((c) => c.variant === 'x');
  assert.equal(fails.length, 4);
  for (const c of fails) {
    const own = c.code === '0610' ? ['BUG+1'] : [];
    assert.deepEqual(tryCase(c, NOT_FORCING, undefined, own).touched, [], `line ${c.line} (${c.code})`);
  }
});

test('reglib sample: SE path lacks the library-only patterns the teaching path names (Locked Pair, W-Wing, Finned Swordfish, ALS-XZ)', () => {
  const SE = TECHNIQUES.filter((t) => !/Forcing Chain/.test(t.name));
  for (const [code, name] of [
    ['0110', 'Locked Pair'],
    ['0803', 'W-Wing'],
    ['0311', 'Finned Swordfish'],
    ['0901', 'ALS-XZ'],
  ] as const) {
    const cases = SAMPLE.cases.filter((c) => c.code === code);
    assert.ok(cases.length > 0, code);
    for (const c of cases) {
      assert.ok(tryCase(c, NOT_FORCING, undefined).foundBy?.startsWith(name), `line ${c.line}: the teaching path names ${name}`);
      assert.ok(!SE.some((t) => t.name === name), `SE's list has no ${name}`);
    }
  }
});

test('reglib sample: Sue de Coq, Remote Pair and the Franken fish find their own cases alone, each step sound', () => {
  const own = (names: readonly string[]) => TEACHING_TECHNIQUES.filter((t) => names.includes(t.name));
  for (const [codes, techniques] of [
    [['1101'], own(['Sue de Coq'])],
    [['0703'], own(['Remote Pair'])],
    [['0331', '0332', '0340', '0341', '0342'], own(['Franken X-Wing', 'Franken Swordfish', 'Franken Jellyfish'])],
  ] as const) {
    assert.ok(techniques.length > 0);
    const cases = SAMPLE.cases.filter((c) => codes.some((code) => c.code.startsWith(code)));
    assert.ok(cases.length >= 2, codes.join());
    const missed: string[] = [];
    for (const c of cases) {
      const solved = solve({ geometry: G9, givens: c.values }, { limit: 2 });
      const outcome = tryCase(c, techniques, solved.solution);
      assert.deepEqual(outcome.unsound, [], `line ${c.line} (${c.code})`);
      if (!outcome.foundBy) missed.push(`line ${c.line} (${c.code})`);
    }
    assert.deepEqual(missed, [], `${techniques.map((t) => t.name).join(', ')}: sample cases not found alone`);
  }
});

test('explain follows the teaching path by default and says so; path se is the grade path; a bad path is refused', () => {
  const puzzle = puzzleOf(LOCKED);
  const teaching = explain(puzzle, { unique: true });
  assert.equal(teaching.path, 'teaching');
  assert.equal(teaching.steps.find((s) => s.rating >= 2.5)?.technique, 'Locked Pair');
  const se = explain(puzzle, { unique: true, path: 'se' });
  assert.equal(se.path, 'se');
  assert.ok(!se.steps.some((s) => s.technique === 'Locked Pair'));
  assert.equal(gradePuzzle(puzzle).rating, Math.max(...se.steps.map((s) => s.rating)), 'the grade is the SE path’s');
  assert.equal(explain(puzzle, { techniques: TECHNIQUES }).path, 'se', 'a list of techniques is rated as it is');
  assert.throws(() => explain(puzzle, { path: 'hodoku' as 'se' }), { code: 'options' });
});

test('hint and explain: --path teaching (default) and --path se from the command line', () => {
  const teaching = runCli(['hint', '--format', 'json', LOCKED]);
  assert.equal(teaching.status, 0, teaching.stderr);
  const seHint = runCli(['hint', '--path', 'se', '--format', 'json', LOCKED]);
  assert.equal(seHint.status, 0, seHint.stderr);
  // The first steps are singles on both paths; walk to the first one that differs.
  const path = (p: string) => JSON.parse(runCli(['explain', '--path', p, '--format', 'json', LOCKED]).stdout);
  const a = path('teaching');
  const b = path('se');
  assert.equal(a.path, 'teaching');
  assert.equal(b.path, 'se');
  assert.ok(a.steps.some((s: { technique: string }) => s.technique === 'Locked Pair'));
  assert.ok(!b.steps.some((s: { technique: string }) => s.technique === 'Locked Pair'));
  const text = runCli(['explain', LOCKED]).stdout;
  assert.match(text, /teaching path \(grade, or --path se, gives Sukaku Explainer's rating\)\n\n$/);
  assert.doesNotMatch(runCli(['explain', '--path', 'se', LOCKED]).stdout, /teaching path/);
  const bad = runCli(['hint', '--path', 'hodoku', LOCKED]);
  assert.equal(bad.status, 2);
  assert.match(bad.stderr, /--path "hodoku": expected teaching, se/);
  assert.equal(runCli(['grade', '--path', 'se', LOCKED]).status, 2, 'grade has one path, SE’s');
});

/** The cells of the sets a chain or blossom names (a Death Blossom's stem included), read off its text. */
const setCells = (text: string) => (text.split(' => ')[0]!.match(/r\d+c\d+/g) ?? []).length;

test('ALS chains and Death Blossom: find gives the first step with the fewest cells of all findAll lists (its search skips what cannot beat the best)', () => {
  // Every position of HoDoKu's whole library whose case is an ALS chain or a Death Blossom, and the
  // sample's: findAll searches without the bounds find uses.
  const whole = readRegLib(readFileSync(join(ROOT, 'bench', 'data', 'reglib-1.4.txt'), 'utf8')).cases.filter((c) => /^090[234]/.test(c.code));
  assert.ok(whole.length >= 40, `${whole.length} cases`);
  let found = 0;
  for (const c of [...whole, ...SAMPLE.cases]) {
    for (const t of [ALS_CHAIN, DEATH_BLOSSOM]) {
      const all = t.findAll!(boardOf(c), { unique: true }).filter((s): s is NonNullable<typeof s> => s !== undefined);
      let fewest: (typeof all)[number] | undefined;
      for (const s of all) if (!fewest || setCells(s.text) < setCells(fewest.text)) fewest = s;
      assert.deepEqual(t.find(boardOf(c), { unique: true }), fewest, `line ${c.line} (${c.code}), ${t.name}`);
      if (fewest) found++;
    }
  }
  assert.ok(found >= 60, `${found} positions with a step`);
});
