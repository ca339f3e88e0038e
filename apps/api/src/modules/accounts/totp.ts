import { Secret, TOTP } from 'otpauth';

const period = 30;

export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

export function otpauthUrl(secret: string, email: string): string {
  return new TOTP({ issuer: 'Terrace', label: email, secret: Secret.fromBase32(secret), period }).toString();
}

/** The time step of a valid code (one step of clock drift either way), or null. */
export function totpCounter(secret: string, code: string, now = Date.now()): number | null {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), period });
  const delta = totp.validate({ token: code, timestamp: now, window: 1 });
  return delta === null ? null : Math.floor(now / 1000 / period) + delta;
}
