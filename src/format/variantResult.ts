/**
 * The result of reading a variant puzzle, shared by every variant format: the puzzle, or an error
 * whose code says whether the text is broken (`invalid`) or asks for a rule sudokit does not
 * implement (`unsupported`), and whose message names what and where.
 */
import type { VariantPuzzle } from '../variant/puzzle.js';

export type VariantErrorCode = 'invalid' | 'unsupported';

export type VariantParseResult = { readonly ok: true; readonly puzzle: VariantPuzzle } | { readonly ok: false; readonly error: { readonly code: VariantErrorCode; readonly message: string } };
