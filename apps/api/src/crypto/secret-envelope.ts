import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const version = 'v1';
const ivBytes = 12;

function seal(key: Buffer, plaintext: Buffer, aad: Buffer): Buffer {
  const iv = randomBytes(ivBytes);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(aad);
  const body = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]);
}

function open(key: Buffer, sealed: Buffer, aad: Buffer): Buffer {
  const iv = sealed.subarray(0, ivBytes);
  const tag = sealed.subarray(ivBytes, ivBytes + 16);
  const body = sealed.subarray(ivBytes + 16);
  const decipher = createDecipheriv('aes-256-gcm', key, iv);
  decipher.setAAD(aad);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(body), decipher.final()]);
}

/**
 * Envelope encryption with AES-256-GCM: each secret gets its own data key, the data key is
 * sealed by the master key, and both layers bind `context` (for example the organization and
 * the purpose) as associated data, so a ciphertext copied to another row does not decrypt.
 * Rotating the master key only re-wraps data keys.
 */
export class SecretEnvelope {
  constructor(private readonly masterKey: Buffer) {
    if (masterKey.length !== 32) throw new Error('The master key must be 32 bytes');
  }

  encrypt(plaintext: string, context: string): string {
    const aad = Buffer.from(context, 'utf8');
    const dataKey = randomBytes(32);
    try {
      const wrappedKey = seal(this.masterKey, dataKey, aad);
      const body = seal(dataKey, Buffer.from(plaintext, 'utf8'), aad);
      return `${version}.${wrappedKey.toString('base64url')}.${body.toString('base64url')}`;
    } finally {
      dataKey.fill(0);
    }
  }

  decrypt(envelope: string, context: string): string {
    const [v, wrappedKey, body, ...rest] = envelope.split('.');
    if (v !== version || !wrappedKey || !body || rest.length > 0) throw new Error('Unknown secret envelope format');
    const aad = Buffer.from(context, 'utf8');
    const dataKey = open(this.masterKey, Buffer.from(wrappedKey, 'base64url'), aad);
    try {
      return open(dataKey, Buffer.from(body, 'base64url'), aad).toString('utf8');
    } finally {
      dataKey.fill(0);
    }
  }
}
