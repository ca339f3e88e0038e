import { createHash, randomBytes } from 'node:crypto';

/**
 * Bearer tokens are random strings shown once; the database keeps only their SHA-256, so a
 * leaked table cannot be replayed. A prefix tells token kinds apart in logs and scanners.
 */
export function newOpaqueToken(prefix: 'tsn' | 'tpu' | 'tpa' | 'tiv' | 'trs' | 'tmf' = 'tsn'): string {
  return `${prefix}_${randomBytes(32).toString('base64url')}`;
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}
