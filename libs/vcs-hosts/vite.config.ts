import { defineConfig } from 'vitest/config';
import { projectTest } from '../../tools/vitest/test-config';

// The hosts' REST APIs cannot be reached here: the tests run each client against a loopback
// stand-in (src/testing) that answers in that host's wire format, paging, errors and rate limits.
export default defineConfig({
  root: import.meta.dirname,
  cacheDir: '../../node_modules/.vite/libs/vcs-hosts',
  test: projectTest('vcs-hosts', { environment: 'node' }),
});
