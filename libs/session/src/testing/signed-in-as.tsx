import { envelope, handle } from '@terrace/api-client/testing';
import type { CustomRoleGrant } from '@terrace/domain';
import { sessionAnswers } from './session-answers';

/**
 * Contract-typed answers of the session calls for a user of `role` (and its custom role's grant),
 * so a page's route component decides access as in the console.
 */
export function signedInAs(role: string, customRole: CustomRoleGrant | null = null) {
  const answers = sessionAnswers(role, customRole);
  return [
    handle('get', '/auth/me', () => envelope([answers.me])),
    handle('get', '/iam/org/userOrgRole', () => envelope([answers.orgRole])),
    handle('get', '/org/capabilities', () => envelope([answers.capabilities])),
  ];
}
