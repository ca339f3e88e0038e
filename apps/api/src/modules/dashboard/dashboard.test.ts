import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, createNamespace, createVcsProvider, signUpOrganization, type SignedUp } from '../../testing/factories';
import { createTestApi, type TestApi } from '../../testing/test-api';
import { stacks } from '../stacks/stacks.schema';

type Overview = {
  gettingStarted: { vcsProviderConnected: boolean; namespaceCreated: boolean; stackCreated: boolean; planRun: boolean; firstStackId?: string };
  stacks: { total: number; byStatus: { key: string; count: number }[]; byEngine: { key: string; count: number }[]; activeRuns: number; drifted: number; failing: number };
  driftedStacks: { id: string; name: string; namespaceName?: string; driftState?: string }[];
  failingStacks: { id: string; name: string; latestRunStatus?: string; errorState?: string }[];
  recentActivity: { entityType: string; entityName: string | null; action: string }[] | null;
};

let api: TestApi;
let admin: SignedUp;

beforeAll(async () => {
  api = await createTestApi();
  admin = await signUpOrganization(api, 'dashboard');
});
afterAll(() => api.close());

async function overview(token: string): Promise<Overview> {
  const res = await api.call<Overview>('getAutomationOverview', { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.response.items[0] as Overview;
}

async function createStack(token: string, namespaceId: string, name: string, iacType = 'terraform') {
  const res = await api.call<{ id: string }>('createStack', { token, entity: { stack: { name, namespaceId, iacType } } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body.response.items[0] as { id: string }).id;
}

/** What the runs domain writes on the stack row when a run moves (the dashboard reads only that). */
async function setStackState(id: string, state: Partial<typeof stacks.$inferInsert>) {
  await api.database.db.update(stacks).set(state).where(eq(stacks.id, id));
}

describe('the automation overview', () => {
  it('starts with nothing checked off and no figures', async () => {
    const fresh = await signUpOrganization(api, 'dashboard-fresh');
    const view = await overview(fresh.token);
    expect(view.gettingStarted).toEqual({ vcsProviderConnected: false, namespaceCreated: false, stackCreated: false, planRun: false });
    expect(view.stacks).toEqual({ total: 0, byStatus: [], byEngine: [], activeRuns: 0, drifted: 0, failing: 0 });
    expect(view.driftedStacks).toEqual([]);
    expect(view.failingStacks).toEqual([]);
    expect(Array.isArray(view.recentActivity), 'an admin reads the audit log').toBe(true);
  });

  it('checks the getting-started steps off from real data, one by one', async () => {
    const org = await signUpOrganization(api, 'dashboard-steps');
    await createVcsProvider(api, org.token);
    expect((await overview(org.token)).gettingStarted).toMatchObject({ vcsProviderConnected: true, namespaceCreated: false });
    const ns = await createNamespace(api, org.token);
    expect((await overview(org.token)).gettingStarted).toMatchObject({ namespaceCreated: true, stackCreated: false });
    const stackId = await createStack(org.token, ns.id, 'first');
    expect((await overview(org.token)).gettingStarted).toEqual({
      vcsProviderConnected: true,
      namespaceCreated: true,
      stackCreated: true,
      planRun: false,
      firstStackId: stackId,
    });
    await setStackState(stackId, { latestRunStatus: 'succeeded', latestRunId: 'run-1', latestRunAt: new Date() });
    const done = await overview(org.token);
    expect(done.gettingStarted).toEqual({ vcsProviderConnected: true, namespaceCreated: true, stackCreated: true, planRun: true });
    // The recent activity is the audit log's newest changes, sign-ins left out.
    expect(done.recentActivity?.slice(0, 3).map((e) => [e.entityType, e.entityName, e.action])).toEqual([
      ['stack', 'first', 'create'],
      ['namespace', ns.name, 'create'],
      ['vcsCredentials', expect.any(String), 'create'],
    ]);
    expect(done.recentActivity?.some((e) => e.action === 'signIn')).toBe(false);
  });

  it('counts stacks by status and engine, active runs, drifted and failing stacks, and lists the first few', async () => {
    const ns = await createNamespace(api, admin.token);
    const ids: Record<string, string> = {};
    for (const [name, engine] of [
      ['api', 'terraform'],
      ['db', 'terraform'],
      ['edge', 'opentofu'],
      ['live', 'terragrunt'],
      ['queue', 'terraform'],
      ['temp', 'opentofu'],
    ] as const) {
      ids[name] = await createStack(admin.token, ns.id, name, engine);
    }
    const at = (minutes: number) => new Date(Date.now() - minutes * 60_000);
    await setStackState(ids['api'] as string, { latestRunStatus: 'inProgress', latestRunId: 'r1', latestRunAt: at(1) });
    await setStackState(ids['db'] as string, { latestRunStatus: 'waitingForApproval', latestRunId: 'r2', latestRunAt: at(2), driftState: 'drifted' });
    await setStackState(ids['edge'] as string, { latestRunStatus: 'failed', latestRunId: 'r3', latestRunAt: at(3) });
    await setStackState(ids['live'] as string, { latestRunStatus: 'succeeded', latestRunId: 'r4', latestRunAt: at(4), driftState: 'drifted', errorState: 'driftDetectionFailed' });
    // Past its time to live: failing from that moment, as the stack list says.
    await setStackState(ids['temp'] as string, { expiresAt: at(10) });

    const view = await overview(admin.token);
    expect(view.stacks).toEqual({
      total: 6,
      byStatus: [
        { key: 'neverRun', count: 2 },
        { key: 'failed', count: 1 },
        { key: 'inProgress', count: 1 },
        { key: 'succeeded', count: 1 },
        { key: 'waitingForApproval', count: 1 },
      ],
      byEngine: [
        { key: 'terraform', count: 3 },
        { key: 'opentofu', count: 2 },
        { key: 'terragrunt', count: 1 },
      ],
      activeRuns: 2,
      drifted: 2,
      failing: 3,
    });
    expect(view.driftedStacks.map((s) => [s.name, s.namespaceName, s.driftState])).toEqual([
      ['db', ns.name, 'drifted'],
      ['live', ns.name, 'drifted'],
    ]);
    // Most recent run first; a stack that never ran last.
    expect(view.failingStacks.map((s) => [s.name, s.latestRunStatus ?? null, s.errorState])).toEqual([
      ['edge', 'failed', 'ok'],
      ['live', 'succeeded', 'driftDetectionFailed'],
      ['temp', null, 'stackPassedItsTTL'],
    ]);
  });

  it('counts for a namespace-only user only what is granted, and shows them no audit log', async () => {
    const org = await signUpOrganization(api, 'dashboard-scoped');
    const mine = await createNamespace(api, org.token);
    const other = await createNamespace(api, org.token);
    await createStack(org.token, mine.id, 'granted');
    const hidden = await createStack(org.token, other.id, 'hidden');
    await setStackState(hidden, { driftState: 'drifted', latestRunStatus: 'failed', latestRunId: 'r', latestRunAt: new Date() });
    const operator = await addMember(api, org.organizationId, 'ns-operator');
    const granted = await api.call('createNamespacePermission', { token: org.token, entity: { namespaceId: mine.id, userEmail: operator.email, role: 'admin' } });
    expect(granted.status, JSON.stringify(granted.body)).toBe(200);

    const view = await overview(operator.token);
    expect(view.stacks).toMatchObject({ total: 1, drifted: 0, failing: 0, byStatus: [{ key: 'neverRun', count: 1 }] });
    expect(view.driftedStacks).toEqual([]);
    expect(view.failingStacks).toEqual([]);
    expect(view.gettingStarted).toMatchObject({ namespaceCreated: true, stackCreated: true, planRun: false });
    expect(view.recentActivity).toBeNull();
    expect(JSON.stringify(view)).not.toContain(hidden);

    // A namespace-only user granted nothing sees nothing; a viewer sees it all and the audit log.
    const stranger = await addMember(api, org.organizationId, 'ns-operator');
    expect((await overview(stranger.token)).stacks.total).toBe(0);
    expect((await overview(stranger.token)).gettingStarted).toMatchObject({ namespaceCreated: false, stackCreated: false });
    const viewer = await addMember(api, org.organizationId, 'viewer');
    const all = await overview(viewer.token);
    expect(all.stacks.total).toBe(2);
    expect(all.recentActivity).not.toBeNull();
  });

  it("never counts another organization's stacks", async () => {
    const org = await signUpOrganization(api, 'dashboard-alone');
    const view = await overview(org.token);
    expect(view.stacks.total).toBe(0);
    expect(view.recentActivity?.every((e) => e.entityType !== 'stack')).toBe(true);
  });
});
