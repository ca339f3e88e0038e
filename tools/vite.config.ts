import { defineConfig } from 'vitest/config';
import { projectTest } from './vitest/test-config';

export default defineConfig({
  root: import.meta.dirname,
  cacheDir: '../node_modules/.vite/tools',
  test: projectTest('tools', {
    environment: 'node',
    include: ['generators/**/*.test.ts', 'lint/**/*.test.ts', 'scripts/**/*.test.ts'],
  }),
});
