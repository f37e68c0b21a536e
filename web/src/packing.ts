/**
 * A board and its layers as text, for the game saved in localStorage (save.ts): each layer as
 * base-36 numbers joined by commas.
 */
import { geometry } from '../../src/index.js';
import { emptyLayer, LAYERS, type Snapshot } from './game.js';

/**
 * A board as saved: box shape, the first five layers as base-36 numbers joined by commas, the time
 * and hints of a puzzle left (or null), then the later layers (centre marks, colours), which boards
 * saved before them lack.
 */
/** A left puzzle's time, hints, mistakes and start (games saved before the last two have only the first two). */
type SavedPlayed = readonly [elapsedMs: number, hintsUsed: number, mistakes?: number, started?: number];

export type SavedSnapshot = readonly [box: string, givens: string, entries: string, marks: string, filled: string, eliminated: string, played?: SavedPlayed | null, centre?: string, colours?: string];

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
  const out: unknown[] = [`${s.geometry.boxRows}x${s.geometry.boxCols}`];
  LAYERS.forEach((name, i) => {
    out[AT[i]!] = pack(s[name]);
  });
  const q = s.played;
  out[6] = q ? [q.elapsedMs, q.hintsUsed, q.mistakes ?? 0, q.started ?? Date.now()] : null;
  return out as unknown as SavedSnapshot;
}

export function unpackSnapshot(saved: SavedSnapshot): Snapshot {
  const [r, c] = saved[0].split('x').map(Number);
  const g = geometry(r!, c!);
  const s: Record<string, unknown> = { geometry: g };
  LAYERS.forEach((name, i) => {
    const text = saved[AT[i]!] as string | undefined;
    if (text === undefined && i < 5) throw new Error(`the board has no ${name}`);
    s[name] = text === undefined ? emptyLayer(name, g.cellCount) : unpack(text, emptyLayer(name, g.cellCount));
  });
  const played = saved[6];
  if (played) s.played = { elapsedMs: Number(played[0]) || 0, hintsUsed: Number(played[1]) || 0, mistakes: Number(played[2]) || 0, started: Number(played[3]) || undefined };
  return s as unknown as Snapshot;
}
