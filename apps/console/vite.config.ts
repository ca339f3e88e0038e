import { nxViteTsPaths } from '@nx/vite/plugins/nx-tsconfig-paths.plugin';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vitest/config';
import { linguiReactPlugins } from '../../libs/i18n/vite-plugins';
import { projectTest } from '../../tools/vitest/test-config';
import { precompress } from './precompress';

export default defineConfig({
  root: import.meta.dirname,
  cacheDir: '../../node_modules/.vite/apps/console',
  plugins: [nxViteTsPaths(), ...linguiReactPlugins(), tailwindcss(), precompress()],
  server: { port: 4200, proxy: { '/api': 'http://localhost:3000' } },
  build: {
    outDir: '../../dist/apps/console',
    emptyOutDir: true,
    reportCompressedSize: true,
    // Each route's own chunk stays small; this warns when a single chunk grows past the budget.
    chunkSizeWarningLimit: 500,
  },
  test: projectTest('console', { environment: 'jsdom', setupFiles: ['../../tools/vitest/component-setup.ts', 'src/test-setup.ts'] }),
});
