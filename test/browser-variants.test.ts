/**
 * The page as a variant player, in real Chromium (the harness of test/chromium.ts), one test per
 * family of kinds: a real puzzle opens from an f-puzzles link (`?fpuzzles=`), its rules are drawn
 * over the board, Hint gives a step, a broken rule shows as a clash, and the puzzle is solved by
 * typing its known solution (the page then says every rule holds). The puzzles are real ones from
 * the shared variant collections, copied with their solutions into test/data/variants/page-examples.txt.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { fpuzzlesLoadString } from '../src/format/links.js';
import { parseVariant } from '../src/format/variant.js';
import type { VariantPuzzle } from '../src/variant/puzzle.js';
import { pageHarness, SKIP } from './chromium.js';
import { VENDORED_DATASETS } from './helpers.js';

// The callbacks passed to page.evaluate run in the page; these names are the page's.
// biome-ignore lint/suspicious/noExplicitAny: the page's own globals, not typed in the Node build
declare const document: any;

interface Example {
  readonly load: string;
  readonly solution: string;
  readonly puzzle: VariantPuzzle;
}

const EXAMPLES = new Map<string, Example>(
  readFileSync(`${VENDORED_DATASETS}variants/page-examples.txt`, 'utf8')
    .trim()
    .split('\n')
    .map((line) => {
      const [load, solution] = line.split(' ') as [string, string];
      const read = parseVariant(load);
      if (!read.ok) throw new Error(read.error.message);
      return [read.puzzle.title ?? '', { load, solution, puzzle: read.puzzle }];
    }),
);

function example(title: string): Example {
  const found = EXAMPLES.get(title);
  if (!found) throw new Error(`no example ${title}`);
  return found;
}

describe('the page plays variant puzzles', { skip: SKIP, timeout: 240_000 }, () => {
  const { open, close, status, values } = pageHarness();

  /** Open an example from its f-puzzles load string, as a shared link does. */
  async function openExample(title: string): Promise<{ page: Page; errors: string[] }> {
    const opened = await open(`?fpuzzles=${encodeURIComponent(example(title).load)}`);
    await status(opened.page, /^Opened from the link: /);
    return opened;
  }

  /** The rules of these kinds are drawn over the board. */
  async function drawn(page: Page, kinds: readonly string[]): Promise<void> {
    for (const kind of kinds) assert.ok((await page.locator(`.rules-overlay .${kind}`).count()) > 0, `a ${kind} is drawn`);
  }

  /** Ask for a hint and read it: the step panel opens with a step. */
  async function hint(page: Page): Promise<string> {
    await page.getByRole('button', { name: 'Hint', exact: true }).click();
    await page.locator('#step-panel:not([hidden])').waitFor();
    return (await page.locator('#status').textContent()) ?? '';
  }

  /** Type the solution into every empty cell (a digit, then Enter to the next empty cell) and see the page say it is solved. */
  async function solveByTyping(page: Page, title: string): Promise<void> {
    const { solution } = example(title);
    const before = await values(page);
    const empty = [...before].flatMap((ch, cell) => (ch === '.' ? [cell] : []));
    await page.locator('[role="gridcell"]').nth(empty[0]!).click();
    for (const cell of empty) {
      await page.keyboard.press(solution[cell]!);
      await page.keyboard.press('Enter');
    }
    assert.equal(await values(page), solution);
    await status(page, example(title).puzzle.constraints.length > 0 ? /^Solved! .*every rule holds/ : /^Solved! Every row, column and region/);
    await page.locator('#finish:not([hidden])').waitFor();
  }

  /** Put a digit in a cell by clicking it and typing. */
  async function put(page: Page, cell: number, digit: string): Promise<void> {
    await page.locator('[role="gridcell"]').nth(cell).click();
    await page.keyboard.press(digit);
  }

  test('cages, arrows and thermometers: drawn, hinted, a cage over its sum is a clash, solved', async () => {
    const title = 'CTC Tribute';
    const { page, errors } = await openExample(title);
    assert.match((await page.locator('#status').textContent()) ?? '', /killer cage.*arrow.*thermometer|thermometer.*killer cage/);
    await drawn(page, ['killer', 'arrow', 'thermo']);
    assert.ok((await page.locator('.rules-overlay .killer-sum').count()) > 0, 'cage sums are written');
    assert.ok((await hint(page)).length > 0);
    await page.getByRole('button', { name: 'Close', exact: true }).first().click();
    // A cage filled with its solution but one cell one off breaks its sum.
    const { puzzle, solution } = example(title);
    const cage = puzzle.constraints.find((c): c is Extract<typeof c, { kind: 'killer' }> => c.kind === 'killer' && c.sum !== undefined && c.cells.every((cell) => puzzle.givens[cell] === 0))!;
    for (const cell of cage.cells.slice(0, -1)) await put(page, cell, solution[cell]!);
    const last = cage.cells.at(-1)!;
    await put(page, last, String((Number(solution[last]) % 9) + 1));
    await page.waitForFunction(() => /killer cage/.test(document.getElementById('conflicts')?.textContent ?? ''));
    assert.ok(await page.locator(`[role="gridcell"][data-cell="${last}"].conflict`).count());
    await page.keyboard.press('Backspace');
    await solveByTyping(page, title);
    await close(page, errors);
  });

  test('lines: renban, whispers and slow thermometers drawn, hinted; the palindrome solved', async () => {
    for (const [title, kinds] of [
      ['Hard renban 2', ['renban', 'thermo']],
      ['Merry X/V-mas', ['whispers']],
    ] as const) {
      const { page, errors } = await openExample(title);
      await drawn(page, kinds);
      assert.ok((await hint(page)).length > 0, title);
      await close(page, errors);
    }
    // No shared puzzle has a slow thermometer: the one made for the step tests is drawn here.
    const slow = (JSON.parse(readFileSync(`${VENDORED_DATASETS}variant-steps.json`, 'utf8')) as Array<{ kind: string; puzzle: string }>).find((p) => p.kind === 'slow-thermo')!;
    const made = await open(`?fpuzzles=${encodeURIComponent(slow.puzzle)}`);
    await status(made.page, /^Opened from the link: .*slow thermometer/);
    await drawn(made.page, ['slow-thermo']);
    await close(made.page, made.errors);
    const title = 'Sudoku Variants Series (013) - Palindrome Sudoku';
    const { page, errors } = await openExample(title);
    await drawn(page, ['palindrome']);
    await solveByTyping(page, title);
    await close(page, errors);
  });

  test('dots: kropki and XV drawn, a broken dot is a clash, solved; the negative rules are named', async () => {
    const title = 'XV Kropki Sudoku';
    const { page, errors } = await openExample(title);
    await drawn(page, ['white-dot', 'black-dot', 'xv']);
    const { puzzle, solution } = example(title);
    // Both cells of a white dot one apart is right; the same digit twice is not consecutive.
    const dot = puzzle.constraints.find((c): c is Extract<typeof c, { kind: 'white-dot' }> => c.kind === 'white-dot' && c.cells.every((cell) => puzzle.givens[cell] === 0))!;
    const [a, b] = dot.cells;
    await put(page, a, solution[a]!);
    await put(page, b, String((Number(solution[a]) + 4) % 9 || 9));
    await page.waitForFunction(() => /white kropki dot/.test(document.getElementById('conflicts')?.textContent ?? ''));
    await page.keyboard.press('Backspace');
    await put(page, a, '0');
    await solveByTyping(page, title);
    await close(page, errors);
    const strict = await openExample('Strict kropki');
    assert.match((await strict.page.locator('#status').textContent()) ?? '', /negative black dots.*non-consecutive|non-consecutive.*negative black dots/);
    assert.ok((await hint(strict.page)).length > 0);
    await close(strict.page, strict.errors);
  });

  test('cells: odd, even and between lines on a 6x6 board, drawn and solved', async () => {
    const title = '6x6: Between Odd and Even';
    const { page, errors } = await openExample(title);
    await drawn(page, ['odd', 'even', 'between']);
    assert.ok((await hint(page)).length > 0);
    await page.getByRole('button', { name: 'Close', exact: true }).first().click();
    await solveByTyping(page, title);
    await close(page, errors);
  });

  test('outside clues: little killers and sandwiches drawn beside the grid; the little killer solved', async () => {
    const sandwich = await openExample('Between 1 and 9 Sudoku');
    await drawn(sandwich.page, ['sandwich']);
    assert.ok(await sandwich.page.locator('.board.with-clues').count(), 'the board leaves room for the clues');
    assert.ok((await hint(sandwich.page)).length > 0);
    await close(sandwich.page, sandwich.errors);
    const title = '6x6: Little Killer';
    const { page, errors } = await openExample(title);
    await drawn(page, ['little-killer']);
    // The clues sit outside the grid, yet on the page.
    const box = await page.locator('.rules-overlay svg').boundingBox();
    const board = await page.locator('#board').boundingBox();
    assert.ok(box && board && box.x < board.x && box.x >= 0, 'the clues stand left of the board, on the page');
    await solveByTyping(page, title);
    await close(page, errors);
  });

  test('regions and global rules: a jigsaw solved, diagonals and windows drawn, a knight move apart is a clash', async () => {
    const jigsaw = await openExample('Jigsaw');
    // Region edges follow the regions, not the 3x3 boxes.
    const edges = await jigsaw.page.$$eval('[role="gridcell"].box-left', (els) => els.map((el) => Number(el.getAttribute('data-cell')) % 9));
    assert.ok(
      edges.some((c) => c % 3 !== 0),
      'a region edge off the box lines',
    );
    await solveByTyping(jigsaw.page, 'Jigsaw');
    assert.match((await jigsaw.page.locator('#status').textContent()) ?? '', /region/);
    await close(jigsaw.page, jigsaw.errors);
    const windoku = await openExample('X-Windoku');
    await drawn(windoku.page, ['diagonal', 'extra-region']);
    // Explain's fourth step (teaching path) locks a 1 on the ↗ diagonal: the diagonal is the step's house, and shown as one.
    await windoku.page.getByRole('button', { name: 'Explain', exact: true }).click();
    await status(windoku.page, /^Solved in \d+ steps/, 60_000);
    for (let i = 0; i < 3; i++) await windoku.page.getByRole('button', { name: 'Next', exact: true }).click();
    assert.match((await windoku.page.locator('#step-title').textContent()) ?? '', /^Step 4 of \d+: Locked Candidates/);
    const shown = await windoku.page.$$eval('[role="gridcell"].unit', (els) => els.map((el) => Number(el.getAttribute('data-cell'))).sort((a, b) => a - b));
    assert.deepEqual(
      shown,
      Array.from({ length: 9 }, (_, i) => (8 - i) * 9 + i).sort((a, b) => a - b),
      "the diagonal from r9c1 to r1c9 is the step's house",
    );
    await close(windoku.page, windoku.errors);
    const barbed = await openExample('The Barbed Cross');
    assert.match((await barbed.page.locator('#status').textContent()) ?? '', /disjoint groups/);
    await close(barbed.page, barbed.errors);
    const knight = await openExample('Anti-knight Anti-consecutive');
    const { puzzle, solution } = example('Anti-knight Anti-consecutive');
    // Two empty cells a knight's move apart, in other rows, columns and boxes, take one digit
    // (the first one's solution digit, which no given beside the second one holds).
    const g = puzzle.geometry;
    const seesGiven = (cell: number, d: number) => puzzle.givens.some((x, c) => x === d && (g.rowOf[c] === g.rowOf[cell] || g.colOf[c] === g.colOf[cell] || g.boxOf[c] === g.boxOf[cell]));
    let pair: [number, number] | undefined;
    for (let a = 0; a < g.cellCount && !pair; a++) {
      const b = a + 2 * g.size + 1;
      const d = Number(solution[a]);
      if (b < g.cellCount && g.colOf[a]! + 1 === g.colOf[b] && g.boxOf[a] !== g.boxOf[b] && puzzle.givens[a] === 0 && puzzle.givens[b] === 0 && !seesGiven(b, d)) pair = [a, b];
    }
    assert.ok(pair);
    await put(knight.page, pair[0], solution[pair[0]]!);
    await put(knight.page, pair[1], solution[pair[0]]!);
    await knight.page.waitForFunction(() => /anti-knight/.test(document.getElementById('conflicts')?.textContent ?? ''));
    await close(knight.page, knight.errors);
  });

  test('a variant without givens: no solution blames the rules, many solutions are not an empty grid', async () => {
    // Two cages of 3 through r1c1 put one digit twice in box 1: no solution, though the grid alone has many.
    const none = fpuzzlesLoadString({
      size: 9,
      grid: emptyGrid(),
      killercage: [
        { cells: ['R1C1', 'R1C2'], value: '3' },
        { cells: ['R1C1', 'R2C1'], value: '3' },
      ],
    });
    const { page, errors } = await open(`?fpuzzles=${encodeURIComponent(none)}`);
    await page.getByRole('button', { name: 'Solve', exact: true }).click();
    await status(page, /^No solution: no way to fill this grid keeps every row, column and box free of repeats and keeps every rule\.$/);
    await close(page, errors);
    const many = fpuzzlesLoadString({ size: 9, grid: emptyGrid(), killercage: [{ cells: ['R1C1', 'R1C2'], value: '3' }] });
    const second = await open(`?fpuzzles=${encodeURIComponent(many)}`);
    await second.page.locator('#grade', { hasText: /^Grade: none/ }).waitFor();
    assert.equal(await second.page.locator('#grade').textContent(), 'Grade: none, this puzzle has many solutions.');
    await close(second.page, second.errors);
  });

  test('Share gives an f-puzzles link of the same puzzle, and a reload keeps its rules', async () => {
    const title = 'CTC Tribute';
    const { page, errors } = await openExample(title);
    await page.getByRole('button', { name: 'Share', exact: true }).click();
    await page.locator('#share-out:not([hidden])').waitFor();
    const link = await page.locator('#share-link').inputValue();
    assert.match(link, /^https:\/\/(www\.)?f-puzzles\.com\/\?load=/);
    const shared = parseVariant(link);
    assert.ok(shared.ok);
    const { puzzle } = example(title);
    assert.deepEqual(shared.puzzle.constraints, puzzle.constraints);
    assert.deepEqual([...shared.puzzle.givens], [...puzzle.givens]);
    await put(page, puzzle.givens.indexOf(0), '1');
    await page.reload();
    await status(page, /^Welcome back/);
    await drawn(page, ['killer', 'arrow', 'thermo']);
    await close(page, errors);
  });
});

function emptyGrid(): Array<Array<Record<string, never>>> {
  return Array.from({ length: 9 }, () => Array.from({ length: 9 }, () => ({})));
}
