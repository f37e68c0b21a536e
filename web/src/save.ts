/**
 * The game kept in localStorage, so a reload (or a closed tab) never loses it: the board, its undo
 * and redo history, the time played, the hints asked for, the mistakes counted, when the game
 * started and whether it is paused. The board and history are written when the board changes;
 * the clock, small, every second and when the tab is hidden. Arrays are saved as base-36
 * numbers; a saved game that cannot be read is dropped with a message.
 *
 * Each tab keeps its game under a slot of its own, named in the tab's sessionStorage (which a
 * reload keeps and another tab does not share), so two tabs never write over each other's game.
 * A new tab takes up a copy of the game saved last, under a new slot. The last few slots are kept.
 */
import { playedMs } from './clock.js';
import { packSnapshot, type SavedSnapshot, unpackSnapshot } from './packing.js';
import { isPaused, pauseResumed } from './pause.js';
import { game } from './state.js';

/** Before slots: the one saved game, taken up by the first tab that finds it. */
const OLD_GAME_KEY = 'sudokit.game.v1';
const OLD_CLOCK_KEY = 'sudokit.clock.v1';
/** Each slot's board (`sudokit.game.v2.<slot>`) and clock (`sudokit.clock.v2.<slot>`); the slot saved last. */
const GAME_PREFIX = 'sudokit.game.v2.';
const CLOCK_PREFIX = 'sudokit.clock.v2.';
const LAST_KEY = 'sudokit.last.v2';
/** The tab's slot, in sessionStorage. */
const SLOT_KEY = 'sudokit.slot';
/** How many slots (games of tabs open now or closed lately) are kept; the oldest go first. */
const SLOTS_KEPT = 8;

/** The undo history kept across a reload: the latest changes, so the saved game stays small. */
const SAVED_HISTORY = 200;

interface SavedBoard {
  readonly now: SavedSnapshot;
  readonly undo: readonly SavedSnapshot[];
  readonly redo: readonly SavedSnapshot[];
  /** Which start of the game the clock entry belongs to: a clock saved for another board is not taken up. */
  readonly id: string;
  /** When it was written (Date.now()): the oldest slots are dropped first. */
  readonly at?: number;
}

interface SavedClock {
  readonly id: string;
  readonly elapsedMs: number;
  readonly hintsUsed: number;
  /** Absent from games saved before the mistake limit, the statistics and Pause: then none, now, and not paused. */
  readonly mistakes?: number;
  readonly started?: number;
  readonly paused?: boolean;
}

/** A saved board of the history whose variant rules are the current board's: written once, not per board. */
const SAME_RULES = '=';

/** The boards as saved, the rules of each that has the current board's (`now`, packed) replaced by SAME_RULES. */
function sameRules(boards: readonly SavedSnapshot[], now: SavedSnapshot): SavedSnapshot[] {
  return boards.map((saved) => (saved[9] !== undefined && saved[9] === now[9] ? (Object.assign([...saved], { 9: SAME_RULES }) as unknown as SavedSnapshot) : saved));
}

let savedRevision = -1;
let savedEpoch = -1;
/** This tab's slot: the one it was given (kept across reloads), or a new one. */
let slot = '';

const newName = (): string => `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;

/** The tab's slot, given one if it has none (or sessionStorage is off: then a new slot for each load). */
function tabSlot(): string {
  if (slot) return slot;
  try {
    slot = sessionStorage.getItem(SLOT_KEY) ?? '';
    if (!slot) {
      slot = newName();
      sessionStorage.setItem(SLOT_KEY, slot);
    }
  } catch {
    slot ||= newName();
  }
  return slot;
}

/** Drop the oldest slots beyond the few kept (never this tab's). */
function pruneSlots(): void {
  const slots: Array<{ name: string; at: number }> = [];
  for (let i = 0; i < localStorage.length; i++) {
    const key = localStorage.key(i);
    if (!key?.startsWith(GAME_PREFIX)) continue;
    const name = key.slice(GAME_PREFIX.length);
    if (name === slot) continue;
    let at = 0;
    try {
      at = Number((JSON.parse(localStorage.getItem(key) ?? '{}') as SavedBoard).at) || 0;
    } catch {
      // unreadable: oldest of all
    }
    slots.push({ name, at });
  }
  slots.sort((a, b) => b.at - a.at);
  for (const { name } of slots.slice(SLOTS_KEPT - 1)) {
    localStorage.removeItem(GAME_PREFIX + name);
    localStorage.removeItem(CLOCK_PREFIX + name);
  }
}
/** Names the game's current start across page loads, so the clock entry goes with its board. */
let id = '';

/** Write the board and history when they changed since the last write, and the clock always. */
export function saveGame(): void {
  try {
    const mine = tabSlot();
    if (savedRevision !== game.revision || savedEpoch !== game.epoch) {
      if (savedEpoch !== game.epoch) id = newName();
      const { now, undo, redo } = game.history();
      const packed = packSnapshot(now);
      const board: SavedBoard = {
        now: packed,
        undo: sameRules(undo.slice(-SAVED_HISTORY).map(packSnapshot), packed),
        redo: sameRules(redo.slice(-SAVED_HISTORY).map(packSnapshot), packed),
        id,
        at: Date.now(),
      };
      const first = localStorage.getItem(GAME_PREFIX + mine) === null;
      localStorage.setItem(GAME_PREFIX + mine, JSON.stringify(board));
      localStorage.setItem(LAST_KEY, mine);
      if (first) pruneSlots();
      savedRevision = game.revision;
      savedEpoch = game.epoch;
    }
    const clock: SavedClock = { id, elapsedMs: playedMs(), hintsUsed: game.hintsUsed, mistakes: game.mistakes, started: game.started, paused: isPaused() };
    localStorage.setItem(CLOCK_PREFIX + mine, JSON.stringify(clock));
  } catch {
    // Storage full or switched off: the game goes on unsaved (the page says so at the next load).
  }
}

/**
 * Take up the saved game, if there is one: this tab's own (after a reload), else a copy of the one
 * saved last (a new tab). 'resumed', 'none', or why it could not be read (and it is dropped).
 */
export function resumeGame(): 'resumed' | 'none' | string {
  let gameKey: string;
  let clockKey: string;
  let text: string | null;
  try {
    const mine = tabSlot();
    const from = localStorage.getItem(GAME_PREFIX + mine) !== null ? mine : localStorage.getItem(LAST_KEY);
    [gameKey, clockKey] = from === null ? [OLD_GAME_KEY, OLD_CLOCK_KEY] : [GAME_PREFIX + from, CLOCK_PREFIX + from];
    text = localStorage.getItem(gameKey);
  } catch {
    return 'none';
  }
  if (text === null) return 'none';
  try {
    const board = JSON.parse(text) as SavedBoard;
    const clock = JSON.parse(localStorage.getItem(clockKey) ?? 'null') as SavedClock | null;
    const same = clock?.id === board.id;
    const played = same
      ? { elapsedMs: clock.elapsedMs, hintsUsed: clock.hintsUsed, mistakes: Number(clock.mistakes) || 0, started: Number(clock.started) || undefined }
      : { elapsedMs: 0, hintsUsed: 0 };
    const rulesNow = board.now[9];
    const withRules = (saved: SavedSnapshot) => unpackSnapshot(saved[9] === SAME_RULES ? (Object.assign([...saved], { 9: rulesNow }) as unknown as SavedSnapshot) : saved);
    game.resume(unpackSnapshot(board.now), board.undo.map(withRules), board.redo.map(withRules), played);
    if (same && clock.paused === true) pauseResumed();
    id = board.id;
    // The game read is written to this tab's slot at the first save (a copy when it was another's).
    savedEpoch = -1;
    savedRevision = -1;
    if (gameKey === OLD_GAME_KEY) {
      localStorage.removeItem(OLD_GAME_KEY);
      localStorage.removeItem(OLD_CLOCK_KEY);
    }
    return 'resumed';
  } catch (e) {
    localStorage.removeItem(gameKey);
    return `The saved game could not be read (${(e as Error).message}), so it was dropped.`;
  }
}
