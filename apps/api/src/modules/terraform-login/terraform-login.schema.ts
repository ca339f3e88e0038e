import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, expiresAt } from '../../db/columns';
import { organizationId, userId } from '../../db/tenant-columns';

/**
 * `terraform login` authorization codes (login.v1): the SHA-256 of the code, who approved it and
 * where, the CLI's redirect URI and PKCE challenge, and the token the exchange will create. A code
 * lives 60 seconds and is deleted by the exchange that uses it, so it can be used once.
 */
export const terraformLoginCodes = pgTable('terraform_login_codes', {
  codeHash: text('code_hash').primaryKey(),
  organizationId: organizationId(),
  userId: userId(),
  redirectUri: text('redirect_uri').notNull(),
  codeChallenge: text('code_challenge').notNull(),
  tokenName: text('token_name').notNull(),
  expiresInDays: integer('expires_in_days'),
  createdAt: createdAt(),
  expiresAt: expiresAt(),
});
