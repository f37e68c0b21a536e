/**
 * Fills the variant slot (support.ts) when it loads: the variant solver, the constraints' fit
 * check, the step solver's rules and the rules' own steps (not the classic techniques, so that an
 * app that only solves variants does not carry the step solver). Imported by every entry that reads
 * variant puzzles (`sudokit/variant`, `sudokit/engines`, `sudokit/worker`, the command line);
 * package.json lists it among the files with side effects, so bundlers keep it.
 */
import { variantRules } from '../logic/rules.js';
import { RULE_STEPS } from '../logic/techniques/variant/index.js';
import { assertConstraintsFit, keepsRules } from './check.js';
import type { VariantPuzzle } from './puzzle.js';
import { solveVariant } from './solver/index.js';
import { provideVariantSupport } from './support.js';

provideVariantSupport({
  solve: solveVariant,
  checkConstraints: assertConstraintsFit,
  rules(puzzle) {
    assertConstraintsFit(puzzle);
    return variantRules(puzzle);
  },
  ruleSteps: RULE_STEPS,
  keepsRules(puzzle, grid) {
    assertConstraintsFit(puzzle);
    return keepsRules(puzzle as VariantPuzzle, grid);
  },
});
