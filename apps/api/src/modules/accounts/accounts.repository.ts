import { and, asc, count, eq, getTableName, gt, isNull, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/database';
import { memberships, organizations, pendingSignIns, sessions, users } from './accounts.schema';
import type { personalAccessTokens } from './personal-access-tokens.schema';

// Accounts tables are read across organizations by design (a user's memberships, a token's
// session), so this repository takes the database itself; every per-organization read below
// still names the organization explicitly.

type Executor = Database | Transaction;
export type OrganizationRow = typeof organizations.$inferSelect;
export type UserRow = typeof users.$inferSelect;
export type MembershipRow = typeof memberships.$inferSelect;

export async function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`)
    .limit(1);
  return row;
}

export async function findUserById(db: Executor, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export async function insertOrganization(tx: Executor, row: typeof organizations.$inferInsert): Promise<OrganizationRow> {
  const [created] = await tx.insert(organizations).values(row).returning();
  return created as OrganizationRow;
}

export async function updateOrganization(
  tx: Executor,
  organizationId: string,
  set: Partial<typeof organizations.$inferInsert>,
): Promise<OrganizationRow | undefined> {
  // SQL has no empty SET: a partial update that changes nothing reads the row instead.
  if (Object.values(set).every((v) => v === undefined)) return findOrganization(tx, organizationId);
  const [row] = await tx.update(organizations).set(set).where(eq(organizations.id, organizationId)).returning();
  return row;
}

export async function insertUser(tx: Executor, row: typeof users.$inferInsert): Promise<UserRow> {
  const [created] = await tx.insert(users).values(row).returning();
  return created as UserRow;
}

export async function insertMembership(tx: Executor, row: typeof memberships.$inferInsert): Promise<void> {
  await tx.insert(memberships).values(row);
}

/** Adds the membership unless the user is already a member; answers whether it did. */
export async function insertMembershipIfAbsent(tx: Executor, row: typeof memberships.$inferInsert): Promise<boolean> {
  const rows = await tx.insert(memberships).values(row).onConflictDoNothing().returning({ userId: memberships.userId });
  return rows.length === 1;
}

/** The organization a marketplace subscription registered, if any. */
export async function findOrganizationByMarketplaceCustomer(
  db: Executor,
  marketplace: 'aws' | 'azure',
  customerId: string,
): Promise<OrganizationRow | undefined> {
  const [row] = await db
    .select()
    .from(organizations)
    .where(and(eq(organizations.marketplace, marketplace), eq(organizations.marketplaceCustomerId, customerId)))
    .limit(1);
  return row;
}

export async function findOrganization(db: Executor, id: string): Promise<OrganizationRow | undefined> {
  const [row] = await db.select().from(organizations).where(eq(organizations.id, id)).limit(1);
  return row;
}

export interface MembershipWithOrganization {
  membership: MembershipRow;
  organization: OrganizationRow;
}

export async function findMembership(
  db: Executor,
  userId: string,
  organizationId: string,
): Promise<MembershipWithOrganization | undefined> {
  const [row] = await db
    .select({ membership: memberships, organization: organizations })
    .from(memberships)
    .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
    .where(and(eq(memberships.userId, userId), eq(memberships.organizationId, organizationId)))
    .limit(1);
  return row;
}

export function listMembershipsOfUser(db: Executor, userId: string): Promise<MembershipWithOrganization[]> {
  return db
    .select({ membership: memberships, organization: organizations })
    .from(memberships)
    .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
    .where(eq(memberships.userId, userId))
    .orderBy(asc(memberships.createdAt), asc(organizations.id));
}

export async function insertSession(tx: Executor, row: typeof sessions.$inferInsert): Promise<void> {
  await tx.insert(sessions).values(row);
}

export async function revokeSession(tx: Executor, sessionId: string): Promise<void> {
  await tx
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

export interface SessionContext {
  sessionId: string;
  user: UserRow;
  membership: MembershipRow;
  organization: OrganizationRow;
}

/** A table of a user's bearer credentials in one organization: sessions and personal access tokens. */
export type CredentialTable = typeof sessions | typeof personalAccessTokens;

/**
 * The live credential (session or personal access token) of a token hash, with its user and
 * membership (a removed member has none, so the credential stops working). Sessions always
 * expire; a personal access token may not (null).
 */
function prepareLiveCredentialQuery(db: Database, table: CredentialTable) {
  // Drizzle cannot type a union of tables through its builder; both have these columns.
  const t = table as typeof sessions;
  return db
    .select({ sessionId: t.id, user: users, membership: memberships, organization: organizations })
    .from(t)
    .innerJoin(users, eq(users.id, t.userId))
    .innerJoin(memberships, and(eq(memberships.userId, t.userId), eq(memberships.organizationId, t.organizationId)))
    .innerJoin(organizations, eq(organizations.id, t.organizationId))
    .where(
      and(
        eq(t.tokenHash, sql.placeholder('tokenHash')),
        isNull(t.revokedAt),
        or(isNull(t.expiresAt), gt(t.expiresAt, sql.placeholder('now'))),
      ),
    )
    .limit(1)
    .prepare(`find_live_${getTableName(table)}`);
}

const liveCredentialQueries = new WeakMap<Database, Map<CredentialTable, ReturnType<typeof prepareLiveCredentialQuery>>>();

/**
 * Runs on every authenticated request, so it is a named prepared statement: built once per
 * database handle and table, planned once per connection by PostgreSQL.
 */
export async function findLiveCredential(
  db: Database,
  table: CredentialTable,
  tokenHash: string,
  now: Date,
): Promise<SessionContext | undefined> {
  let byTable = liveCredentialQueries.get(db);
  if (!byTable) {
    byTable = new Map();
    liveCredentialQueries.set(db, byTable);
  }
  let query = byTable.get(table);
  if (!query) {
    query = prepareLiveCredentialQuery(db, table);
    byTable.set(table, query);
  }
  const [row] = await query.execute({ tokenHash, now });
  return row;
}

export interface OrganizationUserFilter {
  email: string | undefined;
  limit: number;
  offset: number;
}

export async function listOrganizationUsers(
  db: Executor,
  organizationId: string,
  filter: OrganizationUserFilter,
): Promise<{ rows: { user: UserRow; membership: MembershipRow }[]; total: number }> {
  const conditions: SQL[] = [eq(memberships.organizationId, organizationId)];
  if (filter.email) conditions.push(sql`lower(${users.email}) = lower(${filter.email})`);
  const where = and(...conditions);
  const [rows, totals] = await Promise.all([
    db
      .select({ user: users, membership: memberships })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(where)
      .orderBy(asc(users.email))
      .limit(filter.limit)
      .offset(filter.offset),
    db
      .select({ n: count() })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(where),
  ]);
  return { rows, total: totals[0]?.n ?? 0 };
}

export type PendingSignInRow = typeof pendingSignIns.$inferSelect;

export async function insertPendingSignIn(tx: Executor, row: typeof pendingSignIns.$inferInsert): Promise<void> {
  await tx.insert(pendingSignIns).values(row);
}

export async function findPendingSignIn(
  db: Executor,
  idHash: string,
  kind: PendingSignInRow['kind'],
  now: Date,
): Promise<PendingSignInRow | undefined> {
  const [row] = await db
    .select()
    .from(pendingSignIns)
    .where(
      and(
        eq(pendingSignIns.idHash, idHash),
        eq(pendingSignIns.kind, kind),
        isNull(pendingSignIns.consumedAt),
        gt(pendingSignIns.expiresAt, now),
      ),
    )
    .limit(1);
  return row;
}

export async function setPendingSecret(db: Executor, idHash: string, sealedSecret: string): Promise<void> {
  await db.update(pendingSignIns).set({ pendingSecret: sealedSecret }).where(eq(pendingSignIns.idHash, idHash));
}

/** Marks a pending sign-in used; false when another request consumed it first. */
export async function consumePendingSignIn(tx: Executor, idHash: string): Promise<boolean> {
  const rows = await tx
    .update(pendingSignIns)
    .set({ consumedAt: new Date() })
    .where(and(eq(pendingSignIns.idHash, idHash), isNull(pendingSignIns.consumedAt)))
    .returning({ idHash: pendingSignIns.idHash });
  return rows.length === 1;
}

export async function updateUser(tx: Executor, userId: string, set: Partial<typeof users.$inferInsert>): Promise<void> {
  await tx.update(users).set(set).where(eq(users.id, userId));
}

/**
 * Records that TOTP step `counter` was used; false when it (or a later one) already was, which
 * is what makes a code single-use even within its 30-second window.
 */
export async function claimMfaCounter(tx: Executor, userId: string, counter: number): Promise<boolean> {
  const rows = await tx
    .update(users)
    .set({ mfaLastCounter: counter })
    .where(and(eq(users.id, userId), or(isNull(users.mfaLastCounter), lt(users.mfaLastCounter, counter))))
    .returning({ id: users.id });
  return rows.length === 1;
}

/** Ends every live session of the user in every organization, except `keepSessionId` when given. */
export async function revokeAllSessionsOfUser(tx: Executor, userId: string, keepSessionId?: string): Promise<void> {
  await tx
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), keepSessionId ? ne(sessions.id, keepSessionId) : undefined));
}

export async function updateMembershipRole(
  tx: Executor,
  organizationId: string,
  userId: string,
  role: string,
  customRoleId: string | null,
): Promise<MembershipRow | undefined> {
  const [row] = await tx
    .update(memberships)
    .set({ role, customRoleId })
    .where(and(eq(memberships.organizationId, organizationId), eq(memberships.userId, userId)))
    .returning();
  return row;
}

export async function deleteMembership(tx: Executor, organizationId: string, userId: string): Promise<MembershipRow | undefined> {
  const [row] = await tx
    .delete(memberships)
    .where(and(eq(memberships.organizationId, organizationId), eq(memberships.userId, userId)))
    .returning();
  return row;
}

/**
 * Locks the organization's row (FOR NO KEY UPDATE: inserts referencing it are not blocked) until
 * the transaction ends, serializing read-then-write changes of the organization as a whole. Every
 * change that can take away an admin (role change, removal, SSO demotion) takes it before reading
 * the admins it checks, so the "last admin" rule holds under concurrency; a partial update of the
 * organization's configuration takes it before merging.
 */
export async function lockOrganization(tx: Transaction, organizationId: string): Promise<void> {
  await tx.select({ id: organizations.id }).from(organizations).where(eq(organizations.id, organizationId)).for('no key update');
}

export async function countAdmins(tx: Executor, organizationId: string): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(memberships)
    .where(and(eq(memberships.organizationId, organizationId), eq(memberships.role, 'admin')));
  return row?.n ?? 0;
}
