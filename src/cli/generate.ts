/**
 * `sudokit generate`: fresh puzzles on demand, or the random-fill experiment.
 *
 * The run is cut into jobs of consecutive indices; each job is made here (`--threads 1`, or the
 * first job) or on a worker pool, and written in index order. Puzzle i depends only on the seed,
 * i and the options, so the output is the same for every thread count.
 */
import { randomInt } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { OUTPUT_FORMATS, type OutputFormat } from '../format/make.js';
import { parseBoxShape } from '../format/parse.js';
import { type GenerateAnswer, type GenerateJobOptions, emptyClasses } from '../batch/generate.js';
import { FILL_CLASSES } from '../generate/randomFill.js';
import { SYMMETRIES, type Symmetry } from '../generate/symmetry.js';
import { GenerateError, checkGenerateOptions, techniqueNames } from '../generate/generator.js';
import { LEVELS, type Level } from '../logic/grade.js';
import { type Geometry, geometry as geometryOf, boxShapesOf, MAX_SIZE, squareGeometry } from '../geometry.js';
import { SolvePool } from '../pool/pool.js';
import { Progress } from './progress.js';
import { UsageError, positiveInteger, positiveNumber, threadCount, parseCommandArgs } from './args.js';
import { writeOutput } from './output.js';
import { InOrder, Run, reportPool } from './run.js';

export const GENERATE_HELP = `Usage: sudokit generate [options]

Make puzzles with exactly one solution, from a seed: the same seed and options give the same
puzzles on every machine and for any number of threads.

Options:
  --count N                 how many puzzles (default 1)
  --size S                  board: 9, 9x9, 16, 6x6 (2x3 boxes), 12 (3x4 boxes), ... or a box
                            shape such as 2x3 or 3x4 (default 9x9)
  --box RxC                 box shape, the same as --size RxC
  --symmetry S              clue pattern: ${SYMMETRIES.join(', ')} (default none).
                            rotational = half turn, mirror = left-right, diagonal = main
                            diagonal, dihedral = all eight; diagonal and dihedral need square boxes
  --clues N | MIN-MAX       number of givens (without --minimal the removal stops at a count drawn
                            from the range; default: remove all it can). 9x9 below about 22 clues
                            takes a slower downhill walk: 20 about a second a puzzle, 19 several
  --minimal                 only minimal puzzles: no given can be removed keeping one solution
  --difficulty LEVEL        only puzzles the grader puts at LEVEL: ${LEVELS.join(', ')}
  --rating MIN-MAX          only puzzles whose rating (Sukaku Explainer scale, e.g. 1.2-2.3) is in range
  --technique NAME          only puzzles that need NAME on the teaching path (hint's and explain's):
                            solved by NAME and the techniques tried before it, stuck without it
                            (see the list below); json output carries the path and the step
  --seed N                  the run's seed, 0 to 4294967295 (default: drawn at random, shown in
                            json and pretty output)
  --attempts N              grids to try per puzzle before giving up (default 1000; 20000 with
                            --technique)
  --time-limit MS           time budget per puzzle; makes results machine-dependent (default none,
                            except 25x25 and up: 10000, where a puzzle stops early, still unique)
  --random-fill             Norvig's experiment instead: fill random cells with random non-clashing
                            digits and count puzzles with no, one and many solutions
  --fill N                  givens per random-fill puzzle (default 17 per 81 cells)
  --list                    with --random-fill, print every puzzle and its class too
  --format line|pretty|json one puzzle per line (default), boxed grids, or JSON Lines (with
                            --random-fill alone, the summary as one JSON object)
  --threads N               worker threads (default: the number of cores, ${availableParallelism()} here)
  --no-progress             never draw the progress line on stderr
  -h, --help                show this help

Difficulty and technique targets regenerate until they are met, within the attempts budget.
Techniques:
  ${techniqueNames().join(', ')}.
JSON Lines carry the grader's rating and level for boards up to 25x25.

Exit status: 0 when every puzzle was made; 1 when one could not be made within the attempts or
time budget (the puzzles before it are printed); 2 for usage errors; 74 when the output could
not be written (a full disk, > /dev/full).`;

/** Board of a `--size` value: a side (9, 16, 6 …; equal sides 9x9) or a box shape (2x3). */
export function parseSize(text: string): Geometry {
  const pair = /^\s*(\d+)\s*[x×X*]\s*(\d+)\s*$/.exec(text);
  if (pair && pair[1] !== pair[2]) {
    const shape = parseBoxShape(text);
    if (!shape.ok) throw new UsageError(`--size ${text}: ${shape.message}`);
    return shape.geometry;
  }
  const side = Number(pair ? pair[1] : text.trim());
  if (!/^\s*\d+(\s*[x×X*]\s*\d+)?\s*$/.test(text) || !Number.isInteger(side)) throw new UsageError(`--size expects a board side such as 9, 9x9 or 6x6, or a box shape such as 2x3, got "${text}"`);
  const square = squareGeometry(side);
  if (square) return square;
  const shapes = boxShapesOf(side);
  if (shapes.length === 0) {
    // 5 and 7 are no board's side, but they are a box's: 5x5 boxes make the 25x25 board.
    const boxed = side >= 2 && side * side <= MAX_SIZE ? `; for ${side}x${side} boxes (a ${side * side}x${side * side} board) say --box ${side}x${side} or --size ${side * side}` : '';
    throw new UsageError(`--size ${text}: no board of side ${side} (sides are products of two box sides of at least 2, up to ${MAX_SIZE})${boxed}`);
  }
  // Boxes wider than tall (2x3 for 6x6, 3x4 for 12x12), as they are usually printed.
  const [rows, cols] = shapes.filter(([r, c]) => r <= c).at(-1)!;
  return geometryOf(rows, cols);
}

function parseClues(text: string): [number, number] {
  const m = /^\s*(\d+)\s*(?:-\s*(\d+)\s*)?$/.exec(text);
  if (!m) throw new UsageError(`--clues expects N or MIN-MAX, got "${text}"`);
  const min = Number(m[1]);
  const max = m[2] === undefined ? min : Number(m[2]);
  if (min > max) throw new UsageError(`--clues ${text}: the low end is above the high end`);
  return [min, max];
}

function parseRating(text: string): [number, number] {
  const m = /^\s*(\d+(?:\.\d+)?)\s*(?:-\s*(\d+(?:\.\d+)?)\s*)?$/.exec(text);
  if (!m) throw new UsageError(`--rating expects MIN-MAX on the grader's scale (for example 1.5-2.3) or one number, got "${text}"`);
  const min = Number(m[1]);
  const max = m[2] === undefined ? min : Number(m[2]);
  if (min > max) throw new UsageError(`--rating ${text}: the low end is above the high end`);
  return [min, max];
}

function parseSeed(text: string): number {
  const n = Number(text);
  if (!/^\s*\d+\s*$/.test(text) || !Number.isSafeInteger(n) || n > 0xffffffff) throw new UsageError(`--seed expects a whole number from 0 to 4294967295, got "${text}"`);
  return n;
}

/** Puzzles per job: about 50 ms of work each, so small boards go in large jobs and big boards one by one. */
function jobSize(g: Geometry, randomFill: boolean): number {
  if (randomFill) return g.size <= 9 ? 256 : 4;
  if (g.size <= 6) return 256;
  if (g.size <= 9) return 64;
  return 1;
}

export async function generateCommand(argv: readonly string[]): Promise<number> {
  const { values, positionals } = parseCommandArgs({
    args: [...argv],
    allowPositionals: true,
    strict: true,
    options: {
      count: { type: 'string' },
      size: { type: 'string' },
      box: { type: 'string' },
      symmetry: { type: 'string' },
      clues: { type: 'string' },
      minimal: { type: 'boolean' },
      difficulty: { type: 'string' },
      rating: { type: 'string' },
      technique: { type: 'string' },
      seed: { type: 'string' },
      attempts: { type: 'string' },
      'time-limit': { type: 'string' },
      'random-fill': { type: 'boolean' },
      fill: { type: 'string' },
      list: { type: 'boolean' },
      format: { type: 'string' },
      threads: { type: 'string' },
      'no-progress': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    writeOutput(`${GENERATE_HELP}\n`);
    return 0;
  }
  if (positionals.length > 0) throw new UsageError(`generate takes no file arguments, got "${positionals[0]}"`);
  const format = (values.format ?? 'line') as OutputFormat;
  if (!OUTPUT_FORMATS.includes(format)) throw new UsageError(`unknown --format "${values.format}": expected ${OUTPUT_FORMATS.join(', ')}`);
  const count = values.count === undefined ? 1 : positiveInteger('--count', values.count);
  let g = values.size === undefined ? geometryOf(3, 3) : parseSize(values.size);
  if (values.box !== undefined) {
    const shape = parseBoxShape(values.box);
    if (!shape.ok) throw new UsageError(`--box ${values.box}: ${shape.message}`);
    if (values.size !== undefined && shape.geometry.size !== g.size)
      throw new UsageError(`--box ${values.box} makes a ${shape.geometry.size}x${shape.geometry.size} board, but --size ${values.size} asks for ${g.size}x${g.size}`);
    g = shape.geometry;
  }
  const symmetry = (values.symmetry ?? 'none') as Symmetry;
  if (!SYMMETRIES.includes(symmetry)) throw new UsageError(`unknown --symmetry "${values.symmetry}": expected one of ${SYMMETRIES.join(', ')}`);
  const clues = values.clues === undefined ? undefined : parseClues(values.clues);
  const seed = values.seed === undefined ? randomInt(0x100000000) : parseSeed(values.seed);
  const maxAttempts = values.attempts === undefined ? undefined : positiveInteger('--attempts', values.attempts);
  const timeLimitMs = values['time-limit'] === undefined ? (g.size >= 25 && !values['random-fill'] ? 10000 : undefined) : positiveNumber('--time-limit', values['time-limit']);
  const threads = threadCount(values.threads, availableParallelism());
  const randomFill = values['random-fill'] ?? false;
  if (!randomFill && (values.fill !== undefined || values.list)) throw new UsageError(`${values.fill !== undefined ? '--fill' : '--list'} only applies with --random-fill`);
  if (randomFill && (values.symmetry !== undefined || clues !== undefined || values.minimal)) {
    throw new UsageError(
      `--random-fill makes unconstrained random puzzles: ${values.symmetry !== undefined ? '--symmetry' : clues !== undefined ? '--clues' : '--minimal'} does not apply (use --fill N for the number of givens)`,
    );
  }
  const difficulty = values.difficulty as Level | undefined;
  if (difficulty !== undefined && !LEVELS.includes(difficulty)) throw new UsageError(`unknown --difficulty "${values.difficulty}": expected one of ${LEVELS.join(', ')}`);
  const rating = values.rating === undefined ? undefined : parseRating(values.rating);
  const technique = values.technique;
  if (randomFill && (difficulty !== undefined || rating !== undefined || technique !== undefined))
    throw new UsageError(`${difficulty !== undefined ? '--difficulty' : rating !== undefined ? '--rating' : '--technique'} does not apply to --random-fill`);
  let fill: number | undefined;
  if (values.fill !== undefined) {
    fill = Number(values.fill);
    if (!/^\s*\d+\s*$/.test(values.fill) || fill > g.cellCount) throw new UsageError(`--fill expects a whole number from 0 to ${g.cellCount}, got "${values.fill}"`);
  }

  const options: GenerateJobOptions = {
    boxRows: g.boxRows,
    boxCols: g.boxCols,
    format,
    seed,
    ...(randomFill ? { randomFill: { list: values.list ?? false, ...(fill === undefined ? {} : { fill }) } } : {}),
    ...(values.symmetry === undefined ? {} : { symmetry }),
    ...(clues === undefined ? {} : { clues }),
    ...(values.minimal ? { minimal: true } : {}),
    ...(maxAttempts === undefined ? {} : { maxAttempts }),
    ...(timeLimitMs === undefined ? {} : { timeLimitMs }),
    ...(difficulty === undefined ? {} : { difficulty }),
    ...(rating === undefined ? {} : { rating }),
    ...(technique === undefined ? {} : { technique }),
  };
  if (!randomFill) {
    // Each library check names its option first (symmetry, clues, technique, difficulty ...): echo it as the flag.
    const check = (o: Parameters<typeof checkGenerateOptions>[0], flag: string) => {
      try {
        checkGenerateOptions(o);
      } catch (e) {
        if (e instanceof GenerateError) throw new UsageError(`${flag}: ${e.message}`);
        throw e;
      }
    };
    check({ geometry: g, symmetry }, `--symmetry ${symmetry}`);
    if (clues) check({ geometry: g, clues }, `--clues ${values.clues}`);
    if (technique !== undefined) check({ geometry: g, technique }, `--technique ${technique}`);
    if (difficulty !== undefined || rating !== undefined)
      check({ geometry: g, ...(rating ? { rating } : {}), ...(difficulty ? { difficulty } : {}) }, difficulty !== undefined ? `--difficulty ${difficulty}` : `--rating ${values.rating}`);
  }
  // Line output has no room for the seed: say it on a terminal, so a run can be repeated.
  if (values.seed === undefined && format === 'line' && !randomFill && process.stderr.isTTY) process.stderr.write(`sudokit: seed ${seed} (--seed ${seed} repeats this run)\n`);
  return run(options, count, threads, jobSize(g, randomFill), new Progress(!values['no-progress'] && process.stderr.isTTY === true, count));
}

/**
 * Make every job in order on the pool (at least one worker, so this thread stays free to see
 * Ctrl-C, SIGTERM or a closed pipe however long one puzzle takes), writing answers in order.
 */
async function run(options: GenerateJobOptions, count: number, threads: number, size: number, progress: Progress): Promise<number> {
  const stop = new Run();
  const classes = emptyClasses();
  let done = 0;
  let failure: string | undefined;
  const answers = new InOrder<GenerateAnswer>(stop, threads * 4, async (answer) => {
    if (failure) return;
    for (const c of FILL_CLASSES) classes[c] += answer.classes[c];
    done += answer.made;
    await stop.write(answer.out);
    if (answer.error) failure = answer.error;
    progress.update(done, done);
  });
  const pool = new SolvePool(Math.max(1, Math.min(threads, Math.ceil(count / size))));
  try {
    for (let first = 0; first < count && !stop.stopped && !failure; first += size) {
      await answers.push(pool.generate({ options, first, count: Math.min(size, count - first) }));
    }
    await answers.drain();
  } finally {
    progress.finish();
    stop.dispose();
    await pool.close();
    reportPool(pool);
  }
  const stopped = stop.exitCode();
  if (stopped !== undefined) return stopped;
  if (options.randomFill) {
    const lines = FILL_CLASSES.filter((c) => c !== 'unknown' || classes.unknown > 0).map(
      (c) => `${c.padEnd(8)}${String(classes[c]).padStart(10)}  ${((100 * classes[c]) / Math.max(1, done)).toFixed(1).padStart(5)}%`,
    );
    const summary = `${done} random puzzles (seed ${options.seed}) by number of solutions:\n${lines.join('\n')}\n`;
    // With --list the puzzles are the output and the summary is a remark; without it the summary
    // is the output, in the format asked for.
    if (options.randomFill.list) process.stderr.write(summary);
    else if (options.format === 'json') writeOutput(`${JSON.stringify({ puzzles: done, seed: options.seed, classes })}\n`);
    else writeOutput(summary);
  }
  if (failure) {
    process.stderr.write(`sudokit: ${failure}\n`);
    return 1;
  }
  return 0;
}
