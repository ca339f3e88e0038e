import { envelope, handle } from '@terrace/api-client/testing';
import type { CustomRoleGrant } from '@terrace/domain';

/**
 * Contract-typed answers of the session calls for a user of `role` (and its custom role's grant),
 * so a page's route component decides access as in the console.
 */
export function signedInAs(role: string, customRole: CustomRoleGrant | null = null) {
  const organization = { id: 'o-acme1', name: 'Acme', type: 'regular' as const, pricingPlan: 'pro' as const, freeTrialExpiration: null };
  return [
    handle('get', '/auth/me', () =>
      envelope([
        {
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
      ]),
    ),
    handle('get', '/iam/org/userOrgRole', () =>
      envelope([
        { orgRole: role, orgUserRole: role, customRoleId: customRole ? role : null, customRole: customRole as never, organizationId: organization.id, teams: [] },
      ]),
    ),
    handle('get', '/org/capabilities', () => envelope([{ capabilities: { disasterRecovery: true, aiAgent: true } }])),
  ];
}
