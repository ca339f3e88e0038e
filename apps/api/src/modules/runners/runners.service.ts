import { desc, gte } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { inOrganization } from '../../db/scope';
import type { Actor } from '../../permissions/actor';
import type { PermissionEngine } from '../../permissions/permission-engine';
import { runnerHeartbeats } from './runners.schema';

export interface RunnersDeps {
  db: Database;
  engine: PermissionEngine;
}

export async function listHeartbeats(deps: RunnersDeps, actor: Actor, updatedInTheLastHours: number) {
  await deps.engine.require(actor, 'runner:read');
  const since = new Date(Date.now() - updatedInTheLastHours * 3600 * 1000);
  const rows = await inOrganization(deps.db, actor.organizationId, (scope) =>
    scope.select(runnerHeartbeats, gte(runnerHeartbeats.updatedAt, since), {
      orderBy: [desc(runnerHeartbeats.updatedAt)],
      limit: 1000,
    }),
  );
  return rows.map((r) => ({
    runnerId: r.runnerId,
    runnerGroupId: r.runnerGroupId,
    name: r.name,
    health: r.health,
    version: r.version,
    updatedAt: r.updatedAt.toISOString(),
  }));
}
