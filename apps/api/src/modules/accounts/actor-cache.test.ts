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

  it('makes one lookup for requests that miss at the same moment', async () => {
    const cache = new ActorCache();
    let lookups = 0;
    let release: (a: Actor) => void = () => undefined;
    const load = () => (lookups++, new Promise<Actor>((r) => (release = r)));
    const answers = Array.from({ length: 16 }, () => cache.resolve('tsn_a', load));
    release(actor('admin'));
    expect((await Promise.all(answers)).map((a) => a?.role)).toEqual(Array(16).fill('admin'));
    expect(lookups).toBe(1);
  });

  it('looks a token up again in the background before its entry expires, never answering older than its lifetime', async () => {
    let clock = 0;
    const cache = new ActorCache(2000, 10, () => clock);
    const lookups: ((a: Actor | null) => void)[] = [];
    const load = () => new Promise<Actor | null>((r) => lookups.push(r));
    const first = cache.resolve('tsn_a', load);
    lookups[0]?.(actor('admin'));
    expect((await first)?.role).toBe('admin');
    // Three quarters into its life: answered from the entry at once, while a lookup starts.
    clock = 1600;
    expect((await cache.resolve('tsn_a', load))?.role).toBe('admin');
    expect(lookups).toHaveLength(2);
    expect((await cache.resolve('tsn_a', load))?.role).toBe('admin');
    expect(lookups).toHaveLength(2);
    lookups[1]?.(actor('viewer'));
    await new Promise((r) => setImmediate(r));
    expect((await cache.resolve('tsn_a', load))?.role).toBe('viewer');
    // The refreshed entry lives from its lookup's start (1600): expired at 3600, looked up again.
    clock = 3600;
    const expired = cache.resolve('tsn_a', load);
    expect(lookups).toHaveLength(3);
    lookups[2]?.(actor('member'));
    expect((await expired)?.role).toBe('member');
  });

  it('drops an entry whose background lookup finds the token no longer valid', async () => {
    let clock = 0;
    const cache = new ActorCache(2000, 10, () => clock);
    let answer: Actor | null = actor('admin');
    let lookups = 0;
    const load = async () => (lookups++, answer);
    await cache.resolve('tsn_a', load);
    answer = null; // signed out through another replica
    clock = 1700;
    expect((await cache.resolve('tsn_a', load))?.role).toBe('admin');
    await new Promise((r) => setImmediate(r));
    expect(await cache.resolve('tsn_a', load)).toBeNull();
    expect(lookups).toBe(3);
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
