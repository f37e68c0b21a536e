/**
 * The Statistics section of the side panel, drawn from the statistics (stats.ts): a table of the
 * levels played (games solved, solved without hints, lost, the best and average time), and the
 * daily streak. Drawn again only when what it shows changed.
 */
import { LEVELS } from '../../src/index.js';
import { clockText } from './clock.js';
import { today } from './daily.js';
import { ui } from './dom.js';
import type { Stats } from './stats.js';
import { plural } from './words.js';

const HEADINGS = ['Level', 'Solved', 'No hints', 'Lost', 'Best', 'Average'];

/** The streak as a player says it. */
function streakText({ current, best }: { readonly current: number; readonly best: number }): string {
  if (!best) return "Daily streak: none yet. Solve today's daily puzzle to start one.";
  return `Daily streak: ${plural(current, 'day')} (best ${plural(best, 'day')}).`;
}

/** The date before a YYYY-MM-DD date, in the same calendar. */
function dayBefore(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  return today(new Date(y!, m! - 1, d! - 1)).day;
}

/** The current streak (to today if today's daily is solved, else to yesterday) and the longest, in days. */
export function streaks(days: readonly string[], now: string): { readonly current: number; readonly best: number } {
  const solved = new Set(days);
  let current = 0;
  for (let d = solved.has(now) ? now : dayBefore(now); solved.has(d); d = dayBefore(d)) current++;
  let best = 0;
  let run = 0;
  let last = '';
  for (const d of [...solved].sort()) {
    run = last && dayBefore(d) === last ? run + 1 : 1;
    best = Math.max(best, run);
    last = d;
  }
  return { current, best };
}

/** The levels in their order (each size apart, 9x9 first), then ungraded games. */
export function rowOrder(names: string[]): string[] {
  const rank = (name: string) => {
    const [level, size = ''] = name.split(' ');
    const at = (LEVELS as readonly string[]).indexOf(level!);
    return [size, at < 0 ? LEVELS.length : at] as const;
  };
  return names.sort((a, b) => {
    const [sa, la] = rank(a);
    const [sb, lb] = rank(b);
    return sa === sb ? la - lb : sa.localeCompare(sb, 'en', { numeric: true });
  });
}

/** Draw the table and the streak line, when they changed. */
export function drawStats(stats: Stats): void {
  const streak = streaks(stats.streak, today().day);
  const rows = rowOrder(Object.keys(stats.levels)).map((name) => {
    const r = stats.levels[name]!;
    return [name, String(r.solved), String(r.noHints), String(r.lost), r.solved ? clockText(r.bestMs) : '–', r.solved ? clockText(r.totalMs / r.solved) : '–'];
  });
  const line = streakText(streak);
  const key = JSON.stringify([rows, line]);
  if (ui.statsBody.dataset.key === key) return;
  ui.statsBody.dataset.key = key;
  const streakLine = document.createElement('p');
  streakLine.id = 'streak';
  streakLine.textContent = line;
  if (!rows.length) {
    const none = document.createElement('p');
    none.textContent = 'No games finished yet: solve a puzzle and it shows here.';
    ui.statsBody.replaceChildren(none, streakLine);
    return;
  }
  const table = document.createElement('table');
  table.className = 'stats-table';
  const head = table.createTHead().insertRow();
  for (const text of HEADINGS) {
    const th = document.createElement('th');
    th.scope = 'col';
    th.textContent = text;
    head.append(th);
  }
  const body = table.createTBody();
  for (const row of rows) {
    const tr = body.insertRow();
    row.forEach((text, i) => {
      const cell = document.createElement(i === 0 ? 'th' : 'td');
      if (i === 0) (cell as HTMLTableCellElement).scope = 'row';
      cell.textContent = text;
      tr.append(cell);
    });
  }
  ui.statsBody.replaceChildren(table, streakLine);
}
