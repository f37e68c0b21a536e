/**
 * The general core's thresholds and knobs: from which board side each part of the search runs,
 * the restarts' budget, growth and seed, and where clause learning takes over. `searchTuning` is
 * the one that tests and experiments may change.
 */

/**
 * Boards from this side up run the locked-candidates pass: on 16×16 and larger it cuts the nodes
 * of hard puzzles severalfold; on 9×9 and 12×12 it costs more than it saves.
 */
export const LOCKED_FROM_SIZE = 16;

/**
 * Boards from this side up run the all-different (matching) pass. On unique 25×25 puzzles at
 * about 47% givens it cuts the nodes about tenfold (with the tie-break below) for about four
 * times the cost per node; on 16×16 it about breaks even; below, singles do nearly all the work.
 */
export const ALL_DIFFERENT_FROM_SIZE = 16;

/** Boards from this side up break MRV ties by the tightness of the options. */
export const TIE_BREAK_FROM_SIZE = 16;

/**
 * Boards from this side up weight items by the dead ends they take part in and branch on the item
 * with the fewest options per unit of weight (dom/wdeg: Boussemart, Hemery, Lecoutre, Saïs, ECAI
 * 2004), restart the search with a growing node budget until the first solution (Gomes, Selman,
 * Kautz, AAAI 1998, on the heavy-tailed run times of quasigroup completion), and try each cell's
 * last digit first (phase saving). The weights persist across restarts, so each run starts with
 * what the earlier ones learned. On 25×25 at 45% givens (28 seeded puzzles) the slowest first
 * solution went from over 10 s (three of them) to under 1 s; on 36×36 at 54%, 6 of 8 solve within
 * 15 s instead of 4. Not on 16×16: it answers within milliseconds anyway, and the generator's
 * thousands of uniqueness checks there would pay the restarts' overhead for nothing.
 */
const WDEG_FROM_SIZE = 25;

/**
 * From this side up, the first solution of a puzzle (limit 1, no `random`, no `onSolution`) comes
 * from the clause-learning search of cdcl/ instead of the exact-cover search (see index.ts).
 */
const CLAUSE_LEARNING_FROM_SIZE = 36;

/** The largest count (`limit`) asked of the clause-learning search there: 2, a uniqueness check. */
const CLAUSE_LEARNING_UP_TO = 2;

/** The node budget of the first run before a restart, where the weights and restarts are on. */
const FIRST_RESTART_NODES = 500;

/** The seed of the restarts' tie-breaks when no `random` is given. */
const RESTART_SEED = 0x5eed;

/**
 * Where the weights and restarts start, the first run's budget and the restarts' seed: the
 * constants above, changed only by tests (to put restarts on small boards, whose counts a second
 * engine can check) and experiments (another seed draws another run of the same search, for
 * comparing heavy-tailed node counts over several). Not part of the public API.
 */
export const searchTuning = {
  weightsFromSize: WDEG_FROM_SIZE,
  firstRestartNodes: FIRST_RESTART_NODES,
  seed: RESTART_SEED,
  clauseLearningFromSize: CLAUSE_LEARNING_FROM_SIZE,
  clauseLearningUpTo: CLAUSE_LEARNING_UP_TO,
};

/** Each restart's node budget is the previous one's times this. */
export const RESTART_GROWTH = 1.5;
