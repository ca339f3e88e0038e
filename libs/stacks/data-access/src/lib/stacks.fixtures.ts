import type { Stack } from './stacks.types';

/** A stack as the wire answers it, for tests and stories. */
export function stackFixture(overrides: Partial<Stack> = {}): Stack {
  return {
    id: 'stk-1',
    name: 'network',
    description: 'The VPC and its subnets',
    namespaceId: 'ns-1',
    namespaceName: 'Production',
    iacType: 'terraform',
    stackType: 'persistent',
    data: {
      iacConfig: { terraformVersion: '1.5.7' },
      vcsInfo: { providerId: 'vcsp-1', repoName: 'infra', branch: 'main', path: 'network' },
      runnerConfig: { mode: 'managed' },
    },
    driftState: 'inSync',
    errorState: 'ok',
    createdBy: 'usr-ada',
    createdByName: 'ada@example.com',
    createdAt: '2026-11-01T10:00:00.000Z',
    updatedAt: '2026-11-02T10:00:00.000Z',
    ...overrides,
  } as Stack;
}
