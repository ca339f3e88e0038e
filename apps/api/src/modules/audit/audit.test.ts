import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inOrganization } from '../../db/scope';
import { addMember, createNamespace, signUpOrganization } from '../../testing/factories';
import { createTestApi, type TestApi } from '../../testing/test-api';
import { auditEvents } from './audit.schema';
import { recordAudit } from './audit.service';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

type Event = { entityType: string; action: string; initiator: { userType: string; userName: string }; entityId: string };

describe('audit events', () => {
  it('records sign-up, and filters by days back and external initiators', async () => {
    const org = await signUpOrganization(api, 'audit');
    const ns = await createNamespace(api, org.token);
    await inOrganization(api.database.db, org.organizationId, (scope) =>
      recordAudit(scope, { name: 'github', type: 'external', userId: null, externalSource: 'github' }, {
        entityType: 'namespace',
        entityId: ns.id,
        action: 'update',
      }),
    );
    // An event from 20 days ago: inside the default 30 days, outside 7 and 14.
    await inOrganization(api.database.db, org.organizationId, (scope) =>
      recordAudit(scope, { name: 'old', type: 'system', userId: null }, { entityType: 'namespace', entityId: 'ns-old', action: 'delete' }),
    );
    await api.database.db
      .update(auditEvents)
      .set({ createdAt: new Date(Date.now() - 20 * 24 * 3600 * 1000) })
      .where(eq(auditEvents.entityId, 'ns-old'));

    const all = await api.call<Event>('listAuditEvents', { token: org.token });
    const summary = all.body.response.items.map((e) => `${e.entityType}:${e.action}:${e.initiator.userType}`);
    expect(summary).toEqual([
      'namespace:update:external',
      'namespace:create:directUser',
      'user:create:directUser',
      'organization:create:directUser',
      'namespace:delete:system',
    ]);
    expect(all.body.response.paging).toEqual({ page: 1, pageSize: 100, total: 5 });

    const week = await api.call<Event>('listAuditEvents', { token: org.token, query: { daysBack: 7 } });
    expect(week.body.response.items.map((e) => e.entityId)).not.toContain('ns-old');
    const internal = await api.call<Event>('listAuditEvents', { token: org.token, query: { includeExternalInitiator: false } });
    expect(internal.body.response.items.map((e) => e.initiator.userType)).not.toContain('external');
    expect(internal.body.response.items).toHaveLength(4);
  });

  it('is readable by admin, viewer and member, and never shows another organization', async () => {
    const org = await signUpOrganization(api, 'audit-roles');
    const other = await signUpOrganization(api, 'audit-other');
    await createNamespace(api, other.token);
    const member = await addMember(api, org.organizationId, 'member');
    const res = await api.call<Event>('listAuditEvents', { token: member.token });
    expect(res.status).toBe(200);
    expect(JSON.stringify(res.body)).not.toContain(other.organizationId);
    expect(JSON.stringify(res.body)).not.toContain(other.email);
    const deployer = await addMember(api, org.organizationId, 'deployer');
    expect((await api.call('listAuditEvents', { token: deployer.token })).status).toBe(403);
  });
});
