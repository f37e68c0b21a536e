/**
 * The suite's closing summary, a reporter for node's test runner used beside `spec`: after the
 * run it lists every skipped test with its reason, says `N skipped`, and ends with the line
 * `N passed, N failed` alone, which is what CI reads. A skip is never silent: a test that
 * needs a tool says which and why (see `needs` in helpers.ts), and where the environment
 * demands that tool (SUDOKIT_REQUIRE), the test fails instead of skipping.
 */
import type { TestEvent } from 'node:test/reporters';

interface Counts {
  passed: number;
  failed: number;
  skipped: string[];
}

export default async function* summary(source: AsyncIterable<TestEvent>): AsyncGenerator<string> {
  const counts: Counts = { passed: 0, failed: 0, skipped: [] };
  for await (const event of source) {
    if (event.type !== 'test:pass' && event.type !== 'test:fail') continue;
    const data = event.data as { name: string; skip?: string | boolean; todo?: string | boolean; details: { type?: string }; file?: string };
    if (data.details.type === 'suite') {
      // A suite skipped as a whole hides its tests: count it as one skip with its reason.
      if (data.skip !== undefined && data.skip !== false) counts.skipped.push(`${data.name}: ${data.skip === true ? 'no reason given' : data.skip}`);
      else if (event.type === 'test:fail') counts.failed++;
      continue;
    }
    if (data.skip !== undefined && data.skip !== false) counts.skipped.push(`${data.name}: ${data.skip === true ? 'no reason given' : data.skip}`);
    else if (event.type === 'test:pass') counts.passed++;
    else counts.failed++;
  }
  let out = '\n';
  if (counts.skipped.length > 0) {
    out += `skipped ${counts.skipped.length}:\n`;
    for (const line of counts.skipped) out += `  - ${line}\n`;
  }
  out += `${counts.skipped.length} skipped\n`;
  out += `${counts.passed} passed, ${counts.failed} failed\n`;
  yield out;
}
