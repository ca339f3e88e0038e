import { defineConfig } from 'vitest/config';
import { workspaceAliases } from '../../tools/vite/workspace-aliases';
import { projectTest } from '../../tools/vitest/test-config';

// The runner's settings. The process itself is exercised end to end against the real server by
// apps/api/src/modules/runners/self-hosted-runner.test.ts.
export default defineConfig({
  root: import.meta.dirname,
  resolve: { alias: workspaceAliases() },
  cacheDir: '../../node_modules/.vite/apps/runner',
  test: projectTest('runner', { environment: 'node' }),
});
