/**
 * `sudokit/variant`: variant Sudoku. Puzzles with constraints (killer cages, arrows,
 * thermometers, kropki dots, …) and jigsaw regions: reading and writing f-puzzles, SudokuPad and
 * ISS text, the constraint kinds and their independent checks, a `solve` that takes every puzzle,
 * the rules' clashes and the SVG of the rules. Steps, hints and grades of variant puzzles are the
 * package root's `nextStep`, `explain` and `gradePuzzle`, which take these puzzles once this entry
 * is loaded: it fills the variant slot (install.ts), so that an app of classic puzzles carries no
 * variant code.
 */
import './install.js';
export { solve } from './solve.js';
export type { CoreSolveOptions } from '../core/solve.js';
export type { VariantPuzzle } from './puzzle.js';
export { constraintsOf, isVariant } from './puzzle.js';
export { checkVariantPuzzle, isVariantSolution } from './check.js';
export { MAX_JIGSAW_SIZE, MIN_JIGSAW_SIZE, checkRegions, jigsawGeometry } from '../geometry.js';
export type { Constraint, ConstraintKindName, ConstraintOf, DiagonalDirection } from '../constraints/types.js';
export { KIND_NAMES, checkConstraint, constraintCells, kindLabel, validateConstraint } from '../constraints/index.js';
export { ruleConflicts } from '../logic/rules.js';
export type { RuleConflict } from '../logic/rules.js';
export { techniquesFor } from '../logic/stepSolver.js';
export { VARIANT_TECHNIQUES } from '../logic/techniques/variant/lists.js';
export { readFpuzzles, writeFpuzzles } from '../format/fpuzzles.js';
export { extractFpuzzlesJson, fpuzzlesLoadString, fpuzzlesUrl } from '../format/links.js';
export { parseIssText } from '../format/iss.js';
export { isVariantText, parseVariant } from '../format/variant.js';
export type { VariantErrorCode, VariantParseError, VariantParseResult } from '../format/variantResult.js';
export { VARIANT_COLORS, renderVariantSvg } from '../render/variant.js';
export type { VariantSvgOptions } from '../render/variant.js';
