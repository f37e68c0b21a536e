/**
 * `sudokit grade FILE …`: each puzzle's rating on the Sukaku Explainer scale (its hardest step),
 * its level, and the techniques its path used with their counts. Grading is the slow part of
 * the step commands (a hard puzzle's path runs chains), so batches go to the worker pool with
 * `--threads`; answers are written in input order either way.
 */
import { availableParallelism } from 'node:os';
import { answerGradeBatch, type GradeBatchOptions } from '../grade.js';
import { SolvePool } from '../pool/pool.js';
import { UsageError, positiveInteger } from './args.js';
import { forEachPuzzle, parseStepArgs, sideOfBox, whereOf } from './puzzles.js';

export const GRADE_HELP = `Usage: sudokit grade PUZZLE|FILE|URL|- ... [options]

Grade each puzzle as Sukaku Explainer does: solve it with the easiest technique at every step
and rate it by its hardest step (1.0 … 12 for a guess), with a level (easy, medium, hard,
expert, master, extreme) and the techniques used. An argument that is not a file, URL or - is
read as a puzzle itself.

Options:
  --format text|json  text: "rating level puzzle techniques" per line (default); json: one
                      object per puzzle {"puzzle","rating","level","techniques",...}
  --threads N         worker threads (default 1; ${availableParallelism()} cores here)
  --box RxC           box shape for sides that are not perfect squares (6x6 needs 2x3 or 3x2)
  -h, --help          show this help

Exit status: 0 when every puzzle was valid and had a solution; 1 when any was invalid or
unsolvable (every other puzzle is still answered); 2 for usage errors.`;

/** Puzzles per batch: small, since one hard puzzle takes a tenth of a second or more. */
const BATCH_SIZE = 16;

export async function gradeCommand(argv: readonly string[]): Promise<number> {
  const args = parseStepArgs(argv, GRADE_HELP, { threads: true });
  if (!args) return 0;
  const { format, box, positionals } = args;
  const threads = args.threads === undefined ? 1 : positiveInteger('--threads', args.threads);
  if (threads > 256) throw new UsageError(`--threads ${threads} is more than 256`);
  const options: GradeBatchOptions = { format, ...(box === undefined ? {} : { box }) };
  const pool = threads > 1 ? new SolvePool(threads) : undefined;
  const queue: Promise<{ out: string; err: string; failed: number }>[] = [];
  let failed = 0;
  let texts: string[] = [];
  let wheres: string[] = [];
  const emit = async (answer: { out: string; err: string; failed: number }) => {
    failed += answer.failed;
    process.stderr.write(answer.err);
    process.stdout.write(answer.out);
  };
  const submit = async () => {
    if (texts.length === 0) return;
    const batch = { texts, wheres };
    texts = [];
    wheres = [];
    if (!pool) return emit(answerGradeBatch(batch, options));
    queue.push(pool.runGrade(batch, options));
    while (queue.length >= threads * 2) await emit(await queue.shift()!);
  };
  let ok: boolean;
  try {
    ok = await forEachPuzzle(positionals, sideOfBox(box), async (record) => {
      texts.push(record.text);
      wheres.push(whereOf(record));
      if (texts.length >= (pool ? BATCH_SIZE : 1)) await submit();
    });
    await submit();
    while (queue.length > 0) await emit(await queue.shift()!);
  } finally {
    await pool?.close();
  }
  if (!ok) return 2;
  return failed > 0 ? 1 : 0;
}
