import { defineConfig } from 'vitest/config';
import { PREACT_ALIASES } from './apps/web/preact-aliases.ts';

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
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // The web app runs on preact/compat (apps/web/preact-aliases.ts), and so do its tests: the alias
        // for what Vite runs, apps/web/preact-in-node.ts for the libraries Node loads itself.
        resolve: { alias: PREACT_ALIASES },
        test: {
          name: 'web',
          root: 'apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['./preact-in-node.ts'],
        },
      },
      {
        test: {
          name: 'console',
          root: 'apps/console',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['./src/test/setup.ts'],
          // antd renders slowly in jsdom, and the machine is shared: a screen test may take seconds.
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'e2e',
          root: 'e2e',
          include: ['**/*.e2e.ts'],
          // Every answer a journey receives is checked against the server's OpenAPI document.
          setupFiles: ['./support/openapi-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 240_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
