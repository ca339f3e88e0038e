import { defineConfig } from 'vitest/config';
import { projectTest } from '../../tools/vitest/test-config';

// The tests drive the system `git` against repositories served on loopback by git's own
// HTTP backend (src/testing/git-http-server.ts): nothing about git is faked.
export default defineConfig({
  root: import.meta.dirname,
  cacheDir: '../../node_modules/.vite/libs/git',
  test: projectTest('git', { environment: 'node', pool: 'forks' }),
});
