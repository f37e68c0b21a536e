/**
 * sudokit's public API, re-exports only: formats, geometry, solving and the engine registry, the
 * step solver, grading, generation, rendering, and their types. The benchmark lab (timing,
 * statistics, tables, charts) is a subpath of its own, `sudokit/lab` (src/lab/index.ts).
 */
export { DIGIT_ALPHABET, MAX_SIZE, MIN_SIZE, UNIT_KINDS, boxShapesOf, cellName, describeUnit, geometry, geometryName, isGeometry, squareGeometry } from './geometry.js';
export type { Geometry, UnitKind } from './geometry.js';
export { assertPuzzle, checkPuzzle, countGivens, createPuzzle, describeConflict, findConflicts, hasConflicts, isSolution, PUZZLE_ERROR_CODES, PuzzleError } from './puzzle.js';
export type { Conflict, Puzzle, PuzzleErrorCode } from './puzzle.js';
export type { Engine, EngineId, SolveOptions, SolveResult, SolveStats } from './engine.js';
export { SUDOKIT_ERROR_CODES, SudokitError } from './errors.js';
export type { SudokitErrorCode } from './errors.js';
export { DEFAULT_SEED, EngineRefusal, VAL_ORDERS, VAR_ORDERS } from './engine.js';
export type { ValOrder, VarOrder } from './engine.js';
export { PARSE_ERROR_CODES, parseBoxShape, parsePuzzle } from './format/parse.js';
export type { ParseError, ParseErrorCode, ParseOptions, ParseResult } from './format/parse.js';
export { OUTPUT_FORMATS, makeGrid, makeJson, makeLine, makePretty } from './format/make.js';
export type { OutputFormat, PrettyOptions } from './format/make.js';
export { bandRowOrder, isValidRowOrder, permuteRows, relabel, rotate, transpose } from './generate/transform.js';
export type { Transformed } from './generate/transform.js';
export { PuzzleSplitter, splitPuzzles } from './format/records.js';
export type { PuzzleRecord, SplitOptions } from './format/records.js';
export { DEFAULT_ENGINE, ENGINES, ENGINE_IDS, countSolutions, getEngine, solve } from './registry.js';
export { installWasm9, wasm9Variant } from './core/fast9wasm.js';
export type { Wasm9Variant } from './core/fast9wasm.js';
export { seededRandom, shuffle } from './random.js';
export { Board, MAX_LOGIC_SIZE } from './logic/board.js';
export type { Candidate, Link, Step, StepContext, StrongLinkKind, Technique } from './logic/step.js';
export { describeCells, describeEffects, describeElimination, describePlacement, eliminationsOf, unitName } from './logic/step.js';
export { FULL_HOUSE, HIDDEN_SINGLE_BOX, HIDDEN_SINGLE_LINE, NAKED_SINGLE } from './logic/techniques/singles.js';
export { CLAIMING, DIRECT_CLAIMING, DIRECT_POINTING, POINTING } from './logic/techniques/intersections.js';
export { DIRECT_HIDDEN_PAIR, DIRECT_HIDDEN_TRIPLE, HIDDEN_PAIR, HIDDEN_QUAD, HIDDEN_TRIPLE, LOCKED_PAIR, LOCKED_TRIPLE, NAKED_PAIR, NAKED_QUAD, NAKED_TRIPLE } from './logic/techniques/subsets.js';
export { FINNED_JELLYFISH, FINNED_SWORDFISH, FINNED_X_WING, JELLYFISH, SWORDFISH, X_WING } from './logic/techniques/fish.js';
export { EMPTY_RECTANGLE, SKYSCRAPER, THREE_SKYSCRAPERS, THREE_STRING_KITE, THREE_TURBOT_FISH, TURBOT_FISH, TWO_STRING_KITE } from './logic/techniques/singleDigit.js';
export { W_WING, XYZ_WING, XY_WING } from './logic/techniques/wings.js';
export { SIMPLE_COLOURING } from './logic/techniques/colouring.js';
export { BUG_PLUS_1, UNIQUE_LOOP, UNIQUE_RECTANGLE_1, UNIQUE_RECTANGLE_2, UNIQUE_RECTANGLE_3, UNIQUE_RECTANGLE_4 } from './logic/techniques/uniqueness.js';
export { GUESS_RATING, SOLVE_PATHS, TEACHING_TECHNIQUES, TECHNIQUES, VARIANT_TECHNIQUES, applyStep, explain, guessStep, hardestStepOf, nextStep, techniquesFor } from './logic/stepSolver.js';
export { seTechniqueName } from './logic/seName.js';
export type { ExplainOptions, Explanation, SolvePath } from './logic/stepSolver.js';
export { LEVELS, gradeOf, gradePuzzle, gradeSolved, levelOf, ratingRangeOf } from './logic/grade.js';
export type { Grade, Level, GradeOptions } from './logic/grade.js';
export { makeCandidateGrid } from './format/candidates.js';
export {
  DEFAULT_MAX_ATTEMPTS,
  FILL_CLASSES,
  GenerateError,
  SYMMETRIES,
  checkGenerateOptions,
  checkMinimal,
  checkSymmetry,
  defaultFill,
  fewestClues,
  generatePuzzle,
  generatePuzzles,
  hasSymmetry,
  levelsReached,
  orbitsOf,
  randomFillPuzzle,
  techniqueNames,
} from './generate/generator.js';
export type { FillClass, FillOptions, FilledPuzzle, GenerateOptions, GeneratedPuzzle, Symmetry } from './generate/generator.js';
export { permuteColumns, stackColumnOrder } from './generate/transform.js';
export { deriveSeed } from './random.js';
export { describeHardest, makeHardestJson, makeStepJson } from './format/steps.js';
export type { HardestJson, StepJson } from './format/steps.js';
export type { SolutionSink } from './batch/solve.js';
export { GRID_COLORS, hasCandidate, peerCandidates, renderGridSvg } from './render/grid.js';
export type { GridSvgOptions } from './render/grid.js';
export { MAX_JIGSAW_SIZE, MIN_JIGSAW_SIZE, checkRegions, jigsawGeometry } from './geometry.js';
export type { Constraint, ConstraintKindName, ConstraintOf, DiagonalDirection } from './constraints/types.js';
export { KIND_NAMES, checkConstraint, constraintCells, kindLabel, validateConstraint } from './constraints/index.js';
export type { VariantPuzzle } from './variant/puzzle.js';
export { constraintsOf, isVariant } from './variant/puzzle.js';
export { checkVariantPuzzle, isVariantSolution } from './variant/check.js';
export { ruleConflicts } from './logic/rules.js';
export type { RuleConflict } from './logic/rules.js';
export { readFpuzzles, writeFpuzzles } from './format/fpuzzles.js';
export { extractFpuzzlesJson, fpuzzlesLoadString, fpuzzlesUrl } from './format/links.js';
export { parseIssText } from './format/iss.js';
export { isVariantText, parseVariant } from './format/variant.js';
export type { VariantErrorCode, VariantParseError, VariantParseResult } from './format/variantResult.js';
export { VARIANT_COLORS, renderVariantSvg } from './render/variant.js';
export type { VariantSvgOptions } from './render/variant.js';
