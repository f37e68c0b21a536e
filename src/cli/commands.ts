/**
 * The sudokit command line: a thin map from commands and flags onto the library. On failure it
 * prints one line (the stack only with --verbose) and sets the exit status. The entry, main.ts,
 * has taken Ctrl-C and SIGTERM before this module loads (so a signal during start-up ends the
 * run with 130 or 143 like a later one); each command takes them over (run.ts).
 */
import { readFileSync } from 'node:fs';
import { closest, UsageError } from './args.js';
import { EXIT_WRITE_FAILED, OutputError, outputFailure, writeOutput } from './output.js';
import { releaseStartupSignals } from './run.js';
import { solveCommand } from './solve.js';

/**
 * The commands, each loaded only when it runs: a one-puzzle `solve` then reads the solver and its
 * formats, not the generator, the lab, the server and the step solver too (start-up time is most
 * of what a single puzzle costs). `solve` is imported here: the installed bundle loads this module
 * and solve's in one chunk (tools/bundle-cli.mjs) whatever the command, so importing it at run
 * time would only add a file to load (rolldown's facade for a dynamic import).
 *
 * `signals`: the command takes Ctrl-C and SIGTERM over itself (a Run, or serve's own stop), and
 * until then the start-up's handlers stand. The others (bench, render) compute on this thread
 * without looking up, so a signal keeps its default effect there: the start-up's handlers go
 * before they run.
 */
type CommandRun = (argv: readonly string[], verbose: boolean) => Promise<number>;
const COMMANDS: Record<string, { load: () => Promise<CommandRun>; summary: string; signals?: true }> = {
  solve: { load: async () => solveCommand, summary: 'solve puzzles from files, URLs or standard input', signals: true },
  serve: { load: async () => (await import('./serve.js')).serveCommand, summary: 'serve the web page on this machine', signals: true },
  generate: { load: async () => (await import('./generate.js')).generateCommand, summary: 'make puzzles with one solution (size, symmetry, clues, minimal), or random-fill puzzles', signals: true },
  bench: { load: async () => (await import('./bench.js')).benchCommand, summary: "time engines on files of puzzles: the essay's table, distributions, threads, charts" },
  render: { load: async () => (await import('./render.js')).renderCommand, summary: 'draw a grid as SVG (or PNG): givens shaded, --solve, --candidates' },
  hint: { load: async () => (await import('./hint.js')).hintCommand, summary: 'the next step of each puzzle, in standard notation', signals: true },
  explain: { load: async () => (await import('./explain.js')).explainCommand, summary: 'the whole solving path of each puzzle, step by step', signals: true },
  grade: { load: async () => (await import('./grade.js')).gradeCommand, summary: 'rate each puzzle on the Sukaku Explainer scale, with its level and techniques', signals: true },
};

function usage(): string {
  const lines = Object.entries(COMMANDS).map(([name, c]) => `  ${name.padEnd(10)} ${c.summary}`);
  lines.push(`  ${'version'.padEnd(10)} print the version of sudokit (also --version, -v)`);
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
    const run = await command.load();
    if (!command.signals) releaseStartupSignals();
    return await run(rest, verbose);
  } catch (e) {
    if (e instanceof UsageError) {
      process.stderr.write(`sudokit: ${e.message}\n`);
      return 2;
    }
    // The output could not be written (a full disk, `> /dev/full`): say so, and end
    // with the status no other outcome uses (output.ts).
    if (e instanceof OutputError) {
      process.stderr.write(`sudokit: ${e.message}\n`);
      return EXIT_WRITE_FAILED;
    }
    process.stderr.write(`sudokit: ${verbose ? ((e as Error).stack ?? String(e)) : (e as Error).message}\n`);
    return 1;
  }
}

/** Run the command line on `argv` (without node and the script) and set the exit status. */
export async function runCommandLine(argv: readonly string[]): Promise<void> {
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
  const status = await main(argv);
  // A signal stopped the run: leave now, even if standard input is still open.
  if (status === 130 || status === 143) process.exit(status);
  process.exitCode = status;
}
