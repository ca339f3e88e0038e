import type { Schemas } from '../../http/contract-types';
import { desc, eq, gte, notInArray } from 'drizzle-orm';
import { pagedList, type Page, type PageRequest } from '../../db/paged-list';
import type { Scope } from '../../db/scope';
import { auditEvents } from './audit.schema';

export type AuditRow = typeof auditEvents.$inferSelect;
export type NewAuditRow = Omit<typeof auditEvents.$inferInsert, 'organizationId'>;

export function insertAuditEvent(scope: Scope, row: NewAuditRow): Promise<AuditRow> {
  return scope.insert(auditEvents, row);
}

/** What the audit list is filtered by (each filter absent from a request adds no condition). */
export interface AuditFilter {
  since: Date;
  /** Present (true): leave out events of external initiators. */
  internalOnly: true;
  entityType: Schemas['AuditEntityType'];
}

// Newest first; the sequence orders the events of one transaction (they share created_at).
const auditList = pagedList<typeof auditEvents, AuditFilter>({
  name: 'audit_events',
  table: auditEvents,
  orderBy: [desc(auditEvents.createdAt), desc(auditEvents.seq)],
  filters: {
    since: (since) => gte(auditEvents.createdAt, since),
    internalOnly: () => eq(auditEvents.isExternal, false),
    entityType: (type) => eq(auditEvents.entityType, type),
  },
});

export function listAuditEvents(scope: Scope, filter: Partial<AuditFilter>, request: PageRequest): Promise<Page<AuditRow>> {
  return scope.page(auditList, filter, request);
}

/** The newest changes (not sign-ins and the like), without counting them all (on audit_events_org_created_idx). */
export function latestAuditEvents(scope: Scope, limit: number): Promise<AuditRow[]> {
  return scope.select(auditEvents, notInArray(auditEvents.action, ['signIn', 'signOut', 'switchOrganization']), { orderBy: [desc(auditEvents.createdAt), desc(auditEvents.seq)], limit });
}
