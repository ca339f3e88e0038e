import { nxViteTsPaths } from '@nx/vite/plugins/nx-tsconfig-paths.plugin';
import { defineConfig } from 'vitest/config';
import { linguiReactPlugins } from '../../i18n/vite-plugins';
import { projectTest } from '../../../tools/vitest/test-config';

export default defineConfig({
  root: import.meta.dirname,
  cacheDir: '../../../node_modules/.vite/libs/policies/ui',
  plugins: [nxViteTsPaths(), ...linguiReactPlugins()],
  test: projectTest('policies-ui', {
    environment: 'jsdom',
    setupFiles: ['../../../tools/vitest/component-setup.ts', 'src/test-setup.ts'],
    // Radix portals and the virtualised log render slowly on a shared 2-core machine.
    testTimeout: 60_000,
  }),
});
