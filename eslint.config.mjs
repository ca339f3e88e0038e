import { existsSync, readFileSync, readdirSync } from 'node:fs';
import nx from '@nx/eslint-plugin';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import prettier from 'eslint-config-prettier';
import { platformRules, scopeRules, typeRules } from './tools/lint/domain-graph.mjs';
import { terracePlugin } from './tools/lint/no-literal-labels.mjs';

const constraints = [typeRules, scopeRules, platformRules].flatMap((rules) =>
  Object.entries(rules).map(([sourceTag, onlyDependOnLibsWithTags]) => ({
    sourceTag,
    onlyDependOnLibsWithTags,
  })),
);

/** The libraries that run only on the server or a runner (tag platform:node): the console never bundles them. */
// Paths are the repository's (eslint runs from each project's folder).
const fromRoot = (path) => `${import.meta.dirname}/${path}`;
const subfolders = (dir) =>
  readdirSync(fromRoot(dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => `${dir}/${entry.name}`);
const nodeOnlyLibs = [...subfolders('libs'), ...subfolders('libs').flatMap(subfolders)]
  .filter((dir) => existsSync(fromRoot(`${dir}/project.json`)))
  .filter((dir) => JSON.parse(readFileSync(fromRoot(`${dir}/project.json`), 'utf8')).tags?.includes('platform:node'));

export default [
  ...nx.configs['flat/base'],
  ...nx.configs['flat/typescript'],
  ...nx.configs['flat/javascript'],
  {
    ignores: [
      '**/dist',
      '**/coverage',
      '**/node_modules',
      '**/storybook-static',
      '**/vite.config.*.timestamp*',
      '**/vitest.config.*.timestamp*',
      'libs/api-client/src/generated/**',
      'openapi/dist/**',
      '.nx/**',
      'tmp/**',
    ],
  },
  {
    files: ['**/*.ts', '**/*.tsx', '**/*.js', '**/*.jsx', '**/*.mjs'],
    rules: {
      '@nx/enforce-module-boundaries': [
        'error',
        {
          enforceBuildableLibDependency: true,
          allow: [],
          banTransitiveDependencies: false,
          depConstraints: constraints,
        },
      ],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-syntax': [
        'error',
        {
          selector: 'ExportDefaultDeclaration',
          message: 'Named exports only (CONVENTIONS: Files and names).',
        },
      ],
    },
  },
  {
    // Tool configuration files are loaded by their tools through a default export.
    files: [
      '**/vite.config.*',
      '**/vitest.config.*',
      '**/*.stories.tsx',
      '.storybook/**',
      '**/lingui.config.*',
      '**/drizzle.config.*',
      '**/playwright.config.*',
      'eslint.config.mjs',
      // The apps' bundling scripts (tools/scripts/bundle-node.mjs does the work).
      'apps/*/build.mjs',
    ],
    // Tooling, not product code: it may reach shared tool helpers under tools/.
    rules: { 'no-restricted-syntax': 'off', '@nx/enforce-module-boundaries': 'off' },
  },
  {
    files: ['**/*.tsx'],
    plugins: { 'jsx-a11y': jsxA11y, 'react-hooks': reactHooks },
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      ...reactHooks.configs.recommended.rules,
    },
  },
  {
    // What the console bundles builds its schemas with zod's functional build: classic zod's
    // methods bring all of zod and its JSON Schema converter to every form page
    // (docs/contributing/forms.md). Server and runner code may use classic zod. Its forms use the
    // design system's form engine: react-hook-form is 16 KiB gzip more on every form page.
    // Lists use the design system's DataTable and its own column model (data-table/table-model.ts),
    // a twentieth of TanStack Table's size on every list page (ARCHITECTURE §8).
    files: ['apps/console/src/**/*.{ts,tsx}', 'libs/**/src/**/*.{ts,tsx}'],
    ignores: nodeOnlyLibs.map((dir) => `${dir}/**`),
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'zod', message: "Import z from 'zod/mini' (docs/contributing/forms.md)." },
            {
              name: '@tanstack/react-table',
              message: "Use the DataTable; import ColumnDef and the table states from '@terrace/design-system'.",
            },
            {
              name: 'react-hook-form',
              message: "Import useForm, useController, useFieldArray… from '@terrace/design-system' (docs/contributing/forms.md).",
            },
          ],
        },
      ],
    },
  },
  {
    // Product UI: every label users or assistive technology read goes through Lingui.
    files: ['apps/console/src/**/*.tsx', 'libs/**/src/**/*.tsx'],
    ignores: ['**/*.test.tsx', '**/*.stories.tsx', '**/testing/**'],
    plugins: { terrace: terracePlugin },
    rules: { 'terrace/no-literal-labels': 'error' },
  },
  prettier,
];
