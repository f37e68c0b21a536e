/**
 * How sudokit fails, one rule everywhere:
 * - **What a user gets wrong in data is a result, never a throw.** A text that is not a puzzle
 *   (`parsePuzzle` → `{ ok: false, error: { code, message } }`), a puzzle with no solution or
 *   several (`solve` → `count`), a search cut short (`timedOut`): each is a value the caller
 *   inspects, and a batch answers every record.
 * - **Misuse of the API throws a `SudokitError`** whose `code` says what kind of misuse and whose
 *   message names the argument and the value: an object that is not a puzzle or a geometry of the
 *   library (`PuzzleError`), options out of range, an unknown engine, a grid of the wrong size, a
 *   puzzle an engine refuses up front (`EngineRefusal`), generator options no puzzle can meet
 *   (`GenerateError`), grading a puzzle with no solution. The one throw that is not misuse is the
 *   generator's `GenerateError('budget')`: a single puzzle was asked for and none met the options
 *   within the attempts or time given, so there is no value to return.
 * Callers test `e instanceof SudokitError` and switch on `e.code`. Anything else thrown is a bug.
 */

/** Why a call was refused. */
export const SUDOKIT_ERROR_CODES = [
  // an object is not a puzzle (as the parser names text that is not one)
  'length',
  'character',
  'duplicate-given',
  'geometry',
  // an option, argument or grid is out of range or of the wrong type
  'options',
  // no engine by that id
  'engine',
  // the engine will not try this puzzle (its search would never end)
  'refused',
  // the call needs a solution the puzzle does not have (grading an unsolvable puzzle)
  'unsolvable',
  // the call needs the one solution of a puzzle that has several (grading it, as the CLI refuses to)
  'multiple',
  // the call's time limit ran out before its answer was settled (a grade, which is no grade when cut short)
  'timeout',
  // generation: the options can be met, but not within the attempts or time given
  'budget',
  // a variant puzzle's constraint does not fit its board (a cell off it, a sum no digits reach)
  'invalid',
  // a puzzle asks for a rule sudokit does not implement, or a function does not take variant puzzles
  'unsupported',
] as const;
export type SudokitErrorCode = (typeof SUDOKIT_ERROR_CODES)[number];

/** Thrown on misuse of the API; `code` says what kind. */
export class SudokitError extends Error {
  readonly code: SudokitErrorCode;
  constructor(code: SudokitErrorCode, message: string) {
    super(message);
    this.name = 'SudokitError';
    this.code = code;
  }
}

/** Refuse a `signal` option that is not an AbortSignal (a coded error, not a TypeError deep in the search). */
export function checkSignal(signal: unknown): void {
  if (signal === undefined) return;
  const s = signal as Partial<AbortSignal> | null;
  if (typeof s !== 'object' || s === null || typeof s.aborted !== 'boolean' || typeof s.throwIfAborted !== 'function' || typeof s.addEventListener !== 'function')
    throw new SudokitError('options', `Invalid signal: expected an AbortSignal, got ${s === null ? 'null' : typeof s}`);
}

/** A value as a message names it: `string "3"`, `5`, `null`, `an array`. */
export function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') return `string ${JSON.stringify(value.length > 40 ? `${value.slice(0, 39)}…` : value)}`;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'undefined') return String(value);
  return typeof value;
}

/** Refuse an options argument that is not an object (`explain(puzzle, 'se')`): null and undefined are none. */
export function checkOptionsObject(fn: string, options: unknown): void {
  if (options === undefined || options === null) return;
  if (typeof options !== 'object' || Array.isArray(options)) throw new SudokitError('options', `${fn}: options must be an object, got ${describeValue(options)}`);
}
