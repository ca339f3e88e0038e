import { bigserial, boolean, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { Schemas } from '../../http/contract-types';
import { organizationId } from '../../db/tenant-columns';

export const auditEvents = pgTable(
  'audit_events',
  {
    id: text('id').primaryKey(),
    organizationId: organizationId(),
    entityType: text('entity_type').$type<Schemas['AuditEntityType']>().notNull(),
    entityId: text('entity_id').notNull(),
    entityName: text('entity_name'),
    action: text('action').notNull(),
    initiatorName: text('initiator_name').notNull(),
    initiatorType: text('initiator_type').$type<Schemas['AuditInitiatorType']>().notNull(),
    initiatorUserId: text('initiator_user_id'),
    externalSource: text('external_source'),
    isExternal: boolean('is_external').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    // Events of one transaction share created_at (now() is the transaction's time): the
    // sequence keeps their order.
    seq: bigserial('seq', { mode: 'number' }).notNull(),
  },
  (t) => [index('audit_events_org_created_idx').on(t.organizationId, t.createdAt)],
);
