import type { Namespace } from './namespaces.types';

/** A namespace as the server answers it, for tests and stories. */
export function namespaceFixture(overrides: Partial<Namespace> = {}): Namespace {
  return {
    id: 'ns-platform01',
    name: 'platform',
    description: 'Shared networking and clusters',
    externalCredentials: [],
    iacConfig: { terraformVersion: '1.9.8', terragruntVersion: null, opentofuVersion: null },
    runnerConfig: { mode: 'managed', groups: [], isOverridable: true },
    deploymentApprovalPolicy: { rules: [{ type: 'requireApproval' }], overrideBehavior: 'allow' },
    capabilities: {
      deployOnPush: { status: 'enabled', isOverridable: true },
      planOnPr: { status: 'enabled', isOverridable: true },
      driftDetection: { status: 'enabled', isOverridable: true },
    },
    createdAt: '2026-03-01T08:00:00.000Z',
    updatedAt: '2026-03-02T08:00:00.000Z',
    ...overrides,
  };
}
