/**
 * sudokit's public API, re-exports only: the surface an app builds on, which stays put from 1.0.
 * Puzzles and boards, the text formats, solving classic puzzles of every size, steps, hints and
 * grades, generating, and the grid as SVG. The rest lives in subpaths, each with an index of its
 * own: `sudokit/variant` (variant puzzles, their formats and their solve), `sudokit/engines`
 * (the readable engines and the registry), `sudokit/logic` (the techniques one by one and the
 * step formats), `sudokit/generate` (the generator's parts and the transforms), `sudokit/worker`
 * (the searches off the main thread) and `sudokit/lab` (the benchmark lab).
 */
// Puzzles and boards
export { DIGIT_ALPHABET, MAX_SIZE, MIN_SIZE, UNIT_KINDS, boxShapesOf, cellName, describeUnit, geometry, geometryName, isGeometry, squareGeometry } from './geometry.js';
export type { Geometry, UnitKind } from './geometry.js';
export { assertPuzzle, checkPuzzle, countGivens, createPuzzle, describeConflict, findConflicts, hasConflicts, isSolution, PUZZLE_ERROR_CODES, PuzzleError } from './puzzle.js';
export type { Conflict, Puzzle, PuzzleErrorCode } from './puzzle.js';
export { SUDOKIT_ERROR_CODES, SudokitError } from './errors.js';
export type { SudokitErrorCode } from './errors.js';
// Text formats
export { PARSE_ERROR_CODES, parseBoxShape, parsePuzzle } from './format/parse.js';
export type { ParseError, ParseErrorCode, ParseOptions, ParseResult } from './format/parse.js';
export { OUTPUT_FORMATS, makeGrid, makeJson, makeLine, makePretty } from './format/make.js';
export type { OutputFormat, PrettyOptions } from './format/make.js';
export { PuzzleSplitter, splitPuzzles } from './format/records.js';
export type { PuzzleRecord, SplitOptions } from './format/records.js';
// Solving
export { solve } from './core/solve.js';
export type { CoreEngineId, CoreSolveOptions } from './core/solve.js';
export { countSolutions } from './core/engines.js';
export type { Engine, SolveOptions, SolveResult, SolveStats } from './engine.js';
export { installWasm9, wasm9Variant } from './core/fast9wasm.js';
export type { Wasm9Variant } from './core/fast9wasm.js';
// Steps, hints and grades
export { Board, MAX_LOGIC_SIZE } from './logic/board.js';
export type { Candidate, Link, Step, StepContext, StrongLinkKind, Technique } from './logic/step.js';
export { applyStep, explain, nextStep, SOLVE_PATHS, TEACHING_TECHNIQUES, TECHNIQUES } from './logic/stepSolver.js';
export type { ExplainOptions, Explanation, SolvePath } from './logic/stepSolver.js';
export { LEVELS, gradePuzzle, levelOf } from './logic/grade.js';
export type { Grade, GradeOptions, Level } from './logic/grade.js';
// Generating
export { GenerateError, SYMMETRIES, generatePuzzle, generatePuzzles } from './generate/generator.js';
export type { GenerateOptions, GeneratedPuzzle, Symmetry } from './generate/generator.js';
// Drawing
export { GRID_COLORS, renderGridSvg } from './render/grid.js';
export type { GridSvgOptions } from './render/grid.js';
