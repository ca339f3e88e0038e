import { and, count, eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberships } from '../accounts/accounts.schema';
import { namespacePermissions } from './iam.schema';
import { addMember, createNamespace, mailedLinkToken, signUpOrganization, testPassword, uniqueEmail } from '../../testing/factories';
import { createTestApi, type ApiResponse, type TestApi } from '../../testing/test-api';

// Invariants that read then write, hit by truly parallel requests (Promise.all through the real
// HTTP stack, on a pool of several PostgreSQL connections), many rounds each: without row locks
// or database constraints these fail on most runs.

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi({ poolSize: 8 });
});
afterAll(() => api.close());

const rounds = 20;
type Item = Record<string, unknown> & { id: string };

const statuses = (responses: ApiResponse[]) => responses.map((r) => r.status).sort();

async function adminCount(organizationId: string): Promise<number> {
  const [row] = await api.database.db
    .select({ n: count() })
    .from(memberships)
    .where(and(eq(memberships.organizationId, organizationId), eq(memberships.role, 'admin')));
  return row?.n ?? 0;
}

async function twoAdmins() {
  const org = await signUpOrganization(api, 'duel');
  const other = await addMember(api, org.organizationId, 'admin');
  return { org, other };
}

describe('the last admin under concurrent requests', () => {
  it('two admins demoting each other at once leave one admin', async () => {
    for (let round = 0; round < rounds; round++) {
      const { org, other } = await twoAdmins();
      const answers = await Promise.all([
        api.call('updateOrganizationUser', { token: org.token, params: { userId: other.userId }, entity: { role: 'member' } }),
        api.call('updateOrganizationUser', { token: other.token, params: { userId: org.userId }, entity: { role: 'member' } }),
      ]);
      expect(await adminCount(org.organizationId), `round ${round}`).toBe(1);
      // The loser is refused: either the last-admin rule (409) or, demoted first, it is no longer an admin (403).
      expect(statuses(answers).filter((s) => s === 200)).toHaveLength(1);
    }
  });

  it('two admins removing each other at once leave one admin', async () => {
    for (let round = 0; round < rounds; round++) {
      const { org, other } = await twoAdmins();
      const answers = await Promise.all([
        api.call('removeOrganizationUser', { token: org.token, params: { userId: other.userId } }),
        api.call('removeOrganizationUser', { token: other.token, params: { userId: org.userId } }),
      ]);
      expect(await adminCount(org.organizationId), `round ${round}`).toBe(1);
      expect(statuses(answers).filter((s) => s === 200)).toHaveLength(1);
    }
  });

  it('two admins leaving at once (removing themselves, or one demoting itself) leave one admin', async () => {
    for (let round = 0; round < rounds; round++) {
      const { org, other } = await twoAdmins();
      await Promise.all([
        api.call('removeOrganizationUser', { token: org.token, params: { userId: org.userId } }),
        round % 2
          ? api.call('removeOrganizationUser', { token: other.token, params: { userId: other.userId } })
          : api.call('updateOrganizationUser', { token: other.token, params: { userId: other.userId }, entity: { role: 'viewer' } }),
      ]);
      expect(await adminCount(org.organizationId), `round ${round}`).toBe(1);
    }
  });
});

describe('custom roles deleted while being assigned', () => {
  it('never leaves a member holding a deleted custom role', async () => {
    for (let round = 0; round < rounds; round++) {
      const org = await signUpOrganization(api, 'croduel');
      const member = await addMember(api, org.organizationId, 'member');
      const created = await api.call<Item>('createCustomRole', {
        token: org.token,
        entity: { name: 'Auditors', type: 'organizationRole', permissions: [{ name: 'namespace:read' }] },
      });
      const roleId = (created.body.response.items[0] as Item).id;
      const [assigned, deleted] = await Promise.all([
        api.call('updateOrganizationUser', { token: org.token, params: { userId: member.userId }, entity: { role: roleId } }),
        api.call('deleteCustomRole', { token: org.token, params: { customRoleId: roleId } }),
      ]);
      const [row] = await api.database.db
        .select()
        .from(memberships)
        .where(and(eq(memberships.organizationId, org.organizationId), eq(memberships.userId, member.userId)));
      const stillThere = (await api.call('getCustomRole', { token: org.token, params: { customRoleId: roleId } })).status === 200;
      if (row?.customRoleId === roleId) expect(stillThere, `round ${round}`).toBe(true);
      expect([assigned.status, deleted.status].filter((s) => s === 200).length, `round ${round}`).toBe(1);
    }
  });
});

describe('unique names under concurrent creation', () => {
  const parallel = 6;

  async function onlyOneCreated(create: (i: number) => Promise<ApiResponse>, field: string) {
    const answers = await Promise.all(Array.from({ length: parallel }, (_, i) => create(i)));
    expect(statuses(answers), JSON.stringify(answers.map((a) => a.body.response.errors))).toEqual([200, ...Array(parallel - 1).fill(409)]);
    for (const refused of answers.filter((a) => a.status === 409)) {
      expect(refused.body.response.errors[0]).toMatchObject({ code: 'already_exist', field });
    }
  }

  it('teams, custom roles, ABAC configurations, programmatic users and namespaces', async () => {
    for (let round = 0; round < rounds / 4; round++) {
      const org = await signUpOrganization(api, 'names');
      const token = org.token;
      await onlyOneCreated(() => api.call('createTeam', { token, entity: { name: 'Platform' } }), 'entity.name');
      await onlyOneCreated(
        () => api.call('createCustomRole', { token, entity: { name: 'Readers', type: 'organizationRole', permissions: [{ name: 'namespace:read' }] } }),
        'entity.name',
      );
      await onlyOneCreated(
        () => api.call('createCustomAbacConfiguration', { token, entity: { customAbacId: 'grp', name: 'g', roles: [{ orgId: org.organizationId, orgRole: 'viewer' }] } }),
        'entity.customAbacId',
      );
      await onlyOneCreated(() => api.call('createProgrammaticUser', { token, entity: { name: 'ci', role: 'viewer' } }), 'entity.name');
      await onlyOneCreated(() => api.call('createNamespace', { token, entity: { name: 'prod' } }), 'entity.name');
    }
  });

  it('a namespace permission granted twice at once exists once', async () => {
    for (let round = 0; round < rounds / 2; round++) {
      const org = await signUpOrganization(api, 'grants');
      const ns = await createNamespace(api, org.token);
      const operator = await addMember(api, org.organizationId, 'ns-operator');
      const answers = await Promise.all(
        Array.from({ length: 4 }, () =>
          api.call('createNamespacePermission', { token: org.token, entity: { namespaceId: ns.id, userEmail: operator.email, role: 'viewer' } }),
        ),
      );
      const [row] = await api.database.db
        .select({ n: count() })
        .from(namespacePermissions)
        .where(eq(namespacePermissions.organizationId, org.organizationId));
      expect(row?.n, `round ${round}`).toBe(1);
      // Granting an existing key again is not an error (clients update a permission this way).
      expect(statuses(answers)).toEqual([200, 200, 200, 200]);
      // All Namespaces (a null namespace) is one key as well.
      const all = await Promise.all(
        Array.from({ length: 4 }, () =>
          api.call('createNamespacePermission', { token: org.token, entity: { namespaceId: null, userEmail: operator.email, role: 'viewer' } }),
        ),
      );
      expect(statuses(all)).toEqual([200, 200, 200, 200]);
      const [both] = await api.database.db
        .select({ n: count() })
        .from(namespacePermissions)
        .where(eq(namespacePermissions.organizationId, org.organizationId));
      expect(both?.n, `round ${round}`).toBe(2);
    }
  });
});

describe('single-use links under concurrent use', () => {
  it('an invitation creates one account; two organizations inviting the same newcomer conflict cleanly', async () => {
    for (let round = 0; round < rounds / 2; round++) {
      const a = await signUpOrganization(api, 'inv-a');
      const b = await signUpOrganization(api, 'inv-b');
      const email = uniqueEmail('race');
      await api.call('inviteUser', { token: a.token, entity: { email, role: 'member' } });
      const tokenA = await mailedLinkToken(api, email, 'acceptInvite');
      await api.call('inviteUser', { token: b.token, entity: { email, role: 'viewer' } });
      const tokenB = await mailedLinkToken(api, email, 'acceptInvite');
      const create = (invitationToken: string) =>
        api.call('createUserFromInvite', { entity: { invitationToken, firstName: 'R', lastName: 'Ace', password: testPassword } });
      const answers = await Promise.all([create(tokenA), create(tokenA), create(tokenB), create(tokenB)]);
      expect(answers.every((r) => r.status < 500), JSON.stringify(answers.map((r) => r.body.response.errors))).toBe(true);
      expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
    }
  });

  it('an existing user accepting two invitations of one organization at once joins once, without an error', async () => {
    for (let round = 0; round < rounds / 2; round++) {
      const host = await signUpOrganization(api, 'host2');
      const guest = await signUpOrganization(api, 'guest2');
      await api.call('inviteUser', { token: host.token, entity: { email: guest.email, role: 'viewer' } });
      const first = await mailedLinkToken(api, guest.email, 'acceptInviteExistingUser');
      await api.call('inviteUser', { token: host.token, entity: { email: guest.email, role: 'member' } });
      const second = await mailedLinkToken(api, guest.email, 'acceptInviteExistingUser');
      const answers = await Promise.all([first, second, first, second].map((invitationToken) => api.call('acceptInvite', { entity: { invitationToken } })));
      expect(answers.every((r) => r.status < 500), JSON.stringify(answers.map((r) => r.body.response.errors))).toBe(true);
      expect(answers.filter((r) => r.status === 200).length).toBeGreaterThanOrEqual(1);
      expect(answers.filter((r) => r.status === 200).length).toBeLessThanOrEqual(2);
    }
  });

  it('a password-reset link resets once', async () => {
    for (let round = 0; round < rounds / 2; round++) {
      const org = await signUpOrganization(api, 'reset-race');
      await api.call('recoverPassword', { entity: { email: org.email } });
      const resetToken = await mailedLinkToken(api, org.email, 'resetPassword');
      const answers = await Promise.all(
        Array.from({ length: 4 }, (_, i) => api.call('resetPassword', { entity: { resetToken, password: `${testPassword} ${i}` } })),
      );
      expect(statuses(answers)).toEqual([200, 400, 400, 400]);
    }
  });
});

describe('partial updates under concurrent requests', () => {
  it('concurrent partial updates of the organization configuration all land (no lost update)', async () => {
    const fields = ['tfStateFilesS3Locations', 'tfStateFilesAzureStorageLocations', 'tfStateFilesGcsLocations'];
    const location = (field: string) => (field.includes('Azure') ? { containerName: field } : { bucketName: field });
    for (let round = 0; round < rounds / 2; round++) {
      const org = await signUpOrganization(api, 'config-race');
      const answers = await Promise.all(
        fields.map((field) => api.call('putOrganizationConfiguration', { token: org.token, entity: { [field]: [location(field)] } })),
      );
      expect(statuses(answers)).toEqual([200, 200, 200]);
      const read = await api.call<Record<string, unknown>>('getOrganizationConfiguration', { token: org.token });
      for (const field of fields) expect(read.body.response.items[0]?.[field], `round ${round}: ${field}`).toEqual([location(field)]);
    }
  });
});

describe('MFA steps under concurrent use', () => {
  it('an MFA confirmation link turns MFA on once, and one code finishes one pending sign-in once', async () => {
    for (let round = 0; round < rounds / 4; round++) {
      const org = await signUpOrganization(api, 'mfa-race');
      const generated = await api.call<Record<string, string>>('generateMfa', { token: org.token });
      const secret = generated.body.response.items[0]?.['secret'] as string;
      const enrolledAt = Date.now();
      const enrolment = new TOTP({ secret: Secret.fromBase32(secret), period: 30 }).generate({ timestamp: enrolledAt });
      expect((await api.call('configureMfa', { token: org.token, entity: { mfaCode: enrolment } })).status).toBe(200);
      const confirmationToken = await mailedLinkToken(api, org.email, 'confirmMfa');
      const confirmations = await Promise.all(Array.from({ length: 4 }, () => api.call('confirmMfa', { entity: { confirmationToken } })));
      expect(statuses(confirmations)).toEqual([200, 400, 400, 400]);

      const step = await api.call<Record<string, string>>('signIn', { entity: { email: org.email, password: testPassword } });
      const waitingMfaPotentialSessionId = step.body.response.items[0]?.['waitingMfaPotentialSessionId'];
      // The enrolment's code was used; the code of the step after it is fresh (and still accepted).
      const mfaCode = new TOTP({ secret: Secret.fromBase32(secret), period: 30 }).generate({ timestamp: enrolledAt + 30_000 });
      const signIns = await Promise.all(
        Array.from({ length: 4 }, () => api.call('signInWithMfaPotentialSession', { entity: { waitingMfaPotentialSessionId, mfaCode } })),
      );
      expect(statuses(signIns)).toEqual([200, 400, 400, 400]);
    }
  });
});
