/** Argument helpers shared by the commands: one way to fail on bad usage (exit status 2). */
import { parseArgs, type ParseArgsConfig } from 'node:util';

/** A mistake in how the command was called: printed as one line, exit status 2. */
export class UsageError extends Error {}

type Options = NonNullable<ParseArgsConfig['options']>;

/** Parse flags strictly: an unknown flag or a missing value is a UsageError naming it. */
export function parseCommandArgs<T extends Options>(argv: readonly string[], options: T) {
  try {
    return parseArgs({ args: [...argv], options, allowPositionals: true, strict: true });
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
