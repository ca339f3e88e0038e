import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const version = 'v1';
const ivBytes = 12;
/** The first byte of a byte envelope (encryptBytes), the version of its layout. */
const bytesFormat = 0x01;
/** A sealed 32-byte data key: IV, tag, key. */
const wrappedKeyBytes = ivBytes + 16 + 32;

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

  /**
   * The same envelope for bytes (state files, logs), stored as `bytea`: a format byte, the
   * wrapped data key (fixed length), then the sealed body.
   */
  encryptBytes(plaintext: Buffer, context: string): Buffer {
    const aad = Buffer.from(context, 'utf8');
    const dataKey = randomBytes(32);
    try {
      const wrappedKey = seal(this.masterKey, dataKey, aad);
      return Buffer.concat([Buffer.from([bytesFormat]), wrappedKey, seal(dataKey, plaintext, aad)]);
    } finally {
      dataKey.fill(0);
    }
  }

  decryptBytes(sealed: Buffer, context: string): Buffer {
    if (sealed[0] !== bytesFormat || sealed.length < 1 + wrappedKeyBytes + ivBytes + 16) throw new Error('Unknown secret envelope format');
    const aad = Buffer.from(context, 'utf8');
    const dataKey = open(this.masterKey, sealed.subarray(1, 1 + wrappedKeyBytes), aad);
    try {
      return open(dataKey, sealed.subarray(1 + wrappedKeyBytes), aad);
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
