/**
 * The game kept in localStorage, so a reload (or a closed tab) never loses it: the board, its undo
 * and redo history, the time played and the hints asked for. The board and history are written
 * when the board changes; the clock, small, every second and when the tab is hidden. Arrays are
 * saved as base-36 numbers; a saved game that cannot be read is dropped with a message.
 */
import { geometry } from '../../src/index.js';
import { playedMs } from './clock.js';
import type { Snapshot } from './game.js';
import { game } from './state.js';

const GAME_KEY = 'sudokit.game.v1';
const CLOCK_KEY = 'sudokit.clock.v1';
/** The undo history kept across a reload: the latest changes, so the saved game stays small. */
const SAVED_HISTORY = 200;

/** A board as saved: box shape, then each array as base-36 numbers joined by commas. */
type SavedSnapshot = readonly [box: string, givens: string, entries: string, marks: string, filled: string, eliminated: string, played?: readonly [elapsedMs: number, hintsUsed: number]];

interface SavedBoard {
  readonly now: SavedSnapshot;
  readonly undo: readonly SavedSnapshot[];
  readonly redo: readonly SavedSnapshot[];
  /** Which start of the game the clock entry belongs to: a clock saved for another board is not taken up. */
  readonly id: string;
}

interface SavedClock {
  readonly id: string;
  readonly elapsedMs: number;
  readonly hintsUsed: number;
}

const pack = (a: ArrayLike<number>): string => Array.from(a, (n) => n.toString(36)).join(',');

function unpack<T extends Uint8Array | Uint32Array>(text: string, out: T): T {
  const parts = text.split(',');
  if (parts.length !== out.length) throw new Error(`expected ${out.length} numbers, got ${parts.length}`);
  for (let i = 0; i < parts.length; i++) out[i] = Number.parseInt(parts[i]!, 36);
  return out;
}

function packSnapshot(s: Snapshot): SavedSnapshot {
  const board = [`${s.geometry.boxRows}x${s.geometry.boxCols}`, pack(s.givens), pack(s.entries), pack(s.marks), pack(s.filled), pack(s.eliminated)] as const;
  return s.played ? [...board, [s.played.elapsedMs, s.played.hintsUsed]] : board;
}

function unpackSnapshot([box, givens, entries, marks, filled, eliminated, played]: SavedSnapshot): Snapshot {
  const [r, c] = box.split('x').map(Number);
  const g = geometry(r!, c!);
  const n = g.cellCount;
  return {
    geometry: g,
    givens: unpack(givens, new Uint8Array(n)),
    entries: unpack(entries, new Uint8Array(n)),
    marks: unpack(marks, new Uint32Array(n)),
    filled: unpack(filled, new Uint8Array(n)),
    eliminated: unpack(eliminated, new Uint32Array(n)),
    ...(played ? { played: { elapsedMs: Number(played[0]) || 0, hintsUsed: Number(played[1]) || 0 } } : {}),
  };
}

let savedRevision = -1;
let savedEpoch = -1;
/** Names the game's current start across page loads, so the clock entry goes with its board. */
let id = '';

/** Write the board and history when they changed since the last write, and the clock always. */
export function saveGame(): void {
  try {
    if (savedRevision !== game.revision || savedEpoch !== game.epoch) {
      if (savedEpoch !== game.epoch) id = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
      const { now, undo, redo } = game.history();
      const board: SavedBoard = { now: packSnapshot(now), undo: undo.slice(-SAVED_HISTORY).map(packSnapshot), redo: redo.slice(-SAVED_HISTORY).map(packSnapshot), id };
      localStorage.setItem(GAME_KEY, JSON.stringify(board));
      savedRevision = game.revision;
      savedEpoch = game.epoch;
    }
    localStorage.setItem(CLOCK_KEY, JSON.stringify({ id, elapsedMs: playedMs(), hintsUsed: game.hintsUsed } satisfies SavedClock));
  } catch {
    // Storage full or switched off: the game goes on unsaved (the page says so at the next load).
  }
}

/** Take up the saved game, if there is one: 'resumed', 'none', or why it could not be read (and it is dropped). */
export function resumeGame(): 'resumed' | 'none' | string {
  let text: string | null;
  try {
    text = localStorage.getItem(GAME_KEY);
  } catch {
    return 'none';
  }
  if (text === null) return 'none';
  try {
    const board = JSON.parse(text) as SavedBoard;
    const clock = JSON.parse(localStorage.getItem(CLOCK_KEY) ?? 'null') as SavedClock | null;
    const same = clock?.id === board.id;
    game.resume(unpackSnapshot(board.now), board.undo.map(unpackSnapshot), board.redo.map(unpackSnapshot), same ? clock.elapsedMs : 0, same ? clock.hintsUsed : 0);
    id = board.id;
    savedEpoch = game.epoch;
    savedRevision = game.revision;
    return 'resumed';
  } catch (e) {
    localStorage.removeItem(GAME_KEY);
    return `The saved game could not be read (${(e as Error).message}), so it was dropped.`;
  }
}
