/**
 * The step solver on variant puzzles.
 *
 * - Every kind has a named step of its own, shown on a position where it is the only step that
 *   makes progress (test/data/variant-steps.json): the first step the non-forcing techniques find
 *   is that kind's, and no technique finds anything that does not read that kind's rule. Forcing
 *   chains are left out of "only", as in HoDoKu's regression cases: a forcing chain can reach
 *   any deduction. Positions come from solving paths of the shared variant collections, or were
 *   made from one of their solutions (a deadly rectangle only the rule tells apart); each carries
 *   the known solution its step is judged against.
 * - The soundness sweep over the variant collections is in test/variant-sweep-*.test.ts.
 * - The board a variant puzzle makes: its rules' peers and houses, and no uniqueness technique.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { Board } from '../src/logic/board.js';
import { variantRules } from '../src/logic/rules.js';
import type { Step } from '../src/logic/step.js';
import { nextStep, techniquesFor } from '../src/logic/stepSolver.js';
import { VARIANT_TECHNIQUES } from '../src/logic/techniques/variant/lists.js';
import type { VariantPuzzle } from '../src/variant/puzzle.js';
import { isVariantSolution } from '../src/variant/check.js';
import { cellName } from '../src/geometry.js';
import { VENDORED_DATASETS } from './helpers.js';
import { assertSound, digitsOf, read } from './variantSweep.js';

interface Position {
  readonly kind: string;
  readonly technique: string;
  readonly title: string;
  readonly puzzle: string;
  /** The digits placed, `.` for an empty cell. */
  readonly position: string;
  /** The candidates of each empty cell, in order (bit d−1 for digit d). */
  readonly candidates: readonly number[];
  readonly solution: string;
}

const POSITIONS: readonly Position[] = JSON.parse(readFileSync(`${VENDORED_DATASETS}variant-steps.json`, 'utf8'));

/** The must kinds of the variant issue, and jigsaw: each needs a step of its own. */
const MUST = [
  'killer',
  'arrow',
  'white-dot',
  'black-dot',
  'negative-black',
  'xv',
  'negative-xv',
  'thermo',
  'slow-thermo',
  'little-killer',
  'odd',
  'even',
  'anti-knight',
  'anti-king',
  'diagonal',
  'extra-region',
  'disjoint-groups',
  'non-consecutive',
  'palindrome',
  'renban',
  'whispers',
  'between',
  'sandwich',
  'jigsaw',
];

const FORCING = /Forcing|Nishio/;

function boardOf(pos: Position): { board: Board; puzzle: VariantPuzzle; solution: number[] } {
  const puzzle = read(pos.puzzle);
  const values = digitsOf(puzzle, pos.position);
  const candidates = new Array<number>(values.length).fill(0);
  let k = 0;
  for (let cell = 0; cell < values.length; cell++) if (values[cell] === 0) candidates[cell] = pos.candidates[k++]!;
  assert.equal(k, pos.candidates.length, `${pos.title}: one candidate mask per empty cell`);
  return { board: Board.fromCandidates(puzzle.geometry, values, candidates, variantRules(puzzle)), puzzle, solution: digitsOf(puzzle, pos.solution) };
}

const reads = (step: Step, kind: string) => (kind === 'jigsaw' ? step.technique === 'Law of Leftovers' : (step.rules ?? []).includes(kind as never));

test('every must kind, and jigsaw, has a position where a step of its own is the only one that makes progress', () => {
  const covered = new Set(POSITIONS.map((p) => p.kind));
  assert.deepEqual(
    MUST.filter((k) => !covered.has(k)),
    [],
  );
  for (const pos of POSITIONS) {
    const { board, puzzle, solution } = boardOf(pos);
    const where = `${pos.kind} (${pos.title})`;
    assert.ok(isVariantSolution(puzzle, Uint8Array.from(solution)), `${where}: the known solution keeps every rule`);
    for (let cell = 0; cell < solution.length; cell++) {
      if (board.values[cell] !== 0) assert.equal(board.values[cell], solution[cell], `${where}: the position agrees with the solution`);
      else assert.ok((board.candidates[cell]! & (1 << (solution[cell]! - 1))) !== 0, `${where}: ${cellName(puzzle.geometry, cell)} keeps its solution digit`);
    }
    // SE's path: the teaching path's wider library (ALS chains, Death Blossom, templates) finds a
    // classic deduction at some of these positions, which were chosen on the SE path.
    const techniques = techniquesFor(board, 'se').filter((t) => !FORCING.test(t.name));
    const step = nextStep(board, { unique: false }, techniques);
    assert.ok(step, `${where}: a step is found`);
    assert.equal(step.technique, pos.technique, `${where}: ${step.text}`);
    assert.ok(reads(step, pos.kind), `${where}: the step reads the ${pos.kind} rule: ${step.text}`);
    assertSound(step, solution, puzzle.geometry, where);
    for (const t of techniques) {
      const other = t.find(board, { unique: false });
      if (!other || (other.placements.length === 0 && other.eliminations.length === 0)) continue;
      assert.ok(reads(other, pos.kind), `${where}: ${t.name} also makes progress without the ${pos.kind} rule: ${other.text}`);
    }
  }
});

test("a rule step names the rule, where it is and what it rules out, in the rule's own words", () => {
  const texts = new Map(
    POSITIONS.map((pos) => {
      const { board } = boardOf(pos);
      return [
        pos.kind,
        nextStep(
          board,
          { unique: false },
          techniquesFor(board).filter((t) => !FORCING.test(t.name)),
        )!.text,
      ];
    }),
  );
  assert.match(texts.get('odd')!, /^Odd Cell: r\dc\d is an odd cell => r\dc\d<>\d+$/);
  assert.match(texts.get('thermo')!, /^Thermometer: the thermometer (r\dc\d-)+r\dc\d rises from its bulb/);
  assert.match(texts.get('whispers')!, /differ by at least 5/);
  assert.match(texts.get('anti-knight')!, /^Locked Candidates: the \d of (row|column|box) \d is in .* \(by anti-knight\) => /);
  assert.match(texts.get('jigsaw')!, /^Law of Leftovers: .* innies .* outies/);
  assert.match(texts.get('sandwich')!, /between the 1 and the 9 add up to \d+/);
});

test('a variant board: its rules add peers and houses, and no uniqueness technique runs on it', () => {
  // X-Windoku: the diagonals and windows are houses. Anti-knight: a knight's move apart is a peer.
  const board = Board.fromPuzzle(read(POSITIONS.find((p) => p.kind === 'diagonal')!.puzzle));
  const g = board.geometry;
  assert.ok(g.units.length > 27, 'the diagonal and the windows are units');
  assert.ok(g.houseNames?.includes('diagonal ↘'));
  const knight = read(POSITIONS.find((p) => p.kind === 'anti-knight')!.puzzle);
  const kb = Board.fromPuzzle(knight);
  assert.ok(kb.sees(2, 13), 'r1c3 sees r2c5 by a knight move');
  assert.ok(!kb.sees(2, 14));
  assert.ok(kb.geometry.peers[2]!.includes(13));
  assert.ok(!Board.fromPuzzle({ geometry: knight.geometry, givens: knight.givens }).sees(2, 13), 'a classic board does not');
  assert.deepEqual(
    VARIANT_TECHNIQUES.filter((t) => t.uniqueness).map((t) => t.name),
    [],
  );
});
