import type { Scope } from '../../db/scope';
import { validationError } from '../../http/domain-error';
import { lockCustomRole } from './iam.repository';

/**
 * The custom role id a role key assigns in the scope's organization: null for a built-in or
 * namespace-only key; for a `cro-…` key, the id of a custom *organization* role of this very
 * organization (another organization's id, a namespace role or an unknown id is a validation
 * error on `field`). The role row stays share-locked until the transaction ends, so a concurrent
 * delete of the role waits and then finds it held (or the assignment finds it gone).
 */
export async function organizationRoleOf(scope: Scope, role: string, field: string): Promise<string | null> {
  if (!role.startsWith('cro-')) return null;
  const custom = await lockCustomRole(scope, role, 'share');
  if (custom?.type !== 'organizationRole') throw validationError(`${role} is not a custom organization role of this organization`, field);
  return custom.id;
}
