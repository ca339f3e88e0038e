import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';

// One catalog for the whole console: the four product locales plus a pseudo-locale that makes
// any string that skipped translation stand out on screen.
export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'zh', 'fr', 'ja', 'pseudo'],
  pseudoLocale: 'pseudo',
  fallbackLocales: { default: 'en' },
  catalogs: [
    {
      path: '<rootDir>/libs/i18n/src/locales/{locale}/messages',
      // Globs, not folders: Lingui only expands a path it can stat as a directory.
      include: [
        '<rootDir>/apps/*/src/**/*.{ts,tsx}',
        '<rootDir>/libs/*/src/**/*.{ts,tsx}',
        '<rootDir>/libs/*/*/src/**/*.{ts,tsx}',
      ],
      exclude: [
        '**/node_modules/**',
        '**/*.test.{ts,tsx}',
        '**/*.stories.{ts,tsx}',
        '**/generated/**',
      ],
    },
  ],
  // Line numbers churn on every edit and make parallel branches conflict in the .po files.
  format: formatter({ lineNumbers: false }),
});
