import { and, eq, inArray, like, not, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizations } from '../modules/accounts/accounts.schema';
import { auditEvents } from '../modules/audit/audit.schema';
import { operations } from '../testing/contract';
import { addMember, createNamespace, signIn, signUpOrganization, type SignedUp } from '../testing/factories';
import { sampleEntities } from '../testing/sample-entities';
import { createTestApi, type TestApi } from '../testing/test-api';

// The authorization matrix: every implemented operation of the description × every role ×
// own / another organization. The expectations below restate the role rules of the spec
// (console-shell §6, automation §6) independently of the engine, so a change in either shows.

const roles = ['admin', 'viewer', 'member', 'deployer', 'runner', 'ns-operator', 'custom'] as const;
type Role = (typeof roles)[number];
const humans: Role[] = [...roles];

const allowed: Record<string, readonly Role[]> = {
  authenticated: humans,
  'consoleEvent:create': humans,
  'org:read': ['admin', 'viewer', 'member', 'deployer', 'runner'],
  // 'custom' holds a custom organization role with exactly these: namespace:read, audit:read.
  'orgConfiguration:read': ['admin', 'viewer', 'member'],
  'orgConfiguration:update': ['admin'],
  'signInSettings:read': ['admin', 'viewer'],
  'signInSettings:update': ['admin'],
  'user:read': ['admin', 'viewer'],
  'user:manage': ['admin'],
  'team:read': ['admin', 'viewer'],
  'team:manage': ['admin'],
  'namespace:read': ['admin', 'viewer', 'member', 'deployer', 'runner', 'custom'],
  'namespace:create': ['admin'],
  'namespace:update': ['admin'],
  'namespace:delete': ['admin'],
  'audit:read': ['admin', 'viewer', 'member', 'custom'],
  'runner:read': ['admin', 'viewer', 'member', 'deployer', 'runner'],
  'namespacePermission:read': ['admin', 'viewer'],
  'namespacePermission:manage': ['admin'],
  'customRole:read': ['admin', 'viewer'],
  'customRole:manage': ['admin'],
  'customAbac:read': ['admin', 'viewer'],
  'customAbac:manage': ['admin'],
  'programmaticUser:read': ['admin', 'viewer'],
  'programmaticUser:manage': ['admin'],
  'vcsProvider:create': ['admin'],
  'vcsProvider:update': ['admin'],
  'vcsProvider:delete': ['admin'],
  'sshKey:read': ['admin', 'viewer'],
  'sshKey:create': ['admin'],
  'sshKey:update': ['admin'],
  'sshKey:delete': ['admin'],
  'gitSigningKey:read': ['admin', 'viewer'],
  'gitSigningKey:create': ['admin'],
  'gitSigningKey:update': ['admin'],
  'gitSigningKey:delete': ['admin'],
};

/** Creates, as the admin of `token`'s organization, one object of each kind a path can name. */
async function createObjects(token: string) {
  const created = async (operationId: string, entity: unknown, params: Record<string, string> = {}) => {
    const res = await api.call<{ id: string }>(operationId, { token, entity, params });
    if (res.status !== 200) throw new Error(`${operationId}: ${JSON.stringify(res.body)}`);
    return (res.body.response.items[0] as { id: string }).id;
  };
  const programmaticUserId = await created('createProgrammaticUser', sampleEntities['createProgrammaticUser']?.());
  return {
    teamId: await created('createTeam', sampleEntities['createTeam']?.()),
    customRoleId: await created('createCustomRole', sampleEntities['createCustomRole']?.()),
    customAbacConfigurationId: await created('createCustomAbacConfiguration', sampleEntities['createCustomAbacConfiguration']?.()),
    programmaticUserId,
    tokenId: await created('createProgrammaticUserToken', { name: 'matrix' }, { programmaticUserId }),
    // The admin's own token: nobody else may revoke it, in this organization or another.
    personalAccessTokenId: await created('createPersonalAccessToken', sampleEntities['createPersonalAccessToken']?.()),
    providerId: await created('createVcsProvider', sampleEntities['createVcsProvider']?.()),
    sshKeyId: await created('createSshKey', sampleEntities['createSshKey']?.()),
    gitSigningKeyId: await created('createGitSigningKey', sampleEntities['createGitSigningKey']?.()),
  };
}
let otherObjects: Record<string, string>;

/** Operations that end the session they are called with get a fresh one each time. */
const consumesSession = new Set(['signOut', 'tradeSession']);

let api: TestApi;
let ownAdmin: SignedUp;
let otherAdmin: SignedUp;
let otherNamespaceId: string;
const members = new Map<Role, SignedUp>();

let registryIds = new Set<string>();
/** The user operations that have a handler (the others answer 501 and are covered elsewhere). */
const implemented = () => operations.filter((op) => op.security === 'user' && registryIds.has(op.operationId));

beforeAll(async () => {
  api = await createTestApi({
    registry: (registry) => {
      registryIds = new Set(Object.keys(registry));
      return registry;
    },
  });
  ownAdmin = await signUpOrganization(api, 'matrix-own');
  otherAdmin = await signUpOrganization(api, 'matrix-other');
  otherNamespaceId = (await createNamespace(api, otherAdmin.token)).id;
  otherObjects = await createObjects(otherAdmin.token);
  members.set('admin', ownAdmin);
  for (const role of roles.filter((r) => r !== 'admin' && r !== 'custom')) {
    members.set(role, await addMember(api, ownAdmin.organizationId, role));
  }
  const customRole = await api.call<{ id: string }>('createCustomRole', {
    token: ownAdmin.token,
    entity: { name: 'matrix custom', type: 'organizationRole', permissions: [{ name: 'namespace:read' }, { name: 'audit:read' }] },
  });
  const customRoleId = (customRole.body.response.items[0] as { id: string }).id;
  const custom = await addMember(api, ownAdmin.organizationId, 'member');
  await api.call('updateOrganizationUser', { token: ownAdmin.token, params: { userId: custom.userId }, entity: { role: customRoleId } });
  members.set('custom', custom);
});
afterAll(() => api.close());

async function tokenFor(role: Role, operationId: string): Promise<string> {
  const member = members.get(role) as SignedUp;
  return consumesSession.has(operationId) ? signIn(api, member.email) : member.token;
}

async function paramsFor(operationId: string, path: string, target: 'own' | 'other'): Promise<Record<string, string>> {
  const params: Record<string, string> = {};
  if (path.includes('{namespaceId}')) {
    // Own targets are fresh namespaces, so a delete cannot disturb the next call.
    params['namespaceId'] = target === 'own' ? (await createNamespace(api, ownAdmin.token)).id : otherNamespaceId;
  }
  const names = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1] as string).filter((n) => n !== 'namespaceId' && n !== 'userId');
  if (names.length) {
    // Own targets are fresh objects, so deleting one cannot disturb the next call.
    const objects = target === 'own' ? await createObjects(ownAdmin.token) : otherObjects;
    for (const name of names) params[name] = (objects as Record<string, string>)[name] ?? `unknown-${name}`;
    // `{keyId}` names an SSH key under /sshKey and a git signing key under /gitSigningKey.
    if (names.includes('keyId')) params['keyId'] = path.startsWith('/gitSigningKey') ? objects.gitSigningKeyId : objects.sshKeyId;
  }
  if (path.includes('{userId}')) {
    params['userId'] = target === 'own' ? (await addMember(api, ownAdmin.organizationId, 'member')).userId : otherAdmin.userId;
  }
  void operationId;
  return params;
}

describe('authorization matrix', () => {
  it('has a sample entity for every implemented operation that takes a body, and knows every permission', () => {
    for (const op of implemented()) {
      if (op.requestBodySchema) expect(sampleEntities, op.operationId).toHaveProperty(op.operationId);
      expect(allowed, `${op.operationId}: ${op.permission}`).toHaveProperty(op.permission);
    }
  });

  it('grants exactly the spec’s roles in the own organization and never crosses organizations', async () => {
    const failures: string[] = [];
    const otherIds = [otherAdmin.organizationId, otherNamespaceId, otherAdmin.email, otherAdmin.userId, ...Object.values(otherObjects)];
    for (const op of implemented()) {
      for (const role of roles) {
        for (const target of ['own', 'other'] as const) {
          const referencesObject = op.path.includes('{') || op.parameters.some((p) => p.name === 'desiredOrganizationId');
          if (target === 'other' && !referencesObject) continue;
          const query: Record<string, string> = {};
          if (op.parameters.some((p) => p.name === 'desiredOrganizationId')) {
            query['desiredOrganizationId'] = target === 'own' ? ownAdmin.organizationId : otherAdmin.organizationId;
          }
          const res = await api.call(op.operationId, {
            token: await tokenFor(role, op.operationId),
            params: await paramsFor(op.operationId, op.path, target),
            query,
            ...(sampleEntities[op.operationId] ? { entity: sampleEntities[op.operationId]?.() } : {}),
          });
          const where = `${op.operationId} as ${role} on ${target} organization`;
          const mayAct = (allowed[op.permission] ?? []).includes(role);
          if (target === 'other') {
            if (res.status === 200) failures.push(`${where}: succeeded across organizations`);
            continue;
          }
          if (res.status === 200 && JSON.stringify(res.body).match(new RegExp(otherIds.join('|')))) {
            failures.push(`${where}: leaked another organization's data`);
          }
          const namespaceOnlyList = role === 'ns-operator' && op.operationId === 'listNamespaces';
          if (namespaceOnlyList) {
            // Namespace-only users list only the namespaces granted to them: none here.
            if (res.status !== 200 || res.body.response.items.length !== 0) failures.push(`${where}: saw namespaces not granted`);
          } else if (mayAct && (res.status === 401 || res.status === 403 || res.status >= 500)) {
            // Allowed means authorization passed; the operation may still refuse for the state
            // of the data (enabling MFA that was never enrolled answers 409).
            failures.push(`${where}: expected to be allowed, got ${res.status} ${JSON.stringify(res.body.response.errors)}`);
          } else if (!mayAct && res.status !== 403) {
            failures.push(`${where}: expected 403, got ${res.status}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);

    // No escalation left a trace: every change in the own organization came from its admin (or
    // was a session event or a change of the member's own account: its profile, password or
    // personal access tokens, audited as `user` with the member's id before any slash), and
    // nothing at all changed the other one.
    const sessionActions = ['signIn', 'signOut', 'switchOrganization'];
    const nonAdmins = roles.filter((r) => r !== 'admin').map((r) => (members.get(r) as SignedUp).userId);
    const escalations = await api.database.db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.organizationId, ownAdmin.organizationId),
          inArray(auditEvents.initiatorUserId, nonAdmins),
          notInArray(auditEvents.action, sessionActions),
          not(
            and(
              eq(auditEvents.entityType, 'user'),
              or(eq(auditEvents.entityId, auditEvents.initiatorUserId), like(auditEvents.entityId, sql`${auditEvents.initiatorUserId} || '/%'`)),
            ) as SQL,
          ),
        ),
      );
    expect(escalations).toEqual([]);
    const foreign = await api.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.organizationId, otherAdmin.organizationId), notInArray(auditEvents.initiatorUserId, [otherAdmin.userId])));
    expect(foreign).toEqual([]);
  }, 120_000);

  it('limits management organizations to organization, user and team operations', async () => {
    const management = await signUpOrganization(api, 'management');
    await api.database.db.update(organizations).set({ type: 'management' }).where(eq(organizations.id, management.organizationId));
    expect((await api.call('listNamespaces', { token: management.token })).status).toBe(403);
    expect((await api.call('createNamespace', { token: management.token, entity: { name: 'x' } })).status).toBe(403);
    expect((await api.call('listAuditEvents', { token: management.token })).status).toBe(403);
    expect((await api.call('listRunnerHeartbeats', { token: management.token })).status).toBe(403);
    expect((await api.call('getOrganization', { token: management.token })).status).toBe(200);
    expect((await api.call('listOrganizationUsers', { token: management.token })).status).toBe(200);
    expect((await api.call('getSignInSettings', { token: management.token })).status).toBe(200);
  });

  it('answers 401 for every user operation without a token', async () => {
    for (const op of implemented()) {
      const res = await api.call(op.operationId, {
        params: { namespaceId: otherNamespaceId },
        query: { desiredOrganizationId: otherAdmin.organizationId },
        ...(sampleEntities[op.operationId] ? { entity: sampleEntities[op.operationId]?.() } : {}),
      });
      expect(res.status, op.operationId).toBe(401);
    }
  });
});
