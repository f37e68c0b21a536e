/** Argument helpers shared by the commands: one way to fail on bad usage (exit status 2). */
import { availableParallelism } from 'node:os';
import { parseBoxShape } from '../format/parse.js';
import { InputError } from './input.js';

/** A mistake in how the command was called: printed as one line, exit status 2. */
export class UsageError extends Error {}

/**
 * Run a strict `parseArgs` call so that an unknown flag or a missing value becomes a UsageError
 * naming it: `withUsageErrors(() => parseArgs({ args, options, strict: true, allowPositionals: true }))`.
 */
export function withUsageErrors<T>(parse: () => T): T {
  try {
    return parse();
  } catch (e) {
    throw new UsageError((e as Error).message.replace(/\. To specify a positional argument.*$/s, ''));
  }
}

export function positiveInteger(flag: string, text: string): number {
  const n = Number(text);
  if (!/^\s*\d+\s*$/.test(text) || !Number.isSafeInteger(n) || n < 1) throw new UsageError(`${flag} expects a whole number of at least 1, got "${text}"`);
  return n;
}

export function positiveNumber(flag: string, text: string): number {
  const n = Number(text);
  if (text.trim() === '' || !Number.isFinite(n) || n <= 0) throw new UsageError(`${flag} expects a number above 0, got "${text}"`);
  return n;
}

/** The board side of a `--box RxC` flag (undefined when absent); a bad shape is a UsageError. */
export function boxSideOf(box: string | undefined): number | undefined {
  if (box === undefined) return undefined;
  const shape = parseBoxShape(box);
  if (!shape.ok) throw new UsageError(shape.message);
  return shape.geometry.size;
}

/** Run a step that reads input: an InputError (unreadable file, failed download) becomes a UsageError naming it. */
export async function withInputErrors<T>(step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (e) {
    if (e instanceof InputError) throw new UsageError(e.message);
    throw e;
  }
}

/** A flag's value from a closed list, or undefined when the flag is absent. */
export function oneOf<T extends string>(flag: string, text: string | undefined, allowed: readonly T[]): T | undefined {
  if (text === undefined) return undefined;
  if (!(allowed as readonly string[]).includes(text)) throw new UsageError(`unknown ${flag} "${text}": expected one of ${allowed.join(', ')}`);
  return text as T;
}

/** The most worker threads a command starts per core: more only add memory (each holds a copy of the library) and switching. */
export const THREADS_PER_CORE = 4;

/**
 * The `--threads` value (or `fallback` when absent), capped at THREADS_PER_CORE per core; a cap
 * is said on stderr, since the run then uses fewer threads than asked.
 */
export function threadCount(text: string | undefined, fallback: number): number {
  const asked = text === undefined ? fallback : positiveInteger('--threads', text);
  const most = THREADS_PER_CORE * availableParallelism();
  if (asked <= most) return asked;
  process.stderr.write(`sudokit: --threads ${asked} is more than ${THREADS_PER_CORE} per core; using ${most} (${availableParallelism()} cores here)\n`);
  return most;
}
