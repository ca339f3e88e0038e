import { randomBytes, X509Certificate } from 'node:crypto';
import type { SecretEnvelope } from '../../crypto/secret-envelope';
import type { Database } from '../../db/database';
import { inOrganization } from '../../db/scope';
import { notFound, validationError } from '../../http/domain-error';
import type { Actor } from '../../permissions/actor';
import type { PermissionEngine } from '../../permissions/permission-engine';
import { initiatorOf, recordAudit } from '../audit/audit.service';
import { deleteIdentityProvider as deleteRow, findIdentityProvider, upsertIdentityProvider, type IdentityProviderRow } from './sso.repository';
import type { OidcSettingsRecord, SamlSettingsRecord } from './sso.schema';

export interface IdentityProviderDeps {
  db: Database;
  engine: PermissionEngine;
  envelope: SecretEnvelope;
  urls: SsoUrls;
}

/** Where the browser comes back: the console pages and the API's callbacks, both absolute. */
export interface SsoUrls {
  /** PUBLIC_URL: the console's origin (and base path). */
  console: string;
  /** The API base the identity provider redirects to (PUBLIC_URL + /api). */
  api: string;
}

export const oidcRedirectUri = (urls: SsoUrls) => `${urls.api.replace(/\/$/, '')}/auth/sso/oidc/callback`;
export const samlAcsUrl = (urls: SsoUrls) => `${urls.api.replace(/\/$/, '')}/auth/sso/saml/acs`;

/** Ids of this module's own records (the shared id kinds name the wire format's resources). */
export const ssoId = (prefix: 'idp' | 'ssps') => `${prefix}-${randomBytes(16).toString('hex')}`;

/** Binds the ciphertext to its organization and purpose, so a copied value does not decrypt elsewhere. */
export const clientSecretContext = (organizationId: string) => `identityProvider:${organizationId}:oidcClientSecret`;

export type SsoDefaultRole = 'admin' | 'viewer' | 'member' | 'deployer';

export interface IdentityProviderInput {
  type: 'oidc' | 'saml';
  emailDomains: string[];
  defaultRole?: SsoDefaultRole;
  oidc?: { issuerUrl: string; clientId: string; clientSecret?: string; scopes?: string; groupsClaim?: string };
  saml?: { entryPointUrl: string; idpCertificate: string; spEntityId: string; groupsAttribute?: string };
}

export function toIdentityProvider(row: IdentityProviderRow, urls: SsoUrls) {
  return {
    id: row.id,
    type: row.type,
    emailDomains: row.emailDomains,
    defaultRole: row.defaultRole,
    oidc:
      row.type === 'oidc' && row.oidc
        ? { ...row.oidc, isClientSecretConfigured: row.oidcClientSecret !== null, redirectUri: oidcRedirectUri(urls) }
        : null,
    saml: row.type === 'saml' && row.saml ? { ...row.saml, acsUrl: samlAcsUrl(urls) } : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const loopback = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** IdP endpoints must be HTTPS; plain HTTP only on the loopback interface (a local IdP). */
function requireSecureUrl(value: string, field: string): string {
  const url = new URL(value);
  // Kept as written: an OIDC issuer must match the discovery document's `issuer` exactly.
  if (url.protocol === 'https:' || (url.protocol === 'http:' && loopback.has(url.hostname))) return value.trim();
  throw validationError(`'${field}' must be an https URL`, field);
}

function oidcSettings(input: NonNullable<IdentityProviderInput['oidc']>): OidcSettingsRecord {
  const scopes = (input.scopes ?? 'openid email profile').trim().split(/\s+/);
  if (!scopes.includes('openid')) throw validationError("'entity.oidc.scopes' must include 'openid'", 'entity.oidc.scopes');
  return {
    issuerUrl: requireSecureUrl(input.issuerUrl, 'entity.oidc.issuerUrl'),
    clientId: input.clientId.trim(),
    scopes: scopes.join(' '),
    groupsClaim: input.groupsClaim?.trim() || 'groups',
  };
}

function samlSettings(input: NonNullable<IdentityProviderInput['saml']>): SamlSettingsRecord {
  try {
    const certificate = new X509Certificate(input.idpCertificate);
    if (new Date(certificate.validTo).getTime() < Date.now()) {
      throw validationError("'entity.saml.idpCertificate' has expired", 'entity.saml.idpCertificate');
    }
  } catch (error) {
    if (error instanceof Error && error.name === 'DomainError') throw error;
    throw validationError("'entity.saml.idpCertificate' is not a PEM certificate", 'entity.saml.idpCertificate');
  }
  return {
    entryPointUrl: requireSecureUrl(input.entryPointUrl, 'entity.saml.entryPointUrl'),
    idpCertificate: input.idpCertificate.trim(),
    spEntityId: input.spEntityId.trim(),
    groupsAttribute: input.groupsAttribute?.trim() || 'groups',
  };
}

export async function getIdentityProvider(deps: IdentityProviderDeps, actor: Actor) {
  await deps.engine.require(actor, 'signInSettings:read');
  const row = await inOrganization(deps.db, actor.organizationId, findIdentityProvider);
  return row ? [toIdentityProvider(row, deps.urls)] : [];
}

export async function putIdentityProvider(deps: IdentityProviderDeps, actor: Actor, input: IdentityProviderInput) {
  await deps.engine.require(actor, 'signInSettings:update');
  const settings = input.type === 'oidc' ? input.oidc : input.saml;
  if (!settings) throw validationError(`'entity.${input.type}' is required for type ${input.type}`, `entity.${input.type}`);
  const other = input.type === 'oidc' ? 'saml' : 'oidc';
  if (input[other] !== undefined) throw validationError(`'entity.${other}' does not apply to type ${input.type}`, `entity.${other}`);
  const emailDomains = [...new Set(input.emailDomains.map((d) => d.trim().toLowerCase()))];

  return inOrganization(deps.db, actor.organizationId, async (scope) => {
    const existing = await findIdentityProvider(scope);
    let oidcClientSecret: string | null = null;
    if (input.type === 'oidc' && input.oidc) {
      // Left out, the stored secret stays (the console never receives it to send back).
      oidcClientSecret =
        input.oidc.clientSecret !== undefined
          ? deps.envelope.encrypt(input.oidc.clientSecret, clientSecretContext(actor.organizationId))
          : existing?.type === 'oidc'
            ? existing.oidcClientSecret
            : null;
    }
    const row = await upsertIdentityProvider(scope, {
      id: existing?.id ?? ssoId('idp'),
      type: input.type,
      emailDomains,
      defaultRole: input.defaultRole ?? existing?.defaultRole ?? 'member',
      oidc: input.type === 'oidc' && input.oidc ? oidcSettings(input.oidc) : null,
      oidcClientSecret,
      saml: input.type === 'saml' && input.saml ? samlSettings(input.saml) : null,
      updatedAt: new Date(),
    });
    await recordAudit(scope, initiatorOf(actor), {
      entityType: 'identityProvider',
      entityId: row.id,
      entityName: row.type,
      action: existing ? 'update' : 'create',
    });
    return toIdentityProvider(row, deps.urls);
  });
}

export async function deleteIdentityProvider(deps: IdentityProviderDeps, actor: Actor) {
  await deps.engine.require(actor, 'signInSettings:update');
  return inOrganization(deps.db, actor.organizationId, async (scope) => {
    const row = await deleteRow(scope);
    if (!row) throw notFound('Identity provider of organization', actor.organizationId);
    await recordAudit(scope, initiatorOf(actor), {
      entityType: 'identityProvider',
      entityId: row.id,
      entityName: row.type,
      action: 'delete',
    });
    return toIdentityProvider(row, deps.urls);
  });
}
