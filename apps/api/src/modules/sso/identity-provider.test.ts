import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateSigningKey } from './testing/test-saml-idp';
import { signUpOrganization, startSsoTestServer, uniqueDomain, type SsoTestServer } from './testing/sso-test-server';

let server: SsoTestServer;

beforeAll(async () => {
  server = await startSsoTestServer();
});

afterAll(async () => {
  await server?.close();
});

interface IdentityProviderItem {
  id: string;
  type: string;
  emailDomains: string[];
  defaultRole: string;
  oidc: { issuerUrl: string; clientId: string; isClientSecretConfigured: boolean; redirectUri: string; scopes: string; groupsClaim: string } | null;
  saml: { acsUrl: string; spEntityId: string } | null;
}

const secret = 'client-secret-that-must-never-come-back';

describe('identity provider configuration', () => {
  it('stores an OIDC provider with its secret encrypted, never answers the secret, and keeps it when left out', async () => {
    const domain = uniqueDomain('idp');
    const admin = await signUpOrganization(server, domain);

    const empty = await server.call('getIdentityProvider', { token: admin.token });
    expect(empty.status).toBe(200);
    expect(empty.body.response.items).toEqual([]);

    const put = await server.call<IdentityProviderItem>('putIdentityProvider', {
      token: admin.token,
      entity: {
        type: 'oidc',
        emailDomains: [domain.toUpperCase()],
        defaultRole: 'viewer',
        oidc: { issuerUrl: 'https://idp.example.com', clientId: 'terrace', clientSecret: secret },
      },
    });
    expect(put.status).toBe(200);
    const created = put.body.response.items[0] as IdentityProviderItem;
    expect(created).toMatchObject({
      type: 'oidc',
      emailDomains: [domain],
      defaultRole: 'viewer',
      saml: null,
      oidc: {
        issuerUrl: 'https://idp.example.com',
        clientId: 'terrace',
        scopes: 'openid email profile',
        groupsClaim: 'groups',
        isClientSecretConfigured: true,
        redirectUri: `${server.apiUrl}/auth/sso/oidc/callback`,
      },
    });
    expect(JSON.stringify(put.body)).not.toContain(secret);

    const stored = await server.database.db.execute(
      sql`SELECT oidc_client_secret FROM identity_providers WHERE organization_id = ${admin.organizationId}`,
    );
    const ciphertext = String(stored.rows[0]?.['oidc_client_secret']);
    expect(ciphertext).toMatch(/^v1\./);
    expect(ciphertext).not.toContain(secret);

    const updated = await server.call<IdentityProviderItem>('putIdentityProvider', {
      token: admin.token,
      entity: { type: 'oidc', emailDomains: [domain], oidc: { issuerUrl: 'https://idp.example.com', clientId: 'terrace-2', groupsClaim: 'roles' } },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.response.items[0]).toMatchObject({ id: created.id, defaultRole: 'viewer', oidc: { clientId: 'terrace-2', groupsClaim: 'roles', isClientSecretConfigured: true } });
    const after = await server.database.db.execute(
      sql`SELECT oidc_client_secret FROM identity_providers WHERE organization_id = ${admin.organizationId}`,
    );
    expect(after.rows[0]?.['oidc_client_secret']).toBe(ciphertext);

    const read = await server.call<IdentityProviderItem>('getIdentityProvider', { token: admin.token });
    expect(read.body.response.items).toEqual([updated.body.response.items[0]]);
    expect(JSON.stringify(read.body)).not.toContain(secret);

    const audit = await server.call<{ entityType: string; action: string; entityId: string }>('listAuditEvents', {
      token: admin.token,
      query: { entityType: 'identityProvider' },
    });
    expect(audit.status).toBe(200);
    expect(audit.body.response.items.map((e) => `${e.entityId}:${e.action}`).sort()).toEqual([`${created.id}:create`, `${created.id}:update`]);

    const removed = await server.call('deleteIdentityProvider', { token: admin.token });
    expect(removed.status).toBe(200);
    expect((await server.call('getIdentityProvider', { token: admin.token })).body.response.items).toEqual([]);
    const again = await server.call('deleteIdentityProvider', { token: admin.token });
    expect(again.status).toBe(404);
    expect(again.body.response.errors[0]?.code).toBe('not_found');
  });

  it('stores a SAML provider and checks its certificate and URLs', async () => {
    const domain = uniqueDomain('samlcfg');
    const admin = await signUpOrganization(server, domain);
    const { certificate } = await generateSigningKey('config-test');
    const saml = { entryPointUrl: 'https://idp.example.com/sso', idpCertificate: certificate, spEntityId: 'urn:terrace' };

    const ok = await server.call<IdentityProviderItem>('putIdentityProvider', { token: admin.token, entity: { type: 'saml', emailDomains: [domain], saml } });
    expect(ok.status).toBe(200);
    expect(ok.body.response.items[0]).toMatchObject({ type: 'saml', oidc: null, saml: { spEntityId: 'urn:terrace', acsUrl: `${server.apiUrl}/auth/sso/saml/acs` } });

    const badCertificate = await server.call('putIdentityProvider', {
      token: admin.token,
      entity: { type: 'saml', emailDomains: [domain], saml: { ...saml, idpCertificate: `-----BEGIN CERTIFICATE-----\n${'A'.repeat(80)}\n-----END CERTIFICATE-----` } },
    });
    expect(badCertificate.status).toBe(400);
    expect(badCertificate.body.response.errors[0]).toMatchObject({ code: 'validation_error', field: 'entity.saml.idpCertificate' });

    const plainHttp = await server.call('putIdentityProvider', {
      token: admin.token,
      entity: { type: 'saml', emailDomains: [domain], saml: { ...saml, entryPointUrl: 'http://idp.example.com/sso' } },
    });
    expect(plainHttp.status).toBe(400);
    expect(plainHttp.body.response.errors[0]?.field).toBe('entity.saml.entryPointUrl');

    const mismatched = await server.call('putIdentityProvider', { token: admin.token, entity: { type: 'oidc', emailDomains: [domain], saml } });
    expect(mismatched.status).toBe(400);
    expect(mismatched.body.response.errors[0]?.field).toBe('entity.oidc');

    const noOpenid = await server.call('putIdentityProvider', {
      token: admin.token,
      entity: { type: 'oidc', emailDomains: [domain], oidc: { issuerUrl: 'https://idp.example.com', clientId: 'x', scopes: 'email profile' } },
    });
    expect(noOpenid.status).toBe(400);
    expect(noOpenid.body.response.errors[0]?.field).toBe('entity.oidc.scopes');
  });

  it('requires a session, and keeps each organization to its own provider', async () => {
    expect((await server.call('getIdentityProvider')).status).toBe(401);
    const one = await signUpOrganization(server, uniqueDomain('one'));
    const two = await signUpOrganization(server, uniqueDomain('two'));
    await server.call('putIdentityProvider', {
      token: one.token,
      entity: { type: 'oidc', emailDomains: ['one.example.org'], oidc: { issuerUrl: 'https://idp.example.com', clientId: 'one' } },
    });
    expect((await server.call('getIdentityProvider', { token: two.token })).body.response.items).toEqual([]);
    expect((await server.call('deleteIdentityProvider', { token: two.token })).status).toBe(404);
  });
});
