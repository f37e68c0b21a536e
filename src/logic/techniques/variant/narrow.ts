/**
 * What one variant rule alone rules out: its pieces (src/logic/rules.ts) narrowed over its own
 * cells until none narrows further, reading the board's candidates and placed digits. Every
 * digit taken out has no assignment of the piece that uses it, so each step built on this is
 * sound; cells the board says must differ (one house, one cage, a knight's move) never share a
 * digit in those assignments.
 *
 * - a restriction keeps its digits (odd, even);
 * - a relation keeps the digits with a partner in the other cell (dots, XV, thermometers);
 * - a sum of distinct digits (a cage) or a choice of digit sets (a renban) keeps the digits some
 *   set places with every other cell matched to a digit of the set;
 * - any other sum (arrows, little killers, the 45 rule) keeps the digits of some assignment that
 *   reaches its total, searched with bounds; past a budget, the digits that join a sum its other
 *   terms before and after can reach (cells taken apart);
 * - a kind's own propagator (sandwich, between) narrows as the solver does.
 */
import type { Board } from '../../board.js';
import { bit, countBits } from '../../board.js';
import type { Rule, RulePiece } from '../../rules.js';
import { sumCombinations } from '../../../variant/digits.js';
import type { Domains } from '../../../variant/model.js';

/** Nodes an exhaustive sum may visit before it settles for bounds. */
const SUM_BUDGET = 20_000;

/** The candidates of a rule's cells after its pieces have narrowed them; undefined when they contradict. */
export function narrowRule(board: Board, cells: readonly number[], pieces: readonly RulePiece[]): Map<number, number> | undefined {
  const masks = new Map<number, number>();
  for (const cell of cells) masks.set(cell, board.holds(cell));
  for (let round = 0; round < 64; round++) {
    let changed = false;
    for (const piece of pieces) {
      const result = narrowPiece(board, piece, masks);
      if (result === undefined) return undefined;
      changed ||= result;
    }
    if (!changed) break;
  }
  for (const m of masks.values()) if (m === 0) return undefined;
  return masks;
}

const memo = new WeakMap<Board, Map<unknown, { readonly signature: string; readonly masks: Map<number, number> | undefined }>>();

/**
 * `narrowRule`, remembered per board and key: a rule whose cells have not changed since it was
 * last narrowed on this board narrows to the same masks. The step solver asks every rule at every
 * step, and most of them have not moved.
 */
export function narrowRuleOnce(board: Board, key: unknown, cells: readonly number[], pieces: readonly RulePiece[]): Map<number, number> | undefined {
  let known = memo.get(board);
  if (!known) {
    known = new Map();
    memo.set(board, known);
  }
  let signature = '';
  for (const cell of cells) signature += `${board.values[cell]},${board.candidates[cell]};`;
  const before = known.get(key);
  if (before && before.signature === signature) return before.masks;
  const masks = narrowRule(board, cells, pieces);
  known.set(key, { signature, masks });
  return masks;
}

/** Narrow one piece; true when a mask changed, undefined on a contradiction. */
function narrowPiece(board: Board, piece: RulePiece, masks: Map<number, number>): boolean | undefined {
  const set = (cell: number, mask: number): boolean | undefined => {
    const before = masks.get(cell)!;
    const after = before & mask;
    if (after === 0) return undefined;
    masks.set(cell, after);
    return after !== before;
  };
  switch (piece.type) {
    case 'restrict':
      return set(piece.cell, piece.mask);
    case 'relation': {
      const { a, b, allowed } = piece;
      const differ = board.sees(a, b);
      const ma = masks.get(a)!;
      const mb = masks.get(b)!;
      let keepA = 0;
      let keepB = 0;
      for (let x = 1; x <= board.geometry.size; x++) {
        if ((ma & bit(x)) === 0) continue;
        for (let y = 1; y <= board.geometry.size; y++) {
          if ((mb & bit(y)) === 0 || (differ && x === y) || !allowed(x, y)) continue;
          keepA |= bit(x);
          keepB |= bit(y);
        }
      }
      const ra = set(a, keepA);
      const rb = set(b, keepB);
      return ra === undefined || rb === undefined ? undefined : ra || rb;
    }
    case 'sum':
      if (piece.distinct && piece.weights.every((w) => w === 1) && new Set(piece.cells).size === piece.cells.length) {
        return keep(piece.cells, setSupport(piece.cells, sumCombinations(board.geometry.size, piece.cells.length, piece.total), masks), set);
      }
      return keep(...sumSupport(board, piece, masks), set);
    case 'digitSets':
      return keep(piece.cells, setSupport(piece.cells, piece.sets, masks), set);
    case 'propagator': {
      const cands = new Int32Array(board.geometry.cellCount);
      for (let cell = 0; cell < cands.length; cell++) cands[cell] = board.holds(cell);
      for (const [cell, m] of masks) cands[cell] = m;
      const domains: Domains = {
        cands,
        narrow(cell, mask) {
          cands[cell] = cands[cell]! & mask;
          return cands[cell] !== 0;
        },
      };
      if (!piece.propagator.propagate(domains)) return undefined;
      let changed = false;
      for (const cell of piece.propagator.cells) {
        if (!masks.has(cell)) continue;
        const r = set(cell, cands[cell]!);
        if (r === undefined) return undefined;
        changed ||= r;
      }
      return changed;
    }
  }
}

function keep(cells: readonly number[], support: readonly number[], set: (cell: number, mask: number) => boolean | undefined): boolean | undefined {
  let changed = false;
  const merged = new Map<number, number>();
  for (const [i, cell] of cells.entries()) merged.set(cell, (merged.get(cell) ?? 0) | support[i]!);
  for (const [cell, mask] of merged) {
    const r = set(cell, mask);
    if (r === undefined) return undefined;
    changed ||= r;
  }
  return changed;
}

/**
 * The digit sets a rule's cells can hold as the board stands: a killer cage's combinations of
 * distinct digits that reach its sum, or a renban line's runs (its digit-set piece); undefined for
 * any other rule. Each set left has every cell matched to one of its digits.
 */
export function ruleSets(board: Board, rule: Rule): number[] | undefined {
  const masks = new Map(rule.cells.map((cell) => [cell, board.holds(cell)]));
  for (const piece of rule.pieces) {
    if (piece.type === 'digitSets') return possibleSets(piece.cells, piece.sets, masks);
    if (piece.type === 'sum' && piece.distinct && rule.constraint.kind === 'killer') return possibleSets(piece.cells, sumCombinations(board.geometry.size, piece.cells.length, piece.total), masks);
  }
  return undefined;
}

/**
 * The digit sets among `sets` that `cells` can hold, one distinct digit each and every digit of
 * the set used: for each, the cells matched to its digits (a perfect matching exists).
 */
export function possibleSets(cells: readonly number[], sets: ArrayLike<number>, masks: ReadonlyMap<number, number>): number[] {
  const out: number[] = [];
  for (let i = 0; i < sets.length; i++) {
    const s = sets[i]!;
    if (countBits(s) === cells.length && matches(cells.map((c) => masks.get(c)! & s))) out.push(s);
  }
  return out;
}

/** For each cell, the digits some possible set lets it hold with the other cells matched. */
export function setSupport(cells: readonly number[], sets: ArrayLike<number>, masks: ReadonlyMap<number, number>): number[] {
  const support = cells.map(() => 0);
  for (const s of possibleSets(cells, sets, masks)) {
    const options = cells.map((c) => masks.get(c)! & s);
    for (let i = 0; i < cells.length; i++) {
      for (let m = options[i]! & ~support[i]!; m !== 0; m &= m - 1) {
        const b = m & -m;
        const rest = options.map((o, j) => (j === i ? b : o & ~b));
        if (matches(rest)) support[i]! |= b;
      }
    }
  }
  return support;
}

/** Whether each of the options (digit masks, one per cell) can take a different digit. */
export function matches(options: readonly number[]): boolean {
  const owner = new Map<number, number>();
  const tryCell = (i: number, visited: Set<number>): boolean => {
    for (let m = options[i]!; m !== 0; m &= m - 1) {
      const b = m & -m;
      if (visited.has(b)) continue;
      visited.add(b);
      const holder = owner.get(b);
      if (holder === undefined || tryCell(holder, visited)) {
        owner.set(b, i);
        return true;
      }
    }
    return false;
  };
  for (let i = 0; i < options.length; i++) if (!tryCell(i, new Set())) return false;
  return true;
}

/** A weighted sum's support: the digits of the assignments that reach its total, or its bounds. */
function sumSupport(board: Board, piece: Extract<RulePiece, { type: 'sum' }>, masks: ReadonlyMap<number, number>): [number[], number[]] {
  const weightOf = new Map<number, number>();
  for (const [i, c] of piece.cells.entries()) weightOf.set(c, (weightOf.get(c) ?? 0) + piece.weights[i]!);
  const terms = [...weightOf].filter(([, w]) => w !== 0);
  terms.sort((x, y) => countBits(masks.get(x[0])!) - countBits(masks.get(y[0])!));
  const cells = terms.map(([c]) => c);
  const weights = terms.map(([, w]) => w);
  const domains = cells.map((c) => masks.get(c)!);
  const low = (m: number) => 31 - Math.clz32(m & -m) + 1;
  const high = (m: number) => 31 - Math.clz32(m) + 1;
  const minOf = (i: number) => (weights[i]! > 0 ? weights[i]! * low(domains[i]!) : weights[i]! * high(domains[i]!));
  const maxOf = (i: number) => (weights[i]! > 0 ? weights[i]! * high(domains[i]!) : weights[i]! * low(domains[i]!));
  const k = cells.length;
  const sufMin = new Array<number>(k + 1).fill(0);
  const sufMax = new Array<number>(k + 1).fill(0);
  for (let i = k - 1; i >= 0; i--) {
    sufMin[i] = sufMin[i + 1]! + minOf(i);
    sufMax[i] = sufMax[i + 1]! + maxOf(i);
  }
  const support = cells.map(() => 0);
  const chosen = new Array<number>(k).fill(0);
  let nodes = 0;
  let full = false;
  const isFull = () => support.every((s, i) => s === domains[i]);
  const walk = (i: number, partial: number): boolean => {
    if (++nodes > SUM_BUDGET) return false;
    if (i === k) {
      if (partial !== piece.total) return true;
      for (let j = 0; j < k; j++) support[j]! |= bit(chosen[j]!);
      full = isFull();
      return true;
    }
    for (let m = domains[i]!; m !== 0 && !full; m &= m - 1) {
      const x = 31 - Math.clz32(m & -m) + 1;
      let clash = false;
      for (let j = 0; j < i && !clash; j++) if (chosen[j] === x && (piece.distinct || board.sees(cells[i]!, cells[j]!))) clash = true;
      if (clash) continue;
      const value = partial + weights[i]! * x;
      if (value + sufMin[i + 1]! > piece.total || value + sufMax[i + 1]! < piece.total) continue;
      chosen[i] = x;
      if (!walk(i + 1, value)) return false;
    }
    return true;
  };
  if (walk(0, 0)) return [cells, support];
  // Too many assignments to list: the sums each prefix and each suffix of the terms can reach
  // (digits taken apart, as if no two cells saw each other, so a superset of what the rule allows),
  // and each term keeps the digits that join a reachable prefix to a reachable suffix.
  const reach = (order: number[]): Array<Set<number>> => {
    const out: Array<Set<number>> = [new Set([0])];
    for (const i of order) {
      const next = new Set<number>();
      for (const sum of out.at(-1)!) for (let r = domains[i]!; r !== 0; r &= r - 1) next.add(sum + weights[i]! * (31 - Math.clz32(r & -r) + 1));
      out.push(next);
    }
    return out;
  };
  const forward = reach([...cells.keys()]);
  const backward = reach([...cells.keys()].reverse()).reverse();
  const keep = domains.map((m, i) => {
    const before = forward[i]!;
    const after = backward[i + 1]!;
    let keepMask = 0;
    for (let r = m; r !== 0; r &= r - 1) {
      const x = 31 - Math.clz32(r & -r) + 1;
      for (const sum of before) {
        if (after.has(piece.total - sum - weights[i]! * x)) {
          keepMask |= bit(x);
          break;
        }
      }
    }
    return keepMask;
  });
  return [cells, keep];
}
