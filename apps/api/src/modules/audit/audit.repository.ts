import type { Schemas } from '../../http/contract-types';
import { and, desc, eq, gte, type SQL } from 'drizzle-orm';
import type { Scope } from '../../db/scope';
import { auditEvents } from './audit.schema';

export type AuditRow = typeof auditEvents.$inferSelect;
export type NewAuditRow = Omit<typeof auditEvents.$inferInsert, 'organizationId'>;

export function insertAuditEvent(scope: Scope, row: NewAuditRow): Promise<AuditRow> {
  return scope.insert(auditEvents, row);
}

export interface AuditFilter {
  since: Date;
  includeExternal: boolean;
  entityType: Schemas['AuditEntityType'] | undefined;
  limit: number;
  offset: number;
}

export async function listAuditEvents(scope: Scope, filter: AuditFilter): Promise<{ rows: AuditRow[]; total: number }> {
  const conditions: SQL[] = [gte(auditEvents.createdAt, filter.since)];
  if (!filter.includeExternal) conditions.push(eq(auditEvents.isExternal, false));
  if (filter.entityType) conditions.push(eq(auditEvents.entityType, filter.entityType));
  const where = and(...conditions);
  const [rows, total] = await Promise.all([
    scope.select(auditEvents, where, {
      orderBy: [desc(auditEvents.createdAt), desc(auditEvents.seq)],
      limit: filter.limit,
      offset: filter.offset,
    }),
    scope.count(auditEvents, where),
  ]);
  return { rows, total };
}
