/**
 * Simple colouring: for one digit, join the two places of every conjugate pair (a unit where the
 * digit has exactly two places) and colour each connected cluster in two alternating colours.
 * One colour holds the digit throughout the cluster, the other never does.
 * - Colour wrap: two cells of one colour see each other, so that colour is false everywhere.
 * - Colour trap: a cell outside the cluster sees both colours, so it loses the digit.
 * Ratings: both are X-chains (a wrap is an X-cycle) in Sukaku Explainer, rated 6.5–6.9 by
 * length; we rate 6.6 plus SE's length step (0.1 each time the cluster outgrows 4, 6, 8, 12,
 * 16, … cells), so a small cluster rates like the turbot fish it usually is.
 */
import type { Board } from '../board.js';
import { type Candidate, type Step, type Technique, describeCells, describeEffects } from '../step.js';
import { lengthBonus } from './chains.js';
import { conjugatePairs } from './singleDigit.js';

function findColouring(board: Board): Step | undefined {
  const g = board.geometry;
  for (let digit = 1; digit <= g.size; digit++) {
    const links = new Map<number, number[]>();
    for (const [, a, b] of conjugatePairs(board, digit)) {
      links.set(a, [...(links.get(a) ?? []), b]);
      links.set(b, [...(links.get(b) ?? []), a]);
    }
    const colour = new Map<number, number>();
    for (const start of links.keys()) {
      if (colour.has(start)) continue;
      const cluster = [start];
      colour.set(start, 0);
      for (let i = 0; i < cluster.length; i++) {
        const cell = cluster[i]!;
        for (const next of links.get(cell)!) {
          if (colour.has(next)) continue;
          colour.set(next, 1 - colour.get(cell)!);
          cluster.push(next);
        }
      }
      if (cluster.length < 3) continue;
      const sides = [cluster.filter((c) => colour.get(c) === 0), cluster.filter((c) => colour.get(c) === 1)] as const;
      const rating = 6.6 + lengthBonus(cluster.length);
      const base = { technique: 'Simple Colouring', rating, placements: [], cells: cluster, candidates: cluster.map((cell) => ({ cell, digit })) };
      const colours = `${describeCells(g, sides[0])} against ${describeCells(g, sides[1])}`;
      for (const side of [0, 1] as const) {
        const cells = sides[side];
        const clash = cells.some((a) => cells.some((b) => board.sees(a, b)));
        if (!clash) continue;
        const eliminations = cells.map((cell) => ({ cell, digit }));
        const other = sides[1 - side]!;
        const placements = other.map((cell) => ({ cell, digit }));
        const step = { ...base, placements, eliminations };
        return { ...step, text: `Simple Colouring (wrap) on ${g.digits[digit - 1]}: ${colours}; two of ${describeCells(g, cells)} see each other => ${describeEffects(g, step)}` };
      }
      const eliminations: Candidate[] = [];
      for (let cell = 0; cell < g.cellCount; cell++) {
        if (colour.has(cell) && cluster.includes(cell)) continue;
        if (!board.has(cell, digit)) continue;
        if (sides[0].some((a) => board.sees(a, cell)) && sides[1].some((b) => board.sees(b, cell))) eliminations.push({ cell, digit });
      }
      if (eliminations.length === 0) continue;
      const step = { ...base, eliminations };
      return { ...step, text: `Simple Colouring (trap) on ${g.digits[digit - 1]}: ${colours} => ${describeEffects(g, step)}` };
    }
  }
  return undefined;
}

export const SIMPLE_COLOURING: Technique = { name: 'Simple Colouring', rating: 6.6, find: findColouring };
