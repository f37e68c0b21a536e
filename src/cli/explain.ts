/**
 * `sudokit explain FILE …`: the whole solving path of each puzzle, step by step, in the order a
 * strong human would find them; `--verbose` prints the candidate grid after each step.
 */
import { makeCandidateGrid } from '../format/candidates.js';
import { makeLine } from '../format/make.js';
import { makeStepJson } from '../format/steps.js';
import { gradeOf } from '../grade.js';
import { Board } from '../logic/board.js';
import { applyStep, explain } from '../logic/stepSolver.js';
import { forEachPuzzle, parseStepArgs, preparePuzzle, sideOfBox, whereOf } from './puzzles.js';

export const EXPLAIN_HELP = `Usage: sudokit explain PUZZLE|FILE|URL|- ... [options]

Print the whole path of each puzzle, step by step, each step in standard notation, then its
rating on the Sukaku Explainer scale and its level. Techniques are tried easiest first; only
when none applies does a step guess (and say so). An argument that is not a file, URL or - is
read as a puzzle itself.

Options:
  --format text|json  text (default), or one JSON object per puzzle in input order:
                      {"puzzle","solved","rating","level","steps":[{"technique","placements",
                      "eliminations","text"}]} (cells as r5c6; a guess has technique "guess")
  --verbose           print the candidate grid before the first step and after each step
  --box RxC           box shape for sides that are not perfect squares (6x6 needs 2x3 or 3x2)
  -h, --help          show this help

Exit status: 0 when every puzzle was valid and had a solution; 1 when any was invalid or
unsolvable (every other puzzle is still answered); 2 for usage errors.`;

export async function explainCommand(argv: readonly string[], verbose = false): Promise<number> {
  const args = parseStepArgs(argv, EXPLAIN_HELP, { verbose: true });
  if (!args) return 0;
  const { format, box, positionals } = args;
  const grids = verbose || args.verbose;
  let failed = false;
  let count = 0;
  const ok = await forEachPuzzle(positionals, sideOfBox(box), (record) => {
    count++;
    const prepared = preparePuzzle(record, box);
    if (!prepared.ok) {
      failed = true;
      process.stderr.write(`sudokit: ${whereOf(record)}: ${prepared.message}\n`);
      process.stdout.write(format === 'json' ? `${JSON.stringify({ puzzle: record.text, solved: false, error: prepared.message, steps: [] })}\n` : `${whereOf(record)}: ${prepared.message}\n\n`);
      return;
    }
    const { puzzle, solution, unique } = prepared;
    const g = puzzle.geometry;
    const path = explain(puzzle, { unique, solution });
    const grade = gradeOf(path, unique);
    if (format === 'json') {
      const steps = path.steps.map((s) => makeStepJson(g, s));
      process.stdout.write(`${JSON.stringify({ puzzle: makeLine(g, puzzle.givens), solved: path.solved, rating: grade.rating, level: grade.level, steps })}\n`);
      return;
    }
    let out = `Puzzle ${count} (${whereOf(record)}): ${makeLine(g, puzzle.givens)}\n`;
    const board = Board.fromPuzzle(puzzle);
    if (grids) out += `${makeCandidateGrid(g, board.values, board.candidates)}\n`;
    const width = String(path.steps.length).length;
    for (const [i, step] of path.steps.entries()) {
      out += `${String(i + 1).padStart(width)}. ${step.text}\n`;
      if (grids) {
        applyStep(board, step);
        out += `${makeCandidateGrid(g, board.values, board.candidates)}\n`;
      }
    }
    const guesses = path.steps.filter((s) => s.technique === 'guess').length;
    const ending = path.solved ? `Solved in ${path.steps.length} steps` : `Stopped after ${path.steps.length} steps: ${path.reason}`;
    out += `${ending}${guesses > 0 ? ` (${guesses} guess${guesses === 1 ? '' : 'es'})` : ''}; rating ${grade.rating.toFixed(1)} (${grade.level})${unique ? '' : '; the puzzle has several solutions, so no uniqueness technique was used'}\n\n`;
    process.stdout.write(out);
  });
  if (!ok) return 2;
  return failed ? 1 : 0;
}
