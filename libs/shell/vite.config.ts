import { nxViteTsPaths } from '@nx/vite/plugins/nx-tsconfig-paths.plugin';
import { defineConfig } from 'vitest/config';
import { linguiReactPlugins } from '../i18n/vite-plugins';
import { projectTest } from '../../tools/vitest/test-config';

export default defineConfig({
  root: import.meta.dirname,
  cacheDir: '../../node_modules/.vite/libs/shell',
  plugins: [nxViteTsPaths(), ...linguiReactPlugins()],
  test: projectTest('shell', { environment: 'jsdom', setupFiles: ['../../tools/vitest/component-setup.ts', 'src/test-setup.ts'], testTimeout: 20_000 }),
});
