import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, signUpOrganization } from '../../testing/factories';
import { createTestApi, type TestApi } from '../../testing/test-api';
import { runnerHeartbeats } from './runners.schema';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

describe('runner heartbeats', () => {
  it('lists the organization’s runners seen in the last hours', async () => {
    const org = await signUpOrganization(api, 'runners');
    const other = await signUpOrganization(api, 'runners-other');
    const hoursAgo = (h: number) => new Date(Date.now() - h * 3600 * 1000);
    await api.database.db.insert(runnerHeartbeats).values([
      { runnerId: `rnr-a-${org.userId}`, organizationId: org.organizationId, runnerGroupId: 'CM_DEFAULT_RUNNER_GROUP', name: 'managed', health: 'ok', updatedAt: hoursAgo(1) },
      { runnerId: `rnr-b-${org.userId}`, organizationId: org.organizationId, runnerGroupId: 'eu', name: 'eu-1', health: 'warning', updatedAt: hoursAgo(30) },
      { runnerId: `rnr-c-${org.userId}`, organizationId: other.organizationId, runnerGroupId: 'eu', name: 'theirs', health: 'ok', updatedAt: hoursAgo(1) },
    ]);
    const day = await api.call<{ name: string }>('listRunnerHeartbeats', { token: org.token });
    expect(day.body.response.items.map((r) => r.name)).toEqual(['managed']);
    const twoDays = await api.call<{ name: string }>('listRunnerHeartbeats', { token: org.token, query: { updatedInTheLastHours: 48 } });
    expect(twoDays.body.response.items.map((r) => r.name)).toEqual(['managed', 'eu-1']);
    const member = await addMember(api, org.organizationId, 'member');
    expect((await api.call('listRunnerHeartbeats', { token: member.token })).status).toBe(200);
    // The 'runner' role is namespace-only (spec §1: any key but admin, viewer, member), not organization-wide.
    const runner = await addMember(api, org.organizationId, 'runner');
    expect((await api.call('listRunnerHeartbeats', { token: runner.token })).status).toBe(403);
  });
});
