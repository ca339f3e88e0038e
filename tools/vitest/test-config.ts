import type { ViteUserConfig } from 'vitest/config';

type TestOptions = NonNullable<ViteUserConfig['test']>;

/**
 * The test settings every project shares: one JSON result file per project under
 * tmp/test-results, which tools/scripts/test-summary.mjs adds up into CI's closing line.
 */
export function projectTest(name: string, options: TestOptions = {}): TestOptions {
  return {
    name,
    include: ['src/**/*.test.{ts,tsx}'],
    // Generous limits: CI shares two cores between projects running in parallel, and a slow
    // machine must not turn a correct test into a failure. Speed is measured in tools/bench.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    reporters: ['default', ['json', { outputFile: `${import.meta.dirname}/../../tmp/test-results/${name}.json` }]],
    ...options,
  };
}
