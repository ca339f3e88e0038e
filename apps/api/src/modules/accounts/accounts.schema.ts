import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { cascadingReference, createdAt, expiresAt, timestamptz } from '../../db/columns';

// Organizations, users, memberships and sessions are the accounts core: users exist across
// organizations (one e-mail, many memberships), so these tables are read by user as well as by
// organization. Every table of the other modules is a tenant table scoped by organization_id.

export const organizations = pgTable('organizations', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  type: text('type', { enum: ['regular', 'management'] }).notNull().default('regular'),
  pricingPlan: text('pricing_plan', { enum: ['freeTrial', 'basic', 'pro', 'enterprise'] }).notNull(),
  freeTrialExpiration: timestamptz('free_trial_expiration'),
  marketplace: text('marketplace', { enum: ['aws', 'azure'] }),
  marketplaceCustomerId: text('marketplace_customer_id'),
  requireSsoSignIn: boolean('require_sso_sign_in').notNull().default(false),
  requireMfaForDirectUserSignIn: boolean('require_mfa_for_direct_user_sign_in').notNull().default(false),
  createdAt: createdAt(),
});

export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    userType: text('user_type', { enum: ['directUser', 'ssoUser'] }).notNull().default('directUser'),
    passwordHash: text('password_hash'),
    /** TOTP secret, sealed with the master key (SecretEnvelope); set while enrolling or enabled. */
    mfaSecret: text('mfa_secret'),
    mfaEnabled: boolean('mfa_enabled').notNull().default(false),
    /** The TOTP time step last accepted: a code is accepted once. */
    mfaLastCounter: integer('mfa_last_counter'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('users_email_key').on(sql`lower(${t.email})`)],
);

/** The organization a row belongs to: every tenant table has one (deleted with the organization). */
export const organizationId = () => cascadingReference('organization_id', () => organizations.id);

/** The user a row belongs to (deleted with the user). */
export const userId = () => cascadingReference('user_id', () => users.id);

export const memberships = pgTable(
  'memberships',
  {
    organizationId: organizationId(),
    userId: userId(),
    role: text('role').notNull(),
    customRoleId: text('custom_role_id'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.userId] }), index('memberships_user_idx').on(t.userId)],
);

export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    organizationId: organizationId(),
    userId: userId(),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: expiresAt(),
    revokedAt: timestamptz('revoked_at'),
  },
  (t) => [uniqueIndex('sessions_token_hash_key').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

/**
 * A sign-in halfway through: the password was right and an MFA step remains, either entering a
 * code (waitingMfa) or enrolling first because the organization requires MFA (addMfa). The id
 * handed to the client is a bearer secret; only its hash is stored.
 */
export const pendingSignIns = pgTable(
  'pending_sign_ins',
  {
    idHash: text('id_hash').primaryKey(),
    // confirmMfa: the e-mailed link that turns on MFA enrolled from a signed-in session.
    kind: text('kind', { enum: ['waitingMfa', 'addMfa', 'confirmMfa'] }).notNull(),
    userId: userId(),
    organizationId: organizationId(),
    /** The secret being enrolled (addMfa), sealed like users.mfa_secret. */
    pendingSecret: text('pending_secret'),
    expiresAt: expiresAt(),
    consumedAt: timestamptz('consumed_at'),
    createdAt: createdAt(),
  },
  (t) => [index('pending_sign_ins_user_idx').on(t.userId)],
);
