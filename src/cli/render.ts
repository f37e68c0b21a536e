/**
 * `sudokit render PUZZLE [--out FILE]`: a picture of a grid, as SVG (or PNG when the optional
 * rasteriser `@resvg/resvg-js` is installed and the output name ends in `.png`).
 *
 * PUZZLE is a puzzle in any text format, or a file (or `-`) whose first puzzle is drawn
 * (`--index N` for another). `--solve` draws the solution with the givens shaded; `--candidates`
 * draws the candidates of each empty cell, the digits none of its peers holds.
 */
import { parseRecord } from '../batch/input.js';
import { isVariantText, parseVariant } from '../format/variant.js';
import { renderVariantSvg } from '../render/variant.js';
import { existsSync } from 'node:fs';
import { peerCandidates, renderGridSvg } from '../render/grid.js';
import { ENGINE_IDS, getEngine, solve } from '../registry.js';
import { boxSideOf, positiveInteger, positiveNumber, UsageError, withInputErrors, parseCommandArgs } from './args.js';
import { checkInputs, readRecordAt, urlTimeoutHelp } from './input.js';
import { writeFileWhole, writeOutput } from './output.js';

export const RENDER_HELP = `Usage: sudokit render PUZZLE|FILE|- [options]

Draw a grid as SVG: thin lines between cells, thick lines between boxes, givens on shaded cells.
PUZZLE is a puzzle written out (one line of n² cells, . or 0 for empty) or a file (or - for
standard input) whose first puzzle is drawn.

Options:
  --out FILE       write here (default: standard output, also for -); a name ending in .png
                   writes PNG when @resvg/resvg-js (an optional peer dependency) is installed
  --solve          draw the solution: placed digits in blue, givens dark on shaded cells
  --candidates     draw the candidates of empty cells small (the digits no peer holds)
  --engine ID      engine for --solve: ${ENGINE_IDS.join(', ')} (default fast)
  --time-limit MS  with --solve: give up the search after MS milliseconds and draw the puzzle alone
  --index N        draw the N-th puzzle of the file (default 1)
  --box RxC        box shape for sides that are not perfect squares (6x6: 2x3 or 3x2)
  --cell-size PX   side of a cell in pixels (default 44 up to 9x9, smaller for larger boards)
${urlTimeoutHelp(19)}
  -h, --help       show this help

Exit status: 0 when the grid was drawn; 1 when the puzzle does not parse; 2 for usage errors;
74 when the drawing could not be written (--out then leaves no unfinished file behind).`;

export async function renderCommand(argv: readonly string[]): Promise<number> {
  const { values, positionals } = parseCommandArgs({
    args: [...argv],
    allowPositionals: true,
    strict: true,
    options: {
      out: { type: 'string' },
      solve: { type: 'boolean' },
      candidates: { type: 'boolean' },
      engine: { type: 'string' },
      'time-limit': { type: 'string' },
      index: { type: 'string' },
      box: { type: 'string' },
      'cell-size': { type: 'string' },
      'url-timeout': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    writeOutput(`${RENDER_HELP}\n`);
    return 0;
  }
  if (positionals.length !== 1) throw new UsageError(`render takes one PUZZLE or FILE, got ${positionals.length}; see sudokit render --help`);
  const engineId = values.engine ?? 'fast';
  const engine = getEngine(engineId);
  if (!engine) throw new UsageError(`unknown --engine "${engineId}": expected one of ${ENGINE_IDS.join(', ')}`);
  const index = values.index === undefined ? 1 : positiveInteger('--index', values.index);
  const timeLimitMs = values['time-limit'] === undefined ? undefined : positiveNumber('--time-limit', values['time-limit']);
  const cellSize = values['cell-size'] === undefined ? undefined : positiveInteger('--cell-size', values['cell-size']);
  const side = boxSideOf(values.box);
  const urlTimeoutMs = values['url-timeout'] === undefined ? undefined : positiveNumber('--url-timeout', values['url-timeout']);

  const source = positionals[0]!;
  const record = await pickRecord(source, index, side, urlTimeoutMs);
  if (isVariantText(record.text)) return renderVariant(record, values.solve === true, timeLimitMs, cellSize, values.out);
  const parsed = parseRecord(record.text, values.box);
  if (!parsed.ok) {
    process.stderr.write(`sudokit: ${record.where}: ${parsed.error.message}\n`);
    return 1;
  }
  const { puzzle } = parsed;
  let grid = puzzle.givens;
  if (values.solve) {
    if (!engine.supports(puzzle.geometry)) throw new UsageError(`engine ${engine.id} does not solve ${puzzle.geometry.size}x${puzzle.geometry.size} boards`);
    const result = engine.solve(puzzle, { limit: 2, ...(timeLimitMs === undefined ? {} : { timeLimitMs }) });
    if (!result.solution) {
      process.stderr.write(`sudokit: ${record.where}: ${result.timedOut ? `gave up after ${timeLimitMs} ms` : 'no solution'}; drawing the puzzle alone\n`);
    } else {
      if (result.count > 1) process.stderr.write(`sudokit: ${record.where}: more than one solution; drawing the first found\n`);
      grid = result.solution;
    }
  }
  const svg = renderGridSvg(puzzle.geometry, grid, {
    givens: puzzle.givens,
    ...(values.candidates ? { candidates: peerCandidates(puzzle.geometry, grid) } : {}),
    ...(cellSize === undefined ? {} : { cellSize }),
  });
  const out = values.out;
  if (out === undefined || out === '-') {
    writeOutput(svg);
    return 0;
  }
  // A failed write leaves no unfinished file behind (output.ts), and the run exits 74.
  writeFileWhole(out, /\.png$/i.test(out) ? await toPng(svg) : svg);
  return 0;
}

/** Draw a variant puzzle (from a link, f-puzzles JSON or ISS text), solved with --solve. */
async function renderVariant(record: { text: string; where: string }, solveIt: boolean, timeLimitMs: number | undefined, cellSize: number | undefined, out: string | undefined): Promise<number> {
  const read = parseVariant(record.text);
  if (!read.ok) {
    process.stderr.write(`sudokit: ${record.where}: ${read.error.message}\n`);
    return 1;
  }
  const { puzzle } = read;
  let grid: Uint8Array = puzzle.givens;
  if (solveIt) {
    const result = solve(puzzle, { limit: 2, ...(timeLimitMs === undefined ? {} : { timeLimitMs }) });
    if (!result.solution) process.stderr.write(`sudokit: ${record.where}: ${result.timedOut ? `gave up after ${timeLimitMs} ms` : 'no solution'}; drawing the puzzle alone\n`);
    else {
      if (result.count > 1) process.stderr.write(`sudokit: ${record.where}: more than one solution; drawing the first found\n`);
      grid = result.solution;
    }
  }
  const svg = renderVariantSvg(puzzle, { grid, ...(cellSize === undefined ? {} : { cellSize }) });
  if (out === undefined || out === '-') {
    writeOutput(svg);
    return 0;
  }
  writeFileWhole(out, /\.png$/i.test(out) ? await toPng(svg) : svg);
  return 0;
}

/** The puzzle to draw and where it came from, for messages. */
async function pickRecord(source: string, index: number, side: number | undefined, urlTimeoutMs: number | undefined): Promise<{ text: string; where: string }> {
  const isFile = source === '-' || existsSync(source) || (/^https?:\/\//i.test(source) && !isVariantText(source));
  if (!isFile) {
    if (!isVariantText(source) && /[/\\]|\.(txt|json|csv|sdk|text)$/i.test(source)) throw new UsageError(`cannot read ${source}: no such file`);
    if (index !== 1) throw new UsageError('--index applies to files; the puzzle was given on the command line');
    return { text: source, where: 'the puzzle' };
  }
  const [input] = await withInputErrors(() => checkInputs([source], urlTimeoutMs === undefined ? {} : { urlTimeoutMs }));
  const { record, count } = await withInputErrors(() => readRecordAt(input!, index, side === undefined ? {} : { side }));
  const name = source === '-' ? 'standard input' : source;
  if (!record) throw new UsageError(`${name} has ${count} puzzle${count === 1 ? '' : 's'}; --index ${index} asks for puzzle ${index}`);
  return { text: record.text, where: `${name}:${record.line}` };
}

/** Rasterise with @resvg/resvg-js, an optional dependency loaded only for PNG output. */
async function toPng(svg: string): Promise<Uint8Array> {
  const name = '@resvg/resvg-js';
  let resvg: { Resvg: new (svg: string, options?: object) => { render(): { asPng(): Uint8Array } } };
  try {
    resvg = (await import(name)) as typeof resvg;
  } catch {
    throw new UsageError(`PNG output needs the package ${name}, an optional peer dependency of sudokit that is not installed: npm install ${name} (or write .svg)`);
  }
  return new resvg.Resvg(svg, { font: { loadSystemFonts: true }, background: '#ffffff' }).render().asPng();
}
