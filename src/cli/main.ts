#!/usr/bin/env node
/**
 * The sudokit command line: a thin map from commands and flags onto the library. On failure it
 * prints one line (the stack only with --verbose) and sets the exit status.
 */
import { readFileSync } from 'node:fs';
import { closest, UsageError } from './args.js';
import { EXIT_WRITE_FAILED, OutputError, outputFailure, writeOutput } from './output.js';
/**
 * The commands, each loaded only when it runs: a one-puzzle `solve` then reads the solver and its
 * formats, not the generator, the lab, the server and the step solver too (start-up time is most
 * of what a single puzzle costs).
 */
type CommandRun = (argv: readonly string[], verbose: boolean) => Promise<number>;
const COMMANDS: Record<string, { load: () => Promise<CommandRun>; summary: string }> = {
  solve: { load: async () => (await import('./solve.js')).solveCommand, summary: 'solve puzzles from files, URLs or standard input' },
  serve: { load: async () => (await import('./serve.js')).serveCommand, summary: 'serve the web page on this machine' },
  generate: { load: async () => (await import('./generate.js')).generateCommand, summary: 'make puzzles with one solution (size, symmetry, clues, minimal), or random-fill puzzles' },
  bench: { load: async () => (await import('./bench.js')).benchCommand, summary: "time engines on files of puzzles: the essay's table, distributions, threads, charts" },
  render: { load: async () => (await import('./render.js')).renderCommand, summary: 'draw a grid as SVG (or PNG): givens shaded, --solve, --candidates' },
  hint: { load: async () => (await import('./hint.js')).hintCommand, summary: 'the next step of each puzzle, in standard notation' },
  explain: { load: async () => (await import('./explain.js')).explainCommand, summary: 'the whole solving path of each puzzle, step by step' },
  grade: { load: async () => (await import('./grade.js')).gradeCommand, summary: 'rate each puzzle on the Sukaku Explainer scale, with its level and techniques' },
};

function usage(): string {
  const lines = Object.entries(COMMANDS).map(([name, c]) => `  ${name.padEnd(10)} ${c.summary}`);
  return `Usage: sudokit <command> [options]\n\nCommands:\n${lines.join('\n')}\n\nRun 'sudokit <command> --help' for a command's options.`;
}

function version(): string {
  const pkg = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string };
  return pkg.version;
}

async function main(argv: readonly string[]): Promise<number> {
  const verbose = argv.includes('--verbose');
  const args = argv.filter((a) => a !== '--verbose');
  const [name, ...rest] = args;
  try {
    if (name === undefined) {
      // Called without a command: a usage error, so the text goes where errors go.
      process.stderr.write(`${usage()}\n`);
      return 2;
    }
    if (name === '-h' || name === '--help' || name === 'help') {
      writeOutput(`${usage()}\n`);
      return 0;
    }
    if (name === '--version' || name === '-v' || name === '-V' || name === 'version') {
      writeOutput(`${version()}\n`);
      return 0;
    }
    const command = COMMANDS[name];
    if (!command) {
      const nearest = closest(name, Object.keys(COMMANDS));
      throw new UsageError(`unknown command "${name}"${nearest ? `; did you mean ${nearest}?` : ''} (commands: ${Object.keys(COMMANDS).join(', ')})`);
    }
    return await (await command.load())(rest, verbose);
  } catch (e) {
    if (e instanceof UsageError) {
      process.stderr.write(`sudokit: ${e.message}\n`);
      return 2;
    }
    // The output could not be written (a full disk, a closed standard output): say so, and end
    // with the status no other outcome uses (output.ts).
    if (e instanceof OutputError) {
      process.stderr.write(`sudokit: ${e.message}\n`);
      return EXIT_WRITE_FAILED;
    }
    process.stderr.write(`sudokit: ${verbose ? ((e as Error).stack ?? String(e)) : (e as Error).message}\n`);
    return 1;
  }
}

// A write to a pipe or a terminal fails after it was made, as an error on stdout (a file or a
// device is written synchronously, and fails at the write: output.ts). The commands that stream
// (solve, generate, the step commands) stop through their Run (run.ts), which listens too; for
// the single writes of the others (render's SVG, bench's report, help) the answer has nowhere to
// go: a reader that went away (`sudokit render … | head -c 100`) ends the run quietly, with the
// status a closed pipe gets (0); any other failure is said, with status 74.
process.stdout.on('error', (e: NodeJS.ErrnoException) => {
  if (process.stdout.listenerCount('error') > 1) return;
  if (e.code !== 'EPIPE') process.stderr.write(`sudokit: ${outputFailure(e, { written: 0 }).message}\n`);
  process.exit(e.code === 'EPIPE' ? 0 : EXIT_WRITE_FAILED);
});
const status = await main(process.argv.slice(2));
// A signal stopped the run: leave now, even if standard input is still open.
if (status === 130 || status === 143) process.exit(status);
process.exitCode = status;
