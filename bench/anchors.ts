/**
 * What the benchmark scripts share: where a dataset file is (the full copy in ../shared/datasets
 * beside the checkout, else the vendored sample in test/data), 9×9 puzzles read straight into
 * grids for the cores, and tdoku, the native anchor, built from ../shared/anchors/tdoku and run
 * through its own driver.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const SHARED = fileURLToPath(new URL('../../../shared/datasets/', import.meta.url));
const VENDORED = fileURLToPath(new URL('../../test/data/', import.meta.url));
const TDOKU_SOURCES = fileURLToPath(new URL('../../../shared/anchors/tdoku/', import.meta.url));

/** A dataset file by name: the full copy when ../shared is beside the checkout, else the vendored sample. */
export function datasetPath(name: string): { path: string; full: boolean } {
  if (existsSync(`${SHARED}${name}`)) return { path: `${SHARED}${name}`, full: true };
  return { path: `${VENDORED}${name}`, full: false };
}

/** The 9×9 puzzles of a file as grids (0 = empty): the first field of each 81-character line; other lines are skipped. */
export function loadGrids9(path: string): Uint8Array[] {
  const out: Uint8Array[] = [];
  for (const raw of readFileSync(path, 'utf8').split('\n')) {
    const line = raw.trim().split(/\s+/)[0] ?? '';
    if (line.length !== 81) continue;
    const g = new Uint8Array(81);
    for (let i = 0; i < 81; i++) {
      const c = line.charCodeAt(i);
      g[i] = c >= 49 && c <= 57 ? c - 48 : 0;
    }
    out.push(g);
  }
  return out;
}

/** Build tdoku's driver into `dir` (g++ -O3 -march=native, by its build.sh): its path, or why there is none. */
export function buildTdoku(dir: string): { bin?: string; why?: string } {
  if (!existsSync(`${TDOKU_SOURCES}build.sh`)) return { why: `no tdoku sources at ${TDOKU_SOURCES} (../shared/anchors/tdoku beside the checkout)` };
  const r = spawnSync('bash', [`${TDOKU_SOURCES}build.sh`, dir], { encoding: 'utf8' });
  if (r.status !== 0) return { why: `tdoku did not build: ${(r.stderr || r.stdout).trim().split('\n').slice(-2).join(' ')}` };
  return { bin: join(dir, 'tdoku-bench') };
}

/** tdoku's driver on a file, counting to 2, best of `passes` passes in one process: puzzles/s and guesses per puzzle. */
export function tdokuRate(bin: string, path: string, passes: number): { perSecond: number; guesses: number } {
  const r = spawnSync(bin, [path, String(passes)], { encoding: 'utf8' });
  const m = /([\d.]+) puzzles\/s .*?([\d.]+) guesses\/puzzle/.exec(r.stdout);
  if (r.status !== 0 || !m) throw new Error(`tdoku-bench ${path} failed: ${r.stderr}${r.stdout}`);
  return { perSecond: Number(m[1]), guesses: Number(m[2]) };
}

/** Puzzles per chunk where a benchmark interleaves cores finely (bench/solve.ts, bench/wasm9.ts). */
export const CHUNK = 2000;

/** 9×9 grids as a puzzle file (one 81-character line each, `.` empty) at `path`, for tdoku's driver; returns the path. */
export function writeGrids9(path: string, grids: readonly ArrayLike<number>[]): string {
  writeFileSync(path, `${grids.map((g) => Array.from(g, (v) => (v === 0 ? '.' : String(v))).join('')).join('\n')}\n`);
  return path;
}
