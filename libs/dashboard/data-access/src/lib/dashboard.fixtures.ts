import type { AuditEvent, AutomationOverview, StackOverviewItem } from './dashboard.types';

const stackItem = (overrides: Partial<StackOverviewItem> = {}): StackOverviewItem => ({
  id: 'stk-network01',
  name: 'network',
  namespaceId: 'ns-platform01',
  namespaceName: 'platform',
  iacType: 'terraform',
  driftState: 'inSync',
  errorState: 'ok',
  latestRunStatus: 'succeeded',
  latestRunAt: '2026-11-20T09:30:00.000Z',
  ...overrides,
});

const auditEvent = (overrides: Partial<AuditEvent> = {}): AuditEvent => ({
  id: 'aud-1',
  entityType: 'stack',
  entityId: 'stk-network01',
  entityName: 'network',
  action: 'create',
  initiator: { userName: 'ada@example.test', userType: 'directUser', userId: 'usr-ada' },
  createdAt: '2026-11-20T09:30:00.000Z',
  ...overrides,
});

/** Wire-format answers of GET /dashboard/automationOverview for tests and stories. */
export const dashboardFixtures = {
  stackItem,
  auditEvent,
  /** A new organization: nothing done yet. */
  empty: (): AutomationOverview => ({
    gettingStarted: { vcsProviderConnected: false, namespaceCreated: false, stackCreated: false, planRun: false },
    stacks: { total: 0, byStatus: [], byEngine: [], activeRuns: 0, drifted: 0, failing: 0 },
    driftedStacks: [],
    failingStacks: [],
    recentActivity: [],
  }),
  /** Half way: a provider and a namespace, no stack yet. */
  started: (): AutomationOverview => ({
    ...dashboardFixtures.empty(),
    gettingStarted: { vcsProviderConnected: true, namespaceCreated: true, stackCreated: false, planRun: false },
    recentActivity: [
      auditEvent({ id: 'aud-2', entityType: 'namespace', entityId: 'ns-platform01', entityName: 'platform' }),
      auditEvent({ id: 'aud-1', entityType: 'vcsCredentials', entityId: 'vcsp-github01', entityName: 'Acme GitHub', createdAt: '2026-11-20T09:00:00.000Z' }),
    ],
  }),
  /** An organization at work: every step done, stacks in every state. */
  busy: (): AutomationOverview => ({
    gettingStarted: { vcsProviderConnected: true, namespaceCreated: true, stackCreated: true, planRun: true },
    stacks: {
      total: 42,
      byStatus: [
        { key: 'succeeded', count: 24 },
        { key: 'neverRun', count: 7 },
        { key: 'failed', count: 4 },
        { key: 'inProgress', count: 3 },
        { key: 'waitingForApproval', count: 2 },
        { key: 'canceled', count: 2 },
      ],
      byEngine: [
        { key: 'terraform', count: 30 },
        { key: 'opentofu', count: 8 },
        { key: 'terragrunt', count: 4 },
      ],
      activeRuns: 5,
      drifted: 3,
      failing: 5,
    },
    driftedStacks: [
      stackItem({ id: 'stk-dns01', name: 'dns', driftState: 'drifted' }),
      stackItem({ id: 'stk-iam01', name: 'iam-roles', driftState: 'drifted', namespaceName: 'security', iacType: 'opentofu' }),
    ],
    failingStacks: [
      stackItem({ id: 'stk-api01', name: 'api-gateway', latestRunStatus: 'failed', iacType: 'terragrunt' }),
      stackItem({ id: 'stk-tmp01', name: 'preview-42', latestRunStatus: undefined, latestRunAt: null, errorState: 'stackPassedItsTTL' }),
    ],
    recentActivity: [
      auditEvent({ id: 'aud-3', entityType: 'stack', entityId: 'stk-api01', entityName: 'api-gateway', action: 'update' }),
      auditEvent({ id: 'aud-2', entityType: 'namespace', entityId: 'ns-old01', entityName: 'sandbox', action: 'delete', createdAt: '2026-11-20T08:00:00.000Z' }),
      auditEvent({ id: 'aud-1', entityType: 'variable', entityId: 'var-1', entityName: 'region', createdAt: '2026-11-19T17:00:00.000Z', initiator: { userName: 'ci-robot', userType: 'programmaticUser', userId: null } }),
    ],
  }),
};
