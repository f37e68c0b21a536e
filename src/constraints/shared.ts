/**
 * What several kind files share: f-puzzles cell names, the orthogonal neighbours of a board,
 * line entries, and the checks of a cell list.
 */
import type { Geometry } from '../geometry.js';
import type { FpuzzlesReader } from './kind.js';
import type { Constraint } from './types.js';

/** The f-puzzles name of a cell: `R3C7` (rows and columns from 1). */
export function cellId(g: Geometry, cell: number): string {
  return `R${Math.floor(cell / g.size) + 1}C${(cell % g.size) + 1}`;
}

/** A list of cells in the readable `r1c1` form for messages. */
export function cellList(g: Geometry, cells: readonly number[]): string {
  return cells.map((c) => `r${Math.floor(c / g.size) + 1}c${(c % g.size) + 1}`).join(' ');
}

/** Why `cells` is not a list of cells of the board (at least `min` of them, distinct unless `repeats`: a line may loop), or undefined. */
export function checkCells(g: Geometry, cells: readonly number[], min = 1, repeats = false): string | undefined {
  if (!Array.isArray(cells)) return 'expected a list of cells';
  if (cells.length < min) return `it needs at least ${min} cell${min === 1 ? '' : 's'}, got ${cells.length}`;
  for (const c of cells) if (!Number.isInteger(c) || c < 0 || c >= g.cellCount) return `cell ${c} is not on the ${g.size}x${g.size} board`;
  if (!repeats && new Set(cells).size !== cells.length) return 'it lists a cell twice';
  return undefined;
}

/** Whether two cells touch along an edge. */
export function orthogonal(g: Geometry, a: number, b: number): boolean {
  const dr = Math.abs(Math.floor(a / g.size) - Math.floor(b / g.size));
  const dc = Math.abs((a % g.size) - (b % g.size));
  return dr + dc === 1;
}

/** Every pair of cells that touch along an edge, each once, smaller cell first. */
export function orthogonalPairs(g: Geometry): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  const n = g.size;
  for (let cell = 0; cell < g.cellCount; cell++) {
    if (cell % n !== n - 1) out.push([cell, cell + 1]);
    if (cell + n < g.cellCount) out.push([cell, cell + n]);
  }
  return out;
}

/** The key of an unordered pair of cells. */
export function pairKey(a: number, b: number): number {
  return a < b ? a * 4096 + b : b * 4096 + a;
}

/** Read the f-puzzles line entries of `key` (`[{ lines: [[cell, …], …], value? }]`), one list of cells per line. */
export function readLines(reader: FpuzzlesReader, key: string, min: number): Array<{ cells: number[]; entry: Record<string, unknown>; where: string }> {
  const out: Array<{ cells: number[]; entry: Record<string, unknown>; where: string }> = [];
  reader.entries(key).forEach((entry, i) => {
    const lines = entry.lines;
    if (!Array.isArray(lines)) reader.fail(`${key} ${i + 1}: expected "lines", a list of lines of cells`);
    lines.forEach((line, j) => {
      const where = `${key} ${i + 1}${lines.length > 1 ? ` line ${j + 1}` : ''}`;
      const cells = reader.cells(line, where);
      if (cells.length < min) reader.fail(`${where}: a line needs at least ${min} cells, got ${cells.length}`);
      out.push({ cells, entry, where });
    });
  });
  return out;
}

/** Append an entry to an f-puzzles array key. */
export function pushEntry(json: Record<string, unknown>, key: string, entry: Record<string, unknown>): void {
  const list = (json[key] as unknown[] | undefined) ?? [];
  list.push(entry);
  json[key] = list;
}

/** Every digit 1 … size as a mask. */
export function allDigits(size: number): number {
  return size >= 31 ? -1 : (1 << size) - 1;
}

/** The constraints of the given kinds, typed as such. */
export function ofKinds<K extends Constraint['kind']>(constraints: readonly Constraint[], ...kinds: K[]): Array<Extract<Constraint, { kind: K }>> {
  return constraints.filter((c): c is Extract<Constraint, { kind: K }> => (kinds as string[]).includes(c.kind));
}
