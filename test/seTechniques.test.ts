/**
 * Sukaku Explainer's techniques on real boards: for each technique SE rates and the step solver
 * took from it (strong-link fishes, big wings, BUG types, aligned exclusions, Nishio, cycles), a
 * puzzle of the SE-rated datasets (pinned here, so the test runs without ../shared) whose grade
 * equals SE's and whose hardest step is that technique. Each step of the path is also checked
 * against the solution.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parsePuzzle } from '../src/format/parse.js';
import { gradePuzzle } from '../src/logic/grade.js';
import { seTechniqueName } from '../src/logic/seName.js';
import type { Puzzle } from '../src/puzzle.js';
import { solve } from '../src/registry.js';

function puzzleOf(text: string): Puzzle {
  const parsed = parsePuzzle(text);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.puzzle;
}

/**
 * { technique of the hardest step, the name SE's hint gives it (seTechniqueName; strong-link
 * fishes carry SE's suffix: grouped links, then the links' unit kinds, box 0, row 1, column 2),
 * SE's rating of the puzzle, the puzzle (from se-rated-sample.txt or se-rated-diabolical.txt),
 * the hardest step's text }
 */
const CASES = [
  {
    technique: 'Empty Rectangle',
    seName: 'Grouped 2 Strong links 101',
    se: 4.3,
    puzzle: '.2619..477..5.........6..29...28.49...........91.76...91..4.........5..853..1796.',
    text: 'Empty Rectangle on 3: r8c5=r2c5 - row 2 of box 3=column 7 of box 3 (column 5, box 3) => r8c7<>3',
  },
  {
    // A row's places in two boxes: r1c4|r1c5 is one end of a grouped strong link.
    technique: 'Grouped Turbot Fish',
    seName: 'Grouped Skyscraper 111',
    se: 4.3,
    puzzle: '2......568.........4.62....5.248....1.......5....953.8....46.7.........347......1',
    text: 'Grouped Turbot Fish on 3: r1c4|r1c5=r1c2 - r4c2=r4c6 (row 1, row 4) => r2c6<>3, r3c6<>3',
  },
  {
    technique: '3 Skyscrapers',
    seName: '3 Skyscrapers 0111',
    se: 5.4,
    puzzle: '.1.7.....4.6.2....9.21.5....48.9....6.1...5.7....5.84....5.37.2....7.9.6.....6.5.',
    text: '3 Skyscrapers on 3: r1c1=r8c1 - r9c3=r6c3 - r6c9=r1c9 (column 1, column 3, column 9) => r1c5<>3, r1c8<>3',
  },
  {
    technique: '3 Strong Links',
    seName: '3 Strong links 0101',
    se: 5.5,
    puzzle: '.291.457...4...2...5..6..8..4.....9..7289145.....5..............96.4.81.2.5...6.9',
    text: '3 Strong Links on 3: r2c8=r2c2 - r9c2=r8c1 - r5c1=r5c9 (row 2, box 7, row 5) => r1c9<>3, r6c8<>3',
  },
  {
    technique: '3-String Kite',
    seName: '3-String Kite 0112',
    se: 5.6,
    puzzle: '.5..3..7...7...8..6.42.75.9..........7.5.6.4.5.28.97.3..6...2....5.9.4..72.....96',
    text: '3-String Kite on 8: r9c3=r9c6 - r7c5=r3c5 - r3c2=r8c2 (row 9, column 5, column 2) => r8c1<>8',
  },
  {
    technique: 'Grouped 3 Strong Links',
    seName: 'Grouped 3-String Kite 3121',
    se: 5.7,
    puzzle: '2..7..8546..58....1...9...........72.28...16.97...........5...1....38..6863..7..5',
    text: 'Grouped 3 Strong Links on 4: r5c1=r5c4|r5c6 - r4c5|r6c5=r9c5 - r7c4|r7c6=r7c3 (row 5, column 5, row 7) => r4c3<>4, r6c3<>4, r8c1<>4',
  },
  {
    technique: 'WXYZ-Wing',
    seName: 'WXYZ-Wing 248',
    se: 5.5,
    puzzle: '9..2....6..3.8......69.532...8...1.2.5..7..3.2.4...6...695.87......4.2..8....3..5',
    text: 'WXYZ-Wing: r7c8 (14), r9c7 (49), r9c8 (1469) with r9c5 (69), restricted commons 6 and 9 (doubly linked) => r1c8<>1, r2c8<>1, r7c9<>1, r7c9<>4, r8c8<>1, r8c9<>1, r9c4<>6',
  },
  {
    technique: 'VWXYZ-Wing',
    seName: 'VWXYZ-Wing 1412',
    se: 6.3,
    puzzle: '8....5....5..9.86..62...59...1..2......9.3......8..7...35...21..49.2..3....3....7',
    text: 'VWXYZ-Wing: r4c5 (456), r6c5 (1456), r7c5 (48), r9c5 (456) with r8c6 (18), x = 8, z = 1 => r6c6<>1',
  },
  {
    technique: 'BUG Type 2',
    seName: 'BUG type 2',
    se: 5.7,
    puzzle: '7....58.1..2.84...6......9.12.3.8....8..5..7....4.1.82.6......8...14.3..2.78....5',
    text: 'BUG Type 2: r1c4, r2c8 would leave a deadly pattern without 6, so one of them is 6 (relies on the puzzle having one solution) => r1c8<>6, r2c4<>6',
  },
  {
    technique: 'BUG Type 3',
    seName: 'BUG type 3',
    se: 5.8,
    puzzle: '8.27..9.1...6.....75...2..6.....98..9.......4..15.....4..2...59.....7...5.9..32.8',
    text: undefined,
  },
  {
    // se-rated-diabolical line 135: rated 6.3 (a VWXYZ-Wing) before BUG type 4 was looked for.
    technique: 'BUG Type 4',
    seName: 'BUG type 4',
    se: 5.7,
    puzzle: '5..6...8..9...1.....28...143.7.2.................6.1.213...59.....9...5..2...4..6',
    text: 'BUG Type 4: r4c2, r5c2 are the only places of 6 in box 4 and one of them holds an extra digit, so each is 6 or its extra digit (relies on the puzzle having one solution) => r4c2<>4, r5c2<>8',
  },
  {
    technique: 'Aligned Pair Exclusion',
    seName: 'Aligned Pair Exclusion',
    se: 6.2,
    puzzle: '..47......2.....8.87..594.....37..6...31.52...5..96.....752..94.8.....2......48..',
    text: 'Aligned Pair Exclusion: r1c1, r1c2, excluders r1c6, r1c7, r1c8, r2c3, r3c3 => r1c2<>1',
  },
  {
    technique: 'Aligned Triplet Exclusion',
    seName: 'Aligned Triplet Exclusion',
    se: 7.5,
    puzzle: '9......565..8..4...715..8......7.63....3.5....43.8......7..956...6..7..842......7',
    text: 'Aligned Triplet Exclusion: r3c8, r8c7, r9c7, excluders r1c7, r9c8 => r8c7<>1',
  },
  {
    technique: 'Nishio Forcing Chain',
    seName: 'Nishio Forcing Chains',
    se: 7.7,
    puzzle: '1....46.....56.7...56...4...854.....4...1...6.....894...9...17...7.39.....42....5',
    text: 'Nishio Forcing Chain: r5c3=2 -> r5c6<>2 -> r4c5=2 -> r1c5<>2 -> contradiction (r1c5 would be both 2 and not 2) => r5c3<>2',
  },
  {
    technique: 'XY-Cycle',
    seName: 'Bidirectional Y-Cycle',
    se: 6.6,
    puzzle: '3....8..6....3.9...954..3..1...2.6...3.5.1.7...4.7...2..2..986...9.8....4..6....7',
    text: 'XY-Cycle: (1=6)r3c5-(6=9)r5c5-(9=8)r5c9-(8=1)r3c9-(1)r3c5 => r2c9<>8, r3c8<>1, r4c9<>8',
  },
] as const;

for (const c of CASES) {
  test(`SE technique on a real board: ${c.technique} (SE: ${c.seName}) decides the grade, ${c.se} as SE has it`, () => {
    const puzzle = puzzleOf(c.puzzle);
    const solution = solve(puzzle).solution!;
    const grade = gradePuzzle(puzzle);
    const steps = grade.explanation.steps;
    for (const step of steps) {
      assert.ok(step.eliminations.every((e) => solution[e.cell] !== e.digit) && step.placements.every((p) => solution[p.cell] === p.digit), step.text);
    }
    const hardest = steps.reduce((a, s) => (s.rating > a.rating ? s : a));
    assert.equal(hardest.technique, c.technique, hardest.text);
    assert.equal(seTechniqueName(hardest), c.seName, hardest.text);
    assert.equal(grade.rating, c.se, hardest.text);
    if (c.text) assert.equal(hardest.text, c.text);
  });
}
