import os from 'node:os';
import { defineConfig } from 'vitest/config';

// One Vitest run per suite: `--project server` (API and unit tests) and `--project bench` (the data
// generator), each run once per database dialect chosen by TEST_DB=sqlite|postgres, and
// `--project web` (components in jsdom).
export default defineConfig({
  test: {
    // Vitest's default keeps a core free (cores − 1): one worker on CI's two cores, with the CPU idle
    // while a test waits on PostgreSQL, a child server or a timer. Two workers ran every suite green
    // and cut CI's server and web runs by a third (docs/toolchain.md, "CI time"). Each test file has its
    // own SQLite file or PostgreSQL schema (test/helpers/database.ts), so files do not share data.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    projects: [
      {
        test: {
          name: 'server',
          root: 'apps/server',
          environment: 'node',
          // The shared packages' unit tests (the i18n formatters) run here too: Node, no browser needed.
          include: ['src/**/*.test.ts', 'test/**/*.test.ts', '../../packages/*/src/**/*.test.ts'],
          // Reports count days in the server's zone unless a project names one: the same everywhere.
          env: { TZ: 'UTC' },
          // The run's prefix for reused PostgreSQL schemas, dropped when the run ends (helpers/schema-reuse.ts).
          globalSetup: ['test/global-setup.ts'],
          testTimeout: 20000,
          hookTimeout: 30000,
        },
      },
      {
        // The course generator (bench/generator), run once per dialect like the server suite.
        test: {
          name: 'bench',
          root: 'bench',
          environment: 'node',
          include: ['**/*.test.ts'],
          testTimeout: 120000,
          hookTimeout: 120000,
        },
      },
      {
        extends: 'apps/web/vite.config.ts',
        test: {
          name: 'web',
          root: 'apps/web',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}'],
          // One jsdom and one import of React, Mantine and the app per worker, not per file: the suite
          // took 628 s of CPU isolated and 159 s shared, with the same 482 tests passing. Files share no
          // DOM (Testing Library unmounts after each test) and no server state (each mocks its own fetch);
          // docs/toolchain.md, "CI time".
          isolate: false,
          setupFiles: ['src/test/setup.ts'],
        },
      },
    ],
  },
});
