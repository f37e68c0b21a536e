/**
 * parsePuzzle: the only door into sudokit. Every text format goes through here.
 *
 * Accepted (the format is recognised from the text itself):
 * - one line of n² characters, `.` or `0` for an empty cell (`4.....8.5.3...`);
 * - the same spread over several lines, with spaces, `|`, `-`, `+`, `=`, `:` and box-drawing
 *   characters ignored, so the pretty grid `makePretty` prints parses back;
 * - a JSON array of rows of numbers, 0 for empty (`[[0,4,8,…],…]`), or one flat array of n² numbers.
 *
 * The side n comes from the number of cells: n² cells with n a perfect square (4, 9, 16, 25, 36,
 * 49) give square boxes. Other sides (6, 8, 12, …) have more than one box shape: a grid drawn
 * over several lines shows its shape by its separators; otherwise they need `box` (e.g. `2x3`).
 * A wrong `box` or an impossible count is an error that says what it counted.
 *
 * Parsing returns a result value, never throws: `{ ok: true, puzzle }` or `{ ok: false, error }`,
 * where the error has a code and a message naming the position and echoing the offending input.
 */
import { boxShapesOf, checkBoxShape, DIGIT_ALPHABET, geometry, type Geometry, geometryName, MAX_SIZE, MIN_SIZE, squareGeometry } from '../geometry.js';
import { describeConflict, findConflicts, hasConflicts, type Puzzle, PUZZLE_ERROR_CODES, PuzzleError, type PuzzleErrorCode } from '../puzzle.js';

/** The codes of a parse error: the same as those of a puzzle object the library refuses. */
export const PARSE_ERROR_CODES = PUZZLE_ERROR_CODES;
export type ParseErrorCode = PuzzleErrorCode;

/**
 * The longest text `parsePuzzle` reads: far beyond any board in any of its formats. Longer text
 * is a 'length' error that says so, without being scanned; the command line cuts longer lines
 * just past it (src/cli/input.ts).
 */
export const MAX_PUZZLE_CHARS = 1 << 20;

export interface ParseError {
  readonly code: ParseErrorCode;
  readonly message: string;
  /** When what is missing is the box shape (36 cells: 2x3 or 3x2): the shapes the board's boxes could have. */
  readonly boxShapes?: readonly string[];
}

export type ParseResult = { readonly ok: true; readonly puzzle: Puzzle } | { readonly ok: false; readonly error: ParseError };

export interface ParseOptions {
  /** Box shape as `[rows, cols]` or text `RxC`: required for sides that are not perfect squares. */
  readonly box?: readonly [number, number] | string | undefined;
}

/** Characters that only draw the grid and are skipped. */
const SEPARATORS = new Set([...' \t\r\n\f\v|-+=:_', ...range(0x2500, 0x257f)]);

/** Value of each character code: 0 for empty, 1 … 49 for a digit, -1 for a separator, -2 otherwise. */
const CHAR_VALUE = (() => {
  const table = new Int8Array(0x2580).fill(-2);
  table['.'.charCodeAt(0)] = 0;
  table['0'.charCodeAt(0)] = 0;
  for (let i = 0; i < DIGIT_ALPHABET.length; i++) table[DIGIT_ALPHABET.charCodeAt(i)] = i + 1;
  for (const ch of SEPARATORS) table[ch.charCodeAt(0)] = -1;
  return table;
})();

function range(from: number, to: number): string[] {
  const out: string[] = [];
  for (let c = from; c <= to; c++) out.push(String.fromCharCode(c));
  return out;
}

/** Value of one character: 0 empty, 1 … 49 digit, -1 separator, -2 anything else. */
export function charValue(code: number): number {
  return code < CHAR_VALUE.length ? CHAR_VALUE[code]! : -2;
}

/** The geometry named by `RxC` text (e.g. `3x4`), or an error message. */
export function parseBoxShape(text: string): { ok: true; geometry: Geometry } | { ok: false; message: string } {
  const m = /^\s*(\d+)\s*[x×X*]\s*(\d+)\s*$/.exec(text);
  if (!m) return { ok: false, message: `Invalid box shape "${text}": expected ROWSxCOLS, for example 3x3 or 2x3` };
  return boxGeometry(Number(m[1]), Number(m[2]));
}

function boxGeometry(rows: number, cols: number): { ok: true; geometry: Geometry } | { ok: false; message: string } {
  try {
    return { ok: true, geometry: geometry(rows, cols) };
  } catch (e) {
    return { ok: false, message: (e as Error).message };
  }
}

/**
 * The puzzle a function was handed as text (any format `parsePuzzle` reads), or the puzzle object
 * as it came (the function checks it). Text that is no puzzle throws a `PuzzleError` with the
 * parser's code and message, named after the function.
 */
export function puzzleFrom(fn: string, value: Puzzle | string): Puzzle {
  if (typeof value !== 'string') return value;
  const parsed = parsePuzzle(value);
  if (!parsed.ok) {
    const shapes = parsed.error.boxShapes;
    if (shapes !== undefined && shapes.length > 0) {
      // parsePuzzle's advice (its box option) is no help here: fn takes no box option.
      const [r, c] = shapes[0]!.split('x').map(Number) as [number, number];
      throw new PuzzleError(
        'geometry',
        `${fn}: Invalid puzzle: a ${r * c}x${r * c} board whose boxes could be ${shapes.join(' or ')}, and a text passed to ${fn} cannot say which: read it with parsePuzzle(text, { box: '${shapes[0]}' }) and pass ${fn} the puzzle, or draw the boxes in the text with | and -`,
      );
    }
    throw new PuzzleError(parsed.error.code, `${fn}: ${parsed.error.message}`);
  }
  return parsed.puzzle;
}

function fail(code: ParseErrorCode, message: string): ParseResult {
  return { ok: false, error: { code, message } };
}

/** The input, shortened to fit in a message. */
export function excerpt(text: string, max = 100): string {
  const flat = text.replace(/\s*\n\s*/g, ' ⏎ ').trim();
  return JSON.stringify(flat.length > max ? `${flat.slice(0, max - 1)}…` : flat);
}

/** Line and column (1-based) of a character offset in a text. */
function where(text: string, offset: number): string {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  const column = offset - lineStart + 1;
  return text.includes('\n') ? `line ${line}, column ${column}` : `position ${column}`;
}

/**
 * Parse a puzzle in any supported text format. Never throws: anything that is not a puzzle,
 * whatever its type, is an error result naming what was wrong.
 */
export function parsePuzzle(text: string, options: ParseOptions = {}): ParseResult {
  if (typeof text !== 'string') return fail('character', `Invalid puzzle: expected text, got ${describeValue(text)}`);
  // null, as JavaScript callers write for "no options", is none
  options ??= {};
  if (text.length > MAX_PUZZLE_CHARS) {
    const most = (MAX_SIZE * MAX_SIZE).toLocaleString('en-US');
    return fail('length', `Invalid puzzle: longer than ${MAX_PUZZLE_CHARS.toLocaleString('en-US')} characters; the largest board (${MAX_SIZE}x${MAX_SIZE}) has ${most} cells`);
  }
  let boxed: Geometry | undefined;
  if (options.box !== undefined && options.box !== null) {
    if (typeof options.box !== 'string' && !Array.isArray(options.box)) return fail('geometry', `Invalid box: expected ROWSxCOLS text or [rows, cols], got ${describeValue(options.box)}`);
    const shape = typeof options.box === 'string' ? parseBoxShape(options.box) : boxGeometry(options.box[0], options.box[1]);
    if (!shape.ok) return fail('geometry', shape.message);
    boxed = shape.geometry;
  }
  // A UTF-8 byte order mark (files saved by some editors) is not part of the puzzle.
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  const start = firstNonSpace(text);
  if (start < 0) return fail('length', 'Invalid puzzle: the input is empty');
  return text.charCodeAt(start) === 91 /* [ */ ? parseJsonPuzzle(text, boxed) : parseGridText(text, boxed);
}

function firstNonSpace(text: string): number {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c !== 32 && c !== 9 && c !== 10 && c !== 13) return i;
  }
  return -1;
}

function parseGridText(text: string, boxed: Geometry | undefined): ParseResult {
  // First pass: count the cells and find the largest digit, without allocating.
  let count = 0;
  let maxDigit = 0;
  let maxDigitAt = -1;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    const v = code < CHAR_VALUE.length ? CHAR_VALUE[code]! : -2;
    if (v >= 0) {
      count++;
      if (v > maxDigit) {
        maxDigit = v;
        maxDigitAt = i;
      }
    } else if (v === -2) {
      const ch = String.fromCodePoint(text.codePointAt(i)!);
      return fail('character', `Invalid puzzle: unexpected character ${JSON.stringify(ch)} at ${where(text, i)} in ${excerpt(text)}; cells are digits, letters for sizes over 9, and . or 0 for empty`);
    }
  }
  const sized = geometryForCount(count, boxed, text);
  if (!sized.ok) return sized;
  const g = sized.geometry;
  if (maxDigit > g.size) {
    const ch = text[maxDigitAt]!;
    return fail(
      'character',
      `Invalid puzzle: ${JSON.stringify(ch)} at ${where(text, maxDigitAt)} is not a digit of a ${geometryName(g)} board (digits are ${g.digits[0]}-${g.digits[g.size - 1]}) in ${excerpt(text)}`,
    );
  }
  // Second pass: the cells themselves.
  const givens = new Uint8Array(count);
  if (count === text.length) {
    for (let i = 0; i < count; i++) givens[i] = CHAR_VALUE[text.charCodeAt(i)]!;
  } else {
    let k = 0;
    for (let i = 0; i < text.length; i++) {
      const v = charValue(text.charCodeAt(i));
      if (v >= 0) givens[k++] = v;
    }
  }
  return checkGivens(g, givens, text);
}

/** Square-box geometries met so far, by number of cells (81, 256, …): the common case is one lookup. */
const squareByCount = new Map<number, Geometry>();

/** The geometry of a board with `count` cells, or the error that explains why there is none. */
function geometryForCount(count: number, boxed: Geometry | undefined, text: string): { ok: true; geometry: Geometry } | { ok: false; error: ParseError } {
  if (boxed) {
    if (count === boxed.cellCount) return { ok: true, geometry: boxed };
    return {
      ok: false,
      error: { code: 'length', message: `Invalid puzzle: expected ${boxed.cellCount} cells for a ${geometryName(boxed)} board, counted ${count} in ${excerpt(text)}` },
    };
  }
  const known = squareByCount.get(count);
  if (known) return { ok: true, geometry: known };
  const side = Math.round(Math.sqrt(count));
  if (side * side !== count || side < MIN_SIZE || side > MAX_SIZE) {
    return {
      ok: false,
      error: {
        code: 'length',
        message: `Invalid puzzle: counted ${count} cells in ${excerpt(text)}; a board has n² cells for n from ${MIN_SIZE} to ${MAX_SIZE} (16, 36, 64, 81, 144, 256, …)`,
      },
    };
  }
  const square = squareGeometry(side);
  if (square) {
    squareByCount.set(count, square);
    return { ok: true, geometry: square };
  }
  const shown = boxFromLayout(text, side);
  if (shown) return { ok: true, geometry: shown };
  const shapes = boxShapesOf(side).map(([r, c]) => `${r}x${c}`);
  if (shapes.length === 0) {
    return { ok: false, error: { code: 'geometry', message: `Invalid puzzle: ${count} cells make a ${side}x${side} board, and no box shape divides ${side}` } };
  }
  const example = shapes[Math.floor((shapes.length - 1) / 2)]!;
  return {
    ok: false,
    error: {
      code: 'geometry',
      message: `Invalid puzzle: ${count} cells make a ${side}x${side} board whose boxes could be ${shapes.join(' or ')}; say which with the box option (for example { box: '${example}' })`,
      boxShapes: shapes,
    },
  };
}

const VERTICAL_BARS = new Set(['|', '│', '┃', '║', '!', ':']);
const RULE_MARKS = /[-─━═+┼╋╬=_]/;

/**
 * The box shape a grid drawn over several lines shows by its separators — `|` between the boxes
 * of a row, rule lines between bands — or undefined when it shows none, or an inconsistent one.
 * This lets the pretty grid of a 6x6 or 12x12 board read back without --box.
 */
function boxFromLayout(text: string, side: number): Geometry | undefined {
  let boxCols = 0;
  let boxRows = 0;
  let rows = 0;
  let rowsSinceRule = 0;
  for (const line of text.split('\n')) {
    let cells = 0;
    let group = 0;
    const groups: number[] = [];
    for (const ch of line) {
      if (charValue(ch.charCodeAt(0)) >= 0) {
        cells++;
        group++;
      } else if (VERTICAL_BARS.has(ch) && group > 0) {
        groups.push(group);
        group = 0;
      }
    }
    if (group > 0) groups.push(group);
    if (cells === 0) {
      if (RULE_MARKS.test(line) && rowsSinceRule > 0) {
        if (boxRows === 0) boxRows = rowsSinceRule;
        else if (boxRows !== rowsSinceRule) return undefined;
        rowsSinceRule = 0;
      }
      continue;
    }
    if (cells !== side) return undefined;
    rows++;
    rowsSinceRule++;
    if (groups.length > 1) {
      const width = groups[0]!;
      if (!groups.every((g) => g === width) || (boxCols !== 0 && boxCols !== width)) return undefined;
      boxCols = width;
    }
  }
  if (rows !== side || (boxRows === 0 && boxCols === 0)) return undefined;
  if (boxRows === 0) boxRows = side / boxCols;
  if (boxCols === 0) boxCols = side / boxRows;
  if (!Number.isInteger(boxRows) || !Number.isInteger(boxCols) || boxRows * boxCols !== side || checkBoxShape(boxRows, boxCols)) return undefined;
  return geometry(boxRows, boxCols);
}

function checkGivens(g: Geometry, givens: Uint8Array, text: string): ParseResult {
  if (hasConflicts(g, givens)) {
    const conflicts = findConflicts(g, givens);
    const first = conflicts[0]!;
    const more = conflicts.length > 1 ? ` (and ${conflicts.length - 1} more clash${conflicts.length > 2 ? 'es' : ''})` : '';
    return fail('duplicate-given', `Invalid puzzle: ${describeConflict(g, first)}${more} in ${excerpt(text)}`);
  }
  return { ok: true, puzzle: { geometry: g, givens } };
}

function parseJsonPuzzle(text: string, boxed: Geometry | undefined): ParseResult {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    return fail('character', `Invalid puzzle: not valid JSON (${(e as Error).message}) in ${excerpt(text)}`);
  }
  if (!Array.isArray(value)) return fail('character', `Invalid puzzle: expected a JSON array of rows in ${excerpt(text)}`);
  // No board has more cells than the largest: say so before copying anything.
  const entries = value.every((row) => Array.isArray(row)) ? value.reduce((sum: number, row: unknown[]) => sum + row.length, 0) : value.length;
  if (entries > MAX_SIZE * MAX_SIZE)
    return fail('length', `Invalid puzzle: the JSON array holds ${entries} entries, more than the ${MAX_SIZE * MAX_SIZE} cells of the largest board (${MAX_SIZE}x${MAX_SIZE}), in ${excerpt(text)}`);
  const flat: unknown[] = [];
  if (value.every((row) => Array.isArray(row))) {
    const rows = value as unknown[][];
    const width = rows.length;
    for (let r = 0; r < rows.length; r++) {
      const row = rows[r]!;
      if (row.length !== width) {
        return fail('length', `Invalid puzzle: JSON row ${r + 1} has ${row.length} entries, expected ${width} (one per row) in ${excerpt(text)}`);
      }
      for (const entry of row) flat.push(entry);
    }
  } else {
    for (const entry of value) flat.push(entry);
  }
  const sized = geometryForCount(flat.length, boxed, text);
  if (!sized.ok) return sized;
  const g = sized.geometry;
  const givens = new Uint8Array(g.cellCount);
  for (let i = 0; i < flat.length; i++) {
    const v = flat[i];
    const digit = typeof v === 'string' ? digitOfString(v, g) : v;
    if (typeof digit !== 'number' || !Number.isInteger(digit) || digit < 0 || digit > g.size) {
      const r = Math.floor(i / g.size) + 1;
      const c = (i % g.size) + 1;
      return fail('character', `Invalid puzzle: JSON entry at row ${r}, column ${c} is ${JSON.stringify(v)}; expected 0 (empty) or a digit 1-${g.size}`);
    }
    givens[i] = digit;
  }
  return checkGivens(g, givens, text);
}

function digitOfString(s: string, g: Geometry): number | string {
  if (s === '' || s === '.' || s === '0') return 0;
  const d = g.digits.indexOf(s);
  return s.length === 1 && d >= 0 ? d + 1 : s;
}

/** A short description of a value that is not text, for messages. */
function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (value === undefined) return 'undefined';
  return typeof value === 'object' ? 'an object' : `${typeof value} ${String(value).slice(0, 40)}`;
}
