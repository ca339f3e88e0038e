import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import { playwright } from '@vitest/browser-playwright';
import { defineConfig } from 'vitest/config';
import { workspaceFsAllow } from '../tools/vite/workspace-aliases.ts';

const workspaceRoot = `${import.meta.dirname}/..`;

// A fresh object per project: Vitest writes the resolved names into `instances`. The pass is
// told to the page through the browser itself (colour scheme; an Arabic locale for rtl), because
// the projects share one Vite server: a per-project `define` reached both passes as the first
// project's value, so the dark + rtl pass silently ran light + ltr.
const browser = (theme: 'light' | 'dark', direction: 'ltr' | 'rtl') => ({
  enabled: true,
  headless: true,
  provider: playwright({
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    },
    // The copy buttons write to the clipboard, which a headless page may only do when granted.
    contextOptions: {
      permissions: ['clipboard-read', 'clipboard-write'],
      colorScheme: theme,
      locale: direction === 'rtl' ? 'ar' : 'en-US',
    },
  }),
  instances: [{ browser: 'chromium' as const }],
});

// Every story is rendered as a test in Debian's Chromium with the accessibility check of
// preview.tsx (a11y.test = 'error'), twice: light + ltr, then dark + rtl, so contrast is checked
// in both themes and layout in both directions. preview.tsx reads the pass from the automated
// browser's colour scheme and language (see browser() above). Run by tools/scripts/suites/storybook.sh, not by the unit test
// targets, so those stay fast.
const pass = (name: string, theme: 'light' | 'dark', direction: 'ltr' | 'rtl') => ({
  extends: true as const,
  plugins: [storybookTest({ configDir: import.meta.dirname })],
  test: { name, browser: browser(theme, direction) },
});

export default defineConfig({
  root: workspaceRoot,
  cacheDir: `${workspaceRoot}/node_modules/.vite/storybook`,
  // The browser server of the projects is the root's, so the worktree's node_modules symlink
  // target must be allowed here too, not only in Storybook's viteFinal.
  server: { fs: { allow: workspaceFsAllow() } },
  test: {
    reporters: [
      'default',
      ['json', { outputFile: `${workspaceRoot}/tmp/test-results/storybook.json` }],
    ],
    testTimeout: 30_000,
    projects: [
      pass('storybook-light-ltr', 'light', 'ltr'),
      pass('storybook-dark-rtl', 'dark', 'rtl'),
    ],
  },
});
