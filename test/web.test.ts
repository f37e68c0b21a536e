/**
 * The web page in real Chromium (Debian's package, driven by playwright-core), served by the
 * same code as `sudokit serve`. The page is built by `npm run build` (vite build to dist/web)
 * before the tests run; without Chromium or without the built page the browser tests skip and
 * say why. Every page is watched for console errors and uncaught exceptions.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import { createPageServer, resolveRequestPath, WEB_ROOT } from '../src/cli/serve.js';
import { parsePuzzle } from '../src/format/parse.js';
import { cellName } from '../src/geometry.js';
import { Board, digitsOf } from '../src/logic/board.js';
import { solve } from '../src/registry.js';
import { isSolution, type Puzzle } from '../src/puzzle.js';
import { CLI, missingTool } from './helpers.js';

// The callbacks passed to page.evaluate run in the page; these names are the page's, declared
// here rather than pulling the DOM types into the whole Node build.
declare const document: any, navigator: any, getComputedStyle: any, DataTransfer: any, ClipboardEvent: any;

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const BUILT = existsSync(join(WEB_ROOT, 'index.html'));
const SKIP =
  missingTool('page', BUILT, `the page is not built (no ${join(WEB_ROOT, 'index.html')}): run npm run build first`) ??
  missingTool('chromium', existsSync(CHROMIUM), `no Chromium at ${CHROMIUM} (apt-get install chromium, or set CHROMIUM_PATH)`) ??
  false;

const P1 = '4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......';
const P1_SOLUTION = '417369825632158947958724316825437169791586432346912758289643571573291684164875293';
const EASY = '.48.9..5....74521..75..24......7...27.64.9...9.2.6.3.....61.827.13.5.649..798...1';
const UNSOLVABLE = `12345678.${'.'.repeat(8)}9${'.'.repeat(63)}`;
const MULTIPLE = '...5.167.......25.5.1.64...185.46..................76.......52....1.5....58......';
const TINY = '...44.3..4...241';

function puzzleOf(text: string): Puzzle {
  const parsed = parsePuzzle(text);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.puzzle;
}

/** An empty cell of a puzzle and a digit that is a candidate there but not the solution's. */
function wrongCandidate(line: string): { cell: number; digit: number; name: string } {
  const puzzle = puzzleOf(line);
  const solution = solve(puzzle).solution!;
  const board = Board.fromPuzzle(puzzle);
  const cell = board.candidates.findIndex((mask, c) => puzzle.givens[c] === 0 && (mask & ~(1 << (solution[c]! - 1))) !== 0);
  const digit = digitsOf(board.candidates[cell]!).find((d) => d !== solution[cell])!;
  return { cell, digit, name: cellName(puzzle.geometry, cell) };
}

function gridOf(line: string): Uint8Array {
  return Uint8Array.from(line, (ch) => (ch === '.' ? 0 : Number.parseInt(ch, 36)));
}

/** `sudokit serve` with a free port: its first line names the address. */
function startCli(args: string[]): Promise<{ url: string; stop: () => Promise<number | null> }> {
  const child = spawn(process.execPath, [CLI, 'serve', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  return new Promise((resolve, reject) => {
    child.stderr.on('data', (d: Buffer) => (err += d));
    child.stdout.on('data', (d: Buffer) => {
      out += d;
      const m = /http:\/\/\S+\//.exec(out);
      if (m) {
        resolve({
          url: m[0],
          stop: () =>
            new Promise((done) => {
              child.once('exit', (code) => done(code));
              child.kill('SIGINT');
            }),
        });
      }
    });
    child.once('exit', (code) => reject(new Error(`sudokit serve exited with ${code}: ${err}`)));
  });
}

describe('sudokit serve', { skip: BUILT ? false : SKIP || 'page not built' }, () => {
  test('serves the page with the right MIME types and refuses paths outside it', async () => {
    const server = await startCli(['--port', '0']);
    try {
      assert.match(server.url, /^http:\/\/127\.0\.0\.1:\d+\/$/);
      const index = await fetch(server.url);
      assert.equal(index.status, 200);
      assert.equal(index.headers.get('content-type'), 'text/html; charset=utf-8');
      const html = await index.text();
      const script = /src="\.\/(assets\/[^"]+\.js)"/.exec(html)?.[1];
      const style = /href="\.\/(assets\/[^"]+\.css)"/.exec(html)?.[1];
      assert.ok(script && style, 'the built page links its script and style');
      assert.equal((await fetch(server.url + script)).headers.get('content-type'), 'text/javascript; charset=utf-8');
      assert.equal((await fetch(server.url + style)).headers.get('content-type'), 'text/css; charset=utf-8');
      assert.equal((await fetch(`${server.url}no-such-file.js`)).status, 404);
      assert.equal((await fetch(`${server.url}..%2f..%2fpackage.json`)).status, 403);
      assert.equal((await fetch(server.url, { method: 'POST' })).status, 405);
      // A second server on the same port fails with a message that says so.
      const port = new URL(server.url).port;
      await assert.rejects(startCli(['--port', port]), /port \d+ on 127\.0\.0\.1 is already in use/);
    } finally {
      assert.equal(await server.stop(), 130);
    }
  });
});

test('serve: request paths resolve inside the root, or are refused', () => {
  const root = '/srv/page';
  assert.equal(resolveRequestPath(root, '/'), '/srv/page/index.html');
  assert.equal(resolveRequestPath(root, '/assets/a.js?x=1'), '/srv/page/assets/a.js');
  assert.equal(resolveRequestPath(root, '/../../etc/passwd'), '/srv/page/etc/passwd'); // URL parsing drops the dots
  assert.equal(resolveRequestPath(root, '/..%2f..%2fetc/passwd'), 403);
  assert.equal(resolveRequestPath(root, '/%2e%2e%2fpage2/x'), 403);
  assert.equal(resolveRequestPath(root, '/a%00b'), 400);
  assert.equal(resolveRequestPath(root, '/%E0%A4%A'), 400);
});

describe('the web page in Chromium', { skip: SKIP }, () => {
  let server: Server;
  let base: string;
  let context: BrowserContext;
  let profile: string;

  before(async () => {
    server = createPageServer();
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    profile = mkdtempSync(join(tmpdir(), 'sudokit-chromium-'));
    context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      headless: true,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
      viewport: { width: 1280, height: 800 },
    });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base.slice(0, -1) });
  });

  after(async () => {
    await context?.close();
    server?.closeAllConnections();
    await new Promise((done) => server?.close(done));
    rmSync(profile, { recursive: true, force: true });
  });

  /** Open the page (with a query) and collect its console errors and uncaught exceptions. */
  async function open(query = ''): Promise<{ page: Page; errors: string[] }> {
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error' || m.type() === 'warning') errors.push(`console ${m.type()}: ${m.text()}`);
    });
    page.on('pageerror', (e) => errors.push(`page error: ${e.message}`));
    await page.goto(base + query);
    await page.locator('[role="gridcell"]').first().waitFor();
    return { page, errors };
  }

  async function close(page: Page, errors: string[]): Promise<void> {
    await page.close();
    assert.deepEqual(errors, [], 'no console errors or exceptions');
  }

  /** The board as one line, read from the cells' accessible names (`row 1 column 2, 5`). */
  function values(page: Page): Promise<string> {
    return page.$$eval('[role="gridcell"]', (els) => els.map((el) => {
      const v = (el.getAttribute('aria-label') ?? '').split(', ')[1];
      return v === 'empty' || v === undefined ? '.' : v;
    }).join(''));
  }

  async function status(page: Page, pattern: RegExp): Promise<string> {
    await page.waitForFunction((source) => new RegExp(source).test(document.getElementById('status')?.textContent ?? ''), pattern.source, { timeout: 15_000 });
    return (await page.locator('#status').textContent()) ?? '';
  }

  function button(page: Page, name: string) {
    return page.getByRole('button', { name, exact: true });
  }

  test('a ?puzzle= link loads the puzzle into an ARIA grid, graded', async () => {
    const { page, errors } = await open(`?puzzle=${P1}`);
    assert.equal(await values(page), P1);
    assert.equal(await page.locator('[role="grid"] > [role="row"]').count(), 9);
    assert.equal(await page.locator('[role="row"] > [role="gridcell"]').count(), 81);
    assert.equal(await page.locator('[role="gridcell"]').nth(0).getAttribute('aria-label'), 'row 1 column 1, 4, given');
    assert.equal(await page.locator('[role="gridcell"]').nth(1).getAttribute('aria-label'), 'row 1 column 2, empty');
    assert.equal(await page.locator('[role="gridcell"][aria-readonly="true"]').count(), 17, 'givens are read-only');
    assert.equal(await page.locator('[role="gridcell"][tabindex="0"]').count(), 1, 'one cell in the tab order');
    await status(page, /Opened from the link/);
    await page.waitForFunction(() => /Grade: \w+, \d+\.\d/.test(document.getElementById('grade')?.textContent ?? ''));
    for (const name of ['Solve', 'Hint', 'Check', 'Clear', 'Count', 'Explain', 'Generate', 'Share', 'Undo', 'Redo']) assert.equal(await button(page, name).count(), 1, name);
    await close(page, errors);
  });

  test("the page's worker fetches the 9x9 WebAssembly core, which Vite emitted as an asset", async () => {
    const page = await context.newPage();
    const wasm = page.waitForResponse((r) => /\/assets\/fast9-simd-[\w-]+\.wasm$/.test(r.url()), { timeout: 15_000 });
    await page.goto(`${base}?puzzle=${P1}`);
    const response = await wasm;
    assert.equal(response.status(), 200);
    assert.equal(response.headers()['content-type'], 'application/wasm');
    await button(page, 'Solve').click();
    await status(page, /only solution/);
    assert.equal(await values(page), P1_SOLUTION);
    await page.close();
  });

  test('Solve fills in the one solution; a bad link says why and falls back to the example', async () => {
    const { page, errors } = await open(`?puzzle=${P1}`);
    await button(page, 'Solve').click();
    await status(page, /only solution/);
    assert.equal(await values(page), P1_SOLUTION);
    await page.goto(`${base}?puzzle=12345`);
    await status(page, /could not be read\. Invalid puzzle: counted 5 cells/);
    assert.equal(await values(page), EASY);
    await close(page, errors);
  });

  test('typing a puzzle by keyboard on an empty 4x4 board, then solving it', async () => {
    const { page, errors } = await open();
    await page.getByLabel('Size').selectOption('2x2');
    assert.equal(await page.locator('[role="gridcell"]').count(), 16);
    await status(page, /empty 4x4 board/);
    await page.locator('[role="gridcell"]').first().click();
    // Digits go in; Tab jumps to the next empty cell.
    for (const ch of TINY) {
      if (ch !== '.') await page.keyboard.press(ch);
      await page.keyboard.press('Tab');
    }
    assert.equal(await values(page), TINY);
    assert.match((await page.locator('[role="gridcell"]').nth(3).getAttribute('aria-label')) ?? '', /, 4, given$/);
    await button(page, 'Solve').click();
    await status(page, /only solution/);
    const solved = await values(page);
    assert.ok(isSolution(gridOf(solved), puzzleOf(TINY)), solved);
    await close(page, errors);
  });

  test('keyboard: arrows, Home and End move the focus; Backspace empties; undo and redo', async () => {
    const { page, errors } = await open(`?puzzle=${P1}`);
    const focused = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label'));
    await page.locator('[role="gridcell"]').nth(1).click();
    assert.equal(await focused(), 'row 1 column 2, empty');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowRight');
    assert.equal(await focused(), 'row 2 column 3, empty');
    await page.keyboard.press('End');
    assert.equal(await focused(), 'row 2 column 9, empty');
    await page.keyboard.press('Home');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    assert.equal(await focused(), 'row 1 column 1, 4, given', 'arrows stop at the edge');
    assert.equal(await page.locator('[role="gridcell"][tabindex="0"]').getAttribute('aria-label'), 'row 1 column 1, 4, given');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('7');
    assert.equal(await focused(), 'row 1 column 2, 7');
    await page.keyboard.press('Backspace');
    assert.equal(await focused(), 'row 1 column 2, empty');
    await page.keyboard.press('Control+z');
    assert.equal(await focused(), 'row 1 column 2, 7');
    await page.keyboard.press('Control+y');
    assert.equal(await focused(), 'row 1 column 2, empty');
    await button(page, 'Undo').click();
    assert.equal((await values(page))[1], '7');
    // Typing over a given is refused with a message.
    await page.locator('[role="gridcell"]').nth(0).click();
    await page.keyboard.press('5');
    await status(page, /r1c1 is a given/);
    await close(page, errors);
  });

  test('a conflicting entry is flagged with a message; Check marks a wrong entry', async () => {
    const { page, errors } = await open(`?puzzle=${P1}`);
    await page.locator('[role="gridcell"]').nth(1).click();
    await page.keyboard.press('4'); // r1c1 holds a 4
    assert.match((await page.locator('#conflicts').textContent()) ?? '', /Conflict: digit 4 twice in row 1 \(r1c1, r1c2\)/);
    assert.match((await page.locator('[role="gridcell"]').nth(1).getAttribute('aria-label')) ?? '', /conflict/);
    await page.keyboard.press('Backspace');
    assert.equal(await page.locator('#conflicts').textContent(), '');
    const wrong = wrongCandidate(P1); // no clash, but not the solution's digit
    await page.locator('[role="gridcell"]').nth(wrong.cell).click();
    await page.keyboard.press(String(wrong.digit));
    assert.equal(await page.locator('#conflicts').textContent(), '');
    await button(page, 'Check').click();
    await status(page, new RegExp(`1 mistake, marked on the board: ${wrong.name}\\.`));
    assert.match((await page.locator('[role="gridcell"]').nth(wrong.cell).getAttribute('aria-label')) ?? '', /mistake/);
    await page.locator('[role="gridcell"]').nth(wrong.cell).click();
    await page.keyboard.press(P1_SOLUTION[wrong.cell]!);
    await button(page, 'Check').click();
    await status(page, /No mistakes so far/);
    await close(page, errors);
  });

  test('Hint shows the next step on the board; Apply places it', async () => {
    const { page, errors } = await open(`?puzzle=${EASY}`);
    await button(page, 'Hint').click();
    const text = await status(page, /^Hint: /);
    assert.match(text, /(Full House|Hidden Single|Naked Single)/);
    assert.equal(await page.locator('#step-panel').isVisible(), true);
    const placed = page.locator('[role="gridcell"].place');
    assert.equal(await placed.count(), 1);
    const label = (await placed.getAttribute('aria-label')) ?? '';
    const m = /^row (\d+) column (\d+), empty, .*the step places (\d)/.exec(label);
    assert.ok(m, label);
    const cell = (Number(m[1]) - 1) * 9 + Number(m[2]) - 1;
    assert.ok((await page.locator('.marks .m.c-place').count()) >= 1, 'the placed candidate is highlighted');
    await button(page, 'Apply').click();
    await status(page, /^Applied: r\d+c\d+=\d/);
    assert.equal((await values(page))[cell], m[3]);
    assert.equal(await page.locator('#step-panel').isVisible(), false);
    // A wrong entry (a candidate, but not the solution's digit) comes before any step.
    const wrong = wrongCandidate(await values(page));
    await page.locator('[role="gridcell"]').nth(wrong.cell).click();
    await page.keyboard.press(String(wrong.digit));
    assert.equal(await page.locator('#conflicts').textContent(), '');
    await button(page, 'Hint').click();
    await status(page, new RegExp(`^Before the next step: 1 entry is wrong, marked on the board: ${wrong.name}\\.`));
    await close(page, errors);
  });

  test('Explain steps forward and back through the whole solving path', async () => {
    const { page, errors } = await open(`?puzzle=${EASY}`);
    await button(page, 'Explain').click();
    await status(page, /Solved in \d+ steps, by logic alone/);
    const title = page.locator('#step-title');
    assert.match((await title.textContent()) ?? '', /^Step 1 of (\d+): /);
    const total = Number(/of (\d+)/.exec((await title.textContent()) ?? '')![1]);
    assert.equal(total, EASY.split('.').length - 1, 'singles only: one step per empty cell');
    assert.equal(await page.locator('#step-list li').count(), total);
    await button(page, 'Next').click();
    assert.match((await title.textContent()) ?? '', /^Step 2 of /);
    const during = await values(page);
    assert.equal([...during].filter((c) => c === '.').length, total - 1, 'the board shows the grid before step 2');
    await button(page, 'Back').click();
    assert.match((await title.textContent()) ?? '', /^Step 1 of /);
    assert.equal(await page.locator('[role="gridcell"].place').count(), 1, 'the step\'s placement is marked');
    await page.locator('#step-list li').last().getByRole('button').click();
    await button(page, 'Next').click();
    assert.match((await title.textContent()) ?? '', /^After all \d+ steps/);
    assert.ok(!(await values(page)).includes('.'));
    await button(page, 'Close').click();
    assert.equal(await values(page), EASY, 'closing returns to the player\'s grid');
    await close(page, errors);
  });

  test('Generate makes a graded puzzle with one solution; an impossible request says why', async () => {
    const { page, errors } = await open();
    await page.getByLabel('Difficulty').selectOption('easy');
    await button(page, 'Generate').click();
    const text = await status(page, /^Generated \(seed \d+\): a 9x9 puzzle with \d+ givens\.$/);
    const givens = Number(/with (\d+) givens/.exec(text)![1]);
    const line = await values(page);
    assert.equal([...line].filter((c) => c !== '.').length, givens);
    assert.equal(solve(puzzleOf(line), { limit: 2 }).count, 1, 'the generated puzzle has one solution');
    assert.match((await page.locator('#grade').textContent()) ?? '', /^Grade: easy, /);
    await button(page, 'Count').click();
    await status(page, /Count: exactly one solution/);
    // A 4x4 board has no room for an extreme puzzle: the generator's reason is shown.
    await page.getByLabel('Size').selectOption('2x2');
    await page.getByLabel('Difficulty').selectOption('extreme');
    await button(page, 'Generate').click();
    await status(page, /^Generating failed: could not make a puzzle \(4x4/);
    assert.equal(await page.locator('#status').getAttribute('data-tone'), 'error');
    await close(page, errors);
  });

  test('a puzzle without a solution: Solve, Count and Hint say so', async () => {
    const { page, errors } = await open(`?puzzle=${UNSOLVABLE}`);
    await button(page, 'Solve').click();
    await status(page, /^No solution/);
    await button(page, 'Count').click();
    await status(page, /Count: this puzzle has no solution/);
    assert.equal(await page.locator('#count-out p').textContent(), 'No solution.');
    await button(page, 'Hint').click();
    await status(page, /No hint: this puzzle has no solution/);
    await page.waitForFunction(() => /no solution/.test(document.getElementById('grade')?.textContent ?? ''));
    await close(page, errors);
  });

  test('a puzzle with many solutions: Count shows two different ones side by side', async () => {
    const { page, errors } = await open(`?puzzle=${MULTIPLE}`);
    await button(page, 'Count').click();
    await status(page, /more than one solution/);
    const tables = page.locator('#count-out table');
    assert.equal(await tables.count(), 2);
    const grids = await tables.evaluateAll((ts) => ts.map((t) => [...t.querySelectorAll('td')].map((td) => td.textContent).join('')));
    const puzzle = puzzleOf(MULTIPLE);
    for (const g of grids) assert.ok(isSolution(gridOf(g), puzzle), g);
    assert.notEqual(grids[0], grids[1]);
    const differ = [...grids[0]!].filter((d, i) => d !== grids[1]![i]).length;
    assert.equal(await page.locator('#count-out table').first().locator('td.diff').count(), differ);
    await close(page, errors);
  });

  test('Share copies a link that opens the same puzzle', async () => {
    const { page, errors } = await open(`?puzzle=${EASY}`);
    await page.getByLabel('Size').selectOption('2x3');
    await page.locator('[role="gridcell"]').first().click();
    await page.keyboard.press('5');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('6');
    await button(page, 'Edit givens').click();
    await button(page, 'Share').click();
    await status(page, /Link copied/);
    const link = await page.locator('#share-link').inputValue();
    assert.equal(link, `${base}?puzzle=56${'.'.repeat(34)}&box=2x3`);
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), link);
    await page.goto(link);
    await status(page, /Opened from the link: a 6x6 \(2x3 boxes\) puzzle with 2 givens/);
    assert.equal(await values(page), `56${'.'.repeat(34)}`);
    await close(page, errors);
  });

  test('pasting: a puzzle in any format loads, bad text gets the parser\'s message', async () => {
    const { page, errors } = await open();
    await page.getByLabel(/Paste or type a puzzle/).fill('not a puzzle');
    await button(page, 'Load').click();
    await status(page, /^Invalid puzzle: unexpected character "o" at position 2 in "not a puzzle"/);
    assert.equal(await page.locator('#status').getAttribute('data-tone'), 'error');
    // A pretty grid pasted straight onto the board.
    const pretty = await page.evaluate((p) => {
      const rows = [];
      for (let r = 0; r < 9; r++) rows.push(`| ${p.slice(r * 9, r * 9 + 9).split('').join(' ')} |`);
      return rows.join('\n');
    }, P1);
    await page.locator('[role="gridcell"]').first().click();
    await page.evaluate((text) => {
      const data = new DataTransfer();
      data.setData('text/plain', text);
      document.activeElement?.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    }, pretty);
    await status(page, /Pasted: a 9x9 puzzle with 17 givens/);
    assert.equal(await values(page), P1);
    await page.evaluate(() => {
      const data = new DataTransfer();
      data.setData('text/plain', '1234');
      document.activeElement?.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    });
    await status(page, /counted 4 cells/);
    await close(page, errors);
  });

  test('pencil marks, candidates, 16x16 and export as text', async () => {
    const { page, errors } = await open(`?puzzle=${P1}`);
    await button(page, 'Pencil').click();
    assert.equal(await button(page, 'Pencil').getAttribute('aria-pressed'), 'true');
    await page.locator('[role="gridcell"]').nth(1).click();
    await page.keyboard.press('1');
    await page.keyboard.press('6');
    assert.equal(await page.locator('[role="gridcell"]').nth(1).getAttribute('aria-label'), 'row 1 column 2, empty, marks 1 6');
    await button(page, 'Candidates').click();
    assert.equal(await page.locator('[role="gridcell"]').nth(1).getAttribute('aria-label'), `row 1 column 2, empty, candidates ${digitsOf(Board.fromPuzzle(puzzleOf(P1)).candidates[1]!).join(' ')}`);
    await button(page, 'Export text').click();
    const text = await page.getByLabel(/Paste or type a puzzle/).inputValue();
    const parsed = parsePuzzle(text);
    assert.ok(parsed.ok);
    assert.equal(parsed.puzzle.givens.join(''), gridOf(P1).join(''));
    const [download] = await Promise.all([page.waitForEvent('download'), button(page, 'Export SVG').click()]);
    assert.equal(download.suggestedFilename(), 'sudokit-grid.svg');
    const svg = readFileSync((await download.path())!, 'utf8');
    assert.match(svg, /^<svg[^>]*viewBox/);
    assert.match(svg, /<title>/);
    await status(page, /downloaded as sudokit-grid\.svg/);
    await page.getByLabel('Size').selectOption('4x4');
    assert.equal(await page.locator('[role="row"]').count(), 16);
    assert.equal(await page.locator('[role="gridcell"]').count(), 256);
    await page.locator('[role="gridcell"]').first().click();
    await page.keyboard.press('g');
    assert.equal(await page.locator('[role="gridcell"]').first().getAttribute('aria-label'), 'row 1 column 1, G, given');
    await button(page, 'Solve').click();
    await status(page, /more than one solution/);
    assert.ok(!(await values(page)).includes('.'));
    await close(page, errors);
  });

  test('colours keep WCAG AA contrast in light and dark themes; the page fits a phone', async () => {
    const { page, errors } = await open(`?puzzle=${P1}`);
    const PAIRS = [
      ['text', 'bg'], ['text', 'surface'], ['muted', 'surface'], ['muted', 'bg'], ['given', 'surface'], ['entry', 'surface'],
      ['entry', 'peer-bg'], ['entry', 'same-bg'], ['entry', 'selected-bg'], ['given', 'selected-bg'], ['filled', 'surface'],
      ['filled', 'peer-bg'], ['error', 'error-bg'], ['error', 'surface'], ['ok', 'surface'], ['accent-text', 'accent'],
      ['place', 'place-bg'], ['remove', 'surface'], ['remove', 'unit-bg'], ['text', 'proof-bg'], ['muted', 'peer-bg'],
      ['muted', 'unit-bg'], ['muted', 'selected-bg'], ['text', 'pressed-bg'],
    ] as const;
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      // Resolve each variable through a probe element: the browser gives rgb(r, g, b).
      const colours = await page.evaluate((names) => {
        const probe = document.body.appendChild(document.createElement('span'));
        const out = Object.fromEntries(names.map((n) => {
          probe.style.color = `var(--${n})`;
          return [n, getComputedStyle(probe).color];
        }));
        probe.remove();
        return out;
      }, [...new Set(PAIRS.flat())]);
      for (const [fg, bg] of PAIRS) {
        const ratio = contrast(colours[fg]!, colours[bg]!);
        assert.ok(ratio >= 4.5, `${scheme}: --${fg} ${colours[fg]} on --${bg} ${colours[bg]} is ${ratio.toFixed(2)}:1`);
      }
    }
    await page.setViewportSize({ width: 375, height: 812 });
    const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, board: document.getElementById('board')!.getBoundingClientRect().width }));
    assert.ok(widths.page <= 375, `no sideways scrolling at 375 px (${widths.page})`);
    assert.ok(widths.board >= 320, `the board uses the width (${widths.board})`);
    await close(page, errors);
  });
});

/** WCAG contrast ratio of two `rgb(r, g, b)` colours. */
function contrast(a: string, b: string): number {
  const luminance = (colour: string) => {
    const channels = /^rgb\((\d+), (\d+), (\d+)\)$/.exec(colour);
    if (!channels) throw new Error(`not an opaque rgb() colour: ${colour}`);
    const [r, g, bl] = channels.slice(1).map((c) => Number(c) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}
