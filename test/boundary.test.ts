/**
 * The library's boundary: nothing lost, nothing wrong. A search interrupted by a call the caller
 * makes from inside its `onSolution` (or `random`) goes on as if nothing happened; what the caller
 * passes in is checked where it comes in, so a bad value is refused with a `SudokitError` naming
 * it rather than turned into a wrong answer. Answers are judged by a brute-force counter written
 * here, apart from every solver, and by known solutions.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { SudokitError } from '../src/errors.js';
import { parsePuzzle } from '../src/format/parse.js';
import { type Geometry, geometry } from '../src/geometry.js';
import { createPuzzle, isSolution, type Puzzle } from '../src/puzzle.js';
import { renderGridSvg } from '../src/render/grid.js';
import { countSolutions, ENGINE_IDS, solve } from '../src/registry.js';
import { seededRandom } from '../src/random.js';

/** Every solution of a grid, counted cell by cell in index order: slow, plain, and no solver's. */
function bruteCount(g: Geometry, givens: ArrayLike<number>): number {
  const { size: n, boxRows, boxCols } = g;
  const grid = Array.from(givens);
  const fits = (cell: number, d: number): boolean => {
    const r = Math.floor(cell / n);
    const c = cell % n;
    for (let k = 0; k < n; k++) if (grid[r * n + k] === d || grid[k * n + c] === d) return false;
    const r0 = r - (r % boxRows);
    const c0 = c - (c % boxCols);
    for (let i = 0; i < boxRows; i++) for (let j = 0; j < boxCols; j++) if (grid[(r0 + i) * n + c0 + j] === d) return false;
    return true;
  };
  let count = 0;
  const fill = (from: number): void => {
    let cell = from;
    while (cell < grid.length && grid[cell] !== 0) cell++;
    if (cell === grid.length) {
      count++;
      return;
    }
    for (let d = 1; d <= n; d++) {
      if (!fits(cell, d)) continue;
      grid[cell] = d;
      fill(cell + 1);
      grid[cell] = 0;
    }
  };
  fill(0);
  return count;
}

/** Whether `grid` is a complete grid keeping the givens, every unit holding each digit once: checked here, not with the library. */
function isGrid(g: Geometry, givens: ArrayLike<number>, grid: ArrayLike<number>): boolean {
  const { size: n, boxRows, boxCols } = g;
  if (grid.length !== n * n) return false;
  for (let cell = 0; cell < n * n; cell++) {
    const d = grid[cell]!;
    if (!Number.isInteger(d) || d < 1 || d > n || (givens[cell] !== 0 && givens[cell] !== d)) return false;
  }
  for (let a = 0; a < n; a++) {
    const row = new Set<number>();
    const col = new Set<number>();
    const box = new Set<number>();
    const r0 = Math.floor(a / (n / boxCols)) * boxRows;
    const c0 = (a % (n / boxCols)) * boxCols;
    for (let b = 0; b < n; b++) {
      row.add(grid[a * n + b]!);
      col.add(grid[b * n + a]!);
      box.add(grid[(r0 + Math.floor(b / boxCols)) * n + c0 + (b % boxCols)]!);
    }
    if (row.size !== n || col.size !== n || box.size !== n) return false;
  }
  return true;
}

/** A known 9×9 solution, and puzzles made by emptying its first cells (several solutions each). */
const SOLUTION_9 = '534678912672195348198342567859761423426853791713924856961537284287419635345286179';
const SOLUTION_4 = '1234341221434321';
function firstEmptied(text: string, empty: number): Puzzle {
  const parsed = parsePuzzle('.'.repeat(empty) + text.slice(empty));
  assert.ok(parsed.ok);
  return parsed.puzzle;
}
const MULTI_9 = firstEmptied(SOLUTION_9, 25);
const OTHER_9 = firstEmptied(SOLUTION_9, 20);
const MULTI_4 = firstEmptied(SOLUTION_4, 8);
const OTHER_4 = firstEmptied(SOLUTION_4, 7);

/** An error check for assert.throws: a SudokitError with this code whose message matches. */
function sudokitError(code: string, message: RegExp): (e: unknown) => boolean {
  return (e) => {
    assert.ok(e instanceof SudokitError, `expected a SudokitError, got ${String(e)}`);
    assert.equal(e.code, code, e.message);
    assert.match(e.message, message);
    return true;
  };
}

test('solve called inside onSolution, on another puzzle and on the same one, leaves the outer search whole, on every engine', () => {
  const cases: [Puzzle, Puzzle][] = [
    [MULTI_4, OTHER_4],
    [MULTI_9, OTHER_9],
  ];
  for (const [puzzle, other] of cases) {
    const g = puzzle.geometry;
    const want = bruteCount(g, puzzle.givens);
    const wantOther = bruteCount(g, other.givens);
    assert.ok(want >= 4 && wantOther >= 2, `the puzzles have several solutions (${want}, ${wantOther})`);
    for (const engine of ENGINE_IDS) {
      if (engine === 'generate-and-test' && g.size > 4) continue; // refuses it: 9^25 grids
      const seen = new Set<string>();
      let nested = 0;
      const outer = solve(puzzle, {
        engine,
        limit: 1000,
        onSolution: (s) => {
          const kept = s.slice();
          assert.ok(isGrid(g, puzzle.givens, s), `${engine}: a solution of the outer search`);
          seen.add(s.join(''));
          // With a callback (or a random order) the 9×9 core runs in TypeScript, on its module's buffers.
          let inner = 0;
          assert.equal(solve(other, { engine, limit: 1000, onSolution: () => void inner++ }).count, wantOther, `${engine}: the other puzzle inside`);
          assert.equal(inner, wantOther);
          const random = seededRandom(seen.size);
          assert.equal(solve(puzzle, { engine, limit: 1000, random, valOrder: 'random', onSolution: () => void nested++ }).count, want, `${engine}: the same puzzle inside`);
          assert.equal(solve(other, { engine, limit: 2 }).count, 2);
          assert.deepEqual(s, kept, `${engine}: the outer solution's buffer is unchanged by the calls made inside`);
        },
      });
      assert.equal(outer.count, want, `${engine}: the outer count of a ${g.size}x${g.size} puzzle with ${want} solutions`);
      assert.equal(seen.size, want, `${engine}: every solution seen once`);
      assert.equal(nested, want * want);
      assert.ok(outer.solution && isGrid(g, puzzle.givens, outer.solution), engine);
    }
  }
});

test('a random source that itself solves, as it is drawn, leaves the search that draws whole, on every engine', () => {
  const want = bruteCount(MULTI_9.geometry, MULTI_9.givens);
  const wantOther = bruteCount(OTHER_9.geometry, OTHER_9.givens);
  for (const engine of ENGINE_IDS) {
    if (engine === 'generate-and-test') continue;
    const base = seededRandom(3);
    let draws = 0;
    const random = () => {
      draws++;
      // the cores, each on its TypeScript path (a callback), inside the draw (the first draws:
      // search draws thousands of times)
      if (draws <= 40) for (const inner of ['fast', 'exact-cover'] as const) assert.equal(solve(OTHER_9, { engine: inner, limit: 1000, onSolution: () => {} }).count, wantOther);
      return base();
    };
    const seen = new Set<string>();
    const r = solve(MULTI_9, { engine, limit: 1000, random, varOrder: 'random', valOrder: 'random', onSolution: (s) => void seen.add(s.join('')) });
    assert.equal(r.count, want, engine);
    assert.equal(seen.size, want, engine);
    if (DRAWING.has(engine)) assert.ok(draws > 0, `${engine} drew`);
  }
});

/** The engines that draw from `random` on a puzzle that needs a guess (the others never call it). */
const DRAWING = new Set(['fast', 'exact-cover', 'search', 'forward-checking', 'arc-consistency', 'dual', 'naked-pairs', 'logic-then-search', 'logic']);

test('a random option returning values outside [0, 1) is refused as it is drawn, never turned into a wrong answer, on every engine', () => {
  const bad: [string, () => number][] = [
    ['1', () => 1],
    ['-0.25', () => -0.25],
    ['1.5', () => 1.5],
    ['NaN', () => Number.NaN],
    ['"0.5"', () => '0.5' as unknown as number],
  ];
  for (const [puzzle, limit] of [
    [OTHER_9, 1],
    [MULTI_4, 2],
  ] as const) {
    const g = puzzle.geometry;
    const want = Math.min(limit, bruteCount(g, puzzle.givens));
    for (const engine of ENGINE_IDS) {
      if (engine === 'generate-and-test' && g.size > 4) continue;
      for (const [name, random] of bad) {
        const options = { engine, limit, random, varOrder: 'random', valOrder: 'random', timeLimitMs: 1000 } as const;
        let r: ReturnType<typeof solve>;
        try {
          r = solve(puzzle, options);
        } catch (e) {
          sudokitError('options', /Invalid random: it returned .*; expected a number in \[0, 1\)/)(e);
          continue;
        }
        // An engine that never drew answers as without `random`: right.
        assert.ok(!(DRAWING.has(engine) && g.size === 9), `${engine} drew ${name} and answered (count ${r.count}, timed out ${r.timedOut})`);
        assert.equal(r.timedOut, false, `${engine}, random returning ${name}`);
        assert.equal(r.count, want, `${engine}, random returning ${name}`);
        assert.ok(r.solution && isGrid(g, puzzle.givens, r.solution), `${engine}, random returning ${name}: a complete grid`);
      }
      // A good source still works, and the 9x9 core is whole after the throws above.
      const r = solve(puzzle, { engine, limit, random: seededRandom(7), varOrder: 'random', valOrder: 'random', onSolution: () => {} });
      assert.equal(r.count, want, engine);
      assert.ok(r.solution && isGrid(g, puzzle.givens, r.solution), engine);
    }
  }
});

test('solve options of the wrong kind are a SudokitError naming them; null options are none', () => {
  const bad: [object, RegExp][] = [
    [{ random: 0.5 }, /Invalid random: expected a function/],
    [{ onSolution: true }, /Invalid onSolution: expected a function, got boolean/],
    [{ varOrder: 'fewest' }, /Invalid varOrder: expected one of first, random, minrv, maxrv, got "fewest"/],
    [{ valOrder: 'last' }, /Invalid valOrder: .*got "last"/],
  ];
  for (const engine of ENGINE_IDS) {
    for (const [options, message] of bad) assert.throws(() => solve(MULTI_4, { engine, ...options } as never), sudokitError('options', message), `${engine} ${JSON.stringify(options)}`);
  }
  assert.throws(() => solve(MULTI_4, 'fast' as never), sudokitError('options', /Invalid options: expected an object, got string/));
  const r = solve(OTHER_9, null as never);
  assert.equal(r.count, 1);
  assert.ok(r.solution && isGrid(OTHER_9.geometry, OTHER_9.givens, r.solution));
});

test('isSolution requires whole digits 1..n', () => {
  const g = geometry(3, 3);
  const empty = createPuzzle(g, new Uint8Array(81));
  const known = Array.from(SOLUTION_9, Number);
  assert.equal(isSolution(empty, known), true, 'the known solution');
  assert.equal(isSolution(empty, new Array(81).fill(1.5)), false, 'every cell 1.5');
  const nudged = known.slice();
  nudged[nudged.indexOf(1)] = 1.0000001;
  assert.equal(isSolution(empty, nudged), false, 'one 1 made 1.0000001');
  const texts = Array.from(SOLUTION_9) as unknown as number[];
  assert.equal(isSolution(empty, texts), false, 'digits as strings');
  const half = known.map((d) => d - 0.5);
  assert.equal(isSolution(empty, half), false, 'every digit less a half');
});

test('countSolutions checks its arguments: a SudokitError with the right code, and right counts otherwise', () => {
  const g9 = geometry(3, 3);
  const g4 = geometry(2, 2);
  const withFirst = (g: Geometry, d: number) => Uint8Array.from({ length: g.cellCount }, (_, i) => (i === 0 ? d : 0));
  assert.throws(() => countSolutions(g9, new Uint8Array(80), 2), sudokitError('length', /expected 81 cells for a 9x9 board, got 80/));
  assert.throws(() => countSolutions(g9, new Uint8Array(82), 2), sudokitError('length', /got 82/));
  assert.throws(() => countSolutions(g9, withFirst(g9, 10), 2), sudokitError('character', /r1c1 holds 10; expected 0 \(empty\) or a digit 1-9/));
  assert.throws(() => countSolutions(g9, withFirst(g9, 200), 2), sudokitError('character', /r1c1 holds 200/));
  assert.throws(() => countSolutions(g4, withFirst(g4, 10), 2), sudokitError('character', /r1c1 holds 10; expected 0 \(empty\) or a digit 1-4/));
  const plain = Array.from(MULTI_4.givens, (d, i) => (i === 3 ? 1.5 : d)) as unknown as Uint8Array;
  assert.throws(() => countSolutions(g4, plain, 2), sudokitError('character', /r1c4 holds 1.5/));
  for (const limit of [0, -1, Number.NaN, 1.5, '2' as unknown as number])
    assert.throws(() => countSolutions(g9, OTHER_9.givens, limit), sudokitError('options', /invalid limit/), `limit ${String(limit)}`);
  assert.throws(() => countSolutions(g9, OTHER_9.givens, 2, Number.NaN), sudokitError('options', /invalid deadline NaN/));
  assert.throws(() => countSolutions({ ...g9 }, OTHER_9.givens, 2), sudokitError('geometry', /not one of the library's/));
  assert.throws(() => countSolutions(g9, OTHER_9.givens, 2, Number.POSITIVE_INFINITY, new Uint8Array(16)), sudokitError('length', /solution buffer holds 16 cells, the grid 81/));
  // Right arguments, right counts, judged by the brute force.
  for (const puzzle of [OTHER_9, MULTI_4, createPuzzle(g4, new Uint8Array(16))]) {
    const want = bruteCount(puzzle.geometry, puzzle.givens);
    assert.equal(countSolutions(puzzle.geometry, puzzle.givens, Number.POSITIVE_INFINITY).count, want);
    assert.equal(countSolutions(puzzle.geometry, puzzle.givens, 1).count, 1);
    assert.equal(countSolutions(puzzle.geometry, Array.from(puzzle.givens) as unknown as Uint8Array, 1000).count, want, 'a plain array');
  }
});

test('renderGridSvg refuses a cellSize that is not a positive number and a cell that is not a digit of the board', () => {
  const g = geometry(3, 3);
  const grid = MULTI_9.givens;
  for (const cellSize of [Number.NaN, -5, 0, Number.POSITIVE_INFINITY, '44' as unknown as number])
    assert.throws(() => renderGridSvg(g, grid, { cellSize }), sudokitError('options', /Invalid cellSize: expected a positive number of pixels/), `cellSize ${String(cellSize)}`);
  for (const [d, shown] of [
    [200, '200'],
    [10, '10'],
    [1.5, '1.5'],
    [-1, '-1'],
  ] as const) {
    const bad = Array.from(grid, (x, i) => (i === 0 ? d : x));
    assert.throws(() => renderGridSvg(g, bad), sudokitError('character', new RegExp(`r1c1 holds ${shown}; expected 0 \\(empty\\) or a digit 1-9`)));
  }
  assert.throws(() => renderGridSvg({ ...g }, grid), sudokitError('geometry', /not one of the library's/));
  // What it accepts it draws: a size, and every given digit.
  const svg = renderGridSvg(g, grid, { cellSize: 20 });
  assert.match(svg, /width="\d+"/);
  assert.doesNotMatch(svg, /NaN|>\?</);
  assert.equal(renderGridSvg(g, grid, null as never), renderGridSvg(g, grid));
});

test('parsePuzzle treats null options as none, and a box of the wrong type is a coded error', () => {
  const none = parsePuzzle(SOLUTION_9);
  assert.ok(none.ok);
  const withNull = parsePuzzle(SOLUTION_9, null as never);
  assert.ok(withNull.ok);
  assert.deepEqual(withNull.puzzle.givens, none.puzzle.givens);
  assert.ok(parsePuzzle(SOLUTION_9, { box: null } as never).ok);
  const boxed = parsePuzzle(SOLUTION_9, { box: 5 } as never);
  assert.ok(!boxed.ok);
  assert.equal(boxed.error.code, 'geometry');
  assert.match(boxed.error.message, /Invalid box: expected ROWSxCOLS text or \[rows, cols\], got number 5/);
});
