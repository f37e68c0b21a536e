/**
 * XV: an X between two cells means their digits add up to 10, a V that they add up to 5. With
 * the negative rule (f-puzzles `negative: ["xv"]`) every edge without an X or a V adds up to
 * neither. Relations between the two cells for the solver.
 */
import type { FpuzzlesCodec, KindDefinition } from './kind.js';
import { dottedEdges } from './kropki.js';
import { cellId, checkCells, orthogonal, orthogonalPairs, pairKey, pushEntry } from './shared.js';
import type { Constraint } from './types.js';

export const xv: KindDefinition<'xv'> = {
  kind: 'xv',
  label: 'XV',
  validate(c, g) {
    const bad = checkCells(g, c.cells, 2);
    if (bad) return bad;
    if (!orthogonal(g, c.cells[0], c.cells[1])) return 'an X or V joins two cells that touch along an edge';
    if (c.sum !== 10 && c.sum !== 5) return `its sum is ${c.sum}; X is 10 and V is 5`;
    return undefined;
  },
  check: (c, grid) => grid[c.cells[0]]! + grid[c.cells[1]]! === c.sum,
  compile: (c, _g, b) => b.relation(c.cells[0], c.cells[1], (x, y) => x + y === c.sum),
  cells: (c) => c.cells,
};

export const negativeXv: KindDefinition<'negative-xv'> = {
  kind: 'negative-xv',
  label: 'negative XV (every sum of 5 or 10 is marked)',
  validate: () => undefined,
  check(_c, grid, g, all) {
    const marked = dottedEdges(all, ['xv']);
    return orthogonalPairs(g).every(([a, b]) => marked.has(pairKey(a, b)) || (grid[a]! + grid[b]! !== 5 && grid[a]! + grid[b]! !== 10));
  },
  compile(_c, g, b, all) {
    const marked = dottedEdges(all, ['xv']);
    for (const [x, y] of orthogonalPairs(g)) if (!marked.has(pairKey(x, y))) b.relation(x, y, (p, q) => p + q !== 5 && p + q !== 10);
  },
  cells: () => [],
};

export const xvCodec: FpuzzlesCodec = {
  keys: ['xv', 'negative:xv'],
  read(json, reader) {
    const out: Constraint[] = reader.entries('xv').map((entry, i) => {
      const where = `xv ${i + 1}`;
      const cells = reader.cells(entry.cells, where);
      if (cells.length !== 2) reader.fail(`${where}: an X or V joins 2 cells, got ${cells.length}`);
      const value = String(entry.value ?? '').toUpperCase();
      if (value !== 'X' && value !== 'V') reader.fail(`${where}: value ${JSON.stringify(entry.value)} is neither X nor V`);
      return { kind: 'xv', cells: [cells[0]!, cells[1]!], sum: value === 'X' ? 10 : 5 };
    });
    if (Array.isArray(json.negative) && json.negative.includes('xv')) out.push({ kind: 'negative-xv' });
    return out;
  },
  write(constraints, json, g) {
    for (const c of constraints) {
      if (c.kind === 'negative-xv') {
        const list = (json.negative as string[] | undefined) ?? [];
        if (!list.includes('xv')) list.push('xv');
        json.negative = list;
      } else if (c.kind === 'xv') {
        pushEntry(json, 'xv', { cells: c.cells.map((cell) => cellId(g, cell)), value: c.sum === 10 ? 'X' : 'V' });
      }
    }
  },
};
