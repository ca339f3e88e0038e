import { createHmac, hkdfSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PermissionEngine } from '../../permissions/permission-engine';
import { signUpOrganization } from '../../testing/factories';
import { createTestApi, type TestApi } from '../../testing/test-api';
import { createDocsToken } from './docs.service';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

describe('documentation token', () => {
  it('answers a short-lived JWT over HTTP', async () => {
    const org = await signUpOrganization(api, 'docs');
    const res = await api.call<{ token: string; expiresAt: string }>('createGitbookToken', { token: org.token });
    expect(res.status).toBe(200);
    const { token, expiresAt } = res.body.response.items[0] as { token: string; expiresAt: string };
    const [, payload] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload as string, 'base64url').toString()) as Record<string, unknown>;
    expect(claims).toMatchObject({ sub: org.userId, email: org.email, org: org.organizationId });
    expect((claims['exp'] as number) - (claims['iat'] as number)).toBe(300);
    expect(Date.parse(expiresAt)).toBe((claims['exp'] as number) * 1000);
  });

  it('signs with HMAC-SHA256 under the shared secret', async () => {
    const secret = Buffer.from(hkdfSync('sha256', Buffer.alloc(32, 1), Buffer.alloc(0), 'x', 32));
    const actor = {
      userId: 'usr-1',
      email: 'a@b.co',
      userType: 'directUser' as const,
      sessionId: 'ses-1',
      organizationId: 'o-1',
      organizationType: 'regular' as const,
      role: 'viewer',
      customRoleId: null,
    };
    const { token } = await createDocsToken({ engine: new PermissionEngine(), jwtSecret: secret, tokenTtlSeconds: 60 }, actor, new Date(0));
    const [header, payload, signature] = token.split('.') as [string, string, string];
    expect(JSON.parse(Buffer.from(header, 'base64url').toString())).toEqual({ alg: 'HS256', typ: 'JWT' });
    expect(signature).toBe(createHmac('sha256', secret).update(`${header}.${payload}`).digest('base64url'));
    expect(JSON.parse(Buffer.from(payload, 'base64url').toString())).toMatchObject({ iat: 0, exp: 60 });
  });
});
