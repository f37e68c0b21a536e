/**
 * The candidate grid: every empty cell shows the digits still possible there, every filled cell
 * its digit, in columns wide enough for the longest entry (as the logic article printed it):
 *
 *     +----------------+----------------+----------------+
 *     | 4    1679 12679 | 139  2369 269  | 8    1239 5    |
 *     …
 */
import type { Geometry } from '../geometry.js';

/** The candidate grid of `values` (0 = empty) and candidate masks (bit d−1 for digit d). */
export function makeCandidateGrid(geometry: Geometry, values: ArrayLike<number>, candidates: ArrayLike<number>): string {
  const { size, boxRows, boxCols, digits } = geometry;
  const texts: string[] = [];
  for (let cell = 0; cell < geometry.cellCount; cell++) {
    const v = values[cell]!;
    if (v !== 0) {
      texts.push(digits[v - 1]!);
      continue;
    }
    let text = '';
    const mask = candidates[cell]!;
    for (let d = 1; d <= size; d++) if (mask & (1 << (d - 1))) text += digits[d - 1];
    texts.push(text === '' ? '-' : text);
  }
  const width = Math.max(...texts.map((t) => t.length));
  const rule = `+${`${'-'.repeat(boxCols * (width + 1) + 1)}+`.repeat(size / boxCols)}`;
  const lines = [rule];
  for (let r = 0; r < size; r++) {
    let line = '|';
    for (let c = 0; c < size; c++) {
      line += ` ${texts[r * size + c]!.padEnd(width)}`;
      if ((c + 1) % boxCols === 0) line += ' |';
    }
    lines.push(line);
    if ((r + 1) % boxRows === 0) lines.push(rule);
  }
  return lines.join('\n');
}
