/** Shared test helpers: where the datasets are, seeded randomness, random puzzles. */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Geometry } from '../src/geometry.js';
import { createPuzzle, type Puzzle } from '../src/puzzle.js';
import { exactCoverEngine } from '../src/registry.js';

/** The repository root (tests run from dist/test). */
export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const SHARED_DATASETS = fileURLToPath(new URL('../../../shared/datasets/', import.meta.url));
export const VENDORED_DATASETS = fileURLToPath(new URL('../../test/data/', import.meta.url));
export const HAS_SHARED = existsSync(`${SHARED_DATASETS}README.md`);
export const CLI = fileURLToPath(new URL('../src/cli/main.js', import.meta.url));

/** A dataset file: the full copy in ../shared/datasets when present, else the vendored sample. */
export function dataset(name: string): { path: string; full: boolean } {
  const shared = `${SHARED_DATASETS}${name}`;
  if (HAS_SHARED && existsSync(shared)) return { path: shared, full: true };
  return { path: `${VENDORED_DATASETS}${name}`, full: false };
}

/** The puzzle lines of a dataset file (first field of each line). */
export function readDataset(name: string): { puzzles: string[]; notes: string[]; full: boolean } {
  const { path, full } = dataset(name);
  const puzzles: string[] = [];
  const notes: string[] = [];
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    if (line.trim() === '') continue;
    const [puzzle, ...rest] = line.trim().split(/\s+/);
    puzzles.push(puzzle!);
    notes.push(rest.join(' '));
  }
  return { puzzles, notes, full };
}

export { seededRandom } from '../src/random.js';

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
