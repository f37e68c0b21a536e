/**
 * The page in real Chromium for the browser tests: a server of the built page (the code of
 * `sudokit serve`), a browser profile for the test file, and what the tests read from a page.
 * Every page is watched for console errors and uncaught exceptions, and `close` fails on any.
 */
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before } from 'node:test';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import { createPageServer, WEB_ROOT } from '../src/cli/serve.js';
import { missingTool } from './helpers.js';

// The callbacks passed to page.evaluate run in the page; these names are the page's.
// biome-ignore lint/suspicious/noExplicitAny: the page's own globals, not typed in the Node build
declare const document: any, sessionStorage: any, localStorage: any;

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const BUILT = existsSync(join(WEB_ROOT, 'index.html'));
/** Why the browser tests skip (no built page, no Chromium), or false. */
export const SKIP =
  missingTool('page', BUILT, `the page is not built (no ${join(WEB_ROOT, 'index.html')}): run npm run build first`) ??
  missingTool('chromium', existsSync(CHROMIUM), `no Chromium at ${CHROMIUM} (apt-get install chromium, or set CHROMIUM_PATH)`) ??
  false;

/** axe-core's source, put into a page to check it. */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * The page's accessibility violations as axe-core finds them (WCAG 2.1 A and AA rules and axe's
 * best practices), each as `rule: what, at selectors`.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  // Evaluated through the DevTools protocol, so the page's Content Security Policy (no inline scripts) stays on.
  if (!(await page.evaluate(() => 'axe' in globalThis))) await page.evaluate(AXE_SOURCE);
  const found = await page.evaluate(async () => {
    // biome-ignore lint/suspicious/noExplicitAny: axe-core's global in the page
    const result = await (globalThis as any).axe.run(document, { runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] });
    // biome-ignore lint/suspicious/noExplicitAny: axe-core's result shape
    return result.violations.map((v: any) => `${v.id}: ${v.help}, at ${v.nodes.map((n: any) => n.target.join(' ')).join('; ')}`);
  });
  return found as string[];
}

/** Serve the page and start Chromium before the enclosing describe's tests; end both after them. */
export function pageHarness() {
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
    // Settings (Pencil, Show mistakes) are the player's across tabs; each test's new tab starts
    // them off, so no test inherits another's. A reload keeps them: the flag lives in the tab.
    await context.addInitScript(() => {
      if (sessionStorage.getItem('test.started')) return;
      sessionStorage.setItem('test.started', '1');
      localStorage.removeItem('sudokit.settings.v1');
    });
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

  /** Close the page after checking it as it is now with axe; fail on an axe violation, a console error or an exception. */
  async function close(page: Page, errors: string[]): Promise<void> {
    const violations = page.isClosed() ? [] : await axeViolations(page);
    await page.close();
    assert.deepEqual(errors, [], 'no console errors or exceptions');
    assert.deepEqual(violations, [], 'no axe violations');
  }

  /** The board as one line, read from the cells' accessible names (`row 1 column 2, 5`). */
  function values(page: Page): Promise<string> {
    return page.$$eval('[role="gridcell"]', (els) =>
      els
        .map((el) => {
          const v = (el.getAttribute('aria-label') ?? '').split(', ')[1];
          return v === 'empty' || v === undefined ? '.' : v;
        })
        .join(''),
    );
  }

  /** The clock's reading in seconds ("4:05" or "4:05 (paused)"). */
  async function timerSeconds(page: Page): Promise<number> {
    const [m, s] = ((await page.locator('#timer').textContent()) ?? '').replace(' (paused)', '').split(':').map(Number);
    return m! * 60 + s!;
  }

  async function status(page: Page, pattern: RegExp, timeout = 15_000): Promise<string> {
    await page.waitForFunction((source) => new RegExp(source).test(document.getElementById('status')?.textContent ?? ''), pattern.source, { timeout });
    return (await page.locator('#status').textContent()) ?? '';
  }

  /** The page's Web Worker of that name (the solver's or the grader's). */
  async function workerNamed(page: Page, name: string) {
    // biome-ignore lint/suspicious/noExplicitAny: a worker's global scope, not typed in the Node build
    for (const worker of page.workers()) if ((await worker.evaluate(() => (globalThis as any).name)) === name) return worker;
    throw new Error(`no worker named ${name} among ${page.workers().length}`);
  }

  /**
   * The solver's worker as it is now (waited for while the page starts it), and a wait for its
   * end. A search in a worker cannot be interrupted, so a stopped or superseded search is ended
   * with its worker: that, not how soon the next answer comes, shows that it no longer runs. (The
   * wait's bound is for a loaded machine; a worker left running never ends at all.)
   */
  async function solverWorker(page: Page): Promise<{ ended(): Promise<void> }> {
    const until = performance.now() + 15_000;
    let worker: Awaited<ReturnType<typeof workerNamed>> | undefined;
    while (worker === undefined) {
      try {
        worker = await workerNamed(page, 'sudokit-solver');
      } catch (e) {
        if (performance.now() > until) throw e;
        await page.waitForTimeout(50);
      }
    }
    const closed = new Promise<void>((resolve) => worker.once('close', () => resolve()));
    return {
      async ended() {
        let timer: NodeJS.Timeout | undefined;
        const late = new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error('the solver worker that ran the search was not ended within 15 s')), 15_000);
        });
        try {
          await Promise.race([closed, late]);
        } finally {
          clearTimeout(timer);
        }
      },
    };
  }

  function button(page: Page, name: string) {
    return page.getByRole('button', { name, exact: true });
  }

  return {
    /** The served page's address, with a closing slash. */
    get base(): string {
      return base;
    },
    /** The browser's one context (shared storage, as one player's browser). */
    get context(): BrowserContext {
      return context;
    },
    open,
    close,
    values,
    timerSeconds,
    status,
    workerNamed,
    solverWorker,
    button,
  };
}
