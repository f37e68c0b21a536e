/**
 * HoDoKu's regression library (reglib-1.4, `bench/data/reglib-1.4.txt`): 1,100-odd positions,
 * each holding exactly one instance of a named technique, with the deduction it must give. Read
 * here for `bench/techniques.ts` (every case, family by family) and for the technique tests (a
 * sample of the cases, `test/data/hodoku/reglib-sample.txt`).
 *
 * A line is `:CODE[-VARIANT]:CANDIDATES:GIVENS:DELETED:ELIMINATIONS:PLACEMENTS:EXTRA`. GIVENS is
 * 81 cells (a `+` before a digit marks one placed while solving, which is a value like any
 * other here); DELETED lists candidates already removed, ELIMINATIONS and PLACEMENTS what the
 * technique must find, each as `digit row column` triples separated by spaces. A variant `x` is a
 * fail case: the technique must find nothing there. The library's own comments name each code
 * (`#0100: Locked Candidates Type 1 (Pointing)`).
 */
import { geometry } from '../src/geometry.js';
import { Board } from '../src/logic/board.js';
import type { Candidate, Step, Technique } from '../src/logic/step.js';

export interface RegCase {
  /** 1-based line of the file. */
  readonly line: number;
  /** The technique's code (`0310`) and its variant (`1`, or `x` for a fail case; empty when none). */
  readonly code: string;
  readonly variant: string;
  /** The position: values (placed and given alike), row by row, and the candidates already deleted. */
  readonly values: Uint8Array;
  readonly deleted: readonly Candidate[];
  readonly eliminations: readonly Candidate[];
  readonly placements: readonly Candidate[];
  readonly text: string;
}

export interface RegLibrary {
  readonly cases: readonly RegCase[];
  /** Each code's name from the library's comments (`0310` → `Finned X-Wing`). */
  readonly names: ReadonlyMap<string, string>;
}

const G9 = geometry(3, 3);

function triples(field: string, where: string): Candidate[] {
  const out: Candidate[] = [];
  for (const t of field.trim().split(/\s+/)) {
    if (t === '') continue;
    if (!/^[1-9]{3}$/.test(t)) throw new Error(`${where}: "${t}" is not a candidate (digit row column)`);
    out.push({ digit: Number(t[0]), cell: (Number(t[1]) - 1) * 9 + Number(t[2]) - 1 });
  }
  return out;
}

/** Read the library's text: every case line, and the names its comments give the codes. */
export function readRegLib(text: string): RegLibrary {
  const cases: RegCase[] = [];
  const names = new Map<string, string>();
  const lines = text.split(/\r\n|\n|\r/);
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i]!.trim();
    const named = /^#(\d{4}):\s*(.+?)\s*$/.exec(raw);
    if (named) names.set(named[1]!, named[2]!);
    if (!raw.startsWith(':')) continue;
    const where = `reglib line ${i + 1}`;
    const f = raw.split(':');
    if (f.length < 7) throw new Error(`${where}: expected at least 6 fields after the first colon`);
    const [code, variant = ''] = f[1]!.split('-') as [string, string?];
    const givens = f[3]!.replace(/\+/g, '');
    if (givens.length !== 81) throw new Error(`${where}: the givens have ${givens.length} cells, not 81`);
    const values = new Uint8Array(81);
    for (let c = 0; c < 81; c++) values[c] = givens[c] === '.' || givens[c] === '0' ? 0 : Number(givens[c]);
    cases.push({ line: i + 1, code, variant, values, deleted: triples(f[4]!, where), eliminations: triples(f[5]!, where), placements: triples(f[6] ?? '', where), text: raw });
  }
  return { cases, names };
}

/** The board of a case: its values, their peers' candidates gone, and the deleted candidates. */
export function boardOf(c: RegCase): Board {
  const board = Board.fromGrid(G9, c.values);
  for (const d of c.deleted) board.eliminate(d.cell, d.digit);
  return board;
}

/**
 * Whether a step makes every deduction the case expects (and maybe more). A placement and the
 * removal of every other candidate of its cell are one deduction said two ways (HoDoKu states a
 * BUG+1 as eliminations, sudokit as the placement they leave), so either counts for the other.
 */
export function makesWhole(step: Step, c: RegCase, candidates: ArrayLike<number> = boardOf(c).candidates): boolean {
  if (c.eliminations.length === 0 && c.placements.length === 0) return false;
  const eliminates = (x: Candidate) => step.eliminations.some((y) => y.cell === x.cell && y.digit === x.digit) || step.placements.some((p) => p.cell === x.cell && p.digit !== x.digit);
  const places = (x: Candidate) => {
    if (step.placements.some((y) => y.cell === x.cell && y.digit === x.digit)) return true;
    for (let m = candidates[x.cell]! & ~(1 << (x.digit - 1)); m !== 0; m &= m - 1) if (!eliminates({ cell: x.cell, digit: 32 - Math.clz32(m & -m) })) return false;
    return candidates[x.cell] !== 0;
  };
  return c.eliminations.every(eliminates) && c.placements.every(places);
}

/** What a step says that the solution contradicts: a wrong placement, or the solution's digit removed. */
export function unsoundPart(step: Step, solution: ArrayLike<number>): string | undefined {
  for (const p of step.placements) if (solution[p.cell] !== p.digit) return `places ${p.digit} in cell ${p.cell}`;
  for (const e of step.eliminations) if (solution[e.cell] === e.digit) return `removes ${e.digit} from cell ${e.cell}, the solution's digit`;
  return undefined;
}

export interface CaseOutcome {
  /** The first technique (in the list's order) whose step makes the whole deduction, if any. */
  readonly foundBy?: string;
  /** Steps that contradict the solution, as text. */
  readonly unsound: readonly string[];
  /**
   * For a fail case: the case's own techniques (`own`) that found a step there (there must be
   * none). Other techniques may well make deductions there, the ones the case lists included.
   */
  readonly touched: readonly string[];
}

/**
 * Try one step of each technique (every step, for one that lists its instances) on the case's position (uniqueness allowed: the library's
 * positions come from puzzles with one solution), and say which finds the expected deduction
 * whole, and which steps are unsound against `solution` (when known). `own` names the
 * techniques that must find nothing on a fail case.
 */
export function tryCase(c: RegCase, techniques: readonly Technique[], solution: ArrayLike<number> | undefined, own: readonly string[] = []): CaseOutcome {
  let foundBy: string | undefined;
  const unsound: string[] = [];
  const touched: string[] = [];
  const candidates = boardOf(c).candidates;
  for (const t of techniques) {
    const board = boardOf(c);
    // A technique that can list its instances (chains) is asked for all of them.
    const steps = t.findAll ? t.findAll(board, { unique: true }) : [t.find(board, { unique: true })];
    for (const step of steps) {
      if (!step || (step.placements.length === 0 && step.eliminations.length === 0)) continue;
      if (solution) {
        const bad = unsoundPart(step, solution);
        if (bad) unsound.push(`${t.name}: ${bad} (${step.text})`);
      }
      if (c.variant === 'x') {
        if (own.includes(t.name)) touched.push(t.name);
      } else if (foundBy === undefined && makesWhole(step, c, candidates)) foundBy = step.technique;
    }
  }
  return { ...(foundBy === undefined ? {} : { foundBy }), unsound, touched };
}
