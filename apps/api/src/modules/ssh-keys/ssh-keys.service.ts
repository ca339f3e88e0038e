import { changesFrom } from '../../db/changes';
import type { Database } from '../../db/database';
import { isUniqueViolation } from '../../db/postgres-errors';
import { inOrganization, readOrganization, type Scope } from '../../db/scope';
import { unique } from '../../db/unique-violation';
import { newId } from '../../crypto/ids';
import type { SecretEnvelope } from '../../crypto/secret-envelope';
import type { Schemas } from '../../http/contract-types';
import { DomainError, alreadyExists, notFound, validationError } from '../../http/domain-error';
import type { Actor } from '../../permissions/actor';
import type { Permission, PermissionEngine } from '../../permissions/permission-engine';
import { initiatorOf, recordAudit } from '../audit/audit.service';
import { gpgPublicPart, sshPublicPart, type PublicPart } from './key-material';
import {
  clearOtherPrimaries,
  countKeys,
  deleteKey,
  findKey,
  findKeyByName,
  findPrimaryKey,
  insertKey,
  listKeys,
  lockKey,
  oldestKey,
  updateKey,
  type KeyChanges,
  type KeyRow,
} from './ssh-keys.repository';
import type { KeyKind } from './ssh-keys.schema';

export interface SshKeysDeps {
  db: Database;
  engine: PermissionEngine;
  envelope: SecretEnvelope;
}

export type SshKey = Schemas['SshKey'];
export type GitSigningKey = Schemas['GitSigningKey'];
type SshKeyInput = Schemas['SshKeyInput'];
type SshKeyUpdate = Schemas['SshKeyUpdate'];
type GitSigningKeyInput = Schemas['GitSigningKeyInput'];
type GitSigningKeyUpdate = Schemas['GitSigningKeyUpdate'];

const labels: Record<KeyKind, string> = { ssh: 'SSH key', gitSigning: 'Git signing key' };
const permissionOf = (kind: KeyKind, action: 'read' | 'create' | 'update' | 'delete'): Permission =>
  `${kind === 'ssh' ? 'sshKey' : 'gitSigningKey'}:${action}`;

// The private key and passphrase are sealed with the organization and the key's id as context,
// so a sealed value copied to another row or organization does not open.
const secretContext = (organizationId: string, keyId: string, part: 'privateKey' | 'passphrase') => `sshKey:${organizationId}:${keyId}:${part}`;

function toSshKey(row: KeyRow): SshKey {
  return {
    id: row.id,
    name: row.name,
    ...(row.publicKey !== null ? { publicKey: row.publicKey } : {}),
    ...(row.fingerprint !== null ? { fingerprint: row.fingerprint } : {}),
    isPrimary: row.isPrimary,
    createdAt: row.createdAt.toISOString(),
  };
}

function toGitSigningKey(row: KeyRow): GitSigningKey {
  return {
    ...toSshKey(row),
    type: row.signingType ?? 'gpg',
    ...(row.committerName !== null ? { committerName: row.committerName } : {}),
    ...(row.committerEmail !== null ? { committerEmail: row.committerEmail } : {}),
  };
}

const nameTaken = (kind: KeyKind, name: string) => `A ${labels[kind].toLowerCase()} named '${name}' already exists`;

function requiredName(name: string | null | undefined): string {
  const trimmed = (name ?? '').trim();
  if (!trimmed) throw validationError("'entity.name' must not be blank", 'entity.name');
  return trimmed;
}

async function publicPartOf(kind: KeyKind, type: 'gpg' | 'ssh', privateKey: string, passphrase?: string | null): Promise<PublicPart> {
  return kind === 'gitSigning' && type === 'gpg' ? gpgPublicPart(privateKey) : sshPublicPart(privateKey, passphrase);
}

function violatedConstraint(error: unknown): string | undefined {
  for (let e = error as { constraint?: string; cause?: unknown } | undefined, depth = 0; e && depth < 5; depth++) {
    if (e.constraint) return e.constraint;
    e = e.cause as typeof e;
  }
  return undefined;
}

function isDeadlock(error: unknown): boolean {
  for (let e = error as { code?: string; cause?: unknown } | undefined, depth = 0; e && depth < 5; depth++) {
    if (e.code === '40P01') return true;
    e = e.cause as typeof e;
  }
  return false;
}

/**
 * Retries a transaction that lost a race on the one-primary index (another request made a key
 * primary in between) or was chosen as a deadlock's victim; the index itself guarantees that at
 * most one key is primary.
 */
async function primaryRace<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      const onPrimary = isUniqueViolation(error) && violatedConstraint(error) === 'ssh_keys_org_kind_primary_key';
      if (!onPrimary && !isDeadlock(error)) throw error;
      if (attempt >= 10) throw new DomainError('conflict', 'Another key was made primary at the same time; try again');
    }
  }
}

async function requireUniqueName(scope: Scope, kind: KeyKind, name: string, exceptId?: string): Promise<void> {
  const existing = await findKeyByName(scope, kind, name);
  if (existing && existing.id !== exceptId) throw alreadyExists(nameTaken(kind, name), 'entity.name');
}

async function listOf(deps: SshKeysDeps, actor: Actor, kind: KeyKind, keyId: string | undefined): Promise<KeyRow[]> {
  await deps.engine.require(actor, permissionOf(kind, 'read'));
  return readOrganization(deps.db, actor.organizationId, (scope) => listKeys(scope, kind, keyId));
}

export async function listSshKeys(deps: SshKeysDeps, actor: Actor, query: { keyId?: string | undefined }) {
  return (await listOf(deps, actor, 'ssh', query.keyId)).map(toSshKey);
}

export async function listGitSigningKeys(deps: SshKeysDeps, actor: Actor, query: { keyId?: string | undefined }) {
  return (await listOf(deps, actor, 'gitSigning', query.keyId)).map(toGitSigningKey);
}

interface NewKey {
  name: string;
  privateKey: string;
  passphrase?: string | null | undefined;
  signingType?: 'gpg' | 'ssh';
  committerName?: string | null | undefined;
  committerEmail?: string | null | undefined;
}

async function createKey(deps: SshKeysDeps, actor: Actor, kind: KeyKind, input: NewKey): Promise<KeyRow> {
  await deps.engine.require(actor, permissionOf(kind, 'create'));
  const name = requiredName(input.name);
  const material = await publicPartOf(kind, input.signingType ?? 'ssh', input.privateKey, input.passphrase);
  const id = newId(kind === 'ssh' ? 'sshKey' : 'gitSigningKey');
  const organizationId = actor.organizationId;
  return unique(nameTaken(kind, name), 'entity.name', () =>
    primaryRace(() =>
      inOrganization(deps.db, organizationId, async (scope) => {
        await requireUniqueName(scope, kind, name);
        // The first key of its kind is the primary one.
        const isPrimary = (await countKeys(scope, kind)) === 0;
        const row = await insertKey(scope, {
          id,
          kind,
          name,
          signingType: kind === 'gitSigning' ? (input.signingType ?? 'gpg') : null,
          publicKey: material.publicKey,
          fingerprint: material.fingerprint,
          privateKey: deps.envelope.encrypt(input.privateKey, secretContext(organizationId, id, 'privateKey')),
          passphrase: input.passphrase ? deps.envelope.encrypt(input.passphrase, secretContext(organizationId, id, 'passphrase')) : null,
          committerName: input.committerName ?? null,
          committerEmail: input.committerEmail ?? null,
          isPrimary,
          createdBy: actor.userId,
        });
        await recordAudit(scope, initiatorOf(actor), { entityType: 'sshKey', entityId: row.id, entityName: row.name, action: 'create' });
        return row;
      }),
    ),
  );
}

export async function createSshKey(deps: SshKeysDeps, actor: Actor, input: SshKeyInput) {
  return toSshKey(await createKey(deps, actor, 'ssh', input));
}

export async function createGitSigningKey(deps: SshKeysDeps, actor: Actor, input: GitSigningKeyInput) {
  return toGitSigningKey(await createKey(deps, actor, 'gitSigning', { ...input, signingType: input.type }));
}

async function updateKeyOf(
  deps: SshKeysDeps,
  actor: Actor,
  kind: KeyKind,
  keyId: string,
  input: SshKeyUpdate & Partial<Pick<GitSigningKeyUpdate, 'passphrase' | 'committerName' | 'committerEmail' | 'type'>>,
): Promise<KeyRow> {
  await deps.engine.require(actor, permissionOf(kind, 'update'));
  if (input.privateKey === null) throw validationError("'entity.privateKey' cannot be cleared", 'entity.privateKey');
  if (input.type === null) throw validationError("'entity.type' cannot be cleared", 'entity.type');
  const name = input.name === undefined ? undefined : requiredName(input.name);
  const changes: KeyChanges = changesFrom(input, { committerName: true, committerEmail: true });
  if (name !== undefined) changes.name = name;
  const organizationId = actor.organizationId;
  return unique(nameTaken(kind, name ?? ''), 'entity.name', () =>
    inOrganization(deps.db, organizationId, async (scope) => {
      const existing = await findKey(scope, kind, keyId);
      if (!existing) throw notFound(labels[kind], keyId);
      if (name !== undefined) await requireUniqueName(scope, kind, name, keyId);
      const signingType = input.type ?? existing.signingType ?? 'gpg';
      if (kind === 'gitSigning' && input.type !== undefined) changes.signingType = signingType;
      if (input.passphrase !== undefined) {
        changes.passphrase = input.passphrase ? deps.envelope.encrypt(input.passphrase, secretContext(organizationId, keyId, 'passphrase')) : null;
      }
      const privateKey = input.privateKey;
      if (typeof privateKey === 'string') {
        const passphrase =
          input.passphrase !== undefined
            ? input.passphrase
            : existing.passphrase
              ? deps.envelope.decrypt(existing.passphrase, secretContext(organizationId, keyId, 'passphrase'))
              : null;
        const material = await publicPartOf(kind, kind === 'ssh' ? 'ssh' : signingType, privateKey, passphrase);
        changes.privateKey = deps.envelope.encrypt(privateKey, secretContext(organizationId, keyId, 'privateKey'));
        changes.publicKey = material.publicKey;
        changes.fingerprint = material.fingerprint;
      }
      const row = (await updateKey(scope, kind, keyId, changes)) as KeyRow;
      await recordAudit(scope, initiatorOf(actor), { entityType: 'sshKey', entityId: row.id, entityName: row.name, action: 'update' });
      return row;
    }),
  );
}

export async function updateSshKey(deps: SshKeysDeps, actor: Actor, keyId: string, input: SshKeyUpdate) {
  return toSshKey(await updateKeyOf(deps, actor, 'ssh', keyId, input));
}

export async function updateGitSigningKey(deps: SshKeysDeps, actor: Actor, keyId: string, input: GitSigningKeyUpdate) {
  return toGitSigningKey(await updateKeyOf(deps, actor, 'gitSigning', keyId, input));
}

async function deleteKeyOf(deps: SshKeysDeps, actor: Actor, kind: KeyKind, keyId: string): Promise<void> {
  await deps.engine.require(actor, permissionOf(kind, 'delete'));
  await primaryRace(() =>
    inOrganization(deps.db, actor.organizationId, async (scope) => {
      const row = await deleteKey(scope, kind, keyId);
      if (!row) throw notFound(labels[kind], keyId);
      // Keys remain: one of them (the oldest) becomes primary in the deleted one's place.
      if (row.isPrimary) {
        const next = await oldestKey(scope, kind);
        if (next) await updateKey(scope, kind, next.id, { isPrimary: true });
      }
      await recordAudit(scope, initiatorOf(actor), { entityType: 'sshKey', entityId: row.id, entityName: row.name, action: 'delete' });
    }),
  );
}

export async function deleteSshKey(deps: SshKeysDeps, actor: Actor, keyId: string) {
  await deleteKeyOf(deps, actor, 'ssh', keyId);
  return {};
}

export async function deleteGitSigningKey(deps: SshKeysDeps, actor: Actor, keyId: string) {
  await deleteKeyOf(deps, actor, 'gitSigning', keyId);
  return {};
}

async function setPrimaryOf(deps: SshKeysDeps, actor: Actor, kind: KeyKind, keyId: string): Promise<KeyRow> {
  await deps.engine.require(actor, permissionOf(kind, 'update'));
  return primaryRace(() =>
    inOrganization(deps.db, actor.organizationId, async (scope) => {
      // The key to make primary is locked first, then the current primary by the clearing update.
      const existing = await lockKey(scope, kind, keyId);
      if (!existing) throw notFound(labels[kind], keyId);
      await clearOtherPrimaries(scope, kind, keyId);
      const row = (await updateKey(scope, kind, keyId, { isPrimary: true })) as KeyRow;
      await recordAudit(scope, initiatorOf(actor), { entityType: 'sshKey', entityId: row.id, entityName: row.name, action: 'update' });
      return row;
    }),
  );
}

export async function setPrimarySshKey(deps: SshKeysDeps, actor: Actor, keyId: string) {
  return toSshKey(await setPrimaryOf(deps, actor, 'ssh', keyId));
}

export async function setPrimaryGitSigningKey(deps: SshKeysDeps, actor: Actor, keyId: string) {
  return toGitSigningKey(await setPrimaryOf(deps, actor, 'gitSigning', keyId));
}

/**
 * For the VCS module (clones over SSH): the organization's primary SSH private key, opened, or
 * null when it has none. Never leaves the server.
 */
export async function primarySshPrivateKey(deps: Pick<SshKeysDeps, 'db' | 'envelope'>, organizationId: string): Promise<string | null> {
  const row = await readOrganization(deps.db, organizationId, (scope) => findPrimaryKey(scope, 'ssh'));
  return row ? deps.envelope.decrypt(row.privateKey, secretContext(organizationId, row.id, 'privateKey')) : null;
}
