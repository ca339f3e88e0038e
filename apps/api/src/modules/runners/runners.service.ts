import { CM_DEFAULT_RUNNER_GROUP, CM_DEFAULT_RUNNER_GROUP_NAME } from '@terrace/domain';
import type { components } from '@terrace/api-client';
import { and, asc, count, desc, eq, gte, ilike, inArray, isNull, sql } from 'drizzle-orm';
import { newId } from '../../crypto/ids';
import { hashToken } from '../../crypto/opaque-token';
import type { Database } from '../../db/database';
import { inOrganization, readOrganization, type Scope } from '../../db/scope';
import { alreadyExists, badRequest, DomainError, notFound } from '../../http/domain-error';
import type { Actor } from '../../permissions/actor';
import type { PermissionEngine } from '../../permissions/permission-engine';
import { initiatorOf, recordAudit } from '../audit/audit.service';
import { runnerGroups, runnerGroupTokens, runnerHeartbeats, runners } from './runners.schema';
import { randomBytes } from 'node:crypto';

type Schemas = components['schemas'];

export interface RunnersDeps {
  db: Database;
  engine: PermissionEngine;
  /** Jobs claimed or running per group of the organization (the runs domain's run_jobs). */
  activeJobsByGroup?: (organizationId: string) => Promise<Map<string, number>>;
}

/** The managed runner's group: 2 jobs at once per organization unless changed (design §5.3). */
export const DEFAULT_MANAGED_CONCURRENCY = 2;
/** A runner without a heartbeat for this long is in warning, then in error (design §5.3). */
export const RUNNER_WARNING_AFTER_MS = 30_000;
export const RUNNER_ERROR_AFTER_MS = 5 * 60_000;

/** A registration token of a runner group: `trg_` and 32 random bytes (only its SHA-256 is kept). */
export const newGroupToken = () => `trg_${randomBytes(32).toString('base64url')}`;

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

// ---------------------------------------------------------------------------------------------
// Groups

type GroupRow = typeof runnerGroups.$inferSelect;

/** The organization's default (managed) group, made the first time it is needed. */
export async function ensureDefaultGroup(db: Database, organizationId: string): Promise<void> {
  await db
    .insert(runnerGroups)
    .values({ id: CM_DEFAULT_RUNNER_GROUP, organizationId, name: CM_DEFAULT_RUNNER_GROUP_NAME, mode: 'managed', maxConcurrency: DEFAULT_MANAGED_CONCURRENCY })
    .onConflictDoNothing();
}

/** A group's concurrency limit (the default group's when it was never stored). */
export async function groupConcurrency(db: Database, organizationId: string, groupId: string): Promise<number | null> {
  const [row] = await db
    .select({ max: runnerGroups.maxConcurrency })
    .from(runnerGroups)
    .where(and(eq(runnerGroups.organizationId, organizationId), eq(runnerGroups.id, groupId)));
  if (row) return row.max;
  return groupId === CM_DEFAULT_RUNNER_GROUP ? DEFAULT_MANAGED_CONCURRENCY : null;
}

async function toGroups(deps: RunnersDeps, organizationId: string, rows: GroupRow[]): Promise<Schemas['RunnerGroup'][]> {
  const active = deps.activeJobsByGroup ? await deps.activeJobsByGroup(organizationId) : new Map<string, number>();
  const ids = rows.map((r) => r.id);
  const counts = ids.length
    ? await deps.db
        .select({ groupId: runners.groupId, n: count() })
        .from(runners)
        .where(and(eq(runners.organizationId, organizationId), inArray(runners.groupId, ids)))
        .groupBy(runners.groupId)
    : [];
  const runnerCount = new Map(counts.map((c) => [c.groupId, Number(c.n)]));
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    mode: r.mode,
    maxConcurrency: r.maxConcurrency,
    activeJobs: active.get(r.id) ?? 0,
    runnerCount: runnerCount.get(r.id) ?? 0,
    createdAt: r.createdAt.toISOString(),
  }));
}

export async function listRunnerGroups(deps: RunnersDeps, actor: Actor, query: { page: number; pageSize: number; name?: string | undefined }) {
  await deps.engine.require(actor, 'runner:read');
  await ensureDefaultGroup(deps.db, actor.organizationId);
  const where = and(
    eq(runnerGroups.organizationId, actor.organizationId),
    query.name ? ilike(runnerGroups.name, `%${query.name.replace(/[\\%_]/g, (c) => `\\${c}`)}%`) : undefined,
  );
  const [total] = await deps.db.select({ n: count() }).from(runnerGroups).where(where);
  const rows = await deps.db
    .select()
    .from(runnerGroups)
    .where(where)
    // The managed group first, then by name.
    .orderBy(sql`${runnerGroups.mode} = 'managed' desc`, asc(runnerGroups.name), asc(runnerGroups.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  return { items: await toGroups(deps, actor.organizationId, rows), paging: { page: query.page, pageSize: query.pageSize, total: Number(total?.n ?? 0) } };
}

async function groupOf(scope: Scope, groupId: string): Promise<GroupRow> {
  const row = await scope.lockFirst(runnerGroups, eq(runnerGroups.id, groupId), 'update');
  if (!row) throw notFound('Runner group', groupId);
  return row;
}

function isNameTaken(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: string }).code === '23505';
}

export async function createRunnerGroup(deps: RunnersDeps, actor: Actor, input: Schemas['RunnerGroupInput']) {
  await deps.engine.require(actor, 'runnerGroup:manage');
  await ensureDefaultGroup(deps.db, actor.organizationId);
  try {
    const row = await inOrganization(deps.db, actor.organizationId, async (scope) => {
      const created = await scope.insert(runnerGroups, { id: newId('runnerGroup'), name: input.name.trim(), mode: 'selfHosted', maxConcurrency: input.maxConcurrency });
      await recordAudit(scope, initiatorOf(actor), { entityType: 'organizationConfiguration', entityId: created.id, entityName: `runner group ${created.name}`, action: 'create' });
      return created;
    });
    return (await toGroups(deps, actor.organizationId, [row]))[0]!;
  } catch (error) {
    if (isNameTaken(error)) throw alreadyExists(`A runner group named ${input.name} already exists`, 'name');
    throw error;
  }
}

export async function updateRunnerGroup(deps: RunnersDeps, actor: Actor, groupId: string, input: Schemas['RunnerGroupUpdate']) {
  await deps.engine.require(actor, 'runnerGroup:manage');
  await ensureDefaultGroup(deps.db, actor.organizationId);
  try {
    const row = await inOrganization(deps.db, actor.organizationId, async (scope) => {
      const group = await groupOf(scope, groupId);
      if (input.name !== undefined && group.mode === 'managed' && input.name !== group.name) {
        throw badRequest('The managed runner group keeps its name', 'name');
      }
      const [updated] = await scope.update(
        runnerGroups,
        {
          ...(input.name !== undefined ? { name: input.name.trim() } : {}),
          ...(input.maxConcurrency !== undefined ? { maxConcurrency: input.maxConcurrency } : {}),
          updatedAt: new Date(),
        },
        eq(runnerGroups.id, groupId),
      );
      await recordAudit(scope, initiatorOf(actor), { entityType: 'organizationConfiguration', entityId: groupId, entityName: `runner group ${updated!.name}`, action: 'update' });
      return updated!;
    });
    // A higher limit may let queued jobs start now.
    await deps.db.execute(sql`select pg_notify('run_jobs', ${groupId})`);
    return (await toGroups(deps, actor.organizationId, [row]))[0]!;
  } catch (error) {
    if (isNameTaken(error)) throw alreadyExists(`A runner group named ${input.name ?? ''} already exists`, 'name');
    throw error;
  }
}

export async function deleteRunnerGroup(deps: RunnersDeps, actor: Actor, groupId: string): Promise<void> {
  await deps.engine.require(actor, 'runnerGroup:manage');
  const active = deps.activeJobsByGroup ? await deps.activeJobsByGroup(actor.organizationId) : new Map<string, number>();
  await inOrganization(deps.db, actor.organizationId, async (scope) => {
    const group = await groupOf(scope, groupId);
    if (group.mode === 'managed') throw new DomainError('conflict', 'The managed runner group cannot be deleted');
    if ((active.get(groupId) ?? 0) > 0) throw new DomainError('conflict', `Runner group ${group.name} has jobs running; wait for them to end`);
    await scope.delete(runnerGroupTokens, eq(runnerGroupTokens.groupId, groupId));
    await scope.delete(runners, eq(runners.groupId, groupId));
    await scope.delete(runnerGroups, eq(runnerGroups.id, groupId));
    await recordAudit(scope, initiatorOf(actor), { entityType: 'organizationConfiguration', entityId: groupId, entityName: `runner group ${group.name}`, action: 'delete' });
  });
}

// ---------------------------------------------------------------------------------------------
// A group's runners and tokens

/** ok / warning / error from the last heartbeat (shuttingDown is what the runner said). */
export function healthAt(stored: 'ok' | 'warning' | 'error' | 'shuttingDown', lastHeartbeatAt: Date, now: Date): 'ok' | 'warning' | 'error' | 'shuttingDown' {
  const silent = now.getTime() - lastHeartbeatAt.getTime();
  if (silent >= RUNNER_ERROR_AFTER_MS) return 'error';
  if (silent >= RUNNER_WARNING_AFTER_MS) return stored === 'shuttingDown' ? 'shuttingDown' : 'warning';
  return stored === 'warning' || stored === 'error' ? 'ok' : stored;
}

export async function listRunnerGroupRunners(
  deps: RunnersDeps,
  actor: Actor,
  groupId: string,
  query: { page: number; pageSize: number; health?: Schemas['RunnerHealth'] | undefined },
) {
  await deps.engine.require(actor, 'runner:read');
  await ensureDefaultGroup(deps.db, actor.organizationId);
  return readOrganization(deps.db, actor.organizationId, async (scope) => {
    if (!(await scope.first(runnerGroups, eq(runnerGroups.id, groupId)))) throw notFound('Runner group', groupId);
    const now = new Date();
    // Health is stored by the sweeper; read here from the heartbeat so the list is never stale.
    const healthSql = sql`case when now() - ${runners.lastHeartbeatAt} >= make_interval(secs => ${RUNNER_ERROR_AFTER_MS / 1000}) then 'error'
      when now() - ${runners.lastHeartbeatAt} >= make_interval(secs => ${RUNNER_WARNING_AFTER_MS / 1000}) and ${runners.health} <> 'shuttingDown' then 'warning'
      when ${runners.health} = 'shuttingDown' then 'shuttingDown' else 'ok' end`;
    const where = and(eq(runners.groupId, groupId), query.health ? sql`${healthSql} = ${query.health}` : undefined)!;
    const total = await scope.count(runners, where);
    const rows = await scope.select(runners, where, {
      orderBy: [desc(runners.lastHeartbeatAt), asc(runners.id)],
      limit: query.pageSize,
      offset: (query.page - 1) * query.pageSize,
    });
    return {
      items: rows.map((r) => ({
        id: r.id,
        groupId: r.groupId,
        name: r.name,
        version: r.version,
        health: healthAt(r.health, r.lastHeartbeatAt, now),
        registeredAt: r.registeredAt.toISOString(),
        lastHeartbeatAt: r.lastHeartbeatAt.toISOString(),
      })),
      paging: { page: query.page, pageSize: query.pageSize, total },
    };
  });
}

const toToken = (r: typeof runnerGroupTokens.$inferSelect): Schemas['RunnerGroupToken'] => ({
  id: r.id,
  groupId: r.groupId,
  name: r.name,
  createdAt: r.createdAt.toISOString(),
  lastUsedAt: r.lastUsedAt?.toISOString() ?? null,
});

export async function listRunnerGroupTokens(deps: RunnersDeps, actor: Actor, groupId: string) {
  await deps.engine.require(actor, 'runner:read');
  await ensureDefaultGroup(deps.db, actor.organizationId);
  return readOrganization(deps.db, actor.organizationId, async (scope) => {
    if (!(await scope.first(runnerGroups, eq(runnerGroups.id, groupId)))) throw notFound('Runner group', groupId);
    const rows = await scope.select(runnerGroupTokens, and(eq(runnerGroupTokens.groupId, groupId), isNull(runnerGroupTokens.revokedAt)), {
      orderBy: [desc(runnerGroupTokens.createdAt), asc(runnerGroupTokens.id)],
      limit: 1000,
    });
    return rows.map(toToken);
  });
}

export async function createRunnerGroupToken(deps: RunnersDeps, actor: Actor, groupId: string, input: Schemas['RunnerGroupTokenInput']) {
  await deps.engine.require(actor, 'runnerGroup:manage');
  await ensureDefaultGroup(deps.db, actor.organizationId);
  return inOrganization(deps.db, actor.organizationId, async (scope) => {
    const group = await groupOf(scope, groupId);
    if (group.mode === 'managed') throw new DomainError('conflict', 'The managed runner group runs inside the server: it takes no registration tokens');
    const token = newGroupToken();
    const row = await scope.insert(runnerGroupTokens, { id: newId('runnerGroupToken'), groupId, name: input.name.trim(), tokenHash: hashToken(token), createdBy: actor.userId });
    await recordAudit(scope, initiatorOf(actor), { entityType: 'organizationConfiguration', entityId: row.id, entityName: `runner group ${group.name} token ${row.name}`, action: 'create' });
    return { ...toToken(row), token };
  });
}

export async function revokeRunnerGroupToken(deps: RunnersDeps, actor: Actor, groupId: string, tokenId: string): Promise<void> {
  await deps.engine.require(actor, 'runnerGroup:manage');
  await inOrganization(deps.db, actor.organizationId, async (scope) => {
    const [row] = await scope.update(
      runnerGroupTokens,
      { revokedAt: new Date() },
      and(eq(runnerGroupTokens.groupId, groupId), eq(runnerGroupTokens.id, tokenId), isNull(runnerGroupTokens.revokedAt))!,
    );
    if (!row) throw notFound('Runner group token', tokenId);
    await recordAudit(scope, initiatorOf(actor), { entityType: 'organizationConfiguration', entityId: tokenId, entityName: `runner group token ${row.name}`, action: 'delete' });
  });
}
