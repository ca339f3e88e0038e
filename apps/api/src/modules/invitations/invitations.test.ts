import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, mailedLinkToken, signIn, signUpOrganization, testPassword, uniqueEmail } from '../../testing/factories';
import { createTestApi, type TestApi } from '../../testing/test-api';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

const linkToken = (to: string, path: string) => mailedLinkToken(api, to, path);

type Item = Record<string, unknown>;

describe('invitations', () => {
  it('invites a new person who creates an account with the invited role, once', async () => {
    const org = await signUpOrganization(api, 'inviter');
    const email = uniqueEmail('newcomer');
    const invited = await api.call<Item>('inviteUser', { token: org.token, entity: { email, role: 'deployer' } });
    expect(invited.status).toBe(200);
    expect(invited.body.response.items[0]).toEqual({ id: expect.any(String), email, role: 'deployer', expiresAt: expect.any(String) });

    const invitationToken = await linkToken(email, 'acceptInvite');
    const created = await api.call<Item & { user: Item }>('createUserFromInvite', {
      entity: { invitationToken, firstName: 'New', lastName: 'Comer', password: testPassword },
    });
    expect(created.status).toBe(200);
    expect(created.body.response.items[0]?.user).toMatchObject({ email, orgRole: 'deployer' });
    const again = await api.call('createUserFromInvite', {
      entity: { invitationToken, firstName: 'New', lastName: 'Comer', password: testPassword },
    });
    expect(again.status).toBe(400);
  });

  it('lets an existing user join another organization', async () => {
    const host = await signUpOrganization(api, 'host');
    const guest = await signUpOrganization(api, 'guest');
    const invited = await api.call<Item>('inviteUser', { token: host.token, entity: { email: guest.email, role: 'viewer' } });
    // The answer does not tell the inviting admin that the e-mail has an account elsewhere.
    expect(invited.body.response.items[0]).not.toHaveProperty('existingUser');
    const invitationToken = await linkToken(guest.email, 'acceptInviteExistingUser');
    const accepted = await api.call('acceptInvite', { entity: { invitationToken } });
    expect(accepted.body.response.items[0]).toEqual({ organizationId: host.organizationId, organizationName: expect.any(String), orgRole: 'viewer' });
    const orgs = await api.call<{ id: string }>('listUserAllowedOrganizations', { token: guest.token });
    expect(orgs.body.response.items.map((o) => o.id)).toContain(host.organizationId);
    const dup = await api.call('inviteUser', { token: host.token, entity: { email: guest.email, role: 'viewer' } });
    expect(dup.status).toBe(409);
  });

  it('only lets admins invite', async () => {
    const org = await signUpOrganization(api, 'invite-roles');
    const viewer = await addMember(api, org.organizationId, 'viewer');
    const res = await api.call('inviteUser', { token: viewer.token, entity: { email: uniqueEmail(), role: 'admin' } });
    expect(res.status).toBe(403);
  });
});

describe('password recovery', () => {
  it('resets the password with a single-use link and ends every session', async () => {
    const org = await signUpOrganization(api, 'recover');
    expect((await api.call('recoverPassword', { entity: { email: org.email } })).status).toBe(200);
    const unknown = await api.call('recoverPassword', { entity: { email: uniqueEmail('ghost') } });
    expect(unknown.status).toBe(200);
    expect(unknown.body.response.items).toEqual([{}]);

    const resetToken = await linkToken(org.email, 'resetPassword');
    const newPassword = 'a brand new passphrase';
    expect((await api.call('resetPassword', { entity: { resetToken, password: newPassword } })).status).toBe(200);
    expect((await api.call('getCurrentUser', { token: org.token })).status).toBe(401);
    expect((await api.call('signIn', { entity: { email: org.email, password: testPassword } })).status).toBe(400);
    const freshToken = await signIn(api, org.email, newPassword);
    expect(freshToken).toMatch(/^tsn_/);
    // The reset is audited in the user's organization, as the user.
    const audit = await api.call<{ entityId: string; action: string; initiator: { userId: string } }>('listAuditEvents', {
      token: freshToken,
      query: { entityType: 'user' },
    });
    expect(audit.body.response.items).toContainEqual(
      expect.objectContaining({ entityId: org.userId, action: 'update', initiator: expect.objectContaining({ userId: org.userId }) }),
    );
    const reused = await api.call('resetPassword', { entity: { resetToken, password: 'another passphrase' } });
    expect(reused.status).toBe(400);
    expect(reused.body.response.errors[0]?.field).toBe('entity.resetToken');
  });
});

describe('organization users', () => {
  it('changes roles and removes members, keeping at least one admin', async () => {
    const org = await signUpOrganization(api, 'manage');
    const member = await addMember(api, org.organizationId, 'member');
    const changed = await api.call<Item>('updateOrganizationUser', { token: org.token, params: { userId: member.userId }, entity: { role: 'viewer' } });
    expect(changed.body.response.items[0]).toMatchObject({ userId: member.userId, orgRole: 'viewer' });
    const self = await api.call('updateOrganizationUser', { token: org.token, params: { userId: org.userId }, entity: { role: 'viewer' } });
    expect(self.status).toBe(409);
    const removed = await api.call('removeOrganizationUser', { token: org.token, params: { userId: member.userId } });
    expect(removed.status).toBe(200);
    expect((await api.call('getCurrentUser', { token: member.token })).status).toBe(401);
    const gone = await api.call('removeOrganizationUser', { token: org.token, params: { userId: member.userId } });
    expect(gone.status).toBe(404);
  });
});
