/**
 * The soundness sweep over the variant collections, part 1 of 2 (test/variantSweep.ts): every step
 * on every other puzzle keeps the known solution. Whole files in `npm run test:full` with
 * ../shared beside the checkout, the vendored lines otherwise.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { FULL, HAS_SHARED } from './helpers.js';
import { sweepPart } from './variantSweep.js';

test('soundness sweep, part 1 of 2: every step on the variant collections keeps the known solution', () => {
  const { puzzles, steps } = sweepPart(0, 2, FULL && HAS_SHARED);
  assert.ok(puzzles >= 10 && steps > 500, `${puzzles} puzzles, ${steps} steps`);
});
