import type { StackDiscoveryConfiguration, StackDiscoveryEvent, StackDiscoveryProposal } from './discovery.types';

/** Wire-format objects for tests and stories. */
export function discoveryFixture(overrides: Partial<StackDiscoveryConfiguration> = {}): StackDiscoveryConfiguration {
  return {
    id: 'sdc-monorepo01',
    name: 'Platform monorepo',
    namespaceId: 'ns-platform01',
    description: 'Every environment folder under envs/ becomes a stack.',
    vcsPatterns: [{ providerId: 'vcsp-github01', repoName: 'acme/infra', pathPatterns: ['envs/*/**'], excludePathPatterns: ['envs/legacy/**'], branch: 'main' }],
    stackConfig: { iacType: 'opentofu' },
    status: 'finished',
    lastRunAt: '2026-11-23T10:00:00.000Z',
    createdAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

export function discoveryEventFixture(overrides: Partial<StackDiscoveryEvent> = {}): StackDiscoveryEvent {
  return {
    id: 'sde-1',
    stackDiscoveryConfigurationId: 'sdc-monorepo01',
    status: 'finished',
    createdStacks: [
      { stackId: 'stk-dev01', repoName: 'acme/infra', path: 'envs/dev' },
      { stackId: 'stk-prod01', repoName: 'acme/infra', path: 'envs/prod' },
    ],
    createdAt: '2026-11-23T10:00:00.000Z',
    ...overrides,
  };
}

export function discoveryProposalFixture(overrides: Partial<StackDiscoveryProposal> = {}): StackDiscoveryProposal {
  return {
    id: 'sdp-staging01',
    stackDiscoveryConfigurationId: 'sdc-monorepo01',
    providerId: 'vcsp-github01',
    repoName: 'acme/infra',
    branch: 'main',
    path: 'envs/staging',
    iacType: 'opentofu',
    status: 'proposed',
    createdAt: '2026-11-23T10:00:00.000Z',
    ...overrides,
  };
}
