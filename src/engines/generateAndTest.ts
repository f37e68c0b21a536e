/**
 * `generate-and-test`: fill every empty cell with a digit, test whether the grid is a solution,
 * and repeat with the next combination until none is left.
 *
 * The first solver of Norvig's pytudes Sudoku notebook, there to show why search needs feedback:
 * with e empty cells on a board of side n it tests n^e grids, whatever the givens say. That is
 * 4^9 = 262,144 grids for the notebook's tiny 4×4 puzzle (fine), but 9^64 ≈ 10^61 for a 17-clue
 * 9×9, which the essay shows would outlast the universe. So this engine refuses up front any
 * puzzle whose combinations exceed a fixed budget, and says how long they would take.
 *
 * The combinations are enumerated in odometer order (the last empty cell turns fastest) as a
 * depth-first walk, so nodes count every partial filling entered and every complete one tested.
 * Orderings do not apply. Use it only to see the size of the space the other engines avoid.
 */
import { EngineRefusal, type Engine } from '../engine.js';
import type { Puzzle } from '../puzzle.js';
import { SearchRun } from './run.js';

/** The most complete grids this engine will test for one puzzle. */
export const GENERATE_AND_TEST_BUDGET = 10_000_000;

/** Complete grids tested per second: 6 to 47 million measured on the essay's 4×4 puzzle (Node 20, a 2-core cloud machine), so 10 million as a round figure. */
const GRIDS_PER_SECOND = 10_000_000;

const SECONDS_PER_YEAR = 365.25 * 24 * 3600;
const AGE_OF_UNIVERSE_YEARS = 1.38e10;

/**
 * A big number for people, given as its base-10 logarithm (n^e overflows a double from
 * 9^323 or 49^182 on, and a 49×49 has up to 2,401 empty cells): digits with separators below a
 * billion, else mantissa and exponent.
 */
function formatPower(log10: number): string {
  // Separators by hand: the first toLocaleString of a process sets up ICU's number formatting
  // (16-25 ms here), and the engine's description below is built when the registry loads.
  if (log10 < 9) return String(Math.round(10 ** log10)).replace(/\B(?=(\d{3})+$)/g, ',');
  let exponent = Math.floor(log10);
  let mantissa = 10 ** (log10 - exponent);
  if (mantissa >= 9.95) {
    mantissa /= 10;
    exponent++;
  }
  return `${mantissa.toFixed(1)}e${exponent}`;
}

function formatCount(x: number): string {
  return formatPower(Math.log10(x));
}

/** How long 10^`log10` grid tests take, in words. */
function formatDuration(log10: number): string {
  const seconds = log10 - Math.log10(GRIDS_PER_SECOND);
  if (seconds < Math.log10(3600)) return `${formatCount(Math.ceil(10 ** seconds))} seconds`;
  const years = seconds - Math.log10(SECONDS_PER_YEAR);
  if (years < 0) return `${formatCount(Math.ceil(10 ** seconds / 3600))} hours`;
  const ages = years - Math.log10(AGE_OF_UNIVERSE_YEARS);
  return `${formatPower(years)} years${ages >= -2 ? ` (${formatPower(ages)} times the age of the universe)` : ''}`;
}

/** Why this puzzle is too big for generate-and-test, or undefined when it is within the budget. */
function refusal(puzzle: Puzzle): string | undefined {
  const { size } = puzzle.geometry;
  let empty = 0;
  for (const d of puzzle.givens) if (d === 0) empty++;
  const grids = empty * Math.log10(size);
  if (size ** empty <= GENERATE_AND_TEST_BUDGET) return undefined;
  return (
    `generate-and-test refuses this puzzle: ${empty} empty cells make ${size}^${empty} ≈ ${formatPower(grids)} grids to test, ` +
    `over its budget of ${formatCount(GENERATE_AND_TEST_BUDGET)}; at ${formatCount(GRIDS_PER_SECOND)} grids a second that is ` +
    `about ${formatDuration(grids)}. Choose another engine (--engine).`
  );
}

export const generateAndTestEngine: Engine = {
  id: 'generate-and-test',
  description: `fill every empty cell with every combination of digits and test each grid (the essay's strawman); refuses puzzles over ${formatCount(GENERATE_AND_TEST_BUDGET)} combinations; orderings do not apply`,
  supports: () => true,
  refuses: refusal,
  solve(puzzle, options = {}) {
    const reason = refusal(puzzle);
    if (reason) throw new EngineRefusal(reason);
    const run = new SearchRun(options);
    const g = puzzle.geometry;
    const grid = puzzle.givens.slice();
    const empty: number[] = [];
    for (let cell = 0; cell < g.cellCount; cell++) if (grid[cell] === 0) empty.push(cell);
    const stamp = new Int32Array(g.size + 1);
    let stamps = 0;

    /** The test: every unit holds each digit once (the givens are kept by construction). */
    const isComplete = (): boolean => {
      for (const unit of g.units) {
        stamps++;
        for (const cell of unit) {
          const d = grid[cell]!;
          if (stamp[d] === stamps) return false;
          stamp[d] = stamps;
        }
      }
      return true;
    };

    /** Generate every filling of the empty cells from the k-th on, testing each complete grid. */
    const generate = (k: number): void => {
      if (k === empty.length) {
        if (isComplete()) run.found(grid);
        return;
      }
      const cell = empty[k]!;
      run.guesses++;
      for (let d = 1; d <= g.size; d++) {
        if (!run.enter()) return;
        grid[cell] = d;
        generate(k + 1);
        if (run.stopped) return;
      }
      grid[cell] = 0;
    };

    run.enter();
    generate(0);
    return run.result();
  },
};
