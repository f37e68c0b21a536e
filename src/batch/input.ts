/**
 * The one input of every batch answer (`solve`'s `answerBatch`, the step commands'
 * `answerStepBatch`): records as parallel arrays, cheap to send to a worker, and what a batch
 * carries when it is handed from the CLI's main thread to the pool part-way (see scheduler.ts).
 */
import { type ParseResult, parsePuzzle } from '../format/parse.js';

/**
 * Parse a record's classic puzzle as the command line does: a board whose box shape is missing is
 * told to pass --box (the library's own message names its box option).
 */
export function parseRecord(text: string, box: string | undefined): ParseResult {
  const parsed = parsePuzzle(text, box === undefined ? {} : { box });
  if (parsed.ok || !parsed.error.boxShapes) return parsed;
  const shapes = parsed.error.boxShapes;
  const example = shapes[Math.floor((shapes.length - 1) / 2)];
  const message = `${parsed.error.message.slice(0, parsed.error.message.lastIndexOf('; '))}; say which with --box (for example --box ${example})`;
  return { ok: false, error: { ...parsed.error, message } };
}

/** A batch of records, in input order. */
export interface BatchInput {
  /** The line (or first line) of each record in its input: answers and messages name it. */
  readonly lines: readonly number[];
  readonly texts: readonly string[];
  /** What followed the puzzle on its line (a comment, a rating), kept in JSON answers. */
  readonly notes: readonly string[];
  /**
   * The place of the first record in the whole run, counting from 1 (`explain` heads each answer
   * "Puzzle N"). Default 1.
   */
  readonly first?: number;
  /**
   * How long the first puzzle already ran elsewhere (ms): a slice on the CLI's main thread that
   * ended before the puzzle did. It is charged to that puzzle's time limit and counted in its
   * time, so a puzzle handed to a worker still ends at its --time-limit.
   */
  readonly firstSpentMs?: number;
}

/** The records of `batch` from index `from` on, the first of them having run `spentMs` already. */
export function restOf(batch: BatchInput, from: number, spentMs: number | undefined): BatchInput {
  return { ...partOf(batch, from, batch.texts.length), ...(spentMs === undefined ? {} : { firstSpentMs: spentMs }) };
}

/** The records of `batch` from index `from` up to `to` (excluded); the time its first record has run goes with them when `from` is 0. */
export function partOf(batch: BatchInput, from: number, to: number): BatchInput {
  return {
    lines: batch.lines.slice(from, to),
    texts: batch.texts.slice(from, to),
    notes: batch.notes.slice(from, to),
    first: (batch.first ?? 1) + from,
    ...(from === 0 && batch.firstSpentMs !== undefined ? { firstSpentMs: batch.firstSpentMs } : {}),
  };
}

/** A batch of the given records (each `{ line, text, note }`), numbered from `first`. */
export function batchOf(records: readonly { readonly line: number; readonly text: string; readonly note: string }[], first = 1): BatchInput {
  return { lines: records.map((r) => r.line), texts: records.map((r) => r.text), notes: records.map((r) => r.note), first };
}
