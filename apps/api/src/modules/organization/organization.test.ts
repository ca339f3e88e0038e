import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { addMember, signUpOrganization } from '../../testing/factories';
import { createTestApi, type TestApi } from '../../testing/test-api';
import { organizations } from '../accounts/accounts.schema';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

describe('organization', () => {
  it('reads the organization and its plan capabilities', async () => {
    const org = await signUpOrganization(api, 'caps');
    const res = await api.call<Record<string, unknown>>('getOrganization', { token: org.token });
    expect(res.body.response.items[0]).toMatchObject({ id: org.organizationId, type: 'regular', pricingPlan: 'freeTrial', marketplace: null });
    const caps = await api.call('getOrganizationCapabilities', { token: org.token });
    expect(caps.body.response.items[0]).toEqual({ capabilities: { disasterRecovery: false, aiAgent: true } });

    await api.database.db.update(organizations).set({ pricingPlan: 'enterprise' }).where(eq(organizations.id, org.organizationId));
    const enterprise = await api.call('getOrganizationCapabilities', { token: org.token });
    expect(enterprise.body.response.items[0]).toEqual({ capabilities: { disasterRecovery: true, aiAgent: true } });
  });

  it('answers empty items before configuration, then upserts partially (null clears)', async () => {
    const org = await signUpOrganization(api, 'config');
    const empty = await api.call('getOrganizationConfiguration', { token: org.token });
    expect(empty.status).toBe(200);
    expect(empty.body.response.items).toEqual([]);

    const first = await api.call<Record<string, unknown>>('putOrganizationConfiguration', {
      token: org.token,
      entity: {
        aiFeaturesConfiguration: { enabled: true, consented: true },
        iacConfig: { terraformVersion: '1.9.0' },
        runnerConfig: { mode: 'managed' },
      },
    });
    expect(first.status).toBe(200);
    const second = await api.call<Record<string, unknown>>('putOrganizationConfiguration', {
      token: org.token,
      entity: { runnerConfig: null, reportConfigurations: [{ type: 'weeklyReport', enabled: true, recipients: { allAdmins: true } }] },
    });
    const item = second.body.response.items[0] as Record<string, unknown>;
    expect(item).toMatchObject({
      organizationId: org.organizationId,
      aiFeaturesConfiguration: { enabled: true, consented: true },
      iacConfig: { terraformVersion: '1.9.0' },
      reportConfigurations: [{ type: 'weeklyReport', enabled: true }],
    });
    expect(item).not.toHaveProperty('runnerConfig');

    const member = await addMember(api, org.organizationId, 'member');
    const read = await api.call('getOrganizationConfiguration', { token: member.token });
    expect(read.body.response.items).toHaveLength(1);
    expect((await api.call('putOrganizationConfiguration', { token: member.token, entity: {} })).status).toBe(403);
    const deployer = await addMember(api, org.organizationId, 'deployer');
    expect((await api.call('getOrganizationConfiguration', { token: deployer.token })).status).toBe(403);
  });
});
