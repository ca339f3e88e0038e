import { newId } from '../../crypto/ids';
import { hashToken, newOpaqueToken } from '../../crypto/opaque-token';
import { inOrganization, type Scope } from '../../db/scope';
import type { Schemas } from '../../http/contract-types';
import { notFound } from '../../http/domain-error';
import type { Actor } from '../../permissions/actor';
import { initiatorOf, recordAudit } from '../audit/audit.service';
import { unique } from '../../db/unique-violation';
import { organizationRoleOf } from './custom-role-assignment';
import type { IamDeps } from './iam-deps';
import * as repo from './iam.repository';
import { matching } from './list-filter';

// Programmatic users and their bearer tokens.

const toRobot = (row: repo.ProgrammaticUserRow) => ({ id: row.id, name: row.name, role: row.role, createdAt: row.createdAt.toISOString() });
/** The wire view of a bearer token row (programmatic or personal): the value only when just created. */
export const tokenView = (row: repo.BearerTokenRow, token?: string) => ({
  id: row.id,
  name: row.name,
  ...(token ? { token } : {}),
  createdAt: row.createdAt.toISOString(),
  expiresAt: row.expiresAt?.toISOString() ?? null,
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  revokedAt: row.revokedAt?.toISOString() ?? null,
});

export async function listProgrammaticUsers(
  deps: IamDeps,
  actor: Actor,
  filter: { programmaticUserId?: string; programmaticUserName?: string } = {},
) {
  await deps.engine.require(actor, 'programmaticUser:read');
  const rows = await inOrganization(deps.db, actor.organizationId, repo.listProgrammaticUsers);
  return matching(rows, { id: filter.programmaticUserId, name: filter.programmaticUserName }).map(toRobot);
}

export async function createProgrammaticUser(deps: IamDeps, actor: Actor, input: Schemas['ProgrammaticUserInput']) {
  await deps.engine.require(actor, 'programmaticUser:manage');
  return unique(`A programmatic user named '${input.name}' already exists`, 'entity.name', () =>
    inOrganization(deps.db, actor.organizationId, async (scope) => {
      await organizationRoleOf(scope, input.role, 'entity.role');
      const row = await repo.insertProgrammaticUser(scope, { id: newId('programmaticUser'), name: input.name, role: input.role, createdBy: actor.userId });
      await recordAudit(scope, initiatorOf(actor), { entityType: 'programmaticUser', entityId: row.id, entityName: row.name, action: 'create' });
      return toRobot(row);
    }),
  );
}

export async function deleteProgrammaticUser(deps: IamDeps, actor: Actor, id: string) {
  await deps.engine.require(actor, 'programmaticUser:manage');
  return inOrganization(deps.db, actor.organizationId, async (scope) => {
    const row = await repo.deleteProgrammaticUser(scope, id);
    if (!row) throw notFound('Programmatic user', id);
    await recordAudit(scope, initiatorOf(actor), { entityType: 'programmaticUser', entityId: row.id, entityName: row.name, action: 'delete' });
    return toRobot(row);
  });
}

async function requireRobot(scope: Scope, id: string) {
  const robot = await repo.findProgrammaticUser(scope, id);
  if (!robot) throw notFound('Programmatic user', id);
  return robot;
}

export async function listTokens(deps: IamDeps, actor: Actor, programmaticUserId: string) {
  await deps.engine.require(actor, 'programmaticUser:read');
  return inOrganization(deps.db, actor.organizationId, async (scope) => {
    await requireRobot(scope, programmaticUserId);
    return (await repo.listTokens(scope, programmaticUserId)).map((row) => tokenView(row));
  });
}

/** When a token created now with `expiresInDays` expires; null (no expiry) when absent. */
export const expiryFromDays = (expiresInDays: number | null | undefined): Date | null =>
  expiresInDays ? new Date(Date.now() + expiresInDays * 24 * 3600 * 1000) : null;

/** Creates a token; its value is returned here only, the database keeps its hash. */
export async function createToken(deps: IamDeps, actor: Actor, programmaticUserId: string, name: string, expiresInDays?: number | null) {
  await deps.engine.require(actor, 'programmaticUser:manage');
  return inOrganization(deps.db, actor.organizationId, async (scope) => {
    const robot = await requireRobot(scope, programmaticUserId);
    const token = newOpaqueToken('tpu');
    const row = await repo.insertToken(scope, {
      id: newId('programmaticToken'),
      programmaticUserId,
      name,
      tokenHash: hashToken(token),
      expiresAt: expiryFromDays(expiresInDays),
    });
    await recordAudit(scope, initiatorOf(actor), { entityType: 'programmaticUser', entityId: `${robot.id}/${row.id}`, entityName: name, action: 'create' });
    return tokenView(row, token);
  });
}

export async function revokeToken(deps: IamDeps, actor: Actor, programmaticUserId: string, tokenId: string) {
  await deps.engine.require(actor, 'programmaticUser:manage');
  return inOrganization(deps.db, actor.organizationId, async (scope) => {
    const robot = await requireRobot(scope, programmaticUserId);
    const row = await repo.revokeToken(scope, programmaticUserId, tokenId);
    if (!row) throw notFound('Token', tokenId);
    await recordAudit(scope, initiatorOf(actor), { entityType: 'programmaticUser', entityId: `${robot.id}/${row.id}`, entityName: row.name, action: 'revoke' });
    return tokenView(row);
  });
}
