/**
 * The npm generators bench/generate.ts compares with, each behind one function that returns a 9×9
 * puzzle as 81 digits (0 empty), and a child-process entry point: some of them take minutes per
 * puzzle at their hardest levels, and a synchronous call can only be stopped by ending its process.
 *
 * Usage (by bench/generate.ts): node dist/bench/npmGenerators.js NAME LEVEL SECONDS
 *   prints one JSON line: { "perSecond": n, "puzzles": ["81 digits", …] }
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { SudokuCreator } from '@algorithm.ts/sudoku';

const require = createRequire(import.meta.url);

/** A 9×9 grid from 81 cells in any encoding, via a map from each cell's value to a digit (0 = empty). */
function grid81(cells: ArrayLike<unknown>, digit: (v: unknown) => number): string {
  let out = '';
  for (let i = 0; i < 81; i++) out += digit(cells[i]);
  return out;
}

export interface NpmGenerator {
  readonly name: string;
  readonly levels: readonly string[];
  make(level: string): string;
}

/** The exact version pinned in our package.json (some packages do not export their own package.json). */
const PINNED = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { devDependencies: Record<string, string> }).devDependencies;
const version = (name: string) => PINNED[name] ?? '?';

function load(): NpmGenerator[] {
  const sudokuGen = require('sudoku-gen') as { getSudoku(level: string): { puzzle: string } };
  const creator = new SudokuCreator({ childMatrixWidth: 3 });
  const sudoku = require('sudoku') as { makepuzzle(): (number | null)[] };
  const sudokuCore = require('sudoku-core') as { generate(level: string): (number | null)[] };
  return [
    { name: `sudoku-gen ${version('sudoku-gen')}`, levels: ['easy', 'medium', 'hard', 'expert'], make: (level) => grid81(sudokuGen.getSudoku(level).puzzle, (v) => (v === '-' ? 0 : Number(v))) },
    // Digits 0-8 and -1 for empty; the level is a number in [0, 1] (default 0.2).
    {
      name: `@algorithm.ts/sudoku ${version('@algorithm.ts/sudoku')}`,
      levels: ['0.2', '0.5', '0.8'],
      make: (level) => grid81(creator.createSudoku(Number(level)).puzzle, (v) => ((v as number) < 0 ? 0 : (v as number) + 1)),
    },
    // Digits 0-8 and null for empty; one level.
    { name: `sudoku ${version('sudoku')}`, levels: ['default'], make: () => grid81(sudoku.makepuzzle(), (v) => (v === null ? 0 : (v as number) + 1)) },
    {
      name: `sudoku-core ${version('sudoku-core')}`,
      levels: ['easy', 'medium', 'hard', 'expert', 'master'],
      make: (level) => grid81(sudokuCore.generate(level), (v) => (v === null ? 0 : (v as number))),
    },
  ];
}

/** The names and levels, without running anything. */
export function npmGenerators(): { name: string; levels: readonly string[] }[] {
  return load().map(({ name, levels }) => ({ name, levels }));
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop()!)) {
  const [name, level, seconds] = process.argv.slice(2) as [string, string, string];
  const generator = load().find((g) => g.name === name);
  if (!generator) throw new Error(`no npm generator named ${name}`);
  const puzzles: string[] = [];
  const started = performance.now();
  while (puzzles.length < 100000 && performance.now() - started < Number(seconds) * 1000) puzzles.push(generator.make(level));
  process.stdout.write(`${JSON.stringify({ perSecond: puzzles.length / ((performance.now() - started) / 1000), puzzles })}\n`);
}
