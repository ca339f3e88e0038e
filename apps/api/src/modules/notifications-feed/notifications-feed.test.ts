import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpOrganization } from '../../testing/factories';
import { createTestApi, type TestApi } from '../../testing/test-api';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

describe('notifications feed', () => {
  it('answers product news newest first and accepts a cache-busting query', async () => {
    const org = await signUpOrganization(api, 'feed');
    const res = await api.call<{ date: string; text: string }>('listFeedNotifications', { token: org.token, query: { t: Date.now() } });
    expect(res.status).toBe(200);
    const dates = res.body.response.items.map((n) => n.date);
    expect(dates.length).toBeGreaterThan(0);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(res.body.response.items.some((n) => n.text.includes('[LINK]'))).toBe(true);
  });
});
