/** How the page words digits, cells, counts, steps, grades and times. */
import { cellName, type Geometry, type Step } from '../../src/index.js';
import type { Analysis, GradeData } from '../../src/worker/protocol.js';

/** The character a digit is written with on this board (A for 10 on 16x16). */
export function digitName(g: Geometry, d: number): string {
  return g.digits[d - 1] ?? String(d);
}

/** Cells by name (r1c2, …), the first `max` of them and how many more. */
export function cellList(g: Geometry, cells: Iterable<number>, max = 8): string {
  const names = [...cells].map((c) => cellName(g, c));
  return names.length > max ? `${names.slice(0, max).join(', ')} and ${names.length - max} more` : names.join(', ');
}

/** `1 step`, `2 steps`; `many` for words that do not just take an s. */
export function plural(n: number, word: string, many = `${word}s`): string {
  return `${n} ${n === 1 ? word : many}`;
}

/** The digits of a candidate mask, as written. */
export function digitsOf(g: Geometry, mask: number): string[] {
  const out: string[] = [];
  for (let d = 1; d <= g.size; d++) if (mask & (1 << (d - 1))) out.push(digitName(g, d));
  return out;
}

/** How long the worker took: µs below a millisecond, else ms. */
export function timeText(a: Analysis): string {
  return a.micros < 1000 ? `${a.micros} µs` : `${(a.micros / 1000).toFixed(a.micros < 10_000 ? 1 : 0)} ms`;
}

/** What a step does, in the usual notation: r1c2=5 for a placement, r1c2<>5 for an elimination. */
export function effectsText(g: Geometry, step: Step): string {
  return [...step.placements.map((p) => `${cellName(g, p.cell)}=${digitName(g, p.digit)}`), ...step.eliminations.map((e) => `${cellName(g, e.cell)}<>${digitName(g, e.digit)}`)].join(', ');
}

/** A step's heading: its technique and rating, or that it is a guess. */
export function stepTitle(step: Step): string {
  return step.technique === 'guess' ? 'a guess (no technique applies here)' : `${step.technique} (${step.rating.toFixed(1)})`;
}

/** The grade line in a player's words: the level and the hardest technique it takes, then the rating and the scale it is on. */
export function gradeText(grade: GradeData, variant = false): string {
  // SE's name for the technique, where it is not the same as ours (SE rates classic Sudoku only).
  const se = variant || grade.hardestSe === null || grade.hardestSe === grade.hardest ? '' : ` (SE: ${grade.hardestSe})`;
  const hardest = grade.guessed ? 'logic alone does not finish it, it takes a guess' : `the hardest step is ${/^[AEIOU]/.test(grade.hardest) ? 'an' : 'a'} ${grade.hardest}${se}`;
  // No one rates variants on SE's scale: sudokit's variant scale puts each rule's steps beside the classic step as hard.
  const scale = variant ? "sudokit's variant scale: classic steps at their Sukaku Explainer ratings, each rule's steps beside the classic step they are as hard as" : 'the Sukaku Explainer scale';
  return `Grade: ${grade.level} — ${hardest} (${grade.rating.toFixed(1)} on ${scale}).`;
}

/** The colours a player can give cells, by number (style.css draws them, one set per theme). */
export const COLOURS = ['red', 'orange', 'yellow', 'green', 'teal', 'blue', 'purple', 'pink', 'grey'] as const;
