import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { loadConfig } from '../config/config';
import { signUpOrganization } from '../testing/factories';
import { createTestApi, type TestApi } from '../testing/test-api';
import { runAdminCli } from './admin';
import { OperatorCommandError, runOperatorCommand } from './operator-commands';

interface Event {
  entityType: string;
  entityId: string;
  action: string;
  initiator: { userName: string; userType: string; userId?: string | null };
}

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

const events = async (token: string) =>
  (await api.call<Event>('listAuditEvents', { token, query: { entityType: 'organization' } })).body.response.items;

describe('operator commands', () => {
  it('changes the plan, which changes the capabilities, and audits it as the operator', async () => {
    const org = await signUpOrganization(api, 'operator-plan');
    const line = await runOperatorCommand(api.database.db, ['set-organization-plan', org.organizationId, 'enterprise']);
    expect(line).toContain(`Organization ${org.organizationId}`);
    expect(line).toContain('enterprise plan');
    const caps = await api.call('getOrganizationCapabilities', { token: org.token });
    expect(caps.body.response.items[0]).toEqual({ capabilities: { disasterRecovery: true, aiAgent: true } });
    const [latest] = await events(org.token);
    expect(latest).toMatchObject({ entityId: org.organizationId, action: 'update', initiator: { userName: 'operator', userType: 'system' } });
  });

  it('makes an organization a management organization, which then may not read the audit', async () => {
    const org = await signUpOrganization(api, 'operator-type');
    const before = (await events(org.token)).length;
    await runOperatorCommand(api.database.db, ['set-organization-type', org.organizationId, 'management']);
    api.forgetActors(); // the operator's command runs in its own process
    const read = await api.call<{ type: string }>('getOrganization', { token: org.token });
    expect(read.body.response.items[0]?.type).toBe('management');
    expect((await api.call('listAuditEvents', { token: org.token })).status).toBe(403);

    await runOperatorCommand(api.database.db, ['set-organization-type', org.organizationId, 'regular']);
    api.forgetActors();
    const after = await events(org.token);
    expect(after).toHaveLength(before + 2);
    expect(after.slice(0, 2).map((e) => `${e.action}:${e.initiator.userName}:${e.initiator.userType}`)).toEqual([
      'update:operator:system',
      'update:operator:system',
    ]);
  });

  it('refuses unknown organizations, values and commands without changing or auditing anything', async () => {
    const org = await signUpOrganization(api, 'operator-refuse');
    const before = await events(org.token);
    await expect(runOperatorCommand(api.database.db, ['set-organization-type', 'org-doesnotexist', 'management'])).rejects.toThrow(
      /No organization has the id org-doesnotexist/,
    );
    await expect(runOperatorCommand(api.database.db, ['set-organization-type', org.organizationId, 'vendor'])).rejects.toThrow(
      'The organization type must be one of: regular, management',
    );
    await expect(runOperatorCommand(api.database.db, ['set-organization-plan', org.organizationId, 'platinum'])).rejects.toThrow(
      'The plan must be one of: freeTrial, basic, pro, enterprise',
    );
    await expect(runOperatorCommand(api.database.db, ['delete-organization', org.organizationId, 'now'])).rejects.toBeInstanceOf(OperatorCommandError);
    await expect(runOperatorCommand(api.database.db, ['set-organization-type', org.organizationId])).rejects.toThrow(/^Usage:/);
    const read = await api.call<{ type: string; pricingPlan: string }>('getOrganization', { token: org.token });
    expect(read.body.response.items[0]).toMatchObject({ type: 'regular', pricingPlan: 'freeTrial' });
    expect(await events(org.token)).toEqual(before);
  });

  it('runs from the command line against the configured database: exit 0, 64 for a usage error', async () => {
    const org = await signUpOrganization(api, 'operator-cli');
    const config = loadConfig({ DATABASE_URL: inject('databaseUrl') });
    const out = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    const err = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      expect(await runAdminCli(['set-organization-plan', org.organizationId, 'basic'], config)).toBe(0);
      expect(out).toHaveBeenCalledWith(expect.stringContaining('basic plan'));
      expect(await runAdminCli(['set-organization-plan', org.organizationId], config)).toBe(64);
      expect(err).toHaveBeenCalledWith(expect.stringMatching(/^Usage:/));
    } finally {
      out.mockRestore();
      err.mockRestore();
    }
    const caps = await api.call('getOrganizationCapabilities', { token: org.token });
    expect(caps.body.response.items[0]).toEqual({ capabilities: { disasterRecovery: false, aiAgent: false } });
  });

  it('says where the embedded PostgreSQL is missing', async () => {
    const config = loadConfig({ DATA_DIR: '/nonexistent/terrace-operator-test' });
    const err = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      expect(await runAdminCli(['set-organization-plan', 'org-x', 'basic'], config)).toBe(64);
      expect(err).toHaveBeenCalledWith(expect.stringContaining('No embedded PostgreSQL in /nonexistent/terrace-operator-test'));
    } finally {
      err.mockRestore();
    }
  });
});
