#!/usr/bin/env bash
# Runs every test suite of the project and ends with one plain line: "N passed, N failed".
# Suites: typecheck, lint, the production dependency audit, the server suite on SQLite and on PostgreSQL, the web unit tests,
# and the Playwright end-to-end tests against the built app in the system Chromium.
# Installs what a fresh machine lacks (npm packages, Debian's Chromium) and, in CI, starts
# PostgreSQL and Redis when they are not answering.
set -uo pipefail
cd "$(dirname "$0")/.."

[ -d node_modules ] || npm ci --no-audit --no-fund
bash scripts/ensure-chromium.sh || exit 1
bash scripts/ensure-services.sh || exit 1

rm -rf reports && mkdir -p reports
status=0
# Each suite's wall time goes to reports/<suite>.seconds: the summary prints where CI's time went.
timed() { # suite, command...: runs the command and records its wall time
  local suite=$1 start=$SECONDS; shift
  "$@"; local rc=$?
  echo $((SECONDS - start)) > "reports/$suite.seconds"
  return $rc
}
run_check() { # name, command...: a check that passes or fails as a whole
  local name=$1; shift
  echo "::: $name"
  if timed "$name" "$@"; then echo '{"passed":1,"failed":0}' > "reports/$name.check.json"
  else echo '{"passed":0,"failed":1}' > "reports/$name.check.json"; status=1; fi
}

run_check build npm run build

# The end-to-end suite mostly waits (on its server, on frames, on the outbox): alone it kept about a
# third of CI's two cores busy for its 15-20 minutes. It starts first, at normal priority, and every
# other suite runs beside it under `nice`: they take the CPU the browser tests leave idle and give it
# back whenever a browser test needs it (docs/toolchain.md, "CI time"). Its output is printed after
# theirs, where it always was.
echo "::: end-to-end tests (Playwright, system Chromium): started now, beside the other suites"
(PLAYWRIGHT_JSON_OUTPUT_NAME=reports/e2e.playwright.json timed e2e npx playwright test --reporter=list,json \
  > reports/e2e.out 2>&1) &
e2e_pid=$!
renice -n 10 -p $$ > /dev/null
# Typecheck and lint are one process each: side by side they take the two cores' time of the longer.
# Their output is kept apart and printed after, so each reads whole.
run_check typecheck npm run typecheck > reports/typecheck.out 2>&1 &
typecheck_pid=$!
run_check lint npm run lint > reports/lint.out 2>&1 &
wait "$typecheck_pid" $! # not the end-to-end run, still going
cat reports/typecheck.out reports/lint.out
grep -qs '"failed":1' reports/typecheck.check.json reports/lint.check.json && status=1
echo "::: dependency audit (production dependencies, high and critical)"
timed deps-audit node scripts/audit-deps.mjs || status=1

# Each vitest run's output is also kept in reports/<suite>.log: the summary at the end quotes the
# failures from it, so the last lines of a CI log say what failed and why.
run_vitest() { # suite, then vitest's arguments (TEST_DB comes from the caller's environment)
  local suite=$1; shift
  timed "$suite" npx vitest run "$@" --reporter=default --reporter=json --outputFile.json="reports/$suite.vitest.json" \
    2>&1 | tee "reports/$suite.log"
  [ "${PIPESTATUS[0]}" -eq 0 ] || status=1
}

# --no-isolate: each worker imports the server once, not once per file (import time 318 s -> 40 s of CPU
# on SQLite). Files still share no data (each its own SQLite file or PostgreSQL schema) and no memory
# (each app carries its own AppDatabase: stamps, caches; docs/toolchain.md, "CI time").
echo "::: server tests on SQLite"
TEST_DB=sqlite run_vitest server-sqlite --project server --no-isolate
echo "::: server tests on PostgreSQL"
TEST_DB=postgres run_vitest server-postgres --project server --no-isolate
echo "::: bench generator tests on SQLite"
TEST_DB=sqlite run_vitest bench-sqlite --project bench
echo "::: bench generator tests on PostgreSQL"
TEST_DB=postgres run_vitest bench-postgres --project bench
echo "::: web unit tests"
run_vitest web --project web
echo "::: end-to-end tests (Playwright, system Chromium): waiting for the run started after the build"
wait "$e2e_pid" || status=1
cat reports/e2e.out

echo "$SECONDS" > reports/run.seconds
node scripts/summarize-tests.mjs reports || status=1
exit $status
