/**
 * f-puzzles JSON, the interchange format of variant Sudoku: read into a VariantPuzzle and written
 * back. The grid gives the size, the givens and (on jigsaw puzzles) each cell's region; every
 * other key is read by the codec of its constraint kind (src/constraints/). Keys that only draw
 * (text, lines, shapes, a cosmetic cage) are ignored; any other key with content is a rule
 * sudokit does not implement, and the puzzle is refused with its name, never solved without it.
 */
import { FPUZZLES_CODECS, validateConstraint } from '../constraints/index.js';
import type { FpuzzlesJson, FpuzzlesReader } from '../constraints/kind.js';
import type { Constraint } from '../constraints/types.js';
import { boxShapesOf, checkRegions, geometry, type Geometry, jigsawGeometry, MAX_JIGSAW_SIZE, MIN_JIGSAW_SIZE } from '../geometry.js';
import { describeConflict, findConflicts } from '../puzzle.js';
import { checkVariantPuzzle } from '../variant/check.js';
import type { VariantPuzzle } from '../variant/puzzle.js';
import { SudokitError } from '../errors.js';
import type { VariantErrorCode, VariantParseResult } from './variantResult.js';

/** Keys that carry no rule: metadata and decoration. */
const COSMETIC_KEYS = new Set([
  'size',
  'grid',
  'title',
  'author',
  'ruleset',
  'solution',
  'text',
  'line',
  'rectangle',
  'circle',
  'cage',
  'highlightConflicts',
  'disabledlogic',
  'truecandidatesoptions',
  'version',
]);

/** Cell properties that carry no rule (the player's marks and colours). */
const COSMETIC_CELL_KEYS = new Set(['value', 'given', 'region', 'centerPencilMarks', 'cornerPencilMarks', 'pencilMarks', 'candidates', 'c', 'cArray', 'highlight']);

/** The keys the codecs read (and `negative`, whose entries they share). */
const KNOWN_KEYS = new Set(FPUZZLES_CODECS.flatMap((codec) => codec.keys.filter((k) => !k.startsWith('negative:'))).concat(['negative']));
const KNOWN_NEGATIVE = new Set(FPUZZLES_CODECS.flatMap((codec) => codec.keys.filter((k) => k.startsWith('negative:')).map((k) => k.slice('negative:'.length))));

class ReadFailure extends Error {
  constructor(
    readonly code: VariantErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/** The standard box shape f-puzzles gives a side: rows as close to the square root as divide it. */
function standardBoxes(size: number): [number, number] | undefined {
  const shapes = boxShapesOf(size).filter(([r, c]) => r <= c);
  return shapes.at(-1);
}

/** How much content a key holds, for the refusal message: entries of a list, or 1. */
function amount(value: unknown): number {
  return Array.isArray(value) ? value.length : 1;
}

function hasContent(value: unknown): boolean {
  if (value === undefined || value === null || value === false || value === '') return false;
  if (Array.isArray(value)) return value.length > 0;
  return true;
}

/** Read f-puzzles JSON (the object `JSON.parse` gives) into a variant puzzle. */
export function readFpuzzles(json: unknown): VariantParseResult {
  try {
    return { ok: true, puzzle: read(json) };
  } catch (error) {
    if (error instanceof ReadFailure) return { ok: false, error: { code: error.code, message: error.message } };
    throw error;
  }
}

function read(json: unknown): VariantPuzzle {
  const fail = (message: string, code: VariantErrorCode = 'invalid'): never => {
    throw new ReadFailure(code, message);
  };
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return fail('not f-puzzles JSON: expected an object with "size" and "grid"');
  const data = json as FpuzzlesJson;
  const size = data.size;
  if (typeof size !== 'number' || !Number.isInteger(size) || size < 4 || size > 16) return fail(`f-puzzles "size" must be a whole number 4 to 16, got ${JSON.stringify(size)}`);
  const grid = data.grid;
  if (!Array.isArray(grid) || grid.length !== size || grid.some((row) => !Array.isArray(row) || row.length !== size)) {
    return fail(`f-puzzles "grid" must be ${size} rows of ${size} cells`);
  }

  // Unsupported rules first: a puzzle we cannot solve faithfully is refused whatever else is wrong.
  const unsupported: string[] = [];
  for (const [key, value] of Object.entries(data)) {
    if (COSMETIC_KEYS.has(key) || !hasContent(value)) continue;
    if (!KNOWN_KEYS.has(key)) unsupported.push(`'${key}' (${amount(value)} ${amount(value) === 1 ? 'clue' : 'clues'})`);
  }
  if (Array.isArray(data.negative)) {
    for (const entry of data.negative) if (!KNOWN_NEGATIVE.has(String(entry))) unsupported.push(`'negative: ${String(entry)}'`);
  } else if (hasContent(data.negative)) fail('f-puzzles "negative" must be a list such as ["ratio", "xv"]');
  const penciled: string[] = [];
  for (const [r, row] of (grid as unknown[][]).entries()) {
    for (const [c, cell] of row.entries()) {
      if (typeof cell !== 'object' || cell === null) fail(`f-puzzles grid cell R${r + 1}C${c + 1} is not an object`);
      const marks = (cell as Record<string, unknown>).givenPencilMarks;
      if (hasContent(marks)) penciled.push(`R${r + 1}C${c + 1}`);
      for (const key of Object.keys(cell as object)) {
        if (!COSMETIC_CELL_KEYS.has(key) && key !== 'givenPencilMarks' && hasContent((cell as Record<string, unknown>)[key])) unsupported.push(`'grid ${key}' (R${r + 1}C${c + 1})`);
      }
    }
  }
  if (penciled.length > 0) unsupported.push(`'givenPencilMarks' (${penciled.length} ${penciled.length === 1 ? 'cell' : 'cells'})`);
  if (unsupported.length > 0) fail(`unsupported: ${[...new Set(unsupported)].join(', ')}`, 'unsupported');

  // Regions: any cell with a region number makes a jigsaw; the others keep their standard box.
  const cells = grid.flat() as Array<Record<string, unknown>>;
  const jigsaw = cells.some((cell) => typeof cell.region === 'number');
  let g: Geometry;
  const shape = standardBoxes(size);
  if (jigsaw) {
    const regions = cells.map((cell, i) => {
      if (typeof cell.region === 'number') return cell.region;
      if (!shape) return fail(`f-puzzles grid cell ${cellName(size, i)} has no region, and a ${size}x${size} board has no standard boxes`);
      const r = Math.floor(i / size);
      const c = i % size;
      return Math.floor(r / shape[0]) * shape[0] + Math.floor(c / shape[1]);
    });
    const problem = checkRegions(size, regions);
    if (problem) fail(`f-puzzles regions: ${problem}`);
    g = jigsawGeometry(size, regions);
  } else {
    if (!shape) return fail(`a ${size}x${size} board has no standard boxes: give each cell a region`);
    g = geometry(shape[0], shape[1]);
  }

  const givens = new Uint8Array(g.cellCount);
  cells.forEach((cell, i) => {
    if (cell.given !== true || cell.value === undefined || cell.value === null) return;
    const d = Number(cell.value);
    if (!Number.isInteger(d) || d < 1 || d > size) fail(`f-puzzles grid cell ${cellName(size, i)}: the given ${JSON.stringify(cell.value)} is not a digit 1-${size}`);
    givens[i] = d;
  });
  const conflicts = findConflicts(g, givens);
  if (conflicts.length > 0) fail(`the givens clash: ${describeConflict(g, conflicts[0]!)}`);

  const reader = makeReader(g, data, fail);
  const constraints: Constraint[] = [];
  for (const codec of FPUZZLES_CODECS) constraints.push(...codec.read(data, reader));
  for (const [i, c] of constraints.entries()) {
    const problem = validateConstraint(c, g);
    if (problem) fail(`${c.kind} (constraint ${i + 1}): ${problem}`);
  }
  const title = typeof data.title === 'string' && data.title.trim() !== '' ? data.title : undefined;
  return { geometry: g, givens, constraints, ...(title === undefined ? {} : { title }) };
}

function cellName(size: number, i: number): string {
  return `R${Math.floor(i / size) + 1}C${(i % size) + 1}`;
}

function makeReader(g: Geometry, data: FpuzzlesJson, fail: (message: string) => never): FpuzzlesReader {
  const cell = (name: unknown, where: string): number => {
    const m = typeof name === 'string' ? /^R(\d+)C(\d+)$/i.exec(name.trim()) : null;
    if (!m) return fail(`${where}: ${JSON.stringify(name)} is not a cell such as R1C1`);
    const r = Number(m[1]);
    const c = Number(m[2]);
    if (r < 1 || c < 1 || r > g.size || c > g.size) return fail(`${where}: ${name} is off the ${g.size}x${g.size} board`);
    return (r - 1) * g.size + (c - 1);
  };
  return {
    geometry: g,
    cell,
    cells(names, where) {
      if (!Array.isArray(names)) return fail(`${where}: expected a list of cells, got ${JSON.stringify(names)}`);
      return names.map((name) => cell(name, where));
    },
    integer(value, where) {
      const n = typeof value === 'number' ? value : typeof value === 'string' && /^\s*-?\d+\s*$/.test(value) ? Number(value) : Number.NaN;
      if (!Number.isInteger(n)) return fail(`${where}: ${JSON.stringify(value)} is not a whole number`);
      return n;
    },
    entries(key) {
      const value = data[key];
      if (value === undefined || value === null) return [];
      if (!Array.isArray(value)) return fail(`f-puzzles "${key}" must be a list, got ${JSON.stringify(value).slice(0, 40)}`);
      return value.map((entry, i) => {
        if (typeof entry !== 'object' || entry === null) return fail(`${key} ${i + 1}: expected an object, got ${JSON.stringify(entry)}`);
        return entry as Record<string, unknown>;
      });
    },
    fail,
  };
}

/**
 * The f-puzzles JSON of a variant (or classic) puzzle: the inverse of `readFpuzzles`. A puzzle
 * `solve` would refuse (a constraint off the board, one the kinds cannot read) is refused here too,
 * with the same coded SudokitError.
 */
export function writeFpuzzles(puzzle: Pick<VariantPuzzle, 'geometry' | 'givens'> & { readonly constraints?: readonly Constraint[]; readonly title?: string }): FpuzzlesJson {
  // A puzzle solve would refuse is not written either: its link would not read back.
  const problem = checkVariantPuzzle(puzzle);
  if (problem) throw new SudokitError(problem.code, problem.message);
  const g = puzzle.geometry;
  if (g.size < MIN_JIGSAW_SIZE || g.size > MAX_JIGSAW_SIZE) {
    throw new SudokitError('unsupported', `f-puzzles boards are ${MIN_JIGSAW_SIZE}x${MIN_JIGSAW_SIZE} to ${MAX_JIGSAW_SIZE}x${MAX_JIGSAW_SIZE}; this puzzle is ${g.size}x${g.size}`);
  }
  // f-puzzles gives a board without regions its standard boxes (2x3 on a 6x6): any other box
  // shape (3x2) is written cell by cell, as a jigsaw's regions are, and reads back as that shape.
  const standard = standardBoxes(g.size);
  const regions = g.jigsaw || standard === undefined || standard[0] !== g.boxRows || standard[1] !== g.boxCols;
  const grid = Array.from({ length: g.size }, (_, r) =>
    Array.from({ length: g.size }, (_, c) => {
      const cell = r * g.size + c;
      const d = puzzle.givens[cell]!;
      return { ...(d ? { value: d, given: true } : {}), ...(regions ? { region: g.boxOf[cell]! } : {}) };
    }),
  );
  const json: FpuzzlesJson = { size: g.size, ...(puzzle.title ? { title: puzzle.title } : {}), grid };
  const constraints = puzzle.constraints ?? [];
  for (const codec of FPUZZLES_CODECS) codec.write(constraints, json, g);
  return json;
}
