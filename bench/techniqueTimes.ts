/**
 * How long each technique's search takes, on the positions the teaching path meets: every
 * position of the path (`nextStep`, the teaching order) where the next step is not a single, on
 * the first N puzzles of each dataset. Each technique is asked once per position (`find`), `--repeat`
 * times over all positions, and the mean time of one pass is printed beside how many positions it
 * found a step in and a hash of every step's text. Two builds (a worktree of the commit before
 * and this one) that print the same hash found the same steps on the same positions, and their
 * times compare the searches alone, without the walks of generation around them.
 *
 * Usage: node dist/bench/techniqueTimes.js [--datasets top2365.txt:150,se-rated-diabolical.txt:100]
 *        [--techniques "Finned X-Wing;ALS-XZ"] [--repeat 3]
 * (technique names as the teaching and grading lists write them, separated by semicolons; by
 * default every technique of the teaching path past the singles.)
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { parsePuzzle } from '../src/format/parse.js';
import { Board } from '../src/logic/board.js';
import type { Technique } from '../src/logic/step.js';
import { applyStep, nextStep, TEACHING_TECHNIQUES, TECHNIQUES } from '../src/logic/stepSolver.js';

const { values } = parseArgs({ options: { datasets: { type: 'string' }, techniques: { type: 'string' }, repeat: { type: 'string', default: '3' } } });

const SHARED = fileURLToPath(new URL('../../../shared/datasets/', import.meta.url));
const specs = (values.datasets ?? 'top2365.txt:150,se-rated-diabolical.txt:100').split(',');
const repeat = Math.max(1, Math.floor(Number(values.repeat)));
if (!Number.isFinite(repeat)) throw new Error(`--repeat ${values.repeat}: expected a whole number of at least 1`);

const SINGLE = /^(Full House|Hidden Single|Naked Single)/;
const known = [...TEACHING_TECHNIQUES, ...TECHNIQUES];
const techniques: Technique[] = values.techniques
  ? values.techniques.split(';').map((name) => {
      const t = known.find((k) => k.name === name.trim());
      if (!t) throw new Error(`--techniques: no technique named "${name.trim()}"`);
      return t;
    })
  : TEACHING_TECHNIQUES.filter((t) => !SINGLE.test(t.name));

/** Every position of the teaching path whose next step is not a single, as boards of their own. */
const positions: Board[] = [];
for (const spec of specs) {
  const [file, count] = spec.split(':') as [string, string | undefined];
  const path = `${SHARED}${file}`;
  if (!existsSync(path)) throw new Error(`${path} not found: this benchmark reads ../shared/datasets`);
  const lines = readFileSync(path, 'utf8')
    .split(/\r?\n/)
    .filter((l) => l.trim() !== '' && !l.startsWith('#'));
  for (const line of lines.slice(0, count === undefined ? lines.length : Number(count))) {
    const parsed = parsePuzzle(line.trim().slice(0, 81));
    if (!parsed.ok) continue;
    const board = Board.fromPuzzle(parsed.puzzle);
    for (let i = 0; i < 400 && !board.isSolved(); i++) {
      const step = nextStep(board);
      if (!step || step.technique === 'guess') break;
      if (!SINGLE.test(step.technique)) positions.push(board.clone());
      applyStep(board, step);
    }
  }
}

console.log(`${cpus()[0]?.model.trim() ?? 'unknown'}, ${cpus().length} cores; Node ${process.version}; ${positions.length} positions (${specs.join(', ')}), ${repeat} passes`);
console.log('| technique | found in | ms per pass | µs per position | steps hash |');
console.log('|---|---:|---:|---:|---|');
for (const technique of techniques) {
  const hash = createHash('sha1');
  let found = 0;
  let ms = 0;
  for (let pass = 0; pass < repeat; pass++) {
    const started = performance.now();
    for (const board of positions) {
      const step = technique.find(board, { unique: true });
      if (pass === 0) {
        hash.update(step ? `${step.text}\n` : '-\n');
        if (step) found++;
      }
    }
    ms += performance.now() - started;
  }
  const perPass = ms / repeat;
  console.log(`| ${technique.name} | ${found} | ${perPass.toFixed(0)} | ${((perPass * 1000) / positions.length).toFixed(0)} | ${hash.digest('hex').slice(0, 12)} |`);
}
