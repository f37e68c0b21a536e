/**
 * `sudokit grade FILE …`: each puzzle's rating on the Sukaku Explainer scale (its hardest step),
 * its level, and the techniques its path used with their counts.
 */
import { parseArgs } from 'node:util';
import { makeLine } from '../format/make.js';
import { gradeOf } from '../grade.js';
import { explain } from '../logic/stepSolver.js';
import { UsageError, withUsageErrors } from './args.js';
import { forEachPuzzle, preparePuzzle, sideOfBox, whereOf } from './puzzles.js';

export const GRADE_HELP = `Usage: sudokit grade PUZZLE|FILE|URL|- ... [options]

Grade each puzzle as Sukaku Explainer does: solve it with the easiest technique at every step
and rate it by its hardest step (1.0 … 12 for a guess), with a level (easy, medium, hard,
expert, master, extreme) and the techniques used. An argument that is not a file, URL or - is
read as a puzzle itself.

Options:
  --format text|json  text: "rating level puzzle techniques" per line (default); json: one
                      object per puzzle {"puzzle","rating","level","techniques",...}
  --box RxC           box shape for sides that are not perfect squares (6x6 needs 2x3 or 3x2)
  -h, --help          show this help

Exit status: 0 when every puzzle was valid and had a solution; 1 when any was invalid or
unsolvable (every other puzzle is still answered); 2 for usage errors.`;

export async function gradeCommand(argv: readonly string[]): Promise<number> {
  const { values, positionals } = withUsageErrors(() => parseArgs({ args: [...argv], allowPositionals: true, strict: true, options: {
    format: { type: 'string' },
    box: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  } }));
  if (values.help) {
    process.stdout.write(`${GRADE_HELP}\n`);
    return 0;
  }
  const format = values.format ?? 'text';
  if (format !== 'text' && format !== 'json') throw new UsageError(`unknown --format "${format}": expected text, json`);
  let failed = false;
  const ok = await forEachPuzzle(positionals, sideOfBox(values.box), (record) => {
    const prepared = preparePuzzle(record, values.box);
    if (!prepared.ok) {
      failed = true;
      process.stderr.write(`sudokit: ${whereOf(record)}: ${prepared.message}\n`);
      process.stdout.write(format === 'json' ? `${JSON.stringify({ puzzle: record.text, error: prepared.message })}\n` : 'invalid\n');
      return;
    }
    const { puzzle, solution, unique } = prepared;
    const grade = gradeOf(explain(puzzle, { unique, solution }), unique);
    const line = makeLine(puzzle.geometry, puzzle.givens);
    if (format === 'json') {
      process.stdout.write(`${JSON.stringify({ puzzle: line, rating: grade.rating, level: grade.level, techniques: grade.techniques, guessed: grade.guessed, unique })}\n`);
      return;
    }
    const used = Object.entries(grade.techniques).map(([name, n]) => `${name} ${n}`).join(', ');
    process.stdout.write(`${grade.rating.toFixed(1)} ${grade.level.padEnd(7)} ${line} ${used}\n`);
  });
  if (!ok) return 2;
  return failed ? 1 : 0;
}
