/**
 * Chains: X-Chain, XY-Chain and alternating inference chains (AIC) with their nice loops.
 *
 * A chain is built on candidate nodes (a digit in a cell) joined by two kinds of link:
 * - strong: of two candidates at least one is true — the two candidates of a bivalue cell, or
 *   the only two places of a digit in a unit (a bilocal unit);
 * - weak: of two candidates at most one is true — two digits of one cell, or one digit in two
 *   peer cells. A strong link is also weak, so a chain may use it either way.
 * An AIC alternates them, starting and ending with a strong link: A = B - C = D … = Z. If A is
 * false then B is true, C false, D true … Z true: so A or Z is true, and any candidate that has
 * a weak link to both ends is false. Both ends on one candidate (A = … = A) place it. A chain
 * whose ends have a weak link closes a continuous nice loop: there every weak link holds exactly
 * one true candidate (the loop has as many strong links as weak ones and covers each node once),
 * so what sees both ends of any weak link is false too.
 * - X-Chain: one digit, strong links through bilocal units only (X-Cycle when it loops);
 * - XY-Chain: strong links inside bivalue cells only, weak links between cells (XY-Cycle);
 * - AIC: any mix (Nice Loop when continuous).
 *
 * Search: the link graph is built once per search (candidate node = cell × size + digit − 1,
 * strong partners in typed arrays, weak partners listed from the peers and the cell's mask,
 * leaving out the false nodes with no strong link to go on); then
 * a breadth-first search from every node assumed false, alternating strong (false → true) and
 * weak (true → false) steps, so the first conclusion found from a start is the shortest chain
 * from it. Later starts only search below the best length found, and the shortest chain over
 * all starts is reported (chains of at most MAX_CHAIN_NODES nodes), which keeps explanations
 * short and the search a few milliseconds on 9×9. When the shortest chain is open, the shortest
 * loop is searched for too: a loop can rate lower, by its base (X and XY loops 6.5) or because
 * SE counts two candidates fewer in a loop. SE rates a six-cell XY-Cycle (6.8) below a
 * three-cell open XY-Chain (7.1), and takes it.
 *
 * Notation (Eureka, as the players' forums write it): each node is `(d)rXcY`, `=` a strong and
 * `-` a weak link, two nodes in one cell are merged as `(5=3)r4c7`; a loop repeats its first
 * node at the end. `AIC: (5)r1c2=(5)r1c7-(5=3)r4c7-(3)r4c3=(3)r2c3 => r2c3<>5`.
 *
 * Ratings follow Sukaku Explainer's chaining hints: X-Cycles 6.5, X-Chains 6.6 (SE's forcing
 * X-chain), Y-Cycles (XY-Cycles here) 6.5, and 7.0 for every chain that needs cell links and is
 * not a loop: SE builds no forcing Y-chain (its on/off parity cannot close), so an open XY-Chain
 * is one of its mixed forcing chains, as is any AIC; mixed loops 7.0 too. Each plus SE's length
 * adjustment `lengthBonus`. `CHAINS_AND_CYCLES` searches every kind and keeps the lowest rating,
 * as SE's one chaining rule sorts its hints.
 */
import { checkClock } from '../clock.js';
import { cellName, type Geometry } from '../../geometry.js';
import { type Board, digitsOf } from '../board.js';
import { type Candidate, type Link, type Step, type Technique, describeEffects } from '../step.js';

/**
 * The longest chain searched, in nodes (candidates). SE's length bonus reaches +0.5 at 24
 * candidates, and a loop counts two fewer, so loops of up to 26 nodes can still rate 7.0 (an
 * X- or Y-Cycle at 6.5 + 0.5); 20 missed them (se-rated-diabolical 7.0-8.4: 297 of 325 exact
 * with 28, 293 with 20). Longer chains are left to forcing chains.
 */
export const MAX_CHAIN_NODES = 28;

/**
 * SE's length adjustment for chains: +0.1 each time the length passes the next bound of
 * 4, 6, 8, 12, 16, 24, 32, 48, … (the bound grows by ×3/2 and ×4/3 in turn). The length is
 * the number of candidates in the chain (SE's complexity). From Sudoku Explainer's chaining
 * hints, as documented by its ports.
 */
export function lengthBonus(length: number): number {
  let added = 0;
  let ceil = 4;
  let odd = false;
  while (length > ceil) {
    added += 1;
    ceil = odd ? Math.floor((ceil * 4) / 3) : Math.floor((ceil * 3) / 2);
    odd = !odd;
  }
  return added / 10;
}

/** Whether two different cells share a unit. */
export function isPeer(g: Geometry, a: number, b: number): boolean {
  return a !== b && (g.rowOf[a] === g.rowOf[b] || g.colOf[a] === g.colOf[b] || g.boxOf[a] === g.boxOf[b]);
}

/**
 * The strong links of a board: for each candidate node, its partner in a bivalue cell and its
 * partner in each of its three units where the digit has two places (−1 when none).
 */
export interface LinkGraph {
  readonly size: number;
  /** cellPartner[node]: the other candidate of a bivalue cell, or −1. */
  readonly cellPartner: Int32Array;
  /** unitPartner[node × 3 + k]: the other place of the digit in the node's k-th unit (row, column, box), or −1. */
  readonly unitPartner: Int32Array;
}

export function buildLinkGraph(board: Board): LinkGraph {
  const g = board.geometry;
  const n = g.size;
  const nodes = g.cellCount * n;
  const cellPartner = new Int32Array(nodes).fill(-1);
  const unitPartner = new Int32Array(nodes * 3).fill(-1);
  const cand = board.candidates;
  for (let cell = 0; cell < g.cellCount; cell++) {
    const m = cand[cell]!;
    if (m !== 0 && countTwo(m)) {
      const [a, b] = digitsOf(m) as [number, number];
      cellPartner[cell * n + a - 1] = cell * n + b - 1;
      cellPartner[cell * n + b - 1] = cell * n + a - 1;
    }
  }
  // Rows, columns and boxes: the three slots of a node (a variant's extra houses are not linked here).
  for (let unit = 0; unit < 3 * n; unit++) {
    const k = Math.floor(unit / n);
    const cells = g.units[unit]!;
    for (let d = 0; d < n; d++) {
      const b = 1 << d;
      let first = -1;
      let second = -1;
      let count = 0;
      for (const cell of cells) {
        if ((cand[cell]! & b) === 0) continue;
        if (count === 0) first = cell;
        else second = cell;
        if (++count > 2) break;
      }
      if (count !== 2) continue;
      unitPartner[(first * n + d) * 3 + k] = second * n + d;
      unitPartner[(second * n + d) * 3 + k] = first * n + d;
    }
  }
  return { size: n, cellPartner, unitPartner };
}

function countTwo(m: number): boolean {
  const rest = m & (m - 1);
  return rest !== 0 && (rest & (rest - 1)) === 0;
}

/** A node as a candidate. */
export function candidateOf(n: number, node: number): Candidate {
  return { cell: Math.floor(node / n), digit: (node % n) + 1 };
}

/**
 * A chain in Eureka notation: nodes `(d)rXcY`, links `=` (strong) and `-` (weak), two
 * consecutive nodes in one cell merged as `(a=b)rXcY`.
 */
export function describeChain(g: Geometry, nodes: readonly Candidate[], strong: readonly boolean[]): string {
  let out = '';
  let i = 0;
  while (i < nodes.length) {
    const node = nodes[i]!;
    const next = nodes[i + 1];
    if (i > 0) out += strong[i - 1] ? '=' : '-';
    if (next && next.cell === node.cell) {
      out += `(${g.digits[node.digit - 1]}${strong[i] ? '=' : '-'}${g.digits[next.digit - 1]})${cellName(g, node.cell)}`;
      i += 2;
    } else {
      out += `(${g.digits[node.digit - 1]})${cellName(g, node.cell)}`;
      i += 1;
    }
  }
  return out;
}

/** Which links a chain may use. */
interface ChainKind {
  readonly name: string;
  readonly loopName: string;
  /** Strong links inside bivalue cells. */
  readonly cellLinks: boolean;
  /** Strong links through bilocal units. */
  readonly unitLinks: boolean;
  /** Weak links between two digits of one cell. */
  readonly inCellWeak: boolean;
  /** Fewest nodes of a chain worth reporting (shorter ones are simpler techniques). */
  readonly minNodes: number;
  readonly rating: number;
  readonly loopRating: number;
}

const X_CHAIN: ChainKind = { name: 'X-Chain', loopName: 'X-Cycle', cellLinks: false, unitLinks: true, inCellWeak: false, minNodes: 4, rating: 6.6, loopRating: 6.5 };
const XY_CHAIN: ChainKind = { name: 'XY-Chain', loopName: 'XY-Cycle', cellLinks: true, unitLinks: false, inCellWeak: false, minNodes: 6, rating: 7.0, loopRating: 6.5 };
const AIC: ChainKind = { name: 'AIC', loopName: 'Nice Loop', cellLinks: true, unitLinks: true, inCellWeak: true, minNodes: 4, rating: 7.0, loopRating: 7.0 };

/** Reusable search buffers, grown to the largest board seen. */
let seen = new Int32Array(0);
let parent = new Int32Array(0);
let depth = new Int32Array(0);
let queue = new Int32Array(0);
let linked = new Uint8Array(0);
let weakStart = new Int32Array(0);
let weakList = new Int32Array(0);
let stamp = 0;

function ensureBuffers(states: number): void {
  if (seen.length >= states) return;
  seen = new Int32Array(states);
  parent = new Int32Array(states);
  depth = new Int32Array(states);
  queue = new Int32Array(states);
  stamp = 0;
}

/**
 * The candidates with a weak link to both `a` and `z` (nodes), other than a and z: added to
 * `out` when given; returns whether there is any (without `out`, at the first one found: the
 * chain search asks this of most ends it reaches).
 */
function seeingBoth(board: Board, a: number, z: number, out?: Map<number, Candidate>): boolean {
  const g = board.geometry;
  const n = g.size;
  const ca = Math.floor(a / n);
  const da = a % n;
  const cz = Math.floor(z / n);
  const dz = z % n;
  const cand = board.candidates;
  if (ca === cz) {
    const rest = cand[ca]! & ~(1 << da) & ~(1 << dz);
    for (let m = rest; out && m !== 0; m &= m - 1) {
      const d = 31 - Math.clz32(m & -m);
      out.set(ca * n + d, { cell: ca, digit: d + 1 });
    }
    return rest !== 0;
  }
  if (da === dz) {
    const b = 1 << da;
    const peers = g.peers[ca]!;
    let any = false;
    for (let i = 0; i < peers.length; i++) {
      const p = peers[i]!;
      if (p === cz || (cand[p]! & b) === 0 || !isPeer(g, p, cz)) continue;
      if (!out) return true;
      any = true;
      out.set(p * n + da, { cell: p, digit: da + 1 });
    }
    return any;
  }
  if (!isPeer(g, ca, cz)) return false;
  const inZ = (cand[cz]! & (1 << da)) !== 0;
  const inA = (cand[ca]! & (1 << dz)) !== 0;
  if (out && inZ) out.set(cz * n + da, { cell: cz, digit: da + 1 });
  if (out && inA) out.set(ca * n + dz, { cell: ca, digit: dz + 1 });
  return inZ || inA;
}

interface Found {
  nodes: number[];
  placement?: number;
  eliminations: Candidate[];
  loop: boolean;
}

/** The path of states from the start to `state`, as nodes. */
function pathTo(state: number): number[] {
  const nodes: number[] = [];
  for (let s = state; s >= 0; s = parent[s]!) nodes.push(s >> 1);
  return nodes.reverse();
}

/**
 * What a chain from `start` (false) to `end` (true) proves, or undefined when nothing new. With
 * `loopsOnly`, only a continuous loop counts.
 */
function conclude(board: Board, kind: ChainKind, start: number, state: number, loopsOnly: boolean, whole: boolean): Found | undefined {
  const z = state >> 1;
  if (start === z) return loopsOnly ? undefined : { nodes: pathTo(state), placement: start, eliminations: [], loop: false };
  if (loopsOnly && !weaklyLinked(board, kind, start, z)) return undefined;
  // Cheap tests first: most chain ends prove nothing.
  if (!seeingBoth(board, start, z) && !weaklyLinked(board, kind, start, z)) return undefined;
  const nodes = pathTo(state);
  const a = start;
  const elims = new Map<number, Candidate>();
  // A continuous loop: the ends have a weak link of this kind, and every node appears once.
  const loop = nodes.length >= 4 && weaklyLinked(board, kind, a, z) && new Set(nodes).size === nodes.length;
  if (loop) loopEliminations(board, nodes, elims, whole);
  else seeingBoth(board, a, z, elims);
  if (elims.size === 0 || (loopsOnly && !loop)) return undefined;
  return { nodes, eliminations: [...elims.values()], loop };
}

/**
 * What a continuous loop removes, as SE's cycles have it: the loop is true one way round or the
 * other, so the nodes at odd places (true one way) or those at even places (true the other way)
 * hold. A candidate outside the loop's cells that sees a node of each parity with its digit goes,
 * whether or not the two are joined by a weak link of the loop.
 */
function loopEliminations(board: Board, nodes: readonly number[], out: Map<number, Candidate>, whole: boolean): void {
  const g = board.geometry;
  const n = g.size;
  const cand = board.candidates;
  const inLoop = new Set(nodes.map((node) => Math.floor(node / n)));
  for (let i = 0; i < nodes.length; i += 2) {
    const evenCell = Math.floor(nodes[i]! / n);
    const d = nodes[i]! % n;
    const b = 1 << d;
    for (let j = 1; j < nodes.length; j += 2) {
      if (nodes[j]! % n !== d) continue;
      const oddCell = Math.floor(nodes[j]! / n);
      for (const p of g.peers[evenCell]!) {
        if ((cand[p]! & b) === 0 || inLoop.has(p) || p === oddCell || !isPeer(g, p, oddCell)) continue;
        out.set(p * n + d, { cell: p, digit: d + 1 });
      }
    }
  }
  if (!whole) return;
  // The nice loop's own rule, beyond SE's: each weak link of the loop holds exactly one true
  // candidate, so two digits of one cell joined weakly leave no room for the cell's other digits,
  // and one digit in two cells joined weakly leaves every other cell that sees both.
  const onLoop = new Set(nodes);
  for (let i = 1; i <= nodes.length; i += 2) {
    const x = nodes[i]!;
    const y = nodes[(i + 1) % nodes.length]!;
    const cx = Math.floor(x / n);
    const cy = Math.floor(y / n);
    if (cx === cy) {
      for (const d of digitsOf(cand[cx]!)) if (!onLoop.has(cx * n + d - 1)) out.set(cx * n + d - 1, { cell: cx, digit: d });
    } else if (x % n === y % n) {
      const d = x % n;
      for (const p of g.peers[cx]!) {
        if (p === cy || (cand[p]! & (1 << d)) === 0 || onLoop.has(p * n + d) || !isPeer(g, p, cy)) continue;
        out.set(p * n + d, { cell: p, digit: d + 1 });
      }
    }
  }
}

function weaklyLinked(board: Board, kind: ChainKind, a: number, z: number): boolean {
  const g = board.geometry;
  const n = g.size;
  const ca = Math.floor(a / n);
  const cz = Math.floor(z / n);
  if (ca === cz) return kind.inCellWeak && a !== z;
  return a % n === z % n && isPeer(g, ca, cz);
}

/**
 * The shortest productive chain of a kind, over every start, or undefined. With `loopsOnly`, the
 * shortest productive continuous loop: a loop rates below an open chain of its kind (an XY-Cycle
 * 6.5 against an XY-Chain 7.0), so a longer loop can be the simpler step.
 */
function findChain(board: Board, kind: ChainKind, graph: LinkGraph = buildLinkGraph(board), loopsOnly = false, all?: Found[], whole = false): Found | undefined {
  const g = board.geometry;
  const n = g.size;
  const cand = board.candidates;
  const states = g.cellCount * n * 2;
  ensureBuffers(states);
  const { cellPartner, unitPartner } = graph;
  let best: Found | undefined;
  let limit = MAX_CHAIN_NODES; // accept chains with fewer nodes than this… plus one
  const firstLink = kind.cellLinks ? -1 : 0;
  const lastLink = kind.unitLinks ? 3 : 0;
  // A false node without a strong link of this kind ends its branch: it is never queued.
  const nodes = g.cellCount * n;
  if (linked.length < nodes) linked = new Uint8Array(nodes);
  for (let node = 0; node < nodes; node++) linked[node] = hasStrong(kind, graph, node) ? 1 : 0;
  // The weak links of each true node to the false nodes worth queuing, listed once for every
  // start: the digit in its peers (in peer order), then the cell's other digits.
  if (weakStart.length < nodes + 1) weakStart = new Int32Array(nodes + 1);
  let weakCount = 0;
  for (let node = 0; node < nodes; node++) {
    weakStart[node] = weakCount;
    const cell = Math.floor(node / n);
    const d = node % n;
    const b = 1 << d;
    if ((cand[cell]! & b) === 0) continue;
    const peers = g.peers[cell]!;
    if (weakList.length < weakCount + peers.length + n) {
      const grown = new Int32Array(Math.max(weakList.length * 2, weakCount + peers.length + n));
      grown.set(weakList);
      weakList = grown;
    }
    for (let i = 0; i < peers.length; i++) {
      const p = peers[i]!;
      if ((cand[p]! & b) !== 0 && linked[p * n + d] !== 0) weakList[weakCount++] = p * n + d;
    }
    if (kind.inCellWeak) {
      for (let m = cand[cell]! & ~b; m !== 0; m &= m - 1) {
        const other = cell * n + 31 - Math.clz32(m & -m);
        if (linked[other] !== 0) weakList[weakCount++] = other;
      }
    }
  }
  weakStart[nodes] = weakCount;
  for (let start = 0; start < nodes; start++) {
    const cell0 = Math.floor(start / n);
    if ((cand[cell0]! & (1 << (start % n))) === 0) continue;
    if (linked[start] === 0) continue;
    checkClock();
    stamp++;
    if (stamp === 0x7fffffff) {
      seen.fill(0);
      stamp = 1;
    }
    const s0 = start * 2;
    seen[s0] = stamp;
    parent[s0] = -1;
    depth[s0] = 0;
    let head = 0;
    let tail = 0;
    queue[tail++] = s0;
    search: while (head < tail) {
      const s = queue[head++]!;
      const node = s >> 1;
      const dep = depth[s]!;
      // Nodes so far dep + 1; the next node makes dep + 2, which must stay within the limit.
      if (dep + 2 > limit) break;
      if ((s & 1) === 0) {
        // false → true along strong links: the cell's partner (k = −1), then each unit's (k = 0, 1, 2)
        for (let k = firstLink; k < lastLink; k++) {
          const next = k < 0 ? cellPartner[node]! : unitPartner[node * 3 + k]!;
          if (next < 0) continue;
          const t = next * 2 + 1;
          if (seen[t] === stamp) continue;
          seen[t] = stamp;
          parent[t] = s;
          depth[t] = dep + 1;
          queue[tail++] = t;
          if (dep + 2 < kind.minNodes && next !== start) continue;
          const f = conclude(board, kind, start, t, loopsOnly, whole);
          if (!f) continue;
          if (all) all.push(f);
          else {
            best = f;
            limit = f.nodes.length - 1;
            break search;
          }
        }
      } else {
        // true → false along weak links
        for (let i = weakStart[node]!, end = weakStart[node + 1]!; i < end; i++) {
          const t = weakList[i]! * 2;
          if (seen[t] === stamp) continue;
          seen[t] = stamp;
          parent[t] = s;
          depth[t] = dep + 1;
          queue[tail++] = t;
        }
      }
    }
    if (best && best.nodes.length <= kind.minNodes) break;
  }
  return best;
}

function hasStrong(kind: ChainKind, graph: LinkGraph, node: number): boolean {
  if (kind.cellLinks && graph.cellPartner[node]! >= 0) return true;
  if (kind.unitLinks) for (let k = 0; k < 3; k++) if (graph.unitPartner[node * 3 + k]! >= 0) return true;
  return false;
}

/** The step of a found chain. */
function stepOf(board: Board, kind: ChainKind, found: Found): Step {
  const g = board.geometry;
  const n = g.size;
  const nodes = found.nodes.map((node) => candidateOf(n, node));
  const strong = nodes.slice(1).map((_, i) => i % 2 === 0);
  if (found.loop) {
    nodes.push(nodes[0]!);
    strong.push(false);
  }
  const links: Link[] = strong.map((s, i) => ({ from: nodes[i]!, to: nodes[i + 1]!, strong: s }));
  const placements = found.placement === undefined ? [] : [candidateOf(n, found.placement)];
  const eliminations = found.eliminations.sort((a, b) => a.cell - b.cell || a.digit - b.digit);
  const name = found.loop ? kind.loopName : kind.name;
  // SE counts the candidates of the implication chain it walks: for an open chain that is the
  // chain plus the target on and off (length = nodes), for a loop the loop itself (nodes − 2).
  const rating = found.loop ? kind.loopRating + lengthBonus(found.nodes.length - 2) : kind.rating + lengthBonus(found.nodes.length);
  const effects = describeEffects(g, { placements, eliminations });
  return {
    technique: name,
    rating: Math.round(rating * 10) / 10,
    placements,
    eliminations,
    cells: [...new Set(nodes.map((c) => c.cell))],
    candidates: found.loop ? nodes.slice(0, -1) : nodes,
    links,
    text: `${name}: ${describeChain(g, nodes, strong)} => ${effects}`,
  };
}

function chainTechnique(kind: ChainKind, whole = true): Technique {
  return {
    name: kind.name,
    rating: kind.loopRating,
    stepNames: [kind.name, kind.loopName],
    find(board) {
      const found = findChain(board, kind, buildLinkGraph(board), false, undefined, whole);
      return found ? stepOf(board, kind, found) : undefined;
    },
    findAll(board) {
      // Every productive chain of the kind: the shortest from each start to each end it reaches.
      const all: Found[] = [];
      findChain(board, kind, buildLinkGraph(board), false, all, whole);
      return all.map((found) => stepOf(board, kind, found));
    },
  };
}

export const X_CHAIN_TECHNIQUE: Technique = chainTechnique(X_CHAIN);

/**
 * SE's "Forcing Chains & Cycles" as one rule: every kind of chain is searched and the step with
 * the lowest rating wins (fewer candidates break a tie, then X before XY before mixed), as SE
 * sorts the hints of its chaining rule. A long X-Chain can so rate above a short AIC and lose to it.
 */
export const CHAINS_AND_CYCLES: Technique = {
  name: 'Forcing Chains & Cycles',
  rating: 6.5,
  stepNames: [X_CHAIN, XY_CHAIN, AIC].flatMap((kind) => [kind.name, kind.loopName]),
  find(board) {
    const graph = buildLinkGraph(board);
    let best: Step | undefined;
    let bestLength = 0;
    for (const kind of [X_CHAIN, XY_CHAIN, AIC]) {
      const shortest = findChain(board, kind, graph);
      // The shortest chain may be open while a longer loop of the same kind rates lower: a loop's
      // base is lower (X, XY), and SE counts two candidates fewer in a loop than in an open chain.
      const loop = shortest && !shortest.loop ? findChain(board, kind, graph, true) : undefined;
      for (const found of [shortest, loop]) {
        if (!found) continue;
        const step = stepOf(board, kind, found);
        if (!best || step.rating < best.rating - 1e-9 || (Math.abs(step.rating - best.rating) < 1e-9 && found.nodes.length < bestLength)) {
          best = step;
          bestLength = found.nodes.length;
        }
      }
    }
    return best;
  },
};
export const XY_CHAIN_TECHNIQUE: Technique = chainTechnique(XY_CHAIN);
export const AIC_TECHNIQUE: Technique = chainTechnique(AIC);
/**
 * The shortest AIC or nice loop with SE's loop eliminations only (not the nice loop's own rule):
 * one search where `CHAINS_AND_CYCLES` makes up to six, for the generator's quick check of what
 * SE's chaining rule can do (generate/generator.ts).
 */
export const SE_AIC: Technique = chainTechnique(AIC, false);
