import type { Database } from '../../db/database';
import { readOrganization, type Scope } from '../../db/scope';
import { newId } from '../../crypto/ids';
import type { Actor } from '../../permissions/actor';
import type { PermissionEngine } from '../../permissions/permission-engine';
import type { Schemas } from '../../http/contract-types';
import { pagingOf } from '../../db/paged-list';
import { insertAuditEvent, latestAuditEvents, listAuditEvents, type AuditRow } from './audit.repository';

/** The entity types of spec/automation.md §3 (the contract's AuditEntityType). */
export type AuditEntityType = Schemas['AuditEntityType'];

export type AuditAction = Schemas['AuditAction'];

export interface AuditInitiator {
  name: string;
  type: 'directUser' | 'ssoUser' | 'programmaticUser' | 'system' | 'external';
  userId: string | null;
  externalSource?: string;
}

export interface AuditEntry {
  entityType: AuditEntityType;
  entityId: string;
  entityName?: string | null;
  action: AuditAction;
}

/** The entry of a change to a user's own account (profile, password, MFA). */
export const userEntry = (user: { id: string; email: string }, action: AuditAction): AuditEntry => ({
  entityType: 'user',
  entityId: user.id,
  entityName: user.email,
  action,
});

export const initiatorOf = (actor: Actor): AuditInitiator => ({
  name: actor.email,
  type: actor.userType,
  userId: actor.userId,
});

/** Writes one audit event with the change, in the caller's transaction (so both commit or neither). */
export async function recordAudit(scope: Scope, initiator: AuditInitiator, entry: AuditEntry): Promise<void> {
  await insertAuditEvent(scope, {
    id: newId('auditEvent'),
    entityType: entry.entityType,
    entityId: entry.entityId,
    entityName: entry.entityName ?? null,
    action: entry.action,
    initiatorName: initiator.name,
    initiatorType: initiator.type,
    initiatorUserId: initiator.userId,
    externalSource: initiator.externalSource ?? null,
    isExternal: initiator.type === 'external',
  });
}

// The action column holds what recordAudit wrote (an AuditAction).
function toAuditEvent(row: AuditRow): Schemas['AuditEvent'] {
  return {
    id: row.id,
    entityType: row.entityType,
    entityId: row.entityId,
    entityName: row.entityName,
    action: row.action as AuditAction,
    initiator: {
      userName: row.initiatorName,
      userType: row.initiatorType,
      userId: row.initiatorUserId,
      externalSource: row.externalSource,
    },
    createdAt: row.createdAt.toISOString(),
  };
}

export interface AuditServiceDeps {
  db: Database;
  engine: PermissionEngine;
}

export interface ListAuditQuery {
  daysBack: number;
  includeExternalInitiator: boolean;
  entityType?: Schemas['AuditEntityType'] | undefined;
  page: number;
  pageSize: number;
}

export async function listAudit(deps: AuditServiceDeps, actor: Actor, query: ListAuditQuery) {
  await deps.engine.require(actor, 'audit:read');
  const since = new Date(Date.now() - query.daysBack * 24 * 3600 * 1000);
  const { rows, total } = await readOrganization(deps.db, actor.organizationId, (scope) =>
    listAuditEvents(scope, { since, internalOnly: query.includeExternalInitiator ? undefined : true, entityType: query.entityType }, query),
  );
  return { items: rows.map(toAuditEvent), paging: pagingOf(query, total) };
}

/** For the dashboard: the organization's newest events. The caller has checked audit:read. */
export async function recentAuditEvents(db: Database, organizationId: string, limit: number): Promise<Schemas['AuditEvent'][]> {
  const rows = await readOrganization(db, organizationId, (scope) => latestAuditEvents(scope, limit));
  return rows.map(toAuditEvent);
}
