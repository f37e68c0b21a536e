/**
 * Symmetries of a clue pattern: which cells must be givens together in a symmetric puzzle.
 *
 * A symmetry is a group of maps of the board onto itself; its orbits are the sets of cells that
 * the group moves into each other. A puzzle has the symmetry when every orbit is either all
 * givens or all empty, so a generator keeps the symmetry by adding and removing whole orbits.
 * Cell (r, c) on a board of side n:
 *
 *   none        only the identity: every cell is its own orbit.
 *   rotational  the half turn (r, c) → (n−1−r, n−1−c): orbits of 2 cells, and the centre alone on odd sides.
 *   mirror      the left–right reflection (r, c) → (r, n−1−c): orbits of 2 cells, the middle column alone on odd sides.
 *   diagonal    the reflection in the main diagonal (r, c) → (c, r): orbits of 2 cells, the diagonal alone.
 *   dihedral    all eight symmetries of the square (quarter turns and both diagonal and both
 *               axis reflections): orbits of up to 8 cells.
 *
 * We only offer a symmetry when it maps the board's units onto units (rows onto rows or columns,
 * boxes onto boxes), so that the puzzle's pattern is symmetric as a Sudoku and not just as a
 * picture. The half turn and the left–right mirror do that for every box shape; the diagonal
 * reflection and the quarter turn turn an R×C box into a C×R one, so `diagonal` and `dihedral`
 * need square boxes (4×4, 9×9, 16×16, 25×25) and are refused on 6×6, 8×8, 12×12, ….
 */
import { geometryName, type Geometry } from '../geometry.js';
import { SudokitError } from '../errors.js';

export const SYMMETRIES = ['none', 'rotational', 'mirror', 'diagonal', 'dihedral'] as const;
export type Symmetry = (typeof SYMMETRIES)[number];

type CellMap = (r: number, c: number, n: number) => [number, number];

const HALF_TURN: CellMap = (r, c, n) => [n - 1 - r, n - 1 - c];
const MIRROR: CellMap = (r, c, n) => [r, n - 1 - c];
const DIAGONAL: CellMap = (r, c) => [c, r];
const QUARTER_TURN: CellMap = (r, c, n) => [c, n - 1 - r];

/** Maps that generate each symmetry group (the group is everything they compose to). */
const GENERATORS: Record<Symmetry, readonly CellMap[]> = {
  none: [],
  rotational: [HALF_TURN],
  mirror: [MIRROR],
  diagonal: [DIAGONAL],
  dihedral: [QUARTER_TURN, DIAGONAL],
};

/** Why a symmetry cannot be used on this board, or undefined when it can. */
export function checkSymmetry(g: Geometry, symmetry: string): string | undefined {
  if (!(SYMMETRIES as readonly string[]).includes(symmetry)) return `unknown symmetry "${symmetry}": expected one of ${SYMMETRIES.join(', ')}`;
  if ((symmetry === 'diagonal' || symmetry === 'dihedral') && g.boxRows !== g.boxCols) {
    return `symmetry "${symmetry}" needs square boxes: on a ${geometryName(g)} board it would turn ${g.boxRows}x${g.boxCols} boxes into ${g.boxCols}x${g.boxRows} ones; use none, rotational or mirror`;
  }
  return undefined;
}

const orbitCache = new WeakMap<Geometry, Map<Symmetry, readonly Int32Array[]>>();

/** The orbits of a symmetry on a board, each ascending, ordered by their first cell (cached). */
export function orbitsOf(g: Geometry, symmetry: Symmetry): readonly Int32Array[] {
  let perGeometry = orbitCache.get(g);
  if (!perGeometry) {
    perGeometry = new Map();
    orbitCache.set(g, perGeometry);
  }
  const known = perGeometry.get(symmetry);
  if (known) return known;
  const problem = checkSymmetry(g, symmetry);
  if (problem) throw new SudokitError('options', `Invalid symmetry: ${problem}`);
  const n = g.size;
  const seen = new Uint8Array(g.cellCount);
  const orbits: Int32Array[] = [];
  for (let start = 0; start < g.cellCount; start++) {
    if (seen[start]) continue;
    // Close {start} under the generators.
    const members = [start];
    seen[start] = 1;
    for (let i = 0; i < members.length; i++) {
      const cell = members[i]!;
      for (const map of GENERATORS[symmetry]) {
        const [r, c] = map(g.rowOf[cell]!, g.colOf[cell]!, n);
        const image = r * n + c;
        if (!seen[image]) {
          seen[image] = 1;
          members.push(image);
        }
      }
    }
    orbits.push(Int32Array.from(members.sort((a, b) => a - b)));
  }
  perGeometry.set(symmetry, orbits);
  return orbits;
}

/** True when the givens of a grid form a pattern with this symmetry (each orbit all given or all empty). */
export function hasSymmetry(g: Geometry, grid: ArrayLike<number>, symmetry: Symmetry): boolean {
  for (const orbit of orbitsOf(g, symmetry)) {
    const given = grid[orbit[0]!] !== 0;
    for (const cell of orbit) if ((grid[cell] !== 0) !== given) return false;
  }
  return true;
}
