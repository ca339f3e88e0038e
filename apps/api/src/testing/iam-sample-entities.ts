import { randomBytes } from 'node:crypto';
import { uniqueEmail } from './factories';

const suffix = () => randomBytes(4).toString('hex');

/**
 * Sample entities of the IAM operations (teams, programmatic users, custom roles, ABAC,
 * namespace permissions, organization users), merged into sampleEntities. References point at
 * objects that do not exist: the authorization matrix replaces them with real ones where an
 * allowed call must succeed (see its entityFor), the bad-input suite only needs valid shapes.
 */
export const iamSampleEntities: Record<string, () => Record<string, unknown>> = {
  createTeam: () => ({ name: `team-${suffix()}`, description: 'A sample team', customIdpId: `idp-group-${suffix()}` }),
  updateTeam: () => ({ description: 'changed', customIdpId: 'idp-group' }),
  createTeamUser: () => ({ teamId: 'team-doesnotexist0000', userEmail: uniqueEmail('member') }),
  deleteTeamUser: () => ({ teamId: 'team-doesnotexist0000', userEmail: uniqueEmail('member') }),
  createCustomRole: () => ({
    name: `role-${suffix()}`,
    description: 'A sample role',
    type: 'namespaceRole',
    permissions: [{ name: 'stack:create' }, { name: 'plan:start' }],
    stackRestriction: 'restrictWriteToOwnStacks',
  }),
  createProgrammaticUser: () => ({ name: `robot-${suffix()}`, description: 'CI pipeline', orgRole: 'deployer' }),
  updateProgrammaticUser: () => ({ description: 'changed', orgRole: 'viewer' }),
  createProgrammaticUserToken: () => ({ name: `token-${suffix()}`, expiresInDays: 30 }),
  createCustomAbacConfiguration: () => ({
    customAbacId: `idp-group-${suffix()}`,
    name: 'Sample mapping',
    roles: [{ orgId: 'o-sample000000', orgRole: 'viewer', teamIds: ['team-sample000000'] }],
  }),
  updateCustomAbacConfiguration: () => ({ name: 'changed', customAbacId: `idp-group-${suffix()}` }),
  createNamespacePermission: () => ({ namespaceId: '*', teamId: 'team-sample000000', role: 'viewer' }),
  deleteNamespacePermission: () => ({ namespaceId: '*', teamId: 'team-sample000000', role: 'viewer' }),
  updateOrganizationUser: () => ({ orgRole: 'viewer', customRoleId: null }),
  updateCustomRole: () => ({ description: 'changed', permissions: [{ name: 'deployment:approve' }] }),
};
