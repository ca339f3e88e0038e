import { and, arrayContains, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/database';
import type { Scope } from '../../db/scope';
import { organizations } from '../accounts/accounts.schema';
import {
  identityProviders,
  ssoLoginRequests,
  ssoPotentialSessions,
  ssoSamlAssertions,
  ssoSessionOrigins,
} from './sso.schema';

// The identity provider's own configuration is a tenant row read through `Scope`. Sign-in runs
// before anyone is authenticated and spans organizations (an e-mail domain, a login request
// found by its state, a user's potential sessions), so those reads take the database and name
// the organization or the user explicitly.

type Executor = Database | Transaction;
export type IdentityProviderRow = typeof identityProviders.$inferSelect;
export type NewIdentityProvider = Omit<typeof identityProviders.$inferInsert, 'organizationId'>;
export type LoginRequestRow = typeof ssoLoginRequests.$inferSelect;
export type PotentialSessionRow = typeof ssoPotentialSessions.$inferSelect;

export function findIdentityProvider(scope: Scope): Promise<IdentityProviderRow | undefined> {
  return scope.first(identityProviders);
}

export function upsertIdentityProvider(scope: Scope, row: NewIdentityProvider): Promise<IdentityProviderRow> {
  const { id: _id, createdAt: _createdAt, ...changes } = row;
  return scope.upsert(identityProviders, row, [identityProviders.organizationId], changes);
}

export async function deleteIdentityProvider(scope: Scope): Promise<IdentityProviderRow | undefined> {
  const [row] = await scope.delete(identityProviders, sql`true`);
  return row;
}

export interface ProviderWithOrganization {
  provider: IdentityProviderRow;
  organization: typeof organizations.$inferSelect;
}

/** Every identity provider that serves the (lower-case) e-mail domain, across organizations. */
export function findProvidersByDomain(db: Executor, domain: string): Promise<ProviderWithOrganization[]> {
  return db
    .select({ provider: identityProviders, organization: organizations })
    .from(identityProviders)
    .innerJoin(organizations, eq(organizations.id, identityProviders.organizationId))
    .where(arrayContains(identityProviders.emailDomains, [domain]))
    .orderBy(identityProviders.createdAt, identityProviders.id);
}

export async function findProviderOfOrganization(db: Executor, organizationId: string): Promise<ProviderWithOrganization | undefined> {
  const [row] = await db
    .select({ provider: identityProviders, organization: organizations })
    .from(identityProviders)
    .innerJoin(organizations, eq(organizations.id, identityProviders.organizationId))
    .where(eq(identityProviders.organizationId, organizationId))
    .limit(1);
  return row;
}

export async function insertLoginRequest(db: Executor, row: typeof ssoLoginRequests.$inferInsert): Promise<void> {
  // Expired requests are dropped as new ones arrive, so the table stays small without a job.
  await db.delete(ssoLoginRequests).where(lt(ssoLoginRequests.expiresAt, new Date(Date.now() - 24 * 3600 * 1000)));
  await db.insert(ssoLoginRequests).values(row);
}

/** Marks the live login request of this state consumed and answers it; undefined if unknown, used or expired. */
export async function consumeLoginRequest(
  db: Executor,
  stateHash: string,
  type: 'oidc' | 'saml',
  now: Date,
): Promise<LoginRequestRow | undefined> {
  const [row] = await db
    .update(ssoLoginRequests)
    .set({ consumedAt: now })
    .where(
      and(
        eq(ssoLoginRequests.stateHash, stateHash),
        eq(ssoLoginRequests.type, type),
        isNull(ssoLoginRequests.consumedAt),
        gt(ssoLoginRequests.expiresAt, now),
      ),
    )
    .returning();
  return row;
}

/** Records a SAML assertion id; false when the organization has already seen it (a replay). */
export async function rememberSamlAssertion(
  db: Executor,
  organizationId: string,
  assertionId: string,
  expiresAt: Date,
): Promise<boolean> {
  await db.delete(ssoSamlAssertions).where(lt(ssoSamlAssertions.expiresAt, new Date()));
  const rows = await db
    .insert(ssoSamlAssertions)
    .values({ organizationId, assertionId, expiresAt })
    .onConflictDoNothing()
    .returning();
  return rows.length > 0;
}

export async function insertPotentialSession(db: Executor, row: typeof ssoPotentialSessions.$inferInsert): Promise<PotentialSessionRow> {
  // Expired potential sessions of this user are dropped as new ones arrive. A grace period keeps
  // them while a session opened from one may still be live (sessions last at most 90 days), so
  // the picker can still tell which one the current session came from.
  await db
    .delete(ssoPotentialSessions)
    .where(and(eq(ssoPotentialSessions.userId, row.userId), lt(ssoPotentialSessions.expiresAt, new Date(Date.now() - 90 * 24 * 3600 * 1000))));
  const [created] = await db.insert(ssoPotentialSessions).values(row).returning();
  return created as PotentialSessionRow;
}

/** Marks a live, unused potential session signed in and answers it (single use for public sign-in). */
export async function claimPotentialSession(db: Executor, id: string, now: Date): Promise<PotentialSessionRow | undefined> {
  const [row] = await db
    .update(ssoPotentialSessions)
    .set({ signedInAt: now })
    .where(and(eq(ssoPotentialSessions.id, id), isNull(ssoPotentialSessions.signedInAt), gt(ssoPotentialSessions.expiresAt, now)))
    .returning();
  return row;
}

export async function findLivePotentialSessionOfUser(
  db: Executor,
  id: string,
  userId: string,
  now: Date,
): Promise<PotentialSessionRow | undefined> {
  const [row] = await db
    .select()
    .from(ssoPotentialSessions)
    .where(and(eq(ssoPotentialSessions.id, id), eq(ssoPotentialSessions.userId, userId), gt(ssoPotentialSessions.expiresAt, now)))
    .limit(1);
  return row;
}

export interface PotentialSessionWithOrganization {
  session: PotentialSessionRow;
  organizationName: string;
}

/**
 * The user's live potential sessions created since `since`: the latest per organization, except
 * that the one the current session came from wins for its organization.
 */
export async function listPotentialSessionsOfUser(
  db: Executor,
  userId: string,
  since: Date,
  now: Date,
  currentId: string | null,
): Promise<PotentialSessionWithOrganization[]> {
  const rows = await db
    .selectDistinctOn([ssoPotentialSessions.organizationId], { session: ssoPotentialSessions, organizationName: organizations.name })
    .from(ssoPotentialSessions)
    .innerJoin(organizations, eq(organizations.id, ssoPotentialSessions.organizationId))
    .where(
      and(
        eq(ssoPotentialSessions.userId, userId),
        gt(ssoPotentialSessions.createdAt, since),
        gt(ssoPotentialSessions.expiresAt, now),
      ),
    )
    .orderBy(
      ssoPotentialSessions.organizationId,
      desc(sql`${ssoPotentialSessions.id} = ${currentId ?? ''}`),
      desc(ssoPotentialSessions.createdAt),
    );
  return rows.sort((a, b) => a.organizationName.localeCompare(b.organizationName));
}

export async function insertSessionOrigin(db: Executor, row: typeof ssoSessionOrigins.$inferInsert): Promise<void> {
  await db.insert(ssoSessionOrigins).values(row);
}

export async function findSessionOrigin(db: Executor, sessionId: string): Promise<string | null> {
  const [row] = await db
    .select({ potentialSessionId: ssoSessionOrigins.potentialSessionId })
    .from(ssoSessionOrigins)
    .where(eq(ssoSessionOrigins.sessionId, sessionId))
    .limit(1);
  return row?.potentialSessionId ?? null;
}
