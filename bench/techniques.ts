/**
 * `npm run bench:techniques`: the technique library against HoDoKu's regression library
 * (reglib-1.4, `bench/data/reglib-1.4.txt`). Each positive case is a position with one instance
 * of a named technique; it counts as found when one step of one technique of the path (forcing
 * chains excluded: they can prove almost anything, which is not the point) makes the whole
 * deduction the case expects. Both paths are measured: SE's (`TECHNIQUES`, which grades) and the
 * teaching path (`TEACHING_TECHNIQUES`, which hints and explains). Every step of every technique
 * on every case is checked against the position's solution (found by the fast engine, an engine
 * apart from the step solver): a step that removes the solution's digit or places another is
 * unsound. A fail case (variant `x`) is touched when sudokit's technique of that code finds a step there.
 *
 * Usage: node dist/bench/techniques.js [--write FILE] [--codes 0310,0311] [--list]
 *   --list prints every case not found on the teaching path, with the step each technique gave.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { geometry } from '../src/geometry.js';
import type { Technique } from '../src/logic/step.js';
import { TEACHING_TECHNIQUES, TECHNIQUES } from '../src/logic/stepSolver.js';
import { solve } from '../src/registry.js';
import { type CaseOutcome, type RegCase, readRegLib, tryCase } from './reglib.js';

const { values } = parseArgs({ options: { write: { type: 'string' }, codes: { type: 'string' }, list: { type: 'boolean', default: false } } });

const FILE = fileURLToPath(new URL('../../bench/data/reglib-1.4.txt', import.meta.url));

/** The families of the table, by code: the first pattern that matches names a case's family. */
const FAMILIES: ReadonlyArray<readonly [string, RegExp]> = [
  ['Singles', /^000/],
  ['Locked candidates', /^010[01]$/],
  ['Locked pair / triple', /^011/],
  ['Naked and hidden subsets', /^02/],
  ['Basic fish (X-Wing to Leviathan)', /^030/],
  ['Finned, sashimi, Siamese fish', /^03[12]/],
  ['Franken and Mutant fish', /^03[3-6]/],
  ['Kraken fish', /^037/],
  ['Skyscraper, 2-String Kite, Empty Rectangle, Turbot Fish', /^040[0-3]$/],
  ['Dual Kite / Dual Empty Rectangle, colouring', /^040[4-9]$|^05/],
  ['Unique Rectangle 1–4', /^060[0-3]$/],
  ['Unique Rectangle 5/6, Hidden and Avoidable Rectangles', /^060[4-9]$/],
  ['BUG+1, BUG Lite', /^06[12]/],
  ['Chains and loops', /^07/],
  ['XY/XYZ/WXYZ/W-Wing', /^08/],
  ['ALS-XZ', /^0901$/],
  ['ALS-XY-Wing, ALS-XY-Chain, Death Blossom', /^090[2-9]$/],
  ['Aligned and subset exclusion', /^100/],
  ['Sue de Coq', /^1101$/],
  ['Subset counting, braids, constraint subsets, equivalence marks', /^110[2-9]$/],
  ['Templates', /^12/],
  ['Forcing chains and nets', /^13/],
];

/**
 * sudokit's techniques for the codes of the fail cases: each must find nothing on its fail case
 * (the library's fail cases are positions where that technique must not fire). HoDoKu's 0606 is
 * a Hidden Rectangle, which sudokit has not (yet): no technique to hold to it.
 */
const FAIL_TECHNIQUES: ReadonlyMap<string, readonly string[]> = new Map([
  ['0606', []],
  ['0610', ['BUG+1']],
]);

function familyOf(code: string): string {
  for (const [name, re] of FAMILIES) if (re.test(code)) return name;
  return `other (${code})`;
}

const isForcing = (t: Technique) => /Forcing Chain/.test(t.name);
const SE_PATH = TECHNIQUES.filter((t) => !isForcing(t));
const TEACHING_PATH = TEACHING_TECHNIQUES.filter((t) => !isForcing(t));

const started = performance.now();
const library = readRegLib(readFileSync(FILE, 'utf8'));
const wanted = values.codes ? new Set(values.codes.split(',')) : undefined;
const cases = library.cases.filter((c) => !wanted || wanted.has(c.code));
const G9 = geometry(3, 3);

interface Tally {
  cases: number;
  se: number;
  teaching: number;
}
const byCode = new Map<string, Tally>();
const byFamily = new Map<string, Tally>();
const unsound: string[] = [];
const touched: string[] = [];
const missed: string[] = [];
let fails = 0;
let noSolution = 0;
const finders = new Map<string, number>();

for (const c of cases) {
  const solved = solve({ geometry: G9, givens: c.values }, { limit: 2 });
  const solution = solved.count === 1 ? solved.solution : undefined;
  if (!solution) noSolution++;
  const own = FAIL_TECHNIQUES.get(c.code) ?? [];
  const se: CaseOutcome = tryCase(c, SE_PATH, solution, own);
  const teaching: CaseOutcome = tryCase(c, TEACHING_PATH, solution, own);
  for (const u of new Set([...se.unsound, ...teaching.unsound])) unsound.push(`line ${c.line} (${c.code}): ${u}`);
  if (c.variant === 'x') {
    fails++;
    for (const t of new Set([...se.touched, ...teaching.touched])) touched.push(`line ${c.line} (${c.code}): ${t}`);
    continue;
  }
  if (forcingOnly(c)) continue;
  for (const [map, key] of [
    [byCode, c.code],
    [byFamily, familyOf(c.code)],
  ] as const) {
    const t = map.get(key) ?? { cases: 0, se: 0, teaching: 0 };
    t.cases++;
    if (se.foundBy) t.se++;
    if (teaching.foundBy) t.teaching++;
    map.set(key, t);
  }
  if (teaching.foundBy) finders.set(`${library.names.get(c.code) ?? c.code} ← ${teaching.foundBy}`, (finders.get(`${library.names.get(c.code) ?? c.code} ← ${teaching.foundBy}`) ?? 0) + 1);
  else missed.push(`line ${c.line} ${c.code} ${library.names.get(c.code) ?? ''}`);
}

/** Forcing chains and nets are excluded from the count (the rule of the measure). */
function forcingOnly(c: RegCase): boolean {
  return familyOf(c.code).startsWith('Forcing');
}

const pct = (a: number, b: number) => (b === 0 ? '–' : `${((100 * a) / b).toFixed(0)}%`);
const total = [...byFamily.values()].reduce((a, t) => ({ cases: a.cases + t.cases, se: a.se + t.se, teaching: a.teaching + t.teaching }), { cases: 0, se: 0, teaching: 0 });
const seconds = ((performance.now() - started) / 1000).toFixed(0);
const cpu = cpus()[0]?.model.replace(/\s+/g, ' ').trim() ?? 'unknown CPU';

let out = `# The technique library against HoDoKu's regression library, ${new Date().toISOString().slice(0, 10)}\n\n`;
out += `Machine: ${cpu}, ${cpus().length} cores; Node ${process.version}; command: \`npm run bench:techniques\` (bench/techniques.ts); run time ${seconds} s.\n\n`;
out += `reglib-1.4 (HoDoKu's regression test library, \`bench/data/reglib-1.4.txt\`): ${library.cases.length} cases, ${total.cases} positive (forcing chains and nets, which the rule leaves out, have none) and ${fails} fail cases. A positive case is found when one step of one technique of the path, forcing chains excluded, makes every elimination or placement the case expects; a technique that lists its instances (the chains, \`findAll\`) offers each of them, others their first (\`find\`, the step a hint shows). A placement and the removal of every other candidate of its cell count as the same deduction. Every step of every technique on every case is checked against the position's solution from the fast engine (${noSolution} positions had no single solution to check against).\n\n`;
out += `- positive cases found: SE path ${total.se} of ${total.cases} (${pct(total.se, total.cases)}), teaching path ${total.teaching} (${pct(total.teaching, total.cases)})\n`;
out += `- unsound steps: ${unsound.length}\n`;
out += `- fail cases touched (the case's own technique, where sudokit has it, finding a step there): ${touched.length} of ${fails}\n\n`;
out += '| HoDoKu family | cases | found, SE path | found, teaching path |\n|---|---:|---:|---:|\n';
for (const [name] of FAMILIES) {
  const t = byFamily.get(name);
  if (t) out += `| ${name} | ${t.cases} | ${t.se} (${pct(t.se, t.cases)}) | ${t.teaching} (${pct(t.teaching, t.cases)}) |\n`;
}
for (const [name, t] of byFamily) if (!FAMILIES.some(([n]) => n === name)) out += `| ${name} | ${t.cases} | ${t.se} | ${t.teaching} |\n`;
out += `| **all** | ${total.cases} | ${total.se} (${pct(total.se, total.cases)}) | ${total.teaching} (${pct(total.teaching, total.cases)}) |\n\n`;
out += '## By code\n\n| code | technique | cases | SE path | teaching path |\n|---|---|---:|---:|---:|\n';
for (const [code, t] of [...byCode].sort(([a], [b]) => a.localeCompare(b))) out += `| ${code} | ${library.names.get(code) ?? ''} | ${t.cases} | ${t.se} | ${t.teaching} |\n`;
out += '\n## Which technique found each (teaching path)\n\n| HoDoKu technique ← sudokit step | cases |\n|---|---:|\n';
for (const [k, n] of [...finders].sort((a, b) => b[1] - a[1])) out += `| ${k} | ${n} |\n`;
if (unsound.length > 0) out += `\n## Unsound steps\n\n${unsound.map((u) => `- ${u}`).join('\n')}\n`;
if (touched.length > 0) out += `\n## Fail cases touched\n\n${touched.map((u) => `- ${u}`).join('\n')}\n`;

if (values.list) process.stderr.write(`${missed.join('\n')}\n`);
if (values.write) writeFileSync(values.write, out);
process.stdout.write(out);
