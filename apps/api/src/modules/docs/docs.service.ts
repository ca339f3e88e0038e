import { createHmac } from 'node:crypto';
import type { Actor } from '../../permissions/actor';
import type { PermissionEngine } from '../../permissions/permission-engine';

export interface DocsDeps {
  engine: PermissionEngine;
  /** HMAC key shared with the documentation site. */
  jwtSecret: Buffer;
  tokenTtlSeconds: number;
}

const base64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

/** A short-lived HS256 JWT the documentation site verifies with the shared secret. */
export async function createDocsToken(deps: DocsDeps, actor: Actor, now = new Date()) {
  await deps.engine.require(actor, 'authenticated');
  const iat = Math.floor(now.getTime() / 1000);
  const exp = iat + deps.tokenTtlSeconds;
  const header = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const payload = base64url(
    JSON.stringify({ sub: actor.userId, email: actor.email, org: actor.organizationId, iat, exp }),
  );
  const signature = createHmac('sha256', deps.jwtSecret).update(`${header}.${payload}`).digest('base64url');
  return { token: `${header}.${payload}.${signature}`, expiresAt: new Date(exp * 1000).toISOString() };
}
