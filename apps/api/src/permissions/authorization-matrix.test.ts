import { and, eq, inArray, like, not, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizations } from '../modules/accounts/accounts.schema';
import { auditEvents } from '../modules/audit/audit.schema';
import { can, decideForOrganization, isPermission, type AccessSubject, type CustomRoleGrant } from '@terrace/domain';
import { openApiDocument, operations } from '../testing/contract';
import { addMember, createNamespace, signIn, signUpOrganization, type SignedUp } from '../testing/factories';
import { sampleEntities } from '../testing/sample-entities';
import { createTestApi, type TestApi } from '../testing/test-api';

// The authorization matrix: every implemented operation of the description × every role ×
// own / another organization. The expectations are generated from the shared access model
// (@terrace/domain, the table the console decides with), so a request the console would offer and
// the server refuse, or the reverse, fails here. The model's own rules are restated from the spec
// in libs/domain/src/lib/access-model.test.ts.

const roles = ['admin', 'viewer', 'member', 'deployer', 'runner', 'ns-operator', 'custom'] as const;
type Role = (typeof roles)[number];

/** 'custom' holds a custom organization role with exactly these permissions. */
const customRolePermissions = ['namespace:read', 'audit:read'];

/** Each member as the console sees it: built from its own getUserOrgRole answer, as the session does. */
const subjects = new Map<Role, AccessSubject>();
async function consoleSubject(api: TestApi, token: string): Promise<AccessSubject> {
  const role = await api.call<{ orgRole: string; customRole: CustomRoleGrant | null }>('getUserOrgRole', { token });
  const user = await api.call<{ organization: { type: 'regular' | 'management' } }>('getCurrentUser', { token });
  const item = role.body.response.items[0] as { orgRole: string; customRole: CustomRoleGrant | null };
  return { organizationType: (user.body.response.items[0] as { organization: { type: 'regular' | 'management' } }).organization.type, role: item.orgRole, customRole: item.customRole };
}
const subjectOf = (role: Role) => subjects.get(role) as AccessSubject;

/** What the shared model answers for an operation: allowed, refused, or a list narrowed to the (no) namespaces granted. */
function expected(
  role: Role,
  op: { operationId: string; permission: string; path: string; method: string; parameters: { name: string; in: string; required: boolean }[] },
): 'allowed' | 'refused' | 'emptyList' {
  const subject = subjectOf(role);
  const organizationWide = decideForOrganization(subject, op.permission);
  // Operations on one stack: by path, by a stackId query (the matrix always sends one when the
  // operation takes it: a list of what belongs to a stack, such as its variables, asks about that
  // stack; the stacks list itself only narrows), or creating one.
  const targetsStack =
    op.path.includes('{stackId}') ||
    (op.operationId !== 'listStacks' && op.parameters.some((p) => p.name === 'stackId' && p.in === 'query')) ||
    op.operationId === 'createStack' ||
    // A run (by path or required query id) is on a stack: the matrix's runs are on its fresh stacks.
    op.parameters.some((p) => runIdNames.includes(p.name) && (p.in === 'path' || p.required));
  // A list (a GET naming no object) narrows to the namespaces granted; any other call on an
  // object outside them is refused.
  if (organizationWide.kind === 'perNamespace' && op.method === 'get' && !op.path.includes('{') && !targetsStack) return 'emptyList';
  // The own-organization targets are fresh namespaces (and stacks in them, created by the admin)
  // nobody was granted.
  const target =
    op.path.includes('{namespaceId}') || targetsStack
      ? { namespaceId: 'ns-fresh', ...(targetsStack ? { stack: { createdByActor: false } } : {}) }
      : {};
  return can(subject, op.permission, target).allowed ? 'allowed' : 'refused';
}
/** Creates, as the admin of `token`'s organization, one object of each kind a path can name. */
async function createObjects(token: string) {
  const created = async (operationId: string, entity: unknown, params: Record<string, string> = {}) => {
    const res = await api.call<{ id: string }>(operationId, { token, entity, params });
    if (res.status !== 200) throw new Error(`${operationId}: ${JSON.stringify(res.body)}`);
    return (res.body.response.items[0] as { id: string }).id;
  };
  const programmaticUserId = await created('createProgrammaticUser', sampleEntities['createProgrammaticUser']?.());
  const namespaceId = (await createNamespace(api, token)).id;
  // An ephemeral stack, so extending its time to live is a valid request.
  const stack = {
    name: `matrix-${Math.random().toString(36).slice(2)}`,
    namespaceId,
    iacType: 'terraform',
    data: { policy: { ttlConfig: { ttl: { type: 'hours', value: 1 } } } },
  };
  const stackId = await created('createStack', { stack });
  const upstreamStackId = await created('createStack', { stack: { ...stack, name: `${stack.name}-up` } });
  return {
    stackId,
    dependencyId: await created('createStackDependency', { stackId, dependsOnStackId: upstreamStackId }),
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
/** The parameters naming a run. */
const runIdNames = ['planId', 'deploymentId', 'taskId', 'runId'];

/** A plan, a deployment and a task on `stackId`, as the admin of `token`'s organization. */
async function createRuns(token: string, stackId: string) {
  const started = async (operationId: string, entity: unknown) => {
    const res = await api.call<{ id: string }>(operationId, { token, entity });
    if (res.status !== 200) throw new Error(`${operationId}: ${JSON.stringify(res.body)}`);
    return (res.body.response.items[0] as { id: string }).id;
  };
  const planId = await started('createPlan', { stackId });
  return {
    planId,
    runId: planId,
    deploymentId: await started('createDeployment', { stackId }),
    taskId: await started('createTask', { stackId, taskToExecute: { taskType: 'refreshState', mode: 'Plan' } }),
  };
}
let otherObjects: Record<string, string>;
let ownObjects: Record<string, string>;

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
  Object.assign(otherObjects, await createRuns(otherAdmin.token, otherObjects['stackId'] as string));
  members.set('admin', ownAdmin);
  for (const role of roles.filter((r) => r !== 'admin' && r !== 'custom')) {
    members.set(role, await addMember(api, ownAdmin.organizationId, role));
  }
  const customRole = await api.call<{ id: string }>('createCustomRole', {
    token: ownAdmin.token,
    entity: { name: 'matrix custom', type: 'organizationRole', permissions: customRolePermissions.map((name) => ({ name })) },
  });
  const customRoleId = (customRole.body.response.items[0] as { id: string }).id;
  const custom = await addMember(api, ownAdmin.organizationId, 'member');
  await api.call('updateOrganizationUser', { token: ownAdmin.token, params: { userId: custom.userId }, entity: { role: customRoleId } });
  members.set('custom', custom);
  for (const role of roles) subjects.set(role, await consoleSubject(api, (members.get(role) as SignedUp).token));
  ownObjects = await createObjects(ownAdmin.token);
  Object.assign(ownObjects, await createRuns(ownAdmin.token, ownObjects['stackId'] as string));
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
    const objects: Record<string, string> = target === 'own' ? await createObjects(ownAdmin.token) : otherObjects;
    if (target === 'own' && names.some((n) => runIdNames.includes(n))) Object.assign(objects, await createRuns(ownAdmin.token, objects['stackId'] as string));
    for (const name of names) params[name] = (objects as Record<string, string>)[name] ?? `unknown-${name}`;
    // `{keyId}` names an SSH key under /sshKey and a git signing key under /gitSigningKey.
    if (names.includes('keyId')) params['keyId'] = (path.startsWith('/gitSigningKey') ? objects['gitSigningKeyId'] : objects['sshKeyId']) as string;
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
    }
    // The console learns a custom role's grant from the server, so it decides as the server does.
    expect(subjectOf('custom').customRole).toEqual({ permissions: customRolePermissions, stackRestriction: 'none' });
    expect(subjectOf('deployer')).toEqual({ organizationType: 'regular', role: 'deployer', customRole: null });
    // Every operation of the contract, implemented or not, names a permission of the shared table,
    // and so does every permission a custom role may hold.
    for (const op of operations.filter((o) => o.security !== 'public')) {
      expect(isPermission(op.permission), `${op.operationId}: ${op.permission}`).toBe(true);
    }
    const customRolePermissionNames = (openApiDocument.components?.schemas?.['CustomRolePermissionName'] as { enum: string[] }).enum;
    expect(customRolePermissionNames.length).toBeGreaterThan(20);
    for (const name of customRolePermissionNames) expect(isPermission(name), name).toBe(true);
  });

  it('grants exactly the spec’s roles in the own organization and never crosses organizations', async () => {
    const failures: string[] = [];
    const otherIds = [otherAdmin.organizationId, otherNamespaceId, otherAdmin.email, otherAdmin.userId, ...Object.values(otherObjects)];
    // A run's event stream stays open while the run is active (its authorization is checked by
    // the runner module's tests, which read the stream over a real connection).
    for (const op of implemented().filter((o) => o.operationId !== 'streamRunLogs')) {
      for (const role of roles) {
        for (const target of ['own', 'other'] as const) {
          const referencesObject =
            op.path.includes('{') ||
            op.parameters.some(
              (p) => p.name === 'desiredOrganizationId' || ((p.name === 'stackId' || runIdNames.includes(p.name)) && p.in === 'query' && p.required),
            );
          if (target === 'other' && !referencesObject) continue;
          const query: Record<string, string> = {};
          if (op.parameters.some((p) => p.name === 'stackId' && p.in === 'query')) {
            query['stackId'] = (target === 'own' ? ownObjects : otherObjects)['stackId'] as string;
          }
          for (const p of op.parameters.filter((p) => p.in === 'query' && p.required && runIdNames.includes(p.name))) {
            query[p.name] = (target === 'own' ? ownObjects : otherObjects)[p.name] as string;
          }
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
          const expectation = expected(role, op);
          if (target === 'other') {
            if (res.status === 200) failures.push(`${where}: succeeded across organizations`);
            continue;
          }
          if (res.status === 200 && JSON.stringify(res.body).match(new RegExp(otherIds.join('|')))) {
            failures.push(`${where}: leaked another organization's data`);
          }
          if (expectation === 'emptyList') {
            // Namespace-only users list only the namespaces granted to them: none here.
            if (res.status !== 200 || res.body.response.items.length !== 0) failures.push(`${where}: saw objects of namespaces not granted (${res.status})`);
          } else if (expectation === 'allowed' && (res.status === 401 || res.status === 403 || res.status >= 500)) {
            // Allowed means authorization passed; the operation may still refuse for the state
            // of the data (enabling MFA that was never enrolled answers 409).
            failures.push(`${where}: expected to be allowed, got ${res.status} ${JSON.stringify(res.body.response.errors)}`);
          } else if (expectation === 'refused' && res.status !== 403) {
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
          // Members do the stack and run work of §6 (the model allows it, checked above).
          not(
            and(
              inArray(auditEvents.entityType, ['stack', 'plan', 'deployment', 'task']),
              eq(auditEvents.initiatorUserId, (members.get('member') as SignedUp).userId),
            ) as SQL,
          ),
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
  }, 480_000);

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
