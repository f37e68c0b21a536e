/**
 * The sudokit side of `npm run bench:big` (bigboards.ts): one worker thread per board size, as the
 * CLI's pool solves a file of one size. V8 compiles closures made once per board size for the
 * first size a thread meets and runs later sizes on slower code (the general core's searches and the
 * clause-learning search's hot functions are such closures: src/core/cdcl/index.ts), so a thread
 * that warmed up on 16×16 measured 36×36 at its slower rate; here each size warms up on itself.
 *
 * workerData: { size, clauseLearningFrom } (the main thread's searchTuning.clauseLearningFromSize).
 * Each message { text, capMs, searchPath } (one puzzle line) is answered with { ms, status, nodes }.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { cdclTuning } from '../src/core/cdcl/index.js';
import { searchTuning } from '../src/core/general/index.js';
import { parsePuzzle } from '../src/format/parse.js';
import { randomGrid } from '../src/generate/grid.js';
import { type Geometry, squareGeometry } from '../src/geometry.js';
import { createPuzzle, isSolution } from '../src/puzzle.js';
import { seededRandom } from '../src/random.js';
import { fastEngine } from '../src/registry.js';

const { size, clauseLearningFrom } = workerData as { size: number; clauseLearningFrom: number };
searchTuning.clauseLearningFromSize = clauseLearningFrom;

// Warm up on an easier board of this size (more cells kept), so the first puzzle measured does not
// pay for compiling the core.
{
  const g = squareGeometry(size) as Geometry;
  const random = seededRandom(7);
  const grid = randomGrid(g, random);
  if (!grid) throw new Error(`no random ${size}x${size} grid to warm up on`);
  for (const keep of [0.6, 0.55])
    fastEngine.solve(
      createPuzzle(
        g,
        grid.map((d) => (random() < keep ? d : 0)),
      ),
      { limit: 1, timeLimitMs: 2000 },
    );
}

const defaultSeeds = { cdcl: cdclTuning.seed, exactCover: searchTuning.seed };

parentPort?.on('message', ({ text, capMs, searchPath }: { text: string; capMs: number; searchPath: number }) => {
  // Search path k > 0: the clause-learning search from tiny initial activities drawn from k, the
  // exact-cover search with another restart seed.
  cdclTuning.seed = searchPath === 0 ? defaultSeeds.cdcl : searchPath;
  searchTuning.seed = defaultSeeds.exactCover + searchPath;
  const parsed = parsePuzzle(text);
  if (!parsed.ok) throw new Error(parsed.error.message);
  const puzzle = parsed.puzzle;
  const started = performance.now();
  const result = fastEngine.solve(puzzle, { limit: 1, timeLimitMs: capMs });
  const ms = performance.now() - started;
  const status = result.solution ? (isSolution(puzzle, result.solution) ? 'solved' : 'wrong') : result.timedOut ? 'capped' : 'unsat';
  parentPort?.postMessage({ ms, status, nodes: result.stats.nodes });
});
