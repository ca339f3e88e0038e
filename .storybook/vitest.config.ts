import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import { playwright } from '@vitest/browser-playwright';
import { defineConfig } from 'vitest/config';

const workspaceRoot = `${import.meta.dirname}/..`;

// Every story rendered as a test in Debian's Chromium, with the accessibility check of
// preview.tsx (a11y.test = 'error'). Run by tools/scripts/suites/storybook.sh, not by the unit
// test targets, so those stay fast.
export default defineConfig({
  root: workspaceRoot,
  cacheDir: `${workspaceRoot}/node_modules/.vite/storybook`,
  plugins: [storybookTest({ configDir: import.meta.dirname })],
  test: {
    name: 'storybook',
    reporters: ['default', ['json', { outputFile: `${workspaceRoot}/tmp/test-results/storybook.json` }]],
    testTimeout: 30_000,
    browser: {
      enabled: true,
      headless: true,
      provider: playwright({
        launchOptions: {
          executablePath: '/usr/bin/chromium',
          args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
        },
      }),
      instances: [{ browser: 'chromium' }],
    },
  },
});
