import { defineConfig } from 'vitest/config';

const TIMING_SUITE = 'test/auth-timing.test.ts';

// One runner for every suite. Projects split by environment: pure packages and the server run in Node,
// the web app's unit tests in jsdom, browser journeys (e2e) drive the system Chromium via playwright-core.
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'domain', root: 'packages/domain', include: ['src/**/*.test.ts'] } },
      { test: { name: 'contracts', root: 'packages/contracts', include: ['src/**/*.test.ts'] } },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          exclude: [TIMING_SUITE],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // Compares response times of a few milliseconds: run on its own, after the other suites, so the
        // argon2-heavy suites running beside it on the two cores do not decide its medians.
        test: {
          name: 'timing',
          root: 'apps/server',
          include: [TIMING_SUITE],
          testTimeout: 120_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'web',
          root: 'apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
        },
      },
      {
        test: {
          name: 'console',
          root: 'apps/console',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
        },
      },
      {
        test: {
          name: 'e2e',
          root: 'e2e',
          include: ['**/*.e2e.ts'],
          testTimeout: 120_000,
          hookTimeout: 240_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
