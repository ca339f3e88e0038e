import { DomainError, forbidden } from '../../http/domain-error';
import type { Actor } from '../../permissions/actor';
import { findUserById, type UserRow } from './accounts.repository';
import type { AccountsDeps } from './accounts.service';

/**
 * The caller's own user, for self-service on the account (profile, password, personal access
 * tokens). Any signed-in person may act on their own account whatever their role or organization
 * type; robots have no account, and a personal access token may use the API but not manage the
 * account that issued it (a leaked token must not be able to change the password or mint more).
 */
export async function ownAccount(deps: AccountsDeps, actor: Actor): Promise<UserRow> {
  await deps.engine.require(actor, 'authenticated');
  if (actor.userType === 'programmaticUser')
    throw forbidden('Programmatic users have no personal account');
  if (actor.credential === 'personalAccessToken')
    throw forbidden('Sign in to manage your account; a personal access token cannot');
  const user = await findUserById(deps.db, actor.userId);
  if (!user) throw new DomainError('unauthenticated', 'The session user no longer exists');
  return user;
}
