/**
 * The README's command-line examples run as written: every `sudokit …` line of its shell blocks is
 * run through a shell, in a folder holding small files of the names the examples use (a few
 * puzzles each, so the whole README runs in seconds), with `https://example.org/` served from that
 * folder. Each must exit 0, and where the README shows what a command prints (`$ ` blocks), the
 * lines it shows must come out, in order ("…" stands for lines left out; a JSON answer's
 * `"micros"` is a timing and may differ).
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { makeLine } from '../src/format/make.js';
import { generatePuzzles } from '../src/generate/generator.js';
import { geometry } from '../src/geometry.js';
import { CLI, readDataset, ROOT } from './helpers.js';

/** One command of a README shell block, and what the README shows it printing (empty: nothing shown). */
interface Example {
  readonly line: number;
  readonly command: string;
  readonly shown: string[];
}

/** The `sudokit` commands of the README's shell blocks (npm and node lines are the README's own setup, run by CI). */
function examples(readme: string): Example[] {
  const out: Example[] = [];
  const lines = readme.split('\n');
  let inBlock = false;
  let current: { line: number; command: string; shown: string[] } | undefined;
  for (let i = 0; i < lines.length; i++) {
    const text = lines[i]!;
    if (text.startsWith('```')) {
      inBlock = !inBlock;
      current = undefined;
      continue;
    }
    if (!inBlock) continue;
    const prompted = text.startsWith('$ ');
    const command = (prompted ? text.slice(2) : text).replace(/\s{2,}#.*$/, '').trim();
    const isCommand = /^(sudokit |cat \S+ \| sudokit |P=)/.test(command);
    if (isCommand) {
      current = { line: i + 1, command, shown: [] };
      out.push(current);
    } else if (current && !prompted && text.trim() !== '') {
      current.shown.push(text);
    }
  }
  return out;
}

/** Run a shell command in `cwd` with `sudokit` on the PATH; resolves with its exit status and output. */
function shell(command: string, cwd: string, env: NodeJS.ProcessEnv): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('sh', ['-c', command], { cwd, env });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${command}: still running after 120 s`));
    }, 120_000);
    child.on('close', (status) => {
      clearTimeout(timer);
      resolve({ status, stdout, stderr });
    });
  });
}

/** The shown lines come out in order; "…" skips any number of lines; a JSON answer's micros may differ. */
function showsWhatItPrints(shown: readonly string[], printed: string): string | undefined {
  const mask = (s: string) => s.replace(/"micros":\d+/g, '"micros":N').trimEnd();
  const got = printed.split('\n').map(mask);
  let at = 0;
  for (const want of shown.map(mask)) {
    if (want === '…') continue;
    const found = got.indexOf(want, at);
    if (found < 0) return `the README shows ${JSON.stringify(want)}, which is not printed (after line ${at}) in:\n${printed.slice(0, 2000)}`;
    at = found + 1;
  }
  return undefined;
}

test("the README's command-line examples run as written and print what it shows", { timeout: 600_000 }, async () => {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const all = examples(readme);
  assert.ok(all.length >= 30, `found ${all.length} examples`);
  const dir = mkdtempSync(join(tmpdir(), 'sudokit-readme-'));
  // `sudokit` as the README writes it: the built CLI.
  const bin = join(dir, 'bin');
  mkdirSync(bin);
  writeFileSync(join(bin, 'sudokit'), `#!/bin/sh\nexec "${process.execPath}" "${CLI}" "$@"\n`);
  chmodSync(join(bin, 'sudokit'), 0o755);
  // The files the examples name, a few puzzles each (easy ones where an example runs every engine).
  const easy = readDataset('norvig-easy50.txt').puzzles.slice(0, 2);
  const hard = readDataset('norvig-top95.txt').puzzles.slice(0, 2);
  const grade = all.find((e) => e.command.startsWith('sudokit grade puzzles.txt'));
  const graded = grade ? grade.shown.map((l) => l.split(/\s+/)[2]!).filter((p) => p?.length === 81) : [];
  const six = [...generatePuzzles({ geometry: geometry(2, 3), seed: 1, count: 2 })].map((p) => makeLine(p.puzzle.geometry, p.puzzle.givens));
  const files: Record<string, string[]> = {
    'puzzles.txt': graded.length ? graded : easy,
    'puzzle.txt': [easy[0]!],
    'big.txt': [...easy, ...hard],
    'hard.txt': hard,
    'six-by-six.txt': six,
    'top95.txt': easy,
    'easy50.txt': easy,
    'top2365.txt': easy,
  };
  for (const [name, lines] of Object.entries(files)) writeFileSync(join(dir, name), `${lines.join('\n')}\n`);
  const server = createServer((req, res) => {
    const name = (req.url ?? '/').slice(1);
    const lines = files[name];
    res.writeHead(lines ? 200 : 404, { 'content-type': 'text/plain' });
    res.end(lines ? `${lines.join('\n')}\n` : 'not found');
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const local = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  const env = { ...process.env, PATH: `${bin}:${process.env.PATH}`, NO_COLOR: '1' };
  let variables = '';
  try {
    for (const example of all) {
      if (example.command.startsWith('P=')) {
        variables += `${example.command}\n`;
        continue;
      }
      const command = example.command.replaceAll('https://example.org/', local);
      const ran = await shell(`${variables}${command}`, dir, env);
      assert.equal(ran.status, 0, `README line ${example.line}: ${example.command.slice(0, 120)} exited ${ran.status}: ${ran.stderr.slice(0, 500)}`);
      const mismatch = example.shown.length ? showsWhatItPrints(example.shown, ran.stdout) : undefined;
      assert.equal(mismatch, undefined, `README line ${example.line}: ${mismatch}`);
    }
  } finally {
    server.close();
  }
});
