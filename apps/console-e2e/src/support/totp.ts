import { Secret, TOTP } from 'otpauth';

/**
 * RFC 6238 codes (HMAC-SHA1, 6 digits, 30-second steps), as an authenticator app computes them
 * from the key the console shows, through the same `otpauth` library the API's tests use.
 */
const period = 30;

/** The time step of an instant (RFC 6238 T). */
export function totpStep(now = Date.now()): number {
  return Math.floor(now / 1000 / period);
}

/** The code of a time step. */
export function totpCode(secret: string, step = totpStep()): string {
  return new TOTP({ secret: Secret.fromBase32(secret.replace(/\s/g, '')), period }).generate({ timestamp: step * period * 1000 });
}

/** A six-digit code that no step the server accepts now (one step of drift either way) produces. */
export function wrongTotpCode(secret: string): string {
  const valid = new Set([-1, 0, 1].map((d) => totpCode(secret, totpStep() + d)));
  for (let n = 123456; ; n = (n + 111_111) % 1_000_000) {
    const code = String(n).padStart(6, '0');
    if (!valid.has(code)) return code;
  }
}
