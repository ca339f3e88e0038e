import { defineConfig } from 'vitest/config';
import { projectTest } from '../tools/vitest/test-config';

export default defineConfig({
  root: import.meta.dirname,
  cacheDir: '../node_modules/.vite/openapi',
  test: projectTest('openapi', { environment: 'node' }),
});
