import type { CustomRole, OrganizationUser, PersonalAccessToken, ProgrammaticUser, Team } from './organization.types';

/** Objects as the server answers them, for tests and stories; pass overrides for the case at hand. */
export const organizationFixtures = {
  user: (overrides: Partial<OrganizationUser> = {}): OrganizationUser => ({
    userId: 'usr-ada',
    email: 'ada@example.com',
    firstName: 'Ada',
    lastName: 'Lovelace',
    userType: 'directUser',
    orgRole: 'admin',
    customRoleId: null,
    mfaEnabled: true,
    createdAt: '2026-01-05T10:00:00.000Z',
    ...overrides,
  }),
  team: (overrides: Partial<Team> = {}): Team => ({
    id: 'team-platform',
    name: 'Platform',
    description: null,
    customIdpId: null,
    ...overrides,
  }),
  personalAccessToken: (overrides: Partial<PersonalAccessToken> = {}): PersonalAccessToken => ({
    id: 'pat-laptop01',
    name: 'laptop',
    createdAt: '2026-03-01T09:00:00.000Z',
    expiresAt: '2026-05-30T09:00:00.000Z',
    lastUsedAt: '2026-03-02T14:30:00.000Z',
    revokedAt: null,
    ...overrides,
  }),
  programmaticUser: (overrides: Partial<ProgrammaticUser> = {}): ProgrammaticUser => ({
    id: 'pu-ci01',
    name: 'ci-pipeline',
    role: 'deployer',
    createdAt: '2026-02-01T09:00:00.000Z',
    ...overrides,
  }),
  customRole: (overrides: Partial<CustomRole> = {}): CustomRole => ({
    id: 'cro-operators',
    name: 'Operators',
    description: null,
    type: 'namespaceRole',
    permissions: [{ name: 'stack:create' }, { name: 'deployment:start' }],
    stackRestriction: 'none',
    ...overrides,
  }),
};
