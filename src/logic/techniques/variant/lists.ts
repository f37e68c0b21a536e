/**
 * `VARIANT_TECHNIQUES`, the order a variant puzzle's board is graded with (SE's techniques but
 * uniqueness, the rules' steps merged in by rating: `variantTechniques` in stepSolver.ts), as a
 * list for `sudokit/variant`'s export.
 */
import type { Technique } from '../../step.js';
import { variantTechniques } from '../../stepSolver.js';
import { RULE_STEPS } from './index.js';

export const VARIANT_TECHNIQUES: readonly Technique[] = variantTechniques(RULE_STEPS, 'se');
