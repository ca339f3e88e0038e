import { describe, expect, it } from 'vitest';
import { appRouteIds, type AppRouteId } from './app-routes';
import { canOpen, decideRoute, defaultHomeRoute, isNamespaceOnlyRole, type AccessDecision } from './route-access';
import type { AccessContext } from './session-model';

function ctx(partial: Partial<AccessContext> = {}): AccessContext {
  return {
    organizationType: 'regular',
    organizationId: 'o-1',
    role: 'admin',
    capabilities: new Set(['disasterRecovery']),
    ...partial,
  };
}

const allowList = { organizationAllowList: ['o-tfc'] };
const allowed: AccessDecision = { kind: 'allowed' };

// Spec §2.3: namespace-only users may open exactly these routes.
const namespaceOnlyRoutes: AppRouteId[] = [
  'stack',
  'deployment',
  'plan',
  'task',
  'remoteRun',
  'createStackWizard',
  'cloneStackWizard',
  'editStackWizard',
  'namespaces',
  'namespace',
  'expRun',
  'expStack',
  'expNamespace',
  'userSetting',
  'docsFallback',
  'terraformLogin',
];
const managementRoutes: AppRouteId[] = ['organizationSetting', 'userSetting', 'team'];
const drRoutes: AppRouteId[] = ['disasterRecovery', 'disasterRecoverySnapshot', 'createDRConfigWizard', 'editDRConfigWizard'];

describe('route access table', () => {
  it.each([
    ['admin', false],
    ['viewer', false],
    ['member', false],
    ['runner', true],
    ['deployer', true],
    ['nsOnly', true],
    ['cro-123', true],
  ])('classifies %s as namespace-only: %s', (role, namespaceOnly) => {
    expect(isNamespaceOnlyRole(role)).toBe(namespaceOnly);
  });

  it.each(appRouteIds)('namespace-only users: %s', (id) => {
    expect(canOpen(id, ctx({ role: 'nsViewer' }), allowList)).toBe(namespaceOnlyRoutes.includes(id));
  });

  it.each(appRouteIds)('management organizations: %s', (id) => {
    expect(canOpen(id, ctx({ organizationType: 'management' }), allowList)).toBe(managementRoutes.includes(id));
  });

  it.each(appRouteIds.filter((id) => id !== 'terraformCloudMigration'))('regular admins open %s', (id) => {
    expect(decideRoute(id, ctx(), allowList)).toEqual(allowed);
  });

  it.each([
    ['admin', true],
    ['viewer', true],
    ['member', false],
    ['deployer', false],
  ])('disaster recovery views and the organization page for %s: %s', (role, open) => {
    for (const id of ['disasterRecovery', 'disasterRecoverySnapshot', 'organizationSetting'] as const) {
      expect(canOpen(id, ctx({ role }), allowList), id).toBe(open);
    }
  });

  // A page whose action the server refuses is not opened: the wizards end in an admin-only call.
  it.each([
    ['admin', true],
    ['viewer', false],
    ['member', false],
  ])('the namespace and disaster-recovery wizards for %s: %s', (role, open) => {
    for (const id of ['createNamespaceWizard', 'editNamespaceWizard', 'createDRConfigWizard', 'editDRConfigWizard'] as const) {
      expect(canOpen(id, ctx({ role }), allowList), id).toBe(open);
    }
  });

  it('refuses a page for the permission the shared table denies, with its reason', () => {
    expect(decideRoute('createNamespaceWizard', ctx({ role: 'viewer' }))).toEqual({ kind: 'denied', reason: 'role' });
    expect(decideRoute('team', ctx({ role: 'member' }))).toEqual({ kind: 'denied', reason: 'role' });
    expect(decideRoute('createStackWizard', ctx({ role: 'viewer' }))).toEqual({ kind: 'denied', reason: 'role' });
    expect(decideRoute('createStackWizard', ctx({ role: 'member' }))).toEqual(allowed);
    // A namespace-only user may hold stack:create in a granted namespace: the page opens.
    expect(decideRoute('createStackWizard', ctx({ role: 'deployer' }))).toEqual(allowed);
    // A custom organization role decides as its grant says.
    expect(decideRoute('namespaces', ctx({ role: 'cro-1', customRole: { permissions: ['namespace:read'], stackRestriction: 'none' } }))).toEqual(allowed);
  });

  it('members still open ordinary pages', () => {
    expect(decideRoute('dashboard', ctx({ role: 'member' }))).toEqual(allowed);
    expect(decideRoute('organizationSetting', ctx({ role: 'member' }))).toEqual({ kind: 'denied', reason: 'role' });
  });

  it.each(drRoutes)('%s without the capability shows the fallback', (id) => {
    expect(decideRoute(id, ctx({ capabilities: new Set() }), allowList)).toEqual({
      kind: 'needsCapability',
      capability: 'disasterRecovery',
    });
  });

  it('limits the Terraform Cloud migration page to the allow-list', () => {
    expect(decideRoute('terraformCloudMigration', ctx({ organizationId: 'o-tfc' }), allowList)).toEqual(allowed);
    expect(decideRoute('terraformCloudMigration', ctx({ organizationId: 'o-1' }), allowList)).toEqual({
      kind: 'denied',
      reason: 'organization',
    });
    expect(decideRoute('terraformCloudMigration', ctx({ organizationId: 'o-tfc' }), { organizationAllowList: [] }).kind).toBe(
      'denied',
    );
  });

  it.each([
    [{ organizationType: 'regular', role: 'admin' }, 'dashboard'],
    [{ organizationType: 'regular', role: 'member' }, 'dashboard'],
    [{ organizationType: 'regular', role: 'nsAdmin' }, 'namespaces'],
    [{ organizationType: 'regular', role: 'deployer' }, 'namespaces'],
    [{ organizationType: 'management', role: 'admin' }, 'organizationSetting'],
    [{ organizationType: 'management', role: 'nsAdmin' }, 'organizationSetting'],
  ] as const)('default home of %o is %s', (who, home) => {
    expect(defaultHomeRoute(who)).toBe(home);
  });
});
