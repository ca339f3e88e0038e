import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { addMember, signIn, signUpOrganization, testPassword, uniqueEmail } from '../../testing/factories';
import { createTestApi, type TestApi } from '../../testing/test-api';
import { memberships, sessions, users } from './accounts.schema';
import { insertMembership } from './accounts.repository';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

type SignInItem = { token: string; user: Record<string, unknown>; organization: Record<string, unknown> };

describe('sign-up', () => {
  it('creates a free-trial regular organization and its admin, signed in', async () => {
    const email = uniqueEmail('signup');
    const before = Date.now();
    const res = await api.call<SignInItem>('signUp', {
      entity: { email, password: testPassword, firstName: 'Ada', lastName: 'Lovelace', organizationName: 'Analytical' },
    });
    expect(res.status).toBe(200);
    const item = res.body.response.items[0] as SignInItem;
    expect(item.token).toMatch(/^tsn_/);
    expect(item.organization).toMatchObject({ name: 'Analytical', type: 'regular', pricingPlan: 'freeTrial' });
    const expires = Date.parse(item.organization['freeTrialExpiration'] as string);
    expect(expires - before).toBeGreaterThan(13.9 * 24 * 3600 * 1000);
    expect(expires - before).toBeLessThan(14.1 * 24 * 3600 * 1000);
    expect(item.user).toMatchObject({ email, orgRole: 'admin', userType: 'directUser', teams: [] });

    const me = await api.call<Record<string, unknown>>('getCurrentUser', { token: item.token });
    expect(me.body.response.items[0]).toMatchObject({ email, firstName: 'Ada', orgRole: 'admin' });
  });

  it('stores only hashes: argon2id for the password, SHA-256 for the token', async () => {
    const org = await signUpOrganization(api, 'hashes');
    const [user] = await api.database.db.select().from(users).where(eq(users.id, org.userId));
    expect(user?.passwordHash).toMatch(/^\$argon2id\$/);
    const [session] = await api.database.db.select().from(sessions).where(eq(sessions.userId, org.userId));
    expect(session?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(session)).not.toContain(org.token);
  });

  it('accepts the lower-case alias and the marketplace registrations', async () => {
    const alias = await api.call<SignInItem>('signUpLegacy', {
      entity: { email: uniqueEmail('alias'), password: testPassword, firstName: 'A', lastName: 'B', organizationName: 'Alias' },
    });
    expect(alias.status).toBe(200);
    // Azure's registration takes no body: azure-marketplace.test.ts.
    for (const [operationId, marketplace] of [['registerAwsMarketplace', 'aws']] as const) {
      const res = await api.call<SignInItem>(operationId, {
        entity: {
          email: uniqueEmail(marketplace),
          password: testPassword,
          firstName: 'M',
          lastName: 'P',
          organizationName: `${marketplace} customer`,
          marketplaceCustomerId: 'cust-1',
        },
      });
      expect(res.status).toBe(200);
      const org = await api.call<Record<string, unknown>>('getOrganization', { token: res.body.response.items[0]?.token });
      expect(org.body.response.items[0]).toMatchObject({ marketplace });
    }
  });

  it('refuses a taken e-mail (any case) and weak input', async () => {
    const org = await signUpOrganization(api, 'taken');
    const again = await api.call('signUp', {
      entity: { email: org.email.toUpperCase(), password: testPassword, firstName: 'A', lastName: 'B', organizationName: 'X' },
    });
    expect(again.status).toBe(409);
    expect(again.body.response.errors[0]).toMatchObject({ code: 'already_exist', field: 'entity.email' });
    const weak = await api.call('signUp', {
      entity: { email: uniqueEmail(), password: 'short', firstName: 'A', lastName: 'B', organizationName: 'X' },
    });
    expect(weak.status).toBe(400);
    expect(weak.body.response.errors[0]?.field).toBe('entity.password');
  });
});

describe('sign-in and sessions', () => {
  it('signs in, and refuses a wrong password or an unknown address the same way', async () => {
    const org = await signUpOrganization(api, 'signin');
    const res = await api.call<SignInItem>('signIn', { entity: { email: org.email, password: testPassword } });
    expect(res.status).toBe(200);
    expect(res.body.response.items[0]?.token).toMatch(/^tsn_/);
    const wrong = await api.call('signIn', { entity: { email: org.email, password: 'not the password' } });
    const unknown = await api.call('signIn', { entity: { email: uniqueEmail('nobody'), password: 'not the password' } });
    expect(wrong.status).toBe(400);
    expect(unknown.status).toBe(400);
    expect(wrong.body.response.errors[0]?.message).toBe(unknown.body.response.errors[0]?.message);
  });

  it('revokes the token on sign-out', async () => {
    const org = await signUpOrganization(api, 'signout');
    expect((await api.call('signOut', { token: org.token })).status).toBe(200);
    const after = await api.call('getCurrentUser', { token: org.token });
    expect(after.status).toBe(401);
  });

  it('switches organization with tradeSession: new token, old one revoked, only into own memberships', async () => {
    const home = await signUpOrganization(api, 'home');
    const away = await signUpOrganization(api, 'away');
    await insertMembership(api.database.db, { organizationId: away.organizationId, userId: home.userId, role: 'viewer' });

    const allowed = await api.call<{ id: string; orgRole: string }>('listUserAllowedOrganizations', { token: home.token });
    expect(allowed.body.response.items.map((o) => [o.id, o.orgRole])).toEqual([
      [home.organizationId, 'admin'],
      [away.organizationId, 'viewer'],
    ]);

    const traded = await api.call<SignInItem>('tradeSession', {
      token: home.token,
      query: { desiredOrganizationId: away.organizationId },
    });
    expect(traded.status).toBe(200);
    const item = traded.body.response.items[0] as SignInItem;
    expect(item.organization['id']).toBe(away.organizationId);
    expect((await api.call('getCurrentUser', { token: home.token })).status).toBe(401);
    const role = await api.call<{ orgRole: string; teams: unknown[] }>('getUserOrgRole', { token: item.token });
    expect(role.body.response.items[0]).toMatchObject({ orgRole: 'viewer', teams: [] });

    const stranger = await signUpOrganization(api, 'stranger');
    const refused = await api.call('tradeSession', { token: item.token, query: { desiredOrganizationId: stranger.organizationId } });
    expect(refused.status).toBe(404);
  });

  it('ends the sessions of a removed member', async () => {
    const org = await signUpOrganization(api, 'removal');
    const member = await addMember(api, org.organizationId, 'member');
    expect((await api.call('getCurrentUser', { token: member.token })).status).toBe(200);
    await api.database.db.delete(memberships).where(eq(memberships.userId, member.userId));
    expect((await api.call('getCurrentUser', { token: member.token })).status).toBe(401);
  });
});

describe('sign-in settings', () => {
  it('enforces SSO-only and MFA-required for direct users', async () => {
    const org = await signUpOrganization(api, 'settings');
    const viewer = await addMember(api, org.organizationId, 'viewer');
    const initial = await api.call('getSignInSettings', { token: viewer.token });
    expect(initial.body.response.items[0]).toEqual({ requireSsoSignIn: false, requireMfaForDirectUserSignIn: false });
    expect((await api.call('putSignInSettings', { token: viewer.token, entity: { requireSsoSignIn: true } })).status).toBe(403);

    const mfa = await api.call('putSignInSettings', { token: org.token, entity: { requireMfaForDirectUserSignIn: true } });
    expect(mfa.body.response.items[0]).toEqual({ requireSsoSignIn: false, requireMfaForDirectUserSignIn: true });
    // Without MFA the user gets the enrolment step instead of a session (mfa.test.ts goes on).
    const enrol = await api.call<Record<string, unknown>>('signIn', { entity: { email: viewer.email, password: testPassword } });
    expect(enrol.status).toBe(200);
    expect(enrol.body.response.items[0]).toEqual({ addMfaSessionId: expect.stringMatching(/^tmf_/) });

    await api.call('putSignInSettings', { token: org.token, entity: { requireMfaForDirectUserSignIn: false, requireSsoSignIn: true } });
    const sso = await api.call('signIn', { entity: { email: viewer.email, password: testPassword } });
    expect(sso.status).toBe(403);
    expect(sso.body.response.errors[0]?.message).toMatch(/SSO/);
  });
});

describe('organization users', () => {
  it('lists the members with their roles for admins and viewers only', async () => {
    const org = await signUpOrganization(api, 'users');
    const viewer = await addMember(api, org.organizationId, 'viewer');
    const member = await addMember(api, org.organizationId, 'member');
    const list = await api.call<{ email: string; orgRole: string }>('listOrganizationUsers', { token: viewer.token });
    expect(list.status).toBe(200);
    expect(list.body.response.items.map((u) => u.orgRole).sort()).toEqual(['admin', 'member', 'viewer']);
    expect(list.body.response.paging?.total).toBe(3);
    expect(JSON.stringify(list.body)).not.toMatch(/argon2|passwordHash/);
    const filtered = await api.call<{ email: string }>('listOrganizationUsers', { token: org.token, query: { email: member.email } });
    expect(filtered.body.response.items.map((u) => u.email)).toEqual([member.email]);
    expect((await api.call('listOrganizationUsers', { token: member.token })).status).toBe(403);
  });

  it('signs a user with several organizations into the first one', async () => {
    const first = await signUpOrganization(api, 'first');
    const second = await signUpOrganization(api, 'second');
    await insertMembership(api.database.db, { organizationId: second.organizationId, userId: first.userId, role: 'member' });
    const token = await signIn(api, first.email);
    const me = await api.call<{ organization: { id: string } }>('getCurrentUser', { token });
    expect(me.body.response.items[0]?.organization.id).toBe(first.organizationId);
  });
});
