// Reads the JSON reports of every suite and prints one line per suite, then the plain
// "N passed, N failed" line CI reads. A suite without a report counts as one failure.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = process.argv[2] ?? 'reports';
const expected = [
  'build',
  'typecheck',
  'lint',
  'deps-audit',
  'server-sqlite',
  'server-postgres',
  'bench-sqlite',
  'bench-postgres',
  'web',
  'e2e',
];

function readCounts(file) {
  const report = JSON.parse(readFileSync(join(dir, file), 'utf8'));
  if (file.endsWith('.vitest.json')) {
    return {
      passed: report.numPassedTests,
      failed: report.numFailedTests + (report.numFailedTestSuites ?? 0),
      skipped: report.numPendingTests + (report.numTodoTests ?? 0),
    };
  }
  if (file.endsWith('.playwright.json')) {
    const s = report.stats;
    return {
      passed: s.expected + s.flaky,
      failed: s.unexpected + (report.errors?.length ?? 0),
      skipped: s.skipped,
      flaky: s.flaky,
    };
  }
  return { passed: report.passed, failed: report.failed, skipped: report.skipped ?? 0 };
}

const totals = { passed: 0, failed: 0, skipped: 0 };
const files = readdirSync(dir).filter((f) => f.endsWith('.json'));
for (const suite of expected) {
  const file = files.find((f) => f.split('.')[0] === suite);
  let counts;
  try {
    counts = file ? readCounts(file) : { passed: 0, failed: 1, skipped: 0 };
  } catch {
    counts = { passed: 0, failed: 1, skipped: 0 };
  }
  if (!file) console.log(`${suite}: no report (the suite did not run) — counted as 1 failed`);
  else console.log(`${suite}: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
  if (counts.flaky > 0)
    console.log(
      `WARNING: ${suite} had ${counts.flaky} flaky test(s): failed once, passed on the retry; see its output above.`,
    );
  if (counts.skipped > 0)
    console.log(`WARNING: ${suite} skipped ${counts.skipped} test(s); see its output above for why.`);
  for (const key of Object.keys(totals)) totals[key] += counts[key];
}
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(totals.failed > 0 ? 1 : 0);
