import type { CustomRoleGrant } from '@terrace/domain';

/**
 * The items of the session calls (`/auth/me`, `/iam/org/userOrgRole`, `/org/capabilities`) for a
 * user of `role` (and its custom role's grant): what tests (`signedInAs`) and stories
 * (`signedInStoryRoutes`) answer so a page decides access as in the console.
 */
export function sessionAnswers(role: string, customRole: CustomRoleGrant | null = null) {
  const organization = { id: 'o-acme1', name: 'Acme', type: 'regular' as const, pricingPlan: 'pro' as const, freeTrialExpiration: null };
  return {
    me: {
      id: 'usr-1',
      email: 'ada@example.com',
      firstName: 'Ada',
      lastName: 'Lovelace',
      userType: 'directUser' as const,
      orgRole: role,
      orgUserRole: role,
      customRoleId: customRole ? role : null,
      teams: [],
      mfaEnabled: false,
      organization,
    },
    orgRole: { orgRole: role, orgUserRole: role, customRoleId: customRole ? role : null, customRole: customRole as never, organizationId: organization.id, teams: [] },
    capabilities: { capabilities: { disasterRecovery: true, aiAgent: true } },
  };
}
