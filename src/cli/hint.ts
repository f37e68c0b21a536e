/**
 * `sudokit hint PUZZLE|FILE|- …`: the next step of each puzzle, the easiest deduction a strong
 * human would make now (a guess, saying so, only when no technique applies).
 */
import { makeLine } from '../format/make.js';
import { makeStepJson } from '../format/steps.js';
import { Board } from '../logic/board.js';
import { guessStep, nextStep } from '../logic/stepSolver.js';
import { forEachPuzzle, parseStepArgs, preparePuzzle, sideOfBox, whereOf } from './puzzles.js';

export const HINT_HELP = `Usage: sudokit hint PUZZLE|FILE|URL|- ... [options]

Print the next step of each puzzle: the easiest technique that makes progress, in standard
notation (Hidden Single: 7 in box 4 can only go in r5c6). An argument that is not a file,
URL or - is read as a puzzle itself.

Options:
  --format text|json  text: one line per puzzle (default); json: one object per puzzle
                      {"puzzle","step"} (step is null for a full grid)
  --box RxC           box shape for sides that are not perfect squares (6x6 needs 2x3 or 3x2)
  -h, --help          show this help

Exit status: 0 when every puzzle was valid and had a solution; 1 when any was invalid or
unsolvable (every other puzzle is still answered); 2 for usage errors.`;

export async function hintCommand(argv: readonly string[]): Promise<number> {
  const args = parseStepArgs(argv, HINT_HELP);
  if (!args) return 0;
  const { format, box, positionals } = args;
  let failed = false;
  const ok = await forEachPuzzle(positionals, sideOfBox(box), (record) => {
    const prepared = preparePuzzle(record, box);
    if (!prepared.ok) {
      failed = true;
      process.stderr.write(`sudokit: ${whereOf(record)}: ${prepared.message}\n`);
      process.stdout.write(format === 'json' ? `${JSON.stringify({ puzzle: record.text, error: prepared.message })}\n` : 'invalid\n');
      return;
    }
    const { puzzle, solution, unique } = prepared;
    const board = Board.fromPuzzle(puzzle);
    const step = board.isSolved() ? undefined : (nextStep(board, { unique }) ?? guessStep(board, solution));
    const g = puzzle.geometry;
    if (format === 'json') {
      process.stdout.write(`${JSON.stringify({ puzzle: makeLine(g, puzzle.givens), step: step ? makeStepJson(g, step) : null })}\n`);
    } else {
      process.stdout.write(`${step ? step.text : 'Solved: the grid is full'}\n`);
    }
  });
  if (!ok) return 2;
  return failed ? 1 : 0;
}
