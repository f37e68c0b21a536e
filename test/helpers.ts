/**
 * Shared test helpers: where the datasets are, how big a run is, seeded randomness, random
 * puzzles, and tests that need a tool.
 *
 * Two switches shape a run, and `.ci/run` tries every combination that matters:
 * - SUDOKIT_NO_SHARED=1 hides ../shared/datasets, as in a user's clone: dataset tests then read
 *   the vendored samples in test/data, which hold enough of every band for each test's minimum.
 * - SUDOKIT_FULL=1 (`npm run test:full`, which runs only the files that read FULL) runs the sweeps
 *   over whole dataset files; `npm test` runs them over evenly spread samples.
 * A test file reads the datasets only through these helpers (or a path naming ../shared), which is
 * how `.ci/run` picks the files worth a second run with ../shared hidden.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { CoreStats } from '../src/core/fast9.js';
import { parsePuzzle } from '../src/format/parse.js';
import { cellName, type Geometry, geometry } from '../src/geometry.js';
import { Board, bit } from '../src/logic/board.js';
import type { Step } from '../src/logic/step.js';
import { createPuzzle, type Puzzle } from '../src/puzzle.js';
import { exactCoverEngine, solve } from '../src/registry.js';

/** The repository root (tests run from dist/test). */
export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const SHARED_DATASETS = fileURLToPath(new URL('../../../shared/datasets/', import.meta.url));
export const VENDORED_DATASETS = fileURLToPath(new URL('../../test/data/', import.meta.url));
export const HAS_SHARED = process.env.SUDOKIT_NO_SHARED !== '1' && existsSync(`${SHARED_DATASETS}README.md`);
/** Whole-file sweeps (`npm run test:full`) rather than samples. */
export const FULL = process.env.SUDOKIT_FULL === '1';
export const CLI = fileURLToPath(new URL('../src/bin/main.js', import.meta.url));

/** What a finished command left: its exit, and everything it wrote. */
export interface Ran {
  readonly status: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * Run a program to its end, with `input` on its stdin (closed after it). A run still going after
 * `timeoutMs` is killed and fails the test, naming the command: a waiting test blocks the whole
 * worker, so without this bound one command that ignores its input's end would hang the suite
 * instead of failing it.
 */
export function runProgram(
  command: string,
  args: readonly string[],
  { input, env, cwd, timeoutMs = 120_000 }: { input?: string | Buffer; env?: NodeJS.ProcessEnv; cwd?: string; timeoutMs?: number } = {},
): Ran {
  const r = spawnSync(command, args, { input, env, cwd, encoding: 'utf8', timeout: timeoutMs, killSignal: 'SIGKILL', maxBuffer: 256 << 20 });
  if ((r.error as NodeJS.ErrnoException | undefined)?.code === 'ETIMEDOUT') {
    throw new Error(`${command} ${args.join(' ').slice(0, 200)}: still running after ${timeoutMs} ms, killed; stderr: ${r.stderr.slice(0, 500)}`);
  }
  if (r.error) throw r.error;
  return { status: r.status, signal: r.signal, stdout: r.stdout, stderr: r.stderr };
}

/** Run the built CLI (`sudokit ARGS`) to its end: see runProgram. */
export function runCli(args: readonly string[], options: Parameters<typeof runProgram>[2] = {}): Ran {
  return runProgram(process.execPath, [CLI, ...args], options);
}

/** A dataset file: the full copy in ../shared/datasets when present, else the vendored sample. */
export function dataset(name: string): { path: string; full: boolean } {
  const shared = `${SHARED_DATASETS}${name}`;
  if (HAS_SHARED && existsSync(shared)) return { path: shared, full: true };
  return { path: `${VENDORED_DATASETS}${name}`, full: false };
}

/** The puzzle lines of a dataset file (first field of each line), and which copy they came from. */
export function readDataset(name: string): { puzzles: string[]; notes: string[]; full: boolean; source: string } {
  const { path, full } = dataset(name);
  const puzzles: string[] = [];
  const notes: string[] = [];
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    if (line.trim() === '') continue;
    const [puzzle, ...rest] = line.trim().split(/\s+/);
    puzzles.push(puzzle!);
    notes.push(rest.join(' '));
  }
  return { puzzles, notes, full, source: full ? `${name}, whole file` : `${name}, vendored sample` };
}

/**
 * `count` puzzles spread evenly over a list (all of them when there are fewer), so a sample
 * meets every part of a file ordered by difficulty.
 */
export function spreadSample<T>(items: readonly T[], count: number): T[] {
  if (items.length <= count) return [...items];
  const out: T[] = [];
  for (let i = 0; i < count; i++) out.push(items[Math.floor((i * items.length) / count)]!);
  return out;
}

/** The puzzles of a dataset whose note (an SE rating) lies in [low, high], with their ratings. */
export function ratedBand(name: string, low: number, high: number): { puzzles: string[]; ratings: number[]; source: string } {
  const data = readDataset(name);
  const puzzles: string[] = [];
  const ratings: number[] = [];
  data.notes.forEach((note, i) => {
    const rating = Number(note);
    if (rating >= low && rating <= high) {
      puzzles.push(data.puzzles[i]!);
      ratings.push(rating);
    }
  });
  return { puzzles, ratings, source: data.source };
}

/** Tools a run may demand (SUDOKIT_REQUIRE=chromium,resvg): a test that needs one fails without it instead of skipping. */
const REQUIRED = new Set(
  (process.env.SUDOKIT_REQUIRE ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean),
);

/**
 * The reason to skip a test that needs `tool`, or undefined when it is present. Where the run
 * demands the tool, its absence is a failure: CI installs Chromium and the PNG renderer, so a
 * browser test that skips there would hide a broken install.
 */
export function missingTool(tool: string, present: boolean, why: string): string | undefined {
  if (present) return undefined;
  assert.ok(!REQUIRED.has(tool), `${tool} is required in this run (SUDOKIT_REQUIRE) but missing: ${why}`);
  return why;
}

export { seededRandom } from '../src/random.js';

/** Box shapes (rows x columns) from 4x4 to 25x25, rectangular ones included, easiest first: the sizes tests sweep. */
export const BOX_SHAPES: readonly (readonly [number, number])[] = [
  [2, 2],
  [2, 3],
  [3, 2],
  [2, 4],
  [3, 3],
  [3, 4],
  [4, 4],
  [5, 5],
];

/** A random complete grid of a geometry, drawn by the exact-cover core from an empty grid. */
export function randomSolution(g: Geometry, random: () => number): Uint8Array {
  const result = exactCoverEngine.solve(createPuzzle(g, new Uint8Array(g.cellCount)), { random, limit: 1 });
  if (!result.solution) throw new Error(`no random grid for ${g.size}x${g.size}`);
  return result.solution;
}

/** A puzzle made by keeping each cell of a random solution with probability `keep`. */
export function randomPuzzle(g: Geometry, random: () => number, keep: number): { puzzle: Puzzle; solution: Uint8Array } {
  const solution = randomSolution(g, random);
  const givens = solution.map((d) => (random() < keep ? d : 0));
  return { puzzle: createPuzzle(g, givens), solution };
}

/**
 * A copy of `givens` with one more given: a random digit, on a random empty cell, that clashes
 * with no given. The puzzle may lose every solution that way, which counting tests want to meet.
 */
export function withOneMoreGiven(g: Geometry, givens: Uint8Array, random: () => number): Uint8Array {
  const out = Uint8Array.from(givens);
  const empty = [...out.keys()].filter((c) => out[c] === 0);
  const cell = empty[Math.floor(random() * empty.length)];
  if (cell === undefined) return out;
  const free = Array.from({ length: g.size }, (_, d) => d + 1).filter((d) => !g.peers[cell]!.some((p) => out[p] === d));
  out[cell] = free[Math.floor(random() * free.length)] ?? 0;
  return out;
}

/** A 9×9 board from a pencil-mark grid of 81 tokens: `=5` for a filled cell, else its candidates. */
export function pencilmarkBoard(text: string): Board {
  const tokens = text.split(' ');
  assert.equal(tokens.length, 81, `expected 81 tokens, got ${tokens.length}`);
  const values = tokens.map((t) => (t.startsWith('=') ? Number(t.slice(1)) : 0));
  const candidates = tokens.map((t) => (t.startsWith('=') ? 0 : [...t].reduce((m, d) => m | bit(Number(d)), 0)));
  return Board.fromCandidates(geometry(3, 3), values, candidates);
}

/**
 * The one solution of `puzzle` (a line), after checking that `board` is a state on the way to it:
 * every given is kept, every placed digit is the solution's, and every empty cell still has the
 * solution's digit among its candidates. A pencil-mark grid pinned in a test is then known to
 * be one a solver can meet on that puzzle, not an invented one.
 */
export function solutionAgreeing(puzzle: string, board: Board): Uint8Array {
  const parsed = parsePuzzle(puzzle);
  if (!parsed.ok) throw new Error(parsed.error.message);
  const givens = parsed.puzzle.givens;
  const counted = solve(parsed.puzzle, { limit: 2 });
  assert.equal(counted.count, 1, `${puzzle} has one solution`);
  const solution = counted.solution!;
  const g = board.geometry;
  for (let cell = 0; cell < g.cellCount; cell++) {
    const given = givens[cell]!;
    if (given !== 0) assert.equal(board.values[cell], given, `given ${cellName(g, cell)}=${given} kept`);
    if (board.values[cell] !== 0) assert.equal(board.values[cell], solution[cell], `${cellName(g, cell)} holds the solution's digit`);
    else assert.ok(board.has(cell, solution[cell]!), `${cellName(g, cell)} keeps the solution's ${solution[cell]}`);
  }
  return solution;
}

/** A step is sound against a solution: it places only the solution's digits and removes none of them. */
export function assertSound(step: Step, solution: ArrayLike<number>, g: Geometry = geometry(3, 3)): void {
  for (const p of step.placements) assert.equal(p.digit, solution[p.cell], `${step.text}: places ${cellName(g, p.cell)}=${p.digit}`);
  for (const e of step.eliminations) assert.notEqual(e.digit, solution[e.cell], `${step.text}: removes the solution's ${e.digit} from ${cellName(g, e.cell)}`);
}

/**
 * A child's environment with SUDOKIT_POOL_REPORT=1: the command then says on stderr what each pool
 * worker answered. SUDOKIT_POOL_AFTER_MS=0 makes `solve` hand every batch after the first to the
 * pool, however short the run, so a test's few hundred puzzles meet the workers.
 */
export const POOL_REPORT_ENV: NodeJS.ProcessEnv = { ...process.env, SUDOKIT_POOL_REPORT: '1', SUDOKIT_POOL_AFTER_MS: '0' };

/**
 * The puzzles each pool worker answered, read from the stderr of a command run with
 * POOL_REPORT_ENV: [] when no pool was started. Fails when the report is missing.
 */
export function poolAnswers(stderr: string): number[] {
  if (/^sudokit: pool: not started$/m.test(stderr)) return [];
  const report = /^sudokit: pool: (\d+) puzzles answered by workers: (.*)$/m.exec(stderr);
  assert.ok(report, `no pool report on stderr:\n${stderr.slice(-500)}`);
  const counts = [...report[2]!.matchAll(/worker \d+ (\d+)/g)].map((m) => Number(m[1]));
  assert.equal(
    counts.reduce((a, b) => a + b, 0),
    Number(report[1]),
    'the report adds up',
  );
  return counts;
}

/** A 9×9 puzzle line as the cores read it: 81 cells, 1-9 a given, anything else empty. */
export function parse9(line: string): Uint8Array {
  const g = new Uint8Array(81);
  for (let i = 0; i < 81; i++) {
    const c = line.charCodeAt(i);
    g[i] = c >= 49 && c <= 57 ? c - 48 : 0;
  }
  return g;
}

/** Core stats filled with values no search leaves, so a test sees that the core wrote them. */
export function newStats(): CoreStats {
  return { nodes: -1, guesses: -1, timedOut: true };
}

/**
 * A 36x36 puzzle (half of a random valid grid's cells kept; from bench/data/bigboards.txt) that
 * the solver does not settle in a minute: a search long enough to stop, and to run out of a
 * short time limit. (A 25x25 served here until the core learnt to answer those in well under a
 * second; the Stop test checks this one still takes more than one.)
 */
export const SLOW = [
  '..D..AIZ....T.FM2.3OJBW..5G7a.N.1..CCE..V1DO..47.La...8Z.6.Q...H...B..5Y.R5.M.H..2GJW.V.U.7.4.A.C1..NESa...I.H.Z..M1..W.3N.PA8..C5..F.VQ...L.4..32.7N..LV.....6.Z5T..1..D..SP....O.9.P.L.....5RC7Q.D.BS.NX.V..3.ZU.GEH.K..a..6YQ7E.XK4.........FSZ.J.PCW..8..5.D.G....FO..WV.L4SA3CJMNQ....7aX6..3...P.S..2.X...aERVW.TKA.9.LC......',
  'T.X..OA9..8.26HZ7GED...1.KU....N...PZWCA..LI51.VQ.3JMF.2..8.6.E.HG..9TU...2K........S.A....IaZY.X81O.FGM.L..Y9ICQ...HLE.5..4..G.8a..WS.V7.6U.N..PJ.4.W.C...K...6.DB.Q.V.H2X...A..I7.MXVR6FG....1a....WH39D.5.Y........4.7.1UG.O....Z.HTB3...62E....C98.XL...S........F..VRX....1UNJ4PE..5.D.H.W8.8B..HVWQ45YM.P...I.FS7C....Ja.....T',
  '.KA.RTU4DXQ.YBI..OP..L...G82.7MV.Z..XGL.7..EOT...1U..S.B.Y3...a..ZQ.W.9..V..H.F8..L....Q.....W.6.D.9O...I.....PO..R.WY.H.M.XN.Z.1.58.3.T.K...BAL......7.S..B9.G..JX4E..T.M....Y.8C....4.U..JZN9IP.L8...QD.K..VYW..H..SORG.H.5K...6J.D.9N..L...ZM7QA.1R.2FWYO27M9W..a....1V...Z.U....3.B.6O.I.J...CN.PI...R3LE..U.4.9KJXYaH5G.21.B.V.',
  '....L.5.P7K.B..THAV.O81..J.EF.U4...Q.SFBT81M2G..6J..ORaW.IPAL9.Y.4.HZ....AJ1.QC.U....G..X32RT...Z..M..a.N.D..6K.8.SV.QMPC.4..U.LYTDXJB.....R73E.A...J.E.Y..FRPB..M..ZGI.V..N..9.CUS.WF..a.JNLAZ..72.V.C.B....PRD.T.1K.GH...........D..Ja51U....R8CSF..BQ..LM..9P.CW7.UB.8.SH...F2.Q.K....XI.45.a5B7..R42.......GL...S.N.Q...Y6P.VA..',
].join('');
