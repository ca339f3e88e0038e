import { defineConfig } from 'vitest/config';
import { workspaceAliases } from '../../tools/vite/workspace-aliases';
import { projectTest } from '../../tools/vitest/test-config';

// The runner agent's loop against an in-memory transport: log batching by offset, heartbeats,
// cancel and supersede signals, graceful stop.
export default defineConfig({
  root: import.meta.dirname,
  resolve: { alias: workspaceAliases() },
  cacheDir: '../../node_modules/.vite/libs/runner-agent',
  test: projectTest('runner-agent', { environment: 'node', pool: 'forks', testTimeout: 60_000 }),
});
