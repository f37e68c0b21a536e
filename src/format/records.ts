/**
 * Splitting a file of many puzzles into one text per puzzle, line by line, in constant memory.
 *
 * - A line holding one puzzle (n² cells, no separators) is a puzzle; anything after the first
 *   space is a note and is kept apart (dataset files carry a rating or a name there).
 * - A grid spread over several lines (rows of n cells, separators allowed, rule lines such as
 *   `------+------` skipped) is gathered until it holds n² cells.
 * - A JSON array may span lines; it is gathered until its brackets balance, or until a line
 *   that cannot continue it: a blank line, a line that is a puzzle by itself, or one that would
 *   make the text so far no JSON (anything but numbers, strings, brackets and commas, or two
 *   values without a comma between them, as in a grid row `5 3 . . 7 . . . .`), or until it
 *   holds more characters than the largest board needs. An unbalanced `[` costs its own record,
 *   never the records after it.
 * - A line of ISS constraint text (`.Cage~10~R1C1~R1C2`) is one record; a TAB ends it, and what
 *   follows is a note (ISS's collections carry a name and the solution there).
 * - Blank lines and lines starting with `#` are skipped, and end any unfinished grid.
 * - A grid is cut where it can no longer be one: past MAX_GRID_LINES lines (a row per line and a
 *   rule line around every row) or MAX_PUZZLE_CHARS characters. A grid cut with cells in it is
 *   handed over as it is (it fails to parse: one invalid answer, in its place); rule lines alone
 *   are dropped, as a single rule line is. Either way the rule lines that follow are dropped until
 *   another kind of line, so no input (`yes -- - | sudokit solve`) makes a record grow without
 *   end: memory stays bounded.
 *
 * The splitter only cuts; `parsePuzzle` judges each piece, so a bad piece becomes one error
 * for its line and every other puzzle still gets its answer.
 */
import { MAX_SIZE, MIN_SIZE } from '../geometry.js';
import { charValue, MAX_PUZZLE_CHARS } from './parse.js';

/**
 * How ISS constraint text starts: a dot, then `~` or a type's name. A looser test than iss.ts's
 * `startsWithIssItem`, so that a classic app's splitter does not carry the ISS reader.
 */
const ISS_START = /^\s*\.[~A-Za-z]/;

export interface PuzzleRecord {
  /** 1-based number of the line where the puzzle starts. */
  readonly line: number;
  /** The puzzle's text, for `parsePuzzle`. */
  readonly text: string;
  /** Whatever followed a one-line puzzle after white space (a rating, a name), or ''. */
  readonly note: string;
}

export interface SplitOptions {
  /** The board side when it is known (from a box shape); otherwise any side from 4 to 49 is accepted. */
  readonly side?: number | undefined;
}

export class PuzzleSplitter {
  readonly #side: number;
  #block: string[] = [];
  #blockLine = 0;
  #blockCells = 0;
  #blockSide = 0;
  /** Characters of the grid gathered so far (bounded by MAX_PUZZLE_CHARS). */
  #blockChars = 0;
  /** A grid was cut: rule lines are dropped until a line of another kind. */
  #skipRules = false;
  #jsonDepth = 0;
  /** What the JSON text gathered so far can go on with (see `scanJson`). */
  #jsonExpect: JsonExpect = 'value';
  /** Characters gathered into the current JSON text (bounded by MAX_JSON_CHARS). */
  #jsonChars = 0;

  constructor(options: SplitOptions = {}) {
    this.#side = options.side ?? 0;
  }

  /** Feed one line (without its line break); completed puzzles are appended to `out`. */
  push(line: string, lineNumber: number, out: PuzzleRecord[]): void {
    if (this.#jsonDepth > 0) {
      const next = this.#continuesJson(line);
      if (next) {
        this.#block.push(line);
        this.#jsonChars += line.length;
        this.#jsonDepth = next.depth;
        this.#jsonExpect = next.expect;
        if (this.#jsonDepth <= 0) this.#flush(out);
        return;
      }
      // The JSON text ends unfinished here (it will fail to parse); this line stands alone.
      this.#flush(out);
    }
    const first = firstNonSpace(line);
    if (this.#skipRules) {
      if (first >= 0 && isGridText(line) && countCells(line) === 0) return;
      this.#skipRules = false;
    }
    if (first < 0 || line.charCodeAt(first) === 35 /* # */) {
      this.#flush(out);
      return;
    }
    if (line.charCodeAt(first) === 91 /* [ */) {
      this.#flush(out);
      this.#open(line, lineNumber);
      this.#jsonChars = line.length;
      const next = scanJson(line, 0, 'value');
      // A line that closes its brackets, or is no JSON already, is the whole record.
      if (next === undefined || next.depth <= 0) {
        this.#flush(out);
        return;
      }
      this.#jsonDepth = next.depth;
      this.#jsonExpect = next.expect;
      return;
    }
    if (this.#block.length > 0) {
      const cells = countCells(line);
      const clean = isGridText(line);
      if (clean && cells === 0) {
        this.#addToGrid(line, out);
        return;
      }
      const side = this.#blockSide;
      if (clean && (side === 0 ? this.#isGridRow(line, cells) : cells === side)) {
        this.#blockSide = cells;
        this.#blockCells += cells;
        if (!this.#addToGrid(line, out)) return;
        if (this.#blockCells >= cells * cells) this.#flush(out);
        return;
      }
      // Not a row of this grid: the grid ends here, unfinished, and this line stands alone.
      this.#flush(out);
    }
    // The common case, a whole puzzle on one line, needs only this one scan.
    const token = onePuzzleToken(line, first, this.#side);
    if (token) {
      out.push({ line: lineNumber, text: token.text, note: token.note });
      return;
    }
    const cells = countCells(line);
    if (isGridText(line) && (cells === 0 || this.#isGridRow(line, cells))) {
      this.#open(line, lineNumber, cells);
      return;
    }
    // ISS text as ISS's collections hold it: the text, then a TAB and a note (a name, a solution).
    const tab = ISS_START.test(line) ? line.indexOf('\t') : -1;
    if (tab > 0) {
      out.push({ line: lineNumber, text: line.slice(0, tab), note: line.slice(tab + 1).trim() });
      return;
    }
    out.push({ line: lineNumber, text: line, note: '' });
  }

  /** Call at the end of the input: an unfinished grid is handed over (and will fail to parse). */
  end(out: PuzzleRecord[]): void {
    this.#flush(out);
  }

  /** Can this line go on with the JSON text gathered so far? Then, where that leaves it. */
  #continuesJson(line: string): JsonState | undefined {
    if (this.#jsonChars + line.length > MAX_JSON_CHARS) return undefined;
    const first = firstNonSpace(line);
    if (first < 0 || onePuzzleToken(line, first, this.#side)) return undefined;
    return scanJson(line, this.#jsonDepth, this.#jsonExpect);
  }

  /** Could this line be one row of a grid spread over lines? (A 16-cell line without separators is a 4x4 puzzle.) */
  #isGridRow(line: string, cells: number): boolean {
    if (this.#side > 0) return cells === this.#side;
    return cells >= MIN_SIZE && cells <= MAX_SIZE && (cells < 16 || hasSeparator(line));
  }

  /** Start a grid (or a JSON text) at this line; `cells` is the number of cells the line holds. */
  #open(line: string, lineNumber: number, cells = 0): void {
    this.#block = [line];
    this.#blockLine = lineNumber;
    this.#blockCells = cells;
    this.#blockSide = cells;
    this.#blockChars = line.length;
  }

  /**
   * Add a line to the grid being gathered; when that makes it more than any grid can be, cut it
   * (see the top of the file) and return false.
   */
  #addToGrid(line: string, out: PuzzleRecord[]): boolean {
    this.#block.push(line);
    this.#blockChars += line.length + 1;
    if (this.#block.length <= MAX_GRID_LINES && this.#blockChars <= MAX_PUZZLE_CHARS) return true;
    if (this.#blockCells > 0) {
      const text = this.#block.join('\n');
      // Past the parser's limit only by what it needs to see that it is too long.
      out.push({ line: this.#blockLine, text: text.length > MAX_PUZZLE_CHARS ? text.slice(0, MAX_PUZZLE_CHARS + 1) : text, note: '' });
    }
    this.#block = [];
    this.#blockCells = 0;
    this.#blockSide = 0;
    this.#skipRules = true;
    return false;
  }

  #flush(out: PuzzleRecord[]): void {
    if (this.#block.length === 0) return;
    const wasJson = this.#jsonDepth !== 0 || this.#block[0]!.trimStart().startsWith('[');
    if (wasJson || this.#blockCells > 0) out.push({ line: this.#blockLine, text: this.#block.join('\n'), note: '' });
    this.#block = [];
    this.#blockCells = 0;
    this.#blockSide = 0;
    this.#jsonDepth = 0;
    this.#jsonExpect = 'value';
  }
}

/**
 * The most lines a grid over lines can take: one per row of the largest board, and a rule line
 * before, between and after its rows.
 */
const MAX_GRID_LINES = 2 * MAX_SIZE + 1;

/**
 * The longest JSON text gathered over lines: the largest board's cells, each written as a
 * quoted digit with a comma and a space, with room for brackets and indentation.
 */
const MAX_JSON_CHARS = MAX_SIZE * MAX_SIZE * 8;

/** What JSON text can come next: a value (after `[` also `]`), or a comma or `]` after a value. */
type JsonExpect = 'value' | 'valueOrClose' | 'commaOrClose';

interface JsonState {
  readonly depth: number;
  readonly expect: JsonExpect;
}

/** A JSON number, or a word (`true`, `null`: JSON.parse judges it). */
const JSON_SCALAR = /^(?:-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?|[A-Za-z]+)$/;

/**
 * Read one line of a JSON array going on from `depth` open brackets and `expect`: where it
 * leaves the text, or undefined when the line cannot be part of JSON there (a character JSON has
 * no use for, two values without a comma, a string left open, anything after the last `]`).
 */
function scanJson(line: string, depth: number, expect: JsonExpect): JsonState | undefined {
  let i = 0;
  while (i < line.length) {
    const c = line.charCodeAt(i);
    if (c === 32 || c === 9 || c === 13) {
      i++;
      continue;
    }
    if (depth === 0 && expect !== 'value') return undefined;
    if (c === 91 /* [ */) {
      if (expect === 'commaOrClose') return undefined;
      depth++;
      expect = 'valueOrClose';
      i++;
    } else if (c === 93 /* ] */) {
      if (expect === 'value' || depth === 0) return undefined;
      depth--;
      expect = 'commaOrClose';
      i++;
    } else if (c === 44 /* , */) {
      if (expect !== 'commaOrClose' || depth === 0) return undefined;
      expect = 'value';
      i++;
    } else if (c === 34 /* " */) {
      if (expect === 'commaOrClose' || depth === 0) return undefined;
      i++;
      while (i < line.length && line.charCodeAt(i) !== 34) i += line.charCodeAt(i) === 92 /* \ */ ? 2 : 1;
      if (i >= line.length) return undefined;
      i++;
      expect = 'commaOrClose';
    } else {
      if (expect === 'commaOrClose' || depth === 0) return undefined;
      let end = i;
      while (end < line.length && isScalarChar(line.charCodeAt(end))) end++;
      if (end === i || !JSON_SCALAR.test(line.slice(i, end))) return undefined;
      i = end;
      expect = 'commaOrClose';
    }
  }
  return { depth, expect };
}

/** Characters of a JSON number or word. */
function isScalarChar(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 46 || c === 43 || c === 45;
}

/** Split a whole text into puzzles; a line ends at `\n`, `\r\n` or `\r` alone. */
export function splitPuzzles(text: string, options: SplitOptions = {}): PuzzleRecord[] {
  const out: PuzzleRecord[] = [];
  const splitter = new PuzzleSplitter(options);
  const lines = text.split(/\r\n?|\n/);
  if (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  for (const [i, line] of lines.entries()) splitter.push(line, i + 1, out);
  splitter.end(out);
  return out;
}

function firstNonSpace(line: string): number {
  for (let i = 0; i < line.length; i++) {
    const c = line.charCodeAt(i);
    if (c !== 32 && c !== 9 && c !== 13) return i;
  }
  return -1;
}

function countCells(line: string): number {
  let n = 0;
  for (let i = 0; i < line.length; i++) if (charValue(line.charCodeAt(i)) >= 0) n++;
  return n;
}

/** Only cells and separators: a row or a rule line of a grid. */
function isGridText(line: string): boolean {
  for (let i = 0; i < line.length; i++) if (charValue(line.charCodeAt(i)) === -2) return false;
  return true;
}

function hasSeparator(line: string): boolean {
  const trimmed = line.trim();
  for (let i = 0; i < trimmed.length; i++) if (charValue(trimmed.charCodeAt(i)) === -1) return true;
  return false;
}

/** Is n² a whole board's worth of cells for some side (or the known side)? */
function isBoardLength(length: number, side: number): boolean {
  if (side > 0) return length === side * side;
  const n = Math.round(Math.sqrt(length));
  return n * n === length && n >= MIN_SIZE && n <= MAX_SIZE;
}

/** The first word of the line when it is a whole one-line puzzle, with the rest as a note. */
function onePuzzleToken(line: string, first: number, side: number): { text: string; note: string } | undefined {
  let end = first;
  while (end < line.length) {
    const c = line.charCodeAt(end);
    if (c === 32 || c === 9 || c === 13) break;
    if (charValue(c) < 0) return undefined;
    end++;
  }
  if (!isBoardLength(end - first, side)) return undefined;
  const text = first === 0 && end === line.length ? line : line.slice(first, end);
  return { text, note: line.slice(end).trim() };
}
