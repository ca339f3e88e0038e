import { describe, expect, it } from 'vitest';
import type { Actor } from '../../permissions/actor';
import { signUpOrganization } from '../../testing/factories';
import { createTestApi } from '../../testing/test-api';
import { ActorCache } from './actor-cache';

const actor = (role: string): Actor => ({
  userId: 'usr-1',
  email: 'a@example.test',
  userType: 'directUser',
  sessionId: 'ses-1',
  organizationId: 'o-1',
  organizationType: 'regular',
  role,
  customRoleId: null,
  credential: 'session',
});

describe('actor cache', () => {
  it('answers a known token without a lookup until cleared', async () => {
    const cache = new ActorCache();
    let lookups = 0;
    const load = async () => (lookups++, actor('admin'));
    await cache.resolve('tsn_a', load);
    await cache.resolve('tsn_a', load);
    expect(lookups).toBe(1);
    cache.clear();
    await cache.resolve('tsn_a', load);
    expect(lookups).toBe(2);
  });

  it('never stores the answer of a lookup that a change overtook', async () => {
    const cache = new ActorCache();
    let release: (a: Actor) => void = () => undefined;
    const stale = cache.resolve('tsn_a', () => new Promise<Actor>((r) => (release = r)));
    cache.clear(); // e.g. the member was demoted while the lookup was in flight
    release(actor('admin'));
    expect((await stale)?.role).toBe('admin');
    expect((await cache.resolve('tsn_a', async () => actor('viewer')))?.role).toBe('viewer');
  });

  it('does not remember tokens that did not authenticate', async () => {
    const cache = new ActorCache();
    expect(await cache.resolve('tsn_x', async () => null)).toBeNull();
    expect((await cache.resolve('tsn_x', async () => actor('member')))?.role).toBe('member');
  });

  it('lets a change made through the API take effect on the very next request', async () => {
    const api = await createTestApi();
    try {
      const admin = await signUpOrganization(api, 'actor-cache');
      // Remembered by a first read, then signed out: the next request is refused.
      expect((await api.call('getOrganization', { token: admin.token })).status).toBe(200);
      expect((await api.call('signOut', { token: admin.token })).status).toBe(200);
      expect((await api.call('getOrganization', { token: admin.token })).status).toBe(401);
    } finally {
      await api.close();
    }
  });
});
