/**
 * A game as text, givens and entries kept apart so neither turns into the other: the givens as
 * the library's pretty grid, then, when the player has entries, a line `Entries:` and a grid of
 * the entries alone. Reading it back parses each grid with the library's parser; text without an
 * `Entries:` line is a plain puzzle in any format the library reads. The parser refuses a grid
 * whose digits clash, and a player's entries may clash: clashing entries go into further
 * `Entries:` grids (layers), none of which clashes inside itself, so every game reads back.
 */
import { type Geometry, makePretty, type ParseResult, type Puzzle } from '../../src/index.js';

/** The line that starts the entries' grid. */
export const ENTRIES_HEADING = 'Entries:';
const GIVENS_HEADING = 'Givens:';

/** A game read from text: its puzzle and the player's entries (0 where none, and on every given). */
export type GameResult = { readonly ok: true; readonly puzzle: Puzzle; readonly entries: Uint8Array } | Extract<ParseResult, { ok: false }>;

/** The entries (none on givens) in layers without a clash inside any: one layer unless entries clash. */
export function entryLayers(g: Geometry, givens: Uint8Array, entries: Uint8Array): Uint8Array[] {
  const layers: Uint8Array[] = [];
  for (let cell = 0; cell < g.cellCount; cell++) {
    const d = givens[cell] ? 0 : entries[cell]!;
    if (!d) continue;
    let layer = layers.find((l) => !g.peers[cell]!.some((p) => l[p] === d));
    if (!layer) {
      layer = new Uint8Array(g.cellCount);
      layers.push(layer);
    }
    layer[cell] = d;
  }
  return layers;
}

/** The game as text: the givens' grid alone, or the givens' grid and the entries' grids under their headings. */
export function makeGameText(g: Geometry, givens: Uint8Array, entries: Uint8Array): string {
  const layers = entryLayers(g, givens, entries);
  if (!layers.length) return `${makePretty(g, givens)}\n`;
  return [`${GIVENS_HEADING}\n${makePretty(g, givens)}\n`, ...layers.map((l) => `${ENTRIES_HEADING}\n${makePretty(g, l)}\n`)].join('');
}

/** Read a game back: `read` parses each part (with the givens' box shape for the entries); entries on givens are dropped. */
export function parseGameText(text: string, read: (text: string, box?: string) => ParseResult): GameResult {
  const lines = text.split(/\r?\n/);
  const at = lines.findIndex((line) => line.trim() === ENTRIES_HEADING);
  const givensText = (at < 0 ? lines : lines.slice(0, at)).filter((line) => line.trim() !== GIVENS_HEADING).join('\n');
  const givens = read(givensText);
  if (!givens.ok) return givens;
  const g = givens.puzzle.geometry;
  const entries = new Uint8Array(g.cellCount);
  if (at < 0) return { ok: true, puzzle: givens.puzzle, entries };
  const parts = lines
    .slice(at + 1)
    .join('\n')
    .split(new RegExp(`^\\s*${ENTRIES_HEADING}\\s*$`, 'm'));
  for (const part of parts) {
    const layer = readEntries(part, givens.puzzle, read);
    if (!layer.ok) return layer;
    layer.entries.forEach((d, cell) => {
      if (d) entries[cell] = d;
    });
  }
  return { ok: true, puzzle: givens.puzzle, entries };
}

/** One grid (or line) of entries for a puzzle, read with the puzzle's box shape; entries on givens are dropped. */
export function readEntries(text: string, puzzle: Puzzle, read: (text: string, box?: string) => ParseResult): GameResult {
  const g = puzzle.geometry;
  const parsed = read(text, `${g.boxRows}x${g.boxCols}`);
  if (!parsed.ok) return { ok: false, error: { ...parsed.error, message: `The entries: ${parsed.error.message}` } };
  const size = parsed.puzzle.geometry.size;
  if (size !== g.size) return { ok: false, error: { code: 'length', message: `The entries' grid is ${size}x${size}, the givens' ${g.size}x${g.size}` } };
  return { ok: true, puzzle, entries: parsed.puzzle.givens.map((d, cell) => (puzzle.givens[cell] ? 0 : d)) };
}
