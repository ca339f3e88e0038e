#!/usr/bin/env node
// Runs only the `terrace/no-literal-labels` rule over the console's product files, so the
// translation check catches labels written as literals (aria-label, title, placeholder, alt, …)
// that Lingui's extraction cannot see.
import tsParser from '@typescript-eslint/parser';
import { ESLint } from 'eslint';
import { fileURLToPath } from 'node:url';
import { terracePlugin } from '../../lint/no-literal-labels.mjs';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const eslint = new ESLint({
  cwd: root,
  overrideConfigFile: true,
  // Inline disable comments name rules this run does not load.
  allowInlineConfig: false,
  overrideConfig: [
    { ignores: ['**/node_modules/**', '**/dist/**', '**/*.test.tsx', '**/*.stories.tsx', '**/testing/**', '**/generated/**'] },
    {
      files: ['**/*.tsx'],
      languageOptions: { parser: tsParser, parserOptions: { ecmaFeatures: { jsx: true } } },
      plugins: { terrace: terracePlugin },
      rules: { 'terrace/no-literal-labels': 'error' },
    },
  ],
});
const results = await eslint.lintFiles(['apps/console/src/**/*.tsx', 'libs/**/src/**/*.tsx']);
const problems = results.flatMap((r) => r.messages.map((m) => `${r.filePath.slice(root.length)}:${m.line}: ${m.message}`));
if (problems.length > 0) {
  console.error(`${problems.length} literal label(s):\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log(`Labels OK: ${results.length} files use Lingui for every label.`);
