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
import type { BenchSet } from '../bench.js';
import type { BatchInput } from '../batch.js';
import { makeLine } from '../format/make.js';
import type { ThroughputRun } from '../stats.js';
import { SolvePool } from './pool.js';

export interface ThroughputOptions {
  readonly engine: string;
  readonly limit: number;
  readonly capMs?: number;
  /** Answer the set this many times over (default 1), so a small file still makes a run long enough to time. */
  readonly repeat?: number;
  /** Called after each finished batch with the puzzles done so far in this run. */
  readonly onProgress?: (done: number) => void;
}

/** Measure one set on pools of each thread count, in the order given. */
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
  const runs: ThroughputRun[] = [];
  for (const threads of threadCounts) {
    const pool = new SolvePool(threads);
    try {
      // Start every worker and let it compile the engine before the clock starts.
      const warm = texts.slice(0, 20);
      await Promise.all(Array.from({ length: threads }, () => pool.run(batchOf(warm, 0), answerOptions)));
      const size = Math.max(1, Math.min(256, Math.ceil(texts.length / (threads * 16))));
      const started = performance.now();
      const pending: Promise<{ micros: number; count: number }>[] = [];
      let done = 0;
      for (let i = 0; i < texts.length; i += size) {
        const batch = batchOf(texts.slice(i, i + size), i);
        pending.push(
          pool.run(batch, answerOptions).then((answer) => {
            done += batch.texts.length;
            options.onProgress?.(done);
            return { micros: sumMicros(answer.out), count: batch.texts.length };
          }),
        );
      }
      const answers = await Promise.all(pending);
      const seconds = (performance.now() - started) / 1000;
      const micros = answers.reduce((a, b) => a + b.micros, 0);
      runs.push({ threads, puzzles: texts.length, seconds, latencyMicros: texts.length === 0 ? 0 : micros / texts.length });
    } finally {
      await pool.close();
    }
  }
  return runs;
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
