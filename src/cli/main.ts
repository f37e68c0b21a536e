#!/usr/bin/env node
/**
 * The entry of the sudokit command line. It takes Ctrl-C and SIGTERM first, and only then loads
 * the rest (commands.ts, which loads the command): a module's static imports are evaluated before
 * its body, and loading them is most of a short run's time, so handlers installed after them
 * left a window at start-up in which a signal killed the process itself, instead of ending it
 * with 130 (SIGINT) or 143 (SIGTERM) as any later signal does. Hence no static import here.
 *
 * Nothing has been written yet when these handlers run, so they exit at once. A command that
 * takes signals over (run.ts's Run, serve) removes them, or leaves them standing while it defers
 * to its own handler; one that computes without looking up (bench, render, `solve --all`) removes
 * them so that a signal keeps its default effect there. They carry the mark run.ts's
 * `releaseStartupSignals` looks for (a registered symbol: this file shares no module with the
 * rest, so that it loads alone).
 */
const STARTUP_SIGNAL = Symbol.for('sudokit.startup-signal');
const onStartupSignal = Object.assign(
  (signal: NodeJS.Signals) => {
    // Another handler has taken the signal over: it decides.
    if (process.listenerCount(signal) > 1) return;
    process.exit(signal === 'SIGINT' ? 130 : 143);
  },
  { [STARTUP_SIGNAL]: true },
);
process.on('SIGINT', onStartupSignal);
process.on('SIGTERM', onStartupSignal);

const { runCommandLine } = await import('./commands.js');
await runCommandLine(process.argv.slice(2));
