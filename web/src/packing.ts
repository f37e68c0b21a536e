/**
 * A board and its layers as text, for the game saved in localStorage (save.ts): each layer as
 * base-36 numbers joined by commas.
 */
import { type Geometry, geometry } from '../../src/index.js';
import { jigsawGeometry } from '../../src/variant/index.js';
import { emptyLayer, LAYERS, type Rules, type Snapshot } from './game.js';

/**
 * A board as saved: box shape, the first five layers as base-36 numbers joined by commas, the time
 * and hints of a puzzle left (or null), then the later layers (centre marks, colours), which boards
 * saved before them lack.
 */
/** A left puzzle's time, hints, mistakes and start (games saved before the last two have only the first two). */
type SavedPlayed = readonly [elapsedMs: number, hintsUsed: number, mistakes?: number, started?: number];

export type SavedSnapshot = readonly [
  box: string,
  givens: string,
  entries: string,
  marks: string,
  filled: string,
  eliminated: string,
  played?: SavedPlayed | null,
  centre?: string,
  colours?: string,
  rules?: string,
];

/** A board's box shape (`3x3`), or a jigsaw's regions (`j:` and one base-36 region per cell). */
function packShape(g: Geometry): string {
  return g.jigsaw ? `j:${Array.from(g.boxOf, (r) => r.toString(36)).join('')}` : `${g.boxRows}x${g.boxCols}`;
}

function unpackShape(text: string): Geometry {
  if (text.startsWith('j:')) {
    const regions = Array.from(text.slice(2), (ch) => Number.parseInt(ch, 36));
    return jigsawGeometry(Math.round(Math.sqrt(regions.length)), regions);
  }
  const [r, c] = text.split('x').map(Number);
  return geometry(r!, c!);
}

const pack = (a: ArrayLike<number>): string => Array.from(a, (n) => n.toString(36)).join(',');

function unpack<T extends Uint8Array | Uint32Array>(text: string, out: T): T {
  const parts = text.split(',');
  if (parts.length !== out.length) throw new Error(`expected ${out.length} numbers, got ${parts.length}`);
  for (let i = 0; i < parts.length; i++) out[i] = Number.parseInt(parts[i]!, 36);
  return out;
}

/** Where each layer sits in a saved board (the played pair sits between the first five and the later ones). */
const AT = LAYERS.map((_, i) => (i < 5 ? i + 1 : i + 2));

export function packSnapshot(s: Snapshot): SavedSnapshot {
  const out: unknown[] = [packShape(s.geometry)];
  LAYERS.forEach((name, i) => {
    out[AT[i]!] = pack(s[name]);
  });
  const q = s.played;
  out[6] = q ? [q.elapsedMs, q.hintsUsed, q.mistakes ?? 0, q.started ?? Date.now()] : null;
  if (s.rules) out[9] = JSON.stringify(s.rules);
  return out as unknown as SavedSnapshot;
}

export function unpackSnapshot(saved: SavedSnapshot): Snapshot {
  const g = unpackShape(saved[0]);
  const s: Record<string, unknown> = { geometry: g };
  if (saved[9]) s.rules = JSON.parse(saved[9]) as Rules;
  LAYERS.forEach((name, i) => {
    const text = saved[AT[i]!] as string | undefined;
    if (text === undefined && i < 5) throw new Error(`the board has no ${name}`);
    s[name] = text === undefined ? emptyLayer(name, g.cellCount) : unpack(text, emptyLayer(name, g.cellCount));
  });
  const played = saved[6];
  if (played) s.played = { elapsedMs: Number(played[0]) || 0, hintsUsed: Number(played[1]) || 0, mistakes: Number(played[2]) || 0, started: Number(played[3]) || undefined };
  return s as unknown as Snapshot;
}
