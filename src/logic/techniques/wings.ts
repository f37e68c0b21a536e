/**
 * Wings: two or three cells of few candidates that force a digit into one of two places.
 * - XY-Wing (SE 4.2): a pivot {x,y} sees pincers {x,z} and {y,z}; whichever the pivot is, one
 *   pincer is z, so cells seeing both pincers lose z.
 * - XYZ-Wing (SE 4.4): a pivot {x,y,z} with pincers {x,z}, {y,z}: one of the three is z, so
 *   cells seeing all three lose z.
 * - W-Wing: two cells {x,y} that do not see each other, joined by a conjugate pair on x (one end
 *   sees each cell): one of the two cells is y, so cells seeing both lose y. Sukaku Explainer has
 *   no W-Wing; its chain mixes cell and unit links, which SE only finds among its forcing
 *   chains (7.0 and up), so it rates 7.0 here.
 */
import { cellName } from '../../geometry.js';
import { type Board, bit, countBits, digitsOf } from '../board.js';
import { type Step, type Technique, describeEffects } from '../step.js';
import { conjugatePairs, seeingAll } from './singleDigit.js';

function cellText(board: Board, cell: number): string {
  return `${cellName(board.geometry, cell)} (${digitsOf(board.candidates[cell]!)
    .map((d) => board.geometry.digits[d - 1])
    .join('')})`;
}

function wingStep(board: Board, technique: string, rating: number, pivot: number, pincers: readonly number[], z: number, seeAlso: readonly number[]): Step | undefined {
  const g = board.geometry;
  const eliminations = seeingAll(board, z, [...seeAlso, ...pincers], [pivot, ...pincers]);
  if (eliminations.length === 0) return undefined;
  const step = { technique, placements: [], eliminations };
  const cells = [pivot, ...pincers];
  const candidates = cells.flatMap((cell) => digitsOf(board.candidates[cell]!).map((digit) => ({ cell, digit })));
  const text = `${technique}: pivot ${cellText(board, pivot)}, pincers ${pincers.map((p) => cellText(board, p)).join(', ')} => ${describeEffects(g, step)}`;
  return { ...step, rating, cells, candidates, text };
}

function findXYWing(board: Board, xyz: boolean): Step | undefined {
  const g = board.geometry;
  for (let pivot = 0; pivot < g.cellCount; pivot++) {
    const pm = board.candidates[pivot]!;
    if (board.values[pivot] !== 0 || countBits(pm) !== (xyz ? 3 : 2)) continue;
    const wings = [...g.peers[pivot]!].filter((c) => board.values[c] === 0 && countBits(board.candidates[c]!) === 2);
    for (let i = 0; i < wings.length; i++) {
      for (let j = i + 1; j < wings.length; j++) {
        const a = board.candidates[wings[i]!]!;
        const b = board.candidates[wings[j]!]!;
        if (a === b) continue;
        // XY: the pincers share z (outside the pivot) and split the pivot's two digits.
        // XYZ: both pincers lie inside the pivot and share exactly z.
        const common = a & b;
        if (countBits(common) !== 1) continue;
        if (xyz ? (a & ~pm) !== 0 || (b & ~pm) !== 0 : (common & pm) !== 0 || ((a | b) & ~common) !== pm) continue;
        const z = digitsOf(common)[0]!;
        const step = wingStep(board, xyz ? 'XYZ-Wing' : 'XY-Wing', xyz ? 4.4 : 4.2, pivot, [wings[i]!, wings[j]!], z, xyz ? [pivot] : []);
        if (step) return step;
      }
    }
  }
  return undefined;
}

function findWWing(board: Board): Step | undefined {
  const g = board.geometry;
  const bivalue = [];
  for (let cell = 0; cell < g.cellCount; cell++) if (board.values[cell] === 0 && countBits(board.candidates[cell]!) === 2) bivalue.push(cell);
  const pairsOf = new Map<number, Array<[number, number, number]>>();
  for (let i = 0; i < bivalue.length; i++) {
    for (let j = i + 1; j < bivalue.length; j++) {
      const a = bivalue[i]!;
      const b = bivalue[j]!;
      const mask = board.candidates[a]!;
      if (mask !== board.candidates[b] || board.sees(a, b)) continue;
      for (const x of digitsOf(mask)) {
        const y = digitsOf(mask & ~bit(x))[0]!;
        if (!pairsOf.has(x)) pairsOf.set(x, conjugatePairs(board, x));
        for (const [unit, p, q] of pairsOf.get(x)!) {
          for (const [end1, end2] of [
            [p, q],
            [q, p],
          ] as const) {
            if ([a, b].includes(end1) || [a, b].includes(end2) || !board.sees(end1, a) || !board.sees(end2, b)) continue;
            const eliminations = seeingAll(board, y, [a, b]);
            if (eliminations.length === 0) continue;
            const step = { technique: 'W-Wing', placements: [], eliminations };
            const d = (v: number) => g.digits[v - 1];
            const text = `W-Wing: ${cellText(board, a)} and ${cellText(board, b)} joined by ${cellName(g, end1)}=${cellName(g, end2)} on ${d(x)} => ${describeEffects(g, step)}`;
            const cells = [a, b, end1, end2];
            const candidates = [
              ...[a, b].flatMap((cell) => [
                { cell, digit: x },
                { cell, digit: y },
              ]),
              { cell: end1, digit: x },
              { cell: end2, digit: x },
            ];
            return { ...step, rating: 7.0, cells, candidates, units: [unit], text };
          }
        }
      }
    }
  }
  return undefined;
}

export const XY_WING: Technique = { name: 'XY-Wing', rating: 4.2, find: (b) => findXYWing(b, false) };
export const XYZ_WING: Technique = { name: 'XYZ-Wing', rating: 4.4, find: (b) => findXYWing(b, true) };
export const W_WING: Technique = { name: 'W-Wing', rating: 7.0, find: findWWing };
