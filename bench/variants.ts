/**
 * `npm run bench:variants`: the variant solver against Interactive Sudoku Solver (ISS), the
 * strongest JavaScript variant solver we know, on the same puzzles in one process and one run.
 *
 * For each `fpuzzles-<name>.txt` of ../shared/datasets/variants (by default every file but the two
 * `-slow` ones), puzzle by puzzle, alternating the two engines:
 * - ISS on the `iss-<name>.txt` twin line (same puzzle, ISS's text): "first" = `solution(text)`,
 *   "unique" = `countSolutions(text, 2)`, both including ISS's parse and setup;
 * - sudokit on the f-puzzles line, timed the same way: lz-string decode + JSON.parse +
 *   `readFpuzzles` + `solveVariant` with limit 1 ("first") and with limit 2 ("unique"), under a
 *   per-puzzle time limit (a puzzle that hits it is reported as timed out, never dropped).
 * Before a file is timed both engines are warmed up on its puzzles (cycling through them, counting
 * to 2, untimed, for about `--warmup-ms` each, as ISS's own driver does). Each step runs `--repeat`
 * times (the two engines' order swapped every repeat) and the median is kept; a step that took
 * longer than REPEAT_CUTOFF_MS is not repeated (its noise is small beside its length).
 *
 * Every sudokit answer is checked: its count equals ISS's, and where the line has the SOLUTION the
 * solution equals it; every solution found (either run) is a full grid of the board keeping the
 * givens that satisfies every constraint by `checkConstraint` (the kinds' own checks, independent
 * of the solver).
 *
 * Usage: node dist/bench/variants.js [--files a,b] [--include-slow] [--repeat R]
 *        [--time-limit-ms MS] [--warmup-ms MS] [--write FILE]
 * `--files` takes collection names (`examples`) or file names (`fpuzzles-examples.txt`).
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus } from 'node:os';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import lz from 'lz-string';
import { checkConstraint } from '../src/constraints/index.js';
import type { SolveResult } from '../src/engine.js';
import { readFpuzzles } from '../src/format/fpuzzles.js';
import type { VariantPuzzle } from '../src/variant/puzzle.js';
import { solveVariant } from '../src/variant/solver/index.js';
import { sectionOf } from './sections.js';

const { values } = parseArgs({
  options: {
    files: { type: 'string' },
    'include-slow': { type: 'boolean', default: false },
    repeat: { type: 'string', default: '3' },
    'time-limit-ms': { type: 'string', default: '60000' },
    'warmup-ms': { type: 'string', default: '1000' },
    write: { type: 'string' },
  },
});

const VARIANTS = fileURLToPath(new URL('../../../shared/datasets/variants/', import.meta.url));
const ISS = fileURLToPath(new URL('../../../shared/anchors/iss/js/sandbox/simple_solver.js', import.meta.url));
/** A step (one engine, first or unique, on one puzzle) longer than this is timed once. */
const REPEAT_CUTOFF_MS = 5000;

const positive = (name: string, text: string | undefined): number => {
  const n = Number(text);
  if (!Number.isFinite(n) || n < 0) throw new Error(`--${name} ${text}: expected a number of 0 or more`);
  return n;
};
const repeat = Math.max(1, Math.floor(positive('repeat', values.repeat)));
const timeLimitMs = positive('time-limit-ms', values['time-limit-ms']);
const warmupMs = positive('warmup-ms', values['warmup-ms']);

for (const [what, path] of [
  ['the variant datasets', VARIANTS],
  ['the ISS anchor', ISS],
] as const) {
  if (!existsSync(path)) {
    process.stderr.write(`bench/variants: ${what} not found at ${path} (../shared beside the checkout); nothing to measure\n`);
    process.exit(2);
  }
}

/** ISS's synchronous solver (js/sandbox/simple_solver.js), as far as this benchmark calls it. */
interface IssSolver {
  solution(text: string): { toString(): string } | null | undefined;
  countSolutions(text: string, limit: number): number;
  /** The last call's counters; `guesses` counts the values tried where a cell (or a digit's places in a house) had more than one. */
  latestStats(): { guesses: number };
}

// ISS's modules expect a browser-like `self` and a VERSION_PARAM suffix for their dynamic imports.
const globals = globalThis as Record<string, unknown>;
globals.self ??= globalThis;
globals.VERSION_PARAM ??= '';
const { SimpleSolver } = (await import(pathToFileURL(ISS).href)) as { SimpleSolver: new () => IssSolver };
const iss = new SimpleSolver();

// ---------------------------------------------------------------------------------------------
// The files

interface Line {
  readonly name: string;
  readonly issText: string;
  readonly fpuzzles: string;
  /** The known solution in ISS's short form (digits, letters A–P on 16×16), when unique. */
  readonly solution?: string;
}

function collectionOf(arg: string): string {
  return arg.replace(/^fpuzzles-/, '').replace(/\.txt$/, '');
}

function chosenCollections(): string[] {
  if (values.files)
    return values.files
      .split(',')
      .map((s) => collectionOf(s.trim()))
      .filter(Boolean);
  return readdirSync(VARIANTS)
    .filter((f) => /^fpuzzles-.*\.txt$/.test(f))
    .map(collectionOf)
    .filter((c) => values['include-slow'] || !c.endsWith('-slow'))
    .sort();
}

function loadCollection(collection: string): Line[] {
  const read = (file: string) =>
    readFileSync(`${VARIANTS}${file}`, 'utf8')
      .split(/\r?\n/)
      .filter((l) => l.trim() !== '' && !l.startsWith('#'));
  const fp = read(`fpuzzles-${collection}.txt`);
  const twins = read(`iss-${collection}.txt`);
  if (fp.length !== twins.length) throw new Error(`${collection}: ${fp.length} f-puzzles lines but ${twins.length} ISS lines`);
  return fp.map((line, i) => {
    const [fpuzzles, fpSolution] = line.trim().split(/\s+/);
    const [issText, name, issSolution] = twins[i]!.split('\t');
    const solution = fpSolution ?? issSolution?.trim();
    return { name: name?.trim() || `${collection} #${i + 1}`, issText: issText!.trim(), fpuzzles: fpuzzles!, ...(solution ? { solution } : {}) };
  });
}

// ---------------------------------------------------------------------------------------------
// The two engines, timed the same way

interface SudokitRun {
  readonly ms: number;
  readonly result?: SolveResult;
  readonly puzzle?: VariantPuzzle;
  readonly error?: string;
}

function readLine(b64: string): { puzzle?: VariantPuzzle; error?: string } {
  const text = lz.decompressFromBase64(b64);
  if (!text) return { error: 'the f-puzzles string does not decode' };
  const read = readFpuzzles(JSON.parse(text));
  return read.ok ? { puzzle: read.puzzle } : { error: `${read.error.code}: ${read.error.message}` };
}

/** Decode + read + solve, the whole path from the f-puzzles string, timed. */
function runSudokit(b64: string, limit: number, limitMs: number): SudokitRun {
  const started = performance.now();
  const { puzzle, error } = readLine(b64);
  if (!puzzle) return { ms: performance.now() - started, error: error! };
  const result = solveVariant(puzzle, { limit, timeLimitMs: limitMs });
  return { ms: performance.now() - started, result, puzzle };
}

function runIss<T>(step: () => T): { ms: number; value?: T; error?: string } {
  const started = performance.now();
  try {
    const value = step();
    return { ms: performance.now() - started, value };
  } catch (e) {
    return { ms: performance.now() - started, error: String((e as Error)?.message ?? e).split('\n')[0]! };
  }
}

/** A grid in ISS's short form: digits up to 9×9, letters A… (1…) above. */
function shortForm(grid: ArrayLike<number>, size: number): string {
  let out = '';
  for (let i = 0; i < grid.length; i++) out += size <= 9 ? String(grid[i]) : String.fromCharCode(64 + grid[i]!);
  return out;
}

/** Why `grid` is not a solution of `puzzle` (rows, columns, regions, givens, every constraint), or undefined. */
function whyNotSolution(puzzle: VariantPuzzle, grid: Uint8Array): string | undefined {
  const g = puzzle.geometry;
  for (let cell = 0; cell < g.cellCount; cell++) {
    if (grid[cell]! < 1 || grid[cell]! > g.size) return `cell ${cell} holds ${grid[cell]}`;
    if (puzzle.givens[cell] !== 0 && puzzle.givens[cell] !== grid[cell]) return `given at cell ${cell} changed`;
  }
  for (const unit of g.units) if (new Set(Array.from(unit, (c) => grid[c])).size !== g.size) return 'a row, column or region repeats a digit';
  for (const c of puzzle.constraints) if (!checkConstraint(c, grid, g, puzzle.constraints)) return `breaks its ${c.kind} constraint`;
  return undefined;
}

const median = (xs: readonly number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length === 0 ? Number.NaN : s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};
const sum = (xs: readonly number[]): number => xs.reduce((a, b) => a + b, 0);

// ---------------------------------------------------------------------------------------------
// Measuring a collection

interface PuzzleRow {
  readonly name: string;
  /** ISS's count (0, 1, 2 = two or more), or undefined when ISS failed. */
  issCount?: number;
  issFirst: number;
  issUnique: number;
  issError?: string;
  ourCount?: number;
  ourFirst: number;
  ourUnique: number;
  nodes: number;
  /** Branchings in the count to 2: sudokit's two-way choices, ISS's guesses (NaN when unknown). */
  guesses: number;
  issGuesses: number;
  timedOut: boolean;
  /** Why sudokit's answer is wrong; empty when it is right. */
  problems: string[];
}

function warmUp(lines: readonly Line[]): void {
  if (warmupMs <= 0 || lines.length === 0) return;
  let end = performance.now() + warmupMs;
  let i = 0;
  do {
    try {
      iss.countSolutions(lines[i % lines.length]!.issText, 2);
    } catch {}
    i++;
  } while (performance.now() < end);
  end = performance.now() + warmupMs;
  i = 0;
  do {
    runSudokit(lines[i % lines.length]!.fpuzzles, 2, Math.max(1, end - performance.now()));
    i++;
  } while (performance.now() < end);
}

function measurePuzzle(line: Line): PuzzleRow {
  const issFirsts: number[] = [];
  const issUniques: number[] = [];
  const ourFirsts: number[] = [];
  const ourUniques: number[] = [];
  const row: PuzzleRow = {
    name: line.name,
    issFirst: Number.NaN,
    issUnique: Number.NaN,
    ourFirst: Number.NaN,
    ourUnique: Number.NaN,
    nodes: 0,
    guesses: Number.NaN,
    issGuesses: Number.NaN,
    timedOut: false,
    problems: [],
  };
  let issSolution: string | undefined;
  let first: SudokitRun | undefined;
  let unique: SudokitRun | undefined;
  const runIssSteps = () => {
    if (row.issError !== undefined) return;
    if (issFirsts.length === 0 || issFirsts[0]! <= REPEAT_CUTOFF_MS) {
      const a = runIss(() => iss.solution(line.issText)?.toString());
      if (a.error !== undefined) row.issError = a.error;
      else {
        issFirsts.push(a.ms);
        issSolution = a.value;
      }
    }
    if (row.issError === undefined && (issUniques.length === 0 || issUniques[0]! <= REPEAT_CUTOFF_MS)) {
      const b = runIss(() => iss.countSolutions(line.issText, 2));
      if (b.error !== undefined) row.issError = b.error;
      else {
        issUniques.push(b.ms);
        row.issCount = b.value!;
        row.issGuesses = iss.latestStats().guesses;
      }
    }
  };
  const runOurSteps = () => {
    if (row.timedOut || first?.error !== undefined) return;
    if (ourFirsts.length === 0 || ourFirsts[0]! <= REPEAT_CUTOFF_MS) {
      first = runSudokit(line.fpuzzles, 1, timeLimitMs);
      ourFirsts.push(first.ms);
      if (first.result?.timedOut) {
        // Counting to 2 goes through the same search: it would time out too. Its time is at least this one.
        row.timedOut = true;
        ourUniques.push(first.ms);
        return;
      }
    }
    if (first?.error === undefined && (ourUniques.length === 0 || ourUniques[0]! <= REPEAT_CUTOFF_MS)) {
      unique = runSudokit(line.fpuzzles, 2, timeLimitMs);
      ourUniques.push(unique.ms);
      if (unique.result?.timedOut) row.timedOut = true;
    }
  };
  for (let r = 0; r < repeat; r++) {
    if (r % 2 === 0) {
      runIssSteps();
      runOurSteps();
    } else {
      runOurSteps();
      runIssSteps();
    }
  }
  row.issFirst = median(issFirsts);
  row.issUnique = median(issUniques);
  row.ourFirst = median(ourFirsts);
  row.ourUnique = median(ourUniques);
  if (first?.error !== undefined) {
    row.problems.push(`not read: ${first.error}`);
    return row;
  }
  row.nodes = unique?.result?.stats.nodes ?? first?.result?.stats.nodes ?? 0;
  row.guesses = unique?.result?.stats.guesses ?? Number.NaN;
  if (line.solution !== undefined && issSolution !== undefined && issSolution !== line.solution) row.problems.push("ISS's solution differs from the known one (ISS, not sudokit)");
  if (row.timedOut) return row;
  row.ourCount = unique?.result?.count;
  if (row.issCount !== undefined && row.ourCount !== row.issCount) row.problems.push(`count ${row.ourCount}, ISS ${row.issCount}`);
  if (first?.result && first.result.count !== Math.min(1, row.ourCount ?? 0)) row.problems.push(`limit 1 found ${first.result.count}, limit 2 found ${row.ourCount}`);
  if (line.solution !== undefined && row.ourCount === 0) row.problems.push('no solution, the line gives one');
  for (const [label, run] of [
    ['first', first],
    ['unique', unique],
  ] as const) {
    const solution = run?.result?.solution;
    if (!run?.puzzle || !solution) continue;
    const why = whyNotSolution(run.puzzle, solution);
    if (why) row.problems.push(`${label} run's solution ${why}`);
    if (line.solution !== undefined && shortForm(solution, run.puzzle.geometry.size) !== line.solution) row.problems.push(`${label} run's solution is not the known one`);
  }
  return row;
}

// ---------------------------------------------------------------------------------------------
// Output

const lines: string[] = [];
const say = (line = '') => {
  lines.push(line);
};
const progress = (text: string) => process.stderr.write(`${text}\n`);

/** Milliseconds, readable at every scale. */
function ms(x: number): string {
  if (!Number.isFinite(x)) return '–';
  const digits = x < 10 ? 2 : x < 100 ? 1 : 0;
  return x.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
}
function ratio(a: number, b: number): string {
  if (!Number.isFinite(a) || !Number.isFinite(b) || b <= 0) return '–';
  const r = a / b;
  return r.toFixed(r < 10 ? 2 : r < 100 ? 1 : 0);
}
/** A sudokit figure that a time-out makes a lower bound. */
const atLeast = (text: string, bound: boolean) => (bound && text !== '–' ? `≥ ${text}` : text);

interface Summary {
  readonly collection: string;
  readonly rows: readonly PuzzleRow[];
}

function summaryRow(s: Summary): string {
  const { rows } = s;
  const timedOut = rows.some((r) => r.timedOut);
  // Ratios over the puzzles both engines answered; a timed-out sudokit time counts as what it spent.
  const both = rows.filter((r) => Number.isFinite(r.ourUnique) && Number.isFinite(r.issUnique));
  const ours = both.map((r) => r.ourUnique);
  const theirs = both.map((r) => r.issUnique);
  const perPuzzle = both.map((r) => r.ourUnique / r.issUnique);
  const ourFirst = sum(both.map((r) => r.ourFirst));
  const issFirst = sum(both.map((r) => r.issFirst));
  const mismatches = rows.filter((r) => r.problems.some((p) => !p.includes('(ISS, not sudokit)'))).length;
  const issErrors = rows.filter((r) => r.issError !== undefined).length;
  const maxOurs = Math.max(...ours);
  const maxTimedOut = rows.some((r) => r.timedOut && r.ourUnique === maxOurs);
  const counted = rows.filter((r) => Number.isFinite(r.guesses) && Number.isFinite(r.issGuesses));
  return [
    s.collection,
    String(rows.length),
    atLeast(ms(median(ours)), timedOut && median(ours) >= timeLimitMs),
    atLeast(ms(maxOurs), maxTimedOut),
    atLeast(ms(sum(ours)), timedOut),
    ms(median(theirs)),
    ms(Math.max(...theirs)),
    ms(sum(theirs)),
    ratio(median(ours), median(theirs)),
    atLeast(ratio(maxOurs, Math.max(...theirs)), maxTimedOut),
    atLeast(ratio(sum(ours), sum(theirs)), timedOut),
    ratio(median(perPuzzle), 1),
    atLeast(ms(ourFirst), timedOut),
    ms(issFirst),
    `${sum(counted.map((r) => r.guesses)).toLocaleString('en-US')} / ${sum(counted.map((r) => r.issGuesses)).toLocaleString('en-US')}`,
    ratio(sum(counted.map((r) => r.guesses)), sum(counted.map((r) => r.issGuesses))),
    String(mismatches),
    String(rows.filter((r) => r.timedOut).length) + (issErrors ? ` (ISS errors: ${issErrors})` : ''),
  ].join(' | ');
}

function puzzleTable(s: Summary): void {
  say(`### ${s.collection}`);
  say();
  say('| # | puzzle | solutions | ISS first ms | ISS unique ms | sudokit first ms | sudokit unique ms | sudokit / ISS (unique) | sudokit nodes | sudokit guesses | ISS guesses | check |');
  say('|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|');
  s.rows.forEach((r, i) => {
    const count = r.timedOut ? `? (ISS ${r.issCount ?? '–'})` : `${r.ourCount ?? '–'}`;
    const check = r.timedOut ? `**timed out** (limit ${ms(timeLimitMs)} ms)` : r.problems.length > 0 ? `**${r.problems.join('; ')}**` : r.issError !== undefined ? `ISS error: ${r.issError}` : 'ok';
    say(
      `| ${i + 1} | ${r.name.replace(/\|/g, '\\|')} | ${count} | ${ms(r.issFirst)} | ${ms(r.issUnique)} | ${atLeast(ms(r.ourFirst), r.timedOut)} | ${atLeast(ms(r.ourUnique), r.timedOut)} | ${atLeast(ratio(r.ourUnique, r.issUnique), r.timedOut)} | ${r.nodes.toLocaleString('en-US')} | ${Number.isFinite(r.guesses) ? r.guesses.toLocaleString('en-US') : '–'} | ${Number.isFinite(r.issGuesses) ? r.issGuesses.toLocaleString('en-US') : '–'} | ${check} |`,
    );
  });
  say();
}

// ---------------------------------------------------------------------------------------------
// The run

const collections = chosenCollections();
const command = `node dist/bench/variants.js${process.argv.length > 2 ? ` ${process.argv.slice(2).join(' ')}` : ''}`;
const summaries: Summary[] = [];
const runStarted = performance.now();
for (const collection of collections) {
  const puzzles = loadCollection(collection);
  progress(`${collection}: ${puzzles.length} puzzles; warming up (${ms(warmupMs)} ms each engine)`);
  warmUp(puzzles);
  const rows: PuzzleRow[] = [];
  puzzles.forEach((line, i) => {
    const row = measurePuzzle(line);
    rows.push(row);
    const verdict = row.timedOut ? 'TIMED OUT' : row.problems.length ? `PROBLEM: ${row.problems.join('; ')}` : 'ok';
    progress(`  ${collection} ${i + 1}/${puzzles.length} ${row.name}: ISS ${ms(row.issUnique)} ms, sudokit ${ms(row.ourUnique)} ms (${row.nodes} nodes), ${verdict}`);
  });
  summaries.push({ collection, rows });
}
const all: Summary = { collection: '**all**', rows: summaries.flatMap((s) => s.rows) };

say(`# Variant solving: sudokit against ISS, ${new Date().toISOString().slice(0, 10)}`);
say();
say(`Machine: ${cpus()[0]?.model ?? 'unknown CPU'}, ${availableParallelism()} cores; Node ${process.version}; command: \`${command}\`; run time ${ms((performance.now() - runStarted) / 1000)} s.`);
say();
say(
  `One process, single thread, both engines on the same puzzles in one run: ISS (Interactive Sudoku Solver, \`../shared/anchors/iss\`) on each \`iss-<file>.txt\` line, sudokit on its twin \`fpuzzles-<file>.txt\` line, alternating puzzle by puzzle, each file after a warm-up of about ${ms(warmupMs)} ms per engine on its own puzzles. "first" is the time to the first solution, "unique" the time to count solutions up to 2; both include everything from the text: ISS's parse and setup, and sudokit's lz-string decode, JSON.parse, \`readFpuzzles\` and \`solveVariant\` (limit 1, limit 2). Each step is the median of ${repeat} run${repeat === 1 ? '' : 's'} (the engines' order swapped every run; a step over ${ms(REPEAT_CUTOFF_MS)} ms runs once). sudokit has a time limit of ${ms(timeLimitMs)} ms per solve; a puzzle that hits it is counted as a time-out, its time as the limit (figures marked ≥ are lower bounds). Ratios are sudokit / ISS: below 1, sudokit is faster. "Σ first" sums the first-solution times. Every sudokit answer is checked: its count equals ISS's, its solution equals the file's SOLUTION where there is one, and every solution it gives keeps the givens and satisfies rows, columns, regions and every constraint by \`checkConstraint\`; "mismatches" counts the puzzles where one of these fails. "Guesses" are the branchings of the count to 2, summed over the puzzles neither engine timed out on: sudokit's two-way choices (a digit in a cell or not), ISS's \`latestStats().guesses\` (the values it tried where more than one was left); both engines narrow to about the same candidates between guesses, so their ratio is the ratio of the search trees' sizes.`,
);
say();
say(
  '| collection | puzzles | sudokit median unique ms | sudokit max | sudokit Σ unique | ISS median unique ms | ISS max | ISS Σ unique | ratio of medians | ratio of maxima | ratio of Σ | median per-puzzle ratio | sudokit Σ first | ISS Σ first | guesses, sudokit / ISS | ratio of guesses | mismatches | time-outs |',
);
say('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
for (const s of [...summaries, all]) say(`| ${summaryRow(s)} |`);
say();
const wrong = all.rows.filter((r) => r.problems.length > 0 || r.timedOut);
if (wrong.length > 0) {
  say('Puzzles that did not pass (time-outs and mismatches):');
  say();
  for (const r of wrong) say(`- ${r.name}: ${r.timedOut ? `timed out after ${ms(timeLimitMs)} ms` : r.problems.join('; ')}`);
  say();
}
say('## Per puzzle');
say();
for (const s of summaries) puzzleTable(s);

const markdown = `${lines.join('\n')}\n`;
process.stdout.write(markdown);
if (values.write) {
  // The step solver's section (bench:variant-steps) stays as it was.
  const kept = existsSync(values.write) ? sectionOf(readFileSync(values.write, 'utf8'), 'logic-alone') : '';
  writeFileSync(values.write, kept ? `${markdown}\n${kept}` : markdown);
  progress(`wrote ${values.write}`);
}
