/**
 * `sudokit/worker`, `sudokit/wasm` and `sudokit/9x9` in a browser, as an app uses them: a small app that imports
 * them is built by Vite, by webpack (both bundle the worker entry as a worker of its own and emit
 * the WebAssembly files `loadWasm9` names) and by esbuild (which follows neither `new URL`: the
 * worker entry is listed as an entry point of its own and the two files are copied beside the
 * bundle, as the README says), served, and run in Chromium. On the main thread `sudokit/9x9`'s
 * first solve puts the WebAssembly core to work by itself, and `loadWasm9` finds it loaded; the worker solves a puzzle to the known solution, and an abort
 * ends a long search at once.
 */
import assert from 'node:assert/strict';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { type Browser, chromium } from 'playwright-core';
import { esbuildBuild, viteBuild, webpackBuild } from './bundlers.js';
import { CHROMIUM, SKIP } from './chromium.js';
import { ROOT, SLOW } from './helpers.js';

// biome-ignore lint/suspicious/noExplicitAny: the page's own globals, not typed in the Node build
declare const document: any;

const P1 = '4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......';
const P1_SOLUTION = '417369825632158947958724316825437169791586432346912758289643571573291684164875293';

const APP = `
import { parsePuzzle, solve, wasm9Variant } from 'sudokit';
import { solve as solve9 } from 'sudokit/9x9';
import { loadWasm9 } from 'sudokit/wasm';
import { createSolverWorker } from 'sudokit/worker';
// The main thread: the TypeScript core answers first; sudokit/9x9's first solve starts loading the
// WebAssembly core by itself (watched for up to 10 s, before loadWasm9 is called), and loadWasm9
// then resolves to the variant in use.
const before = wasm9Variant() ?? 'none';
const first = solve9(${JSON.stringify(P1)}).line;
const waitFrom = performance.now();
while (wasm9Variant() === undefined && performance.now() - waitFrom < 10_000) await new Promise((r) => setTimeout(r, 20));
const byItself = wasm9Variant() ?? 'none';
const loaded = await loadWasm9();
const mainThread = { before, first, byItself, loaded, now: wasm9Variant(), line: solve(${JSON.stringify(P1)}).line };
const solver = createSolverWorker();
const say = (text) => (document.getElementById('out').textContent = text);
const p1 = parsePuzzle(${JSON.stringify(P1)}).puzzle;
const slow = parsePuzzle(${JSON.stringify(SLOW)}).puzzle;
const answer = await solver.solve(p1);
const controller = new AbortController();
const started = performance.now();
const aborted = solver.solve(slow, { signal: controller.signal }).then(() => 'answered', (e) => 'aborted: ' + e.message);
setTimeout(() => controller.abort(new Error('enough')), 300);
const outcome = await aborted;
const after = await solver.solve(p1);
say(JSON.stringify({ count: answer.count, solution: Array.from(answer.solutions[0]).join(''), outcome, ms: performance.now() - started, after: after.count, mainThread }));
`;

const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.wasm': 'application/wasm' };

const BUNDLERS = { vite: viteBuild, webpack: webpackBuild, esbuild: esbuildBuild } as const;

for (const [bundler, bundle] of Object.entries(BUNDLERS))
  describe(`sudokit/worker, sudokit/wasm and sudokit/9x9 in Chromium, in an app built by ${bundler}`, { skip: SKIP }, () => {
    let dir: string;
    let server: Server;
    let browser: Browser;
    let base: string;

    before(async () => {
      const cache = join(ROOT, 'node_modules', '.cache');
      mkdirSync(cache, { recursive: true });
      dir = mkdtempSync(join(cache, `sudokit-worker-app-${bundler}-`));
      writeFileSync(
        join(dir, 'index.html'),
        '<!doctype html><html lang="en"><head><title>app</title><link rel="icon" href="data:,"></head><body><p id="out">working</p><script type="module" src="./main.js"></script></body></html>',
      );
      writeFileSync(join(dir, 'main.js'), APP);
      const out = join(dir, 'out');
      await bundle(dir, out);
      // Vite builds the page from index.html; the others build main.js, which the same page loads
      if (bundler !== 'vite') copyFileSync(join(dir, 'index.html'), join(out, 'index.html'));
      // the two WebAssembly builds are emitted (or copied) beside the app
      const files = readdirSync(out, { recursive: true }).map(String);
      assert.equal(files.filter((f) => f.endsWith('.wasm')).length, 2, files.join(', '));
      server = createServer((req, res) => {
        const path = normalize(join(out, decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)));
        const file = path.endsWith('/') ? join(path, 'index.html') : path;
        try {
          const body = readFileSync(file);
          res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
          res.end(body);
        } catch {
          res.writeHead(404);
          res.end();
        }
      });
      await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
      base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
      browser = await chromium.launch({
        executablePath: CHROMIUM,
        headless: true,
        args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
      });
    });

    after(async () => {
      await browser?.close();
      server?.close();
      if (dir) rmSync(dir, { recursive: true, force: true });
    });

    test("sudokit/9x9 puts the WebAssembly core to work on the main thread by itself; the app's worker solves to the known solution; an abort ends a long search at once and the next request is answered", async () => {
      const page = await browser.newPage();
      const errors: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'error') errors.push(m.text());
      });
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto(base);
      await page.waitForFunction(() => document.getElementById('out').textContent.startsWith('{'), null, { timeout: 60_000 });
      const result = JSON.parse((await page.locator('#out').textContent()) ?? '{}') as {
        count: number;
        solution: string;
        outcome: string;
        ms: number;
        after: number;
        mainThread: { before: string; first: string; byItself: string; loaded: string; now: string; line: string };
      };
      // on the main thread: the TypeScript core first, the SIMD build once sudokit/9x9 has loaded it by itself, the same answers
      assert.deepEqual(result.mainThread, { before: 'none', first: P1_SOLUTION, byItself: 'simd', loaded: 'simd', now: 'simd', line: P1_SOLUTION });
      assert.equal(result.count, 1);
      assert.equal(result.solution, P1_SOLUTION);
      assert.equal(result.outcome, 'aborted: enough');
      assert.ok(result.ms < 10_000, `the abort ended the request in ${result.ms} ms`);
      assert.equal(result.after, 1);
      assert.deepEqual(errors, []);
      await page.close();
    });
  });

test('an app that only parses and solves, built by webpack, gets no WebAssembly file and no warning', { timeout: 120_000 }, async () => {
  const cache = join(ROOT, 'node_modules', '.cache');
  mkdirSync(cache, { recursive: true });
  const dir = mkdtempSync(join(cache, 'sudokit-parse-app-'));
  try {
    writeFileSync(join(dir, 'main.js'), `import { parsePuzzle, solve } from 'sudokit';\nconsole.log(solve(parsePuzzle(${JSON.stringify(P1)}).puzzle).line);`);
    const out = join(dir, 'out');
    await webpackBuild(dir, out);
    const files = readdirSync(out, { recursive: true }).map(String);
    assert.deepEqual(
      files.filter((f) => f.endsWith('.wasm')),
      [],
    );
    assert.ok(files.includes('main.js'), files.join(', '));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
