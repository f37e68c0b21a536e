/**
 * What reading a variant puzzle format gives: the puzzle, or the reason there is none.
 *
 * Every variant reader (ISS's constraint text in iss.ts, f-puzzles JSON and the links that carry
 * it) answers with this one shape, so a caller handles them alike. Like `parsePuzzle`, a reader
 * never throws on bad input; it returns an error whose code says which kind of problem it is:
 *
 * - 'invalid': the text is broken (not the format, a cell outside the grid, a sum that is no
 *   number, givens that clash). The message names what was wrong and where.
 * - 'unsupported': the text is well formed, but it asks for something sudokit's variant model
 *   cannot express (a constraint type it lacks, pencilmark givens, a non-square grid). The message
 *   names the feature and how often it occurs.
 */
import type { VariantPuzzle } from '../variant/puzzle.js';

export const VARIANT_ERROR_CODES = ['invalid', 'unsupported'] as const;
export type VariantErrorCode = (typeof VARIANT_ERROR_CODES)[number];

export interface VariantParseError {
  readonly code: VariantErrorCode;
  readonly message: string;
}

export type VariantParseResult = { readonly ok: true; readonly puzzle: VariantPuzzle } | { readonly ok: false; readonly error: VariantParseError };

/** A failed result with this code and message. */
export function variantError(code: VariantErrorCode, message: string): { readonly ok: false; readonly error: VariantParseError } {
  return { ok: false, error: { code, message } };
}
