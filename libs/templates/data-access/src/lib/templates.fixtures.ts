import type { Blueprint, EphemeralStackEvent, StackDependency, StackDependencyGraph, Template } from './templates.types';

/** Wire-format objects for tests and stories. */
export function templateFixture(overrides: Partial<Template> = {}): Template {
  return {
    id: 'tmpl-preview01',
    name: 'Preview environment',
    description: 'A short-lived copy of the web stack for pull-request previews.',
    iacType: 'opentofu',
    vcsInfo: { providerId: 'vcsp-github01', repoName: 'acme/infra', branch: 'main', path: 'envs/preview' },
    policy: { ttlConfig: { maxTtl: { type: 'days', value: 7 }, defaultTtl: { type: 'hours', value: 8 } } },
    skipStateRefreshOnDestroy: false,
    runnerConfig: { mode: 'managed' },
    createdAt: '2026-11-20T09:00:00.000Z',
    ...overrides,
  };
}

export function blueprintFixture(overrides: Partial<Blueprint> = {}): Blueprint {
  return {
    id: 'blp-service01',
    name: 'Service',
    description: 'A new service with its own database.',
    vcsInfo: { providerId: 'vcsp-github01', repoName: 'acme/blueprints', branch: 'main', path: 'service' },
    stackConfiguration: {
      name: '{team}-{service_name}',
      iacType: 'terraform',
      vcsInfo: { providerId: 'vcsp-github01', repoName: 'acme/infra', branch: 'main', path: 'services/{service_name}' },
    },
    substituteParameters: [
      { key: 'service_name', description: 'Lower-case name of the service', valueConditions: [{ operator: 'match', value: '^[a-z][a-z0-9-]+$' }] },
      { key: 'team', valueConditions: [{ operator: 'in', value: ['web', 'data'] }] },
    ],
    createdAt: '2026-11-21T09:00:00.000Z',
    ...overrides,
  };
}

export function templateEventFixture(overrides: Partial<EphemeralStackEvent> = {}): EphemeralStackEvent {
  return {
    id: 'evt-1',
    type: 'stackCreated',
    templateId: 'tmpl-preview01',
    stackId: 'stk-preview01',
    stackName: 'preview-42',
    createdAt: '2026-11-23T10:00:00.000Z',
    ...overrides,
  };
}

export function dependencyFixture(overrides: Partial<StackDependency> = {}): StackDependency {
  return {
    id: 'sdep-app01',
    stackId: 'stk-app01',
    dependsOnStackId: 'stk-network01',
    references: [{ outputOfStackToDependOn: 'vpc_id', inputForStack: 'vpc_id', includeSensitiveOutput: false }],
    triggerOption: 'onReferenceValueChange',
    ...overrides,
  };
}

export function graphFixture(): StackDependencyGraph {
  return {
    nodes: [
      { stackId: 'stk-network01', name: 'network', latestRunStatus: 'succeeded' },
      { stackId: 'stk-app01', name: 'app', latestRunStatus: 'inProgress' },
      { stackId: 'stk-db01', name: 'database', latestRunStatus: 'failed' },
      { stackId: 'stk-web01', name: 'web' },
    ],
    edges: [
      dependencyFixture(),
      dependencyFixture({ id: 'sdep-db01', stackId: 'stk-db01', dependsOnStackId: 'stk-network01' }),
      dependencyFixture({ id: 'sdep-app02', stackId: 'stk-app01', dependsOnStackId: 'stk-db01', triggerOption: 'always' }),
      dependencyFixture({ id: 'sdep-web01', stackId: 'stk-web01', dependsOnStackId: 'stk-app01' }),
    ],
  };
}
