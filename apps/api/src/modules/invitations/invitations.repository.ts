import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/database';
import type { Scope } from '../../db/scope';
import { invitations, passwordResets } from './invitations.schema';

type Executor = Database | Transaction;
export type InvitationRow = typeof invitations.$inferSelect;

export function insertInvitation(scope: Scope, row: Omit<typeof invitations.$inferInsert, 'organizationId'>): Promise<InvitationRow> {
  return scope.insert(invitations, row);
}

// An invitation is looked up by its token before anyone is signed in, so this read cannot be
// scoped by an organization: the token hash is the key, and the row names its organization.
export async function findOpenInvitation(db: Executor, tokenHash: string, now: Date): Promise<InvitationRow | undefined> {
  const [row] = await db
    .select()
    .from(invitations)
    .where(and(eq(invitations.tokenHash, tokenHash), isNull(invitations.acceptedAt), gt(invitations.expiresAt, now)))
    .limit(1);
  return row;
}

export async function markInvitationAccepted(tx: Executor, id: string): Promise<boolean> {
  const rows = await tx
    .update(invitations)
    .set({ acceptedAt: new Date() })
    .where(and(eq(invitations.id, id), isNull(invitations.acceptedAt)))
    .returning({ id: invitations.id });
  return rows.length === 1;
}

export async function insertPasswordReset(db: Executor, row: typeof passwordResets.$inferInsert): Promise<void> {
  await db.insert(passwordResets).values(row);
}

/** Uses a reset token once; answers its user when it was valid and unused. */
export async function consumePasswordReset(tx: Executor, tokenHash: string, now: Date): Promise<string | undefined> {
  const [row] = await tx
    .update(passwordResets)
    .set({ usedAt: now })
    .where(and(eq(passwordResets.tokenHash, tokenHash), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, now)))
    .returning({ userId: passwordResets.userId });
  return row?.userId;
}
