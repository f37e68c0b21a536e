/**
 * Variant puzzles from text: an f-puzzles link, a SudokuPad link that carries f-puzzles data, a
 * bare `?load=` string, f-puzzles JSON, or ISS's constraint text. `isVariantText` tells these
 * from a classic puzzle line cheaply, so a batch can hold both; `parseVariant` reads one.
 */
import { readFpuzzles } from './fpuzzles.js';
import { parseIssText, startsWithIssItem } from './iss.js';
import { extractFpuzzlesJson, looksLikeVariantText } from './links.js';
import { variantError, type VariantParseResult } from './variantResult.js';

/** Whether `text` is one of the variant formats rather than a classic puzzle. */
export function isVariantText(text: string): boolean {
  return looksLikeVariantText(text);
}

/** Read a variant puzzle from any of its text forms. */
export function parseVariant(text: string): VariantParseResult {
  if (typeof text !== 'string')
    return variantError(
      'invalid',
      `Invalid variant puzzle: expected text (a link, a load string, f-puzzles JSON or ISS text), got ${text === null ? 'null' : Array.isArray(text) ? 'an array' : typeof text}`,
    );
  const trimmed = text.trim();
  // ISS text ends at a TAB, as in ISS's collections (the text, a TAB, a name and a solution) and
  // in the command line's files: what follows is a note, not part of the puzzle.
  if (startsWithIssItem(trimmed)) {
    const tab = trimmed.indexOf('\t');
    return parseIssText(tab < 0 ? trimmed : trimmed.slice(0, tab));
  }
  const found = extractFpuzzlesJson(trimmed);
  if (!found.ok) return found;
  return readFpuzzles(found.json);
}
