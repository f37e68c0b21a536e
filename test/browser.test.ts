/**
 * The web page in real Chromium (Debian's package, driven by playwright-core), served by the
 * same code as `sudokit serve`. The page is built by `npm run build` (vite build to dist/web)
 * before the tests run; without Chromium or without the built page the browser tests skip and
 * say why. Every page is watched for console errors and uncaught exceptions.
 *
 * The file's name sorts it among the first: Node's runner takes test files in name order, and
 * this one's 40 seconds must run beside the others, not alone at the end (as web.test.ts it added
 * 35 s to a 77 s suite).
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, test } from 'node:test';
import { chromium } from 'playwright-core';
import { createPageServer, resolveRequestPath } from '../src/cli/serve.js';
import { parsePuzzle } from '../src/format/parse.js';
import { generatePuzzle } from '../src/generate/generator.js';
import { cellName, geometry } from '../src/geometry.js';
import { Board, digitsOf } from '../src/logic/board.js';
import { solve } from '../src/registry.js';
import { isSolution, type Puzzle } from '../src/puzzle.js';
import { BUILT, CHROMIUM, pageHarness, SKIP } from './chromium.js';
import { CLI, SLOW } from './helpers.js';

// The callbacks passed to page.evaluate run in the page; these names are the page's, declared
// here rather than pulling the DOM types into the whole Node build.
// biome-ignore lint/suspicious/noExplicitAny: the page's own globals, not typed in the Node build
declare const document: any, navigator: any, getComputedStyle: any, DataTransfer: any, ClipboardEvent: any, sessionStorage: any, localStorage: any, Option: any;

const P1 = '4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......';
const P1_SOLUTION = '417369825632158947958724316825437169791586432346912758289643571573291684164875293';
const EASY = '.48.9..5....74521..75..24......7...27.64.9...9.2.6.3.....61.827.13.5.649..798...1';
const UNSOLVABLE = `12345678.${'.'.repeat(8)}9${'.'.repeat(63)}`;
const MULTIPLE = '...5.167.......25.5.1.64...185.46..................76.......52....1.5....58......';
const TINY = '...44.3..4...241';

/** A 16x16 puzzle (generate --size 16x16 --seed 1) whose grade takes about a minute: its path needs forcing chains. */
const LONG_GRADE =
  '.B..D4C.E....356D9E..127..A.B....2.7.9.3..6............G4..........A..F...2G.4....8..G.A...65...2.....5...1..9.....D7C...F45..B.1........75.6.F98D...FG9B......A.....B.....C.D..E.GF...C..83...B..B.....613.A.7.C.....6..B...F2DF..1B.9.A..E..4.9..E..7..G....3.';

/** A grade line with a level and the hardest technique, then the rating. */
const GRADED = /^Grade: \w+ — .* \(\d+\.\d on the Sukaku Explainer scale\)\.$/;

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

/** The package's public entries, as the page's sources name them: the root and its subpaths. */
const PUBLIC_ENTRIES = ['index', 'variant/index', 'logic/index', 'generate/index', 'engines/index'].map((e) => `../../src/${e}.js`);

test("the page's source is split by concern into small files; it imports only the library's public entries and its worker room (the client and protocol sudokit/worker is made of), and only its worker solves", () => {
  const dir = fileURLToPath(new URL('../../web/src/', import.meta.url));
  const files = readdirSync(dir).filter((f) => f.endsWith('.ts'));
  assert.ok(files.length >= 10, files.join());
  const SEARCHES = ['solve', 'explain', 'nextStep', 'guessStep', 'generatePuzzle', 'gradePuzzle', 'gradeOf', 'gradeSolved'];
  for (const file of files) {
    const text = readFileSync(join(dir, file), 'utf8');
    const lines = text.split('\n').length;
    assert.ok(lines <= 200, `web/src/${file} has ${lines} lines`);
    for (const [, names, from] of text.matchAll(/^import (?:type )?\{([^}]*)\} from '([^']+)';/gm)) {
      const entry = PUBLIC_ENTRIES.includes(from!);
      assert.ok(entry || /^\.\.\/\.\.\/src\/worker\/\w+\.js$/.test(from!) || /^\.\/\w+\.js$/.test(from!), `web/src/${file} imports ${from}`);
      // The worker side of the library, which runs the searches, is the page's worker's alone.
      if (from === '../../src/worker/host.js') assert.equal(file, 'worker.ts', `web/src/${file} imports the worker side`);
      if (!entry || file === 'worker.ts') continue;
      const searches = names!
        .split(',')
        .map((n) => n.trim().replace(/^type /, ''))
        .filter((n) => SEARCHES.includes(n));
      assert.deepEqual(searches, [], `web/src/${file} runs searches itself`);
    }
  }
});

describe('the web page in Chromium', { skip: SKIP }, () => {
  const harness = pageHarness();
  const { open, close, values, timerSeconds, status, workerNamed, solverWorker, button } = harness;

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
    await page.waitForFunction((source) => new RegExp(source).test(document.getElementById('grade')?.textContent ?? ''), GRADED.source);
    for (const name of ['Solve', 'Hint', 'Check', 'Clear', 'Count', 'Explain', 'Generate', 'Share', 'Undo', 'Redo']) assert.equal(await button(page, name).count(), 1, name);
    await close(page, errors);
  });

  test('a ?puzzle= link puts the focus on the first empty cell, so typing works on arrival', async () => {
    const { page, errors } = await open(`?puzzle=${P1}`);
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('aria-label')), 'row 1 column 2, empty');
    await page.keyboard.press('7');
    assert.equal((await values(page))[1], '7');
    await close(page, errors);
  });

  test("the page's worker fetches the 9x9 WebAssembly core, which Vite emitted as an asset", async () => {
    const page = await harness.context.newPage();
    const wasm = page.waitForResponse((r) => /\/assets\/fast9-simd-[\w-]+\.wasm$/.test(r.url()), { timeout: 15_000 });
    await page.goto(`${harness.base}?puzzle=${P1}`);
    const response = await wasm;
    assert.equal(response.status(), 200);
    assert.equal(response.headers()['content-type'], 'application/wasm');
    await button(page, 'Solve').click();
    await status(page, /only solution/);
    assert.equal(await values(page), P1_SOLUTION);
    await page.close();
  });

  test('Solve fills in the one solution; a bad link says why and leaves the game on the board', async () => {
    const { page, errors } = await open(`?puzzle=${P1}`);
    await button(page, 'Solve').click();
    await status(page, /only solution/);
    assert.equal(await values(page), P1_SOLUTION);
    await page.goto(`${harness.base}?puzzle=12345`);
    // The library's message ends with a full stop before the page's next sentence (they ran together).
    await status(page, /could not be read\. Invalid puzzle: counted 5 cells.*[^.]\. Your saved game is on the board\.$/);
    assert.equal(await values(page), P1_SOLUTION, 'a bad link does not replace the game');
    await close(page, errors);
  });

  test('typing a puzzle by keyboard on an empty 4x4 board, then solving it', async () => {
    const { page, errors } = await open();
    await page.getByLabel('Size').selectOption('2x2');
    assert.equal(await page.locator('[role="gridcell"]').count(), 16);
    await status(page, /empty 4x4 board/);
    await page.locator('[role="gridcell"]').first().click();
    // Digits go in; Enter jumps to the next empty cell.
    for (const ch of TINY) {
      if (ch !== '.') await page.keyboard.press(ch);
      await page.keyboard.press('Enter');
    }
    assert.equal(await values(page), TINY);
    assert.match((await page.locator('[role="gridcell"]').nth(3).getAttribute('aria-label')) ?? '', /, 4, given$/);
    await button(page, 'Solve').click();
    await status(page, /only solution/);
    const solved = await values(page);
    assert.ok(isSolution(puzzleOf(TINY), gridOf(solved)), solved);
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

  test('the board and the digit pad are one tab stop each: Tab leaves the board, arrows move inside, Shift+Tab comes back to the selected cell', async () => {
    const { page, errors } = await open(`?puzzle=${P1}`);
    const focused = () =>
      page.evaluate(() => ({ role: document.activeElement?.getAttribute('role'), label: document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent }));
    await page.locator('[role="gridcell"]').nth(41).click();
    await page.keyboard.press('Tab');
    assert.notEqual((await focused()).role, 'gridcell', 'one Tab leaves the board');
    // The digit pad is one tab stop too; arrows move inside it.
    assert.equal((await focused()).label, 'Digit 1');
    await page.keyboard.press('Tab');
    assert.equal((await focused()).label, 'Undo', 'two presses of Tab from the board to Undo');
    await page.keyboard.press('Shift+Tab');
    assert.equal((await focused()).label, 'Digit 1');
    await page.keyboard.press('ArrowRight');
    assert.equal((await focused()).label, 'Digit 2');
    await page.keyboard.press('End');
    assert.equal((await focused()).label, 'Erase');
    await page.keyboard.press('Home');
    assert.equal((await focused()).label, 'Digit 1');
    await page.keyboard.press('Shift+Tab');
    assert.deepEqual(await focused(), { role: 'gridcell', label: 'row 5 column 6, empty' });
    // Enter jumps to the next empty cell; Ctrl+Home and Ctrl+End to the board's corners.
    const next = [...P1].findIndex((ch, cell) => cell > 41 && ch === '.');
    await page.keyboard.press('Enter');
    assert.equal((await focused()).label, `row ${Math.floor(next / 9) + 1} column ${(next % 9) + 1}, empty`);
    await page.keyboard.press('Control+End');
    assert.equal((await focused()).label, 'row 9 column 9, empty');
    await page.keyboard.press('Control+Home');
    assert.equal((await focused()).label, 'row 1 column 1, 4, given');
    assert.equal(await page.locator('[role="gridcell"][tabindex="0"]').count(), 1, 'still one tab stop');
    await close(page, errors);
  });

  test('the status and the grade speak about the board as it is: Solve then Undo, a size switch', async () => {
    const { page, errors } = await open(`?puzzle=${P1}`);
    await page.waitForFunction((source) => new RegExp(source).test(document.getElementById('grade')?.textContent ?? ''), GRADED.source);
    const grade = await page.locator('#grade').textContent();
    await button(page, 'Solve').click();
    await status(page, /only solution/);
    await button(page, 'Undo').click();
    assert.equal(await values(page), P1);
    assert.equal(await page.locator('#status').textContent(), 'A 9x9 puzzle with 17 givens: 64 empty cells left.');
    assert.equal(await page.locator('#status').getAttribute('data-tone'), 'info');
    await button(page, 'Redo').click();
    assert.equal(await page.locator('#status').textContent(), 'Solved! Every row, column and box holds each digit once.');
    // A new, empty board has no grade yet; going back brings the puzzle's grade back.
    await page.getByLabel('Size').selectOption('2x2');
    await status(page, /empty 4x4 board/);
    assert.equal(await page.locator('#grade').textContent(), '');
    await button(page, 'Undo').click();
    assert.equal(await values(page), P1_SOLUTION);
    assert.equal(await page.locator('#status').textContent(), 'Solved! Every row, column and box holds each digit once.', 'back on the puzzle, in play');
    assert.equal(await page.locator('#grade').textContent(), grade);
    await close(page, errors);
  });

  test("a size switch says Undo brings the game back; an empty grid is not graded; the grade speaks a player's words; the status box keeps its room", async () => {
    const { page, errors } = await open(`?puzzle=${P1}`);
    await page.waitForFunction((source) => new RegExp(source).test(document.getElementById('grade')?.textContent ?? ''), GRADED.source);
    const gradeLine = (await page.locator('#grade').textContent()) ?? '';
    assert.match(gradeLine, /^Grade: (easy|medium|hard|expert|master|extreme) — (the hardest step is an? [A-Z][\w -]+|logic alone does not finish it, it takes a guess) \(/);
    // The hardest technique, named once where Sukaku Explainer's name for it is the same.
    assert.match(gradeLine, / — the hardest step is a Pointing \(2\.6 on the Sukaku Explainer scale\)\.$/);
    // A message of two lines takes the room the box keeps for it: nothing below moves.
    const solveAt = (await button(page, 'Solve').boundingBox())!.y;
    await page.locator('[role="gridcell"]').nth(0).click();
    await page.keyboard.press('5');
    await status(page, /r1c1 is a given of the puzzle/);
    assert.ok((await page.locator('#status').boundingBox())!.height > 50, 'the message takes two lines');
    assert.equal((await button(page, 'Solve').boundingBox())!.y, solveAt, 'the buttons stay where they were');
    await page.getByLabel('Size').selectOption('2x2');
    await status(page, /^An empty 4x4 board: .* Undo brings back the game you had\.$/);
    await page.getByLabel('Size').selectOption('3x3');
    await button(page, 'Edit givens').click();
    await page.waitForFunction(() => /many/.test(document.getElementById('grade')?.textContent ?? ''));
    assert.equal(await page.locator('#grade').textContent(), 'Grade: none, an empty grid has many solutions.');
    await button(page, 'Undo').click();
    await button(page, 'Undo').click();
    assert.equal(await values(page), P1, 'Undo brought the game back');
    // On a phone the longest messages take three lines, and the box keeps room for them too. (The
    // board sits above the panel there and shrinks to 4x4, so the buttons are measured from the box.)
    await page.setViewportSize({ width: 375, height: 740 });
    const below = async () => (await button(page, 'Solve').boundingBox())!.y - (await page.locator('#status').boundingBox())!.y;
    const phoneGap = await below();
    await page.getByLabel('Size').selectOption('2x2');
    await status(page, /Undo brings back the game you had\.$/);
    assert.ok((await page.locator('#status').evaluate((el) => el.scrollHeight)) > 70, 'the message takes three lines at this width');
    assert.equal(await below(), phoneGap, 'on a phone too, the buttons stay where they were under the box');
    await button(page, 'Undo').click();
    await close(page, errors);
  });

  test('a conflicting entry is flagged with a message; Check marks a wrong entry', async () => {
    const { page, errors } = await open(`?puzzle=${P1}`);
    await page.locator('[role="gridcell"]').nth(1).click();
    await page.keyboard.press('4'); // r1c1 holds a 4
    assert.match((await page.locator('#conflicts').textContent()) ?? '', /Conflict: digit 4 twice in row 1 \(r1c1, r1c2\)/);
    assert.match((await page.locator('[role="gridcell"]').nth(1).getAttribute('aria-label')) ?? '', /conflict/);
    assert.deepEqual(await page.locator('[role="gridcell"][aria-invalid="true"]').evaluateAll((els) => els.map((el) => el.dataset.cell)), ['0', '1'], 'both clashing cells are invalid');
    await page.keyboard.press('Backspace');
    assert.equal(await page.locator('#conflicts').textContent(), '');
    assert.equal(await page.locator('[role="gridcell"][aria-invalid]').count(), 0);
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

  test("Hint gives a step away in three presses (where to look, the proof, the deduction) over the player's own marks; Apply places it", async () => {
    const { page, errors } = await open(`?puzzle=${EASY}`);
    const hint = page.getByTestId('hint');
    await button(page, 'Hint').click();
    // First: the technique and a unit, no cell.
    await status(page, /^Hint: Look for an? (Full House|Hidden Single|Naked Single) in (row|column|box) \d\.$/);
    assert.doesNotMatch((await hint.textContent()) ?? '', /r\dc\d/, 'no cell is named');
    assert.equal(await page.locator('[role="gridcell"].unit').count(), 9, 'the unit is marked');
    assert.equal(await page.locator('[role="gridcell"].proof, [role="gridcell"].place, .marks.overlay').count(), 0, 'no cell, no candidate');
    assert.equal(await button(page, 'Apply').isVisible(), false);
    // Second: the cells and candidates that prove it.
    await button(page, 'Hint').click();
    await status(page, /^Hint: An? [\w ]+ in (row|column|box) \d: look at the marked cells?, r\dc\d/);
    assert.ok((await page.locator('[role="gridcell"].proof').count()) >= 1, 'the proof is marked');
    assert.equal(await page.locator('[role="gridcell"].place').count(), 0, 'the deduction is not yet given away');
    assert.equal(await button(page, 'Apply').isVisible(), false);
    // Third: the deduction; Apply places it.
    await button(page, 'Show more').click();
    const said = await status(page, /^Hint: (Full House|Hidden Single|Naked Single): /);
    const hinted = await page.locator('[role="gridcell"].place').evaluate((el) => Number(el.dataset.cell));
    assert.equal(await button(page, 'Apply').isVisible(), true);
    assert.equal(await button(page, 'Show more').isVisible(), false);
    // The player's marks in that cell stay under the hint's candidates.
    await button(page, 'Close').click();
    await button(page, 'Pencil').click();
    await page.locator('[role="gridcell"]').nth(hinted).click();
    const mine = digitsOf(Board.fromPuzzle(puzzleOf(EASY)).candidates[hinted]!).slice(0, 2);
    for (const d of mine) await page.keyboard.press(String(d));
    await button(page, 'Pencil').click();
    for (let i = 0; i < 3; i++) await button(page, 'Hint').click();
    await status(page, /^Hint: (Full House|Hidden Single|Naked Single): /);
    assert.equal(await status(page, /^Hint: /), said, 'the same step as before');
    const hintedLabel = (await page.locator('[role="gridcell"]').nth(hinted).getAttribute('aria-label')) ?? '';
    assert.match(hintedLabel, new RegExp(`, marks ${mine.join(' ')}, the hint's candidates `), hintedLabel);
    assert.equal(await page.locator('[role="gridcell"]').nth(hinted).locator('.marks:not(.overlay) .m[data-d]').count(), mine.length, "the player's marks are drawn");
    assert.equal(await page.locator('[role="gridcell"]').nth(hinted).locator('.marks.overlay .m.c-place').count(), 1, "the hint's candidate lies over them");
    await button(page, 'Close').click();
    await button(page, 'Hint').click();
    await button(page, 'Hint').click();
    await button(page, 'Hint').click();
    const text = await status(page, /^Hint: (Full House|Hidden Single|Naked Single): /);
    assert.match(text, /(Full House|Hidden Single|Naked Single)/);
    assert.equal(await page.getByTestId('hint').textContent(), text.slice('Hint: '.length), "the hint's own element holds its sentence");
    assert.match((await page.locator('#step-text').textContent()) ?? '', /^Apply puts r\d+c\d+=\d on your board\.$/);
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
    assert.equal(await page.getByTestId('hint').isVisible(), false, 'an applied hint is gone');
    // A wrong entry (a candidate, but not the solution's digit) comes before any step.
    const wrong = wrongCandidate(await values(page));
    await page.locator('[role="gridcell"]').nth(wrong.cell).click();
    await page.keyboard.press(String(wrong.digit));
    assert.equal(await page.locator('#conflicts').textContent(), '');
    await button(page, 'Hint').click();
    await status(page, new RegExp(`^Before the next step: 1 entry is wrong, marked on the board: ${wrong.name}\\.`));
    assert.match((await page.getByTestId('hint').textContent()) ?? '', /^Before the next step: 1 entry is wrong/);
    assert.equal(await button(page, 'Apply').isVisible(), false, 'nothing to apply');
    await page.locator('[role="gridcell"]').nth(wrong.cell).click();
    await page.keyboard.press('Backspace');
    assert.equal(await page.getByTestId('hint').isVisible(), false, 'a hint about the board as it was is gone');
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
    assert.equal(await page.locator('[role="gridcell"].place').count(), 1, "the step's placement is marked");
    await page.locator('#step-list li').last().getByRole('button').click();
    await button(page, 'Next').click();
    assert.match((await title.textContent()) ?? '', /^After all \d+ steps/);
    assert.ok(!(await values(page)).includes('.'));
    await button(page, 'Close').click();
    assert.equal(await values(page), EASY, "closing returns to the player's grid");
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
    assert.match((await page.locator('#grade').textContent()) ?? '', /^Grade: easy — /);
    await button(page, 'Count').click();
    await status(page, /Count: exactly one solution/);
    // A 4x4 board has no room for an extreme puzzle (the menu does not offer it; put back here as
    // a menu left over would): the page says what the player can do, not the generator's options.
    await page.getByLabel('Size').selectOption('2x2');
    await page.locator('#level').evaluate((el) => {
      el.add(new Option('extreme', 'extreme'));
      el.value = 'extreme';
    });
    await button(page, 'Generate').click();
    await status(page, /^Generating failed: a 4x4 board has no extreme puzzles; pick an easier level$/);
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
    assert.equal(await page.locator('#grade').textContent(), 'Grade: none, the puzzle has no solution.');
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
    for (const g of grids) assert.ok(isSolution(puzzle, gridOf(g)), g);
    assert.notEqual(grids[0], grids[1]);
    const differ = [...grids[0]!].filter((d, i) => d !== grids[1]![i]).length;
    assert.equal(await page.locator('#count-out table').first().locator('td.diff').count(), differ);
    await close(page, errors);
  });

  test('Stop ends a long search: the page says so, and the next search runs at once', async () => {
    assert.equal(solve(puzzleOf(SLOW), { limit: 2, timeLimitMs: 1000 }).timedOut, true, 'SLOW takes the solver more than a second');
    const { page, errors } = await open(`?puzzle=${SLOW}`);
    const counting = await solverWorker(page);
    await button(page, 'Count').click();
    await page.locator('#busy').waitFor({ state: 'visible' });
    assert.match((await page.locator('#busy-text').textContent()) ?? '', /^Counting…$/);
    await button(page, 'Stop').click();
    await status(page, /^Stopped\.$/);
    await page.locator('#busy').waitFor({ state: 'hidden' });
    await counting.ended();
    // The page is usable: a new puzzle loads and solves, on a fresh worker.
    await page.getByLabel(/Paste or type a puzzle/).fill(TINY);
    await button(page, 'Load').click();
    await button(page, 'Solve').click();
    await status(page, /only solution/);
    assert.ok(isSolution(puzzleOf(TINY), gridOf(await values(page))));
    await close(page, errors);
  });

  test('a worker that crashes: the request in flight fails with a message, and the next one works', async () => {
    const { page, errors } = await open(`?puzzle=${P1}`);
    await page.waitForFunction((source) => new RegExp(source).test(document.getElementById('grade')?.textContent ?? ''), GRADED.source);
    // Make the worker's next message throw outside its own error handling: an uncaught error,
    // as a bug or a broken build would raise.
    const solverWorker = await workerNamed(page, 'sudokit-solver');
    await solverWorker.evaluate(() => {
      // biome-ignore lint/suspicious/noExplicitAny: a worker's global scope, not typed in the Node build
      (globalThis as any).onmessage = () => {
        throw new Error('the worker broke');
      };
    });
    await button(page, 'Solve').click();
    await status(page, /^Solving failed: The solver stopped unexpectedly: .*the worker broke/);
    assert.equal(await page.locator('#status').getAttribute('data-tone'), 'error');
    assert.equal(await values(page), P1, 'nothing was filled in');
    await page.locator('#busy').waitFor({ state: 'hidden' });
    // A fresh worker took its place.
    await button(page, 'Solve').click();
    await status(page, /only solution/);
    assert.equal(await values(page), P1_SOLUTION);
    await close(
      page,
      errors.filter((e) => !/the worker broke/.test(e)),
    );
  });

  test('a search that runs out of time says so (the link sets a 1 second limit), and so does a grade', async () => {
    const { page, errors } = await open(`?puzzle=${SLOW}&time-limit=1`);
    await button(page, 'Count').click();
    await status(page, /^The solver gave up after 1 second without settling it\.$/, 10_000);
    assert.equal(await page.locator('#status').getAttribute('data-tone'), 'error');
    assert.equal(await page.locator('#count-out p').textContent(), 'The solver gave up after 1 second without settling it.');
    await close(page, errors);
    // The grade keeps the same limit: a 16x16 whose path takes chains for about a minute.
    const graded = await open(`?puzzle=${LONG_GRADE}&time-limit=1`);
    await graded.page.waitForFunction(() => /time limit/.test(document.getElementById('grade')?.textContent ?? ''), undefined, { timeout: 10_000 });
    assert.equal(await graded.page.locator('#grade').textContent(), 'Grade: the time limit ran out before the grade was settled.');
    await close(graded.page, graded.errors);
  });

  test('a newer request supersedes a long search: Load and Solve answer at once, the old count never lands', async () => {
    const { page, errors } = await open(`?puzzle=${SLOW}`);
    const counting = await solverWorker(page);
    await button(page, 'Count').click();
    await page.locator('#busy').waitFor({ state: 'visible' });
    await page.getByLabel(/Paste or type a puzzle/).fill(TINY);
    await button(page, 'Load').click();
    await button(page, 'Solve').click();
    // The count's worker is ended, not left to finish behind the new request.
    await counting.ended();
    await status(page, /only solution/);
    await page.locator('#busy').waitFor({ state: 'hidden' });
    assert.ok(isSolution(puzzleOf(TINY), gridOf(await values(page))));
    assert.equal(await page.locator('#count-out').isVisible(), false, 'no count shown for the new puzzle');
    await close(page, errors);
  });

  test('an explanation asked for before a new puzzle was loaded never replaces the new board', async () => {
    const { page, errors } = await open(`?puzzle=${P1}`);
    await page.locator('[role="gridcell"]').nth(1).click();
    await page.keyboard.press('7');
    await button(page, 'Clear').click();
    await button(page, 'Clear').click();
    await status(page, /An empty 9x9 board/);
    // Explaining an empty 9x9 board takes the worker seconds (it guesses its way through).
    await button(page, 'Explain').click();
    await page.locator('#busy').waitFor({ state: 'visible' });
    await page.getByLabel(/Paste or type a puzzle/).fill(P1);
    await button(page, 'Load').click();
    await page.locator('#busy').waitFor({ state: 'hidden', timeout: 15_000 });
    await page.waitForTimeout(200);
    assert.equal(await values(page), P1);
    assert.equal(await page.locator('#step-panel').isVisible(), false, 'no explanation on show');
    assert.match((await page.locator('#status').textContent()) ?? '', /^Loaded: a 9x9 puzzle with 17 givens/);
    await close(page, errors);
  });

  test('three Generate clicks load one puzzle, not three', async () => {
    const { page, errors } = await open(`?puzzle=${P1}`);
    await page.getByLabel('Difficulty').selectOption('easy');
    // Three clicks before any answer can come back (an easy 9x9 puzzle takes the worker milliseconds).
    await page.evaluate(() => {
      for (let i = 0; i < 3; i++) document.getElementById('generate').click();
    });
    await status(page, /^Generated \(seed \d+\)/);
    await page.locator('#busy').waitFor({ state: 'hidden', timeout: 15_000 });
    // Give any late answer time to land before looking at the history.
    await page.waitForTimeout(1000);
    const generated = await values(page);
    await button(page, 'Undo').click();
    assert.equal(await values(page), P1, 'one Undo goes back to the puzzle before Generate');
    await button(page, 'Redo').click();
    assert.equal(await values(page), generated);
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
    assert.equal(link, `${harness.base}?puzzle=56${'.'.repeat(34)}&box=2x3`);
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), link);
    await page.goto(link);
    await status(page, /Opened from the link: a 6x6 \(2x3 boxes\) puzzle with 2 givens/);
    assert.equal(await values(page), `56${'.'.repeat(34)}`);
    await close(page, errors);
  });

  test('play: clashes and, with Show mistakes, wrong entries are marked as typed; the finish panel gives the time, the grade and the hints used', async () => {
    const { page, errors } = await open(`?puzzle=${P1}`);
    await page.waitForFunction((source) => new RegExp(source).test(document.getElementById('grade')?.textContent ?? ''), GRADED.source);
    await page.locator('[role="gridcell"]').nth(1).click();
    await page.keyboard.press('4'); // r1c1 holds a 4
    assert.equal(await page.locator('[role="gridcell"][aria-invalid="true"]').count(), 2, 'the clash is marked as typed');
    await page.keyboard.press('Backspace');
    await button(page, 'Show mistakes').click();
    assert.equal(await button(page, 'Show mistakes').getAttribute('aria-pressed'), 'true');
    const wrong = wrongCandidate(P1);
    await page.locator('[role="gridcell"]').nth(wrong.cell).click();
    await page.keyboard.press(String(wrong.digit));
    assert.match((await page.locator('[role="gridcell"]').nth(wrong.cell).getAttribute('aria-label')) ?? '', /, mistake$/, 'marked without Check');
    assert.equal(await page.locator('[role="gridcell"].wrong').count(), 1);
    await page.keyboard.press(P1_SOLUTION[wrong.cell]!);
    assert.equal(await page.locator('[role="gridcell"].wrong').count(), 0);
    // Three cells short of the solution: one hint, then the player finishes it.
    const almost = `...${P1_SOLUTION.slice(3)}`;
    await page.goto(`${harness.base}?puzzle=${almost}`);
    await status(page, /Opened from the link/);
    for (let i = 0; i < 3; i++) await button(page, 'Hint').click();
    await button(page, 'Apply').click();
    assert.equal(await page.locator('#finish').isVisible(), false);
    for (let cell = 0; cell < 3; cell++) {
      await page.locator('[role="gridcell"]').nth(cell).click();
      await page.keyboard.press(P1_SOLUTION[cell]!);
    }
    await page.locator('#finish').waitFor();
    const facts = () => page.locator('#finish dl').evaluate((dl) => [...dl.children].map((row) => row.textContent));
    await page.waitForFunction(() => /easy/.test(document.getElementById('finish')?.textContent ?? ''));
    const shown = await facts();
    assert.match(shown[0]!, /^Time\d+:\d\d$/);
    assert.equal(shown[1], 'Gradeeasy (1.0)');
    assert.equal(shown[2], 'Hints used1');
    assert.equal(shown[3], 'Filled in for you1 cell', 'the applied hint placed one digit');
    await page.waitForTimeout(1200);
    assert.deepEqual(await facts(), shown, 'the clock stopped');
    await close(page, errors);
  });

  test("Undo back to a puzzle the player left brings back its own time; Redo brings back the other's; both survive a reload", async () => {
    const { page, errors } = await open(`?puzzle=${P1}`);
    const seconds = () => timerSeconds(page);
    await page.waitForFunction(() => /^0:0[2-9]$/.test(document.getElementById('timer')?.textContent ?? ''));
    await page.getByLabel('Size').selectOption('2x2'); // another puzzle: an empty 4x4, its clock at 0
    await status(page, /Undo brings back the game you had/);
    assert.equal(await seconds(), 0, 'the new board starts at 0:00');
    await button(page, 'Undo').click();
    assert.equal(await values(page), P1);
    const back = await seconds();
    assert.ok(back >= 2, `the time played on the first puzzle came back with it (${back} s)`);
    await button(page, 'Redo').click();
    assert.equal(await seconds(), 0, 'Redo returns to the empty board and its own time');
    await page.reload();
    await status(page, /^Welcome back/);
    await button(page, 'Undo').click();
    assert.equal(await values(page), P1);
    assert.ok((await seconds()) >= back, `after a reload too (${await seconds()} >= ${back})`);
    await close(page, errors);
  });

  test('the clock pauses while the tab is hidden; after a reload the game comes back: entries, marks, time and undo history', async () => {
    const { page, errors } = await open(`?puzzle=${P1}`);
    const seconds = () => timerSeconds(page);
    await page.locator('[role="gridcell"]').nth(1).click();
    await page.keyboard.press('7');
    await button(page, 'Pencil').click();
    await page.locator('[role="gridcell"]').nth(2).click();
    await page.keyboard.press('1');
    await page.keyboard.press('9');
    await button(page, 'Pencil').click();
    await page.waitForFunction(() => /^0:0[2-9]$/.test(document.getElementById('timer')?.textContent ?? ''));
    await page.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
      document.dispatchEvent(new Event('visibilitychange'));
    });
    assert.match((await page.locator('#timer').textContent()) ?? '', /\(paused\)$/);
    const paused = await seconds();
    await page.waitForTimeout(2100);
    assert.equal(await seconds(), paused, 'no time passes while the tab is hidden');
    await page.evaluate(() => {
      delete document.visibilityState;
      document.dispatchEvent(new Event('visibilitychange'));
    });
    assert.doesNotMatch((await page.locator('#timer').textContent()) ?? '', /paused/);
    assert.equal(new URL(page.url()).search, '', 'the link left the address bar, so a reload resumes the game');
    await page.reload();
    await status(page, /^Welcome back: your game is as you left it/);
    assert.equal(await values(page), `${P1[0]}7${P1.slice(2)}`);
    assert.equal(await page.locator('[role="gridcell"]').nth(2).getAttribute('aria-label'), 'row 1 column 3, empty, marks 1 9');
    assert.ok((await seconds()) >= paused, `the time played came back (${await seconds()} >= ${paused})`);
    await button(page, 'Undo').click();
    assert.equal(await page.locator('[role="gridcell"]').nth(2).getAttribute('aria-label'), 'row 1 column 3, empty, marks 1');
    await button(page, 'Undo').click();
    await button(page, 'Undo').click();
    assert.equal(await values(page), P1, 'the undo history came back too');
    await close(page, errors);
  });

  test("the daily puzzle is the library's seeded generator on the date: the same for everyone that day", async () => {
    const { page, errors } = await open(`?puzzle=${P1}`);
    await button(page, 'Daily puzzle').click();
    const said = await status(page, /^Daily puzzle for \d{4}-\d\d-\d\d: a 9x9 puzzle with \d+ givens\.$/);
    const day = /for (\S+):/.exec(said)![1]!;
    const expected = generatePuzzle({ geometry: geometry(3, 3), difficulty: 'medium', symmetry: 'rotational', seed: Number(day.replaceAll('-', '')), grade: true });
    assert.equal(await values(page), [...expected.puzzle.givens].map((d) => (d ? String(d) : '.')).join(''));
    // Asking again the same day keeps the game going.
    const first = expected.puzzle.givens.indexOf(0);
    await page.locator('[role="gridcell"]').nth(first).click();
    await page.keyboard.press(String(expected.solution[first]));
    const played = await values(page);
    await button(page, 'Daily puzzle').click();
    await status(page, /^This is the daily puzzle for \S+ already: your game goes on\.$/);
    assert.equal(await values(page), played);
    await close(page, errors);
  });

  test('Export text and Share keep givens and entries apart: both read back with 17 givens and the entries, clashing ones too, as entries', async () => {
    const { page, errors } = await open(`?puzzle=${P1}`);
    await page.locator('[role="gridcell"]').nth(1).click();
    await page.keyboard.press(P1_SOLUTION[1]!);
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press(P1_SOLUTION[2]!);
    // A third entry that clashes with the first: the parser refuses a grid whose digits clash, so it goes in a grid of its own.
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press(P1_SOLUTION[1]!);
    assert.equal(await page.locator('[role="gridcell"][aria-invalid="true"]').count(), 2);
    const played = await values(page);
    await button(page, 'Export text').click();
    const text = await page.getByLabel(/Paste or type a puzzle/).inputValue();
    const [givensPart, entriesPart, clashingPart] = text.split('Entries:\n');
    assert.ok(entriesPart && clashingPart, text);
    assert.equal(
      parsePuzzle(givensPart!.replace('Givens:\n', '')).ok && puzzleOf(givensPart!.replace('Givens:\n', '')).givens.join(''),
      gridOf(P1).join(''),
      "the givens' grid holds the givens alone",
    );
    assert.equal([...puzzleOf(entriesPart).givens].filter((d) => d !== 0).length, 2, "the entries' first grid holds two entries");
    assert.equal([...puzzleOf(clashingPart).givens].filter((d) => d !== 0).length, 1, 'the clashing entry has a grid of its own');
    await page.getByLabel('Size').selectOption('2x2');
    await page.getByLabel(/Paste or type a puzzle/).fill(text);
    await button(page, 'Load').click();
    await status(page, /^Loaded: a 9x9 puzzle with 17 givens and 3 entries of yours\.$/);
    assert.equal(await values(page), played);
    assert.equal(await page.locator('[role="gridcell"][aria-readonly="true"]').count(), 17, 'the entries did not become givens');
    await button(page, 'Share').click();
    const link = await page.locator('#share-link').inputValue();
    const params = new URL(link).searchParams;
    assert.equal(params.get('puzzle'), P1, "the link's puzzle is the givens alone");
    assert.deepEqual(params.getAll('entries'), [`.${P1_SOLUTION.slice(1, 3)}${'.'.repeat(78)}`, `...${P1_SOLUTION[1]}${'.'.repeat(77)}`]);
    await page.goto(link);
    await status(page, /^Opened from the link: a 9x9 puzzle with 17 givens and 3 entries of yours\.$/);
    assert.equal(await values(page), played);
    assert.equal(await page.locator('[role="gridcell"][aria-readonly="true"]').count(), 17);
    await close(page, errors);
  });

  test("pasting: a puzzle in any format loads, bad text gets the parser's message", async () => {
    const { page, errors } = await open();
    await page.getByLabel(/Paste or type a puzzle/).fill('not a puzzle');
    await button(page, 'Load').click();
    await status(page, /^Invalid puzzle: unexpected character "o" at position 2 in "not a puzzle"/);
    assert.equal(await page.locator('#status').getAttribute('data-tone'), 'error');
    // A pretty grid pasted straight onto the board.
    const pretty = await page.evaluate((p) => {
      const rows = [];
      for (let r = 0; r < 9; r++)
        rows.push(
          `| ${p
            .slice(r * 9, r * 9 + 9)
            .split('')
            .join(' ')} |`,
        );
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

  test("on a phone the step panel is a sheet under the board: the board, the hint's Apply and Close, and Explain's Next are all in view", async () => {
    const { page, errors } = await open(`?puzzle=${EASY}`);
    await page.setViewportSize({ width: 375, height: 740 });
    /** The board is whole on screen, above the panel, and the named buttons are whole on screen too. */
    const inView = async (names: string[]) => {
      const board = (await page.locator('#board').boundingBox())!;
      const panel = (await page.locator('#step-panel').boundingBox())!;
      assert.ok(board.y >= 0, `the board's top row is on screen (${board.y})`);
      assert.ok(board.y + board.height <= panel.y + 1, `the board ends (${board.y + board.height}) above the panel (${panel.y})`);
      for (const name of names) {
        const b = (await button(page, name).boundingBox())!;
        assert.ok(b.y >= 0 && b.y + b.height <= 740, `${name} is on screen (${b.y}…${b.y + b.height})`);
      }
    };
    await button(page, 'Hint').click();
    // The hint comes from the worker: the sheet opens (and brings the board back into view) when it answers.
    await page.locator('#step-panel:not([hidden])').waitFor();
    await inView(['Show more', 'Close']);
    await button(page, 'Show more').click();
    await button(page, 'Show more').click();
    await inView(['Apply', 'Close']);
    await button(page, 'Close').click();
    await button(page, 'Explain').click();
    await status(page, /Solved in \d+ steps/);
    await inView(['Next', 'Close']);
    await button(page, 'Next').click();
    await inView(['Back', 'Next', 'Close']);
    await close(page, errors);
  });

  test('offline: an installable page (manifest, icons) whose service worker keeps it, so after one visit it loads and plays without the network', async () => {
    // A server and a browser profile of its own, so the network can really go away.
    const own = createPageServer();
    await new Promise<void>((done) => own.listen(0, '127.0.0.1', done));
    const origin = `http://127.0.0.1:${(own.address() as AddressInfo).port}/`;
    const dir = mkdtempSync(join(tmpdir(), 'sudokit-offline-'));
    const offline = await chromium.launchPersistentContext(dir, {
      executablePath: CHROMIUM,
      headless: true,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
    try {
      const page = offline.pages()[0] ?? (await offline.newPage());
      const errors: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'error' || m.type() === 'warning') errors.push(`console ${m.type()}: ${m.text()}`);
      });
      page.on('pageerror', (e) => errors.push(`page error: ${e.message}`));
      await page.goto(`${origin}?puzzle=${P1}`);
      const manifest = (await (await fetch(new URL((await page.locator('link[rel="manifest"]').getAttribute('href'))!, origin))).json()) as {
        display: string;
        start_url: string;
        icons: { src: string; sizes: string; type: string }[];
      };
      assert.equal(manifest.display, 'standalone');
      assert.equal(manifest.start_url, './');
      for (const size of ['192x192', '512x512']) {
        const icon = manifest.icons.find((i) => i.sizes === size && i.type === 'image/png');
        assert.ok(icon, `a ${size} PNG icon`);
        const png = await fetch(new URL(icon.src, origin));
        assert.equal(png.headers.get('content-type'), 'image/png');
        const bytes = Buffer.from(await png.arrayBuffer());
        assert.deepEqual([bytes.readUInt32BE(16), bytes.readUInt32BE(20)], size.split('x').map(Number), `${icon.src} is ${size}`);
      }
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 10_000 });
      await page.locator('[role="gridcell"]').nth(1).click();
      await page.keyboard.press(P1_SOLUTION[1]!);
      // No network at all: the browser is offline and the server is gone.
      own.closeAllConnections();
      await new Promise((done) => own.close(done));
      await offline.setOffline(true);
      await page.reload();
      await status(page, /^Welcome back: your game is as you left it/);
      assert.equal(await values(page), `${P1[0]}${P1_SOLUTION[1]}${P1.slice(2)}`);
      await page.waitForFunction((source) => new RegExp(source).test(document.getElementById('grade')?.textContent ?? ''), GRADED.source);
      await button(page, 'Solve').click();
      await status(page, /only solution/);
      assert.equal(await values(page), P1_SOLUTION, 'the worker runs offline too');
      await page.close();
      assert.deepEqual(errors, [], 'no console errors or exceptions');
    } finally {
      await offline.close();
      own.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('colours keep WCAG AA contrast in light and dark themes; the page fits a phone', async () => {
    const { page, errors } = await open(`?puzzle=${P1}`);
    const PAIRS = [
      ['text', 'bg'],
      ['text', 'surface'],
      ['muted', 'surface'],
      ['muted', 'bg'],
      ['given', 'surface'],
      ['entry', 'surface'],
      ['entry', 'peer-bg'],
      ['entry', 'same-bg'],
      ['entry', 'selected-bg'],
      ['given', 'selected-bg'],
      ['filled', 'surface'],
      ['filled', 'peer-bg'],
      ['error', 'error-bg'],
      ['error', 'surface'],
      ['ok', 'surface'],
      ['accent-text', 'accent'],
      ['place', 'place-bg'],
      ['remove', 'surface'],
      ['remove', 'unit-bg'],
      ['text', 'proof-bg'],
      ['muted', 'peer-bg'],
      ['muted', 'unit-bg'],
      ['muted', 'selected-bg'],
      ['text', 'pressed-bg'],
      // Digits, marks and the pad's text on the player's cell colours.
      ...[1, 2, 3, 4, 5, 6, 7, 8, 9].flatMap((c) => (['given', 'entry', 'filled', 'muted', 'text'] as const).map((fg) => [fg, `c${c}`] as const)),
    ] as const;
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      // Resolve each variable through a probe element: the browser gives rgb(r, g, b).
      const colours = await page.evaluate(
        (names) => {
          const probe = document.body.appendChild(document.createElement('span'));
          const out = Object.fromEntries(
            names.map((n) => {
              probe.style.color = `var(--${n})`;
              return [n, getComputedStyle(probe).color];
            }),
          );
          probe.remove();
          return out;
        },
        [...new Set(PAIRS.flat())],
      );
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

  test('Undo after a size switch goes back to playing the puzzle: Edit givens off, the clock running, the grade back, digits typed as entries', async () => {
    const { page, errors } = await open(`?puzzle=${EASY}`);
    await page.waitForFunction((source) => new RegExp(source).test(document.getElementById('grade')?.textContent ?? ''), GRADED.source);
    const grade = await page.locator('#grade').textContent();
    await page.keyboard.press('2');
    await page.getByLabel('Size').selectOption('2x2');
    assert.equal(await button(page, 'Edit givens').getAttribute('aria-pressed'), 'true', 'an empty board is edited');
    await button(page, 'Undo').click();
    assert.equal(await values(page), `2${EASY.slice(1)}`);
    assert.equal(await button(page, 'Edit givens').getAttribute('aria-pressed'), 'false', 'back on the puzzle, Edit givens is off');
    assert.equal(await page.locator('#grade').textContent(), grade, 'the grade line is back');
    await page.waitForFunction(() => !/paused/.test(document.getElementById('timer')?.textContent ?? ''));
    // Redo goes to the empty board again, to be edited; Undo comes back to play.
    await button(page, 'Redo').click();
    assert.equal(await button(page, 'Edit givens').getAttribute('aria-pressed'), 'true', 'the empty board is edited again');
    await button(page, 'Undo').click();
    // A digit typed now is the player's entry, not a given.
    await page.locator('[role="gridcell"]').nth(3).click();
    await page.keyboard.press('3');
    assert.match((await page.locator('[role="gridcell"]').nth(3).getAttribute('aria-label')) ?? '', /^row 1 column 4, 3$/);
    await close(page, errors);
  });

  test('keys reach the board from the buttons: a digit after a click on Pencil marks the selected cell, Escape closes a hint and returns to the board, a reload puts the focus on the board', async () => {
    const { page, errors } = await open(`?puzzle=${EASY}`);
    const cell = (i: number) => page.locator('[role="gridcell"]').nth(i);
    const focusedCell = () => page.evaluate(() => document.activeElement?.getAttribute('role') === 'gridcell' && document.activeElement.getAttribute('aria-label'));
    await cell(40).click();
    await button(page, 'Pencil').click();
    await page.keyboard.press('3');
    assert.match((await cell(40).getAttribute('aria-label')) ?? '', /^row 5 column 5, empty, marks 3$/, 'the 3 typed after the click is a mark in r5c5');
    assert.match(String(await focusedCell()), /^row 5 column 5/, 'and the board has the focus back');
    await button(page, 'Pencil').click();
    await button(page, 'Hint').click();
    await page.locator('#step-panel').waitFor();
    await page.keyboard.press('Escape');
    assert.equal(await page.locator('#step-panel').isHidden(), true, 'Escape closed the hint');
    assert.match(String(await focusedCell()), /^row 5 column 5/, 'Escape went back to the selected cell');
    // From anywhere on the page, Escape is the way back to the board.
    await button(page, 'Export SVG').focus();
    await page.keyboard.press('Escape');
    assert.match(String(await focusedCell()), /^row 5 column 5/);
    await page.reload();
    await page.locator('[role="gridcell"]').first().waitFor();
    assert.match(String(await focusedCell()), /^row 1 column 1/, 'after a reload the first empty cell has the focus');
    await close(page, errors);
  });

  test('Hint while a 16x16 puzzle is being made waits for it instead of ending it: the puzzle arrives, no hint is shown', async () => {
    const { page, errors } = await open(`?puzzle=${EASY}`);
    await page.getByLabel('Size').selectOption('4x4');
    // Both presses in one task of the page: a 16x16 can be made in 50 ms, less than two separate
    // clicks take on a loaded machine, and the Hint must come while the puzzle is being made. The
    // refusal is said at once and shows until the puzzle arrives, which may be too soon for a poll
    // of the status line: it is read in the same task.
    const said = await page.evaluate(() => {
      document.getElementById('generate').click();
      document.getElementById('hint').click();
      return document.getElementById('status').textContent;
    });
    assert.match(said, /^A new puzzle is being made, so finding a hint has to wait/);
    await status(page, /^Generated \(seed \d+\): a 16x16 puzzle/, 120_000);
    assert.equal(await page.locator('#step-panel').isHidden(), true, 'no hint was shown');
    // The hint asked for now is the first on this puzzle.
    await button(page, 'Hint').click();
    await page.locator('#step-panel').waitFor({ timeout: 60_000 });
    await close(page, errors);
  });

  test('the Difficulty menu offers the levels a size reaches: 4x4 easy only, 6x6 up to master, 9x9 all; the choice comes back with its size', async () => {
    const { page, errors } = await open(`?puzzle=${EASY}`);
    const levels = () => page.$$eval('#level option', (els) => els.map((el) => el.value).join(' '));
    assert.equal(await levels(), 'any easy medium hard expert master extreme');
    await page.getByLabel('Difficulty').selectOption('hard');
    await page.getByLabel('Size').selectOption('2x2');
    assert.equal(await levels(), 'any easy');
    await page.getByLabel('Difficulty').selectOption('easy');
    await button(page, 'Generate').click();
    await status(page, /^Generated \(seed \d+\): a 4x4 puzzle/);
    await page.getByLabel('Size').selectOption('2x3');
    assert.equal(await levels(), 'any easy medium hard expert master');
    assert.equal(await page.getByLabel('Difficulty').inputValue(), 'easy');
    await page.getByLabel('Size').selectOption('3x3');
    await page.getByLabel('Difficulty').selectOption('hard');
    await page.getByLabel('Size').selectOption('2x2');
    await page.getByLabel('Size').selectOption('3x3');
    assert.equal(await page.getByLabel('Difficulty').inputValue(), 'hard', 'the choice came back with the size that has it');
    await close(page, errors);
  });

  test('on a phone the status box holds its longest message and pencil marks stay legible; Pencil and Show mistakes survive a reload; Print prints the board alone', async () => {
    const { page, errors } = await open(`?puzzle=${EASY}`);
    await page.setViewportSize({ width: 375, height: 740 });
    await page.getByLabel('Size').selectOption('2x2');
    await status(page, /Undo brings back the game you had\.$/);
    const box = await page.locator('#status').evaluate((el) => ({ client: el.clientHeight, scroll: el.scrollHeight }));
    assert.ok(box.scroll <= box.client, `the three lines fit in the box (${box.scroll} > ${box.client} px clips them)`);
    await button(page, 'Undo').click();
    await button(page, 'Pencil').click();
    const markSize = async (cell: number) => {
      await page.locator('[role="gridcell"]').nth(cell).click();
      await page.keyboard.press('1');
      return page
        .locator('[role="gridcell"]')
        .nth(cell)
        .locator('.marks')
        .evaluate((el) => ({ px: Number.parseFloat(getComputedStyle(el).fontSize), fits: el.scrollHeight <= el.clientHeight + 1 }));
    };
    const nine = await markSize(0);
    assert.ok(nine.px >= 10, `9x9 marks at 375 px are ${nine.px} px`);
    assert.ok(nine.fits, 'and fit in their cell');
    await button(page, 'Show mistakes').click();
    await page.reload();
    await page.locator('[role="gridcell"]').first().waitFor();
    assert.equal(await button(page, 'Pencil').getAttribute('aria-pressed'), 'true', 'Pencil is still on after a reload');
    assert.equal(await button(page, 'Show mistakes').getAttribute('aria-pressed'), 'true', 'Show mistakes too');
    await button(page, 'Show mistakes').click();
    await page.getByLabel('Size').selectOption('4x4');
    await button(page, 'Edit givens').click();
    const sixteen = await markSize(0);
    assert.ok(sixteen.px >= 6.5, `16x16 marks at 375 px are ${sixteen.px} px`);
    assert.ok(sixteen.fits, 'and fit in their cell');
    await button(page, 'Pencil').click();
    await button(page, 'Undo').click();
    await button(page, 'Undo').click();
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.emulateMedia({ media: 'print' });
    assert.equal(await page.locator('h1').isVisible(), false, 'no title in print');
    assert.equal(await page.locator('#timer').isVisible(), false, 'no clock in print');
    assert.equal(await page.locator('#board').isVisible(), true, 'the board is printed');
    await page.emulateMedia({ media: 'screen' });
    await close(page, errors);
  });

  test("two tabs keep two games: a second tab's link and hint, the first tab's typing, and each reload brings back its own tab's game", async () => {
    const a = await open(`?puzzle=${EASY}`);
    await a.page.keyboard.press('1');
    const b = await open(`?puzzle=${P1}`);
    await button(b.page, 'Hint').click();
    await b.page.locator('#step-panel').waitFor();
    await a.page.locator('[role="gridcell"]').nth(3).click();
    await a.page.keyboard.press('3');
    const aGame = `1${EASY.slice(1, 3)}3${EASY.slice(4)}`;
    assert.equal(await values(a.page), aGame);
    await b.page.reload();
    await b.page.locator('[role="gridcell"]').first().waitFor();
    assert.equal(await values(b.page), P1, "the second tab's reload brings back its own game");
    await a.page.reload();
    await a.page.locator('[role="gridcell"]').first().waitFor();
    assert.equal(await values(a.page), aGame, "and the first tab's, its own");
    // A new tab takes up the game saved last.
    const c = await open();
    assert.equal(await values(c.page), aGame);
    await close(c.page, c.errors);
    await close(b.page, b.errors);
    await close(a.page, a.errors);
  });

  test('the digit pad shows a digit placed in every row as done, and takes it back when one is erased', async () => {
    const { page, errors } = await open(`?puzzle=${EASY}`);
    const done = () => page.$$eval('#pad button.done', (els) => els.map((el) => el.textContent).join(''));
    assert.equal(await done(), '');
    await button(page, 'Solve').click();
    await status(page, /only solution/);
    assert.equal(await done(), '123456789');
    assert.equal(await button(page, 'Digit 5, all 9 placed').count(), 1, 'a screen reader hears it too');
    // Erase an entry holding a 5: the 5 is no longer done.
    const cell = await page.$$eval('[role="gridcell"]', (els) => els.findIndex((el) => /, 5$/.test(el.getAttribute('aria-label') ?? '')));
    await page.locator('[role="gridcell"]').nth(cell).click();
    await page.keyboard.press('Backspace');
    assert.equal(await done(), '12346789');
    await close(page, errors);
  });
});

/** WCAG contrast ratio of two `rgb(r, g, b)` colours. */
function contrast(a: string, b: string): number {
  const luminance = (colour: string) => {
    const channels = /^rgb\((\d+), (\d+), (\d+)\)$/.exec(colour);
    if (!channels) throw new Error(`not an opaque rgb() colour: ${colour}`);
    const [r, g, bl] = channels
      .slice(1)
      .map((c) => Number(c) / 255)
      .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}
