import { nxViteTsPaths } from '@nx/vite/plugins/nx-tsconfig-paths.plugin';
import { defineConfig } from 'vitest/config';
import { linguiReactPlugins } from '../../i18n/vite-plugins';
import { projectTest } from '../../../tools/vitest/test-config';

export default defineConfig({
  root: import.meta.dirname,
  cacheDir: '../../../node_modules/.vite/libs/runners/feature',
  plugins: [nxViteTsPaths(), ...linguiReactPlugins()],
  test: projectTest('runners-feature', {
    environment: 'jsdom',
    setupFiles: ['../../../tools/vitest/component-setup.ts', 'src/test-setup.ts'],
    // Page tests go through the real client, MSW and Radix portals; the default 5 s is tight on a shared 2-core machine.
    testTimeout: 60_000,
  }),
});
