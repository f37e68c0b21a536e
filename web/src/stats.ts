/**
 * The player's statistics, kept in this browser (localStorage `sudokit.stats.v1`): per level, the
 * games solved, solved without hints, and lost (mistakes.ts), with the best and average time of
 * those solved; and the daily streak, the run of calendar dates whose daily puzzle was solved.
 *
 * A game is one start of a puzzle: a new puzzle, a link, the daily, Try again. It is named by its
 * box shape, its givens and the moment it started (game.started, saved with the game and carried
 * by Undo's history), and its result is counted the first time it is seen solved or lost. The names
 * counted are kept (`seen`), so a game solved, undone and solved again, resumed after a reload
 * already solved, or open in two tabs counts once; and a game lost stays lost. A game the player
 * gives up with Solve is put among them uncounted: the solver's time is not the player's.
 *
 * Storage switched off or full never stops the page: the statistics then hold until it closes.
 */
import { geometryName, makeLine, type Puzzle } from '../../src/index.js';
import { inPlay, isSolved, playedMs } from './clock.js';
import { ui } from './dom.js';
import { currentGrade } from './grade.js';
import { isLost } from './mistakes.js';
import { game } from './state.js';
import { drawStats } from './statsview.js';

const STATS_KEY = 'sudokit.stats.v1';
/** How many game names are kept to tell a game counted already; the oldest go first. */
const SEEN_KEPT = 500;
/** How many dates' daily puzzles are remembered (a daily solved a few days late still counts for its date). */
const DAILIES_KEPT = 14;

/** One row of the table: a level (and a size other than 9x9). */
export interface LevelStats {
  solved: number;
  noHints: number;
  lost: number;
  bestMs: number;
  totalMs: number;
}

export interface Stats {
  levels: Record<string, LevelStats>;
  /** Each date's daily puzzle (its givens as one line), remembered when it is loaded: a game is that daily when its givens are these. */
  daily: Record<string, string>;
  /** The dates (YYYY-MM-DD) whose daily puzzle was solved, in order. */
  streak: string[];
  /** The names of the games counted (or given up), oldest first. */
  seen: string[];
}

const empty = (): Stats => ({ levels: {}, daily: {}, streak: [], seen: [] });
const count = (n: unknown): number => (typeof n === 'number' && Number.isFinite(n) && n >= 0 ? n : 0);
const strings = (a: unknown): string[] => (Array.isArray(a) ? a.filter((x): x is string => typeof x === 'string') : []);

/** Stats read from text, each part checked: what cannot be read starts empty rather than breaking the page. */
function parse(text: string | null): Stats {
  const read = JSON.parse(text ?? 'null') as Partial<Record<keyof Stats, unknown>> | null;
  const stats = empty();
  if (!read || typeof read !== 'object') return stats;
  for (const [name, row] of Object.entries((read.levels ?? {}) as Record<string, Partial<LevelStats>>)) {
    if (row && typeof row === 'object') stats.levels[name] = { solved: count(row.solved), noHints: count(row.noHints), lost: count(row.lost), bestMs: count(row.bestMs), totalMs: count(row.totalMs) };
  }
  for (const [day, line] of Object.entries((read.daily ?? {}) as Record<string, unknown>)) if (typeof line === 'string') stats.daily[day] = line;
  stats.streak = strings(read.streak);
  stats.seen = strings(read.seen);
  return stats;
}

/** The statistics as this page knows them: read again before each change, so other tabs' games are kept. */
let stats = empty();
/** A write failed (storage full or off): the page's copy is ahead of the stored one and is not read over. */
let unsaved = false;

function refresh(): void {
  if (unsaved) return;
  try {
    stats = parse(localStorage.getItem(STATS_KEY));
  } catch {
    // Storage switched off, or text that is not the statistics: the page's copy goes on.
  }
}

function change(update: (s: Stats) => void): void {
  refresh();
  update(stats);
  try {
    localStorage.setItem(STATS_KEY, JSON.stringify(stats));
    unsaved = false;
  } catch {
    unsaved = true;
  }
}

const lineOf = (p: Puzzle): string => `${p.geometry.boxRows}x${p.geometry.boxCols}:${makeLine(p.geometry, p.givens)}`;

/** The name of the game on the board: shape, givens, start. */
const gameName = (): string => `${lineOf(game.puzzle())}@${game.started}`;

/** Remember a date's daily puzzle as it is loaded (daily.ts), so solving it counts for the streak. */
export function rememberDaily(day: string, puzzle: Puzzle): void {
  change((s) => {
    s.daily[day] = lineOf(puzzle);
    for (const old of Object.keys(s.daily).sort().slice(0, -DAILIES_KEPT)) delete s.daily[old];
  });
}

/** The table's row of the game on the board: its level, and its size when not 9x9. */
function rowName(level: string): string {
  const g = game.geometry;
  return g.size === 9 ? level : `${level} ${geometryName(g)}`;
}

/** The games this page knows were counted: storage cleared meanwhile (by another tab) does not count them again. */
const known = new Set<string>();

/**
 * Count the game on the board once it is solved or lost, and once the grader has said its level.
 * A game finished without a second played (a link with every entry in it) is not counted.
 */
function recordGame(): void {
  const solved = isSolved();
  const grade = currentGrade();
  const ms = playedMs();
  const name = gameName();
  if ((!solved && !isLost()) || !grade || ms === 0 || known.has(name)) return;
  known.add(name);
  if (stats.seen.includes(name)) return;
  const line = lineOf(game.puzzle());
  change((s) => {
    if (s.seen.includes(name)) return; // another tab counted it meanwhile
    s.seen = [...s.seen, name].slice(-SEEN_KEPT);
    const row = rowName(grade.grade?.level ?? 'ungraded');
    s.levels[row] ??= { solved: 0, noHints: 0, lost: 0, bestMs: 0, totalMs: 0 };
    const r = s.levels[row];
    if (!solved) {
      r.lost++;
      return;
    }
    r.solved++;
    if (game.hintsUsed === 0 && !game.filled.some((f) => f !== 0)) r.noHints++;
    r.bestMs = r.bestMs && r.bestMs <= ms ? r.bestMs : ms;
    r.totalMs += ms;
    const day = Object.keys(s.daily).find((d) => s.daily[d] === line);
    if (day && !s.streak.includes(day)) s.streak = [...s.streak, day].sort();
  });
}

/** The game on the board is given up to the solver: it will not be counted. */
function giveUp(): void {
  if (!inPlay()) return;
  const name = gameName();
  change((s) => {
    if (!s.seen.includes(name)) s.seen = [...s.seen, name].slice(-SEEN_KEPT);
  });
}

/** Count a finished game, then draw the statistics. */
export function renderStats(): void {
  recordGame();
  refresh();
  drawStats(stats);
}

/** Solve gives the game up; another tab's games show up here as they are counted. */
export function wireStats(): void {
  ui.solve.addEventListener('click', giveUp);
  window.addEventListener('storage', (e) => {
    if (e.key === STATS_KEY) renderStats();
  });
}
