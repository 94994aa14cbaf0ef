// Prints one "N passed, N failed" line per test run of .ci/run, then the total, from the JSON
// reports vitest and Playwright wrote, and under it each failed test with the start of its error (a
// failed run's log can be long: this keeps the failures in its last lines). Exits non-zero when a
// report is missing or ran no test.
import { existsSync, readFileSync } from 'node:fs';
import { stripVTControlCharacters } from 'node:util';

const runs = process.argv.slice(2).map((arg) => {
  const [name = '', kind = '', file = ''] = arg.split(':');
  return { name, kind, file };
});
let passed = 0;
let failed = 0;
let skipped = 0;
let ok = true;
/** @type {string[]} */
const failures = [];
/** The first lines of an error, without colour codes. @param {unknown} text */
const brief = (text) => stripVTControlCharacters(String(text ?? '')).split('\n').slice(0, 4).join('\n    ');
/**
 * @typedef {{ status?: string; error?: { message?: string } }} PwResult
 * @typedef {{ file?: string; title?: string; tests?: { status?: string; results?: PwResult[] }[] }} PwSpec
 * @typedef {{ specs?: PwSpec[]; suites?: PwSuite[] }} PwSuite
 * @typedef {{ status?: string; fullName?: string; failureMessages?: string[] }} VtTest
 */
/** Playwright's failed tests, walking its nested suites. @param {PwSuite} suite @param {string[]} out */
function playwrightFailures(suite, out) {
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests ?? []) {
      const bad = (test.results ?? []).find((r) => r.status !== 'passed' && r.status !== 'skipped');
      if (bad && test.status !== 'expected' && test.status !== 'skipped') out.push(`${spec.file} > ${spec.title}\n    ${brief(bad.error?.message)}`);
    }
  }
  for (const child of suite.suites ?? []) playwrightFailures(child, out);
}
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
  if (kind === 'vitest') {
    for (const file of r.testResults ?? []) {
      for (const t of /** @type {VtTest[]} */ (file.assertionResults ?? [])) if (t.status === 'failed') failures.push(`${name}: ${file.name} > ${t.fullName}\n    ${brief(t.failureMessages?.[0])}`);
      if (file.status === 'failed' && !(/** @type {VtTest[]} */ (file.assertionResults ?? [])).some((t) => t.status === 'failed')) failures.push(`${name}: ${file.name}\n    ${brief(file.message)}`);
    }
  } else for (const suite of r.suites ?? []) playwrightFailures(suite, failures);
  passed += counts.passed;
  failed += counts.failed;
  skipped += counts.skipped;
  console.log(`${name}: ${counts.passed} passed, ${counts.failed} failed${counts.skipped ? `, ${counts.skipped} skipped` : ''}`);
}
console.log(`total: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
if (failures.length) console.log(`\nfailed:\n${failures.map((f) => `  ${f}`).join('\n')}`);
process.exit(ok && failed === 0 ? 0 : 1);
