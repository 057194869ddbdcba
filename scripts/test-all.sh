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
run_check() { # name, command...: a check that passes or fails as a whole
  local name=$1; shift
  echo "::: $name"
  if "$@"; then echo '{"passed":1,"failed":0}' > "reports/$name.check.json"
  else echo '{"passed":0,"failed":1}' > "reports/$name.check.json"; status=1; fi
}

run_check build npm run build
run_check typecheck npm run typecheck
run_check lint npm run lint
echo "::: dependency audit (production dependencies, high and critical)"
node scripts/audit-deps.mjs || status=1

echo "::: server tests on SQLite"
TEST_DB=sqlite npx vitest run --project server --reporter=default --reporter=json \
  --outputFile.json=reports/server-sqlite.vitest.json || status=1
echo "::: server tests on PostgreSQL"
TEST_DB=postgres npx vitest run --project server --reporter=default --reporter=json \
  --outputFile.json=reports/server-postgres.vitest.json || status=1
echo "::: bench generator tests on SQLite"
TEST_DB=sqlite npx vitest run --project bench --reporter=default --reporter=json \
  --outputFile.json=reports/bench-sqlite.vitest.json || status=1
echo "::: bench generator tests on PostgreSQL"
TEST_DB=postgres npx vitest run --project bench --reporter=default --reporter=json \
  --outputFile.json=reports/bench-postgres.vitest.json || status=1
echo "::: web unit tests"
npx vitest run --project web --reporter=default --reporter=json \
  --outputFile.json=reports/web.vitest.json || status=1
echo "::: end-to-end tests (Playwright, system Chromium)"
PLAYWRIGHT_JSON_OUTPUT_NAME=reports/e2e.playwright.json npx playwright test --reporter=list,json || status=1

node scripts/summarize-tests.mjs reports || status=1
exit $status
