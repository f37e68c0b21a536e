/**
 * The README's library examples run as written: every `ts` or `js` block that imports the package
 * is written out inside this checkout (so `'sudokit'` and its subpaths resolve to the built package
 * by its own name, as an installed copy would), the TypeScript ones compiled with the project's
 * compiler under strict settings, and each run with Node. Each must exit 0, and where a
 * `console.log(…)` line ends in a comment, the comment is what it prints ("…" ends a line shown
 * in part).
 */
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { ROOT, runProgram } from './helpers.js';

interface Block {
  /** README line of the opening fence. */
  readonly line: number;
  readonly lang: 'ts' | 'js';
  readonly code: string;
}

/** The fenced `ts` and `js` blocks that import the package, dedented. */
function libraryBlocks(readme: string): Block[] {
  const lines = readme.split('\n');
  const blocks: Block[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^(\s*)```(ts|js)\s*$/.exec(lines[i]!);
    if (!open) continue;
    const indent = open[1]!.length;
    const body: string[] = [];
    let j = i + 1;
    for (; j < lines.length && !/^\s*```\s*$/.test(lines[j]!); j++) body.push(lines[j]!.slice(indent));
    const code = body.join('\n');
    if (/from 'sudokit(\/\w+)?'/.test(code)) blocks.push({ line: i + 1, lang: open[2] as 'ts' | 'js', code });
    i = j;
  }
  return blocks;
}

/** What a block says it prints: the comment after each `console.log(…);`, in order. */
function shownOutput(code: string): string[] {
  return [...code.matchAll(/^\s*console\.log\(.*\);\s*\/\/ (.*)$/gm)].map((m) => m[1]!.trim());
}

test("the README's library examples compile, run and print what it shows", { timeout: 300_000 }, () => {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const blocks = libraryBlocks(readme);
  assert.ok(blocks.length >= 4, `found ${blocks.length} library blocks`);
  // Inside the checkout, so that the package's name resolves to itself through its exports.
  const dir = join(ROOT, 'dist', 'readme-examples');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  try {
    const files = blocks.map((b) => join(dir, `line-${b.line}.${b.lang === 'ts' ? 'mts' : 'mjs'}`));
    blocks.forEach((b, k) => {
      writeFileSync(files[k]!, b.code);
    });
    const typed = files.filter((f) => f.endsWith('.mts'));
    const tsc = runProgram(
      join(ROOT, 'node_modules', '.bin', 'tsc'),
      ['--ignoreConfig', '--module', 'nodenext', '--moduleResolution', 'nodenext', '--target', 'es2022', '--strict', '--types', 'node', '--skipLibCheck', '--rootDir', dir, '--outDir', dir, ...typed],
      { cwd: ROOT, timeoutMs: 180_000 },
    );
    assert.equal(tsc.status, 0, `the README's TypeScript examples do not compile:\n${tsc.stdout}${tsc.stderr}`);
    blocks.forEach((b, k) => {
      const script = files[k]!.replace(/\.mts$/, '.mjs');
      const r = runProgram(process.execPath, [script], { cwd: ROOT, timeoutMs: 60_000 });
      assert.equal(r.status, 0, `README line ${b.line}: exit ${r.status}\n${r.stderr}`);
      const printed = r.stdout.split('\n');
      let at = 0;
      for (const shown of shownOutput(b.code)) {
        const prefix = shown.endsWith('…') ? shown.slice(0, -1) : undefined;
        const found = printed.findIndex((line, i) => i >= at && (prefix === undefined ? line === shown : line.startsWith(prefix)));
        assert.ok(found >= 0, `README line ${b.line}: it shows "${shown}", the example printed:\n${r.stdout}`);
        at = found + 1;
      }
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
