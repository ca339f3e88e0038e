import { nxViteTsPaths } from '@nx/vite/plugins/nx-tsconfig-paths.plugin';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { projectTest } from '../../../tools/vitest/test-config';

export default defineConfig({
  root: import.meta.dirname,
  cacheDir: '../../../node_modules/.vite/libs/organization/feature',
  // Lingui macros compile through Babel; catalogues are loaded by the app, not by libraries.
  plugins: [nxViteTsPaths(), react({ babel: { plugins: ['@lingui/babel-plugin-lingui-macro'] } })],
  test: projectTest('organization-feature', {
    environment: 'jsdom',
    setupFiles: ['../../../tools/vitest/component-setup.ts'],
  }),
});
