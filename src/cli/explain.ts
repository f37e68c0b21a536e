/**
 * `sudokit explain FILE …`: the whole solving path of each puzzle, step by step, in the order a
 * strong human would find them; `--verbose` prints the candidate grid after each step.
 */
import { PATH_HELP, runStepCommand, STEP_EXIT_STATUSES, STEP_OPTIONS_HELP } from './puzzles.js';

export const EXPLAIN_HELP = `Usage: sudokit explain PUZZLE|FILE|URL|- ... [options]

Print the whole path of each puzzle, step by step, each step in standard notation, then its
rating and level, and the hardest step (the one that rates it) with the name Sukaku Explainer
gives that technique:
  Solved in 99 steps; rating 9.1 (extreme); hardest: step 47, Dynamic Contradiction Forcing
  Chain (SE: Dynamic Contradiction Forcing Chains)
Techniques are tried easiest first; only when none applies does a step guess (and say so).
The path is the teaching one unless --path se: its rating is its hardest step's, which can be
below Sukaku Explainer's (grade, or --path se, gives SE's rating).
An argument that is not a file, URL or - is read as a puzzle itself.

Options:
  --format text|json  text (default), or one JSON object per puzzle in input order:
                      {"puzzle","path","solved","rating","level","hardest":{"step","technique","se",
                      "rating"},"steps":[{"technique","placements","eliminations","se","text"}]}
                      (cells as r5c6; steps counted from 1; "se" is SE's name for the step,
                      null for a guess, whose technique is "guess")
  --verbose           print the candidate grid before the first step and after each step
${PATH_HELP}
${STEP_OPTIONS_HELP}

Exit status: 0 when every puzzle was valid and had a solution; 1 when any was invalid,
unsolvable or timed out (every other puzzle is still answered, the failed ones with
their status); ${STEP_EXIT_STATUSES}`;

export function explainCommand(argv: readonly string[], verbose = false): Promise<number> {
  return runStepCommand('explain', argv, EXPLAIN_HELP, { verbose });
}
