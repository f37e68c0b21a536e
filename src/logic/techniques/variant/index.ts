/**
 * The techniques of variant Sudoku beyond the classic ones: the rules' own steps, what cages and
 * houses add up to, and locks through the houses and sight the rules add. The step solver merges
 * them into its classic order by rating (stepSolver.ts, `VARIANT_TECHNIQUES`).
 */
import type { Technique } from '../../step.js';
import { CAGE_MUST_HOLD, INNIES_AND_OUTIES } from './cages.js';
import { RULE_TECHNIQUES } from './rules.js';
import { HIDDEN_SINGLE_HOUSE, VARIANT_LOCK } from './sight.js';
import { LAW_OF_LEFTOVERS } from './jigsaw.js';
import { RULE_FORCING_CHAIN } from './forcing.js';
import { CAGE_COMBINATIONS } from './houses.js';

export { LAW_OF_LEFTOVERS };

export const RULE_STEPS: readonly Technique[] = [HIDDEN_SINGLE_HOUSE, ...RULE_TECHNIQUES, CAGE_MUST_HOLD, CAGE_COMBINATIONS, VARIANT_LOCK, INNIES_AND_OUTIES, LAW_OF_LEFTOVERS, RULE_FORCING_CHAIN];
