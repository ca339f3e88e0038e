import { envelope, handle } from '@terrace/api-client/testing';

/** The calls `useAccess` makes for a signed-in user of the given role and organization type, answered as the contract says. */
export function sessionHandlers(role: 'admin' | 'viewer' = 'admin', organizationType: 'regular' | 'management' = 'regular') {
  return [
    handle('get', '/auth/me', () =>
      envelope([
        {
          id: 'usr-1',
          email: 'ada@example.com',
          firstName: 'Ada',
          lastName: 'Lovelace',
          userType: 'directUser',
          orgRole: role,
          orgUserRole: role,
          customRoleId: null,
          teams: [],
          mfaEnabled: false,
          organization: { id: 'o-acme1', name: 'Acme Cloud', type: organizationType, pricingPlan: 'pro', freeTrialExpiration: null },
        },
      ]),
    ),
    handle('get', '/iam/org/userOrgRole', () =>
      envelope([{ orgRole: role, orgUserRole: role, customRoleId: null, customRole: null, organizationId: 'o-acme1', teams: [] }]),
    ),
    handle('get', '/org/capabilities', () => envelope([{ capabilities: { aiAgent: true, disasterRecovery: true } }])),
  ];
}
