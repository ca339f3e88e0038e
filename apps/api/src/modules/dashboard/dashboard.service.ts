import type { Database } from '../../db/database';
import { DomainError } from '../../http/domain-error';
import type { Schemas } from '../../http/contract-types';
import type { Actor } from '../../permissions/actor';
import type { PermissionEngine } from '../../permissions/permission-engine';
import { recentAuditEvents } from '../audit/audit.service';
import { hasNamespace } from '../namespaces/namespaces.service';
import { stacksOverview } from '../stacks/stacks-overview.service';
import { hasVcsProvider } from '../vcs/vcs.service';

export interface DashboardDeps {
  db: Database;
  engine: PermissionEngine;
}

const recentEvents = 8;

/** What the actor may see of a list: null for all, the ids or tokens it may, or none when refused. */
async function visibleOrNone(lookup: Promise<string[] | null>): Promise<string[] | null> {
  try {
    return await lookup;
  } catch (error) {
    if (error instanceof DomainError && error.kind === 'forbidden') return [];
    throw error;
  }
}

/**
 * The dashboard in one answer, scoped to what the actor may read: a user who may not read stacks
 * (a management organization, a narrow custom role) sees none counted, a namespace-only user the
 * stacks and namespaces granted; the audit log only with audit:read. Its queries run at once.
 */
export async function getAutomationOverview(deps: DashboardDeps, actor: Actor): Promise<Schemas['AutomationOverview']> {
  const [stackTokens, namespaceIds, audit] = await Promise.all([
    visibleOrNone(deps.engine.visibleStacks(actor, 'stack:read')),
    visibleOrNone(deps.engine.visibleNamespaces(actor, 'namespace:read')),
    deps.engine.decideForOrganization(actor, 'audit:read'),
  ]);
  const [overview, namespaceCreated, vcsProviderConnected, recentActivity] = await Promise.all([
    stacksOverview(deps.db, actor.organizationId, stackTokens),
    hasNamespace(deps.db, actor.organizationId, namespaceIds),
    hasVcsProvider(deps.db, actor.organizationId),
    audit === 'allow' ? recentAuditEvents(deps.db, actor.organizationId, recentEvents) : Promise.resolve(null),
  ]);
  return {
    gettingStarted: {
      vcsProviderConnected,
      namespaceCreated,
      stackCreated: overview.stacks.total > 0,
      planRun: overview.ran,
      ...(overview.firstStackNeverRun ? { firstStackId: overview.firstStackNeverRun } : {}),
    },
    stacks: overview.stacks,
    driftedStacks: overview.driftedStacks,
    failingStacks: overview.failingStacks,
    recentActivity,
  };
}
