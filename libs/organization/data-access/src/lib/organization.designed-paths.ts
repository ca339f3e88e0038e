import type { DesignedRead, DesignedWrite } from './designed-contract';
import type { ApiToken, ApiTokenInput, CreatedApiToken, CurrentUser, PasswordChangeInput, ProfileInput } from './organization.types';

/**
 * The calls the pages need that are not in openapi/domains yet: the signed-in user's profile and
 * password, and personal access tokens for `terraform login`. See designed-contract.ts.
 */
export interface OrganizationDesignedPaths {
  '/iam/user/profile': { put: DesignedWrite<ProfileInput, CurrentUser> };
  '/iam/user/password': { put: DesignedWrite<PasswordChangeInput, Record<string, never>> };
  '/iam/user/personalAccessToken': {
    get: DesignedRead<ApiToken>;
    post: DesignedWrite<ApiTokenInput, CreatedApiToken>;
  };
}
