import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { newId } from '../crypto/ids';
import { insertMembership, insertUser } from '../modules/accounts/accounts.repository';
import { uniqueEmail, type SignedUp } from './factories';
import type { TestApi } from './test-api';

const suffix = () => randomBytes(4).toString('hex');

async function created<T>(api: TestApi, operationId: string, token: string, entity: unknown, params: Record<string, string> = {}): Promise<T> {
  const res = await api.call<T>(operationId, { token, entity, params });
  expect(res.status, `${operationId}: ${JSON.stringify(res.body)}`).toBe(200);
  return res.body.response.items[0] as T;
}

export const createTeam = (api: TestApi, token: string, name = `team-${suffix()}`) =>
  created<{ id: string; name: string }>(api, 'createTeam', token, { name });

export const createCustomRole = (
  api: TestApi,
  token: string,
  entity: Record<string, unknown> = {},
) =>
  created<{ id: string; name: string; type: string }>(api, 'createCustomRole', token, {
    name: `role-${suffix()}`,
    type: 'namespaceRole',
    permissions: [{ name: 'stack:create' }],
    ...entity,
  });

export const createProgrammaticUser = (api: TestApi, token: string, entity: Record<string, unknown> = {}) =>
  created<{ id: string; name: string; orgRole: string }>(api, 'createProgrammaticUser', token, {
    name: `robot-${suffix()}`,
    orgRole: 'viewer',
    ...entity,
  });

export const createProgrammaticToken = (api: TestApi, token: string, programmaticUserId: string, entity: Record<string, unknown> = {}) =>
  created<{ id: string; token: string; name: string; expiresAt: string | null }>(
    api,
    'createProgrammaticUserToken',
    token,
    { name: `token-${suffix()}`, ...entity },
    { programmaticUserId },
  );

export const createAbacConfiguration = (api: TestApi, token: string, entity: Record<string, unknown> = {}) =>
  created<{ id: string; name: string; customAbacId: string }>(api, 'createCustomAbacConfiguration', token, {
    customAbacId: `group-${suffix()}`,
    name: 'mapping',
    roles: [],
    ...entity,
  });

/** A programmatic user with one token, as the ids of the token's path. */
async function programmaticUserWithToken(api: TestApi, token: string) {
  const programmaticUserId = (await createProgrammaticUser(api, token)).id;
  const tokenId = (await createProgrammaticToken(api, token, programmaticUserId)).id;
  return { programmaticUserId, tokenId };
}

/** A member who never signs in (so no audit event of theirs appears), by user id. */
export async function insertMember(api: TestApi, organizationId: string, role: string): Promise<string> {
  const userId = newId('user');
  await insertUser(api.database.db, { id: userId, email: uniqueEmail(role), firstName: 'Quiet', lastName: role });
  await insertMembership(api.database.db, { organizationId, userId, role });
  return userId;
}

/**
 * Objects for the authorization matrix: path parameters and entities of the IAM operations that
 * refer to existing objects, fresh in the own organization for every call (a delete cannot
 * disturb the next one), and one set in the other organization.
 */
export function iamMatrixFixtures(api: TestApi, own: SignedUp, other: SignedUp) {
  let others: Record<string, string> | undefined;
  const otherObjects = async () => {
    others ??= {
      teamId: (await createTeam(api, other.token)).id,
      customRoleId: (await createCustomRole(api, other.token)).id,
      ...(await programmaticUserWithToken(api, other.token)),
      customAbacConfigurationId: (await createAbacConfiguration(api, other.token)).id,
      userId: await insertMember(api, other.organizationId, 'member'),
    };
    return others;
  };
  return {
    async params(path: string, target: 'own' | 'other'): Promise<Record<string, string>> {
      const params: Record<string, string> = {};
      const names = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1] as string);
      for (const name of names) {
        if (target === 'other') {
          const value = (await otherObjects())[name];
          if (value) params[name] = value;
          continue;
        }
        if (name === 'teamId') params[name] = (await createTeam(api, own.token)).id;
        if (name === 'customRoleId') params[name] = (await createCustomRole(api, own.token)).id;
        if (name === 'userId') params[name] = await insertMember(api, own.organizationId, 'member');
        if (name === 'customAbacConfigurationId') params[name] = (await createAbacConfiguration(api, own.token)).id;
        if (name === 'programmaticUserId') Object.assign(params, await programmaticUserWithToken(api, own.token));
      }
      return params;
    },
    /** An entity that refers to real own objects, for the operations whose sample cannot. */
    async entity(operationId: string): Promise<Record<string, unknown> | undefined> {
      switch (operationId) {
        case 'createTeamUser':
          return { teamId: (await createTeam(api, own.token)).id, userEmail: own.email };
        case 'deleteTeamUser': {
          const teamId = (await createTeam(api, own.token)).id;
          await created(api, 'createTeamUser', own.token, { teamId, userEmail: own.email });
          return { teamId, userEmail: own.email };
        }
        case 'createNamespacePermission':
          return { namespaceId: '*', teamId: (await createTeam(api, own.token)).id, role: 'viewer' };
        case 'deleteNamespacePermission': {
          const grant = { namespaceId: '*', teamId: (await createTeam(api, own.token)).id, role: 'viewer' };
          await created(api, 'createNamespacePermission', own.token, grant);
          return grant;
        }
        case 'createCustomAbacConfiguration':
          return { customAbacId: `group-${suffix()}`, name: 'matrix', roles: [{ orgId: own.organizationId, orgRole: 'viewer', teamIds: [] }] };
        default:
          return undefined;
      }
    },
  };
}

/** One object of each IAM kind with a path parameter, by parameter name, for the bad-input suite. */
export async function iamPathIds(api: TestApi, admin: SignedUp): Promise<Record<string, string>> {
  return {
    teamId: (await createTeam(api, admin.token)).id,
    customRoleId: (await createCustomRole(api, admin.token)).id,
    ...(await programmaticUserWithToken(api, admin.token)),
    customAbacConfigurationId: (await createAbacConfiguration(api, admin.token)).id,
    userId: await insertMember(api, admin.organizationId, 'member'),
  };
}
