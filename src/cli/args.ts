/** Argument helpers shared by the commands: one way to fail on bad usage (exit status 2). */
import { availableParallelism } from 'node:os';
import { type ParseArgsConfig, parseArgs } from 'node:util';
import { parseBoxShape } from '../format/parse.js';
import { InputError } from './input.js';

/** A mistake in how the command was called: printed as one line, exit status 2. */
export class UsageError extends Error {}

/**
 * `parseArgs` made strict, with mistakes as UsageErrors naming them: an unknown flag is answered
 * with the closest known one ("unknown option --limt; did you mean --limit?"), a flag without its
 * value or a stray argument with what went wrong.
 */
export function parseCommandArgs<T extends ParseArgsConfig>(config: T): ReturnType<typeof parseArgs<T & { strict: true }>> {
  try {
    return parseArgs({ ...config, strict: true });
  } catch (e) {
    const message = (e as Error).message;
    const unknown = /^Unknown option '([^']+)'/.exec(message)?.[1];
    if (unknown !== undefined) {
      const known = Object.entries(config.options ?? {}).flatMap(([name, o]) => [`--${name}`, ...(o.short ? [`-${o.short}`] : [])]);
      const nearest = closest(unknown.replace(/=.*$/, ''), known);
      throw new UsageError(`unknown option ${unknown}${nearest ? `; did you mean ${nearest}?` : ''} (--help lists the options)`);
    }
    throw new UsageError(message.replace(/\. To specify a positional argument.*$/s, ''));
  }
}

/** The word of `words` closest to `word` by edit distance, when it is close enough to be a likely typo. */
export function closest(word: string, words: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const candidate of words) {
    const d = editDistance(word, candidate);
    if (d < bestDistance) {
      best = candidate;
      bestDistance = d;
    }
  }
  // A typo changes a few characters; past a third of the word it is another word.
  return bestDistance <= Math.max(2, Math.floor(word.length / 3)) ? best : undefined;
}

/** Levenshtein distance: the fewest insertions, deletions and substitutions turning a into b. */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      row.push(Math.min(previous[j]! + 1, row[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1)));
    }
    previous = row;
  }
  return previous[b.length]!;
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

/**
 * Whether to colour what goes to `stream`: FORCE_COLOR decides when it is set (any value but 0
 * or false turns colour on, even into a pipe; it takes precedence over NO_COLOR, as in Node
 * itself), then NO_COLOR turns it off, and otherwise a terminal gets colour and a pipe does not.
 */
export function wantsColor(stream: { readonly isTTY?: boolean }, env: NodeJS.ProcessEnv = process.env): boolean {
  const force = env.FORCE_COLOR;
  if (force !== undefined) return force !== '0' && force.toLowerCase() !== 'false';
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  return stream.isTTY === true;
}
