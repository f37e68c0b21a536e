/**
 * Renban lines: the line's digits are a set of consecutive digits, in any order, none repeated.
 * The solver keeps the digits of the runs every cell can still take part in.
 */
import { placeRequired } from '../variant/digits.js';
import type { Domains, Propagator } from '../variant/model.js';
import type { FpuzzlesCodec, KindDefinition } from './kind.js';
import { cellId, checkCells, ofKinds, pushEntry, readLines } from './shared.js';

class RunPropagator implements Propagator {
  readonly cells: readonly number[];
  /** Every run of `cells.length` consecutive digits as a mask. */
  readonly #runs: Int32Array;

  constructor(cells: readonly number[], size: number) {
    this.cells = cells;
    const length = cells.length;
    const run = (1 << length) - 1;
    this.#runs = Int32Array.from({ length: size - length + 1 }, (_, start) => run << start);
  }

  propagate(d: Domains): boolean {
    const { cells } = this;
    const cands = d.cands;
    let placed = 0;
    let union = 0;
    for (let i = 0; i < cells.length; i++) {
      const m = cands[cells[i]!]!;
      union |= m;
      if ((m & (m - 1)) === 0) placed |= m;
    }
    // A run is possible when the cells can hold all of it (they hold exactly its digits), it
    // keeps every placed digit, and each cell has a digit in it.
    let allowed = 0;
    let required = -1;
    const runs = this.#runs;
    next: for (let r = 0; r < runs.length; r++) {
      const run = runs[r]!;
      if ((run & union) !== run || (run & placed) !== placed) continue;
      for (let i = 0; i < cells.length; i++) if ((cands[cells[i]!]! & run) === 0) continue next;
      allowed |= run;
      required &= run;
    }
    if (allowed === 0) return false;
    for (let i = 0; i < cells.length; i++) if (!d.narrow(cells[i]!, allowed)) return false;
    // A digit every possible run holds, with one place left on the line, goes there.
    required &= ~placed;
    return placeRequired(d, cells, required);
  }
}

export const renban: KindDefinition<'renban'> = {
  kind: 'renban',
  label: 'renban',
  validate(c, g) {
    const bad = checkCells(g, c.cells, 2);
    if (bad) return bad;
    return c.cells.length > g.size ? `${c.cells.length} cells cannot hold different digits 1-${g.size}` : undefined;
  },
  check(c, grid) {
    const digits = c.cells.map((cell) => grid[cell]!);
    if (new Set(digits).size !== digits.length) return false;
    return Math.max(...digits) - Math.min(...digits) === digits.length - 1;
  },
  compile(c, g, b) {
    b.distinct(c.cells);
    b.propagator(new RunPropagator(c.cells, g.size));
  },
  cells: (c) => c.cells,
};

export const renbanCodec: FpuzzlesCodec = {
  keys: ['renban'],
  read: (_json, reader) => readLines(reader, 'renban', 2).map(({ cells }) => ({ kind: 'renban', cells })),
  write(constraints, json, g) {
    for (const c of ofKinds(constraints, 'renban')) pushEntry(json, 'renban', { lines: [c.cells.map((cell) => cellId(g, cell))] });
  },
};
