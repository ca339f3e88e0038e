import { defineConfig } from 'vitest/config';
import { workspaceAliases } from '../vite/workspace-aliases';
import { projectTest } from '../vitest/test-config';

// The stand-in run as a real process against a loopback HTTP state backend that records the
// requests, so its wire format (LOCK/POST ?ID=/UNLOCK, Content-MD5, 204 = no state) is checked.
export default defineConfig({
  root: import.meta.dirname,
  resolve: { alias: workspaceAliases() },
  cacheDir: '../../node_modules/.vite/tools/iac-stand-in',
  test: projectTest('iac-stand-in', { environment: 'node', pool: 'forks' }),
});
