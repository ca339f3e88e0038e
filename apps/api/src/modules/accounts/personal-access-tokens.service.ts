import { newId } from '../../crypto/ids';
import { hashToken, newOpaqueToken } from '../../crypto/opaque-token';
import { inOrganization, readOrganization, Scope } from '../../db/scope';
import type { Schemas } from '../../http/contract-types';
import { badRequest, notFound } from '../../http/domain-error';
import type { Actor } from '../../permissions/actor';
import { initiatorOf, recordAudit } from '../audit/audit.service';
import { expiryFromDays, tokenView } from '../iam/programmatic-users.service';
import type { AccountsDeps } from './accounts.service';
import { findMembership, findUserById } from './accounts.repository';
import { ownAccount } from './own-account';
import * as repo from './personal-access-tokens.repository';

// Personal access tokens are the caller's own, in the session's organization: every statement is
// scoped by organization (Scope) and by the caller's user id, so nobody else can see or revoke them.

export async function listPersonalAccessTokens(deps: AccountsDeps, actor: Actor) {
  const user = await ownAccount(deps, actor);
  const rows = await readOrganization(deps.db, actor.organizationId, (scope) =>
    repo.listPersonalAccessTokens(scope, user.id),
  );
  return rows.map((row) => tokenView(row));
}

/** Creates a token; its value is in this answer only, the database keeps its hash. */
export async function createPersonalAccessToken(
  deps: AccountsDeps,
  actor: Actor,
  input: Schemas['PersonalAccessTokenInput'],
) {
  const user = await ownAccount(deps, actor);
  return inOrganization(deps.db, actor.organizationId, async (scope) => {
    const token = newOpaqueToken('tpa');
    const row = await repo.insertPersonalAccessToken(scope, {
      id: newId('personalAccessToken'),
      userId: user.id,
      name: input.name.trim(),
      tokenHash: hashToken(token),
      expiresAt: expiryFromDays(input.expiresInDays),
    });
    await recordAudit(scope, initiatorOf(actor), {
      entityType: 'user',
      entityId: `${user.id}/${row.id}`,
      entityName: row.name,
      action: 'create',
    });
    return tokenView(row, token);
  });
}

export async function revokePersonalAccessToken(deps: AccountsDeps, actor: Actor, tokenId: string) {
  const user = await ownAccount(deps, actor);
  return inOrganization(deps.db, actor.organizationId, async (scope) => {
    const row = await repo.revokePersonalAccessToken(scope, user.id, tokenId);
    if (!row) throw notFound('Personal access token', tokenId);
    await recordAudit(scope, initiatorOf(actor), {
      entityType: 'user',
      entityId: `${user.id}/${row.id}`,
      entityName: row.name,
      action: 'revoke',
    });
    return tokenView(row);
  });
}

/**
 * `terraform login`: a token for the user who approved the login in the console, in the
 * organization they approved it in (the login module checked the authorization code and its
 * PKCE verifier). Refused when that user is no longer a member. Audited as the user's own creation.
 */
export async function issuePersonalAccessToken(
  deps: Pick<AccountsDeps, 'db'>,
  grant: { organizationId: string; userId: string },
  input: Schemas['PersonalAccessTokenInput'],
): Promise<string> {
  return deps.db.transaction(async (tx) => {
    const user = await findUserById(tx, grant.userId);
    const member = user && (await findMembership(tx, user.id, grant.organizationId));
    if (!user || !member) throw badRequest('The user who approved this login is no longer a member of the organization');
    const scope = new Scope(tx, grant.organizationId);
    const token = newOpaqueToken('tpa');
    const row = await repo.insertPersonalAccessToken(scope, {
      id: newId('personalAccessToken'),
      userId: user.id,
      name: input.name.trim(),
      tokenHash: hashToken(token),
      expiresAt: expiryFromDays(input.expiresInDays),
    });
    await recordAudit(scope, { name: user.email, type: user.userType, userId: user.id }, {
      entityType: 'user',
      entityId: `${user.id}/${row.id}`,
      entityName: row.name,
      action: 'create',
    });
    return token;
  });
}
