/**
 * Grouped chains: alternating inference chains and nice loops whose nodes may be groups, the
 * places of one digit where a box meets a row or a column (two or three cells on 9×9), as HoDoKu
 * and the players' forums use them. Teaching path only: SE has no grouped chains of this kind
 * (its grouped strong-link fishes are in strongLinks.ts).
 *
 * A group node of digit d is true when d is in one of its cells. Links, for one digit:
 * - strong between two nodes that between them hold every place of d in a row, column or box
 *   (a row's places split by boxes, a box's by rows or by columns, or two single places);
 * - weak between two disjoint nodes whose cells all see each other (d can be in only one);
 * and, for single candidates, the strong link of a bivalue cell and the weak link of two digits of
 * one cell, as in chains.ts. An AIC from a node assumed false alternates strong (false → true) and
 * weak (true → false) links to a node that must then be true: one of the two ends is true, and a
 * candidate with a weak link to both goes; both ends on one candidate place it. A chain whose ends
 * have a weak link closes a continuous nice loop, where every weak link holds exactly one true node
 * (the loop has as many strong as weak links, each node in one of each), so a candidate with a weak
 * link to both nodes of any of its weak links goes.
 *
 * Only chains with at least one group are reported: the others are chains.ts's. Rated as SE rates a
 * mixed forcing chain (7.0, a loop too) plus its length bonus, so a grouped step never rates below
 * the plain chains the teaching path tries first.
 */
import { cellName, type Geometry } from '../../geometry.js';
import { checkClock } from '../clock.js';
import { type Board, digitsOf } from '../board.js';
import { type Candidate, type Link, type Step, type Technique, describeEffects } from '../step.js';
import { isPeer, lengthBonus, MAX_CHAIN_NODES } from './chains.js';

interface Node {
  /** 0-based digit. */
  readonly d: number;
  readonly cells: readonly number[];
}

interface Graph {
  readonly nodes: readonly Node[];
  readonly strong: readonly number[][];
  readonly weak: readonly number[][];
  /** How many nodes are single candidates (indices below it; cell × n + d, some unused). */
  readonly singles: number;
}

function sees(g: Geometry, a: readonly number[], b: readonly number[]): boolean {
  for (const x of a) for (const y of b) if (!isPeer(g, x, y)) return false;
  return true;
}

function buildGraph(board: Board): Graph {
  const g = board.geometry;
  const n = g.size;
  const cand = board.candidates;
  const singles = g.cellCount * n;
  const nodes: Node[] = [];
  for (let i = 0; i < singles; i++) nodes.push({ d: i % n, cells: [Math.floor(i / n)] });
  const has = (cell: number, d: number) => board.values[cell] === 0 && (cand[cell]! & (1 << d)) !== 0;
  // Groups: the places of a digit where a box meets a line, when there are two or more.
  const groupAt = new Map<string, number>();
  for (let box = 0; box < n; box++) {
    const boxCells = g.units[2 * n + box]!;
    for (const lineOf of [g.rowOf, g.colOf]) {
      const lines = new Set<number>();
      for (const c of boxCells) lines.add(lineOf[c]!);
      for (const line of lines) {
        for (let d = 0; d < n; d++) {
          const cells = [...boxCells].filter((c) => lineOf[c] === line && has(c, d));
          if (cells.length < 2) continue;
          const key = `${d}:${cells.join(',')}`;
          if (groupAt.has(key)) continue;
          groupAt.set(key, nodes.length);
          nodes.push({ d, cells });
        }
      }
    }
  }
  /** The node holding exactly these places of digit d (a single, or a group), or −1. */
  const nodeOf = (d: number, cells: readonly number[]): number => (cells.length === 1 ? cells[0]! * n + d : (groupAt.get(`${d}:${cells.join(',')}`) ?? -1));
  const strong: number[][] = nodes.map(() => []);
  const weak: number[][] = nodes.map(() => []);
  const link = (list: number[][], a: number, b: number) => {
    if (a < 0 || b < 0 || a === b) return;
    if (!list[a]!.includes(b)) list[a]!.push(b);
    if (!list[b]!.includes(a)) list[b]!.push(a);
  };
  // Strong links in each unit, for each digit: its places split two ways into nodes.
  for (let unit = 0; unit < 3 * n; unit++) {
    checkClock();
    const unitCells = [...g.units[unit]!];
    for (let d = 0; d < n; d++) {
      const places = unitCells.filter((c) => has(c, d));
      if (places.length < 2) continue;
      if (places.length === 2) link(strong, nodeOf(d, [places[0]!]), nodeOf(d, [places[1]!]));
      const splits = unit < 2 * n ? [g.boxOf] : [g.rowOf, g.colOf];
      for (const by of splits) {
        const parts = new Map<number, number[]>();
        for (const c of places) {
          const k = by[c]!;
          const list = parts.get(k);
          if (list) list.push(c);
          else parts.set(k, [c]);
        }
        if (parts.size !== 2) continue;
        const [a, b] = [...parts.values()] as [number[], number[]];
        link(strong, nodeOf(d, a), nodeOf(d, b));
      }
    }
  }
  // Bivalue cells.
  for (let cell = 0; cell < g.cellCount; cell++) {
    if (board.values[cell] !== 0) continue;
    const ds = digitsOf(cand[cell]!);
    if (ds.length === 2) link(strong, cell * n + ds[0]! - 1, cell * n + ds[1]! - 1);
    // Two digits of one cell: weak.
    for (let i = 0; i < ds.length; i++) for (let j = i + 1; j < ds.length; j++) link(weak, cell * n + ds[i]! - 1, cell * n + ds[j]! - 1);
  }
  // Weak links of one digit between disjoint nodes whose cells all see each other.
  const live = nodes.map((node, i) => i >= singles || has(node.cells[0]!, node.d));
  const byDigit: number[][] = Array.from({ length: n }, () => []);
  nodes.forEach((node, i) => {
    if (live[i]) byDigit[node.d]!.push(i);
  });
  for (let d = 0; d < n; d++) {
    const list = byDigit[d]!;
    for (let i = 0; i < list.length; i++) {
      // Hundreds of nodes a digit on a 16×16: the step's time limit holds inside the graph too.
      checkClock();
      const a = list[i]!;
      for (let j = i + 1; j < list.length; j++) {
        const b = list[j]!;
        if (a < singles && b < singles) {
          if (isPeer(g, nodes[a]!.cells[0]!, nodes[b]!.cells[0]!)) link(weak, a, b);
          continue;
        }
        const ca = nodes[a]!.cells;
        const cb = nodes[b]!.cells;
        if (ca.some((c) => cb.includes(c))) continue;
        if (sees(g, ca, cb)) link(weak, a, b);
      }
    }
  }
  return { nodes, strong, weak, singles };
}

/** Whether candidate (cell, d) has a weak link to a node: it is not the node and is false when the node is true. */
function weakTo(g: Geometry, node: Node, cell: number, d: number): boolean {
  if (node.d === d) return !node.cells.includes(cell) && node.cells.every((c) => isPeer(g, c, cell));
  return node.cells.length === 1 && node.cells[0] === cell;
}

interface Found {
  readonly path: number[];
  readonly loop: boolean;
  readonly eliminations: Candidate[];
  readonly placement?: Candidate;
}

/** What a chain (path of node indices, first assumed false, last true) proves, if anything. */
function conclude(board: Board, graph: Graph, path: number[]): Found | undefined {
  const g = board.geometry;
  const n = g.size;
  const { nodes } = graph;
  if (!path.some((i) => i >= graph.singles)) return undefined;
  const first = path[0]!;
  const last = path[path.length - 1]!;
  if (first === last) {
    if (first >= graph.singles) return undefined;
    return { path, loop: false, eliminations: [], placement: { cell: Math.floor(first / n), digit: (first % n) + 1 } };
  }
  const distinct = new Set(path).size === path.length;
  const loop = distinct && path.length >= 4 && graph.weak[last]!.includes(first);
  const out = new Map<number, Candidate>();
  const onPath = new Set(path);
  const tryAll = (x: Node, y: Node) => {
    for (const cell of new Set([...x.cells, ...y.cells, ...g.peers[x.cells[0]!]!])) {
      for (const digit of digitsOf(board.values[cell] === 0 ? board.candidates[cell]! : 0)) {
        const d = digit - 1;
        if (onPath.has(cell * n + d)) continue;
        if (weakTo(g, x, cell, d) && weakTo(g, y, cell, d)) out.set(cell * n + d, { cell, digit });
      }
    }
  };
  if (loop) {
    // Each weak link of the loop (odd positions, and the closing one) holds exactly one true node.
    for (let i = 1; i < path.length; i += 2) tryAll(nodes[path[i]!]!, nodes[path[(i + 1) % path.length]!]!);
  } else tryAll(nodes[first]!, nodes[last]!);
  if (out.size === 0) return undefined;
  return { path, loop, eliminations: [...out.values()].sort((a, b) => a.cell - b.cell || a.digit - b.digit) };
}

/**
 * Breadth-first from each node assumed false: the shortest productive grouped chain from each
 * start (all of them, into `all`), or the shortest over every start.
 */
function search(board: Board, graph: Graph, all?: Found[]): Found | undefined {
  const { nodes, strong, weak } = graph;
  const count = nodes.length;
  const parent = new Int32Array(count * 2);
  const seen = new Int32Array(count * 2);
  const depth = new Int32Array(count * 2);
  let stamp = 0;
  let best: Found | undefined;
  let limit = MAX_CHAIN_NODES;
  for (let start = 0; start < count; start++) {
    if (strong[start]!.length === 0) continue;
    checkClock();
    stamp++;
    const queue: number[] = [start * 2];
    seen[start * 2] = stamp;
    parent[start * 2] = -1;
    depth[start * 2] = 1;
    for (let head = 0; head < queue.length; head++) {
      const s = queue[head]!;
      const dep = depth[s]!;
      if (dep + 1 > limit) break;
      const node = s >> 1;
      const next = (s & 1) === 0 ? strong[node]! : weak[node]!;
      for (const m of next) {
        const t = m * 2 + ((s & 1) === 0 ? 1 : 0);
        if (seen[t] === stamp) continue;
        seen[t] = stamp;
        parent[t] = s;
        depth[t] = dep + 1;
        queue.push(t);
        if ((t & 1) === 0 || dep + 1 < 4) continue;
        const path: number[] = [];
        for (let x = t; x >= 0; x = parent[x]!) path.push(x >> 1);
        path.reverse();
        const found = conclude(board, graph, path);
        if (!found) continue;
        if (all) all.push(found);
        else if (!best || found.path.length < best.path.length) {
          best = found;
          limit = found.path.length - 1;
        }
      }
    }
  }
  return best;
}

function nodeText(g: Geometry, node: Node): string {
  return `(${g.digits[node.d]})${node.cells.map((c) => cellName(g, c)).join('|')}`;
}

function stepOf(board: Board, graph: Graph, found: Found): Step {
  const g = board.geometry;
  const { nodes } = graph;
  const path = found.loop ? [...found.path, found.path[0]!] : found.path;
  let chain = '';
  for (let i = 0; i < path.length; i++) {
    if (i > 0) chain += i % 2 === 1 ? '=' : '-';
    chain += nodeText(g, nodes[path[i]!]!);
  }
  const oneDigit = found.path.every((i) => nodes[i]!.d === nodes[found.path[0]!]!.d);
  const technique = found.loop ? (oneDigit ? 'Grouped X-Cycle' : 'Grouped Nice Loop') : oneDigit ? 'Grouped X-Chain' : 'Grouped AIC';
  const placements = found.placement ? [found.placement] : [];
  const candidates: Candidate[] = found.path.flatMap((i) => nodes[i]!.cells.map((cell) => ({ cell, digit: nodes[i]!.d + 1 })));
  const links: Link[] = [];
  for (let i = 0; i + 1 < path.length; i++) {
    const a = nodes[path[i]!]!;
    const b = nodes[path[i + 1]!]!;
    links.push({ from: { cell: a.cells[0]!, digit: a.d + 1 }, to: { cell: b.cells[0]!, digit: b.d + 1 }, strong: i % 2 === 0 });
  }
  const length = candidates.length;
  const rating = Math.round((7.0 + lengthBonus(found.loop ? length - 2 : length)) * 10) / 10;
  const effects = describeEffects(g, { placements, eliminations: found.eliminations });
  return {
    technique,
    rating,
    placements,
    eliminations: found.eliminations,
    cells: [...new Set(candidates.map((c) => c.cell))],
    candidates,
    links,
    text: `${technique}: ${chain} => ${effects}`,
  };
}

/**
 * The largest board searched: the weak links are built pair by pair (a 25×25 would have about a
 * million pairs of nodes per digit), and a board that big reaches this technique only after every
 * cheaper one is stuck, where forcing chains follow anyway.
 */
const MAX_GROUPED_SIZE = 16;

export const GROUPED_CHAINS: Technique = {
  name: 'Grouped AIC',
  rating: 7.0,
  stepNames: ['Grouped X-Chain', 'Grouped X-Cycle', 'Grouped AIC', 'Grouped Nice Loop'],
  find(board) {
    if (board.geometry.size > MAX_GROUPED_SIZE) return undefined;
    const graph = buildGraph(board);
    const found = search(board, graph);
    return found ? stepOf(board, graph, found) : undefined;
  },
  findAll(board) {
    if (board.geometry.size > MAX_GROUPED_SIZE) return [];
    const graph = buildGraph(board);
    const all: Found[] = [];
    search(board, graph, all);
    return all.map((f) => stepOf(board, graph, f));
  },
};
