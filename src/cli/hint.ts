/**
 * `sudokit hint PUZZLE|FILE|- …`: the next step of each puzzle, the easiest deduction a strong
 * human would make now (a guess, saying so, only when no technique applies).
 */
import { PATH_HELP, runStepCommand, STEP_EXIT_STATUSES, STEP_OPTIONS_HELP } from './puzzles.js';

export const HINT_HELP = `Usage: sudokit hint PUZZLE|FILE|URL|- ... [options]

Print the next step of each puzzle: the easiest technique that makes progress, in standard
notation (Hidden Single: 7 in box 4 can only go in r5c6). An argument that is not a file,
URL or - is read as a puzzle itself.

Options:
  --format text|json  text: one line per puzzle (default); json: one object per puzzle
                      {"puzzle","step"} (step is null for a full grid)
${PATH_HELP}
${STEP_OPTIONS_HELP}

Exit status: 0 when every puzzle was valid and had a solution; 1 when any was invalid,
unsolvable or timed out (every other puzzle is still answered, the failed ones with
their status); ${STEP_EXIT_STATUSES}`;

export function hintCommand(argv: readonly string[]): Promise<number> {
  return runStepCommand('hint', argv, HINT_HELP);
}
