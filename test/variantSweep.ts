/**
 * What the variant step tests share: reading a puzzle, its solution's digits, the check that a
 * step keeps the known solution, and the soundness sweep over the variant collections. The sweep
 * is split over two test files (variant-sweep-1 and -2, every other puzzle each), so the runner's
 * two workers share it: over the whole collections it takes about five minutes on one core.
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { parseVariant } from '../src/format/variant.js';
import { cellName } from '../src/geometry.js';
import type { Step } from '../src/logic/step.js';
import { explain } from '../src/logic/stepSolver.js';
import type { VariantPuzzle } from '../src/variant/puzzle.js';
import { SHARED_DATASETS, VENDORED_DATASETS } from './helpers.js';

export function read(text: string): VariantPuzzle {
  const read = parseVariant(text);
  assert.ok(read.ok, read.ok ? '' : read.error.message);
  return read.puzzle;
}

export function digitsOf(p: VariantPuzzle, line: string): number[] {
  return Array.from(line, (ch) => (ch === '.' ? 0 : p.geometry.digits.indexOf(ch) + 1));
}

export function assertSound(step: Step, solution: readonly number[], g: VariantPuzzle['geometry'], where: string): void {
  for (const p of step.placements) assert.equal(p.digit, solution[p.cell], `${where}: ${step.text} places ${cellName(g, p.cell)}=${p.digit} against the solution`);
  for (const e of step.eliminations) assert.notEqual(e.digit, solution[e.cell], `${where}: ${step.text} takes the solution's digit out of ${cellName(g, e.cell)}`);
}

const COLLECTIONS = ['displayed-examples', 'examples', 'hard-thermos', 'extreme-killers', 'hard-renban', 'tarek-all', 'mathemagic-killers', 'hs-killers', 'little-killer-snipes', 'other-sizes'];

/**
 * The variant collections to sweep: every line of the shared files when `whole` (`npm run
 * test:full` with ../shared beside the checkout), the vendored lines otherwise (the quick suite).
 */
function sweepLines(whole: boolean): Array<{ text: string; solution: string; where: string }> {
  const out: Array<{ text: string; solution: string; where: string }> = [];
  for (const name of COLLECTIONS) {
    const shared = `${SHARED_DATASETS}variants/fpuzzles-${name}.txt`;
    const path = whole && existsSync(shared) ? shared : `${VENDORED_DATASETS}variants/solve-${name}.txt`;
    readFileSync(path, 'utf8')
      .split('\n')
      .forEach((line, i) => {
        const [text, solution] = line.trim().split(/\s+/);
        if (text && solution) out.push({ text, solution, where: `${name}:${i + 1}` });
      });
  }
  return out;
}

/**
 * Part `part` of `parts` of the sweep (every parts-th puzzle from the part-th): each puzzle is
 * explained with its known solution at hand, every step must keep that solution, and each path
 * ends solved or timed out. Returns how many puzzles and steps it checked.
 */
export function sweepPart(part: number, parts: number, whole: boolean): { puzzles: number; steps: number } {
  let puzzles = 0;
  let steps = 0;
  sweepLines(whole).forEach(({ text, solution: line, where }, i) => {
    if (i % parts !== part) return;
    const puzzle = read(text);
    // Solutions of the 16x16 collection are written A-P for 1-16.
    const solution = puzzle.geometry.size === 16 ? Array.from(line, (ch) => ch.charCodeAt(0) - 64) : digitsOf(puzzle, line);
    const path = explain(puzzle, { solution, timeLimitMs: 20_000 });
    for (const step of path.steps) assertSound(step, solution, puzzle.geometry, `${where} (${puzzle.title ?? ''})`);
    assert.ok(path.solved || path.timedOut, `${where}: ${path.reason}`);
    puzzles++;
    steps += path.steps.length;
  });
  return { puzzles, steps };
}
