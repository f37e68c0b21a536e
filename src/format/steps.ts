/**
 * Steps as JSON: what `sudokit hint` and `sudokit explain --format json` print for a step.
 * Cells are named `r5c6` (rows and columns from 1), digits are numbers, and a guess is a step
 * whose technique is `guess`:
 * `{"technique":"Hidden Single","placements":[{"cell":"r5c6","digit":7}],"eliminations":[],"text":"…"}`
 */
import { cellName, type Geometry } from '../geometry.js';
import { seTechniqueName } from '../logic/seName.js';
import type { Candidate, Step } from '../logic/step.js';
import { hardestStepOf } from '../logic/stepSolver.js';

export interface StepJson {
  readonly technique: string;
  readonly rating: number;
  readonly placements: { cell: string; digit: number }[];
  readonly eliminations: { cell: string; digit: number }[];
  readonly uniqueness?: true;
  /** The variant rules (constraint kinds) the step reads, when it reads any. */
  readonly rules?: readonly string[];
  /** Sukaku Explainer's name for the step (see `seTechniqueName`), or null (a guess). */
  readonly se: string | null;
  readonly text: string;
}

/** The step that rates a path: its number (from 1), technique, SE's name and rating. */
export interface HardestJson {
  readonly step: number;
  readonly technique: string;
  readonly se: string | null;
  readonly rating: number;
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
    ...(step.rules && step.rules.length > 0 ? { rules: step.rules } : {}),
    se: seTechniqueName(step) ?? null,
    text: step.text,
  };
}

/** The JSON object of a path's hardest step, or null when the path has no steps. */
export function makeHardestJson(steps: readonly Step[]): HardestJson | null {
  const i = hardestStepOf(steps);
  if (i < 0) return null;
  const step = steps[i]!;
  return { step: i + 1, technique: step.technique, se: seTechniqueName(step) ?? null, rating: step.rating };
}

/** The hardest step of a path in words: `step 47, Dynamic Contradiction Forcing Chain (SE: Dynamic Contradiction Forcing Chains)`. */
export function describeHardest(steps: readonly Step[]): string | undefined {
  const hardest = makeHardestJson(steps);
  if (!hardest) return undefined;
  return `step ${hardest.step}, ${hardest.technique}${hardest.se === null ? '' : ` (SE: ${hardest.se})`}`;
}
