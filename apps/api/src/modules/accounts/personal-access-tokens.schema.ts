import { index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { bearerTokenColumns } from '../iam/iam.schema';
import { organizationId, userId } from './accounts.schema';

/**
 * A user's own bearer token for one organization (`terraform login`): it authenticates as the user
 * with the membership's role at the time of each call, so a removed member's tokens stop working.
 */
export const personalAccessTokens = pgTable(
  'personal_access_tokens',
  {
    id: text('id').primaryKey(),
    organizationId: organizationId(),
    userId: userId(),
    ...bearerTokenColumns(),
  },
  (t) => [
    uniqueIndex('personal_access_tokens_hash_key').on(t.tokenHash),
    index('personal_access_tokens_org_user_idx').on(t.organizationId, t.userId),
  ],
);
