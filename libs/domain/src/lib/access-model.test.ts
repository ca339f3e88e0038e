import { describe, expect, it } from 'vitest';
import {
  can,
  decideForOrganization,
  namespaceRolePermissions,
  permissions,
  rolePermissions,
  visibleNamespaces,
  type AccessSubject,
  type CustomRoleGrant,
} from './access-model';

const regular = (role: string, extra: Partial<AccessSubject> = {}): AccessSubject => ({ organizationType: 'regular', role, ...extra });

// These restate the spec's rules (console-shell §1, §2.3, §6) independently of the table.
describe('the access model', () => {
  it('gives admins everything a person can hold, and nobody the runner protocol', () => {
    for (const p of permissions) {
      expect(can(regular('admin'), p).allowed, p).toBe(!p.startsWith('runner:') || p === 'runner:read');
    }
  });

  it('lets viewers read and never change anything', () => {
    expect(can(regular('viewer'), 'user:read').allowed).toBe(true);
    expect(can(regular('viewer'), 'signInSettings:read').allowed).toBe(true);
    expect(can(regular('viewer'), 'stackVariable:readSecret').allowed).toBe(false);
    for (const p of ['namespace:create', 'namespace:update', 'namespace:delete', 'namespacePermission:manage', 'stack:create', 'user:manage']) {
      expect(can(regular('viewer'), p), p).toEqual({ allowed: false, code: 'role' });
    }
  });

  it('lets members do stack work but not manage namespaces or people (the wizards were open to them)', () => {
    expect(can(regular('member'), 'orgConfiguration:read').allowed).toBe(true);
    expect(can(regular('member'), 'deployment:start').allowed).toBe(true);
    expect(can(regular('member'), 'signInSettings:read').allowed).toBe(false);
    expect(can(regular('member'), 'user:read').allowed).toBe(false);
    for (const p of ['namespace:create', 'namespace:update', 'namespace:delete']) {
      expect(can(regular('member'), p), p).toEqual({ allowed: false, code: 'role' });
    }
  });

  it.each(['deployer', 'runner', 'nsOnly', 'cro-1', 'ns-operator'])('treats %s as namespace-only (any key but admin, viewer, member)', (role) => {
    expect(can(regular(role), 'authenticated').allowed).toBe(true);
    expect(can(regular(role), 'runner:read')).toEqual({ allowed: false, code: 'namespaceOnly' });
    expect(can(regular(role), 'audit:read')).toEqual({ allowed: false, code: 'namespaceOnly' });
    expect(decideForOrganization(regular(role), 'namespace:read')).toEqual({ kind: 'perNamespace' });
    expect(can(regular(role), 'namespace:read', { namespaceId: 'ns-1' })).toEqual({ allowed: false, code: 'namespace' });
    const granted = regular(role, { namespaceGrants: [{ namespaceId: 'ns-1', role: 'admin' }] });
    expect(can(granted, 'namespace:update', { namespaceId: 'ns-1' }).allowed).toBe(true);
    expect(can(granted, 'namespace:update', { namespaceId: 'ns-2' }).allowed).toBe(false);
    expect(can(granted, 'namespace:delete', { namespaceId: 'ns-1' }).allowed).toBe(false);
    expect(visibleNamespaces(granted, 'namespace:read')).toEqual({ ids: ['ns-1'] });
    const everywhere = regular(role, { namespaceGrants: [{ namespaceId: null, role: 'viewer' }] });
    expect(can(everywhere, 'stack:read', { namespaceId: 'ns-9' }).allowed).toBe(true);
    expect(can(everywhere, 'stack:update', { namespaceId: 'ns-9' }).allowed).toBe(false);
    expect(visibleNamespaces(everywhere, 'namespace:read')).toEqual({ ids: null });
  });

  it('limits management organizations to organization, user and team permissions', () => {
    const management: AccessSubject = { organizationType: 'management', role: 'admin' };
    expect(can(management, 'user:manage').allowed).toBe(true);
    expect(can(management, 'team:manage').allowed).toBe(true);
    expect(can(management, 'orgConfiguration:update').allowed).toBe(true);
    expect(can(management, 'namespace:read')).toEqual({ allowed: false, code: 'organizationType' });
    expect(can(management, 'audit:read')).toEqual({ allowed: false, code: 'organizationType' });
  });

  it('grants a custom organization role exactly its permissions, organization-wide', () => {
    const custom = regular('cro-1', { customRole: { permissions: ['namespace:read', 'audit:read'], stackRestriction: 'none' } });
    expect(can(custom, 'audit:read').allowed).toBe(true);
    expect(can(custom, 'namespace:read').allowed).toBe(true);
    expect(visibleNamespaces(custom, 'namespace:read')).toEqual({ ids: null });
    expect(can(custom, 'runner:read').allowed).toBe(false);
    expect(can(custom, 'namespace:update', { namespaceId: 'ns-1' }).allowed).toBe(false);
    // A name the model does not know grants nothing.
    expect(can(regular('cro-2', { customRole: { permissions: ['everything:do'], stackRestriction: 'none' } }), 'everything:do')).toEqual({
      allowed: false,
      code: 'unknownPermission',
    });
  });

  it('grants a custom namespace role its permissions on its namespace only', () => {
    const deployerRole: CustomRoleGrant = { permissions: ['deployment:start'], stackRestriction: 'none' };
    const subject = regular('nsOnly', { namespaceGrants: [{ namespaceId: 'ns-1', role: null, customRole: deployerRole }] });
    expect(can(subject, 'deployment:start', { namespaceId: 'ns-1' }).allowed).toBe(true);
    // A grant shows its namespace, and a stack permission implies reading its stacks.
    expect(can(subject, 'namespace:read', { namespaceId: 'ns-1' }).allowed).toBe(true);
    expect(can(subject, 'stack:read', { namespaceId: 'ns-1' }).allowed).toBe(true);
    expect(can(subject, 'namespace:update', { namespaceId: 'ns-1' }).allowed).toBe(false);
    expect(can(subject, 'deployment:approve', { namespaceId: 'ns-1' })).toEqual({ allowed: false, code: 'namespace' });
    expect(can(subject, 'deployment:start', { namespaceId: 'ns-2' }).allowed).toBe(false);
  });

  it('applies own-stack restrictions to the stacks the user did not create', () => {
    const own = { namespaceId: 'ns-1', stack: { createdByActor: true } };
    const others = { namespaceId: 'ns-1', stack: { createdByActor: false } };
    const grant = (stackRestriction: CustomRoleGrant['stackRestriction']) =>
      regular('nsOnly', {
        namespaceGrants: [{ namespaceId: 'ns-1', role: null, customRole: { permissions: ['stack:update'], stackRestriction } }],
      });
    expect(can(grant('none'), 'stack:update', others).allowed).toBe(true);
    expect(can(grant('restrictWriteToOwnStacks'), 'stack:read', others).allowed).toBe(true);
    expect(can(grant('restrictWriteToOwnStacks'), 'stack:update', others)).toEqual({ allowed: false, code: 'ownStacks' });
    expect(can(grant('restrictWriteToOwnStacks'), 'stack:update', own).allowed).toBe(true);
    expect(can(grant('restrictReadToOwnStacks'), 'stack:read', others)).toEqual({ allowed: false, code: 'ownStacks' });
    expect(can(grant('restrictReadToOwnStacks'), 'stack:update', others)).toEqual({ allowed: false, code: 'ownStacks' });
    expect(can(grant('restrictReadToOwnStacks'), 'stack:read', own).allowed).toBe(true);
    // An organization custom role carries its restriction too; a namespace grant can still allow.
    const organizationWide = regular('cro-1', { customRole: { permissions: ['stack:update'], stackRestriction: 'restrictWriteToOwnStacks' } });
    expect(can(organizationWide, 'stack:update', others)).toEqual({ allowed: false, code: 'ownStacks' });
    expect(can({ ...organizationWide, namespaceGrants: [{ namespaceId: 'ns-1', role: 'admin' }] }, 'stack:update', others).allowed).toBe(true);
    // Built-in roles have no restriction.
    expect(can(regular('member'), 'stack:update', others).allowed).toBe(true);
  });

  it('keeps the namespace roles within the namespaced permissions', () => {
    expect([...namespaceRolePermissions.viewer].every((p) => rolePermissions.viewer.has(p))).toBe(true);
    expect(namespaceRolePermissions.admin.has('namespace:delete')).toBe(false);
    expect(namespaceRolePermissions.admin.has('stack:create')).toBe(true);
  });
});
