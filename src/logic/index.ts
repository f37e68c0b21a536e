/**
 * `sudokit/logic`: the step solver's parts, for apps that teach. Every technique as a value of its
 * own (`find`, `findAll`, name and rating), the describers behind each step's text, the step and
 * hardest-step JSON the CLI prints, the grade's parts and the candidate grid. `nextStep`,
 * `explain`, `applyStep`, `Board`, `gradePuzzle`, the technique lists and the levels are the package
 * root's; the rules' techniques are `sudokit/variant`'s.
 */
export type { Candidate, Link, Step, StepContext, StrongLinkKind, Technique } from './step.js';
export { describeCells, describeEffects, describeElimination, describePlacement, eliminationsOf, unitName } from './step.js';
export { FULL_HOUSE, HIDDEN_SINGLE_BOX, HIDDEN_SINGLE_LINE, NAKED_SINGLE } from './techniques/singles.js';
export { CLAIMING, DIRECT_CLAIMING, DIRECT_POINTING, POINTING } from './techniques/intersections.js';
export { DIRECT_HIDDEN_PAIR, DIRECT_HIDDEN_TRIPLE, HIDDEN_PAIR, HIDDEN_QUAD, HIDDEN_TRIPLE, LOCKED_PAIR, LOCKED_TRIPLE, NAKED_PAIR, NAKED_QUAD, NAKED_TRIPLE } from './techniques/subsets.js';
export { FINNED_JELLYFISH, FINNED_SWORDFISH, FINNED_X_WING, JELLYFISH, SWORDFISH, X_WING } from './techniques/fish.js';
export { EMPTY_RECTANGLE, SKYSCRAPER, THREE_SKYSCRAPERS, THREE_STRING_KITE, THREE_TURBOT_FISH, TURBOT_FISH, TWO_STRING_KITE } from './techniques/singleDigit.js';
export { W_WING, XYZ_WING, XY_WING } from './techniques/wings.js';
export { SIMPLE_COLOURING } from './techniques/colouring.js';
export { BUG_PLUS_1, UNIQUE_LOOP, UNIQUE_RECTANGLE_1, UNIQUE_RECTANGLE_2, UNIQUE_RECTANGLE_3, UNIQUE_RECTANGLE_4 } from './techniques/uniqueness.js';
export { GUESS_RATING, guessStep, hardestStepOf } from './stepSolver.js';
export { seTechniqueName } from './seName.js';
export { gradeOf, gradeSolved, ratingRangeOf } from './grade.js';
export { makeCandidateGrid } from '../format/candidates.js';
export { describeHardest, makeHardestJson, makeStepJson } from '../format/steps.js';
export type { HardestJson, StepJson } from '../format/steps.js';
export { hasCandidate, peerCandidates } from '../render/grid.js';
