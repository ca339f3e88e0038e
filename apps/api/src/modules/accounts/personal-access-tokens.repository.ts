import { and, desc, eq, gt, isNull, or, type SQL } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/database';
import type { Scope } from '../../db/scope';
import { memberships, organizations, users } from './accounts.schema';
import type { SessionContext } from './accounts.repository';
import { personalAccessTokens } from './personal-access-tokens.schema';

export type PersonalAccessTokenRow = typeof personalAccessTokens.$inferSelect;

const ofUser = (userId: string, condition?: SQL) =>
  and(eq(personalAccessTokens.userId, userId), isNull(personalAccessTokens.revokedAt), condition) as SQL;

export const listPersonalAccessTokens = (scope: Scope, userId: string) =>
  scope.select(personalAccessTokens, ofUser(userId), { orderBy: [desc(personalAccessTokens.createdAt)] });

export const insertPersonalAccessToken = (scope: Scope, row: Omit<typeof personalAccessTokens.$inferInsert, 'organizationId'>) =>
  scope.insert(personalAccessTokens, row);

/** Revokes a live token of this user in this organization; undefined when there is none. */
export const revokePersonalAccessToken = async (scope: Scope, userId: string, id: string) =>
  (await scope.update(personalAccessTokens, { revokedAt: new Date() }, ofUser(userId, eq(personalAccessTokens.id, id))))[0];

/**
 * A live personal access token by hash, with its user and the membership it acts through (a
 * removed member has none, so the token stops working): how personal tokens authenticate.
 */
export async function findLivePersonalAccessToken(db: Database | Transaction, tokenHash: string, now: Date): Promise<SessionContext | undefined> {
  const [row] = await db
    .select({ sessionId: personalAccessTokens.id, user: users, membership: memberships, organization: organizations })
    .from(personalAccessTokens)
    .innerJoin(users, eq(users.id, personalAccessTokens.userId))
    .innerJoin(
      memberships,
      and(eq(memberships.userId, personalAccessTokens.userId), eq(memberships.organizationId, personalAccessTokens.organizationId)),
    )
    .innerJoin(organizations, eq(organizations.id, personalAccessTokens.organizationId))
    .where(
      and(
        eq(personalAccessTokens.tokenHash, tokenHash),
        isNull(personalAccessTokens.revokedAt),
        or(isNull(personalAccessTokens.expiresAt), gt(personalAccessTokens.expiresAt, now)),
      ),
    )
    .limit(1);
  return row;
}
