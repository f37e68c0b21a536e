/**
 * A game as text, givens and entries kept apart so neither turns into the other: the givens as
 * the library's pretty grid, then, when the player has entries, a line `Entries:` and a second
 * grid of the entries alone. Reading it back parses each grid with the library's parser; text
 * without an `Entries:` line is a plain puzzle in any format the library reads.
 */
import { type Geometry, makePretty, type ParseResult, type Puzzle } from '../../src/index.js';

/** The line that starts the entries' grid. */
export const ENTRIES_HEADING = 'Entries:';
const GIVENS_HEADING = 'Givens:';

/** A game read from text: its puzzle and the player's entries (0 where none, and on every given). */
export type GameResult = { readonly ok: true; readonly puzzle: Puzzle; readonly entries: Uint8Array } | Extract<ParseResult, { ok: false }>;

/** The game as text: the givens' grid alone, or both grids under their headings when there are entries. */
export function makeGameText(g: Geometry, givens: Uint8Array, entries: Uint8Array): string {
  const own = entries.map((d, cell) => (givens[cell] ? 0 : d));
  if (!own.some((d) => d !== 0)) return `${makePretty(g, givens)}\n`;
  return `${GIVENS_HEADING}\n${makePretty(g, givens)}\n${ENTRIES_HEADING}\n${makePretty(g, own)}\n`;
}

/** Read a game back: `read` parses each part (with the givens' box shape for the entries); entries on givens are dropped. */
export function parseGameText(text: string, read: (text: string, box?: string) => ParseResult): GameResult {
  const lines = text.split(/\r?\n/);
  const at = lines.findIndex((line) => line.trim() === ENTRIES_HEADING);
  const givensText = (at < 0 ? lines : lines.slice(0, at)).filter((line) => line.trim() !== GIVENS_HEADING).join('\n');
  const givens = read(givensText);
  if (!givens.ok) return givens;
  const g = givens.puzzle.geometry;
  if (at < 0) return { ok: true, puzzle: givens.puzzle, entries: new Uint8Array(g.cellCount) };
  const entries = read(lines.slice(at + 1).join('\n'), `${g.boxRows}x${g.boxCols}`);
  if (!entries.ok) return { ok: false, error: { ...entries.error, message: `The entries: ${entries.error.message}` } };
  if (entries.puzzle.geometry.size !== g.size)
    return { ok: false, error: { code: 'length', message: `The entries' grid is ${entries.puzzle.geometry.size}x${entries.puzzle.geometry.size}, the givens' ${g.size}x${g.size}` } };
  return { ok: true, puzzle: givens.puzzle, entries: entries.puzzle.givens.map((d, cell) => (givens.puzzle.givens[cell] ? 0 : d)) };
}
