import type { CustomRoleGrant } from '@terrace/domain';

export type OrganizationType = 'regular' | 'management';
export type PricingPlan = 'freeTrial' | 'basic' | 'pro' | 'enterprise';

export interface Organization {
  id: string;
  name: string;
  type: OrganizationType;
  pricingPlan?: PricingPlan;
  /** ISO date-time at which the free trial ends. */
  freeTrialExpiration?: string | null;
}

export interface TeamRef {
  id: string;
  name: string;
}

export interface User {
  email: string;
  firstName?: string;
  lastName?: string;
  organization?: Organization;
  orgRole?: string;
  orgUserRole?: string;
  /** 'ssoUser' for single sign-on users; anything else is a direct user. */
  userType?: string;
  teams?: TeamRef[];
}

/** What the access rules need to know about the signed-in user. */
export interface AccessContext {
  organizationType: OrganizationType;
  organizationId: string;
  role: string;
  /** The custom organization role's grant when the role key names one (from getUserOrgRole). */
  customRole?: CustomRoleGrant | null;
  capabilities: ReadonlySet<string>;
}
