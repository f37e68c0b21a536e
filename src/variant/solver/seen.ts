/**
 * Who sees whom in a compiled model, and the reasoning that needs it: a digit a group of cells must
 * hold (a cage's, a renban's) leaves every cell that sees all its places.
 */
import type { Domains } from '../model.js';

/**
 * Which cells see which (must hold different digits): filled in when the model is built, for the
 * rules that reason about every cell a group of cells sees.
 */
export class Seen {
  /** Bit b of word w in row a: cell 32w + b sees cell a. */
  #bits = new Int32Array(0);
  #words = 0;
  /** Scratch: the cells that see every place of a digit. */
  #common = new Int32Array(0);

  /** Whether cells a and b must differ. */
  sees(a: number, b: number): boolean {
    return (this.#bits[a * this.#words + (b >>> 5)]! & (1 << (b & 31))) !== 0;
  }

  fill(peers: readonly Int32Array[]): void {
    this.#words = (peers.length + 31) >>> 5;
    this.#bits = new Int32Array(peers.length * this.#words);
    this.#common = new Int32Array(this.#words);
    for (let a = 0; a < peers.length; a++) for (const b of peers[a]!) this.#bits[a * this.#words + (b >>> 5)]! |= 1 << (b & 31);
  }

  /**
   * Digits the cells must hold (`required`): one with a single place left goes there; one with
   * several places leaves every cell that sees all of them (whichever place it takes, that cell
   * sees it; the places never see themselves, so they keep it). False when one has no place.
   */
  excludeRequired(d: Domains, cells: readonly number[], required: number): boolean {
    // Nothing required (most calls, from sums with several digit sets left): nothing to place or take out.
    if (required === 0) return true;
    const cands = d.cands;
    // One pass: which required digits are placed, and which have one, two, three or more places.
    let placed = 0;
    let once = 0;
    let twice = 0;
    let thrice = 0;
    let more = 0;
    for (let i = 0; i < cells.length; i++) {
      const c = cands[cells[i]!]!;
      if ((c & (c - 1)) === 0) {
        placed |= c;
        continue;
      }
      const m = c & required;
      more |= thrice & m; // four places or more
      thrice |= twice & m;
      twice |= once & m;
      once |= m;
    }
    if (((once | placed) & required) !== required) return false;
    const single = once & ~twice & ~placed;
    // Two or three places: a digit spread wider rarely has a cell that sees every place.
    const few = twice & ~placed & ~more;
    if ((single | few) === 0) return true;
    for (let i = 0; i < cells.length; i++) {
      const hit = cands[cells[i]!]! & single;
      if (hit === 0) continue;
      if ((hit & (hit - 1)) !== 0) return false; // two digits that both must be here
      if (!d.narrow(cells[i]!, hit)) return false;
    }
    let digits = few;
    const words = this.#words;
    const bits = this.#bits;
    const common = this.#common;
    while (digits !== 0) {
      const bit = digits & -digits;
      digits ^= bit;
      let count = 0;
      for (let i = 0; i < cells.length; i++) {
        const cell = cells[i]!;
        if ((cands[cell]! & bit) === 0) continue;
        if (count++ === 0) for (let w = 0; w < words; w++) common[w] = bits[cell * words + w]!;
        else for (let w = 0; w < words; w++) common[w]! &= bits[cell * words + w]!;
      }
      if (count < 2) continue; // changed by a placement above: its peers see to it
      for (let w = 0; w < words; w++) {
        let word = common[w]!;
        while (word !== 0) {
          const low = word & -word;
          word ^= low;
          const cell = (w << 5) + 31 - Math.clz32(low);
          if ((cands[cell]! & bit) !== 0 && !d.narrow(cell, ~bit)) return false;
        }
      }
    }
    return true;
  }
}
