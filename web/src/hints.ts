/**
 * Progressive hints: a hint is one step, given away in three presses so it helps without
 * spoiling. The first names the technique and the unit to look in (no cell), the second marks
 * the cells and candidates that prove it, the third states the deduction, which Apply places.
 * Each level is a view of the same step, so the board is drawn from the step and the level alone.
 */
import { cellName, type Geometry, type Step } from '../../src/index.js';
import { unitName } from '../../src/logic/index.js';

export const HINT_LEVELS = [1, 2, 3] as const;
export type HintLevel = (typeof HINT_LEVELS)[number];

/** The unit a hint points to: the first unit the step reasons about, else the box of the cell it acts on. */
export function hintUnit(g: Geometry, step: Step): number {
  if (step.units?.length) return step.units[0]!;
  const cell = step.placements[0]?.cell ?? step.cells[0] ?? step.eliminations[0]?.cell ?? 0;
  return g.unitsOf[cell]![2]!;
}

/** The part of a step a hint level shows on the board: the unit, then the proof, then what it places and removes. */
export function shownStep(g: Geometry, step: Step, level: HintLevel): Step {
  const where = { ...step, units: [hintUnit(g, step)], cells: [], candidates: [], placements: [], eliminations: [] };
  if (level === 1) return where;
  // A step without a pattern of its own (a naked single) shows the cells it acts on instead.
  const cells = step.cells.length ? step.cells : [...new Set([...step.placements, ...step.eliminations].map((c) => c.cell))];
  if (level === 2) return { ...where, units: step.units?.length ? step.units : where.units, cells, candidates: step.candidates };
  return step;
}

/** What a hint level says, in words. */
export function hintSentence(g: Geometry, step: Step, level: HintLevel): string {
  const where = unitName(g, hintUnit(g, step));
  const name = step.technique === 'guess' ? 'no technique: the next step is a guess' : `${/^[AEIOU]/.test(step.technique) ? 'an' : 'a'} ${step.technique}`;
  if (level === 1) return step.technique === 'guess' ? `There is ${name}; look at ${where}.` : `Look for ${name} in ${where}.`;
  if (level === 2) {
    const shown = shownStep(g, step, 2);
    const cells = [...new Set([...shown.cells, ...shown.candidates.map((c) => c.cell)])];
    return `${name[0]!.toUpperCase()}${name.slice(1)} in ${where}: look at the marked ${cells.length === 1 ? 'cell' : 'cells'}, ${cells.map((c) => cellName(g, c)).join(', ')}.`;
  }
  return `${step.text}.`;
}
