import { randomBytes } from 'node:crypto';
import { createVcsHost, type VcsHost, type VcsHostEndpoints, type VcsProviderSettings } from '@terrace/vcs-hosts';
import { knownHostsProblem, type GitClient } from '@terrace/git';
import { changesFrom } from '../../db/changes';
import type { Database } from '../../db/database';
import { inOrganization, readOrganization, type Scope } from '../../db/scope';
import { unique } from '../../db/unique-violation';
import { newId } from '../../crypto/ids';
import type { SecretEnvelope } from '../../crypto/secret-envelope';
import type { Schemas } from '../../http/contract-types';
import { DomainError, alreadyExists, notFound, validationError } from '../../http/domain-error';
import { wholeList } from '../../http/operation-registry';
import type { Actor } from '../../permissions/actor';
import type { PermissionEngine } from '../../permissions/permission-engine';
import { initiatorOf, recordAudit } from '../audit/audit.service';
import { connectionRefusal, hostFailure } from './vcs-errors';
import {
  hasAnyProvider,
  deleteProvider as deleteRow,
  findProvider,
  findProviderByName,
  insertProvider,
  listProviders,
  lockProvider,
  updateProvider as updateRow,
  type VcsProviderChanges,
  type VcsProviderRow,
} from './vcs.repository';
import type { VcsProviderMetadata } from './vcs.schema';

export type VcsProvider = Schemas['VcsProvider'];
export type VcsProviderInput = Schemas['VcsProviderInput'];
export type VcsProviderUpdate = Schemas['VcsProviderUpdate'];
export type VcsCredentials = Schemas['VcsCredentials'];
type VcsType = Schemas['VcsType'];

export interface VcsDeps {
  db: Database;
  engine: PermissionEngine;
  envelope: SecretEnvelope;
  /** The hosted services' API addresses (config `VCS_ENDPOINTS`; the tests' stand-in). */
  endpoints: Partial<VcsHostEndpoints>;
  git: GitClient;
  /** Base of the webhook addresses (PUBLIC_URL; the API is served under /api). */
  publicUrl: string;
  /** The organization's primary SSH private key (ssh-keys module), for ssh clones. */
  primarySshKey: (organizationId: string) => Promise<string | null>;
  /**
   * The hook for deleting a provider still in use: answers how many stacks use it (the stacks
   * module plugs it in); deletion is refused while any does.
   */
  stacksUsingProvider?: (organizationId: string, providerId: string) => Promise<number>;
  /** Repository listings per provider, kept a few minutes (collectGitRepos refreshes them). */
  repositoryCache: RepositoryCache;
}

/** A short-lived per-process cache of repository listings, keyed by provider and its last change. */
export class RepositoryCache {
  readonly #entries = new Map<string, { at: number; repositories: Awaited<ReturnType<VcsHost['listRepositories']>> }>();
  constructor(private readonly ttlMs = 5 * 60_000) {}

  get(key: string) {
    const entry = this.#entries.get(key);
    return entry && Date.now() - entry.at < this.ttlMs ? entry.repositories : undefined;
  }

  set(key: string, repositories: Awaited<ReturnType<VcsHost['listRepositories']>>): void {
    if (this.#entries.size >= 1000) this.#entries.delete(this.#entries.keys().next().value as string);
    this.#entries.set(key, { at: Date.now(), repositories });
  }

  forget(providerId: string): void {
    for (const key of this.#entries.keys()) if (key.startsWith(`${providerId}@`)) this.#entries.delete(key);
  }
}

/** How long one call to a git host's API may take. */
export const hostCallTimeoutMs = 30_000;

const credentialsContext = (organizationId: string, providerId: string) => `vcsProvider:${organizationId}:${providerId}:credentials`;
const webhookContext = (organizationId: string, providerId: string) => `vcsProvider:${organizationId}:${providerId}:webhookSecret`;

const metadataKeys = ['githubMetadata', 'gitlabMetadata', 'bitbucketDataCenterMetadata', 'azureDevopsMetadata'] as const;

function metadataOf(input: VcsProviderMetadata): VcsProviderMetadata {
  const metadata: VcsProviderMetadata = {};
  for (const key of metadataKeys) if (input[key] !== undefined) Object.assign(metadata, { [key]: input[key] });
  return metadata;
}

/** The wire view: never the credentials nor the webhook secret. */
export function toVcsProvider(row: VcsProviderRow): VcsProvider {
  return {
    id: row.id,
    type: row.type,
    name: row.name,
    ...(row.authType !== null ? { authType: row.authType } : {}),
    ...(row.gitCloneType !== null ? { gitCloneType: row.gitCloneType } : {}),
    ...(row.sshKnownHosts !== null ? { sshKnownHosts: row.sshKnownHosts } : {}),
    ...metadataOf(row.metadata),
    createdAt: row.createdAt.toISOString(),
  };
}

/** Only the fields the contract knows, empty ones dropped. */
function cleanCredentials(credentials: VcsCredentials | undefined): VcsCredentials {
  const clean: Record<string, string> = {};
  for (const [key, value] of Object.entries(credentials ?? {})) if (typeof value === 'string' && value !== '') clean[key] = value;
  return clean;
}

export interface OpenedProvider {
  row: VcsProviderRow;
  credentials: VcsCredentials;
  settings: VcsProviderSettings;
}

function settingsOf(
  fields: { type: VcsType; authType?: Schemas['VcsAuthType'] | null | undefined } & VcsProviderMetadata,
  credentials: VcsCredentials,
): VcsProviderSettings {
  return { type: fields.type, authType: fields.authType ?? undefined, ...metadataOf(fields), credentials };
}

/** The REST client of a provider; a missing or malformed setting is a validation error on `field`. */
export function hostOf(deps: Pick<VcsDeps, 'endpoints'>, settings: VcsProviderSettings, field: string): VcsHost {
  try {
    return createVcsHost(settings, { endpoints: deps.endpoints });
  } catch (error) {
    throw hostFailure(error, field);
  }
}

/** A provider of the actor's organization with its credentials opened (server side only). */
export async function openProvider(deps: VcsDeps, organizationId: string, providerId: string): Promise<OpenedProvider> {
  const row = await readOrganization(deps.db, organizationId, (scope) => findProvider(scope, providerId));
  if (!row) throw notFound('VCS provider', providerId);
  const credentials = JSON.parse(deps.envelope.decrypt(row.credentials, credentialsContext(organizationId, row.id))) as VcsCredentials;
  return { row, credentials, settings: settingsOf({ ...row.metadata, type: row.type, authType: row.authType }, credentials) };
}

const nameTaken = (name: string) => `A VCS provider named '${name}' already exists`;

/** known_hosts text as given (blank is none); a line that is not a host key is a field error. */
function checkedKnownHosts(text: string | null | undefined): string | null {
  if (text === null || text === undefined || text.trim() === '') return null;
  const problem = knownHostsProblem(text);
  if (problem) throw validationError(`Line ${problem.line} of the SSH known hosts is not a host key: ${problem.reason}`, 'entity.sshKnownHosts');
  return text.trim();
}

function requiredName(name: string | null | undefined): string {
  const trimmed = (name ?? '').trim();
  if (!trimmed) throw validationError("'entity.name' must not be blank", 'entity.name');
  return trimmed;
}

async function requireUniqueName(scope: Scope, name: string, exceptId?: string): Promise<void> {
  const existing = await findProviderByName(scope, name);
  if (existing && existing.id !== exceptId) throw alreadyExists(nameTaken(name), 'entity.name');
}

export async function listVcsProviders(deps: VcsDeps, actor: Actor, query: { providerId?: string | undefined; type?: VcsType | undefined }) {
  const { rows } = await readOrganization(deps.db, actor.organizationId, (scope) =>
    listProviders(scope, { providerId: query.providerId, type: query.type }, wholeList),
  );
  return rows.map(toVcsProvider);
}

export async function createVcsProvider(deps: VcsDeps, actor: Actor, input: VcsProviderInput) {
  await deps.engine.require(actor, 'vcsProvider:create');
  const name = requiredName(input.name);
  const credentials = cleanCredentials(input.credentials);
  // The settings a host client needs (addresses, token, app key...) are checked before saving.
  hostOf(deps, settingsOf(input, credentials), 'entity.credentials');
  const id = newId('vcsProvider');
  return unique(nameTaken(name), 'entity.name', () =>
    inOrganization(deps.db, actor.organizationId, async (scope) => {
      await requireUniqueName(scope, name);
      const row = await insertProvider(scope, {
        id,
        name,
        type: input.type,
        authType: input.authType ?? null,
        gitCloneType: input.gitCloneType ?? null,
        sshKnownHosts: checkedKnownHosts(input.sshKnownHosts),
        metadata: metadataOf(input),
        credentials: deps.envelope.encrypt(JSON.stringify(credentials), credentialsContext(actor.organizationId, id)),
        createdBy: actor.userId,
      });
      await recordAudit(scope, initiatorOf(actor), { entityType: 'vcsCredentials', entityId: row.id, entityName: row.name, action: 'create' });
      return toVcsProvider(row);
    }),
  );
}

export async function updateVcsProvider(deps: VcsDeps, actor: Actor, providerId: string, input: VcsProviderUpdate) {
  await deps.engine.require(actor, 'vcsProvider:update');
  const changes: VcsProviderChanges = changesFrom(input, { authType: true, gitCloneType: true });
  if (input.sshKnownHosts !== undefined) changes.sshKnownHosts = checkedKnownHosts(input.sshKnownHosts);
  const name = input.name === undefined ? undefined : requiredName(input.name);
  if (name !== undefined) changes.name = name;
  const organizationId = actor.organizationId;
  const row = await unique(nameTaken(name ?? ''), 'entity.name', () =>
    inOrganization(deps.db, organizationId, async (scope) => {
      const existing = await lockProvider(scope, providerId);
      if (!existing) throw notFound('VCS provider', providerId);
      if (name !== undefined) await requireUniqueName(scope, name, providerId);
      if (input.credentials !== undefined || input.authType !== undefined) {
        // New credential fields replace the stored ones; the others stay.
        const stored = JSON.parse(deps.envelope.decrypt(existing.credentials, credentialsContext(organizationId, providerId))) as VcsCredentials;
        const credentials = { ...stored, ...cleanCredentials(input.credentials) };
        const authType = input.authType === undefined ? existing.authType : input.authType;
        hostOf(deps, settingsOf({ ...existing.metadata, type: existing.type, authType }, credentials), 'entity.credentials');
        changes.credentials = deps.envelope.encrypt(JSON.stringify(credentials), credentialsContext(organizationId, providerId));
      }
      const updated = (await updateRow(scope, providerId, changes)) as VcsProviderRow;
      await recordAudit(scope, initiatorOf(actor), { entityType: 'vcsCredentials', entityId: updated.id, entityName: updated.name, action: 'update' });
      return updated;
    }),
  );
  deps.repositoryCache.forget(providerId);
  return toVcsProvider(row);
}

export async function deleteVcsProvider(deps: VcsDeps, actor: Actor, providerId: string) {
  await deps.engine.require(actor, 'vcsProvider:delete');
  await inOrganization(deps.db, actor.organizationId, async (scope) => {
    const existing = await lockProvider(scope, providerId);
    if (!existing) throw notFound('VCS provider', providerId);
    const inUse = deps.stacksUsingProvider ? await deps.stacksUsingProvider(actor.organizationId, providerId) : 0;
    if (inUse > 0) {
      throw new DomainError('conflict', `The VCS provider '${existing.name}' is used by ${inUse} stack(s); point them at another provider first`);
    }
    const row = (await deleteRow(scope, providerId)) as VcsProviderRow;
    await recordAudit(scope, initiatorOf(actor), { entityType: 'vcsCredentials', entityId: row.id, entityName: row.name, action: 'delete' });
  });
  deps.repositoryCache.forget(providerId);
  return {};
}

/** Checks credentials before they are saved: the host's own reason when it refuses them. */
export async function validateVcsConnection(deps: VcsDeps, actor: Actor, input: VcsProviderInput): Promise<Schemas['ConnectionValidation']> {
  await deps.engine.require(actor, 'vcsProvider:create');
  try {
    const host = createVcsHost(settingsOf(input, cleanCredentials(input.credentials)), { endpoints: deps.endpoints });
    const identity = await host.validate(AbortSignal.timeout(hostCallTimeoutMs));
    return { isValid: true, message: `Connected as ${identity.account}` };
  } catch (error) {
    const refusal = connectionRefusal(error);
    if (refusal !== undefined) return { isValid: false, message: refusal };
    throw hostFailure(error, 'entity.credentials');
  }
}

export async function getVcsProviderMetadata(deps: VcsDeps, _actor: Actor, query: { type?: VcsType | undefined }) {
  const types: VcsType[] = query.type
    ? [query.type]
    : ['github', 'github-enterprise', 'github-enterprise-app', 'gitlab', 'gitlab-onprem', 'bitbucket-cloud', 'bitbucket-data-center', 'azure-devops', 'azure-devops-server'];
  return types.map((type) => ({ type, webhookUrl: webhookBase(deps, type) }));
}

// ---- Webhook secrets: made once per provider, sealed, and shown only by these explicit calls.

const webhookFamilies = {
  github: ['github', 'github-enterprise'],
  gitlab: ['gitlab', 'gitlab-onprem'],
  bitbucket: ['bitbucket-cloud'],
  bitbucketDataCenter: ['bitbucket-data-center'],
  azureDevops: ['azure-devops', 'azure-devops-server'],
  githubEnterpriseApp: ['github-enterprise-app'],
} as const satisfies Record<string, readonly VcsType[]>;
type WebhookFamily = keyof typeof webhookFamilies;

const webhookBase = (deps: Pick<VcsDeps, 'publicUrl'>, type: VcsType) => `${deps.publicUrl.replace(/\/+$/, '')}/api/vcs/webhook/${type}`;

async function webhookOf(deps: VcsDeps, actor: Actor, providerId: string, family: WebhookFamily) {
  await deps.engine.require(actor, 'vcsProvider:update');
  const organizationId = actor.organizationId;
  return inOrganization(deps.db, organizationId, async (scope) => {
    // Locked, so two first requests at once make one secret.
    const row = await lockProvider(scope, providerId);
    if (!row) throw notFound('VCS provider', providerId);
    if (!(webhookFamilies[family] as readonly VcsType[]).includes(row.type)) {
      throw validationError(`The provider '${row.name}' is a ${row.type} provider, not ${family}`, 'providerId');
    }
    let secret: string;
    if (row.webhookSecret) {
      secret = deps.envelope.decrypt(row.webhookSecret, webhookContext(organizationId, row.id));
    } else {
      secret = randomBytes(32).toString('base64url');
      await updateRow(scope, row.id, { webhookSecret: deps.envelope.encrypt(secret, webhookContext(organizationId, row.id)) });
      await recordAudit(scope, initiatorOf(actor), { entityType: 'vcsCredentials', entityId: row.id, entityName: row.name, action: 'update' });
    }
    return { row, secret, webhookUrl: `${webhookBase(deps, row.type)}?providerId=${encodeURIComponent(row.id)}` };
  });
}

export async function getWebhookSecret(deps: VcsDeps, actor: Actor, providerId: string, family: 'github' | 'gitlab' | 'bitbucket' | 'bitbucketDataCenter') {
  const { secret, webhookUrl } = await webhookOf(deps, actor, providerId, family);
  return { webhookUrl, secret };
}

export async function getAzureDevopsWebhookProperties(deps: VcsDeps, actor: Actor, providerId: string) {
  const { secret, webhookUrl } = await webhookOf(deps, actor, providerId, 'azureDevops');
  // Azure DevOps service hooks authenticate with basic credentials.
  return { webhookUrl, username: 'terrace', password: secret };
}

export async function getGithubEnterpriseAppWebhookProperties(deps: VcsDeps, actor: Actor, providerId: string) {
  const { row, secret, webhookUrl } = await webhookOf(deps, actor, providerId, 'githubEnterpriseApp');
  const manifest = {
    name: `Terrace ${row.name}`.slice(0, 34),
    url: deps.publicUrl,
    hook_attributes: { url: webhookUrl, active: true },
    public: false,
    default_permissions: { contents: 'read', metadata: 'read', pull_requests: 'write', statuses: 'write', checks: 'write' },
    default_events: ['push', 'pull_request'],
  };
  return { webhookUrl, secret, manifest };
}

/** The provider's webhook secret (server side only: the webhook receiver checks signatures with it); null until made. */
export function openWebhookSecret(deps: Pick<VcsDeps, 'envelope'>, row: VcsProviderRow): string | null {
  return row.webhookSecret ? deps.envelope.decrypt(row.webhookSecret, webhookContext(row.organizationId, row.id)) : null;
}

/** Whether the organization has this VCS provider (stacks check the provider they name). */
export async function vcsProviderExists(deps: Pick<VcsDeps, 'db'>, organizationId: string, providerId: string): Promise<boolean> {
  return (await readOrganization(deps.db, organizationId, (scope) => findProvider(scope, providerId))) !== undefined;
}

/** For the dashboard's getting-started steps: whether the organization has connected a provider. */
export function hasVcsProvider(db: Database, organizationId: string): Promise<boolean> {
  return readOrganization(db, organizationId, hasAnyProvider);
}
