import { nxViteTsPaths } from '@nx/vite/plugins/nx-tsconfig-paths.plugin';
import { defineConfig } from 'vitest/config';
import { projectTest } from '../../tools/vitest/test-config';

// The API tests run against one real PostgreSQL per run (see src/testing/global-setup.ts);
// every test file makes its own organizations, so files run in parallel without wiping tables.
export default defineConfig({
  root: import.meta.dirname,
  cacheDir: '../../node_modules/.vite/apps/api',
  // The SSO tests use the test identity provider of tools/testing-idp (@terrace/testing-idp).
  plugins: [nxViteTsPaths()],
  test: projectTest(process.env['API_TEST_RESULTS_NAME'] ?? 'api', {
    environment: 'node',
    globalSetup: ['src/testing/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 2,
  }),
});
