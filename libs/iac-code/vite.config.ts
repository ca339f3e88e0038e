import { defineConfig } from 'vitest/config';
import { projectTest } from '../../tools/vitest/test-config';

export default defineConfig({
  root: import.meta.dirname,
  cacheDir: '../../node_modules/.vite/libs/iac-code',
  test: projectTest('iac-code', { environment: 'node' }),
});
