/**
 * When the search looks at the clock. A node costs about a microsecond on a 9×9 and close to a
 * millisecond on a near-empty 49×49 (its all-different pass), so a fixed count either reads the
 * clock far too often or lets a time limit slip by seconds: the search starts by looking at every
 * node and doubles the gap while two looks are under half a millisecond apart.
 */

/** How many nodes between two looks at the clock, at most. */
const CLOCK_EVERY_MAX = 2048;

/** The deadline of a call and the gap between two looks; one per search state, restarted by each call. */
export class Clock {
  /** A performance.now() value after which the search stops (Infinity: none). */
  deadline = Infinity;
  /** Nodes between two looks, now. */
  every = 1;
  /** The most nodes between two looks on this board. */
  max = CLOCK_EVERY_MAX;
  /** The last look. */
  last = 0;

  /** Start a call on a board of side `n`. */
  start(deadline: number, n: number): void {
    this.deadline = deadline;
    this.every = 1;
    // From 16×16 up a node costs microseconds to milliseconds, and its cost swings with the search
    // (a restart's full propagation, a wide all-different pass), so the doubling gap can meet a run
    // of expensive nodes: looking at every node there costs about 0.1 µs a node (within the noise of
    // 25×25 at 5-8 µs a node) and kept every 200 ms limit under 203 ms, where a gap of up to 4 nodes
    // let 16×16 and 25×25 overrun by 100-400 ms (25 runs each, one given, counting to 1e9).
    this.max = n >= 16 ? 1 : CLOCK_EVERY_MAX;
    this.last = performance.now();
  }

  /** Look at the clock at node count `nodes`: the node count of the next look, or −1 when the deadline has passed. */
  look(nodes: number): number {
    const now = performance.now();
    if (now > this.deadline) return -1;
    if (now - this.last < 0.5) {
      if (this.every < this.max) this.every *= 2;
    } else if (this.every > 1) this.every >>= 1;
    this.last = now;
    return nodes + this.every;
  }
}
