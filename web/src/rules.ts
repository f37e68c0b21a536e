/**
 * A variant puzzle on the page: its rules drawn over the board by the library's renderer (cages,
 * lines, dots, arrows, circles, regions, outside clues), the clashes its rules add to those of rows,
 * columns and boxes, the houses a step may name (a diagonal), and whether a full grid keeps them.
 */
import { Board, describeConflict, findConflicts, type Geometry, isSolution } from '../../src/index.js';
import { isVariantSolution, renderVariantSvg, ruleConflicts, type VariantPuzzle } from '../../src/variant/index.js';
import { ui } from './dom.js';
import { game } from './state.js';
import { plural } from './words.js';

/** The rules drawn last (the overlay is redrawn only when the puzzle's rules change). */
let drawnFor: object | undefined;

/** Lay the puzzle's rules over the board, or take them away for a classic puzzle. */
export function drawRules(): void {
  const key = game.rules ?? (game.geometry.jigsaw ? game.geometry : undefined);
  const drawn = ui.board.querySelector('.rules-overlay');
  // The board's cells are built anew for another geometry, which takes the overlay with them.
  if (key === drawnFor && (drawn !== null) === (game.rules !== undefined)) return;
  drawnFor = key;
  drawn?.remove();
  const outside = game.rules?.constraints.some((c) => c.kind === 'little-killer' || c.kind === 'sandwich') ?? false;
  ui.board.classList.toggle('with-clues', outside);
  ui.board.classList.toggle('variant', key !== undefined);
  if (!game.rules) return;
  const layer = document.createElement('div');
  layer.className = 'rules-overlay';
  layer.setAttribute('aria-hidden', 'true');
  layer.innerHTML = renderVariantSvg(game.puzzle() as VariantPuzzle, { overlay: true, cellSize: 40 });
  ui.board.append(layer);
}

/** Every clash on the grid: rows, columns and boxes, then the rules; the cells and a line saying the first. */
export function clashesOf(g: Geometry, grid: Uint8Array): { readonly cells: Set<number>; readonly text: string } {
  const units = findConflicts(g, grid);
  const rules = game.rules ? ruleConflicts(game.puzzle(), grid) : [];
  const cells = new Set([...units.flatMap((c) => c.cells), ...rules.flatMap((c) => c.cells)]);
  const count = units.length + rules.length;
  if (count === 0) return { cells, text: '' };
  const first = units[0] ? describeConflict(g, units[0]) : rules[0]!.text;
  return { cells, text: `Conflict: ${first}${count > 1 ? ` (and ${plural(count - 1, 'more clash', 'more clashes')})` : ''}.` };
}

let unitsFor: { readonly key: object; readonly units: readonly Int32Array[] } | undefined;

/** The units a step's `units` index: the board's rows, columns and boxes, then the houses the rules add (a diagonal, a window). */
export function unitsOfRules(): readonly Int32Array[] {
  if (!game.rules) return game.geometry.units;
  if (unitsFor?.key !== game.rules) unitsFor = { key: game.rules, units: Board.fromPuzzle(game.puzzle()).geometry.units };
  return unitsFor.units;
}

/** What the page says of a solved grid. */
export function solvedText(): string {
  return `Solved! Every row, column and ${game.geometry.jigsaw ? 'region' : 'box'} holds each digit once${game.rules ? ', and every rule holds' : ''}.`;
}

/** Whether a full grid solves the puzzle on the board, its rules included. */
export function solves(grid: Uint8Array): boolean {
  const puzzle = game.puzzle();
  return game.rules ? isVariantSolution(puzzle as VariantPuzzle, grid) : isSolution(puzzle, grid);
}
