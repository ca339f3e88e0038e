import { nxViteTsPaths } from '@nx/vite/plugins/nx-tsconfig-paths.plugin';
import { defineConfig } from 'vitest/config';
import { projectTest } from '../../../tools/vitest/test-config';

export default defineConfig({
  root: import.meta.dirname,
  cacheDir: '../../../node_modules/.vite/libs/runners/data-access',
  plugins: [nxViteTsPaths()],
  test: projectTest('runners-data-access', { environment: 'jsdom' }),
});
