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
    reporters: ['default', ['json', { outputFile: `${import.meta.dirname}/../../tmp/test-results/${name}.json` }]],
    ...options,
  };
}
