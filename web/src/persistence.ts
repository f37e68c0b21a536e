/**
 * Puzzles in and out of the page as text: reading any format the library parses, loading it (or a
 * new empty board), the `?puzzle=` link and Share, and the grid exported as text or SVG.
 */
import { type Geometry, geometryName, makeLine, parsePuzzle, type ParseResult, type Puzzle, renderGridSvg } from '../../src/index.js';
import { constraintsOf, fpuzzlesUrl, isVariantText, kindLabel, parseVariant, renderVariantSvg, type VariantPuzzle, writeFpuzzles } from '../../src/variant/index.js';
import { ui } from './dom.js';
import { entryLayers, makeGameText, parseGameText } from './gametext.js';
import { puzzleChanged } from './editing.js';
import { game, state, stepView } from './state.js';
import { say } from './status.js';
import { boardCandidates, render } from './view.js';
import { plural } from './words.js';

/** The puzzle shown when the page opens without a link: the logic article's easy example. */
export const FIRST_PUZZLE = '.48.9..5....74521..75..24......7...27.64.9...9.2.6.3.....61.827.13.5.649..798...1';

/** Parse any text the library reads (a variant link or f-puzzles JSON too); a side with several box shapes takes the board's, then 2x3. */
export function readPuzzle(text: string, box?: string): ParseResult {
  if (isVariantText(text)) return parseVariant(text) as ParseResult;
  const first = parsePuzzle(text, box ? { box } : {});
  if (first.ok || first.error.code !== 'geometry' || box) return first;
  const g = game.geometry;
  for (const shape of [`${g.boxRows}x${g.boxCols}`, '2x3']) {
    const again = parsePuzzle(text, { box: shape });
    if (again.ok) return again;
  }
  return first;
}

/** Show a puzzle (with the player's entries, if any) in play mode; `fresh` starts a new history (the page's first puzzle cannot be undone away). */
export function loadPuzzle(puzzle: Puzzle, how: string, fresh = false, entries?: Uint8Array): void {
  if (fresh) game.reset(puzzle, entries);
  else game.load(puzzle, entries);
  state.editing = false;
  puzzleChanged();
  const g = puzzle.geometry;
  const givens = puzzle.givens.reduce((n, d) => n + (d ? 1 : 0), 0);
  const own = game.countEntries();
  const kinds = [...new Set(constraintsOf(puzzle).map((c) => kindLabel(c.kind)))];
  const title = game.rules?.title ? `“${game.rules.title}”, ` : '';
  const rules = kinds.length ? ` and these rules: ${kinds.join(', ')}` : '';
  say(`${how}: ${title}a ${geometryName(g)} puzzle with ${plural(givens, 'given')}${rules}${own ? `${rules ? ',' : ''} and ${plural(own, 'entry', 'entries')} of yours` : ''}.`, 'ok');
  state.selected = Math.max(0, game.grid().indexOf(0));
  render();
}

/** Load a puzzle, or a game with entries (gametext.ts), from text, or say why the text is not one; true when it loaded. */
export function loadText(text: string, how: string, fresh = false): boolean {
  const parsed = parseGameText(text, readPuzzle);
  if (!parsed.ok) {
    say(parsed.error.message, 'error');
    return false;
  }
  loadPuzzle(parsed.puzzle, how, fresh, parsed.entries);
  return true;
}

/** An empty board of another size, with "Edit givens" on to type a puzzle in (undoable). */
export function newBoard(g: Geometry): void {
  const had = game.hasPuzzle() || game.countEntries() > 0;
  game.load({ geometry: g, givens: new Uint8Array(g.cellCount) });
  state.editing = true;
  puzzleChanged();
  state.selected = 0;
  say(`An empty ${geometryName(g)} board: type the givens ("Edit givens" is on), or paste a puzzle.${had ? ' Undo brings back the game you had.' : ''}`);
  render();
}

// ---------------------------------------------------------------- share, export, print

/**
 * The link that opens this game: the givens in `?puzzle=`, the player's entries apart in
 * `&entries=`, and `&box=` for boxes that are not square; a variant or jigsaw puzzle as an
 * f-puzzles link, which every variant tool reads (it carries the givens, not the entries).
 */
function shareUrl(): string {
  const g = game.geometry;
  if (g.jigsaw || game.rules) return fpuzzlesUrl(writeFpuzzles(game.puzzle()));
  const url = new URL(window.location.href);
  url.search = '';
  url.hash = '';
  url.searchParams.set('puzzle', makeLine(g, game.givens));
  if (g.boxRows !== g.boxCols) url.searchParams.set('box', `${g.boxRows}x${g.boxCols}`);
  // Entries that clash cannot share one line (the parser refuses it): each layer is a parameter of its own.
  for (const layer of entryLayers(g, game.givens, game.entries)) url.searchParams.append('entries', makeLine(g, layer));
  return url.toString();
}

/** Show the link and copy it to the clipboard when the browser allows. */
export async function onShare(): Promise<void> {
  const link = shareUrl();
  ui.shareLink.value = link;
  ui.shareOut.hidden = false;
  try {
    if (!navigator.clipboard) throw new Error('no clipboard');
    await navigator.clipboard.writeText(link);
    say('Link copied to the clipboard; it is also in the box below.', 'ok');
  } catch {
    say('Copy the link from the box below (the clipboard is not available here).');
    ui.shareLink.focus();
    ui.shareLink.select();
  }
}

/** Save text as a file through a temporary link. */
function download(name: string, type: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** The game as text, givens and entries apart (gametext.ts): into the text box (it reads back in) and downloaded. */
export function onExportText(): void {
  const text = makeGameText(game.geometry, game.givens, game.entries);
  ui.puzzleText.value = text;
  download('sudokit-grid.txt', 'text/plain', text);
  say(`The ${game.countEntries() ? 'givens and your entries are' : 'grid is'} in the text box (it reads back in) and downloaded as sudokit-grid.txt.`, 'ok');
}

/** The board as shown (a step's grid and candidates while one is on show) drawn by the library's SVG renderer, the CLI's too. */
export function onExportSvg(): void {
  const g = game.geometry;
  const view = stepView();
  const candidates = view ? view.candidates : state.showCandidates ? boardCandidates() : undefined;
  const step = view?.step;
  const highlight = step ? [...new Set([...step.cells, ...step.placements.map((p) => p.cell)])] : undefined;
  const svg =
    g.jigsaw || game.rules
      ? renderVariantSvg(game.puzzle() as VariantPuzzle, { grid: view ? view.values : game.grid(), highlight })
      : renderGridSvg(g, view ? view.values : game.grid(), {
          givens: game.givens,
          candidates,
          highlight,
          highlightCandidates: step ? [...step.eliminations, ...step.placements] : undefined,
        });
  download('sudokit-grid.svg', 'image/svg+xml', svg);
  say('The grid was downloaded as sudokit-grid.svg.', 'ok');
}
