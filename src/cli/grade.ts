/**
 * `sudokit grade FILE …`: each puzzle's rating on the Sukaku Explainer scale (its hardest step),
 * its level, and the techniques its path used with their counts. Grading is the slow part of
 * the step commands (a hard puzzle's path runs chains), so `--threads` spreads the batches over
 * more workers; answers are written in input order either way.
 */
import { runStepCommand, STEP_EXIT_STATUSES, STEP_OPTIONS_HELP } from './puzzles.js';

export const GRADE_HELP = `Usage: sudokit grade PUZZLE|FILE|URL|- ... [options]

Grade each puzzle as Sukaku Explainer does: solve it with the easiest technique at every step
and rate it by its hardest step (1.0 … 20 for a guess), with a level (easy, medium, hard,
expert, master, extreme) and the techniques used. An argument that is not a file, URL or - is
read as a puzzle itself.

Options:
  --format text|json  text: "rating level puzzle techniques" per line (default); json: one
                      object per puzzle {"puzzle","rating","level","techniques","hardest",...}
                      where "hardest" is the step that rates it: {"step" (from 1),"technique",
                      "se" (Sukaku Explainer's name for it, null for a guess),"rating"}
${STEP_OPTIONS_HELP}

Exit status: 0 when every puzzle was valid and had one solution; 1 when any was invalid,
unsolvable, had several solutions (status "multiple": a grade needs one) or timed out
(text: "6.6+ timeout PUZZLE …", the rating so far); every other puzzle is still answered; ${STEP_EXIT_STATUSES}`;

export function gradeCommand(argv: readonly string[]): Promise<number> {
  return runStepCommand('grade', argv, GRADE_HELP);
}
