/**
 * Generating a run of puzzles as text: the unit of work of `sudokit generate`, run on the main
 * thread or on a pool worker. A job names the run's options and a range of indices; since puzzle i
 * depends only on (seed, i, options), the text is the same whichever thread makes it.
 */
import { makeStepJson } from '../format/steps.js';
import { geometry as geometryOf, geometryName } from '../geometry.js';
import { makeLine, makePretty, type OutputFormat } from '../format/make.js';
import { countGivens } from '../puzzle.js';
import { type GenerateOptions, GenerateError, type GeneratedPuzzle, generatePuzzle, randomFillPuzzle } from '../generate/generator.js';
import type { Level } from '../logic/grade.js';
import type { Symmetry } from '../generate/symmetry.js';
import { FILL_CLASSES, type FillClass } from '../generate/randomFill.js';

/** Options of a job: plain data, so a job can be posted to a worker. */
export interface GenerateJobOptions {
  readonly boxRows: number;
  readonly boxCols: number;
  readonly format: OutputFormat;
  readonly seed: number;
  readonly symmetry?: Symmetry;
  readonly clues?: readonly [number, number];
  readonly minimal?: boolean;
  readonly maxAttempts?: number;
  readonly timeLimitMs?: number;
  readonly difficulty?: Level;
  readonly rating?: readonly [number, number];
  readonly technique?: string;
  /** Random-fill mode: this many random givens per puzzle, classified (instead of generating). */
  readonly randomFill?: { readonly fill?: number; readonly list: boolean };
}

export interface GenerateJob {
  readonly options: GenerateJobOptions;
  readonly first: number;
  readonly count: number;
}

export interface GenerateAnswer {
  /** Text for stdout: one entry per puzzle made, in index order. */
  readonly out: string;
  /** Puzzles made (fewer than asked only when `error` is set). */
  readonly made: number;
  /** Random fill: how many puzzles fell in each class. */
  readonly classes: Record<FillClass, number>;
  /** Why the puzzle after the last one made could not be made. */
  readonly error?: string;
}

export function emptyClasses(): Record<FillClass, number> {
  return Object.fromEntries(FILL_CLASSES.map((c) => [c, 0])) as Record<FillClass, number>;
}

/** One generated puzzle as text in a format (json: one JSON object on one line). */
export function formatGenerated(p: GeneratedPuzzle, format: OutputFormat): string {
  const g = p.puzzle.geometry;
  switch (format) {
    case 'line':
      return `${makeLine(g, p.puzzle.givens)}\n`;
    case 'pretty': {
      const rated = p.grade ? `rating ${p.grade.explanation.timedOut ? 'at least ' : ''}${p.grade.rating.toFixed(1)} (${p.grade.level})` : '';
      const needs = p.practice ? `needs ${p.practice.technique} at step ${p.practice.step + 1} of ${p.practice.steps.length}` : '';
      const about = [`${p.clues} clues`, p.minimal ? 'minimal' : '', p.symmetry === 'none' ? '' : `${p.symmetry} symmetry`, rated, needs].filter(Boolean).join(', ');
      return `# ${geometryName(g)} puzzle ${p.index + 1} (seed ${p.seed}): ${about}\n${makePretty(g, p.puzzle.givens)}\n\n`;
    }
    case 'json':
      return `${JSON.stringify({
        puzzle: makeLine(g, p.puzzle.givens),
        clues: p.clues,
        ...(p.grade ? { rating: p.grade.rating, level: p.grade.level, techniques: p.grade.techniques, ...(p.grade.explanation.timedOut ? { ratingAtLeast: true } : {}) } : {}),
        minimal: p.minimal,
        symmetry: p.symmetry,
        seed: p.seed,
        index: p.index,
        solution: makeLine(g, p.solution),
        // A technique target: the teaching path, and its first step of the technique (from 1).
        ...(p.practice ? { practice: { technique: p.practice.technique, step: p.practice.step + 1, path: p.practice.steps.map((s) => makeStepJson(g, s)) } } : {}),
      })}\n`;
  }
}

function libraryOptions(o: GenerateJobOptions): GenerateOptions {
  return {
    geometry: geometryOf(o.boxRows, o.boxCols),
    seed: o.seed,
    ...(o.symmetry === undefined ? {} : { symmetry: o.symmetry }),
    ...(o.clues === undefined ? {} : { clues: o.clues }),
    ...(o.minimal === undefined ? {} : { minimal: o.minimal }),
    ...(o.maxAttempts === undefined ? {} : { maxAttempts: o.maxAttempts }),
    ...(o.timeLimitMs === undefined ? {} : { timeLimitMs: o.timeLimitMs }),
    ...(o.difficulty === undefined ? {} : { difficulty: o.difficulty }),
    ...(o.rating === undefined ? {} : { rating: o.rating }),
    ...(o.technique === undefined ? {} : { technique: o.technique }),
    // JSON Lines always carry the rating and level; other formats only pay for grading when targeting.
    grade: o.format === 'json' && o.boxRows * o.boxCols <= 25,
  };
}

/** Make puzzles `first` … `first + count − 1` of a run as text. Stops at the first puzzle that cannot be made. */
export function answerGenerate(job: GenerateJob): GenerateAnswer {
  const { options: o, first, count } = job;
  const classes = emptyClasses();
  let out = '';
  let made = 0;
  try {
    if (o.randomFill) {
      const fillOptions = {
        geometry: geometryOf(o.boxRows, o.boxCols),
        seed: o.seed,
        ...(o.randomFill.fill === undefined ? {} : { fill: o.randomFill.fill }),
        ...(o.timeLimitMs === undefined ? {} : { timeLimitMs: o.timeLimitMs }),
      };
      for (let i = first; i < first + count; i++) {
        const p = randomFillPuzzle({ ...fillOptions, index: i });
        classes[p.class]++;
        made++;
        if (!o.randomFill.list) continue;
        const g = p.puzzle.geometry;
        const line = makeLine(g, p.puzzle.givens);
        if (o.format === 'json') out += `${JSON.stringify({ puzzle: line, class: p.class, clues: countGivens(p.puzzle.givens), seed: p.seed, index: p.index })}\n`;
        else if (o.format === 'pretty')
          out += `# puzzle ${i + 1} (seed ${p.seed}): ${p.class === 'none' ? 'no solution' : p.class === 'one' ? 'one solution' : p.class === 'many' ? 'many solutions' : 'not classified in time'}\n${makePretty(g, p.puzzle.givens)}\n\n`;
        else out += `${line} ${p.class}\n`;
      }
    } else {
      const options = libraryOptions(o);
      for (let i = first; i < first + count; i++) {
        out += formatGenerated(generatePuzzle({ ...options, index: i }), o.format);
        made++;
      }
    }
  } catch (e) {
    if (!(e instanceof GenerateError)) throw e;
    return { out, made, classes, error: `puzzle ${first + made + 1}: ${e.message}` };
  }
  return { out, made, classes };
}
