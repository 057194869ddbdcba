// Reads the JSON reports of every suite and prints one line per suite, then the plain
// "N passed, N failed" line CI reads. A suite without a report counts as one failure.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

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

/** At most this many lines of each failed suite's own report are quoted: the CI log's tail must still fit. */
const QUOTED_LINES = 40;
const ansi = new RegExp(String.raw`\u001b\[[0-9;]*m`, 'g');

/**
 * What failed and why, from the suite's saved output (reports/<suite>.log, scripts/test-all.sh):
 * Vitest's "Failed Tests" / "Failed Suites" section (a failing hook is only there, not in the JSON).
 */
function vitestFailures(suite) {
  let text;
  try {
    text = readFileSync(join(dir, `${suite}.log`), 'utf8').replace(ansi, '');
  } catch {
    return [];
  }
  const lines = text.split('\n');
  const start = lines.findIndex((line) => /⎯ Failed (Tests|Suites) \d+/.test(line));
  if (start < 0) return [];
  const end = lines.findIndex((line, index) => index > start && /^\s*Test Files\s/.test(line));
  // Without the source excerpts (` 12| code`, `   | ^`): the file and line are named above them.
  const isSource = (line) => /^\s*(\d+)?\|/.test(line);
  return lines
    .slice(start, end < 0 ? undefined : end)
    .filter((line) => line.trim() !== '' && !isSource(line));
}

/** The Playwright tests that failed, each with the first line of its error. */
function playwrightFailures(file) {
  const failures = [];
  const visit = (suite, titles) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests ?? [])
        if (test.status === 'unexpected') {
          const error = test.results?.at(-1)?.error?.message?.replace(ansi, '').split('\n')[0] ?? '';
          failures.push(`${[...titles, spec.title].join(' › ')} (${spec.file}:${spec.line}): ${error}`);
        }
    for (const child of suite.suites ?? []) visit(child, [...titles, child.title]);
  };
  for (const suite of JSON.parse(readFileSync(join(dir, file), 'utf8')).suites ?? []) visit(suite, []);
  return failures;
}

function quoteFailures(suite, file) {
  let lines;
  try {
    lines = file.endsWith('.playwright.json') ? playwrightFailures(file) : vitestFailures(suite);
  } catch {
    return;
  }
  if (lines.length === 0) return;
  console.log(`--- ${suite}: what failed (from its own output above) ---`);
  for (const line of lines.slice(0, QUOTED_LINES)) console.log(line);
  if (lines.length > QUOTED_LINES) console.log(`… ${lines.length - QUOTED_LINES} more line(s) above`);
}

/** Each test file's wall time from a suite's JSON report: Vitest's per-file start and end, Playwright's results summed per spec file. */
function fileTimes(suite, file) {
  const report = JSON.parse(readFileSync(join(dir, file), 'utf8'));
  if (file.endsWith('.vitest.json'))
    return (report.testResults ?? []).map((result) => ({
      suite,
      file: relative(process.cwd(), result.name),
      ms: (result.endTime ?? 0) - (result.startTime ?? 0),
    }));
  const byFile = new Map();
  const visit = (node) => {
    for (const spec of node.specs ?? [])
      for (const test of spec.tests ?? [])
        for (const result of test.results ?? [])
          byFile.set(spec.file, (byFile.get(spec.file) ?? 0) + (result.duration ?? 0));
    for (const child of node.suites ?? []) visit(child);
  };
  for (const top of report.suites ?? []) visit(top);
  return [...byFile].map(([name, ms]) => ({ suite, file: `e2e/${name}`, ms }));
}

/** Where CI's time went: each suite's wall time (reports/<suite>.seconds) and the slowest files. */
function printTimes(counted) {
  const readSeconds = (suite) => {
    try {
      return Number(readFileSync(join(dir, `${suite}.seconds`), 'utf8'));
    } catch {
      return undefined;
    }
  };
  const seconds = counted.map(({ suite }) => [suite, readSeconds(suite)]).filter(([, s]) => s !== undefined);
  if (seconds.length > 0) {
    const total = seconds.reduce((sum, [, s]) => sum + s, 0);
    // The end-to-end suite runs beside the others (scripts/test-all.sh): the wall time is less than the sum.
    const wall = readSeconds('run');
    const run = wall === undefined ? '' : `, ${(wall / 60).toFixed(1)} min for the whole test command`;
    console.log(`--- time per suite (${(total / 60).toFixed(1)} min summed${run}) ---`);
    for (const [suite, s] of seconds) console.log(`${suite}: ${(s / 60).toFixed(1)} min`);
  }
  const times = [];
  for (const { suite, file } of counted) {
    if (!file || !/\.(vitest|playwright)\.json$/.test(file)) continue;
    try {
      times.push(...fileTimes(suite, file));
    } catch {
      // A report that cannot be read is already counted as a failure above.
    }
  }
  times.sort((a, b) => b.ms - a.ms);
  if (times.length === 0) return;
  console.log(`--- slowest ${SLOWEST_FILES} test files ---`);
  for (const { suite, file, ms } of times.slice(0, SLOWEST_FILES))
    console.log(`${(ms / 1000).toFixed(1).padStart(7)} s  ${suite}  ${file}`);
}

const SLOWEST_FILES = 10;
const counted = [];
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
  if (file && counts.failed > 0) quoteFailures(suite, file);
  counted.push({ suite, file, counts });
}

printTimes(counted);
for (const { suite, file, counts } of counted) {
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
