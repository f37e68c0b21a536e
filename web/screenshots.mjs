// Screenshots of the built page for the README: `npm run build && npm run screenshots`.
// Variant puzzles too: docs/screenshot-variant*.png.
// Desktop (1280x800) with a hint on show (its second level: the cells that prove it), phone
// (375x740) with the hint's deduction in the bottom sheet, the dark theme, notes (Fill notes, some
// struck out, centre marks, colours, several cells selected) and statistics; written to docs/.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { createPageServer } from '../dist/src/cli/serve.js';
import { parsePuzzle, parseVariant, solve } from '../dist/src/index.js';

const PUZZLE = '9..81......5..47.6...2.58.1.9.74.5.......3.7.74.......3..95.6....64...1317......4';
const server = createPageServer();
await new Promise((done) => server.listen(0, '127.0.0.1', done));
const url = `http://127.0.0.1:${server.address().port}/?puzzle=${PUZZLE}`;
const profile = mkdtempSync(join(tmpdir(), 'sudokit-shots-'));
const context = await chromium.launchPersistentContext(profile, {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
const page = context.pages()[0] ?? (await context.newPage());

async function shoot(name, { width, height, scheme = 'light', hints = 0, cell = 10 }) {
  await page.setViewportSize({ width, height });
  await page.emulateMedia({ colorScheme: scheme });
  await page.goto(url);
  await page.waitForFunction(() => /Grade: \w+ — /.test(document.getElementById('grade')?.textContent ?? ''));
  await page.locator('[role="gridcell"]').nth(cell).click();
  for (let i = 0; i < hints; i++) {
    await page.getByRole('button', { name: i ? 'Show more' : 'Hint', exact: true }).click();
    await page.locator('#step-panel:not([hidden])').waitFor();
  }
  await page.screenshot({ path: `docs/${name}.png` });
  console.log(`docs/${name}.png`);
}

await shoot('screenshot-desktop', { width: 1280, height: 800, hints: 2 });
await shoot('screenshot-phone', { width: 375, height: 740, hints: 3 });
await shoot('screenshot-dark', { width: 1280, height: 800, scheme: 'dark', cell: 40 });
// Notes as a player makes them: candidates filled in, a few struck out, centre marks in a pair of
// cells, a colour on a chain of cells, and three cells selected together.
async function notes(name) {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto(url);
  await page.waitForFunction(() => /Grade: \w+ — /.test(document.getElementById('grade')?.textContent ?? ''));
  const cell = (i) => page.locator('[role="gridcell"]').nth(i);
  const keys = async (...names) => {
    for (const k of names) await page.keyboard.press(k);
  };
  await page.getByRole('button', { name: 'Fill notes', exact: true }).click();
  await cell(1).click();
  await keys('2', '3');
  await keys('m');
  await cell(18).click();
  await keys('4', '6');
  await cell(19).click();
  await keys('3', '6');
  await keys('o');
  await cell(2).click();
  await cell(10).click({ modifiers: ['Control'] });
  await keys('4');
  await cell(5).click();
  await cell(9).click({ modifiers: ['Control'] });
  await keys('3');
  await keys('o');
  await cell(36).click();
  await cell(38).click({ modifiers: ['Shift'] });
  await cell(37).click({ modifiers: ['Shift'] });
  await page.screenshot({ path: `docs/${name}.png` });
  console.log(`docs/${name}.png`);
}

// Statistics after two games really played here: a puzzle three digits from its end, and the daily
// puzzle typed in whole from the library's solution (so the daily streak is one day).
async function statistics(name) {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.emulateMedia({ colorScheme: 'light' });
  const play = async (query, fill) => {
    if (query !== undefined) await page.goto(`http://127.0.0.1:${server.address().port}/${query}`);
    await page.waitForFunction(() => /Grade: \w+ — /.test(document.getElementById('grade')?.textContent ?? ''));
    await page.waitForTimeout(1500);
    const grid = await page.$$eval('[role="gridcell"]', (els) => els.map((el) => (el.getAttribute('aria-label') ?? '').split(', ')[1]));
    const puzzle = grid.map((v) => (v === 'empty' ? '.' : v)).join('');
    const parsed = parsePuzzle(puzzle);
    const solution = solve(parsed.puzzle).solution;
    for (let cell = 0; cell < 81; cell++) {
      if (grid[cell] !== 'empty') continue;
      await page.locator('[role="gridcell"]').nth(cell).click();
      await page.keyboard.press(String(solution[cell]));
    }
    await page.locator('#finish:not([hidden])').waitFor();
    if (fill) await fill();
  };
  const P1 = '4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......';
  const P1_SOLUTION = '417369825632158947958724316825437169791586432346912758289643571573291684164875293';
  await play(`?puzzle=${P1}&entries=${[...P1_SOLUTION].map((d, cell) => (cell < 4 ? '.' : d)).join('')}`);
  await page.getByRole('button', { name: 'Daily puzzle', exact: true }).click();
  await page.waitForFunction(() => /^Daily puzzle/.test(document.getElementById('status')?.textContent ?? ''));
  await play(undefined);
  await page.locator('details.stats summary').click();
  await page.locator('details.stats').scrollIntoViewIfNeeded();
  await page.screenshot({ path: `docs/${name}.png` });
  console.log(`docs/${name}.png`);
}

// Variant puzzles from f-puzzles links (the page's test puzzles, test/data/variants/page-examples.txt):
// killer cages, arrows and thermometers with a hint's proof on show; kropki dots and XV on a phone in
// the dark theme; little killer clues outside the grid.
const EXAMPLES = new Map(
  readFileSync('test/data/variants/page-examples.txt', 'utf8')
    .trim()
    .split('\n')
    .map((line) => {
      const load = line.split(' ')[0];
      return [parseVariant(load).puzzle.title, load];
    }),
);
async function variant(name, title, { width, height, scheme = 'light', hints = 0 }) {
  await page.setViewportSize({ width, height });
  await page.emulateMedia({ colorScheme: scheme });
  await page.goto(`http://127.0.0.1:${server.address().port}/?fpuzzles=${encodeURIComponent(EXAMPLES.get(title))}`);
  await page.waitForFunction(() => /Grade: \w+ — /.test(document.getElementById('grade')?.textContent ?? ''), undefined, { timeout: 60_000 });
  for (let i = 0; i < hints; i++) {
    await page.getByRole('button', { name: i ? 'Show more' : 'Hint', exact: true }).click();
    await page.locator('#step-panel:not([hidden])').waitFor();
  }
  await page.screenshot({ path: `docs/${name}.png` });
  console.log(`docs/${name}.png`);
}

await variant('screenshot-variant', 'CTC Tribute', { width: 1280, height: 800, hints: 2 });
await variant('screenshot-variant-phone', 'XV Kropki Sudoku', { width: 375, height: 740, scheme: 'dark' });
await variant('screenshot-variant-clues', 'The Barbed Cross', { width: 1280, height: 800, scheme: 'dark' });
await notes('screenshot-notes');
await statistics('screenshot-stats');
await context.close();
server.close();
rmSync(profile, { recursive: true, force: true });
