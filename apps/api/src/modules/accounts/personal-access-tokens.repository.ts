import { and, desc, eq, isNull, type SQL } from 'drizzle-orm';
import type { Scope } from '../../db/scope';
import { personalAccessTokens } from './personal-access-tokens.schema';

export type PersonalAccessTokenRow = typeof personalAccessTokens.$inferSelect;

const ofUser = (userId: string, condition?: SQL) =>
  and(
    eq(personalAccessTokens.userId, userId),
    isNull(personalAccessTokens.revokedAt),
    condition,
  ) as SQL;

export const listPersonalAccessTokens = (scope: Scope, userId: string) =>
  scope.select(personalAccessTokens, ofUser(userId), {
    orderBy: [desc(personalAccessTokens.createdAt)],
  });

export const insertPersonalAccessToken = (
  scope: Scope,
  row: Omit<typeof personalAccessTokens.$inferInsert, 'organizationId'>,
) => scope.insert(personalAccessTokens, row);

/** Revokes a live token of this user in this organization; undefined when there is none. */
export const revokePersonalAccessToken = async (scope: Scope, userId: string, id: string) =>
  (
    await scope.update(
      personalAccessTokens,
      { revokedAt: new Date() },
      ofUser(userId, eq(personalAccessTokens.id, id)),
    )
  )[0];
