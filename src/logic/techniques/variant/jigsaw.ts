/**
 * The Law of Leftovers of jigsaw Sudoku. A band of w consecutive rows (or columns) and w regions
 * each hold every digit w times, so where the regions chosen lie mostly inside the band, the cells
 * of the band outside them (the innies) and the cells of the regions outside the band (the
 * outies) hold the same digits, as many of each. A digit none of the outies can hold is no
 * innie's, and the other way round.
 */
import { cellName } from '../../../geometry.js';
import { type Board, digitsOf } from '../../board.js';
import { type Candidate, describeEffectsByCell, type Step, type Technique } from '../../step.js';

function findLeftovers(board: Board): Step | undefined {
  const g = board.geometry;
  if (!g.jigsaw) return undefined;
  const n = g.size;
  for (const lines of ['row', 'column'] as const) {
    const lineOf = lines === 'row' ? g.rowOf : g.colOf;
    for (let width = 1; width <= n / 2; width++) {
      for (let start = 0; start + width <= n; start++) {
        const inBand = (cell: number) => lineOf[cell]! >= start && lineOf[cell]! < start + width;
        // The `width` regions with the most cells in the band.
        const overlap = Array.from({ length: n }, (_, r) => ({ r, count: [...g.units[2 * n + r]!].filter(inBand).length }));
        overlap.sort((a, b) => b.count - a.count || a.r - b.r);
        const chosen = overlap.slice(0, width).map((o) => o.r);
        const inRegions = (cell: number) => chosen.includes(g.boxOf[cell]!);
        const innies: number[] = [];
        for (let cell = 0; cell < g.cellCount; cell++) if (inBand(cell) && !inRegions(cell)) innies.push(cell);
        const outies: number[] = [];
        for (const r of chosen) for (const cell of g.units[2 * n + r]!) if (!inBand(cell)) outies.push(cell);
        if (innies.length === 0 || innies.length > 4) continue;
        const holds = (cells: number[]) => cells.reduce((m, c) => m | board.holds(c), 0);
        const eliminations: Candidate[] = [];
        for (const [side, other] of [
          [innies, outies],
          [outies, innies],
        ] as const) {
          const allowed = holds(other);
          for (const cell of side) {
            if (board.values[cell] !== 0) continue;
            for (const digit of digitsOf(board.candidates[cell]! & ~allowed)) eliminations.push({ cell, digit });
          }
        }
        if (eliminations.length === 0) continue;
        const step = { placements: [], eliminations };
        const names = (cells: number[]) => cells.map((c) => cellName(g, c)).join(', ');
        const band = width === 1 ? `${lines} ${start + 1}` : `${lines}s ${start + 1}-${start + width}`;
        const regions = chosen.map((r) => r + 1).join(', ');
        return {
          technique: 'Law of Leftovers',
          rating: 2.8,
          ...step,
          cells: [...innies, ...outies],
          candidates: [],
          text: `Law of Leftovers: ${band} and region${width === 1 ? '' : 's'} ${regions} hold the same digits, so the innies ${names(innies)} and the outies ${names(outies)} do too => ${describeEffectsByCell(g, step)}`,
        };
      }
    }
  }
  return undefined;
}

export const LAW_OF_LEFTOVERS: Technique = { name: 'Law of Leftovers', rating: 2.8, find: findLeftovers };
