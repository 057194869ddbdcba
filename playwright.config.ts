import { defineConfig, devices } from '@playwright/test';
import { existsSync, mkdirSync } from 'node:fs';
import { E2E_BASE_URL, E2E_DATA_DIR, E2E_GIT_ROOT, E2E_PORT } from './e2e/support/env';

mkdirSync(E2E_GIT_ROOT, { recursive: true });

/**
 * Debian's headless Chromium (package chromium-headless-shell: the same Blink as the chromium package,
 * without the browser's windowing and UI processes) when it is installed, else Debian's chromium.
 * E2E_CHROMIUM names another. The headless shell is what Playwright itself runs headless by default.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const chromium =
  process.env.E2E_CHROMIUM ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

// Drives the built app, served by the real start command, in Debian's Chromium
// (never a browser downloaded by Playwright). Build first: `npm run build`.
export default defineConfig({
  testDir: 'e2e',
  // Two minutes: the longest journeys take ~25 s alone, but beside typecheck, lint and the Vitest suites on
  // CI's two cores a clean-clone run on 2026-12-03 saw five of them pass 60 s (a board journey with axe
  // checks, invitations, report URLs); each passes alone in under 30 s (docs/toolchain.md, "CI time").
  timeout: 120_000,
  expect: { timeout: 10_000 },
  // Two workers, each a browser on the one shared server: a test mostly waits (on the server, on
  // frames, on the outbox), so two side by side took the suite from ~35 to under 20 minutes on CI's
  // two cores. Each test makes its own accounts and projects; a file that changes what every account
  // sees (terms.spec.ts publishes terms) runs on its own app copy (support/server.ts).
  fullyParallel: false,
  workers: 2,
  // One retry in CI only: the browser has twice stalled for a minute on a loaded 2-core CI machine
  // (a click waiting for frames that never came) on tests that pass hundreds of times in a row.
  // A retried pass is reported as "flaky" in the summary (scripts/summarize-tests.mjs), never hidden;
  // a test that fails twice still fails the run.
  retries: process.env.CI ? 1 : 0,
  forbidOnly: !!process.env.CI,
  outputDir: 'test-results',
  use: {
    baseURL: E2E_BASE_URL,
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    locale: 'en-US',
    launchOptions: {
      executablePath: chromium,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    command: 'npm start',
    url: `${E2E_BASE_URL}/api/health`,
    reuseExistingServer: false,
    // Two minutes: the longest journeys take ~25 s alone, but beside typecheck, lint and the Vitest suites on
    // CI's two cores a clean-clone run on 2026-12-03 saw five of them pass 60 s (a board journey with axe
    // checks, invitations, report URLs); each passes alone in under 30 s (docs/toolchain.md, "CI time").
    timeout: 120_000,
    env: {
      PORT: String(E2E_PORT),
      HOST: '127.0.0.1',
      DATA_DIR: E2E_DATA_DIR,
      APP_URL: E2E_BASE_URL,
      // Seeded accounts sign up "from" their own addresses (support/accounts.ts), as a class does from
      // its own machines; otherwise the per-address mail cap would stop the suite's confirmations.
      TRUST_PROXY: '127.0.0.1',
      CODE_HOSTING_LOCAL_ROOTS: E2E_GIT_ROOT,
    },
  },
});
