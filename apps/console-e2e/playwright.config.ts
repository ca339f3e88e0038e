import { defineConfig } from 'playwright/test';

const root = `${import.meta.dirname}/../..`;

/**
 * The console end to end: the built console served by the real API on a fresh embedded
 * PostgreSQL (started by global-setup), in Debian's Chromium. Never downloads a browser.
 */
export default defineConfig({
  testDir: './src',
  testMatch: '**/*.spec.ts',
  outputDir: `${root}/tmp/e2e-artifacts/console-e2e`,
  globalSetup: './src/support/global-setup.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  forbidOnly: true,
  reporter: [['list'], ['json', { outputFile: `${root}/tmp/test-results/console-e2e.json` }]],
  use: {
    baseURL: process.env['CONSOLE_E2E_BASE_URL'],
    viewport: { width: 1440, height: 900 },
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    },
  },
});
