import { and, eq, type SQL } from 'drizzle-orm';
import type { Transaction } from '../../db/database';
import type { Scope } from '../../db/scope';
import { memberships, organizations } from '../accounts/accounts.schema';

export type MembershipRow = typeof memberships.$inferSelect;

/**
 * Serializes role changes and removals in one organization (a row lock on the organization), so
 * two admins demoting each other at once cannot leave it without an admin.
 */
export async function lockOrganization(tx: Transaction, organizationId: string): Promise<void> {
  await tx.select({ id: organizations.id }).from(organizations).where(eq(organizations.id, organizationId)).for('update');
}

export function findMembershipOf(scope: Scope, userId: string): Promise<MembershipRow | undefined> {
  return scope.first(memberships, eq(memberships.userId, userId));
}

export function countAdmins(scope: Scope): Promise<number> {
  return scope.count(memberships, eq(memberships.role, 'admin'));
}

export async function updateMembership(
  scope: Scope,
  userId: string,
  set: { role: string; customRoleId: string | null },
): Promise<MembershipRow | undefined> {
  const [row] = await scope.update(memberships, set, eq(memberships.userId, userId));
  return row;
}

export async function deleteMembership(scope: Scope, userId: string): Promise<MembershipRow | undefined> {
  const [row] = await scope.delete(memberships, and(eq(memberships.userId, userId)) as SQL);
  return row;
}
