import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpOrganization } from '../../testing/factories';
import { createTestApi, type TestApi } from '../../testing/test-api';
import { consoleEvents } from './console-events.schema';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

describe('console events', () => {
  it('stores the event with its organization and user', async () => {
    const org = await signUpOrganization(api, 'events');
    const res = await api.call('createConsoleEvent', {
      token: org.token,
      entity: { title: 'Disaster recovery free trial', message: 'requested' },
    });
    expect(res.status).toBe(200);
    expect(res.body.response.items).toEqual([{}]);
    const rows = await api.database.db.select().from(consoleEvents).where(eq(consoleEvents.organizationId, org.organizationId));
    expect(rows.map((r) => [r.userId, r.title, r.message])).toEqual([[org.userId, 'Disaster recovery free trial', 'requested']]);
  });
});
