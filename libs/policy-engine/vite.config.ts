import { defineConfig } from 'vitest/config';
import { workspaceAliases } from '../../tools/vite/workspace-aliases';
import { projectTest } from '../../tools/vitest/test-config';

// The typed evaluators are pure; the OPA adapter runs tools/opa-stand-in as `opa` (a real process).
export default defineConfig({
  root: import.meta.dirname,
  resolve: { alias: workspaceAliases() },
  cacheDir: '../../node_modules/.vite/libs/policy-engine',
  test: projectTest('policy-engine', { environment: 'node', pool: 'forks' }),
});
