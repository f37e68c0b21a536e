/**
 * Sandwich sums: in a row or column, the digits between the 1 and the largest digit add up to the
 * clue. The solver tries every pair of places for the two crusts and keeps what some pair allows:
 * the crusts, sets of distinct digits that fill the gap with the sum, and the other digits outside.
 */
import type { Geometry } from '../geometry.js';
import type { Domains, Propagator } from '../variant/model.js';
import { sumCombinations } from '../variant/digits.js';
import type { FpuzzlesCodec, KindDefinition } from './kind.js';
import { allDigits, ofKinds, pushEntry } from './shared.js';
import type { ConstraintOf } from './types.js';

/** The cells of the sandwich's row or column, in order. */
export function sandwichCells(g: Geometry, c: ConstraintOf<'sandwich'>): number[] {
  return Array.from({ length: g.size }, (_, i) => (c.line === 'row' ? c.index * g.size + i : i * g.size + c.index));
}

/** The digit sets (no 1, no largest digit) of each gap length that add up to `sum`. */
function fillings(size: number, sum: number): Int32Array[] {
  const out: Int32Array[] = [];
  for (let k = 0; k <= size - 2; k++) {
    if (k === 0) {
      out.push(sum === 0 ? Int32Array.of(0) : new Int32Array(0));
      continue;
    }
    const inner = size - 2; // digits 2 … size−1, shifted down by one
    const raw = sumCombinations(inner, k, sum - k);
    out.push(raw.map((m) => m << 1));
  }
  return out;
}

class SandwichPropagator implements Propagator {
  readonly expensive = true;
  readonly cells: readonly number[];
  readonly #fill: Int32Array[];
  readonly #size: number;
  readonly #allowed: Int32Array;

  constructor(cells: number[], size: number, sum: number) {
    this.cells = cells;
    this.#size = size;
    this.#fill = fillings(size, sum);
    this.#allowed = new Int32Array(size);
  }

  propagate(d: Domains): boolean {
    const { cells } = this;
    const n = this.#size;
    const cands = d.cands;
    const one = 1;
    const top = 1 << (n - 1);
    const middle = allDigits(n) & ~one & ~top;
    const allowed = this.#allowed.fill(0);
    let any = false;
    for (let p = 0; p < n; p++) {
      const mp = cands[cells[p]!]!;
      if ((mp & (one | top)) === 0) continue;
      for (let q = p + 1; q < n; q++) {
        const mq = cands[cells[q]!]!;
        const crustPQ = (mp & one) !== 0 && (mq & top) !== 0;
        const crustQP = (mp & top) !== 0 && (mq & one) !== 0;
        if (!crustPQ && !crustQP) continue;
        const sets = this.#fill[q - p - 1]!;
        let inside = 0;
        let outside = 0;
        let found = false;
        for (let s = 0; s < sets.length; s++) {
          const set = sets[s]!;
          let ok = true;
          for (let i = p + 1; i < q && ok; i++) if ((cands[cells[i]!]! & set) === 0) ok = false;
          for (let i = 0; i < n && ok; i++) if ((i < p || i > q) && (cands[cells[i]!]! & middle & ~set) === 0) ok = false;
          if (!ok) continue;
          found = true;
          inside |= set;
          outside |= middle & ~set;
        }
        if (!found) continue;
        any = true;
        allowed[p]! |= (crustPQ ? one : 0) | (crustQP ? top : 0);
        allowed[q]! |= (crustPQ ? top : 0) | (crustQP ? one : 0);
        for (let i = p + 1; i < q; i++) allowed[i]! |= inside;
        for (let i = 0; i < n; i++) if (i < p || i > q) allowed[i]! |= outside;
      }
    }
    if (!any) return false;
    for (let i = 0; i < n; i++) if (!d.narrow(cells[i]!, allowed[i]!)) return false;
    return true;
  }
}

export const sandwich: KindDefinition<'sandwich'> = {
  kind: 'sandwich',
  label: 'sandwich sum',
  validate(c, g) {
    if (c.line !== 'row' && c.line !== 'column') return `its line ${JSON.stringify(c.line)} is neither "row" nor "column"`;
    if (!Number.isInteger(c.index) || c.index < 0 || c.index >= g.size) return `${c.line} ${c.index + 1} is not on the ${g.size}x${g.size} board`;
    const most = ((g.size - 1) * g.size) / 2 - 1; // every digit 2 … size−1
    if (!Number.isInteger(c.sum) || c.sum < 0 || c.sum > most) return `the sum ${c.sum} is not 0 to ${most}`;
    if (fillings(g.size, c.sum).every((sets) => sets.length === 0)) return `no digits between 1 and ${g.size} add up to ${c.sum}`;
    return undefined;
  },
  check(c, grid, g) {
    const cells = sandwichCells(g, c);
    const p = cells.findIndex((cell) => grid[cell] === 1);
    const q = cells.findIndex((cell) => grid[cell] === g.size);
    if (p < 0 || q < 0) return false;
    let total = 0;
    for (let i = Math.min(p, q) + 1; i < Math.max(p, q); i++) total += grid[cells[i]!]!;
    return total === c.sum;
  },
  compile(c, g, b) {
    b.propagator(new SandwichPropagator(sandwichCells(g, c), g.size, c.sum));
  },
  cells: (c, g) => sandwichCells(g, c),
};

export const sandwichCodec: FpuzzlesCodec = {
  keys: ['sandwichsum'],
  read(_json, reader) {
    const n = reader.geometry.size;
    const out: ConstraintOf<'sandwich'>[] = [];
    for (const [i, entry] of reader.entries('sandwichsum').entries()) {
      const where = `sandwichsum ${i + 1}`;
      const m = typeof entry.cell === 'string' ? /^R(\d+)C(\d+)$/i.exec(entry.cell) : null;
      if (!m) return reader.fail(`${where}: expected "cell" such as R0C3 (above column 3) or R4C0 (left of row 4), got ${JSON.stringify(entry.cell)}`);
      const r = Number(m[1]);
      const c = Number(m[2]);
      let line: 'row' | 'column';
      let index: number;
      if (r === 0 && c >= 1 && c <= n) [line, index] = ['column', c - 1];
      else if (c === 0 && r >= 1 && r <= n) [line, index] = ['row', r - 1];
      else return reader.fail(`${where}: ${entry.cell} is not above a column or left of a row`);
      const value = entry.value;
      if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) continue;
      out.push({ kind: 'sandwich', line, index, sum: reader.integer(value, `${where} sum`) });
    }
    return out;
  },
  write(constraints, json) {
    for (const c of ofKinds(constraints, 'sandwich')) {
      pushEntry(json, 'sandwichsum', { cell: c.line === 'column' ? `R0C${c.index + 1}` : `R${c.index + 1}C0`, value: String(c.sum) });
    }
  },
};
