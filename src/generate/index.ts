/**
 * `sudokit/generate`: the generator's parts beside the package root's `generatePuzzle` and
 * `generatePuzzles` (with `GenerateError` and `SYMMETRIES`): its option checks and defaults, random fills, symmetry and minimality
 * checks, the techniques a puzzle can be asked to need, the seeded random source, and the
 * transforms that keep a puzzle's solution count (transpose, rotate, relabel, row and column
 * permutations).
 */
export {
  DEFAULT_MAX_ATTEMPTS,
  FILL_CLASSES,
  checkGenerateOptions,
  checkMinimal,
  checkSymmetry,
  defaultFill,
  fewestClues,
  hasSymmetry,
  levelsReached,
  orbitsOf,
  randomFillPuzzle,
  techniqueNames,
} from './generator.js';
export type { FillClass, FillOptions, FilledPuzzle, GenerateOptions, GeneratedPuzzle, Symmetry } from './generator.js';
export { bandRowOrder, isValidRowOrder, permuteColumns, permuteRows, relabel, rotate, stackColumnOrder, transpose } from './transform.js';
export type { Transformed } from './transform.js';
export { deriveSeed, seededRandom, shuffle } from '../random.js';
