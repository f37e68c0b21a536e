/**
 * The page's notes and selection as a player uses them, in Chromium: Fill notes and striking
 * marks out, centre marks beside pencil marks, several cells selected (keys, Ctrl/Shift+click, a
 * drag) and coloured, and digit-first play. Candidates are worked out here apart from the page.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { pageHarness, SKIP } from './chromium.js';

// The callbacks passed to page.evaluate run in the page; these names are the page's.
// biome-ignore lint/suspicious/noExplicitAny: the page's own globals, not typed in the Node build
declare const localStorage: any, sessionStorage: any, Storage: any, DOMException: any;

const P1 = '4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......';

/** The digits no peer of a 9x9 cell holds, worked out from the puzzle's text alone. */
function candidatesOf(puzzle: string, cell: number): number[] {
  const [r, c] = [Math.floor(cell / 9), cell % 9];
  const seen = new Set<string>();
  for (let i = 0; i < 81; i++) {
    const [ri, ci] = [Math.floor(i / 9), i % 9];
    const peer = ri === r || ci === c || (Math.floor(ri / 3) === Math.floor(r / 3) && Math.floor(ci / 3) === Math.floor(c / 3));
    if (peer && i !== cell) seen.add(puzzle[i]!);
  }
  return [1, 2, 3, 4, 5, 6, 7, 8, 9].filter((d) => !seen.has(String(d)));
}

describe('notes, selection and colours on the page in Chromium', { skip: SKIP }, () => {
  const harness = pageHarness();
  const { open, close, status, button } = harness;

  const cell = (page: Page, i: number) => page.locator('[role="gridcell"]').nth(i);
  const label = async (page: Page, i: number) => (await cell(page, i).getAttribute('aria-label')) ?? '';
  const labels = (page: Page) => page.$$eval('[role="gridcell"]', (els) => els.map((el) => el.getAttribute('aria-label') ?? ''));
  const selected = (page: Page) => page.$$eval('[role="gridcell"][aria-selected="true"]', (els) => els.map((el) => Number((el as { dataset: { cell: string } }).dataset.cell)));

  test('Fill notes pencils every empty cell with its candidates in one step; a typed digit strikes one out; a placed digit leaves its peers; each undoes at once', async () => {
    const { page, errors } = await open(`?puzzle=${P1}`);
    await button(page, 'Fill notes').click();
    await status(page, /now holds its candidates as pencil marks/);
    assert.equal(await button(page, 'Pencil').getAttribute('aria-pressed'), 'true', 'ready to strike marks out');
    const filled = await labels(page);
    for (let i = 0; i < 81; i++) {
      if (P1[i] !== '.') continue;
      assert.match(filled[i]!, new RegExp(`, empty, marks ${candidatesOf(P1, i).join(' ')}$`), `cell ${i}`);
    }
    // r1c2 (cell 1): strike out its first candidate.
    const [first, second] = candidatesOf(P1, 1);
    await cell(page, 1).click();
    await page.keyboard.press(String(first));
    assert.match(await label(page, 1), new RegExp(`marks ${candidatesOf(P1, 1).slice(1).join(' ')}$`));
    // Place the second in r1c2 as a digit: it leaves the marks of r1c3 (a peer).
    await button(page, 'Pencil').click();
    assert.ok((await label(page, 2)).includes(` ${second}`), `r1c3 has a ${second} mark first`);
    await page.keyboard.press(String(second));
    assert.match(await label(page, 1), new RegExp(`, ${second}$`));
    assert.ok(!new RegExp(`marks.* ${second}( |$)`).test(await label(page, 2)), `r1c3 lost its ${second}: ${await label(page, 2)}`);
    await page.keyboard.press('Control+z');
    assert.match(await label(page, 2), new RegExp(`marks ${candidatesOf(P1, 2).join(' ')}$`), 'one undo brings the entry and the peers back');
    await page.keyboard.press('Control+z');
    assert.match(await label(page, 1), new RegExp(`marks ${candidatesOf(P1, 1).join(' ')}$`), 'the struck mark is back');
    await page.keyboard.press('Control+z');
    assert.equal((await labels(page)).filter((l) => l.includes('marks')).length, 0, 'one undo takes every note back');
    await close(page, errors);
  });

  test('centre marks stand beside pencil marks: M switches them on, Shift+digit pencils in any mode, a placed digit removes them from its peers, a reload keeps them', async () => {
    const { page, errors } = await open(`?puzzle=${P1}`);
    await cell(page, 1).click();
    await page.keyboard.press('m');
    assert.equal(await button(page, 'Centre').getAttribute('aria-pressed'), 'true');
    await page.keyboard.press('1');
    await page.keyboard.press('2');
    await page.keyboard.press('6');
    await page.keyboard.press('Shift+3');
    await page.keyboard.press('6');
    assert.match(await label(page, 1), /, empty, marks 3, centre marks 1 2$/);
    assert.equal(await cell(page, 1).locator('.centre').getAttribute('data-d'), '12', 'drawn in the middle');
    assert.equal(await cell(page, 1).locator('.marks .m[data-d]').count(), 1, 'and the pencil mark at its place');
    await page.reload();
    await page.locator('[role="gridcell"]').first().waitFor();
    assert.match(await label(page, 1), /, empty, marks 3, centre marks 1 2$/, 'a reload keeps both');
    assert.equal(await button(page, 'Centre').getAttribute('aria-pressed'), 'true', 'and the mode');
    // Back to digits (M again); a 1 in r1c3 leaves r1c2's centre marks.
    await cell(page, 2).click();
    await page.keyboard.press('m');
    await page.keyboard.press('1');
    assert.match(await label(page, 1), /, empty, marks 3, centre marks 2$/);
    await close(page, errors);
  });

  test('several cells selected by Shift+click, Ctrl+click, a drag and Shift+arrows take marks and colours together; Erase takes the entry first, then the colour', async () => {
    const { page, errors } = await open(`?puzzle=${P1}`);
    assert.equal(await page.locator('#board').getAttribute('aria-multiselectable'), 'true');
    await cell(page, 1).click();
    await cell(page, 2).click({ modifiers: ['Shift'] });
    await cell(page, 10).click({ modifiers: ['Control'] });
    assert.deepEqual(await selected(page), [1, 2, 10]);
    await cell(page, 2).click({ modifiers: ['Control'] });
    assert.deepEqual(await selected(page), [1, 10], 'Ctrl+click on a selected cell takes it out');
    await cell(page, 2).click({ modifiers: ['Control'] });
    await button(page, 'Colour').click();
    assert.equal(await page.locator('#pad button').first().getAttribute('aria-label'), 'Colour 1, red');
    await page.locator('#pad button').nth(2).click();
    for (const i of [1, 2, 10]) {
      assert.equal(await cell(page, i).getAttribute('data-colour'), '3');
      assert.match(await label(page, i), /, yellow$/);
    }
    assert.match(await label(page, 10), /, 3, given, yellow$/, 'a given takes a colour too');
    await page.keyboard.press('3');
    assert.equal(await page.locator('[role="gridcell"][data-colour]').count(), 0, 'the same colour again takes it off all');
    await page.keyboard.press('3');
    // A drag over r3c5..r3c7 (cells 22 to 24, empty) selects the three, and centre marks go in all.
    const box = async (i: number) => (await cell(page, i).boundingBox())!;
    const [a, b] = [await box(22), await box(24)];
    await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
    await page.mouse.down();
    await page.mouse.move(a.x + a.width * 1.5, a.y + a.height / 2, { steps: 4 });
    await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 4 });
    await page.mouse.up();
    assert.deepEqual(await selected(page), [22, 23, 24]);
    await page.keyboard.press('m');
    await page.keyboard.press('5');
    for (const i of [22, 23, 24]) assert.match(await label(page, i), /centre marks 5$/);
    await page.keyboard.press('5');
    assert.equal((await labels(page)).filter((l) => l.includes('centre marks')).length, 0, 'and out of all again');
    await page.keyboard.press('Escape');
    assert.deepEqual(await selected(page), [24], 'Escape keeps the focused cell only');
    await page.keyboard.press('Shift+ArrowLeft');
    await page.keyboard.press('Shift+ArrowLeft');
    assert.deepEqual(await selected(page), [22, 23, 24]);
    // Erase order on r1c2, yellow: a digit, then Erase takes the digit, then the colour; Undo the colour back.
    await cell(page, 1).click();
    await page.keyboard.press('m');
    assert.equal(await button(page, 'Centre').getAttribute('aria-pressed'), 'false', 'M again: back to digits');
    await page.keyboard.press('6');
    assert.match(await label(page, 1), /, 6, yellow$/);
    await page.keyboard.press('Backspace');
    assert.match(await label(page, 1), /, empty, yellow$/);
    await page.keyboard.press('Backspace');
    assert.match(await label(page, 1), /, empty$/);
    await page.keyboard.press('Control+z');
    await page.reload();
    await page.locator('[role="gridcell"]').first().waitFor();
    assert.equal(await cell(page, 1).getAttribute('data-colour'), '3', 'Undo brought the colour back and a reload keeps it');
    // A selection on a 9x9 board means nothing on a 4x4: a size switch keeps one cell selected.
    await cell(page, 80).click({ modifiers: ['Shift'] });
    await page.getByLabel('Size').selectOption('2x2');
    assert.equal((await selected(page)).length, 1);
    await close(page, errors);
  });

  test('digit first: a digit chosen on the pad goes into each cell clicked, comes out on a second click, and is highlighted wherever it stands', async () => {
    const { page, errors } = await open(`?puzzle=${P1}`);
    // 9 is a candidate of both r1c2 and r2c4 (cells 1 and 12; see candidatesOf), which do not see each other.
    await button(page, 'Digit first').click();
    await status(page, /^Digit first:/);
    await page.getByRole('button', { name: 'Digit 9', exact: true }).click();
    assert.equal(await page.getByRole('button', { name: 'Digit 9', exact: true }).getAttribute('aria-pressed'), 'true');
    await cell(page, 1).click();
    await cell(page, 12).click();
    assert.match(await label(page, 1), /, 9$/);
    assert.match(await label(page, 12), /, 9$/);
    const highlighted = await page.$$eval('[role="gridcell"].same', (els) => els.map((el) => Number((el as { dataset: { cell: string } }).dataset.cell)));
    const nines = [...P1].flatMap((d, i) => (d === '9' || i === 1 || i === 12 ? [i] : []));
    assert.deepEqual(highlighted, nines, 'every 9 on the board is highlighted');
    await cell(page, 1).click();
    assert.match(await label(page, 1), /, empty$/, 'a second click takes it out');
    // From the keyboard: Space puts the chosen digit into the focused cell, and takes it out again.
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Space');
    assert.match(await label(page, 2), /, 9$/);
    await page.keyboard.press('Space');
    assert.match(await label(page, 2), /, empty$/);
    // Pencil marks the same way, and the choice survives a reload.
    await button(page, 'Pencil').click();
    await cell(page, 2).click();
    assert.match(await label(page, 2), /marks 9$/);
    await page.reload();
    await page.locator('[role="gridcell"]').first().waitFor();
    assert.equal(await button(page, 'Digit first').getAttribute('aria-pressed'), 'true');
    await close(page, errors);
  });

  test('on a phone a finger dragged over the board selects the cells it crosses instead of scrolling the page; the colour pad colours them', async () => {
    const { page, errors } = await open(`?puzzle=${P1}`);
    await page.setViewportSize({ width: 375, height: 740 });
    const cdp = await harness.context.newCDPSession(page);
    const [a, b] = [(await cell(page, 22).boundingBox())!, (await cell(page, 24).boundingBox())!];
    const y = a.y + a.height / 2;
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: a.x + a.width / 2, y }] });
    for (const x of [a.x + a.width, a.x + a.width * 1.5, b.x, b.x + b.width / 2]) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y }] });
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    assert.deepEqual(await selected(page), [22, 23, 24]);
    assert.equal(await page.evaluate(() => (globalThis as unknown as { scrollY: number }).scrollY), 0, 'the page did not scroll');
    await button(page, 'Colour').click();
    await page.getByRole('button', { name: 'Colour 4, green', exact: true }).click();
    for (const i of [22, 23, 24]) assert.match(await label(page, i), /, empty, green$/);
    await close(page, errors);
  });

  test('a game saved before centre marks, colours and slots (the one v1 key, six-layer boards, a left puzzle without mistakes or start) comes back whole, and Undo reaches the puzzle it left', async () => {
    const { page, errors } = await open();
    const b36 = (a: number[]) => a.map((n) => n.toString(36)).join(',');
    const givens = [...P1].map((c) => (c === '.' ? 0 : Number(c)));
    const entries = givens.map((_, cell) => (cell === 1 ? 1 : 0));
    const marks = givens.map((_, cell) => (cell === 2 ? (1 << 1) | (1 << 5) : 0));
    const zero = givens.map(() => 0);
    const other = [...'123456789'.repeat(9)].map((_, cell) => (cell === 0 ? 5 : 0));
    const board = {
      now: ['3x3', b36(givens), b36(entries), b36(marks), b36(zero), b36(zero)],
      undo: [['3x3', b36(other), b36(zero), b36(zero), b36(zero), b36(zero), [61_000, 2]]],
      redo: [],
      id: 'old',
    };
    await page.evaluate(
      ([game, clock]) => {
        for (const key of Object.keys(localStorage)) if (key.startsWith('sudokit.')) localStorage.removeItem(key);
        sessionStorage.clear();
        localStorage.setItem('sudokit.game.v1', game!);
        localStorage.setItem('sudokit.clock.v1', clock!);
        // This page saves its game as it goes away: from here on its writes go nowhere.
        Storage.prototype.setItem = () => {};
      },
      [JSON.stringify(board), JSON.stringify({ id: 'old', elapsedMs: 125_000, hintsUsed: 1 })],
    );
    await page.reload();
    await page.locator('[role="gridcell"]').first().waitFor();
    await status(page, /^Welcome back/);
    assert.match(await label(page, 1), /, 1$/, 'the entry');
    assert.match(await label(page, 2), /, empty, marks 2 6$/, 'the marks');
    assert.match((await page.locator('#timer').textContent()) ?? '', /^2:0[5-9]/, 'the time played');
    assert.equal(await page.evaluate(() => localStorage.getItem('sudokit.game.v1')), null, 'the old key is taken up once');
    await button(page, 'Undo').click();
    assert.match(await label(page, 0), /, 5, given$/, 'Undo reaches the puzzle the old game left');
    assert.match((await page.locator('#timer').textContent()) ?? '', /^1:0[1-9]/, 'with its own time');
    await close(page, errors);
  });

  test('with storage full (every write throwing) the page plays on: an entry, a centre mark and Fill notes work, and nothing is said on the console', async () => {
    const { page, errors } = await open(`?puzzle=${P1}`);
    // Every write fails from now on, as with a full or switched-off storage.
    await page.evaluate(() => {
      Object.defineProperty(Storage.prototype, 'setItem', {
        value() {
          throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
        },
      });
    });
    await cell(page, 1).click();
    await page.keyboard.press('1');
    await page.keyboard.press('m');
    await page.keyboard.press('2');
    await button(page, 'Fill notes').click();
    assert.match(await label(page, 1), /, 1$/);
    await page.waitForTimeout(1_200); // a tick of the clock, which saves
    await close(page, errors);
  });
});
