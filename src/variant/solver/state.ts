/**
 * The variant solver's state: candidate masks, the undo trail and the propagation queues, with
 * the classic rules built in (a placed digit leaves its peers; a digit with one place left in a
 * house goes there) and every other rule as a `Propagator` woken by its cells' changes.
 *
 * Digits are bits (digit d is bit d−1). Narrowing pushes the old mask on the trail, so a branch is
 * undone by popping back to its mark. Nothing here allocates after construction.
 */
import type { Domains, Propagator } from '../model.js';

export interface CompiledModel {
  readonly size: number;
  readonly cellCount: number;
  /** Each cell's peers: every cell that must hold another digit. */
  readonly peers: readonly Int32Array[];
  /** Houses (groups of `size` distinct cells: each digit once), flattened: cells of house h are houseCells[h*size … h*size+size−1]. */
  readonly houseCells: Int32Array;
  readonly houseCount: number;
  /** The propagators, and for each cell the indices of those it wakes. */
  readonly propagators: readonly Propagator[];
  readonly watchers: readonly Int32Array[];
  /** Initial candidates of each cell (givens and unary restrictions applied, nothing propagated). */
  readonly initial: Int32Array;
  /**
   * Pairs of houses that share two or more cells, for locked candidates: entry k is three lists,
   * the cells only in the first house, those in both, those only in the second, flattened into
   * `lockCells` from `lockStart[3k]`, `lockStart[3k+1]`, `lockStart[3k+2]` to `lockStart[3k+3]`.
   */
  readonly lockCells: Int32Array;
  readonly lockStart: Int32Array;
  /** The two houses of each such pair (entries 2k and 2k+1). */
  readonly lockHouses: Int32Array;
}

export class VariantState implements Domains {
  readonly cands: Int32Array;
  readonly model: CompiledModel;
  readonly #trailCell: Int32Array;
  readonly #trailMask: Int32Array;
  #trailLen = 0;
  /** Cells that became single and have not been sent to their peers. */
  readonly #singles: Int32Array;
  #singlesLen = 0;
  readonly #queued: Uint8Array;
  /** A ring of queued propagators: each is in it at most once, so it never holds more than all of them. */
  readonly #queue: Int32Array;
  #queueHead = 0;
  #queueCount = 0;
  /** The expensive ones wait in a ring of their own, run only when the cheap ring is empty. */
  readonly #slow: Int32Array;
  #slowHead = 0;
  #slowCount = 0;
  readonly #isSlow: Uint8Array;
  readonly #full: number;
  /** The houses of each cell. */
  readonly #cellHouses: Int32Array[];
  /** The locked-candidate pairs each house is in. */
  readonly #housePairs: Int32Array[];
  /**
   * Houses changed since hidden singles (H) and locked candidates (L) last looked at them: a
   * house nothing changed in has nothing new to give, so each pass reads only these.
   */
  readonly #dirtyH: Uint8Array;
  readonly #listH: Int32Array;
  #countH = 0;
  readonly #dirtyL: Uint8Array;
  readonly #listL: Int32Array;
  #countL = 0;
  /** The pass each locked pair was last read in (so a pair of two changed houses is read once). */
  readonly #pairSeen: Int32Array;
  #pass = 0;
  /**
   * The contradictions each cell's placement led to: a propagation that fails counts for the cell
   * whose digit was sent to its peers last before it failed (the rules it woke found the
   * contradiction, or its peers ran out of candidates). The search prefers cells whose placements
   * fail (dom/wdeg), and `decay` halves the counts so that recent failures weigh most.
   */
  readonly failures: Float64Array;
  /** The single whose digit was last sent to its peers in this propagation (−1: none yet). */
  #placing = -1;

  constructor(model: CompiledModel) {
    this.model = model;
    this.cands = Int32Array.from(model.initial);
    // Every narrowing removes at least one candidate, so the trail never holds more than cells × digits entries.
    const most = model.cellCount * model.size + model.cellCount;
    this.#trailCell = new Int32Array(most);
    this.#trailMask = new Int32Array(most);
    this.#singles = new Int32Array(model.cellCount * 2 + 1);
    this.#queued = new Uint8Array(model.propagators.length);
    this.#queue = new Int32Array(Math.max(1, model.propagators.length));
    this.#slow = new Int32Array(Math.max(1, model.propagators.length));
    this.#isSlow = Uint8Array.from(model.propagators, (p) => (p.expensive ? 1 : 0));
    this.failures = new Float64Array(model.cellCount);
    this.#full = model.size >= 31 ? -1 : (1 << model.size) - 1;
    const cellHouses: number[][] = Array.from({ length: model.cellCount }, () => []);
    for (let h = 0; h < model.houseCount; h++) for (let i = 0; i < model.size; i++) cellHouses[model.houseCells[h * model.size + i]!]!.push(h);
    this.#cellHouses = cellHouses.map((list) => Int32Array.from(list));
    const housePairs: number[][] = Array.from({ length: model.houseCount }, () => []);
    for (let k = 0; k < model.lockHouses.length / 2; k++) {
      housePairs[model.lockHouses[2 * k]!]!.push(k);
      housePairs[model.lockHouses[2 * k + 1]!]!.push(k);
    }
    this.#housePairs = housePairs.map((list) => Int32Array.from(list));
    this.#dirtyH = new Uint8Array(model.houseCount);
    // A pass reads up to every house while each can be queued again behind them: twice the houses.
    this.#listH = new Int32Array(2 * model.houseCount);
    this.#dirtyL = new Uint8Array(model.houseCount);
    this.#listL = new Int32Array(2 * model.houseCount);
    this.#pairSeen = new Int32Array(model.lockHouses.length / 2);
  }

  #touch(cell: number): void {
    const houses = this.#cellHouses[cell]!;
    for (let i = 0; i < houses.length; i++) {
      const h = houses[i]!;
      if (this.#dirtyH[h] === 0) {
        this.#dirtyH[h] = 1;
        this.#listH[this.#countH++] = h;
      }
      if (this.#dirtyL[h] === 0) {
        this.#dirtyL[h] = 1;
        this.#listL[this.#countL++] = h;
      }
    }
  }

  #clearDirty(): void {
    for (let i = 0; i < this.#countH; i++) this.#dirtyH[this.#listH[i]!] = 0;
    for (let i = 0; i < this.#countL; i++) this.#dirtyL[this.#listL[i]!] = 0;
    this.#countH = this.#countL = 0;
  }

  get mark(): number {
    return this.#trailLen;
  }

  /** Undo every narrowing since `mark`, and drop what was queued. */
  undo(mark: number): void {
    const cells = this.#trailCell;
    const masks = this.#trailMask;
    const cands = this.cands;
    for (let i = this.#trailLen - 1; i >= mark; i--) cands[cells[i]!] = masks[i]!;
    this.#trailLen = mark;
    this.#singlesLen = 0;
    this.#queued.fill(0);
    this.#queueHead = this.#queueCount = 0;
    this.#slowHead = this.#slowCount = 0;
    this.#clearDirty();
  }

  narrow(cell: number, mask: number): boolean {
    const old = this.cands[cell]!;
    const next = old & mask;
    if (next === old) return true;
    if (next === 0) return false;
    const t = this.#trailLen++;
    this.#trailCell[t] = cell;
    this.#trailMask[t] = old;
    this.cands[cell] = next;
    if ((next & (next - 1)) === 0) this.#singles[this.#singlesLen++] = cell;
    this.#touch(cell);
    const watchers = this.model.watchers[cell]!;
    for (let i = 0; i < watchers.length; i++) {
      const p = watchers[i]!;
      if (this.#queued[p] === 0) this.#enqueue(p);
    }
    return true;
  }

  #enqueue(p: number): void {
    this.#queued[p] = 1;
    if (this.#isSlow[p] === 1) {
      let at = this.#slowHead + this.#slowCount++;
      if (at >= this.#slow.length) at -= this.#slow.length;
      this.#slow[at] = p;
      return;
    }
    let at = this.#queueHead + this.#queueCount++;
    if (at >= this.#queue.length) at -= this.#queue.length;
    this.#queue[at] = p;
  }

  /** Queue every propagator (at the root, before anything has changed). */
  queueAll(): void {
    for (let p = 0; p < this.model.propagators.length; p++) if (this.#queued[p] === 0) this.#enqueue(p);
    for (let cell = 0; cell < this.model.cellCount; cell++) {
      const m = this.cands[cell]!;
      if ((m & (m - 1)) === 0) this.#singles[this.#singlesLen++] = cell;
      this.#touch(cell);
    }
  }

  /** Halve every cell's failure count (the search calls it now and then, so that the counts follow where it is). */
  decay(): void {
    const failures = this.failures;
    for (let i = 0; i < failures.length; i++) failures[i]! *= 0.5;
  }

  /** Run every rule to a fixpoint; false on a contradiction (the state is then to be undone). */
  propagate(): boolean {
    this.#placing = -1;
    if (this.#run()) return true;
    if (this.#placing >= 0) this.failures[this.#placing]!++;
    return false;
  }

  #run(): boolean {
    const cands = this.cands;
    const peers = this.model.peers;
    const props = this.model.propagators;
    for (;;) {
      while (this.#singlesLen > 0) {
        const cell = this.#singles[--this.#singlesLen]!;
        this.#placing = cell;
        const bit = cands[cell]!;
        const list = peers[cell]!;
        for (let i = 0; i < list.length; i++) {
          const peer = list[i]!;
          if ((cands[peer]! & bit) !== 0 && !this.narrow(peer, ~bit)) return false;
        }
      }
      if (this.#queueCount > 0) {
        const p = this.#queue[this.#queueHead]!;
        if (++this.#queueHead === this.#queue.length) this.#queueHead = 0;
        this.#queueCount--;
        this.#queued[p] = 0;
        if (!props[p]!.propagate(this)) return false;
        continue;
      }
      const hidden = this.#hiddenSingles();
      if (hidden < 0) return false;
      if (hidden > 0) continue;
      const locked = this.#lockedCandidates();
      if (locked < 0) return false;
      if (locked > 0) continue;
      if (this.#slowCount > 0) {
        const p = this.#slow[this.#slowHead]!;
        if (++this.#slowHead === this.#slow.length) this.#slowHead = 0;
        this.#slowCount--;
        this.#queued[p] = 0;
        if (!props[p]!.propagate(this)) return false;
        continue;
      }
      return true;
    }
  }

  /**
   * Locked candidates: a digit whose places in one house all lie where it meets another house
   * leaves the rest of that other house. −1 on a contradiction, else how many cells changed.
   */
  #lockedCandidates(): number {
    const { lockCells, lockStart } = this.model;
    const cands = this.cands;
    let changed = 0;
    const list = this.#listL;
    const taken = this.#countL;
    const pass = ++this.#pass;
    // A house changed from here on is read again in the next pass, even when it is one of these.
    for (let t = 0; t < taken; t++) this.#dirtyL[list[t]!] = 0;
    for (let t = 0; t < taken; t++) {
      const h = list[t]!;
      const pairs = this.#housePairs[h]!;
      for (let j = 0; j < pairs.length; j++) {
        const k = pairs[j]!;
        if (this.#pairSeen[k] === pass) continue;
        this.#pairSeen[k] = pass;
        const a = lockStart[3 * k]!;
        const both = lockStart[3 * k + 1]!;
        const b = lockStart[3 * k + 2]!;
        const end = lockStart[3 * k + 3]!;
        let inBoth = 0;
        for (let i = both; i < b; i++) inBoth |= cands[lockCells[i]!]!;
        let onlyA = 0;
        for (let i = a; i < both; i++) onlyA |= cands[lockCells[i]!]!;
        let onlyB = 0;
        for (let i = b; i < end; i++) onlyB |= cands[lockCells[i]!]!;
        // Digits of the first house held to the shared cells leave the second's own cells, and the other way round.
        const fromB = inBoth & ~onlyA & onlyB;
        const fromA = inBoth & ~onlyB & onlyA;
        if (fromB !== 0) {
          const n = this.#removeFrom(b, end, fromB);
          if (n < 0) return -1;
          changed += n;
        }
        if (fromA !== 0) {
          const n = this.#removeFrom(a, both, fromA);
          if (n < 0) return -1;
          changed += n;
        }
      }
    }
    // What changed while reading waits for the next pass.
    list.copyWithin(0, taken, this.#countL);
    this.#countL -= taken;
    return changed;
  }

  /** Take `digits` out of lockCells[from … to−1]: −1 on a contradiction, else how many cells changed. */
  #removeFrom(from: number, to: number, digits: number): number {
    const { lockCells } = this.model;
    let changed = 0;
    for (let i = from; i < to; i++) {
      const cell = lockCells[i]!;
      if ((this.cands[cell]! & digits) !== 0) {
        if (!this.narrow(cell, ~digits)) return -1;
        changed++;
      }
    }
    return changed;
  }

  /** Place the digits with one place left in a house: −1 on a house missing a digit, else how many were placed. */
  #hiddenSingles(): number {
    const { size, houseCells } = this.model;
    const cands = this.cands;
    const full = this.#full;
    let placed = 0;
    const list = this.#listH;
    const taken = this.#countH;
    for (let t = 0; t < taken; t++) {
      const h = list[t]!;
      this.#dirtyH[h] = 0;
      const base = h * size;
      let once = 0;
      let twice = 0;
      for (let i = 0; i < size; i++) {
        const m = cands[houseCells[base + i]!]!;
        twice |= once & m;
        once |= m;
      }
      if ((once & full) !== full) return -1;
      let alone = once & ~twice;
      if (alone === 0) continue;
      for (let i = 0; i < size && alone !== 0; i++) {
        const cell = houseCells[base + i]!;
        const m = cands[cell]!;
        const hit = m & alone;
        if (hit === 0) continue;
        if ((hit & (hit - 1)) !== 0) return -1; // two digits that must both be here
        alone &= ~hit;
        if (m !== hit) {
          this.narrow(cell, hit);
          placed++;
        }
      }
    }
    list.copyWithin(0, taken, this.#countH);
    this.#countH -= taken;
    return placed;
  }
}
