/**
 * Arrows: the number in the circle equals the sum of the digits along its arrows. A circle of
 * several cells (a pill) reads as one number, its first cell the most significant digit. The
 * solver sees a weighted sum: Σ 10^k × circle digit − Σ arrow digits = 0, narrowed by bounds.
 */
import type { FpuzzlesCodec, KindDefinition } from './kind.js';
import { cellId, checkCells, ofKinds, pushEntry } from './shared.js';

/** The weight of each circle cell: 10^(digits after it). */
const circleWeights = (circle: readonly number[]): number[] => circle.map((_, i) => 10 ** (circle.length - 1 - i));

export const arrow: KindDefinition<'arrow'> = {
  kind: 'arrow',
  label: 'arrow',
  validate(c, g) {
    const bad = checkCells(g, c.circle) ?? checkCells(g, c.arrow);
    if (bad) return bad;
    if (c.arrow.some((cell) => c.circle.includes(cell))) return 'a cell is both in the circle and on the arrow';
    if (c.circle.length > 3) return `a circle of ${c.circle.length} cells makes a number no arrow on this board reaches`;
    return undefined;
  },
  check(c, grid) {
    let number = 0;
    for (const cell of c.circle) number = number * 10 + grid[cell]!;
    let total = 0;
    for (const cell of c.arrow) total += grid[cell]!;
    return number === total;
  },
  compile(c, _g, b) {
    b.sum([...c.circle, ...c.arrow], 0, { weights: [...circleWeights(c.circle), ...c.arrow.map(() => -1)] });
  },
  cells: (c) => [...c.circle, ...c.arrow],
};

export const arrowCodec: FpuzzlesCodec = {
  keys: ['arrow'],
  read(_json, reader) {
    return reader.entries('arrow').map((entry, i) => {
      const where = `arrow ${i + 1}`;
      const circle = reader.cells(entry.cells, `${where} circle`);
      // f-puzzles lists a pill's cells in the order they were drawn; the number reads top to bottom, left to right.
      circle.sort((a, b) => a - b);
      const drawn = entry.lines;
      if (!Array.isArray(drawn) || drawn.length === 0) return reader.fail(`${where}: expected "lines", the arrows from the circle`);
      const lines = drawn.map((line: unknown, j: number) => reader.cells(line, `${where} line ${j + 1}`));
      const arrowCells: number[] = [];
      for (const line of lines) for (const cell of line) if (!circle.includes(cell) && !arrowCells.includes(cell)) arrowCells.push(cell);
      return { kind: 'arrow', circle, arrow: arrowCells, lines };
    });
  },
  write(constraints, json, g) {
    for (const c of ofKinds(constraints, 'arrow')) {
      const lines = c.lines ?? [[c.circle[c.circle.length - 1]!, ...c.arrow]];
      pushEntry(json, 'arrow', { cells: c.circle.map((cell) => cellId(g, cell)), lines: lines.map((line) => line.map((cell) => cellId(g, cell))) });
    }
  },
};
