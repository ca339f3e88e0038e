import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type CallOptions, type TestApi } from '../../testing/test-api';
import { addMember, signIn, signUpOrganization, testPassword } from '../../testing/factories';
import { auditEvents } from '../audit/audit.schema';
import { organizations } from './accounts.schema';
import { updateUser } from './accounts.repository';
import { personalAccessTokens } from './personal-access-tokens.schema';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

interface Profile {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  userType: string;
}
interface Token {
  id: string;
  name: string;
  token?: string;
  createdAt: string;
  expiresAt: string | null;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

/** The changes audited on an entity, leaving out sign-ins and sign-ups' creation of the user. */
const auditOf = async (organizationId: string, entityId: string) =>
  (
    await api.database.db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.organizationId, organizationId), eq(auditEvents.entityId, entityId)),
      )
      .orderBy(auditEvents.seq)
  ).filter(
    (event) =>
      event.action === 'update' ||
      event.action === 'revoke' ||
      (event.action === 'create' && event.entityId.includes('/')),
  );

describe('profile', () => {
  it('reads and partially updates the own names, audited, for any role', async () => {
    const org = await signUpOrganization(api, 'profile');
    const member = await addMember(api, org.organizationId, 'ns-operator');
    const before = await api.call<Profile>('getUserProfile', { token: member.token });
    expect(before.status).toBe(200);
    expect(before.body.response.items[0]).toMatchObject({
      id: member.userId,
      email: member.email,
      firstName: 'Member',
      userType: 'directUser',
    });

    const updated = await api.call<Profile>('updateUserProfile', {
      token: member.token,
      entity: { firstName: '  Ada ' },
    });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body.response.items[0]).toMatchObject({
      firstName: 'Ada',
      lastName: 'ns-operator',
    });
    const me = await api.call<Profile>('getCurrentUser', { token: member.token });
    expect(me.body.response.items[0]).toMatchObject({ firstName: 'Ada', lastName: 'ns-operator' });
    expect(await auditOf(org.organizationId, member.userId)).toEqual([
      expect.objectContaining({
        entityType: 'user',
        action: 'update',
        initiatorUserId: member.userId,
        entityName: member.email,
      }),
    ]);

    const blank = await api.call('updateUserProfile', {
      token: member.token,
      entity: { lastName: '   ' },
    });
    expect(blank.status).toBe(400);
    expect(blank.body.response.errors[0]).toMatchObject({
      field: 'entity.lastName',
      message: 'Last name cannot be blank',
    });
    const empty = await api.call('updateUserProfile', { token: member.token, entity: {} });
    expect(empty.status).toBe(400);
  });

  it('lets users of a management organization edit their own account', async () => {
    const org = await signUpOrganization(api, 'profile-mgmt');
    await api.database.db
      .update(organizations)
      .set({ type: 'management' })
      .where(eq(organizations.id, org.organizationId));
    expect(
      (await api.call('updateUserProfile', { token: org.token, entity: { lastName: 'Manager' } }))
        .status,
    ).toBe(200);
    expect(
      (await api.call('createPersonalAccessToken', { token: org.token, entity: { name: 'ci' } }))
        .status,
    ).toBe(200);
  });

  it('refuses SSO users: their names and password belong to the identity provider', async () => {
    const org = await signUpOrganization(api, 'profile-sso');
    const member = await addMember(api, org.organizationId, 'member');
    await updateUser(api.database.db, member.userId, { userType: 'ssoUser' });
    const profile = await api.call('updateUserProfile', {
      token: member.token,
      entity: { firstName: 'Grace' },
    });
    expect(profile.status).toBe(403);
    expect(profile.body.response.errors[0]?.message).toBe(
      'SSO users change their name through their identity provider',
    );
    const password = await api.call('changeUserPassword', {
      token: member.token,
      entity: { currentPassword: testPassword, newPassword: 'another password 1' },
    });
    expect(password.status).toBe(403);
    expect(password.body.response.errors[0]?.message).toBe(
      'SSO users change their password through their identity provider',
    );
    expect(await auditOf(org.organizationId, member.userId)).toEqual([]);
  });
});

describe('password', () => {
  it('checks the current password, keeps the calling session and ends the others', async () => {
    const org = await signUpOrganization(api, 'password');
    const otherSession = await signIn(api, org.email);

    const wrong = await api.call('changeUserPassword', {
      token: org.token,
      entity: { currentPassword: 'not my password', newPassword: 'a new password' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.response.errors[0]).toMatchObject({
      field: 'entity.currentPassword',
      message: 'The current password is not correct',
    });
    const short = await api.call('changeUserPassword', {
      token: org.token,
      entity: { currentPassword: testPassword, newPassword: 'short' },
    });
    expect(short.status).toBe(400);
    expect(short.body.response.errors[0]?.field).toBe('entity.newPassword');
    expect((await api.call('getCurrentUser', { token: otherSession })).status).toBe(200);

    const changed = await api.call('changeUserPassword', {
      token: org.token,
      entity: { currentPassword: testPassword, newPassword: 'a new password' },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect((await api.call('getCurrentUser', { token: org.token })).status).toBe(200);
    expect((await api.call('getCurrentUser', { token: otherSession })).status).toBe(401);
    expect(
      (await api.call('signIn', { entity: { email: org.email, password: testPassword } })).status,
    ).toBe(400);
    expect(await signIn(api, org.email, 'a new password')).toMatch(/^tsn_/);
    expect(await auditOf(org.organizationId, org.userId)).toEqual([
      expect.objectContaining({
        entityType: 'user',
        action: 'update',
        initiatorUserId: org.userId,
      }),
    ]);
  });

  it('is rate-limited like sign-in, and so is creating a personal access token', async () => {
    const limited = await createTestApi({ http: { rateLimit: { max: 2, windowMs: 60_000 } } });
    try {
      for (const operationId of ['changeUserPassword', 'createPersonalAccessToken']) {
        const entity =
          operationId === 'createPersonalAccessToken'
            ? { name: 'x' }
            : { currentPassword: 'x', newPassword: 'yyyyyyyy' };
        const statuses = [];
        for (let i = 0; i < 3; i++)
          statuses.push((await limited.call(operationId, { entity })).status);
        expect(statuses, operationId).toEqual([401, 401, 429]);
      }
    } finally {
      await limited.close();
    }
  });
});

describe('personal access tokens', () => {
  it('shows the value once, stores its hash, authenticates with the owner’s permissions until revoked', async () => {
    const org = await signUpOrganization(api, 'pat');
    const viewer = await addMember(api, org.organizationId, 'viewer');
    const created = await api.call<Token>('createPersonalAccessToken', {
      token: viewer.token,
      entity: { name: ' terraform ', expiresInDays: 7 },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const pat = created.body.response.items[0] as Token;
    expect(pat).toMatchObject({ name: 'terraform', lastUsedAt: null, revokedAt: null });
    expect(pat.id).toMatch(/^pat-/);
    expect(pat.token).toMatch(/^tpa_/);
    const days = (Date.parse(pat.expiresAt as string) - Date.parse(pat.createdAt)) / 86_400_000;
    expect(days).toBeCloseTo(7, 2);
    const [stored] = await api.database.db
      .select()
      .from(personalAccessTokens)
      .where(eq(personalAccessTokens.id, pat.id));
    expect(JSON.stringify(stored)).not.toContain(pat.token);

    // The viewer's own permissions: reads pass, writes do not.
    expect((await api.call('listNamespaces', { token: pat.token })).status).toBe(200);
    expect(
      (await api.call('createNamespace', { token: pat.token, entity: { name: 'nope' } })).status,
    ).toBe(403);
    const me = await api.call<Profile>('getCurrentUser', { token: pat.token });
    expect(me.body.response.items[0]).toMatchObject({ id: viewer.userId, email: viewer.email });

    const listed = await api.call<Token>('listPersonalAccessTokens', { token: viewer.token });
    expect(listed.body.response.items).toHaveLength(1);
    expect(listed.body.response.items[0]).toMatchObject({ id: pat.id, name: 'terraform' });
    expect(listed.body.response.items[0]?.lastUsedAt).not.toBeNull();
    expect(listed.body.response.items[0]).not.toHaveProperty('token');

    // A token cannot manage the account that issued it, nor become a session.
    const refused: [string, CallOptions][] = [
      ['listPersonalAccessTokens', {}],
      ['createPersonalAccessToken', { entity: { name: 'more' } }],
      [
        'changeUserPassword',
        { entity: { currentPassword: testPassword, newPassword: 'stolen password' } },
      ],
      ['updateUserProfile', { entity: { firstName: 'Mallory' } }],
      ['tradeSession', { query: { desiredOrganizationId: org.organizationId } }],
      ['generateMfa', {}],
    ];
    for (const [operationId, call] of refused) {
      expect((await api.call(operationId, { ...call, token: pat.token })).status, operationId).toBe(
        403,
      );
    }

    const revoked = await api.call<Token>('revokePersonalAccessToken', {
      token: viewer.token,
      params: { personalAccessTokenId: pat.id },
    });
    expect(revoked.status).toBe(200);
    expect(revoked.body.response.items[0]?.revokedAt).not.toBeNull();
    expect((await api.call('listNamespaces', { token: pat.token })).status).toBe(401);
    expect(
      (await api.call<Token>('listPersonalAccessTokens', { token: viewer.token })).body.response
        .items,
    ).toEqual([]);
    expect(
      (
        await api.call('revokePersonalAccessToken', {
          token: viewer.token,
          params: { personalAccessTokenId: pat.id },
        })
      ).status,
    ).toBe(404);

    const audit = await auditOf(org.organizationId, `${viewer.userId}/${pat.id}`);
    expect(audit.map((e) => [e.entityType, e.action, e.entityName, e.initiatorUserId])).toEqual([
      ['user', 'create', 'terraform', viewer.userId],
      ['user', 'revoke', 'terraform', viewer.userId],
    ]);
  });

  it('is never visible nor revocable by another user or another organization', async () => {
    const org = await signUpOrganization(api, 'pat-own');
    const colleague = await addMember(api, org.organizationId, 'admin');
    const stranger = await signUpOrganization(api, 'pat-other');
    const pat = (
      await api.call<Token>('createPersonalAccessToken', {
        token: org.token,
        entity: { name: 'mine' },
      })
    ).body.response.items[0] as Token;
    expect(pat.expiresAt).toBeNull();

    for (const token of [colleague.token, stranger.token]) {
      expect(
        (await api.call<Token>('listPersonalAccessTokens', { token })).body.response.items,
      ).toEqual([]);
      expect(
        (
          await api.call('revokePersonalAccessToken', {
            token,
            params: { personalAccessTokenId: pat.id },
          })
        ).status,
      ).toBe(404);
    }
    // The same user's tokens belong to one organization: after switching, the list is another one.
    expect((await api.call('listNamespaces', { token: pat.token as string })).status).toBe(200);
    expect(
      (
        await api.call<Token>('listPersonalAccessTokens', { token: org.token })
      ).body.response.items.map((t) => t.id),
    ).toEqual([pat.id]);
  });

  it('stops authenticating when expired or when its user leaves the organization', async () => {
    const org = await signUpOrganization(api, 'pat-expiry');
    const member = await addMember(api, org.organizationId, 'member');
    const create = async (token: string) =>
      (
        await api.call<Token>('createPersonalAccessToken', {
          token,
          entity: { name: 'ci', expiresInDays: 1 },
        })
      ).body.response.items[0] as Token;
    const expiring = await create(org.token);
    await api.database.db
      .update(personalAccessTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(personalAccessTokens.id, expiring.id));
    expect((await api.call('listNamespaces', { token: expiring.token as string })).status).toBe(
      401,
    );

    const leaving = await create(member.token);
    expect((await api.call('listNamespaces', { token: leaving.token as string })).status).toBe(200);
    expect(
      (
        await api.call('removeOrganizationUser', {
          token: org.token,
          params: { userId: member.userId },
        })
      ).status,
    ).toBe(200);
    expect((await api.call('listNamespaces', { token: leaving.token as string })).status).toBe(401);
  });
});
