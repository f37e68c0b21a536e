/**
 * The page as a player's daily app, in real Chromium (the harness of test/chromium.ts): Pause
 * hides the board and stops the clock, statistics count each finished game once, the daily
 * streak counts consecutive dates, and a mistake limit ends a game. Each test plays the feature
 * as a player would (clicks, keys, reloads) and reads what the page shows.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { parsePuzzle } from '../src/format/parse.js';
import { solve } from '../src/registry.js';
import { axeViolations, pageHarness, SKIP } from './chromium.js';

// The callbacks passed to page.evaluate run in the page; these names are the page's.
// biome-ignore lint/suspicious/noExplicitAny: the page's own globals, not typed in the Node build
declare const document: any, localStorage: any;

const P1 = '4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......';
const P1_SOLUTION = '417369825632158947958724316825437169791586432346912758289643571573291684164875293';
/** The first three empty cells of P1 (r1c2, r1c3, r1c4). */
const LAST = [1, 2, 3];
/** P1 with every entry of its solution but those three: a game three digits from the end. */
const ALMOST = `?puzzle=${P1}&entries=${[...P1_SOLUTION].map((d, cell) => (LAST.includes(cell) ? '.' : d)).join('')}`;
const STATS_KEY = 'sudokit.stats.v1';
const GRADED = /^Grade: \w+ — /;

/** The Statistics table as rows of cell texts (head first), and the streak line. */
async function statistics(page: Page): Promise<{ rows: string[][]; streak: string }> {
  const details = page.locator('details.stats');
  if (!(await details.evaluate((el) => el.open))) await details.locator('summary').click();
  const rows = await page.locator('.stats-table tr').evaluateAll((trs) => trs.map((tr) => [...tr.children].map((c) => c.textContent ?? '')));
  return { rows, streak: (await page.locator('#streak').textContent()) ?? '' };
}

/** The page's own calendar dates, today first and then each day before (YYYY-MM-DD). */
function pageDays(page: Page, count: number): Promise<string[]> {
  return page.evaluate((n) => {
    const now = new Date();
    return Array.from({ length: n }, (_, k) => {
      const d = new Date(now.getFullYear(), now.getMonth(), now.getDate() - k);
      return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    });
  }, count);
}

describe('the page as a daily app in Chromium: pause, statistics, streak, mistake limit', { skip: SKIP }, () => {
  const harness = pageHarness();
  const { open, close, values, timerSeconds, status, button } = harness;

  /** A page with no statistics yet (the browser's storage is shared by the tests, as one player's). */
  async function fresh(query: string): Promise<Awaited<ReturnType<typeof open>>> {
    const opened = await open(query);
    await opened.page.evaluate((key) => localStorage.removeItem(key), STATS_KEY);
    return opened;
  }

  async function graded(page: Page): Promise<string> {
    await page.waitForFunction((source) => new RegExp(source).test(document.getElementById('grade')?.textContent ?? ''), GRADED.source, { timeout: 30_000 });
    return (await page.locator('#grade').textContent()) ?? '';
  }

  test('Pause hides the board from sight and from a screen reader, stops the clock, refuses keys, survives a reload; Resume brings it back', async () => {
    const { page, errors } = await fresh(`?puzzle=${P1}`);
    await page.keyboard.press('7'); // the focus is on r1c2
    await page.waitForFunction(() => /^0:0[1-9]$/.test(document.getElementById('timer')?.textContent ?? ''));
    await button(page, 'Pause').click();
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'resume', 'Resume takes the focus');
    await button(page, 'Resume').click();
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('aria-label')), 'row 1 column 2, 7', 'the selected cell has the focus');
    await button(page, 'Pause').click();
    assert.equal(await page.getByRole('gridcell').count(), 0, 'no cell is in the accessibility tree');
    const tree = await page.locator('body').ariaSnapshot();
    assert.doesNotMatch(tree, /row \d column \d|Digit \d|gridcell/, 'nothing of the board can be read');
    assert.match(tree, /heading "Paused"/);
    assert.ok(await page.locator('#board').isHidden());
    assert.ok(await page.locator('#paused').isVisible());
    const board = await page.locator('#paused').boundingBox();
    assert.ok(board && Math.abs(board.width - board.height) < 2, "the panel stands in the board's square");
    assert.match((await page.locator('#timer').textContent()) ?? '', /\(paused\)$/);
    const at = await timerSeconds(page);
    // Keys do nothing while paused: a digit, undo, Escape.
    for (const key of ['5', 'Control+z', 'Escape', 'Backspace']) await page.keyboard.press(key);
    await page.waitForTimeout(2100);
    assert.equal(await timerSeconds(page), at, 'no time passes while paused');
    assert.deepEqual(await axeViolations(page), [], 'the paused page is accessible');
    // The controls beside the board cannot be used meanwhile.
    assert.ok(await page.locator('#controls').evaluate((el) => el.inert));
    await page.reload();
    await page.locator('#resume').waitFor();
    assert.ok(await page.locator('#board').isHidden(), 'a reload comes back paused');
    assert.match((await page.locator('#timer').textContent()) ?? '', /\(paused\)$/);
    assert.equal(await timerSeconds(page), at);
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'resume', 'after the reload too, Resume has the focus');
    await page.keyboard.press('Enter');
    assert.equal(await values(page), `${P1[0]}7${P1.slice(2)}`, 'the board is as it was: no key reached it');
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('aria-label')), 'row 1 column 3, empty', 'the selected cell (the first empty one after a reload) has the focus');
    await page.waitForFunction((t) => Number(document.getElementById('timer')?.textContent?.split(':')[1]) > t, at % 60);
    assert.doesNotMatch((await page.locator('#timer').textContent()) ?? '', /paused/);
    await close(page, errors);
  });

  test('a solved game is counted once in Statistics, with its time: not again after Undo and a second solve, nor after a reload', async () => {
    const { page, errors } = await fresh(ALMOST);
    const level = /^Grade: (\w+)/.exec(await graded(page))![1]!;
    assert.deepEqual((await statistics(page)).rows, [], 'nothing yet');
    for (const cell of LAST) {
      await page.keyboard.press(P1_SOLUTION[cell]!);
      await page.keyboard.press('Enter');
    }
    await page.locator('#finish').waitFor();
    const time = ((await page.locator('#finish-facts div').first().textContent()) ?? '').replace('Time', '');
    const counted = [
      ['Level', 'Solved', 'No hints', 'Lost', 'Best', 'Average'],
      [level, '1', '1', '0', time, time],
    ];
    await page.waitForFunction(() => document.querySelectorAll('.stats-table tbody tr').length === 1);
    assert.deepEqual((await statistics(page)).rows, counted);
    assert.match((await statistics(page)).streak, /^Daily streak: none yet/, 'a puzzle that is not the daily does not count for the streak');
    await button(page, 'Undo').click();
    assert.ok(await page.locator('#finish').isHidden());
    await page.locator('[role="gridcell"]').nth(LAST[2]!).click();
    await page.keyboard.press(P1_SOLUTION[LAST[2]!]!);
    await page.locator('#finish').waitFor();
    assert.deepEqual((await statistics(page)).rows, counted, 'solved again after Undo: still one game');
    await page.reload();
    await status(page, /^Welcome back/);
    await graded(page);
    assert.deepEqual((await statistics(page)).rows, counted, 'resumed solved after a reload: still one game');
    // A new game of the same puzzle is another game.
    await page.locator('#puzzle-text').fill(ALMOST.slice('?puzzle='.length, ALMOST.indexOf('&')));
    await button(page, 'Load').click();
    await page.locator('[role="gridcell"]').nth(1).click();
    await page.keyboard.press('1');
    assert.equal((await statistics(page)).rows[1]![1], '1', 'a game not finished is not counted');
    // On a phone, in the dark theme, the table fits and keeps its contrast (axe checks it at close).
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.setViewportSize({ width: 375, height: 740 });
    const fits = await page.locator('.stats-table').evaluate((t) => t.getBoundingClientRect().right <= document.documentElement.clientWidth);
    assert.ok(fits, 'the table fits a 375 px screen');
    assert.equal(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth), true, 'the page does not scroll sideways');
    await close(page, errors);
  });

  test('a game given up with Solve is not counted: the solver solved it, not the player', async () => {
    const { page, errors } = await fresh(ALMOST);
    await graded(page);
    await page.waitForTimeout(1_100); // some time played, as a game the player gave up
    await button(page, 'Solve').click();
    await page.locator('#finish').waitFor();
    assert.deepEqual((await statistics(page)).rows, [], 'no game counted');
    await page.reload();
    await status(page, /^Welcome back/);
    await graded(page);
    assert.deepEqual((await statistics(page)).rows, [], 'nor after a reload of the solved board');
    await close(page, errors);
  });

  test("the daily puzzle solved counts for the streak: 1, 2 with yesterday's, 1 again after a missed day; the best run is kept", async () => {
    const { page, errors } = await fresh(`?puzzle=${P1}`);
    const [today, yesterday, twoDaysAgo, ...older] = await pageDays(page, 7);
    assert.match((await statistics(page)).streak, /^Daily streak: none yet/);
    await button(page, 'Daily puzzle').click();
    await status(page, new RegExp(`Daily puzzle for ${today}`));
    const givens = await values(page);
    const parsed = parsePuzzle(givens);
    assert.ok(parsed.ok);
    const solution = solve(parsed.puzzle).solution!;
    // The focus is on the first empty cell; Enter jumps to the next one.
    for (let cell = 0; cell < 81; cell++) {
      if (givens[cell] !== '.') continue;
      await page.keyboard.press(String(solution[cell]));
      await page.keyboard.press('Enter');
    }
    await page.locator('#finish').waitFor();
    await page.waitForFunction(() => /1 day/.test(document.getElementById('streak')?.textContent ?? ''));
    assert.equal((await statistics(page)).streak, 'Daily streak: 1 day (best 1 day).');
    assert.equal((await statistics(page)).rows[1]?.[0], 'medium', 'the daily is a medium puzzle');
    /** Put these dates in the stored streak, as if their dailies were solved, and load the page again. */
    const seed = async (days: string[]) => {
      await page.evaluate(
        ([key, list]) => {
          const stats = JSON.parse(localStorage.getItem(key));
          stats.streak = list;
          localStorage.setItem(key, JSON.stringify(stats));
        },
        [STATS_KEY, days] as const,
      );
      await page.reload();
      await status(page, /^Welcome back/);
      return (await statistics(page)).streak;
    };
    assert.equal(await seed([yesterday!, today!]), 'Daily streak: 2 days (best 2 days).');
    assert.equal(await seed([twoDaysAgo!, today!]), 'Daily streak: 1 day (best 1 day).', 'a missed day breaks the streak');
    assert.equal(await seed([older[2]!, older[1]!, older[0]!, today!]), 'Daily streak: 1 day (best 3 days).', 'the best run stays');
    assert.equal(await seed([twoDaysAgo!, yesterday!]), 'Daily streak: 2 days (best 2 days).', "today's not solved yet: the streak runs to yesterday");
    await close(page, errors);
  });

  test('mistake limit 3: three wrong entries end the game; Undo keeps the count, entries are refused, a reload keeps it, Try again starts over', async () => {
    const { page, errors } = await fresh(`?puzzle=${P1}`);
    await page.getByLabel('Mistake limit').selectOption('3');
    await graded(page);
    assert.equal(await page.locator('#mistake-count').textContent(), 'Mistakes 0/3');
    const wrong = (cell: number) => String((Number(P1_SOLUTION[cell]) % 9) + 1);
    await page.locator('[role="gridcell"]').nth(1).click();
    await page.keyboard.press(wrong(1));
    await status(page, /mistake 1 of 3/);
    assert.equal(await page.locator('#mistake-count').textContent(), 'Mistakes 1/3');
    await button(page, 'Undo').click();
    assert.equal(await page.locator('#mistake-count').textContent(), 'Mistakes 1/3', 'Undo does not take a mistake back');
    await page.keyboard.press(P1_SOLUTION[1]!); // a right digit counts for nothing
    assert.equal(await page.locator('#mistake-count').textContent(), 'Mistakes 1/3');
    for (const cell of [2, 3]) {
      await page.locator('[role="gridcell"]').nth(cell).click();
      await page.keyboard.press(wrong(cell));
    }
    assert.equal(await page.locator('#mistake-count').textContent(), 'Mistakes 3/3');
    await status(page, /^Game over/);
    await page.locator('#game-over').waitFor();
    assert.match((await page.locator('#game-over').textContent()) ?? '', /Game over.*3 mistakes: the limit is 3/s);
    assert.doesNotMatch((await page.locator('#timer').textContent()) ?? '', /paused/);
    const board = await values(page);
    await page.locator('[role="gridcell"]').nth(4).click();
    await page.keyboard.press('6');
    await status(page, /Game over: the board takes no more entries/);
    assert.equal(await values(page), board, 'the entry was refused');
    const at = await timerSeconds(page);
    await page.waitForTimeout(1500);
    assert.equal(await timerSeconds(page), at, 'the clock stopped');
    await page.waitForFunction(() => document.querySelectorAll('.stats-table tbody tr').length === 1);
    assert.deepEqual((await statistics(page)).rows[1]?.slice(1), ['0', '0', '1', '–', '–'], 'the game is counted lost');
    assert.ok(await button(page, 'Pause').isDisabled(), 'a lost game has nothing to pause');
    await page.reload();
    await status(page, /^Welcome back/);
    assert.equal(await page.locator('#mistake-count').textContent(), 'Mistakes 3/3', 'the count survives a reload');
    assert.ok(await page.locator('#game-over').isVisible());
    await page.locator('[role="gridcell"]').nth(4).click();
    await page.keyboard.press('6');
    assert.equal(await values(page), board, 'still refused after the reload');
    assert.equal((await statistics(page)).rows[1]?.[3], '1', 'still one game lost');
    await button(page, 'Try again').click();
    assert.equal(await values(page), P1, 'Try again clears the entries');
    assert.equal(await page.locator('#mistake-count').textContent(), 'Mistakes 0/3');
    assert.ok(await page.locator('#game-over').isHidden());
    assert.equal(await timerSeconds(page), 0, 'and the clock starts from zero');
    await page.keyboard.press(P1_SOLUTION[1]!);
    assert.equal((await values(page))[1], P1_SOLUTION[1], 'entries are taken again');
    await close(page, errors);
  });
});
