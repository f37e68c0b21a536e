/** sudokit's public API: re-exports only. */
export { DIGIT_ALPHABET, MAX_SIZE, MIN_SIZE, UNIT_KINDS, boxShapesOf, cellName, describeUnit, geometry, geometryName, squareGeometry } from './geometry.js';
export type { Geometry, UnitKind } from './geometry.js';
export { countGivens, createPuzzle, describeConflict, findConflicts, hasConflicts, isSolution } from './puzzle.js';
export type { Conflict, Puzzle } from './puzzle.js';
export type { Engine, SolveOptions, SolveResult, SolveStats } from './engine.js';
export { PARSE_ERROR_CODES, parseBoxShape, parsePuzzle } from './format/parse.js';
export type { ParseError, ParseErrorCode, ParseOptions, ParseResult } from './format/parse.js';
export { OUTPUT_FORMATS, makeGrid, makeJson, makeLine, makePretty } from './format/make.js';
export type { OutputFormat, PrettyOptions } from './format/make.js';
export { bandRowOrder, isValidRowOrder, permuteRows, relabel, rotate, transpose } from './transform.js';
export type { Transformed } from './transform.js';
export { PuzzleSplitter, splitPuzzles } from './format/records.js';
export type { PuzzleRecord, SplitOptions } from './format/records.js';
export { DEFAULT_ENGINE, ENGINES, ENGINE_IDS, getEngine, solve } from './registry.js';
export { seededRandom, shuffle } from './random.js';
export { STATUSES, answerBatch, statusOf } from './batch.js';
export type { AnswerOptions, BatchAnswer, BatchInput, Status } from './batch.js';
