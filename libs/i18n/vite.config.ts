import { defineConfig } from 'vitest/config';
import { projectTest } from '../../tools/vitest/test-config';
import { linguiReactPlugins } from './vite-plugins';

export default defineConfig({
  root: import.meta.dirname,
  cacheDir: '../../node_modules/.vite/libs/i18n',
  plugins: linguiReactPlugins(),
  test: projectTest('i18n', { environment: 'jsdom' }),
});
