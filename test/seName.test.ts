/**
 * Sukaku Explainer's names for our steps (seTechniqueName): every name a step of the default
 * techniques can carry has one; the names that depend on the pattern (strong-link fishes, big
 * wings, loops, X-chains and cycles, forcing-chain tiers) follow SE's hint classes; and real
 * boards, cheap to grade, end on the technique named as SE names it. (The costlier SE-graded
 * boards are in seTechniques.test.ts.)
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parsePuzzle } from '../src/format/parse.js';
import { gradePuzzle } from '../src/logic/grade.js';
import { seTechniqueName } from '../src/logic/seName.js';
import type { Candidate, Step, StrongLinkKind } from '../src/logic/step.js';
import { hardestStepOf, TECHNIQUES } from '../src/logic/stepSolver.js';

/** A step with only what a name can depend on. */
function stepOf(technique: string, more: Partial<Step> = {}): Step {
  return { technique, rating: 0, placements: [], eliminations: [], cells: [], candidates: [], text: '', ...more };
}

const ROW: StrongLinkKind = { kind: 'row', grouped: false };
const COLUMN: StrongLinkKind = { kind: 'column', grouped: false };
const BOX: StrongLinkKind = { kind: 'box', grouped: false };
const grouped = (link: StrongLinkKind): StrongLinkKind => ({ ...link, grouped: true });

test('SE names: every technique name a step of TECHNIQUES can carry has one (a guess has none)', () => {
  const unmapped: string[] = [];
  for (const technique of TECHNIQUES) {
    for (const name of technique.stepNames ?? [technique.name]) {
      // Detail a name may need: two row links for a strong-link fish.
      const step = stepOf(name, { strongLinks: [ROW, ROW] });
      if (seTechniqueName(step) === undefined) unmapped.push(`${name} (${technique.name})`);
    }
  }
  assert.deepEqual(unmapped, []);
  assert.equal(seTechniqueName(stepOf('guess')), undefined);
});

/** [what the step is, the step, SE's name]. */
const NAMED: readonly [string, Step, string | undefined][] = [
  ['Full House is a Hidden Single of rating 1.0', stepOf('Full House'), 'Hidden Single'],
  ['a triple is a Triplet', stepOf('Naked Triple'), 'Naked Triplet'],
  ['Direct Hidden Triple', stepOf('Direct Hidden Triple'), 'Direct Hidden Triplet'],
  ['a unique rectangle', stepOf('Unique Rectangle Type 4'), 'Unique Rectangle type 4'],
  ['a unique loop of six cells', stepOf('Unique Loop Type 1', { cells: [0, 1, 2, 3, 4, 5] }), 'Unique Loop type 1'],
  ['a unique loop of eight cells says its size', stepOf('Unique Loop Type 2', { cells: [0, 1, 2, 3, 4, 5, 6, 7] }), 'Unique Loop 8 type 2'],
  ['BUG+1', stepOf('BUG+1'), 'BUG type 1'],
  // Strong-link fishes: grouped links, then the unit kinds read the way that gives the smallest string.
  ['two row links', stepOf('Skyscraper', { strongLinks: [ROW, ROW] }), 'Skyscraper 011'],
  ['two column links read as rows', stepOf('Skyscraper', { strongLinks: [COLUMN, COLUMN] }), 'Skyscraper 011'],
  ['a column and a row', stepOf('2-String Kite', { strongLinks: [COLUMN, ROW] }), '2-String Kite 012'],
  ['a box and a column', stepOf('Turbot Fish', { strongLinks: [COLUMN, BOX] }), '2 Strong links 001'],
  ['an empty rectangle: a grouped box link', stepOf('Empty Rectangle', { strongLinks: [grouped(BOX), COLUMN] }), 'Grouped 2 Strong links 101'],
  ['four links, rows and columns', stepOf('4 Strong Links', { strongLinks: [ROW, COLUMN, COLUMN, ROW] }), '4 Strong links 01221'],
  ['a strong-link fish without its links', stepOf('Skyscraper'), undefined],
  // Big wings: doubly linked (2) or not, the largest cell of the set, the set's candidates.
  [
    'a WXYZ-Wing that removes only z',
    stepOf('WXYZ-Wing', {
      cells: [10, 11, 12, 20],
      candidates: cands([10, 3, 8], [11, 8, 9], [12, 2, 3], [20, 2, 9]),
      eliminations: [{ cell: 30, digit: 2 }],
    }),
    'WXYZ-Wing 126',
  ],
  [
    'a doubly linked WXYZ-Wing that removes a digit of the set',
    stepOf('WXYZ-Wing', {
      cells: [10, 11, 12, 20],
      candidates: cands([10, 1, 4], [11, 4, 9], [12, 1, 4, 6, 9], [20, 6, 9]),
      eliminations: [{ cell: 30, digit: 1 }],
    }),
    'WXYZ-Wing 248',
  ],
  // Chains and cycles (ForcingChainHint, CycleHint).
  ['an X-Chain of four candidates: six in SE’s implication chain', stepOf('X-Chain', { candidates: cands([1, 1], [2, 1], [3, 1], [4, 1]) }), 'Turbot Fish'],
  ['a longer X-Chain', stepOf('X-Chain', { candidates: cands([1, 1], [2, 1], [3, 1], [4, 1], [5, 1], [6, 1]) }), 'Forcing X-Chain'],
  ['an X-Cycle through four cells', stepOf('X-Cycle', { cells: [1, 2, 3, 4] }), 'Generalized X-Wing'],
  ['an X-Cycle through six cells', stepOf('X-Cycle', { cells: [1, 2, 3, 4, 5, 6] }), 'Bidirectional X-Cycle'],
  ['an XY-Cycle', stepOf('XY-Cycle'), 'Bidirectional Y-Cycle'],
  ['an XY-Chain', stepOf('XY-Chain'), 'Forcing Chain'],
  ['a Nice Loop', stepOf('Nice Loop'), 'Bidirectional Cycle'],
  // Forcing chains: SE's rule level gives the prefix and the suffix.
  ['Nishio', stepOf('Nishio Forcing Chain'), 'Nishio Forcing Chains'],
  ['a static unit forcing chain', stepOf('Unit Forcing Chain'), 'Region Forcing Chains'],
  ['a dynamic double forcing chain', stepOf('Dynamic Double Forcing Chain'), 'Dynamic Double Forcing Chains'],
  ['dynamic with locked candidates: level 1', stepOf('Dynamic+ Cell Forcing Chain'), 'Dynamic Cell Forcing Chains (+)'],
  ['nested: level 4, 10.5', stepOf('Nested Contradiction Forcing Chain'), 'Dynamic Contradiction Forcing Chains (+ Dynamic Forcing Chains)'],
  ['a technique SE has no rule for', stepOf('W-Wing'), undefined],
];

function cands(...cells: number[][]): Candidate[] {
  return cells.flatMap(([cell, ...digits]) => digits.map((digit) => ({ cell: cell!, digit })));
}

for (const [what, step, expected] of NAMED) {
  test(`SE name: ${what}: ${expected ?? 'none'}`, () => {
    assert.equal(seTechniqueName(step), expected);
  });
}

/**
 * Real boards whose hardest step is cheap to find: [the puzzle (from se-rated-sample.txt or
 * se-rated-diabolical.txt), our technique, SE's name].
 */
const BOARDS: readonly [string, string, string][] = [
  ['..6......5..7...4.9....2..68..1..4.2..42386..3.1..9..76..8....9.7...5..3......1..', 'Skyscraper', 'Skyscraper 011'],
  ['..9..13..852.3..7.3....7....4.92...3.9.....4.1...74.2....7....2.3..5.498..43..7..', '2-String Kite', '2-String Kite 012'],
  ['57..6...3.3...5.6.6.1..7....53.....1....8....9.....27....8..4.2.8.1...3.2...4..19', 'Direct Hidden Triple', 'Direct Hidden Triplet'],
  ['2...1...7...2.7....5.....2...5.2.4....15492..3..7.8..1.7.8.4.3..........63.....85', 'Unique Rectangle Type 1', 'Unique Rectangle type 1'],
  ['..4...39.12.........3.428.6....53.89...2.1...31.86....7.162.9.........38.45...2..', 'Unique Loop Type 2', 'Unique Loop type 2'],
  ['.41....59.82.1.......5..81.9......4..5.7.4.2..7......6.25..7.......2.73.71....46.', 'BUG+1', 'BUG type 1'],
  ['9.......16.1...2.9.5.....8.5...3...6.3..6..4....7.1....93.8.47...4...5.....9.4...', 'WXYZ-Wing', 'WXYZ-Wing 126'],
  ['.52...86....297...3.9...1.7..5.1.7.....7.9...2..8.3..4..8.7.3..5...4...61..9.8..5', 'XY-Chain', 'Forcing Chain'],
  ['2...5...6.1.....9.6..8.1..3..7.9.6.....7.3...9...8...21.......5.6.9.2.1...3.6.2..', 'AIC', 'Forcing Chain'],
  ['9..6....7.6..7..3...7...2..6..5.8..2..4...8..2..3.1..9..1...5...4..5..1.8....9..4', 'Nice Loop', 'Bidirectional Cycle'],
  ['7..5...63..87....9....9.8...2..14....3.289.1....35..2...5.7....6....53..84...3..5', 'Unit Forcing Chain', 'Region Forcing Chains'],
  ['..2.4.5.....819....4.2.5.1.6...8...9.8.....6...1...3..7.......5.5.3.8.7..287.163.', 'Dynamic Contradiction Forcing Chain', 'Dynamic Contradiction Forcing Chains'],
];

for (const [puzzle, technique, se] of BOARDS) {
  test(`SE name on a real board: ${technique} is SE's ${se}`, () => {
    const parsed = parsePuzzle(puzzle);
    assert.ok(parsed.ok);
    const steps = gradePuzzle(parsed.puzzle).explanation.steps;
    const hardest = steps[hardestStepOf(steps)]!;
    assert.equal(hardest.technique, technique, hardest.text);
    assert.equal(seTechniqueName(hardest), se, hardest.text);
    for (const step of steps) assert.notEqual(seTechniqueName(step), undefined, step.text);
  });
}
