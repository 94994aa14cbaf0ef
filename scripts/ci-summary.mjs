// Prints one "N passed, N failed" line per test run of .ci/run, then the total, from the JSON
// reports vitest and Playwright wrote. Exits non-zero when a report is missing or ran no test.
import { existsSync, readFileSync } from 'node:fs';

const runs = process.argv.slice(2).map((arg) => {
  const [name = '', kind = '', file = ''] = arg.split(':');
  return { name, kind, file };
});
let passed = 0;
let failed = 0;
let skipped = 0;
let ok = true;
for (const { name, kind, file } of runs) {
  if (!existsSync(file)) {
    console.log(`${name}: no report at ${file}`);
    ok = false;
    continue;
  }
  const r = JSON.parse(readFileSync(file, 'utf8'));
  const counts =
    kind === 'vitest'
      ? { passed: r.numPassedTests, failed: r.numFailedTests, skipped: r.numPendingTests + r.numTodoTests }
      : { passed: r.stats.expected, failed: r.stats.unexpected + r.stats.flaky, skipped: r.stats.skipped };
  if (counts.passed + counts.failed === 0) ok = false;
  passed += counts.passed;
  failed += counts.failed;
  skipped += counts.skipped;
  console.log(`${name}: ${counts.passed} passed, ${counts.failed} failed${counts.skipped ? `, ${counts.skipped} skipped` : ''}`);
}
console.log(`total: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(ok && failed === 0 ? 0 : 1);
