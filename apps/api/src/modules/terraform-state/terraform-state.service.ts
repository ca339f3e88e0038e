import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { gunzip as gunzipCallback, gzip as gzipCallback } from 'node:zlib';
import { newId } from '../../crypto/ids';
import type { SecretEnvelope } from '../../crypto/secret-envelope';
import type { Database } from '../../db/database';
import { inOrganization, readOrganization, type Scope } from '../../db/scope';
import { DomainError, badRequest, forbidden, unauthenticated } from '../../http/domain-error';
import type { RawAnswer } from '../../http/operation-registry';
import type { Actor } from '../../permissions/actor';
import type { Permission, PermissionEngine } from '../../permissions/permission-engine';
import { initiatorOf, recordAudit, type AuditAction, type AuditInitiator } from '../audit/audit.service';
import * as repo from './terraform-state.repository';
import type { StateActorKind } from './terraform-state.schema';
import { readLockInfo, readStateDocument, StateDocumentError, type LockInfo, type StateDocument } from './state-document';

const gzip = promisify(gzipCallback);
const gunzip = promisify(gunzipCallback);

/** Where a stack sits (the stacks module's `stackPlacement`), or null when the organization has none by that id. */
export interface StackPlacement {
  namespaceId: string;
  createdBy: string | null;
  name?: string;
}

/** What a job's token stands for (the runner protocol resolves it; null when unknown, expired or superseded). */
export interface JobTokenGrant {
  organizationId: string;
  stackId: string;
  jobId: string;
  runId?: string | null;
  /**
   * What the job may do with the state (design §5.3, job tokens): `write` (apply and task phases:
   * LOCK, POST, UNLOCK), `lock` (a deployment's plan: it locks so nothing changes the state under
   * it, but never writes it), `read` (a speculative plan, run with -lock=false), `forceUnlock` (a
   * releaseStateLock task: `write`, and a lock released whatever its id). Absent: `write`.
   */
  stateAccess?: JobStateAccess;
}

export type JobStateAccess = 'read' | 'lock' | 'write' | 'forceUnlock';

export interface TerraformStateDeps {
  db: Database;
  engine: PermissionEngine;
  envelope: SecretEnvelope;
  /** Resolves a personal access token or a programmatic user's token to its actor. */
  authenticate: (token: string) => Promise<Actor | null>;
  stackPlacement: (organizationId: string, stackId: string) => Promise<StackPlacement | null>;
  /** The runner protocol's job tokens; without it only user tokens are accepted. */
  resolveJobToken?: ((token: string) => Promise<JobTokenGrant | null>) | undefined;
}

/** Who calls the state backend: a person or robot (by an API token), or a run's job. */
export type StatePrincipal =
  | { kind: 'user' | 'programmaticUser'; organizationId: string; id: string; name: string; actor: Actor }
  | { kind: 'job'; organizationId: string; id: string; name: string; stackId: string; runId: string | null; stateAccess: JobStateAccess };

// ---------------------------------------------------------------------------------------------
// Principals and permissions

/**
 * The caller of Terraform's HTTP backend, from the credential it sent: a personal access token
 * (`tpa_`) or a programmatic user's token (`tpu_`), or a job's token. A session token is not
 * accepted: a browser session does not belong in a Terraform configuration.
 */
export async function statePrincipal(deps: TerraformStateDeps, credential: string): Promise<StatePrincipal> {
  if (credential.length > 512) throw unauthenticated('The token is invalid or expired');
  if (credential.startsWith('tpa_') || credential.startsWith('tpu_')) {
    const actor = await deps.authenticate(credential);
    if (!actor || (actor.credential !== 'personalAccessToken' && actor.credential !== 'programmaticToken')) {
      throw unauthenticated('The token is invalid or expired');
    }
    const kind = actor.userType === 'programmaticUser' ? 'programmaticUser' : 'user';
    return { kind, organizationId: actor.organizationId, id: actor.userId, name: actor.email, actor };
  }
  const grant = deps.resolveJobToken ? await deps.resolveJobToken(credential) : null;
  if (!grant) throw unauthenticated('The token is invalid or expired: use a personal access token (terraform login) or a job token');
  return {
    kind: 'job',
    organizationId: grant.organizationId,
    id: grant.jobId,
    name: grant.jobId,
    stackId: grant.stackId,
    runId: grant.runId ?? null,
    stateAccess: grant.stateAccess ?? 'write',
  };
}

const accessRank: Record<JobStateAccess, number> = { read: 0, lock: 1, write: 2, forceUnlock: 3 };
const jobMay = (has: JobStateAccess, need: JobStateAccess) => accessRank[has] >= accessRank[need];

export const principalInitiator = (principal: StatePrincipal): AuditInitiator =>
  principal.kind === 'job' ? { name: `job ${principal.id}`, type: 'system', userId: null } : initiatorOf(principal.actor);

/**
 * The stack, once the principal may use `permission` on it. An unknown stack (or another
 * organization's) answers 403 like a stack the caller may not use: never 404, which Terraform
 * reads as "no state" and would plan to recreate everything. A job reaches its own stack only.
 */
async function authorizeOnStack(
  deps: TerraformStateDeps,
  principal: StatePrincipal,
  stackId: string,
  permission: Permission,
  need: JobStateAccess = permission === 'stackState:read' ? 'read' : 'write',
): Promise<StackPlacement> {
  const placement = await deps.stackPlacement(principal.organizationId, stackId);
  if (!placement) throw forbidden('The stack does not exist or you may not use its state');
  if (principal.kind === 'job') {
    if (principal.stackId !== stackId) throw forbidden('A job may use only the state of its own stack');
    if (permission === 'stackState:forceUnlock' && principal.stateAccess !== 'forceUnlock') throw forbidden('Only a releaseStateLock task may force-unlock the state');
    if (need !== 'read' && !jobMay(principal.stateAccess, need)) {
      throw forbidden(
        need === 'write'
          ? 'A plan cannot write the state: only a run\'s apply or task may (the plan\'s token reads the state only)'
          : 'A speculative plan cannot lock the state: run it with -lock=false (its token reads the state only)',
      );
    }
    return placement;
  }
  await deps.engine.requireOnStack(principal.actor, permission, { id: stackId, ...placement });
  return placement;
}

// ---------------------------------------------------------------------------------------------
// Sealing

export const stateContext = (organizationId: string, stackId: string, versionId: string) => `stateVersion:${organizationId}:${stackId}:${versionId}`;
export const outputContext = (organizationId: string, versionId: string, name: string) => `stateOutput:${organizationId}:${versionId}:${name}`;

async function seal(deps: Pick<TerraformStateDeps, 'envelope'>, organizationId: string, stackId: string, versionId: string, bytes: Buffer): Promise<Buffer> {
  return deps.envelope.encryptBytes(await gzip(bytes), stateContext(organizationId, stackId, versionId));
}

export async function unseal(deps: Pick<TerraformStateDeps, 'envelope'>, organizationId: string, stackId: string, versionId: string, sealed: Buffer): Promise<Buffer> {
  return gunzip(deps.envelope.decryptBytes(sealed, stateContext(organizationId, stackId, versionId)));
}

// ---------------------------------------------------------------------------------------------
// Versions

export interface VersionAuthor {
  kind: StateActorKind;
  id: string;
  name: string;
  runId: string | null;
}

export const authorOf = (principal: StatePrincipal): VersionAuthor => ({
  kind: principal.kind,
  id: principal.id,
  name: principal.name,
  runId: principal.kind === 'job' ? principal.runId : null,
});

export const actorAuthor = (actor: Actor): VersionAuthor => ({
  kind: actor.userType === 'programmaticUser' ? 'programmaticUser' : 'user',
  id: actor.userId,
  name: actor.email,
  runId: null,
});

/**
 * Stores a version with its sealed content. A current one supersedes the stack's current version,
 * becomes the one the stack's row points at, and gets its outputs; the caller holds the row's lock.
 */
export async function storeVersion(
  deps: Pick<TerraformStateDeps, 'envelope'>,
  scope: Scope,
  stackId: string,
  bytes: Buffer,
  document: Pick<StateDocument, 'serial' | 'lineage' | 'terraformVersion' | 'resourceCount' | 'md5' | 'sha256' | 'size' | 'outputs' | 'resources'>,
  author: VersionAuthor,
  status: 'current' | 'quarantined',
  extra: { reason?: string; rolledBackFrom?: string; unit?: string } = {},
): Promise<repo.StateVersionRow> {
  const id = newVersionId();
  const unit = extra.unit ?? '';
  const sealed = await seal(deps, scope.organizationId, stackId, id, bytes);
  if (status === 'current') await repo.supersedeCurrent(scope, stackId, unit);
  const version = await repo.insertVersion(
    scope,
    {
      id,
      stackId,
      unit,
      serial: document.serial,
      lineage: document.lineage,
      md5: document.md5,
      sha256: document.sha256,
      size: document.size,
      terraformVersion: document.terraformVersion,
      resourceCount: document.resourceCount,
      status,
      reason: extra.reason ?? null,
      rolledBackFrom: extra.rolledBackFrom ?? null,
      createdByKind: author.kind,
      createdById: author.id,
      createdByName: author.name,
      runId: author.runId,
    },
    sealed,
  );
  if (status === 'current') {
    await repo.setCurrentVersion(scope, stackId, version, unit);
    await repo.insertResources(
      scope,
      document.resources.map((resource, ordinal) => ({ stateVersionId: id, ordinal, ...resource })),
    );
    await repo.insertOutputs(
      scope,
      document.outputs.map((output) => ({
        stateVersionId: id,
        name: output.name,
        sensitive: output.sensitive,
        type: JSON.stringify(output.type ?? null),
        value: output.sensitive ? null : JSON.stringify(output.value ?? null),
        sealedValue: output.sensitive
          ? deps.envelope.encrypt(JSON.stringify(output.value ?? null), outputContext(scope.organizationId, id, output.name))
          : null,
      })),
    );
  }
  return version;
}

const newVersionId = () => newId('stateVersion');

const unitPart = (unit: string) => (unit ? `/unit/${unit}` : '');
const versionEntity = (stackId: string, versionId: string, unit = '') => `${stackId}${unitPart(unit)}/state/${versionId}`;
const lockEntity = (stackId: string, unit = '') => `${stackId}${unitPart(unit)}/stateLock`;

async function audit(scope: Scope, initiator: AuditInitiator, stackId: string, placement: StackPlacement, entity: string, action: AuditAction) {
  await recordAudit(scope, initiator, { entityType: 'stack', entityId: entity, entityName: placement.name ?? stackId, action });
}

// ---------------------------------------------------------------------------------------------
// Terraform's HTTP backend

/**
 * A terragrunt unit's name from its address: its directory relative to the stack's (decoded, no
 * `.` or `..` segment, no leading or trailing slash). Anything else is refused (400).
 */
export function unitOf(raw: string): string {
  let unit: string;
  try {
    unit = decodeURIComponent(raw);
  } catch {
    throw badRequest('The unit is not a valid URL-encoded path');
  }
  const segments = unit.split('/');
  const controlOrBackslash = [...unit].some((c) => c === '\\' || c.charCodeAt(0) < 0x20);
  if (!unit || segments.some((s) => s === '' || s === '.' || s === '..') || controlOrBackslash) {
    throw badRequest(`The unit '${unit}' is not a directory relative to the stack's`);
  }
  return unit;
}

const jsonHeaders = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' };

/** The lock as Terraform reads it from a 423 (its LockInfo, as it was sent). */
const lockedAnswer = (lock: repo.StateLockRow): RawAnswer => ({ status: 423, headers: jsonHeaders, body: Buffer.from(lock.info, 'utf8') });
const ok = (): RawAnswer => ({ status: 200, headers: jsonHeaders, body: {} });

/** GET: the current version byte for byte, or 204 when the stack has no state yet (never `{}`). */
export async function readState(deps: TerraformStateDeps, principal: StatePrincipal, stackId: string, unit = ''): Promise<RawAnswer> {
  const placement = await authorizeOnStack(deps, principal, stackId, 'stackState:read');
  const current = await readOrganization(deps.db, principal.organizationId, async (scope) => {
    const head = await repo.findStackState(scope, stackId, unit);
    if (!head?.currentVersionId) return undefined;
    const sealed = await repo.findSealedContent(scope, head.currentVersionId);
    return sealed ? { versionId: head.currentVersionId, sealed } : undefined;
  });
  if (!current) return { status: 204, headers: { 'cache-control': 'no-store' } };
  const bytes = await unseal(deps, principal.organizationId, stackId, current.versionId, current.sealed);
  // Reading a state is reading every secret in it.
  await inOrganization(deps.db, principal.organizationId, (scope) =>
    audit(scope, principalInitiator(principal), stackId, placement, versionEntity(stackId, current.versionId, unit), 'readSecret'),
  );
  return {
    status: 200,
    headers: {
      ...jsonHeaders,
      'content-md5': createHash('md5').update(bytes).digest('base64'),
      etag: `"${createHash('sha256').update(bytes).digest('hex')}"`,
    },
    body: bytes,
  };
}

type WriteOutcome = { kind: 'stored' } | { kind: 'unchanged' } | { kind: 'locked'; lock: repo.StateLockRow } | { kind: 'refused'; message: string };

/**
 * POST ?ID=: a new version. While the state is locked the writer must name the lock; a job must
 * hold it. The lineage must stay, the serial must not go back, an equal serial must carry the same
 * bytes (a retried write: nothing changes). Whatever is refused here is kept, quarantined, and
 * audited: Terraform keeps `errored.tfstate` and an admin can roll back to the kept version.
 */
export async function writeState(
  deps: TerraformStateDeps,
  principal: StatePrincipal,
  stackId: string,
  request: { lockId: string | undefined; body: Buffer; contentMd5: string | null },
  unit = '',
): Promise<RawAnswer> {
  const placement = await authorizeOnStack(deps, principal, stackId, 'stackState:write');
  if (request.contentMd5 !== null && createHash('md5').update(request.body).digest('base64') !== request.contentMd5) {
    throw badRequest('The body does not match its Content-MD5');
  }
  let document: StateDocument;
  try {
    document = readStateDocument(request.body);
  } catch (error) {
    if (error instanceof StateDocumentError) throw badRequest(error.message);
    throw error;
  }
  const initiator = principalInitiator(principal);
  const outcome = await inOrganization(deps.db, principal.organizationId, async (scope): Promise<WriteOutcome> => {
    const head = await repo.lockStackState(scope, stackId, unit);
    const lock = await repo.findLock(scope, stackId, unit);
    const refusal = lockRefusal(principal, lock, request.lockId) ?? versionRefusal(head, document);
    if (refusal && refusal !== 'unchanged') {
      const kept = await storeVersion(deps, scope, stackId, request.body, document, authorOf(principal), 'quarantined', { reason: refusal.message, unit });
      await audit(scope, initiator, stackId, placement, versionEntity(stackId, kept.id, unit), 'quarantine');
      return lock && refusal.locked ? { kind: 'locked', lock } : { kind: 'refused', message: refusal.message };
    }
    if (refusal === 'unchanged') return { kind: 'unchanged' };
    const version = await storeVersion(deps, scope, stackId, request.body, document, authorOf(principal), 'current', { unit });
    await audit(scope, initiator, stackId, placement, versionEntity(stackId, version.id, unit), 'create');
    return { kind: 'stored' };
  });
  if (outcome.kind === 'locked') return lockedAnswer(outcome.lock);
  if (outcome.kind === 'refused') throw new DomainError('conflict', outcome.message);
  return ok();
}

function lockRefusal(principal: StatePrincipal, lock: repo.StateLockRow | undefined, lockId: string | undefined) {
  if (lock) {
    if (lockId === undefined) {
      return { locked: true, message: `The state is locked (ID ${lock.lockId}, by ${lock.holderName}); a write must name the lock it holds. The write was kept as a quarantined version.` };
    }
    if (lockId !== lock.lockId) {
      return { locked: true, message: `The state is locked with another ID (${lock.lockId}, by ${lock.holderName}). The write was kept as a quarantined version.` };
    }
    return undefined;
  }
  if (lockId !== undefined) {
    return { locked: false, message: `The state is not locked with ID ${lockId}: the lock was released or force-unlocked. The write was kept as a quarantined version.` };
  }
  if (principal.kind === 'job') {
    return { locked: false, message: 'A run must lock the state before writing it. The write was kept as a quarantined version.' };
  }
  return undefined;
}

function versionRefusal(head: repo.StackStateRow, document: StateDocument): { locked: false; message: string } | 'unchanged' | undefined {
  if (!head.currentVersionId || head.serial === null || head.lineage === null) return undefined;
  const quarantined = 'The write was kept as a quarantined version.';
  if (document.lineage !== head.lineage) {
    return {
      locked: false,
      message: `The state's lineage ${document.lineage} is not the stack's (${head.lineage}): it is another state. ${quarantined}`,
    };
  }
  if (document.serial < head.serial) {
    return {
      locked: false,
      message: `The state's serial ${document.serial} is lower than the current serial ${head.serial}: it is older than the stored state. ${quarantined}`,
    };
  }
  if (document.serial === head.serial) {
    // The same write again (a retry whose answer was lost) changes nothing; other content under the
    // same serial would fork the history.
    if (document.sha256 === head.sha256) return 'unchanged';
    return {
      locked: false,
      message: `The state's serial ${document.serial} is the current serial but its content differs: Terraform increases the serial on every change. ${quarantined}`,
    };
  }
  return undefined;
}

/** LOCK and POST …/lock: takes the lock; the same ID by the same holder again is a retry (200). */
export async function lockState(deps: TerraformStateDeps, principal: StatePrincipal, stackId: string, body: Buffer, unit = ''): Promise<RawAnswer> {
  const placement = await authorizeOnStack(deps, principal, stackId, 'stackState:write', 'lock');
  const parsed = parseLockInfo(body);
  if (parsed.empty) throw badRequest('LOCK needs Terraform\'s LockInfo with an "ID"');
  const info = parsed.info;
  const outcome = await inOrganization(deps.db, principal.organizationId, async (scope) => {
    await repo.lockStackState(scope, stackId, unit);
    const inserted = await repo.insertLock(scope, {
      stackId,
      unit,
      lockId: info.ID,
      info: JSON.stringify(info),
      holderKind: principal.kind,
      holderId: principal.id,
      holderName: principal.name,
    });
    if (inserted) {
      await audit(scope, principalInitiator(principal), stackId, placement, lockEntity(stackId, unit), 'lock');
      return undefined;
    }
    const held = await repo.findLock(scope, stackId, unit);
    if (held && held.lockId === info.ID && held.holderKind === principal.kind && held.holderId === principal.id) return undefined;
    return held;
  });
  return outcome ? lockedAnswer(outcome) : ok();
}

/**
 * UNLOCK and DELETE …/lock. A LockInfo with an ID releases the lock with that ID (only the ID is
 * compared). An empty body, or a LockInfo without an ID, is a force-unlock (terraform and
 * OpenTofu 1.6–1.9 send it so): it needs stackState:forceUnlock and is audited as such. No lock
 * held: nothing to do, 200 (a retried UNLOCK succeeds).
 */
export async function unlockState(deps: TerraformStateDeps, principal: StatePrincipal, stackId: string, body: Buffer, unit = ''): Promise<RawAnswer> {
  const parsed = parseLockInfo(body);
  const placement = await authorizeOnStack(deps, principal, stackId, parsed.empty ? 'stackState:forceUnlock' : 'stackState:write', 'lock');
  const outcome = await inOrganization(deps.db, principal.organizationId, async (scope) => {
    await repo.lockStackState(scope, stackId, unit);
    const held = await repo.findLock(scope, stackId, unit);
    if (!held) return undefined;
    if (!parsed.empty && held.lockId !== parsed.info.ID) return held;
    await repo.deleteLock(scope, stackId, held.lockId, unit);
    await audit(scope, principalInitiator(principal), stackId, placement, lockEntity(stackId, unit), parsed.empty ? 'forceUnlock' : 'unlock');
    return undefined;
  });
  return outcome ? lockedAnswer(outcome) : ok();
}

function parseLockInfo(body: Buffer): ReturnType<typeof readLockInfo> {
  try {
    return readLockInfo(body);
  } catch (error) {
    if (error instanceof StateDocumentError) throw badRequest(error.message);
    throw error;
  }
}

export type { LockInfo };
