/** Argument helpers shared by the commands: one way to fail on bad usage (exit status 2). */

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
