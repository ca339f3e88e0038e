import { createHmac } from 'node:crypto';

/**
 * RFC 6238 TOTP (HMAC-SHA1, 6 digits, 30-second steps), written here from the RFC rather than
 * taken from the API, so a spec that passes shows the server speaks the standard an authenticator
 * app speaks.
 */
const period = 30;
const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

function base32Decode(secret: string): Buffer {
  let bits = '';
  for (const char of secret.replace(/=+$/, '').replace(/\s/g, '').toUpperCase()) {
    const value = alphabet.indexOf(char);
    if (value < 0) throw new Error(`Not a base32 secret: ${secret}`);
    bits += value.toString(2).padStart(5, '0');
  }
  const bytes = bits.match(/.{8}/g) ?? [];
  return Buffer.from(bytes.map((b) => parseInt(b, 2)));
}

/** The time step of an instant (RFC 6238 T). */
export function totpStep(now = Date.now()): number {
  return Math.floor(now / 1000 / period);
}

/** The code of a time step (RFC 4226 HOTP of the step counter, dynamic truncation). */
export function totpCode(secret: string, step = totpStep()): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const hmac = createHmac('sha1', base32Decode(secret)).update(counter).digest();
  const offset = (hmac[hmac.length - 1] ?? 0) & 0x0f;
  const binary = hmac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 1_000_000).padStart(6, '0');
}

/** A six-digit code that no step the server accepts now (one step of drift either way) produces. */
export function wrongTotpCode(secret: string): string {
  const valid = new Set([-1, 0, 1].map((d) => totpCode(secret, totpStep() + d)));
  for (let n = 123456; ; n = (n + 111_111) % 1_000_000) {
    const code = String(n).padStart(6, '0');
    if (!valid.has(code)) return code;
  }
}
