#!/usr/bin/env node
/**
 * `npm run build:wasm`: compile the AssemblyScript 9×9 core (src/core/wasm) into its SIMD and
 * scalar builds, unless they are already built from the same sources by the same compiler: the
 * compiler takes several seconds, and `npm test` builds before every run. The stamp beside the
 * outputs holds a hash of the sources, the flags and the compiler's version.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const sources = join(root, 'src/core/wasm');
const out = join(root, 'dist/src/core');
const COMMON = ['-O3', '--runtime', 'stub', '--noAssert', '--use', 'abort='];
const BUILDS = [
  ['fast9-simd.wasm', [...COMMON, '--enable', 'simd']],
  ['fast9-scalar.wasm', COMMON],
];

const require = createRequire(import.meta.url);
const ascVersion = JSON.parse(readFileSync(require.resolve('assemblyscript/package.json'), 'utf8')).version;
const hash = createHash('sha256');
hash.update(`assemblyscript ${ascVersion}\n${JSON.stringify(BUILDS)}\n`);
for (const name of readdirSync(sources).sort()) hash.update(`${name}\n`).update(readFileSync(join(sources, name)));
const stamp = hash.digest('hex');
const stampFile = join(out, 'fast9-wasm.stamp');

const built = BUILDS.every(([file]) => existsSync(join(out, file)));
if (built && existsSync(stampFile) && readFileSync(stampFile, 'utf8') === stamp) process.exit(0);

mkdirSync(out, { recursive: true });
const asc = join(dirname(require.resolve('assemblyscript/package.json')), 'bin/asc.js');
for (const [file, flags] of BUILDS) {
  execFileSync(process.execPath, [asc, join(sources, 'fast9.ts'), ...flags, '-o', join(out, file)], { stdio: 'inherit' });
}
writeFileSync(stampFile, stamp);
