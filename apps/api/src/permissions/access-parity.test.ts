import {
  can,
  permissions,
  type AccessSubject,
  type AccessTarget,
  type CustomRoleGrant,
  type NamespaceGrant,
  type NamespaceRole,
} from '@terrace/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizations } from '../modules/accounts/accounts.schema';
import { addMember, createNamespace, signUpOrganization, type SignedUp } from '../testing/factories';
import { createTestApi, type TestApi } from '../testing/test-api';

// The console and the server decide with one function. For every role × every permission × a
// set of targets (no namespace, a granted and an ungranted namespace, a stack the user created and
// one it did not), the server's permission engine (loading the actor from PostgreSQL) must answer
// exactly what the console's `can` answers from what the console is told: the role key and custom
// role of getUserOrgRole, and the namespace grants an admin sees in the organization's settings.

let api: TestApi;
let admin: SignedUp;
let nsA: string;
let nsB: string;

interface Case {
  label: string;
  member: SignedUp;
  /** What the test expects on a few telling targets, independently of the table. */
  spot: [permission: string, target: AccessTarget, allowed: boolean][];
}
const cases: Case[] = [];

async function call<T>(operationId: string, token: string, options: { entity?: unknown; params?: Record<string, string>; query?: Record<string, string> } = {}) {
  const res = await api.call<T>(operationId, { token, ...options });
  if (res.status !== 200) throw new Error(`${operationId}: ${res.status} ${JSON.stringify(res.body.response.errors)}`);
  return res.body.response.items as T[];
}

async function customRole(name: string, type: 'organizationRole' | 'namespaceRole', grant: CustomRoleGrant): Promise<string> {
  const [role] = await call<{ id: string }>('createCustomRole', admin.token, {
    entity: { name, type, permissions: grant.permissions.map((p) => ({ name: p })), stackRestriction: grant.stackRestriction },
  });
  return (role as { id: string }).id;
}

/** The console's subject: only what the API tells the signed-in user about itself. */
async function consoleSubject(token: string): Promise<AccessSubject> {
  const [role] = await call<{ orgRole: string; customRole: CustomRoleGrant | null }>('getUserOrgRole', token);
  const [user] = await call<{ organization: { type: 'regular' | 'management' } }>('getCurrentUser', token);
  return { organizationType: user?.organization.type ?? 'regular', role: role?.orgRole ?? '', customRole: role?.customRole ?? null };
}

/** The grants an admin sees for a member (its own and its teams'), with their custom roles. */
async function grantsAsConfigured(adminToken: string, member: SignedUp): Promise<NamespaceGrant[]> {
  const grants = await call<{ namespaceId: string | null; userEmail?: string; teamId?: string; role: NamespaceRole | null; customRoleId: string | null }>(
    'listNamespacePermissions',
    adminToken,
  );
  const teamUsers = await call<{ teamId: string; userId: string }>('listTeamUsers', adminToken);
  const teams = new Set(teamUsers.filter((t) => t.userId === member.userId).map((t) => t.teamId));
  const roles = await call<{ id: string; permissions: { name: string }[]; stackRestriction: CustomRoleGrant['stackRestriction'] }>('listCustomRoles', adminToken);
  return grants
    .filter((g) => g.userEmail === member.email || (g.teamId !== undefined && teams.has(g.teamId)))
    .map((g) => {
      const custom = roles.find((r) => r.id === g.customRoleId);
      return {
        namespaceId: g.namespaceId,
        role: g.role,
        customRole: custom ? { permissions: custom.permissions.map((p) => p.name), stackRestriction: custom.stackRestriction } : null,
      };
    });
}

beforeAll(async () => {
  api = await createTestApi();
  admin = await signUpOrganization(api, 'parity');
  nsA = (await createNamespace(api, admin.token)).id;
  nsB = (await createNamespace(api, admin.token)).id;
  const [team] = await call<{ id: string }>('createTeam', admin.token, { entity: { name: 'deployers' } });
  const teamId = (team as { id: string }).id;

  const member = (role: string) => addMember(api, admin.organizationId, role);
  const grant = (entity: Record<string, unknown>) => call('createNamespacePermission', admin.token, { entity });
  const own = { namespaceId: nsA, stack: { createdByActor: true } };
  const others = { namespaceId: nsA, stack: { createdByActor: false } };

  cases.push({ label: 'admin', member: admin, spot: [['namespace:delete', {}, true], ['runner:claimJob', {}, false]] });
  cases.push({ label: 'viewer', member: await member('viewer'), spot: [['user:read', {}, true], ['namespace:create', {}, false]] });
  cases.push({
    label: 'member',
    member: await member('member'),
    spot: [['namespace:create', {}, false], ['namespace:update', { namespaceId: nsA }, false], ['deployment:start', others, true]],
  });

  // deployer: namespace-only (not organization-wide), admin of namespace A through a team.
  const deployer = await member('deployer');
  await call('addTeamUser', admin.token, { entity: { teamId, userEmail: deployer.email } });
  await grant({ namespaceId: nsA, teamId, role: 'admin' });
  cases.push({
    label: 'deployer',
    member: deployer,
    spot: [
      ['runner:read', {}, false],
      ['namespace:update', { namespaceId: nsA }, true],
      ['namespace:update', { namespaceId: nsB }, false],
      ['namespace:delete', { namespaceId: nsA }, false],
    ],
  });

  // runner: namespace-only, a custom namespace role on A restricted to reading its own stacks.
  const runner = await member('runner');
  const restricted = await customRole('operator', 'namespaceRole', {
    permissions: ['stack:update', 'deployment:start'],
    stackRestriction: 'restrictReadToOwnStacks',
  });
  await grant({ namespaceId: nsA, userEmail: runner.email, role: null, customRoleId: restricted });
  cases.push({
    label: 'runner',
    member: runner,
    spot: [
      ['namespace:read', { namespaceId: nsA }, true],
      ['namespace:read', { namespaceId: nsB }, false],
      ['stack:read', own, true],
      ['deployment:start', own, true],
      ['deployment:start', others, false],
      ['stack:read', others, false],
      ['deployment:approve', own, false],
    ],
  });

  // another namespace-only key, viewer on All Namespaces.
  const nsOnly = await member('nsOnly');
  await grant({ namespaceId: null, userEmail: nsOnly.email, role: 'viewer' });
  cases.push({ label: 'nsOnly', member: nsOnly, spot: [['namespace:read', { namespaceId: nsB }, true], ['stack:update', others, false]] });

  // a custom organization role that may write only its own stacks.
  const organizationRole = await customRole('own writes', 'organizationRole', {
    permissions: ['namespace:read', 'audit:read', 'stack:update'],
    stackRestriction: 'restrictWriteToOwnStacks',
  });
  const custom = await member('member');
  await call('updateOrganizationUser', admin.token, { params: { userId: custom.userId }, entity: { role: organizationRole } });
  // ... and a namespace admin grant on A, which lifts the restriction there.
  await grant({ namespaceId: nsA, userEmail: custom.email, role: 'admin' });
  cases.push({
    label: 'custom organization role',
    member: custom,
    spot: [
      ['audit:read', {}, true],
      ['runner:read', {}, false],
      ['stack:read', { namespaceId: nsB, stack: { createdByActor: false } }, true],
      ['stack:update', { namespaceId: nsB, stack: { createdByActor: false } }, false],
      ['stack:update', { namespaceId: nsB, stack: { createdByActor: true } }, true],
      ['stack:update', others, true],
    ],
  });

  // the admin of a management organization.
  const management = await signUpOrganization(api, 'parity-management');
  await api.database.db.update(organizations).set({ type: 'management' }).where(eq(organizations.id, management.organizationId));
  cases.push({ label: 'management admin', member: management, spot: [['user:manage', {}, true], ['namespace:read', {}, false]] });
}, 120_000);
afterAll(() => api.close());

describe('console and server access parity', () => {
  it('answers every role × permission × target the same on both sides, as the spec says', async () => {
    const targets = (): [string, AccessTarget][] => [
      ['organization', {}],
      ['granted namespace', { namespaceId: nsA }],
      ['other namespace', { namespaceId: nsB }],
      ['own stack', { namespaceId: nsA, stack: { createdByActor: true } }],
      ["another's stack", { namespaceId: nsA, stack: { createdByActor: false } }],
      ["another's stack in the other namespace", { namespaceId: nsB, stack: { createdByActor: false } }],
    ];
    const disagreements: string[] = [];
    let allowedCount = 0;
    let refusedCount = 0;
    for (const { label, member, spot } of cases) {
      const actor = await api.authenticate(member.token);
      if (!actor) throw new Error(`${label}: token not accepted`);
      const adminToken = label === 'management admin' ? member.token : admin.token;
      const subject: AccessSubject = {
        ...(await consoleSubject(member.token)),
        namespaceGrants: label === 'management admin' ? [] : await grantsAsConfigured(adminToken, member),
      };
      for (const permission of permissions) {
        for (const [where, target] of targets()) {
          const server = await api.engine.require(actor, permission, target).then(
            () => true,
            () => false,
          );
          const consoleAnswer = can(subject, permission, target).allowed;
          if (server !== consoleAnswer) disagreements.push(`${label} ${permission} on ${where}: server ${server}, console ${consoleAnswer}`);
          if (server) allowedCount += 1;
          else refusedCount += 1;
        }
      }
      for (const [permission, target, allowed] of spot) {
        expect(can(subject, permission, target).allowed, `${label} ${permission} ${JSON.stringify(target)}`).toBe(allowed);
      }
    }
    expect(disagreements).toEqual([]);
    // The walk is not vacuous: both answers occur.
    expect(allowedCount).toBeGreaterThan(100);
    expect(refusedCount).toBeGreaterThan(100);
  }, 120_000);
});
