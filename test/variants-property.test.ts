/**
 * The variant solver against brute force, as a property: random 4×4 (2×2 boxes) and 6×6 (2×3
 * boxes) puzzles, some on jigsaw regions, with random sets of constraints drawn from every kind
 * and a few givens. The oracle is written here, apart from the solver: it enumerates every full
 * grid of the board that keeps the givens (rows, columns and regions only: all 288 grids of a
 * plain empty 4×4, a capped backtracking on 6×6, where the givens keep the count small) and keeps
 * those that satisfy every constraint by `checkConstraint`, the kinds' own checks. Then:
 * - `solveVariant` with no limit finds exactly that many solutions, each of them one of those
 *   grids, each reported once, each satisfying every check;
 * - with limit 2 it finds min(count, 2), with limit 1 min(count, 1), and its solution is one of
 *   them.
 *
 * How the puzzles are made: a random full grid S comes first (a backtracking here, with a shuffled
 * digit order); a jigsaw layout swaps the regions of cells holding the same digit of S, so S stays
 * a solution. Each constraint is drawn at random and, most of the time, redrawn until S satisfies
 * it (sums taken from S, sometimes off by one), so that many puzzles have solutions and some have
 * none; for a negative rule or non-consecutive, S's own dots and X/Vs are usually added with it.
 * The generators are a record over every kind: a kind added to types.ts fails to compile here
 * until it is drawn too.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { checkConstraint, KIND_NAMES, validateConstraint } from '../src/constraints/index.js';
import type { Constraint, ConstraintKindName, DiagonalDirection } from '../src/constraints/types.js';
import { type Geometry, geometry, jigsawGeometry } from '../src/geometry.js';
import { seededRandom } from '../src/random.js';
import type { VariantPuzzle } from '../src/variant/puzzle.js';
import { solveVariant } from '../src/variant/solver/index.js';

type Random = () => number;
const pick = <T>(items: readonly T[], random: Random): T => items[Math.floor(random() * items.length)]!;
const between = (lo: number, hi: number, random: Random) => lo + Math.floor(random() * (hi - lo + 1));

// ---------------------------------------------------------------------------------------------
// The oracle: every grid of the board, by brute force

/**
 * Every full grid of `g` that keeps `givens` and repeats no digit in a row, column or region
 * (read from the cell's row, column and `boxOf`, nothing else), in row-major search order; or
 * undefined when there are more than `cap`.
 */
function allGrids(g: Geometry, givens: Uint8Array, cap: number): Uint8Array[] | undefined {
  const n = g.size;
  const rows = new Int32Array(n);
  const cols = new Int32Array(n);
  const regions = new Int32Array(n);
  const grid = Uint8Array.from(givens);
  for (let cell = 0; cell < g.cellCount; cell++) {
    const d = grid[cell]!;
    if (d === 0) continue;
    const bit = 1 << d;
    const r = Math.floor(cell / n);
    const c = cell % n;
    const b = g.boxOf[cell]!;
    if ((rows[r]! | cols[c]! | regions[b]!) & bit) return [];
    rows[r]! |= bit;
    cols[c]! |= bit;
    regions[b]! |= bit;
  }
  const open = [...grid.keys()].filter((cell) => grid[cell] === 0);
  const out: Uint8Array[] = [];
  let over = false;
  const place = (k: number): void => {
    if (over) return;
    if (k === open.length) {
      out.push(Uint8Array.from(grid));
      if (out.length > cap) over = true;
      return;
    }
    const cell = open[k]!;
    const r = Math.floor(cell / n);
    const c = cell % n;
    const b = g.boxOf[cell]!;
    const used = rows[r]! | cols[c]! | regions[b]!;
    for (let d = 1; d <= n; d++) {
      const bit = 1 << d;
      if (used & bit) continue;
      grid[cell] = d;
      rows[r]! |= bit;
      cols[c]! |= bit;
      regions[b]! |= bit;
      place(k + 1);
      rows[r]! &= ~bit;
      cols[c]! &= ~bit;
      regions[b]! &= ~bit;
    }
    grid[cell] = 0;
  };
  place(0);
  return over ? undefined : out;
}

/**
 * A random full grid of a standard geometry whose cells also differ wherever `apart(a, b)` says
 * (the global rules a case draws): backtracking cell by cell with a shuffled digit order; undefined
 * when there is none (or none found within a budget).
 */
function randomGrid(g: Geometry, random: Random, apart: (a: number, b: number) => boolean): Uint8Array | undefined {
  const n = g.size;
  const grid = new Uint8Array(g.cellCount);
  let budget = 200_000;
  const fill = (cell: number): boolean => {
    if (cell === g.cellCount) return true;
    if (--budget < 0) return false;
    const digits = Array.from({ length: n }, (_, i) => i + 1).sort(() => random() - 0.5);
    for (const d of digits) {
      let clash = false;
      for (let other = 0; other < cell && !clash; other++) {
        clash = grid[other] === d && (Math.floor(other / n) === Math.floor(cell / n) || other % n === cell % n || g.boxOf[other] === g.boxOf[cell] || apart(other, cell));
      }
      if (clash) continue;
      grid[cell] = d;
      if (fill(cell + 1)) return true;
    }
    grid[cell] = 0;
    return false;
  };
  return fill(0) ? grid : undefined;
}

const key = (grid: ArrayLike<number>) => Array.from(grid).join('');

// ---------------------------------------------------------------------------------------------
// Random puzzles

const ORTHOGONAL: ReadonlyArray<readonly [number, number]> = [
  [0, 1],
  [1, 0],
  [0, -1],
  [-1, 0],
];
const KING: ReadonlyArray<readonly [number, number]> = [...ORTHOGONAL, [1, 1], [1, -1], [-1, 1], [-1, -1]];

/** A path of `length` distinct cells from a random start, each step one of `moves` (shorter when it gets stuck). */
function walk(n: number, length: number, moves: typeof KING, random: Random): number[] {
  const path = [Math.floor(random() * n * n)];
  while (path.length < length) {
    const last = path[path.length - 1]!;
    const next = moves
      .map(([dr, dc]) => [Math.floor(last / n) + dr, (last % n) + dc] as const)
      .filter(([r, c]) => r >= 0 && c >= 0 && r < n && c < n)
      .map(([r, c]) => r * n + c)
      .filter((cell) => !path.includes(cell));
    if (next.length === 0) break;
    path.push(pick(next, random));
  }
  return path;
}

function orthogonalPairs(n: number): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  for (let cell = 0; cell < n * n; cell++) {
    if (cell % n !== n - 1) out.push([cell, cell + 1]);
    if (cell + n < n * n) out.push([cell, cell + n]);
  }
  return out;
}

/** What a generator gets: the board, the hidden grid S, and the randomness. */
interface Context {
  readonly g: Geometry;
  readonly n: number;
  readonly s: Uint8Array;
  readonly random: Random;
  /** The diagonals the case draws (chosen before S). */
  readonly diagonals: readonly ('positive' | 'negative')[];
}

/** A sum from S, now and then one off (so that S, and maybe every grid, breaks it). */
const sumFrom = (total: number, random: Random) => total + (random() < 0.15 ? pick([-1, 1], random) : 0);
const sOf = (ctx: Context, cells: readonly number[]) => cells.reduce((a, c) => a + ctx.s[c]!, 0);

/** The cells of the diagonal from an outside clue (row or column −1 or n) in `direction`. */
function diagonalFrom(n: number, row: number, col: number, direction: DiagonalDirection): number[] {
  const dr = direction[0] === 'U' ? -1 : 1;
  const dc = direction[1] === 'L' ? -1 : 1;
  const cells: number[] = [];
  for (let r = row + dr, c = col + dc; r >= 0 && c >= 0 && r < n && c < n; r += dr, c += dc) cells.push(r * n + c);
  return cells;
}

/**
 * One generator per kind: the constraints of one draw (usually one; a negative rule comes with
 * S's dots or X/Vs most of the time). A record over every kind, so a new kind must be added here.
 */
const GENERATORS: { readonly [K in ConstraintKindName]: (ctx: Context) => Constraint[] } = {
  killer(ctx) {
    const cells = walk(ctx.n, between(1, 4, ctx.random), ORTHOGONAL, ctx.random);
    return [ctx.random() < 0.3 ? { kind: 'killer', cells } : { kind: 'killer', cells, sum: sumFrom(sOf(ctx, cells), ctx.random) }];
  },
  arrow(ctx) {
    const pill = ctx.random() < 0.15 ? 2 : 1;
    const path = walk(ctx.n, pill + between(1, 3, ctx.random), KING, ctx.random);
    if (path.length <= pill) return [];
    return [{ kind: 'arrow', circle: path.slice(0, pill), arrow: path.slice(pill), lines: [path.slice(pill - 1)] }];
  },
  thermo: (ctx) => [{ kind: 'thermo', cells: walk(ctx.n, between(2, 4, ctx.random), KING, ctx.random) }],
  'slow-thermo': (ctx) => [{ kind: 'slow-thermo', cells: walk(ctx.n, between(2, 4, ctx.random), KING, ctx.random) }],
  'little-killer'(ctx) {
    const { n, random } = ctx;
    const side = between(0, 3, random);
    const i = between(0, n - 1, random);
    const [row, col, directions]: [number, number, DiagonalDirection[]] =
      side === 0 ? [-1, i, ['DL', 'DR']] : side === 1 ? [n, i, ['UL', 'UR']] : side === 2 ? [i, -1, ['UR', 'DR']] : [i, n, ['UL', 'DL']];
    const direction = pick(directions, random);
    const cells = diagonalFrom(n, row, col, direction);
    if (cells.length === 0) return [];
    return [{ kind: 'little-killer', clue: `R${row + 1}C${col + 1}`, direction, cells, sum: sumFrom(sOf(ctx, cells), random) }];
  },
  sandwich(ctx) {
    const { n, s, random } = ctx;
    const line = random() < 0.5 ? 'row' : 'column';
    const index = between(0, n - 1, random);
    const cells = Array.from({ length: n }, (_, k) => (line === 'row' ? index * n + k : k * n + index));
    const p = cells.findIndex((c) => s[c] === 1);
    const q = cells.findIndex((c) => s[c] === n);
    const inside = cells.slice(Math.min(p, q) + 1, Math.max(p, q));
    return [{ kind: 'sandwich', line, index, sum: Math.max(0, sumFrom(sOf(ctx, inside), random)) }];
  },
  'white-dot': (ctx) => {
    const [a, b] = pick(orthogonalPairs(ctx.n), ctx.random);
    return [{ kind: 'white-dot', cells: [a, b] }];
  },
  'black-dot': (ctx) => {
    const [a, b] = pick(orthogonalPairs(ctx.n), ctx.random);
    return [{ kind: 'black-dot', cells: [a, b] }];
  },
  xv(ctx) {
    const [a, b] = pick(orthogonalPairs(ctx.n), ctx.random);
    const total = ctx.s[a]! + ctx.s[b]!;
    return [{ kind: 'xv', cells: [a, b], sum: total === 5 || total === 10 ? total : pick([5, 10] as const, ctx.random) }];
  },
  'negative-black': (ctx) => [{ kind: 'negative-black' }, ...marksOfS(ctx, 'black-dot')],
  'negative-xv': (ctx) => [{ kind: 'negative-xv' }, ...marksOfS(ctx, 'xv')],
  'non-consecutive': (ctx) => [{ kind: 'non-consecutive' }, ...marksOfS(ctx, 'white-dot')],
  odd: (ctx) => [{ kind: 'odd', cell: between(0, ctx.n * ctx.n - 1, ctx.random) }],
  even: (ctx) => [{ kind: 'even', cell: between(0, ctx.n * ctx.n - 1, ctx.random) }],
  'anti-knight': () => [{ kind: 'anti-knight' }],
  'anti-king': () => [{ kind: 'anti-king' }],
  diagonal: (ctx) => ctx.diagonals.map((direction) => ({ kind: 'diagonal', direction })),
  'extra-region'(ctx) {
    const cells = Array.from({ length: ctx.n * ctx.n }, (_, i) => i)
      .sort(() => ctx.random() - 0.5)
      .slice(0, between(2, ctx.n, ctx.random));
    return [{ kind: 'extra-region', cells }];
  },
  'disjoint-groups': () => [{ kind: 'disjoint-groups' }],
  palindrome: (ctx) => [{ kind: 'palindrome', cells: walk(ctx.n, between(2, 5, ctx.random), KING, ctx.random) }],
  renban: (ctx) => [{ kind: 'renban', cells: walk(ctx.n, between(2, 4, ctx.random), KING, ctx.random) }],
  whispers: (ctx) => [{ kind: 'whispers', cells: walk(ctx.n, between(2, 4, ctx.random), KING, ctx.random), difference: 2 }],
  between: (ctx) => [{ kind: 'between', cells: walk(ctx.n, between(3, 5, ctx.random), KING, ctx.random) }],
};

/** Most of the time, every dot or X/V S has (so that S keeps a negative rule); otherwise none. */
function marksOfS(ctx: Context, kind: 'black-dot' | 'xv' | 'white-dot'): Constraint[] {
  if (ctx.random() < 0.3) return [];
  const out: Constraint[] = [];
  for (const [a, b] of orthogonalPairs(ctx.n)) {
    const x = ctx.s[a]!;
    const y = ctx.s[b]!;
    if (kind === 'black-dot' && (x === 2 * y || y === 2 * x)) out.push({ kind, cells: [a, b] });
    if (kind === 'white-dot' && Math.abs(x - y) === 1) out.push({ kind, cells: [a, b] });
    if (kind === 'xv' && (x + y === 5 || x + y === 10)) out.push({ kind, cells: [a, b], sum: x + y === 5 ? 5 : 10 });
  }
  return out;
}

const GLOBAL_KINDS = new Set<ConstraintKindName>(['negative-black', 'negative-xv', 'non-consecutive', 'anti-knight', 'anti-king', 'disjoint-groups']);

type Board = '4x4' | '4x4 jigsaw' | '6x6' | '6x6 jigsaw';

interface Case {
  readonly puzzle: VariantPuzzle;
  readonly grids: readonly Uint8Array[];
}

/** Most 6×6 grids the brute force lists before the case takes another given from S. */
const CAP_6 = 4000;

/** A random puzzle with the kinds asked for, and its solutions by brute force. */
function makeCase(board: Board, seed: number, kinds: readonly ConstraintKindName[], satisfiable: boolean, extraGivens: number): Case {
  const random = seededRandom(seed);
  const standard = board.startsWith('4') ? geometry(2, 2) : geometry(2, 3);
  const n = standard.size;
  // The global rules are drawn first, so that S can keep them (when some grid does).
  const diagonals: Array<'positive' | 'negative'> = kinds.includes('diagonal') ? pick([['positive'], ['negative'], ['positive', 'negative']] as const, random).slice() : [];
  const apart = (a: number, b: number): boolean => {
    const dr = Math.abs(Math.floor(a / n) - Math.floor(b / n));
    const dc = Math.abs((a % n) - (b % n));
    if (kinds.includes('anti-knight') && dr * dc === 2) return true;
    if (kinds.includes('anti-king') && dr <= 1 && dc <= 1) return true;
    if (
      kinds.includes('disjoint-groups') &&
      !board.endsWith('jigsaw') &&
      Math.floor(a / n) % standard.boxRows === Math.floor(b / n) % standard.boxRows &&
      (a % n) % standard.boxCols === (b % n) % standard.boxCols
    )
      return true;
    const onDiagonal = (cell: number, d: 'positive' | 'negative') => (d === 'negative' ? Math.floor(cell / n) === cell % n : Math.floor(cell / n) + (cell % n) === n - 1);
    return diagonals.some((d) => onDiagonal(a, d) && onDiagonal(b, d));
  };
  const s = (satisfiable ? randomGrid(standard, random, apart) : undefined) ?? randomGrid(standard, random, () => false)!;
  let g = standard;
  if (board.endsWith('jigsaw')) {
    // Swap the regions of two cells holding the same digit: each region still holds every digit once in S.
    const regionOf = Array.from(standard.boxOf);
    for (let swaps = between(1, 2 * n, random); swaps > 0; swaps--) {
      const a = between(0, n * n - 1, random);
      const partners = [...regionOf.keys()].filter((b) => s[b] === s[a] && regionOf[b] !== regionOf[a]);
      const b = pick(partners, random);
      [regionOf[a], regionOf[b]] = [regionOf[b]!, regionOf[a]!];
    }
    g = jigsawGeometry(n, regionOf);
  }
  const ctx: Context = { g, n, s, random, diagonals };
  const constraints: Constraint[] = [];
  for (const kind of kinds) {
    const times = GLOBAL_KINDS.has(kind) || kind === 'diagonal' ? 1 : between(1, 3, random);
    for (let t = 0; t < times; t++) {
      // Redraw until S satisfies it (when the case asks for it and a few tries find one).
      let drawn: Constraint[] = [];
      for (let attempt = 0; attempt < 30; attempt++) {
        drawn = GENERATORS[kind](ctx).filter((c) => validateConstraint(c, g) === undefined);
        if (!satisfiable || drawn.every((c) => checkConstraint(c, s, g, drawn))) break;
      }
      constraints.push(...drawn);
    }
  }
  // Givens from S: a few on 4×4; on 6×6 at least 6, and more while the grids exceed the cap.
  const order = [...s.keys()].sort(() => random() - 0.5);
  let count = (n === 4 ? between(0, 3, random) : between(6, 10, random)) + extraGivens;
  for (;;) {
    const givens = new Uint8Array(g.cellCount);
    for (const cell of order.slice(0, count)) givens[cell] = s[cell]!;
    const grids = allGrids(g, givens, n === 4 ? Number.POSITIVE_INFINITY : CAP_6);
    if (grids) {
      const puzzle: VariantPuzzle = { geometry: g, givens, constraints };
      return { puzzle, grids: grids.filter((grid) => constraints.every((c) => checkConstraint(c, grid, g, constraints))) };
    }
    count++;
  }
}

// ---------------------------------------------------------------------------------------------
// The property

/** What the runs met, so the test can tell that the generator is not vacuous. */
const met = { kinds: new Set<ConstraintKindName>(), none: 0, one: 0, many: 0, jigsaw: 0 };

function check({ puzzle, grids }: Case): void {
  const g = puzzle.geometry;
  const expected = new Set(grids.map(key));
  const seen = new Set<string>();
  const all = solveVariant(puzzle, {
    limit: Number.POSITIVE_INFINITY,
    onSolution(solution) {
      const k = key(solution);
      assert.ok(!seen.has(k), `solution ${k} reported twice`);
      seen.add(k);
      for (const c of puzzle.constraints) assert.ok(checkConstraint(c, solution, g, puzzle.constraints), `solution ${k} breaks ${JSON.stringify(c)}`);
      assert.ok(expected.has(k), `solution ${k} is not a grid of the brute force (givens, rows, columns, regions)`);
    },
  });
  assert.equal(all.timedOut, false);
  assert.equal(all.count, grids.length, `count without a limit: ${all.count}, brute force ${grids.length}`);
  assert.equal(seen.size, grids.length, 'every brute-force solution reported');
  const two = solveVariant(puzzle, { limit: 2 });
  assert.equal(two.count, Math.min(grids.length, 2), 'limit 2');
  const one = solveVariant(puzzle, { limit: 1 });
  assert.equal(one.count, Math.min(grids.length, 1), 'limit 1');
  if (one.solution) assert.ok(expected.has(key(one.solution)), 'limit 1: its solution is a brute-force one');
  if (two.solution) assert.ok(expected.has(key(two.solution)), 'limit 2: its solution is a brute-force one');
  for (const c of puzzle.constraints) met.kinds.add(c.kind);
  if (g.jigsaw) met.jigsaw++;
  if (grids.length === 0) met.none++;
  else if (grids.length === 1) met.one++;
  else met.many++;
}

/** A case's recipe: shrinking drops kinds and givens, and the report stays short. */
interface Recipe {
  readonly board: Board;
  readonly seed: number;
  readonly kinds: readonly ConstraintKindName[];
  readonly satisfiable: boolean;
  readonly extraGivens: number;
}

const recipes = (boards: readonly Board[]): fc.Arbitrary<Recipe> =>
  fc.record({
    board: fc.constantFrom(...boards),
    seed: fc.integer({ min: 0, max: 0x7fffffff }),
    kinds: fc.subarray(KIND_NAMES, { minLength: 1, maxLength: 5 }),
    // S satisfies every constraint in three cases out of four.
    satisfiable: fc.constantFrom(true, true, true, false),
    extraGivens: fc.integer({ min: 0, max: 2 }),
  });

/** Build the recipe's puzzle and check it; a failure names the puzzle (givens, regions, constraints) and the brute-force count. */
function checkRecipe(r: Recipe): void {
  const c = makeCase(r.board, r.seed, r.kinds, r.satisfiable, r.extraGivens);
  try {
    check(c);
  } catch (error) {
    const g = c.puzzle.geometry;
    const what = { givens: key(c.puzzle.givens), regions: g.jigsaw ? key(g.boxOf) : undefined, constraints: c.puzzle.constraints, bruteForce: c.grids.length };
    throw new Error(`${(error as Error).message}\n${JSON.stringify(what)}`);
  }
}

test('4x4 variant puzzles (2x2 boxes and jigsaw): solveVariant finds exactly the grids brute force finds, with every limit (property)', { timeout: 120_000 }, () => {
  fc.assert(fc.property(recipes(['4x4', '4x4 jigsaw']), checkRecipe), { numRuns: 2000, seed: 20261126, includeErrorInReport: true });
});

test('6x6 variant puzzles (2x3 boxes and jigsaw, givens from 6 up): solveVariant finds exactly the grids brute force finds, with every limit (property)', { timeout: 120_000 }, () => {
  fc.assert(fc.property(recipes(['6x6', '6x6 jigsaw']), checkRecipe), { numRuns: 800, seed: 20261127, includeErrorInReport: true });
});

test('the random puzzles meet every kind, jigsaw boards, and puzzles with no, one and several solutions', () => {
  const missing = KIND_NAMES.filter((k) => !met.kinds.has(k));
  assert.deepEqual(missing, [], 'kinds never drawn into a puzzle');
  assert.ok(met.jigsaw > 20, `jigsaw boards: ${met.jigsaw}`);
  for (const [what, n] of [
    ['no solution', met.none],
    ['one solution', met.one],
    ['several solutions', met.many],
  ] as const) {
    assert.ok(n >= 20, `puzzles with ${what}: ${n}`);
  }
});
