/**
 * "Practice a technique" on the page, in real Chromium (test/chromium.ts): the page asks its worker
 * for a puzzle that needs the chosen technique and opens it just before that step. The hint there,
 * which the worker finds on the player's board apart from the generator, must be that technique;
 * and the board must be the puzzle's path so far (every entry the solution's digit).
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { pageHarness, SKIP } from './chromium.js';
import { solve } from '../src/registry.js';
import { parsePuzzle } from '../src/format/parse.js';

// The callbacks passed to page.evaluate run in the page; these names are the page's.
// biome-ignore lint/suspicious/noExplicitAny: the page's own globals, not typed in the Node build
declare const document: any;

describe('Practice a technique', { skip: SKIP, timeout: 240_000 }, () => {
  const { open, close, status, values } = pageHarness();

  // Each technique with the step names that count as it (a finned fish's step may be sashimi).
  for (const [technique, named] of [
    ['W-Wing', /W-Wing/],
    ['Finned X-Wing', /(Finned|Sashimi) X-Wing/],
  ] as const) {
    test(`${technique}: the puzzle opens at the step that needs it, and the hint there is a ${technique}`, async () => {
      const { page, errors } = await open();
      const offered = await page.$$eval('#technique option', (els: { value: string }[]) => els.map((el) => el.value));
      assert.ok(offered.includes(technique) && offered.includes('Templates') && !offered.some((o: string) => /Forcing Chain/.test(o)), offered.join(', '));
      await page.selectOption('#technique', technique);
      await page.getByRole('button', { name: 'Practice a technique', exact: true }).click();
      await status(page, new RegExp(`^Practice ${technique}: the board is at step (\\d+) of \\d+`), 120_000);
      // The board so far: givens and the path's entries, all of them the solution's digits.
      const shown = await values(page);
      const givenCells = await page.$$eval('[role="gridcell"]', (els: { classList: { contains(c: string): boolean } }[]) => els.map((el) => el.classList.contains('given')));
      const givens = [...shown].map((ch, cell) => (givenCells[cell] ? ch : '.')).join('');
      const parsed = parsePuzzle(givens);
      assert.ok(parsed.ok);
      const solution = solve(parsed.puzzle, { limit: 2 });
      assert.equal(solution.count, 1, 'the puzzle has one solution');
      for (let cell = 0; cell < 81; cell++) if (shown[cell] !== '.') assert.equal(shown[cell], String(solution.solution![cell]), `cell ${cell}`);
      assert.ok([...shown].filter((c) => c !== '.').length > [...givens].filter((c) => c !== '.').length, 'the path so far is on the board');
      await page.getByRole('button', { name: 'Hint', exact: true }).click();
      await page.locator('#step-panel:not([hidden])').waitFor();
      const said = `${await page.locator('#status').textContent()} ${await page.locator('#step-title').textContent()}`;
      assert.match(said, named, 'the hint names the technique');
      await close(page, errors);
    });
  }
});
