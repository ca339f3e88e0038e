import { index, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import type { Schemas } from '../../http/contract-types';
import { cascadingReference, createdAt, expiresAt, timestamptz } from '../../db/columns';
import { organizationId, userId } from '../../db/tenant-columns';
import { sessions } from '../accounts/accounts.schema';

// Single sign-on keeps one identity provider per organization, the short-lived login requests
// between the redirect to the IdP and its callback, the potential sessions an SSO user may sign
// in with (one per organization, 90 days), which potential session each SSO session came from,
// and the SAML assertion ids already consumed (replay protection).

export interface OidcSettingsRecord {
  issuerUrl: string;
  clientId: string;
  scopes: string;
  groupsClaim: string;
}

export interface SamlSettingsRecord {
  entryPointUrl: string;
  idpCertificate: string;
  spEntityId: string;
  groupsAttribute: string;
}

export interface TeamRefRecord {
  id: string;
  name: string;
}

export const identityProviders = pgTable(
  'identity_providers',
  {
    id: text('id').primaryKey(),
    organizationId: organizationId().unique('identity_providers_organization_key'),
    type: text('type', { enum: ['oidc', 'saml'] }).notNull(),
    // Lower-case; read across organizations by the public sign-in request.
    emailDomains: text('email_domains').array().notNull(),
    defaultRole: text('default_role').$type<Schemas['SsoDefaultRole']>().notNull().default('member'),
    oidc: jsonb('oidc').$type<OidcSettingsRecord>(),
    // The OIDC client secret as a secret envelope (crypto/secret-envelope.ts); never answered.
    oidcClientSecret: text('oidc_client_secret'),
    saml: jsonb('saml').$type<SamlSettingsRecord>(),
    createdAt: createdAt(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [index('identity_providers_email_domains_idx').using('gin', t.emailDomains)],
);

export const ssoLoginRequests = pgTable(
  'sso_login_requests',
  {
    // SHA-256 of the OIDC `state` / SAML `RelayState`: the value itself travels only through the browser.
    stateHash: text('state_hash').primaryKey(),
    organizationId: organizationId(),
    type: text('type', { enum: ['oidc', 'saml'] }).notNull(),
    nonce: text('nonce'),
    // The PKCE verifier as a secret envelope.
    codeVerifier: text('code_verifier'),
    samlRequestId: text('saml_request_id'),
    // SHA-256 of the browser-binding cookie set with the sign-in request: the callback must come
    // from the browser that asked (null only on requests made before the binding existed).
    bindingHash: text('binding_hash'),
    createdAt: createdAt(),
    expiresAt: expiresAt(),
    consumedAt: timestamptz('consumed_at'),
  },
  (t) => [index('sso_login_requests_expires_idx').on(t.expiresAt)],
);

export const ssoPotentialSessions = pgTable(
  'sso_potential_sessions',
  {
    id: text('id').primaryKey(),
    organizationId: organizationId(),
    userId: userId(),
    role: text('role').notNull(),
    teams: jsonb('teams').$type<TeamRefRecord[]>().notNull().default([]),
    createdAt: createdAt(),
    expiresAt: expiresAt(),
    // Set by the public sign-in with this potential session: it signs in once.
    signedInAt: timestamptz('signed_in_at'),
  },
  (t) => [index('sso_potential_sessions_user_idx').on(t.userId, t.createdAt)],
);

export const ssoSessionOrigins = pgTable('sso_session_origins', {
  sessionId: text('session_id')
    .primaryKey()
    .references(() => sessions.id, { onDelete: 'cascade' }),
  organizationId: organizationId(),
  potentialSessionId: cascadingReference('potential_session_id', () => ssoPotentialSessions.id),
});

export const ssoSamlAssertions = pgTable(
  'sso_saml_assertions',
  {
    organizationId: organizationId(),
    assertionId: text('assertion_id').notNull(),
    expiresAt: expiresAt(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.assertionId] })],
);
