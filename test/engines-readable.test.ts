/**
 * The readable engines of the articles: they agree with the fast core on solution counts, their
 * orderings are valid and reproducible, they enumerate every solution, and the CLI's --all,
 * --all --count, orderings and refusals behave as documented.
 */
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { test } from 'node:test';
import { answerBatch } from '../src/batch/solve.js';
import { EngineRefusal, type SolveResult, VAL_ORDERS, VAR_ORDERS } from '../src/engine.js';
import { makeLine } from '../src/format/make.js';
import { parsePuzzle } from '../src/format/parse.js';
import { geometry, type Geometry } from '../src/geometry.js';
import { createPuzzle, isSolution, type Puzzle } from '../src/puzzle.js';
import { ENGINES, fastEngine, getEngine } from '../src/registry.js';
import { POOL_REPORT_ENV, poolAnswers, readDataset, randomPuzzle, runCli, seededRandom, VENDORED_DATASETS } from './helpers.js';

const READABLE = ENGINES.filter((e) => e.id !== 'fast' && e.id !== 'exact-cover');
const ORDERED = ['search', 'forward-checking', 'arc-consistency', 'dual', 'naked-pairs', 'logic-then-search'].map((id) => getEngine(id)!);
/** Engines without propagation: on hard 9x9 puzzles, or with a bad order, they may need minutes. */
const UNPROPAGATED = new Set(['backtracking', 'search', 'forward-checking']);
/**
 * The dataset files whose samples backtracking (no propagation at all) settles: up to 1.7 million
 * nodes, under half a second here, on the samples of the vendored files and of ../shared's. On a
 * sample of each other file it needed 2.4 s (article-examples), 3.5 s (magictour-top1465) or
 * more than 4 s (17-clue, norvig-top95, subig20).
 */
const BACKTRACKING_FILES = new Set(['forum-hardest-11plus.txt', 'norvig-easy50.txt', 'norvig-hardest.txt', 'se-rated-diabolical.txt', 'se-rated-sample.txt', 'top2365.txt']);
/**
 * A time limit for the searches without propagation that no search given to them here comes near
 * (the longest, search on a sample of subig20, takes 270,000 nodes, under half a second: twenty
 * times that leaves room for a loaded machine), so that a search gone wrong fails the test instead
 * of holding it for minutes (forward-checking taking the first empty cell rather than the one
 * with fewest candidates took two minutes over the samples, and passed with a limit of a minute).
 */
const BACKSTOP_MS = 10_000;
const TINY = '...44.3..4...241';
const TINY_SOLUTION = '2314413214233241';

function parse(text: string): Puzzle {
  const parsed = parsePuzzle(text);
  assert.ok(parsed.ok, text);
  return parsed.puzzle;
}

function run(args: string[], input: string, env: NodeJS.ProcessEnv = process.env) {
  return runCli(args, { input, env });
}

/**
 * The logic engine's answer to a puzzle with one solution is its own step path, not the fast
 * core's search: every sample of these tests is solved by techniques alone (the hardest 9x9s by
 * forcing chains), so it makes no guess, and its nodes are steps: at least one per empty cell.
 * (The engine takes only the count and a guess's digit from the fast core: without this, an
 * explain that guessed every cell passed every test here.)
 */
function assertLogicPath(r: SolveResult, puzzle: Puzzle, what: string): void {
  assert.equal(r.stats.guesses, 0, `logic guessed on ${what}`);
  const empty = puzzle.givens.filter((d) => d === 0).length;
  assert.ok(r.stats.nodes >= empty, `logic: ${r.stats.nodes} steps for ${empty} empty cells on ${what}`);
}

/** Evenly spread puzzles of a list: first, last and between. */
function spread<T>(items: readonly T[], k: number): T[] {
  if (items.length <= k) return [...items];
  return Array.from({ length: k }, (_, i) => items[Math.round((i * (items.length - 1)) / (k - 1))]!);
}

test('every engine agrees with fast on solution counts over samples of every dataset', () => {
  const files = readdirSync(VENDORED_DATASETS).filter((f) => f.endsWith('.txt'));
  assert.ok(files.length >= 10);
  for (const file of BACKTRACKING_FILES) assert.ok(files.includes(file), file);
  const decided = new Map<string, number>(READABLE.map((e) => [e.id, 0]));
  for (const file of files) {
    for (const text of spread(readDataset(file).puzzles, 3)) {
      const puzzle = parse(text);
      const expected = fastEngine.solve(puzzle, { limit: 2 });
      for (const engine of READABLE) {
        // generate-and-test refuses a search of more than a few empty cells (its own test checks
        // the reason), and backtracking is given the files it settles; every other pair is decided.
        const refused = engine.refuses?.(puzzle) !== undefined;
        assert.ok(!refused || engine.id === 'generate-and-test', `${engine.id} refuses ${file}`);
        if (refused || (engine.id === 'backtracking' && !BACKTRACKING_FILES.has(file))) continue;
        const r = engine.solve(puzzle, { limit: 2, ...(UNPROPAGATED.has(engine.id) ? { timeLimitMs: BACKSTOP_MS } : {}) });
        assert.equal(r.timedOut, false, `${engine.id} on ${file}: not decided within ${BACKSTOP_MS} ms`);
        decided.set(engine.id, decided.get(engine.id)! + 1);
        assert.equal(r.count, expected.count, `${engine.id} on ${file}: ${text}`);
        if (r.count > 0) assert.ok(isSolution(puzzle, r.solution!), `${engine.id} on ${file}`);
        assert.ok(r.stats.nodes >= 1 && r.stats.guesses >= 0 && r.stats.guesses < r.stats.nodes + 1);
        if (engine.id === 'logic' && expected.count === 1) assertLogicPath(r, puzzle, `${file}: ${text}`);
      }
    }
  }
  // Every engine decided every sample it was given: all of them, backtracking those of its files.
  for (const [id, n] of decided) {
    if (id === 'generate-and-test') continue;
    assert.equal(n, (id === 'backtracking' ? BACKTRACKING_FILES.size : files.length) * 3, id);
  }
});

/** A puzzle with no solution and no clashing given: a random puzzle with one extra given that disagrees with its solution. */
function spoiled(g: Geometry, seed: number): Puzzle | undefined {
  const random = seededRandom(seed);
  const { puzzle, solution } = randomPuzzle(g, random, 0.6);
  const givens = puzzle.givens.slice();
  for (let cell = 0; cell < g.cellCount; cell++) {
    if (givens[cell] !== 0) continue;
    for (let d = 1; d <= g.size; d++) {
      if (d === solution[cell]) continue;
      const peersHaveD = g.peers[cell]!.some((p) => givens[p] === d);
      if (peersHaveD) continue;
      givens[cell] = d;
      const candidate = createPuzzle(g, givens);
      if (fastEngine.solve(candidate, { limit: 1 }).count === 0) return candidate;
      givens[cell] = 0;
    }
  }
  return undefined;
}

test('every engine agrees with fast on generated 4x4 and 6x6 puzzles: unique, multiple and unsolvable', () => {
  const seen = { unique: 0, multiple: 0, none: 0 };
  for (const [r, c] of [
    [2, 2],
    [2, 3],
    [3, 2],
  ] as const) {
    const g = geometry(r, c);
    const puzzles: Puzzle[] = [];
    for (let seed = 1; seed <= 40; seed++) puzzles.push(randomPuzzle(g, seededRandom(seed * 7919 + r), [0.1, 0.3, 0.5, 0.75][seed % 4]!).puzzle);
    for (let seed = 1; seed <= 6; seed++) {
      const bad = spoiled(g, seed);
      if (bad) puzzles.push(bad);
    }
    for (const puzzle of puzzles) {
      for (const limit of [2, 50]) {
        const expected = fastEngine.solve(puzzle, { limit }).count;
        if (limit === 2) seen[expected === 0 ? 'none' : expected === 1 ? 'unique' : 'multiple']++;
        for (const engine of READABLE) {
          if (engine.refuses?.(puzzle) !== undefined) continue;
          const result = engine.solve(puzzle, { limit });
          assert.equal(result.count, expected, `${engine.id} ${r}x${c} limit ${limit}: ${makeLine(g, puzzle.givens)}`);
          if (result.count > 0) assert.ok(isSolution(puzzle, result.solution!), engine.id);
          else assert.equal(result.solution, undefined);
          if (engine.id === 'logic' && expected === 1) assertLogicPath(result, puzzle, makeLine(g, puzzle.givens));
        }
      }
    }
  }
  assert.ok(seen.unique > 5 && seen.multiple > 5 && seen.none > 5, JSON.stringify(seen));
});

test('every ordering of every ordered engine gives valid solutions, and the same seed gives the same search', () => {
  const easy = parse(readDataset('norvig-easy50.txt').puzzles[0]!);
  const puzzles = [
    randomPuzzle(geometry(2, 2), seededRandom(3), 0.3).puzzle,
    randomPuzzle(geometry(2, 3), seededRandom(4), 0.45).puzzle,
    randomPuzzle(geometry(3, 2), seededRandom(5), 0.2).puzzle,
    easy,
  ];
  // Without propagation a bad order takes ages: search with maxrv needed 580,000 nodes on the
  // 6x6 above and more than 4 s on the 9x9, with a random variable order too. Those engines get
  // the same boards with more givens, where every order of both takes 17,000 nodes at most: the
  // 6x6s with half their cells kept, and the 9x9 with every other empty cell filled from its solution.
  const solution = fastEngine.solve(easy, { limit: 1 }).solution!;
  const unpropagated = [
    puzzles[0]!,
    randomPuzzle(geometry(2, 3), seededRandom(4), 0.5).puzzle,
    randomPuzzle(geometry(3, 2), seededRandom(5), 0.5).puzzle,
    createPuzzle(
      easy.geometry,
      easy.givens.map((d, i) => d || (i % 2 === 0 ? solution[i]! : 0)),
    ),
  ];
  for (const engine of ORDERED) {
    for (const puzzle of UNPROPAGATED.has(engine.id) ? unpropagated : puzzles) {
      const expected = fastEngine.solve(puzzle, { limit: 2 }).count;
      for (const varOrder of VAR_ORDERS) {
        for (const valOrder of VAL_ORDERS) {
          const options = { limit: 2, varOrder, valOrder, ...(UNPROPAGATED.has(engine.id) ? { timeLimitMs: BACKSTOP_MS } : {}) };
          const what = `${engine.id} ${varOrder}/${valOrder} on ${puzzle.geometry.size}x${puzzle.geometry.size}`;
          const a = engine.solve(puzzle, { ...options, random: seededRandom(42) });
          assert.equal(a.timedOut, false, what);
          assert.equal(a.count, expected, what);
          assert.ok(isSolution(puzzle, a.solution!), what);
          const b = engine.solve(puzzle, { ...options, random: seededRandom(42) });
          assert.equal(b.timedOut, false, what);
          assert.deepEqual([b.count, b.stats.nodes, b.stats.guesses, makeLine(puzzle.geometry, b.solution!)], [a.count, a.stats.nodes, a.stats.guesses, makeLine(puzzle.geometry, a.solution!)], what);
        }
      }
    }
  }
});

test('random orderings draw from the seed: different seeds explore differently', () => {
  const puzzle = parse(readDataset('norvig-top95.txt').puzzles[0]!);
  const engine = getEngine('dual')!;
  const trees = new Set<string>();
  for (let seed = 1; seed <= 6; seed++) {
    const r = engine.solve(puzzle, { limit: 2, varOrder: 'random', valOrder: 'random', random: seededRandom(seed) });
    assert.equal(r.count, 1);
    trees.add(`${r.stats.nodes}/${r.stats.guesses}`);
  }
  assert.ok(trees.size > 1, [...trees].join(' '));
});

/** Count the solutions of a puzzle by brute force, independently of every engine: every cell's digits missing from its row, every combination tested with isSolution. */
function bruteForceCount(puzzle: Puzzle): number {
  const { geometry: g, givens } = puzzle;
  const empty: number[] = [];
  const options: number[][] = [];
  for (let cell = 0; cell < g.cellCount; cell++) {
    if (givens[cell] !== 0) continue;
    empty.push(cell);
    const row = g.units[g.rowOf[cell]!]!;
    options.push(Array.from({ length: g.size }, (_, i) => i + 1).filter((d) => !row.some((c) => givens[c] === d)));
  }
  const grid = givens.slice();
  let count = 0;
  const fill = (k: number): void => {
    if (k === empty.length) {
      if (isSolution(puzzle, grid)) count++;
      return;
    }
    for (const d of options[k]!) {
      grid[empty[k]!] = d;
      fill(k + 1);
    }
  };
  fill(0);
  return count;
}

/** Unavoidable rectangles of a solved 9x9 grid: two rows of one band, two columns of different stacks, holding a b / b a. */
function rectangles(g: Geometry, grid: Uint8Array): number[][] {
  const found: number[][] = [];
  const at = (r: number, c: number) => r * g.size + c;
  for (let r1 = 0; r1 < g.size; r1++) {
    for (let r2 = r1 + 1; r2 < g.size; r2++) {
      if (Math.floor(r1 / g.boxRows) !== Math.floor(r2 / g.boxRows)) continue;
      for (let c1 = 0; c1 < g.size; c1++) {
        for (let c2 = c1 + 1; c2 < g.size; c2++) {
          if (Math.floor(c1 / g.boxCols) === Math.floor(c2 / g.boxCols)) continue;
          if (grid[at(r1, c1)] === grid[at(r2, c2)] && grid[at(r1, c2)] === grid[at(r2, c1)]) found.push([at(r1, c1), at(r1, c2), at(r2, c1), at(r2, c2)]);
        }
      }
    }
  }
  return found;
}

/** Multi-solution puzzles made from solved grids: one rectangle removed (2 solutions), two disjoint ones (4). */
function rectanglePuzzles(): { text: string; count: number }[] {
  const g = geometry(3, 3);
  const made: { text: string; count: number }[] = [];
  for (const text of readDataset('norvig-easy50.txt').puzzles) {
    const solution = fastEngine.solve(parse(text), { limit: 1 }).solution!;
    const rects = rectangles(g, solution);
    const one = rects[0];
    if (!one) continue;
    const rowsOf = (cells: number[]) => new Set(cells.map((c) => g.rowOf[c]!));
    const colsOf = (cells: number[]) => new Set(cells.map((c) => g.colOf[c]!));
    const other = rects.find((r) => [...rowsOf(r)].every((x) => !rowsOf(one).has(x)) && [...colsOf(r)].every((x) => !colsOf(one).has(x)));
    const blank = (cells: number[]) =>
      makeLine(
        g,
        solution.map((d, i) => (cells.includes(i) ? 0 : d)),
      );
    made.push({ text: blank(one), count: 2 });
    if (other) made.push({ text: blank([...one, ...other]), count: 4 });
    if (made.length >= 4 && made.some((m) => m.count === 4)) break;
  }
  return made;
}

test('every engine enumerates every solution through onSolution: the 288 grids of an empty 4x4, and rectangle puzzles counted by brute force', () => {
  const empty = createPuzzle(geometry(2, 2), new Uint8Array(16));
  const made = rectanglePuzzles();
  assert.ok(made.some((m) => m.count === 2) && made.some((m) => m.count === 4));
  for (const { text, count } of made) assert.equal(bruteForceCount(parse(text)), count, text);
  for (const engine of ENGINES) {
    const cases: Array<{ puzzle: Puzzle; count: number }> = [{ puzzle: empty, count: 288 }, ...made.map((m) => ({ puzzle: parse(m.text), count: m.count }))];
    for (const { puzzle, count } of cases) {
      if (engine.refuses?.(puzzle) !== undefined) continue;
      const seen = new Set<string>();
      const r = engine.solve(puzzle, {
        limit: Number.POSITIVE_INFINITY,
        onSolution: (s) => {
          assert.ok(isSolution(puzzle, s), engine.id);
          seen.add(s.join(''));
        },
      });
      assert.equal(r.count, count, engine.id);
      assert.equal(seen.size, count, `${engine.id}: distinct solutions`);
    }
    // Returning false stops the enumeration at once.
    let calls = 0;
    const stopped = engine.refuses?.(empty) === undefined ? engine.solve(empty, { limit: 1000, onSolution: () => ++calls < 5 }) : undefined;
    if (stopped) assert.deepEqual([stopped.count, calls], [5, 5], engine.id);
  }
});

test("generate-and-test solves the essay's tiny 4x4 and refuses a 17-clue 9x9, saying why", () => {
  const engine = getEngine('generate-and-test')!;
  const r = engine.solve(parse(TINY), { limit: 2 });
  assert.equal(r.count, 1);
  assert.equal(r.solution!.join(''), TINY_SOLUTION);
  assert.ok(r.stats.nodes > 4 ** 9, 'tests every one of the 4^9 fillings');
  const seventeen = parse(readDataset('17-clue.txt').puzzles[0]!);
  const reason = engine.refuses!(seventeen);
  assert.match(reason ?? '', /64 empty cells make 9\^64 ≈ 1\.2e61 grids/);
  assert.match(reason ?? '', /years \(.* times the age of the universe\)/);
  // 49^2400 is past a double's range (it printed "≈ NaNeInfinity"): the figures come from logarithms.
  const wide = new Uint8Array(49 * 49);
  wide[0] = 1;
  assert.match(engine.refuses!(createPuzzle(geometry(7, 7), wide)) ?? '', /2400 empty cells make 49\^2400 ≈ 3\.0e4056 grids .* about 9\.4e4041 years \(6\.8e4031 times/);
  assert.throws(
    () => engine.solve(seventeen),
    (e) => e instanceof EngineRefusal && e.message === reason,
  );
  const cli = run(['solve', '--engine', 'generate-and-test', '--threads', '1', '--format', 'json'], `${TINY}\n${readDataset('17-clue.txt').puzzles[0]}\n`);
  assert.equal(cli.status, 1);
  const [tiny, refused] = cli.stdout
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l));
  assert.equal(tiny.solution, TINY_SOLUTION);
  assert.equal(refused.status, 'invalid');
  assert.equal(refused.error.code, 'refused');
  assert.match(cli.stderr, /^sudokit: line 2: generate-and-test refuses this puzzle: 64 empty cells/m);
});

test('a time limit stops the slow engines on a hard puzzle', () => {
  const hard = parse(readDataset('norvig-top95.txt').puzzles[0]!);
  for (const [id, varOrder] of [
    ['backtracking', undefined],
    ['search', 'maxrv'],
    ['forward-checking', 'maxrv'],
  ] as const) {
    const started = performance.now();
    const r = getEngine(id)!.solve(hard, { limit: 2, timeLimitMs: 50, ...(varOrder ? { varOrder } : {}) });
    assert.equal(r.timedOut, true, id);
    assert.ok(r.count < 2);
    assert.ok(performance.now() - started < 5000, id);
  }
});

test('every engine keeps a time limit on a near-empty 36x36 and 49x49, where a node can cost milliseconds', () => {
  // With a look at the clock every 2,048 nodes, 200 ms limits ended after 0.4 to 4.8 s here
  // (search, dual, naked-pairs, logic-then-search): the gap now starts at one node and grows only
  // while nodes are cheap. A limit of 0 ends the search at its first look, the root: that, the
  // node count, is what shows the gap; the clock below only asks that a 100 ms limit end within
  // what a loaded machine meets.
  for (const n of [36, 49]) {
    const givens = new Uint8Array(n * n);
    givens[0] = 1;
    const puzzle = createPuzzle(geometry(Math.sqrt(n)), givens);
    for (const engine of READABLE) {
      if (engine.refuses?.(puzzle) !== undefined || !engine.supports(puzzle.geometry)) continue;
      const at = `${engine.id} on ${n}x${n}`;
      const now = engine.solve(puzzle, { limit: 2, timeLimitMs: 0 });
      assert.deepEqual([now.timedOut, now.stats.nodes], [true, 1], at);
      const started = performance.now();
      const r = engine.solve(puzzle, { limit: 2, timeLimitMs: 100 });
      const ms = performance.now() - started;
      assert.ok(r.timedOut || r.count === 2, at);
      assert.ok(ms < 30_000, `${at}: ${ms.toFixed(0)} ms for a 100 ms limit`);
    }
  }
});

test('dancing-links solves every box shape, 4x4 to 25x25', () => {
  const engine = getEngine('dancing-links')!;
  for (const [r, c] of [
    [2, 2],
    [2, 3],
    [3, 2],
    [2, 4],
    [4, 2],
    [3, 3],
    [3, 4],
    [4, 3],
    [4, 4],
    [5, 5],
  ] as const) {
    const { puzzle } = randomPuzzle(geometry(r, c), seededRandom(r * 10 + c), r * c >= 25 ? 0.7 : 0.5);
    const result = engine.solve(puzzle, { limit: 2 });
    assert.equal(result.count, fastEngine.solve(puzzle, { limit: 2 }).count, `${r}x${c}`);
    assert.ok(isSolution(puzzle, result.solution!), `${r}x${c}`);
  }
});

test('solve --all writes every solution: 288 for the empty 4x4, the rectangle counts, JSON with line and index', () => {
  const all = run(['solve', '--all', '--engine', 'dancing-links'], `${'.'.repeat(16)}\n`);
  assert.equal(all.status, 0, all.stderr);
  const lines = all.stdout.trim().split('\n');
  assert.equal(lines.length, 288);
  assert.equal(new Set(lines).size, 288);
  const empty = createPuzzle(geometry(2, 2), new Uint8Array(16));
  for (const l of lines) assert.ok(isSolution(empty, [...l].map(Number)));
  const made = rectanglePuzzles();
  const json = run(['solve', '--all', '--format', 'json', '--engine', 'dual'], `${made.map((m) => m.text).join('\n')}\n`);
  assert.equal(json.status, 0, json.stderr);
  const rows = json.stdout
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l));
  made.forEach((m, i) => {
    const mine = rows.filter((row) => row.line === i + 1);
    assert.deepEqual(
      mine.map((row) => row.index),
      Array.from({ length: m.count }, (_, k) => k + 1),
    );
    for (const row of mine) assert.ok(isSolution(parse(m.text), [...row.solution].map(Number)));
  });
  const capped = run(['solve', '--all', '--limit', '100'], `${'.'.repeat(81)}\n`);
  assert.equal(capped.stdout.trim().split('\n').length, 100);
  // Problems are answered in place in JSON (a bad last line too), and named on stderr.
  const problems = run(['solve', '--all', '--format', 'json'], `${TINY}\n12345678.........9${'.'.repeat(63)}\nxx\n`);
  assert.equal(problems.status, 1);
  assert.deepEqual(
    problems.stdout
      .trim()
      .split('\n')
      .map((l) => {
        const o = JSON.parse(l);
        return [o.line, o.index ?? o.status];
      }),
    [
      [1, 1],
      [2, 'unsolvable'],
      [3, 'invalid'],
    ],
  );
  assert.match(problems.stderr, /^sudokit: line 2: no solution$/m);
});

test('solve --all --count: one count per puzzle in input order, a bad line answered in place, same on the pool', () => {
  const made = rectanglePuzzles();
  const lines = [...made.map((m) => m.text), '.'.repeat(16)];
  lines.splice(2, 0, 'not a puzzle');
  const expected = [...made.map((m) => String(m.count)), '288'];
  expected.splice(2, 0, 'invalid');
  // The pool starts with the second batch of 256 puzzles (the first is answered on the main
  // thread), so the input repeats the lines past two batches; the pool report shows a worker answered.
  const copies = Math.ceil(600 / lines.length);
  const input = `${Array.from({ length: copies }, () => lines.join('\n')).join('\n')}\n`;
  const answers = Array.from({ length: copies }, () => expected).flat();
  for (const engine of ['fast', 'dancing-links', 'naked-pairs']) {
    for (const threads of ['1', '2']) {
      const r = run(['solve', '--all', '--count', '--engine', engine, '--threads', threads], input, POOL_REPORT_ENV);
      assert.equal(r.status, 1, `${engine} ${threads}`);
      assert.deepEqual(r.stdout.trim().split('\n'), answers, `${engine} ${threads}`);
      assert.match(r.stderr, /^sudokit: line 3: Invalid puzzle: unexpected character "o" at position 2 in "not a puzzle"/m);
      if (threads === '2') {
        const workers = poolAnswers(r.stderr);
        assert.equal(workers.length, 2, `${engine}: a pool of two`);
        assert.ok(
          workers.some((n) => n > 0),
          `${engine}: a worker answered (${workers})`,
        );
        const pooled = workers.reduce((x, y) => x + y, 0);
        assert.ok(pooled >= copies * lines.length - 256, `${engine}: the pool answered every batch after the first (${pooled})`);
      }
    }
  }
  const json = run(['solve', '--all', '--count', '--format', 'json', '--limit', '100'], `${lines.join('\n')}\n`);
  const rows = json.stdout
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l));
  assert.deepEqual(
    rows.map((row) => [row.line, row.count]),
    lines.map((_, i) => [i + 1, i === 2 ? 0 : i === lines.length - 1 ? 100 : made[i > 2 ? i - 1 : i]!.count]),
  );
  assert.equal(rows[2].status, 'invalid');
  assert.equal(rows.at(-1).capped, true);
  assert.equal(rows[0].puzzle, made[0]!.text);
});

test('solve --var-order/--val-order/--seed: reproducible on any number of threads; bad values are usage errors naming the flag', () => {
  // Past two batches of 256 (easy puzzles, then top95's): every batch after the first is the pool's.
  const easy = readDataset('norvig-easy50.txt').puzzles;
  const top = readDataset('norvig-top95.txt').puzzles;
  const puzzles = [...Array.from({ length: 12 }, () => easy).flat(), ...top.slice(0, 12)];
  const input = `${puzzles.join('\n')}\n`;
  const args = ['solve', '--engine', 'dual', '--var-order', 'random', '--val-order', 'random', '--format', 'json'];
  const stats = (out: string) =>
    out
      .trim()
      .split('\n')
      .map((l) => {
        const o = JSON.parse(l);
        return `${o.solution}/${o.nodes}/${o.guesses}`;
      });
  const a = run([...args, '--seed', '7', '--threads', '1'], input);
  const b = run([...args, '--seed', '7', '--threads', '2'], input, POOL_REPORT_ENV);
  const workers = poolAnswers(b.stderr);
  assert.ok(workers.reduce((x, y) => x + y, 0) >= puzzles.length - 256, `the pool answered every batch after the first (${workers})`);
  // Both equal the main thread's own answers, so a worker that drew differently would show.
  const here = answerBatch(
    { lines: puzzles.map((_, i) => i + 1), texts: puzzles, notes: puzzles.map(() => '') },
    { format: 'json', limit: 2, engine: 'dual', varOrder: 'random', valOrder: 'random', seed: 7 },
  );
  assert.equal(stats(here.out).length, puzzles.length);
  assert.deepEqual(stats(a.stdout), stats(here.out), 'threads 1 answers as the main thread does');
  assert.equal(a.status, 0, a.stderr);
  assert.deepEqual(stats(b.stdout), stats(a.stdout));
  // Seeds, on the hard puzzles alone (the search differs most there).
  const hard = `${top.slice(0, 12).join('\n')}\n`;
  const c = run([...args, '--seed', '8', '--threads', '1'], hard);
  const d = run([...args, '--threads', '1'], hard);
  const e = run([...args, '--seed', '1', '--threads', '1'], hard);
  assert.notDeepEqual(stats(c.stdout), stats(a.stdout).slice(-12));
  assert.deepEqual(stats(d.stdout), stats(e.stdout), 'the default seed is 1');
  for (const [flag, value, allowed] of [
    ['--var-order', 'fewest', 'first, random, minrv, maxrv'],
    ['--val-order', 'last', 'first, most-constrained, least-constrained, random'],
  ]) {
    const bad = run(['solve', flag!, value!], '');
    assert.equal(bad.status, 2);
    assert.match(bad.stderr, new RegExp(`unknown ${flag} "${value}": expected one of ${allowed}`));
  }
  const seed = run(['solve', '--seed', 'x'], '');
  assert.equal(seed.status, 2);
  assert.match(seed.stderr, /--seed expects a whole number/);
  const count = run(['solve', '--count'], '');
  assert.equal(count.status, 2);
  assert.match(count.stderr, /--count .* needs --all/);
  const help = run(['solve', '--help'], '');
  for (const engine of ENGINES) assert.ok(help.stdout.includes(`  ${engine.id} `), engine.id);
});
