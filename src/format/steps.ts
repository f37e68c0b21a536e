/**
 * Steps as JSON: what `sudokit hint` and `sudokit explain --format json` print for a step.
 * Cells are named `r5c6` (rows and columns from 1), digits are numbers, and a guess is a step
 * whose technique is `guess`:
 * `{"technique":"Hidden Single","placements":[{"cell":"r5c6","digit":7}],"eliminations":[],"text":"…"}`
 */
import { cellName, type Geometry } from '../geometry.js';
import type { Candidate, Step } from '../logic/step.js';

export interface StepJson {
  readonly technique: string;
  readonly rating: number;
  readonly placements: { cell: string; digit: number }[];
  readonly eliminations: { cell: string; digit: number }[];
  readonly uniqueness?: true;
  readonly text: string;
}

function candidatesJson(g: Geometry, list: readonly Candidate[]): { cell: string; digit: number }[] {
  return list.map((c) => ({ cell: cellName(g, c.cell), digit: c.digit }));
}

/** The JSON object of a step. */
export function makeStepJson(g: Geometry, step: Step): StepJson {
  return {
    technique: step.technique,
    rating: step.rating,
    placements: candidatesJson(g, step.placements),
    eliminations: candidatesJson(g, step.eliminations),
    ...(step.uniqueness ? { uniqueness: true as const } : {}),
    text: step.text,
  };
}
