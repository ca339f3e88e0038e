import { defineConfig } from 'vitest/config';
import { workspaceAliases } from '../../tools/vite/workspace-aliases';
import { projectTest } from '../../tools/vitest/test-config';

// runJob end to end: real git repositories served by git's own HTTP backend, the IaC stand-in
// (tools/iac-stand-in) as terraform/tofu/terragrunt, a loopback releases host for downloads.
export default defineConfig({
  root: import.meta.dirname,
  resolve: { alias: workspaceAliases() },
  cacheDir: '../../node_modules/.vite/libs/runner-engine',
  // A job starts several processes (git, the stand-in through node): generous limits on a shared machine.
  test: projectTest('runner-engine', { environment: 'node', pool: 'forks', testTimeout: 240_000 }),
});
