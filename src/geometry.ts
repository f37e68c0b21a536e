/**
 * Geometry: the one model of the board, for every size.
 *
 * A board of side n = boxRows × boxCols has n² cells numbered 0 … n²−1 row by row, and 3n
 * units: rows (unit 0 … n−1), columns (n … 2n−1) and boxes (2n … 3n−1, numbered row by row).
 * Everything else (the units of a cell, its peers) is derived here once per box shape and
 * cached, so every engine, format and technique speaks of the same cells and units.
 *
 * Tables are typed arrays because engines read them in their inner loops.
 */
import { SudokitError } from './errors.js';

/** The digits of every size, in order: a board of side n uses the first n characters. */
export const DIGIT_ALPHABET = '123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmn';

/** The largest side supported: 49 = 7 × 7, the length of the digit alphabet. */
export const MAX_SIZE = DIGIT_ALPHABET.length;

/** The smallest side supported: 4 = 2 × 2 (a 1 × n box would make boxes equal rows). */
export const MIN_SIZE = 4;

export const UNIT_KINDS = ['row', 'column', 'box'] as const;
export type UnitKind = (typeof UNIT_KINDS)[number];

export interface Geometry {
  /** Rows of cells in one box. */
  readonly boxRows: number;
  /** Columns of cells in one box. */
  readonly boxCols: number;
  /** Side of the board: the number of rows, columns, boxes and digits. */
  readonly size: number;
  /** Number of cells: size². */
  readonly cellCount: number;
  /** The characters of the digits 1 … size, in order. */
  readonly digits: string;
  /** Row of each cell. */
  readonly rowOf: Int32Array;
  /** Column of each cell. */
  readonly colOf: Int32Array;
  /** Box of each cell. */
  readonly boxOf: Int32Array;
  /** The 3·size units, each the list of its cells: rows, then columns, then boxes. */
  readonly units: readonly Int32Array[];
  /** For each cell, its three units' indices into `units`: [row, column, box]. */
  readonly unitsOf: readonly Int32Array[];
  /** For each cell, every other cell that shares a unit with it, ascending. */
  readonly peers: readonly Int32Array[];
  /**
   * True when the boxes are irregular regions (jigsaw) given cell by cell: `boxOf` and the box
   * units are the regions, and `boxRows` × `boxCols` is only a factorisation of the side that the
   * classic engines must not read as a box shape (they refuse such a geometry).
   */
  readonly jigsaw: boolean;
  /**
   * The names of the units after the 3·size of rows, columns and boxes, when a variant puzzle's
   * rules add houses of their own (a diagonal, a windoku window, a disjoint group): see `withHouses`.
   */
  readonly houseNames?: readonly string[];
}

/**
 * A geometry with more houses and more peers than its rows, columns and boxes: what a variant
 * puzzle's rules make of a board for the step solver. Each house of `houses` holds `size` cells
 * and every digit once (a diagonal, a windoku window); `pairs` are two cells that must differ
 * for another reason (a knight's move apart under anti-knight, in one killer cage). The result
 * keeps the base's first 3·size units in place, so what reads rows, columns and boxes by index
 * still does; it is not a puzzle geometry (`isGeometry` is false: no engine takes it).
 */
export function withHouses(base: Geometry, houses: ReadonlyArray<{ readonly name: string; readonly cells: readonly number[] }>, pairs: ReadonlyArray<readonly [number, number]>): Geometry {
  for (const h of houses) {
    if (h.cells.length !== base.size || new Set(h.cells).size !== base.size) throw new SudokitError('geometry', `A house holds ${base.size} different cells; ${h.name} has ${h.cells.length}`);
  }
  const units = [...base.units, ...houses.map((h) => Int32Array.from(h.cells))];
  const unitsOf = base.unitsOf.map((own, cell) => {
    const extra: number[] = [];
    for (let u = base.units.length; u < units.length; u++) if (units[u]!.includes(cell)) extra.push(u);
    return extra.length === 0 ? own : Int32Array.from([...own, ...extra]);
  });
  const sets = base.peers.map((p) => new Set<number>(p));
  for (let u = base.units.length; u < units.length; u++) for (const a of units[u]!) for (const b of units[u]!) if (a !== b) sets[a]!.add(b);
  for (const [a, b] of pairs) {
    if (a === b) continue;
    sets[a]!.add(b);
    sets[b]!.add(a);
  }
  const peers = sets.map((set) => Int32Array.from([...set].sort((x, y) => x - y)));
  return { ...base, units, unitsOf, peers, houseNames: houses.map((h) => h.name) };
}

/** A readable name for a geometry, e.g. `9x9` or `6x6 (2x3 boxes)`. */
export function geometryName(g: Geometry): string {
  if (g.jigsaw) return `${g.size}x${g.size} jigsaw`;
  const square = g.boxRows === g.boxCols;
  return square ? `${g.size}x${g.size}` : `${g.size}x${g.size} (${g.boxRows}x${g.boxCols} boxes)`;
}

/** The kind and the 1-based number of a unit, e.g. `{ kind: 'box', number: 4 }`. */
export function describeUnit(g: Geometry, unit: number): { kind: UnitKind; number: number } {
  const kind = UNIT_KINDS[Math.floor(unit / g.size)] ?? 'box';
  return { kind, number: (unit % g.size) + 1 };
}

/**
 * A unit as a player names it: `row 3`, `column 5`, `box 7`, `region 7` on a jigsaw board, or the
 * name a variant rule gave its house (`diagonal ↘`).
 */
export function unitLabel(g: Geometry, unit: number): string {
  if (unit >= 3 * g.size) return g.houseNames?.[unit - 3 * g.size] ?? `house ${unit - 3 * g.size + 1}`;
  const { kind, number } = describeUnit(g, unit);
  return `${kind === 'box' && g.jigsaw ? 'region' : kind} ${number}`;
}

/** A cell in the standard `r5c6` notation (rows and columns counted from 1). */
export function cellName(g: Geometry, cell: number): string {
  const row = g.rowOf[cell];
  // A cell off the board (81, −1, 1.5) has no name: it used to be called r1c1.
  if (row === undefined || !Number.isInteger(cell)) throw new SudokitError('options', `cellName: cell ${String(cell)} is not a cell of a ${g.size}x${g.size} board (0 to ${g.cellCount - 1})`);
  return `r${row + 1}c${g.colOf[cell]! + 1}`;
}

const cache = new Map<string, Geometry>();
/** Every geometry `geometry()` has made: a puzzle's geometry must be one of them. */
const made = new WeakSet<Geometry>();

/** Is this one of the library's geometries (made by `geometry()`), not an object built by hand? */
export function isGeometry(value: unknown): value is Geometry {
  return typeof value === 'object' && value !== null && made.has(value as Geometry);
}

/** Why a box shape cannot make a board, or undefined when it can. */
export function checkBoxShape(boxRows: number, boxCols: number): string | undefined {
  if (!Number.isInteger(boxRows) || !Number.isInteger(boxCols) || boxRows < 1 || boxCols < 1) {
    return `box shape ${boxRows}x${boxCols} is not two positive whole numbers`;
  }
  if (boxRows < 2 || boxCols < 2) return `box shape ${boxRows}x${boxCols} is too thin: each side needs at least 2 cells`;
  const size = boxRows * boxCols;
  if (size > MAX_SIZE) return `box shape ${boxRows}x${boxCols} makes a ${size}x${size} board; the largest is ${MAX_SIZE}x${MAX_SIZE}`;
  return undefined;
}

/** The geometry of boxes with `boxRows` rows and `boxCols` columns (cached). Throws on a shape `checkBoxShape` rejects. */
export function geometry(boxRows: number, boxCols: number = boxRows): Geometry {
  const key = `${boxRows}x${boxCols}`;
  const known = cache.get(key);
  if (known) return known;
  const problem = checkBoxShape(boxRows, boxCols);
  if (problem) throw new SudokitError('geometry', `Invalid geometry: ${problem}`);
  const built = buildGeometry(boxRows, boxCols);
  cache.set(key, built);
  made.add(built);
  jsonAs(built, { boxRows, boxCols });
  return built;
}

/** The square-box geometry of a board whose side is `size` (4, 9, 16, 25, 36, 49), or undefined. */
export function squareGeometry(size: number): Geometry | undefined {
  const root = Math.round(Math.sqrt(size));
  return root * root === size && root >= 2 && size <= MAX_SIZE ? geometry(root, root) : undefined;
}

/** Every box shape (rows × columns) that makes a board of side `size`, within the supported range. */
export function boxShapesOf(size: number): Array<[number, number]> {
  const shapes: Array<[number, number]> = [];
  if (size > MAX_SIZE) return shapes;
  for (let r = 2; r <= size / 2; r++) {
    if (size % r === 0 && size / r >= 2) shapes.push([r, size / r]);
  }
  return shapes;
}

/** The smallest and largest side of a jigsaw board (f-puzzles' range). */
export const MIN_JIGSAW_SIZE = 4;
export const MAX_JIGSAW_SIZE = 16;

/**
 * Why `regionOf` (one region number 0 … size−1 per cell, row by row) cannot be the regions of a
 * jigsaw board of side `size`, or undefined when it can: each region must hold exactly `size`
 * cells. (Regions need not be connected: setters use disconnected ones.)
 */
export function checkRegions(size: number, regionOf: ArrayLike<number>): string | undefined {
  if (!Number.isInteger(size) || size < MIN_JIGSAW_SIZE || size > MAX_JIGSAW_SIZE)
    return `a jigsaw board is ${MIN_JIGSAW_SIZE}x${MIN_JIGSAW_SIZE} to ${MAX_JIGSAW_SIZE}x${MAX_JIGSAW_SIZE}, not ${size}x${size}`;
  if (regionOf.length !== size * size) return `expected a region for each of the ${size * size} cells, got ${regionOf.length}`;
  const counts = new Array<number>(size).fill(0);
  for (let cell = 0; cell < regionOf.length; cell++) {
    const r = regionOf[cell]!;
    if (!Number.isInteger(r) || r < 0 || r >= size) return `the region of r${Math.floor(cell / size) + 1}c${(cell % size) + 1} is ${r}; expected 0 to ${size - 1}`;
    counts[r]!++;
  }
  const bad = counts.findIndex((c) => c !== size);
  if (bad >= 0) return `region ${bad + 1} has ${counts[bad]} cells; each region of a ${size}x${size} board has ${size}`;
  return undefined;
}

/**
 * The geometry of a jigsaw board: side `size`, the boxes replaced by the regions `regionOf` (one
 * number 0 … size−1 per cell). Cached by layout. Throws a SudokitError('geometry') naming the
 * problem when the regions cannot make a board (see checkRegions). Regions that happen to be the
 * standard boxes give the standard geometry.
 */
export function jigsawGeometry(size: number, regionOf: ArrayLike<number>): Geometry {
  const problem = checkRegions(size, regionOf);
  if (problem) throw new SudokitError('geometry', `Invalid jigsaw regions: ${problem}`);
  // Renumber regions by first appearance so that one layout has one key.
  const order = new Map<number, number>();
  const regions = new Int32Array(size * size);
  for (let cell = 0; cell < regions.length; cell++) {
    const r = regionOf[cell]!;
    if (!order.has(r)) order.set(r, order.size);
    regions[cell] = order.get(r)!;
  }
  const standard = boxShapesOf(size).find(([br, bc]) => regions.every((r, cell) => r === boxIndex(cell, size, br, bc)));
  if (standard) return geometry(standard[0], standard[1]);
  const key = `jigsaw:${size}:${Array.from(regions, (r) => r.toString(36)).join('')}`;
  const known = cache.get(key);
  if (known) return known;
  const shape = boxShapesOf(size).at(-1) ?? [1, size];
  const built = buildGeometry(shape[0], shape[1], regions);
  cache.set(key, built);
  made.add(built);
  jsonAs(built, { size, regions: Array.from(regions) });
  return built;
}

/**
 * What JSON.stringify writes for a geometry: what makes it again (`geometry(boxRows, boxCols)` or
 * `jigsawGeometry(size, regions)`), not its tables of cells and units, so a puzzle or a result that
 * holds one serialises to a few bytes of it.
 */
function jsonAs(g: Geometry, shape: object): void {
  Object.defineProperty(g, 'toJSON', { value: () => shape, enumerable: false });
}

function boxIndex(cell: number, size: number, boxRows: number, boxCols: number): number {
  const row = Math.floor(cell / size);
  const col = cell % size;
  return Math.floor(row / boxRows) * boxRows + Math.floor(col / boxCols);
}

function buildGeometry(boxRows: number, boxCols: number, regions?: Int32Array): Geometry {
  const size = boxRows * boxCols;
  const cellCount = size * size;
  const rowOf = new Int32Array(cellCount);
  const colOf = new Int32Array(cellCount);
  const boxOf = new Int32Array(cellCount);
  for (let cell = 0; cell < cellCount; cell++) {
    rowOf[cell] = Math.floor(cell / size);
    colOf[cell] = cell % size;
    boxOf[cell] = regions ? regions[cell]! : boxIndex(cell, size, boxRows, boxCols);
  }
  const members: number[][] = Array.from({ length: 3 * size }, () => []);
  for (let cell = 0; cell < cellCount; cell++) {
    members[rowOf[cell]!]!.push(cell);
    members[size + colOf[cell]!]!.push(cell);
    members[2 * size + boxOf[cell]!]!.push(cell);
  }
  const units = members.map((cells) => Int32Array.from(cells));
  const unitsOf: Int32Array[] = [];
  const peers: Int32Array[] = [];
  for (let cell = 0; cell < cellCount; cell++) {
    const own = Int32Array.of(rowOf[cell]!, size + colOf[cell]!, 2 * size + boxOf[cell]!);
    unitsOf.push(own);
    const set = new Set<number>();
    for (const u of own) for (const other of units[u]!) if (other !== cell) set.add(other);
    peers.push(Int32Array.from([...set].sort((a, b) => a - b)));
  }
  return {
    boxRows,
    boxCols,
    size,
    cellCount,
    digits: DIGIT_ALPHABET.slice(0, size),
    rowOf,
    colOf,
    boxOf,
    units,
    unitsOf,
    peers,
    jigsaw: regions !== undefined,
  };
}
