/**
 * The clause-learning search's statistics and its knobs for measurements (index.ts re-exports
 * both); the search reads the knobs at the start of each search.
 */

/** Search statistics, as the general core's CoreStats reads them. */
export interface CdclStats {
  nodes: number;
  guesses: number;
  timedOut: boolean;
  conflicts?: number;
  /** Literals taken off the trail by propagation. */
  propagations?: number;
  /** Mean size and mean LBD of the clauses learned. */
  meanLearnedSize?: number;
  meanLbd?: number;
  /** Literals taken out of learned clauses by shrinking (after minimisation). */
  shrunkLiterals?: number;
  /** Switches between the focused and the stable mode. */
  modeSwitches?: number;
}

/**
 * Knobs for measurements (bench and tests set them, then restore them). Not part of the public API.
 * - `locked`: explained locked-candidates propagation on (1) or off (0).
 * - `phase`: the first polarity of a decision (then the saved one): 1 = place the digit, 0 = rule it out; 2 = always place.
 * - `lubyUnit`: conflicts per Luby unit between restarts (0 = glucose-style restarts).
 * - `maxConflicts`: stop (as if timed out) after this many conflicts (0 = no limit), for measuring speed on one search path.
 * - `stable`: conflicts in the first focused mode (0 = focused only); `stableUnit`: the Luby unit of the stable mode's restarts; `modeMax`: the most conflicts a mode doubles to (0 = no bound).
 * - `target`: target phases in the stable mode (1) or not (0); `targetReset`: forget the target's length at each stable restart (1) or only at each switch of mode (0).
 * - `seed`: 0, or tiny initial activities drawn from this seed (another search path of the same search, to sample its run-time spread).
 * - `shrink`: shrink learned clauses through the placements that ruled their literals out (1) or not (0).
 * - `reasonBump`: bump the placements that ruled out a learned clause's literals (1) or not (0).
 * - `vmtf`: the focused mode decides by the move-to-front queue (1) or by activity, as the stable mode (0).
 * - `check`: before every decision, recount every group from the values and throw if its live count or its count of placed members is off, or if a group down to one live member has not placed it (propagation stopped short). For tests: it costs a pass over all groups per decision.
 */
export const cdclTuning = {
  locked: 1,
  phase: 2,
  lubyUnit: 0,
  firstReduce: 2000,
  reduceStep: 300,
  decay: 0.95,
  maxConflicts: 0,
  stable: 5000,
  stableUnit: 1024,
  modeMax: 20000,
  target: 1,
  targetReset: 0,
  seed: 0,
  shrink: 1,
  reasonBump: 1,
  vmtf: 1,
  check: 0,
};
