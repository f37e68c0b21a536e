/**
 * Throughput against threads: the same puzzles answered on a worker_threads pool of 1, 2, 4 …
 * workers, timing the whole run (throughput) and keeping each puzzle's own solving time
 * (latency).
 *
 * This is the essay's distinction made measurable: more threads answer more puzzles per second
 * (up to the number of cores), but each puzzle still takes as long as it did on one thread,
 * because one search runs on one thread. Every thread count runs on a pool of that size, one
 * thread included, so the pool's overhead (messages, parsing, JSON) is the same in every row.
 */
import type { BenchSet } from './measure.js';
import type { BatchInput } from '../batch/input.js';
import type { AnswerOptions } from '../batch/solve.js';
import { makeLine } from '../format/make.js';
import type { ThroughputRun } from './stats.js';
import { SolvePool } from '../pool/pool.js';

/** Puzzles each worker answers untimed before a run. */
const WARM_UP_PUZZLES = 200;

export interface ThroughputOptions {
  readonly engine: string;
  readonly limit: number;
  readonly capMs?: number | undefined;
  /** Answer the set this many times over (default 1), so a small file still makes a run long enough to time. */
  readonly repeat?: number | undefined;
  /** Runs of each thread count, taken in turns; the fastest is kept (default 1). */
  readonly rounds?: number | undefined;
  /** Called after each finished batch with the puzzles done so far, over every run. */
  readonly onProgress?: ((done: number) => void) | undefined;
}

/**
 * Measure one set on pools of each thread count. The thread counts take turns, `rounds` times
 * over (1, 2, 4, 1, 2, 4, …), and the fastest run of each is kept: other work on the machine
 * only ever slows a run down, so the best of a few interleaved runs is the least disturbed one.
 */
export async function measureThroughput(set: BenchSet, threadCounts: readonly number[], options: ThroughputOptions): Promise<ThroughputRun[]> {
  const once = set.puzzles.map((p) => makeLine(p.geometry, p.givens));
  const texts = Array.from({ length: Math.max(1, options.repeat ?? 1) }, () => once).flat();
  const first = set.puzzles[0]?.geometry;
  const box = first && first.boxRows !== first.boxCols ? `${first.boxRows}x${first.boxCols}` : undefined;
  const answerOptions = {
    format: 'json' as const,
    limit: options.limit,
    engine: options.engine,
    ...(options.capMs === undefined ? {} : { timeLimitMs: options.capMs }),
    ...(box === undefined ? {} : { box }),
  };
  const best = new Map<number, ThroughputRun>();
  let finished = 0;
  for (let round = 0; round < Math.max(1, options.rounds ?? 1); round++) {
    for (const threads of threadCounts) {
      const run = await runOnce(texts, threads, answerOptions, (done) => options.onProgress?.(finished * texts.length + done));
      finished++;
      const known = best.get(threads);
      if (!known || run.seconds < known.seconds) best.set(threads, run);
    }
  }
  return threadCounts.filter((t, i) => threadCounts.indexOf(t) === i).map((t) => best.get(t)!);
}

/** One timed run of every text on a fresh pool of `threads` workers. */
async function runOnce(texts: readonly string[], threads: number, answerOptions: AnswerOptions, onProgress: (done: number) => void): Promise<ThroughputRun> {
  const pool = new SolvePool(threads);
  try {
    // Start every worker and let it compile the engine before the clock starts.
    const warm = batchOf(texts.slice(0, WARM_UP_PUZZLES), 0);
    await Promise.all(Array.from({ length: threads }, () => pool.run(warm, answerOptions)));
    const size = Math.max(1, Math.min(256, Math.ceil(texts.length / (threads * 16))));
    const started = performance.now();
    const pending: Promise<number>[] = [];
    let done = 0;
    for (let i = 0; i < texts.length; i += size) {
      const batch = batchOf(texts.slice(i, i + size), i);
      pending.push(
        pool.run(batch, answerOptions).then((answer) => {
          done += batch.texts.length;
          onProgress(done);
          return sumMicros(answer.out);
        }),
      );
    }
    const micros = (await Promise.all(pending)).reduce((a, b) => a + b, 0);
    const seconds = (performance.now() - started) / 1000;
    return { threads, puzzles: texts.length, seconds, latencyMicros: texts.length === 0 ? 0 : micros / texts.length };
  } finally {
    await pool.close();
  }
}

function batchOf(texts: readonly string[], offset: number): BatchInput {
  return { lines: texts.map((_, i) => offset + i + 1), texts, notes: texts.map(() => '') };
}

/** Total of the `micros` fields of a JSON Lines answer. */
function sumMicros(out: string): number {
  let sum = 0;
  for (const match of out.matchAll(/"micros":(\d+)/g)) sum += Number(match[1]);
  return sum;
}
