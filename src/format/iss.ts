/**
 * ISS constraint text: the dot format of Interactive Sudoku Solver (ISS,
 * github.com/sigh/Interactive-Sudoku-Solver), read into a VariantPuzzle.
 *
 * The text is a list of items `.Type~arg~arg…`, such as `.Cage~15~R1C1~R1C2`, `.Thermo~R2C2~R2C3`
 * or the givens `.~R1C1_8~R2C3_3` (an item without a type). A cell is `R<row>C<column>`, both
 * counted from 1 with one character each in base 17 (1-9, then a-g for 10-16, either case), so
 * the last cell of a 16x16 grid is `RgCg`. White space anywhere is ignored, as ISS ignores it.
 * The datasets in ../shared/datasets/variants hold this text in the first TAB field of each line.
 *
 * What each item becomes (the mapping that ../shared/datasets/variants/README.md describes):
 * - givens `.~R1C1_8`: a digit. A cell allowed several values (`R4C7_2_4_6_8`) is an odd or even
 *   cell when the values are exactly the odd or the even digits of the size; any other set is a
 *   pencilmark given, unsupported. A cell named twice keeps the values both allow, as in ISS.
 * - `.Shape~6x6`: the side (9 without it). The boxes are ISS's: the most square factorisation of
 *   the side with no more rows than columns (6x6: 2 rows by 3 columns; 12x12: 3 by 4).
 * - `.Cage~SUM~cells`: a killer cage; a sum of 0 (or none) is a cage without a sum.
 * - `.Sum~SUM~cells` (digits may repeat): over cells of one row, column or box, a killer cage
 *   (they cannot repeat there); over a whole little-killer diagonal, a little killer.
 * - `.Thermo~cells` (bulb first), `.Arrow~circle~cells`, `.Whisper~DIFF~cells` (5 when the
 *   difference is left out), `.Renban`, `.Palindrome`, `.Between` (its ends are the circles).
 * - `.LittleKiller~SUM~R1C5`: ISS names a diagonal by its first cell, walking from the left edge
 *   down-right, from the right edge up-left, from the top edge down-left and from the bottom edge
 *   up-right. The clue is the outside cell just before that first cell, as f-puzzles writes it
 *   (`R0C6`, `R10C4`), pointing the same way.
 * - `.Sandwich~SUM~R3` (row 3) or `~C4` (column 4).
 * - `.WhiteDot`, `.BlackDot`, `.X`, `.V`: one dot (or X, or V) for every orthogonally adjacent
 *   pair among the item's cells, as ISS reads an item of more than two cells.
 * - `.StrictKropki`: non-consecutive and negative-black; `.StrictXV`: negative-xv;
 *   `.AntiConsecutive`: non-consecutive, only without kropki dots (ISS's rule also bars consecutive
 *   digits across a black dot, where sudokit's spares every dotted pair).
 * - `.AntiKnight`, `.AntiKing`, `.DisjointSets` (disjoint groups), `.Diagonal~1` (╱, positive)
 *   and `.Diagonal~-1` (╲, negative).
 * - `.Windoku`: one extra region per window (4 on 9x9, 9 on 16x16).
 * - `.Jigsaw~LAYOUT` (one character per cell naming its region): with `.NoBoxes` the regions
 *   replace the boxes (a jigsaw geometry); without it each region is an extra region.
 *
 * Every ISS type name is listed here, so a constraint ISS has and sudokit lacks (Skyscraper,
 * XSum, …) is 'unsupported', with how many items use it, while a name ISS does not know is
 * 'invalid'. Broken items are 'invalid' and named by their number and an excerpt.
 */
import { kindLabel, validateConstraint } from '../constraints/index.js';
import type { Constraint, DiagonalDirection } from '../constraints/types.js';
import { checkRegions, type Geometry, geometry, jigsawGeometry } from '../geometry.js';
import { describeConflict, findConflicts, hasConflicts } from '../puzzle.js';
import type { VariantPuzzle } from '../variant/puzzle.js';
import { excerpt, MAX_PUZZLE_CHARS } from './parse.js';
import { type VariantErrorCode, variantError, type VariantParseResult } from './variantResult.js';

/** Every constraint type ISS's text can name (its `SudokuConstraint` classes); `Given` is the unnamed one. */
export const ISS_CONSTRAINT_TYPES: ReadonlySet<string> = new Set(
  (
    'Given Shape Container Or And Replicate End Jigsaw Thermo Whisper Renban Modular Entropic RegionSumLine Between Lockout Palindrome Zipper SumLine Regex ' +
    'NFA NoBoxes ChaosConstruction ChaosArrow ChaosCount RegionSize RegionSameValues StrictKropki StrictXV Windoku DisjointSets AntiKnight Doppelganger ' +
    'AntiKing AntiTaxicab AntiConsecutive GlobalEntropy GlobalMod FullRankTies DutchFlatmates Diagonal WhiteDot BlackDot GreaterThan X ValueIndexing V ' +
    'Arrow DoubleArrow PillArrow Cage RellikCage EqualityCage Sum LittleKiller XSum Sandwich Lunchbox Skyscraper HiddenSkyscraper NumberedRoom FullRank ' +
    'AllDifferent ContainAtLeast ContainExact LookAndSay ConnectedValues SameValues EqualSum Quad Binary BinaryX Pair PairX Indexing CountingCircles ' +
    'CountDistinct SearchPriority Var'
  ).split(' '),
);

/** The ISS types this reader turns into sudokit's constraints (or geometry, or givens). */
export const ISS_SUPPORTED_TYPES: ReadonlySet<string> = new Set(
  (
    'Given Shape Cage Sum Thermo Arrow LittleKiller Sandwich WhiteDot BlackDot X V StrictKropki StrictXV AntiConsecutive AntiKnight AntiKing Diagonal ' +
    'Windoku DisjointSets NoBoxes Jigsaw Whisper Renban Palindrome Between'
  ).split(' '),
);

/** The largest side ISS's four-character cell names reach (row and column up to `g` = 16). */
export const ISS_MAX_SIZE = 16;

/** Row and column characters of ISS cell names: 1 … 9, then a … g. */
const CELL_CHARS = '123456789abcdefg';

/**
 * Whether `text` starts like ISS text: a dot, then a known ISS item (`.~`, `.Cage~`,
 * `.AntiKnight.`, …), or a word and a `~` (`.cage~10~R1C1`: ISS text with a type misspelt, which
 * the reader then names).
 */
export function startsWithIssItem(text: string): boolean {
  const m = /^\s*\.(~|([A-Za-z][A-Za-z0-9]*)(?=(~)|\.|\s|$))/.exec(text);
  return m !== null && (m[1] === '~' || m[3] === '~' || ISS_CONSTRAINT_TYPES.has(m[2]!));
}

interface Item {
  /** 1-based position among the text's items. */
  readonly number: number;
  /** The item as written, with its leading dot. */
  readonly text: string;
  readonly type: string;
  readonly args: readonly string[];
}

/** A problem found deep in the reading, carried to `parseIssText` which turns it into a result. */
class IssProblem {
  constructor(
    readonly code: VariantErrorCode,
    readonly message: string,
  ) {}
}

function invalid(message: string): never {
  throw new IssProblem('invalid', `Invalid ISS text: ${message}`);
}

function unsupported(message: string): never {
  throw new IssProblem('unsupported', `unsupported: ${message}`);
}

/** Where an item is, for messages: `item 3 ".Cage~x~R1C1"`. */
function at(item: Item): string {
  return `item ${item.number} ${excerpt(item.text, 60)}`;
}

function bad(item: Item, what: string): never {
  invalid(`${at(item)}: ${what}`);
}

/**
 * Read ISS constraint text into a variant puzzle. Never throws: broken text is an 'invalid'
 * error naming the item, text using what sudokit cannot express an 'unsupported' one.
 */
export function parseIssText(text: string): VariantParseResult {
  try {
    return { ok: true, puzzle: readIssText(text) };
  } catch (e) {
    if (e instanceof IssProblem) return variantError(e.code, e.message);
    throw e;
  }
}

function readIssText(text: string): VariantPuzzle {
  if (typeof text !== 'string') invalid(`expected text, got ${text === null ? 'null' : typeof text}`);
  if (text.length > MAX_PUZZLE_CHARS) invalid(`longer than ${MAX_PUZZLE_CHARS.toLocaleString('en-US')} characters`);
  const compact = text.replace(/\s+/g, '');
  if (compact === '') invalid('the input is empty');
  if (compact[0] !== '.') invalid(`ISS text is a list of items that each start with "." (such as .Cage~10~R1C1~R1C2); got ${excerpt(compact)}`);
  const items = splitItems(compact);
  checkTypes(items);
  const size = readShape(items);
  const g = readGeometry(items, size);
  return readItems(items, g);
}

function splitItems(compact: string): Item[] {
  const items: Item[] = [];
  compact
    .split('.')
    .slice(1)
    .forEach((raw, i) => {
      if (raw === '') return;
      const [type, ...args] = raw.split('~');
      items.push({ number: i + 1, text: `.${raw}`, type: type === '' ? 'Given' : type!, args });
    });
  return items;
}

/** Unknown type names are invalid; known ones sudokit lacks are unsupported, counted by type. */
function checkTypes(items: readonly Item[]): void {
  const lacking = new Map<string, number>();
  for (const item of items) {
    if (!ISS_CONSTRAINT_TYPES.has(item.type)) bad(item, `${JSON.stringify(item.type)} is not an ISS constraint type`);
    if (!ISS_SUPPORTED_TYPES.has(item.type)) lacking.set(item.type, (lacking.get(item.type) ?? 0) + 1);
  }
  if (lacking.size > 0) {
    unsupported([...lacking].map(([type, n]) => `'${type}' (${n} clue${n === 1 ? '' : 's'})`).join(', '));
  }
}

/** The side the Shape items give (9 without one). */
function readShape(items: readonly Item[]): number {
  let size = 9;
  let spec: string | undefined;
  for (const item of items) {
    if (item.type !== 'Shape') continue;
    const text = item.args.join('~');
    if (spec !== undefined && text !== spec) bad(item, `a second Shape, different from the first (${spec})`);
    spec = text;
    const m = /^(\d+)x(\d+)$/.exec(item.args[0] ?? '');
    if (!m || item.args.length > 3) bad(item, 'expected a shape such as 9x9 or 6x6');
    const rows = Number(m[1]);
    const cols = Number(m[2]);
    if (rows !== cols) unsupported(`a non-square ${rows}x${cols} grid (${at(item)})`);
    const range = item.args[1];
    if (range !== undefined && range !== '' && range !== String(rows) && range !== `1-${rows}`) {
      unsupported(`values ${range} on a ${rows}x${rows} grid (${at(item)}): sudokit's digits run from 1 to the side`);
    }
    if (item.args[2] !== undefined) unsupported(`grid type ${JSON.stringify(item.args[2])} (${at(item)})`);
    if (rows < 4 || rows > ISS_MAX_SIZE) unsupported(`a ${rows}x${rows} grid (${at(item)}): ISS text is read for 4x4 to ${ISS_MAX_SIZE}x${ISS_MAX_SIZE}`);
    size = rows;
  }
  return size;
}

/** ISS's boxes for a side: the most square factorisation, rows ≤ columns; undefined for a prime side. */
export function issBoxShape(size: number): [number, number] | undefined {
  for (let rows = Math.floor(Math.sqrt(size)); rows >= 2; rows--) {
    if (size % rows === 0) return [rows, size / rows];
  }
  return undefined;
}

function readGeometry(items: readonly Item[], size: number): Geometry {
  const noBoxes = items.filter((item) => item.type === 'NoBoxes');
  for (const item of noBoxes) if (item.args.length > 0) bad(item, 'NoBoxes takes no arguments');
  if (noBoxes.length > 0) {
    const jigsaws = items.filter((item) => item.type === 'Jigsaw');
    if (jigsaws.length === 0) unsupported(`'NoBoxes' without a 'Jigsaw' layout: a grid without boxes (${at(noBoxes[0]!)})`);
    if (jigsaws.length > 1) unsupported(`'NoBoxes' with ${jigsaws.length} 'Jigsaw' layouts: sudokit reads one layout of regions`);
    const item = jigsaws[0]!;
    const regions = layoutRegions(item, size);
    const regionOf = new Int32Array(size * size);
    regions.forEach((region, r) => {
      if (region.cells.length !== size) bad(item, `region ${JSON.stringify(region.name)} has ${region.cells.length} cells; each region of a ${size}x${size} grid has ${size}`);
      for (const cell of region.cells) regionOf[cell] = r;
    });
    const problem = checkRegions(size, regionOf);
    if (problem) bad(item, `the regions cannot make a board: ${problem}`);
    return jigsawGeometry(size, regionOf);
  }
  const shape = issBoxShape(size);
  if (!shape) unsupported(`a ${size}x${size} grid without boxes (no box shape divides ${size})`);
  return geometry(shape[0], shape[1]);
}

/** The regions of a Jigsaw item's layout (one character per cell), in order of first appearance. */
function layoutRegions(item: Item, size: number): Array<{ name: string; cells: number[] }> {
  if (item.args.length < 1 || item.args.length > 2) bad(item, 'expected one layout of region characters, one per cell');
  const layout = item.args[item.args.length - 1]!;
  if (layout.length !== size * size) bad(item, `the layout has ${layout.length} characters; a ${size}x${size} grid has ${size * size} cells`);
  const byName = new Map<string, number[]>();
  for (let cell = 0; cell < layout.length; cell++) {
    const name = layout[cell]!;
    const cells = byName.get(name);
    if (cells) cells.push(cell);
    else byName.set(name, [cell]);
  }
  return [...byName].map(([name, cells]) => ({ name, cells }));
}

/** An ISS cell name, `R1C1` … `RgCg`. */
export function issCellName(cell: number, size: number): string {
  return `R${CELL_CHARS[Math.floor(cell / size)]}C${CELL_CHARS[cell % size]}`;
}

function cellOf(item: Item, id: string, size: number): number {
  if (id.length === 4 && (id[0] === 'R' || id[0] === 'r') && (id[2] === 'C' || id[2] === 'c')) {
    const row = CELL_CHARS.indexOf(id[1]!.toLowerCase());
    const col = CELL_CHARS.indexOf(id[3]!.toLowerCase());
    if (row >= 0 && col >= 0 && row < size && col < size) return row * size + col;
  }
  bad(item, `${JSON.stringify(id)} is not a cell of a ${size}x${size} grid (cells are R1C1 to ${issCellName(size * size - 1, size)})`);
}

function cellList(item: Item, ids: readonly string[], size: number, least: number, what: string): number[] {
  if (ids.length < least) bad(item, `${what} needs at least ${least} cell${least === 1 ? '' : 's'}, got ${ids.length}`);
  return ids.map((id) => cellOf(item, id, size));
}

/** A whole number ≥ 0 written in decimal. */
function wholeNumber(item: Item, text: string | undefined, what: string): number {
  if (text === undefined || !/^\d+$/.test(text) || text.length > 6) bad(item, `${what} ${JSON.stringify(text ?? '')} is not a whole number`);
  return Number(text);
}

function noArgs(item: Item): void {
  if (item.args.length > 0) bad(item, `${item.type} takes no arguments`);
}

function repeated(cells: readonly number[]): number | undefined {
  const seen = new Set<number>();
  for (const cell of cells) {
    if (seen.has(cell)) return cell;
    seen.add(cell);
  }
  return undefined;
}

/** A little-killer diagonal: its cells from the first, the way it runs, and its clue cell outside the grid. */
export interface LittleKillerDiagonal {
  readonly cells: readonly number[];
  readonly direction: DiagonalDirection;
  readonly clue: string;
}

const diagonalsBySize = new Map<number, Map<number, LittleKillerDiagonal>>();

/** Every diagonal of two or more cells, keyed by the first cell ISS names it by (see the header). */
export function littleKillerDiagonals(size: number): ReadonlyMap<number, LittleKillerDiagonal> {
  const known = diagonalsBySize.get(size);
  if (known) return known;
  const map = new Map<number, LittleKillerDiagonal>();
  const covered = new Set<string>();
  const walk = (row: number, col: number, dr: number, dc: number): void => {
    const cells: number[] = [];
    for (let r = row, c = col; r >= 0 && c >= 0 && r < size && c < size; r += dr, c += dc) cells.push(r * size + c);
    if (cells.length < 2) return;
    const key = [...cells].sort((a, b) => a - b).join(',');
    if (covered.has(key)) return;
    covered.add(key);
    const direction = `${dr > 0 ? 'D' : 'U'}${dc > 0 ? 'R' : 'L'}` as DiagonalDirection;
    map.set(cells[0]!, { cells, direction, clue: `R${row - dr + 1}C${col - dc + 1}` });
  };
  for (let r = 0; r < size - 1; r++) walk(r, 0, 1, 1);
  for (let r = 1; r < size - 1; r++) walk(r, size - 1, -1, -1);
  for (let c = 1; c < size; c++) walk(0, c, 1, -1);
  for (let c = 1; c < size - 1; c++) walk(size - 1, c, -1, 1);
  diagonalsBySize.set(size, map);
  return map;
}

/** ISS's windoku windows: box-shaped blocks one cell in from the edges, one cell apart. */
export function windokuWindows(size: number): number[][] {
  const shape = issBoxShape(size);
  if (!shape) return [];
  const [rows, cols] = shape;
  const windows: number[][] = [];
  for (let top = 1; top + rows < size; top += rows + 1) {
    for (let left = 1; left + cols < size; left += cols + 1) {
      const cells: number[] = [];
      for (let r = top; r < top + rows; r++) for (let c = left; c < left + cols; c++) cells.push(r * size + c);
      windows.push(cells);
    }
  }
  return windows;
}

/** Every orthogonally adjacent pair among the cells, each once, or the first cell with no neighbour among them. */
function adjacentPairs(cells: readonly number[], size: number): { pairs: Array<[number, number]> } | { lonely: number } {
  const all = new Set(cells);
  const left = new Set(cells);
  const pairs: Array<[number, number]> = [];
  for (const cell of cells) {
    const row = Math.floor(cell / size);
    const col = cell % size;
    const neighbours = [row > 0 ? cell - size : -1, col > 0 ? cell - 1 : -1, col < size - 1 ? cell + 1 : -1, row < size - 1 ? cell + size : -1];
    if (!neighbours.some((n) => all.has(n))) return { lonely: cell };
    left.delete(cell);
    for (const n of neighbours) if (left.has(n)) pairs.push([cell, n]);
  }
  return { pairs };
}

const DOT_KINDS = { WhiteDot: 'white-dot', BlackDot: 'black-dot', X: 'xv', V: 'xv' } as const;

/** A place in the output held for the odd/even constraint of a cell whose givens are read to the end first. */
interface PendingCell {
  readonly pending: number;
}

function readItems(items: readonly Item[], g: Geometry): VariantPuzzle {
  const { size } = g;
  const out: Array<Constraint | PendingCell> = [];
  const onceKeys = new Set<string>();
  const once = (key: string, ...constraints: Constraint[]): void => {
    if (onceKeys.has(key)) return;
    onceKeys.add(key);
    out.push(...constraints);
  };
  const allowed = new Map<number, number[]>();
  const hasKropki = items.some((item) => item.type === 'WhiteDot' || item.type === 'BlackDot');

  for (const item of items) {
    const { args } = item;
    const before = out.length;
    switch (item.type) {
      case 'Shape':
      case 'NoBoxes':
        break;
      case 'Given':
        for (const arg of args) {
          const [id, ...values] = arg.split('_');
          const cell = cellOf(item, id!, size);
          if (values.length === 0) bad(item, `${JSON.stringify(arg)} gives no value (write ${id}_5)`);
          const digits = values.map((v) => {
            const n = Number(v);
            if (!/^\d+$/.test(v) || String(n) !== v || n < 1 || n > size) bad(item, `${JSON.stringify(v)} in ${JSON.stringify(arg)} is not a value of a ${size}x${size} grid (1 to ${size})`);
            return n;
          });
          const before = allowed.get(cell);
          if (before === undefined) {
            allowed.set(
              cell,
              [...new Set(digits)].sort((a, b) => a - b),
            );
            out.push({ pending: cell });
          } else {
            const both = before.filter((d) => digits.includes(d));
            if (both.length === 0) bad(item, `${issCellName(cell, size)} is given ${digits.join('_')} here and ${before.join('_')} before: no value is left`);
            allowed.set(cell, both);
          }
        }
        break;
      case 'Cage': {
        const sum = args[0] === '' ? 0 : wholeNumber(item, args[0], 'the sum');
        const cells = cellList(item, args.slice(1), size, 1, 'a cage');
        const twice = repeated(cells);
        if (twice !== undefined) bad(item, `the cage lists ${issCellName(twice, size)} twice`);
        if (cells.length > size) bad(item, `a cage of ${cells.length} cells cannot hold different digits on a ${size}x${size} grid`);
        out.push(sum === 0 ? { kind: 'killer', cells } : { kind: 'killer', cells, sum });
        break;
      }
      case 'Sum': {
        if (args[0]?.includes('_')) unsupported(`'Sum' with coefficients (${at(item)})`);
        const sum = wholeNumber(item, args[0], 'the sum');
        const cells = cellList(item, args.slice(1), size, 1, 'a sum');
        const twice = repeated(cells);
        if (twice !== undefined) unsupported(`'Sum' counting ${issCellName(twice, size)} twice, a weighted sum (${at(item)})`);
        const inOne = (of: Int32Array): boolean => cells.every((c) => of[c] === of[cells[0]!]);
        if (inOne(g.rowOf) || inOne(g.colOf) || inOne(g.boxOf)) {
          out.push({ kind: 'killer', cells, sum });
          break;
        }
        const diagonal = [...littleKillerDiagonals(size).values()].find((d) => d.cells.length === cells.length && cells.every((c) => d.cells.includes(c)));
        if (!diagonal) unsupported(`'Sum' over cells that are neither in one row, column or box nor a whole little-killer diagonal (${at(item)})`);
        out.push({ kind: 'little-killer', clue: diagonal.clue, direction: diagonal.direction, cells: diagonal.cells, sum });
        break;
      }
      case 'Thermo':
        out.push({ kind: 'thermo', cells: cellList(item, args, size, 1, 'a thermometer') });
        break;
      case 'Renban':
        out.push({ kind: 'renban', cells: cellList(item, args, size, 1, 'a renban line') });
        break;
      case 'Palindrome':
        out.push({ kind: 'palindrome', cells: cellList(item, args, size, 1, 'a palindrome') });
        break;
      case 'Between':
        out.push({ kind: 'between', cells: cellList(item, args, size, 2, 'a between line (its two ends are the circles)') });
        break;
      case 'Whisper': {
        const given = args[0] !== undefined && /^\d+$/.test(args[0]);
        const difference = given ? wholeNumber(item, args[0], 'the difference') : 5;
        if (difference < 1) bad(item, 'the difference is 0: write at least 1');
        out.push({ kind: 'whispers', cells: cellList(item, given ? args.slice(1) : args, size, 1, 'a whisper line'), difference });
        break;
      }
      case 'Arrow': {
        const cells = cellList(item, args, size, 2, 'an arrow (its circle, then the arrow)');
        out.push({ kind: 'arrow', circle: cells.slice(0, 1), arrow: cells.slice(1) });
        break;
      }
      case 'LittleKiller': {
        if (args.length !== 2) bad(item, 'expected a sum and a cell, as .LittleKiller~12~R1C3');
        const sum = wholeNumber(item, args[0], 'the sum');
        const first = cellOf(item, args[1]!, size);
        const diagonal = littleKillerDiagonals(size).get(first);
        if (!diagonal) {
          bad(
            item,
            `${args[1]} starts no little-killer diagonal (ISS names a diagonal by its first cell on the left edge going down-right, the right edge going up-left, the top edge going down-left or the bottom edge going up-right)`,
          );
        }
        out.push({ kind: 'little-killer', clue: diagonal.clue, direction: diagonal.direction, cells: diagonal.cells, sum });
        break;
      }
      case 'Sandwich': {
        if (args.length !== 2) bad(item, 'expected a sum and a row or column, as .Sandwich~10~R3 or .Sandwich~10~C4');
        const sum = wholeNumber(item, args[0], 'the sum');
        const m = /^([RrCc])(\d+)$/.exec(args[1]!);
        const index = m ? Number(m[2]) : 0;
        if (!m || index < 1 || index > size) bad(item, `${JSON.stringify(args[1])} is not a row (R1 to R${size}) or a column (C1 to C${size})`);
        out.push({ kind: 'sandwich', line: m[1]!.toUpperCase() === 'R' ? 'row' : 'column', index: index - 1, sum });
        break;
      }
      case 'WhiteDot':
      case 'BlackDot':
      case 'X':
      case 'V': {
        const cells = cellList(item, args, size, 2, `a ${item.type}`);
        const found = adjacentPairs(cells, size);
        if ('lonely' in found) bad(item, `${issCellName(found.lonely, size)} has no orthogonal neighbour among the item's cells`);
        const kind = DOT_KINDS[item.type];
        for (const pair of found.pairs) {
          const key = `${item.type}:${Math.min(...pair)},${Math.max(...pair)}`;
          if (onceKeys.has(key)) continue;
          onceKeys.add(key);
          out.push(kind === 'xv' ? { kind, cells: pair, sum: item.type === 'X' ? 10 : 5 } : { kind, cells: pair });
        }
        break;
      }
      case 'StrictKropki':
        noArgs(item);
        once('non-consecutive', { kind: 'non-consecutive' });
        once('negative-black', { kind: 'negative-black' });
        break;
      case 'StrictXV':
        noArgs(item);
        once('negative-xv', { kind: 'negative-xv' });
        break;
      case 'AntiConsecutive':
        noArgs(item);
        if (hasKropki) unsupported(`'AntiConsecutive' with kropki dots (${at(item)}): ISS also bars consecutive digits across a black dot, sudokit's non-consecutive spares dotted pairs`);
        once('non-consecutive', { kind: 'non-consecutive' });
        break;
      case 'AntiKnight':
        noArgs(item);
        once('anti-knight', { kind: 'anti-knight' });
        break;
      case 'AntiKing':
        noArgs(item);
        once('anti-king', { kind: 'anti-king' });
        break;
      case 'DisjointSets':
        noArgs(item);
        if (g.jigsaw) unsupported(`'DisjointSets' on a jigsaw grid (${at(item)}): disjoint groups are positions within boxes`);
        once('disjoint-groups', { kind: 'disjoint-groups' });
        break;
      case 'Diagonal': {
        if (args.length !== 1 || !/^[+-]?1$/.test(args[0]!)) bad(item, 'expected .Diagonal~1 (╱, bottom-left to top-right) or .Diagonal~-1 (╲)');
        const direction = args[0]!.startsWith('-') ? 'negative' : 'positive';
        once(`diagonal:${direction}`, { kind: 'diagonal', direction });
        break;
      }
      case 'Windoku':
        noArgs(item);
        once('windoku', ...windokuWindows(size).map((cells): Constraint => ({ kind: 'extra-region', cells })));
        break;
      case 'Jigsaw': {
        if (g.jigsaw) break; // the regions are the geometry's
        const regions = layoutRegions(item, size);
        if (regions.length === 1) break; // one region is the whole grid: no rule
        const odd = regions.filter((r) => r.cells.length !== size);
        // ISS lets one region of another size fill the rest of a partly drawn layout; it is no rule.
        if (odd.length > 1) bad(item, `regions ${odd.map((r) => JSON.stringify(r.name)).join(', ')} do not have ${size} cells; only one region may`);
        for (const region of regions) if (region.cells.length === size) out.push({ kind: 'extra-region', cells: region.cells });
        break;
      }
      default:
        // checkTypes has refused every other type
        bad(item, `${JSON.stringify(item.type)} is not read here`);
    }
    // What the item says must fit the board as the kinds judge it (a sum no digits reach is invalid, as in f-puzzles).
    for (let k = before; k < out.length; k++) {
      const c = out[k]!;
      if ('pending' in c) continue;
      const problem = validateConstraint(c, g);
      if (problem) bad(item, `${kindLabel(c.kind)}: ${problem}`);
    }
  }

  const givens = new Uint8Array(g.cellCount);
  const constraints: Constraint[] = [];
  const pencilmarks: string[] = [];
  const odds = digitsOf(size, 1);
  const evens = digitsOf(size, 0);
  for (const entry of out) {
    if (!('pending' in entry)) {
      constraints.push(entry);
      continue;
    }
    const cell = entry.pending;
    const values = allowed.get(cell)!;
    if (values.length === 1) givens[cell] = values[0]!;
    else if (sameList(values, odds)) constraints.push({ kind: 'odd', cell });
    else if (sameList(values, evens)) constraints.push({ kind: 'even', cell });
    else if (values.length < size) pencilmarks.push(`${issCellName(cell, size)} limited to ${values.join('_')}`);
    // a cell allowed every digit is no rule
  }
  if (pencilmarks.length > 0) {
    const n = pencilmarks.length;
    unsupported(`pencilmark givens (${n} cell${n === 1 ? '' : 's'}: ${pencilmarks.slice(0, 3).join(', ')}${n > 3 ? ', …' : ''}); only the odd or the even digits of the size make an odd or even cell`);
  }
  if (hasConflicts(g, givens)) {
    const conflicts = findConflicts(g, givens);
    const more = conflicts.length > 1 ? ` (and ${conflicts.length - 1} more clash${conflicts.length > 2 ? 'es' : ''})` : '';
    invalid(`the givens clash: ${describeConflict(g, conflicts[0]!)}${more}`);
  }
  return { geometry: g, givens, constraints };
}

/** The digits 1 … size whose remainder by 2 is `parity`, ascending. */
function digitsOf(size: number, parity: number): number[] {
  const out: number[] = [];
  for (let d = 1; d <= size; d++) if (d % 2 === parity) out.push(d);
  return out;
}

function sameList(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}
