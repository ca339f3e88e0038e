import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SecretEnvelope } from './secret-envelope';

describe('SecretEnvelope', () => {
  const envelope = new SecretEnvelope(randomBytes(32));

  it('round-trips and never contains the plaintext', () => {
    const sealed = envelope.encrypt('s3cr3t-value', 'o-1/variable/var-1');
    expect(sealed).toMatch(/^v1\./);
    expect(sealed).not.toContain('s3cr3t');
    expect(envelope.decrypt(sealed, 'o-1/variable/var-1')).toBe('s3cr3t-value');
  });

  it('uses a fresh data key and IV each time', () => {
    expect(envelope.encrypt('same', 'c')).not.toBe(envelope.encrypt('same', 'c'));
  });

  it('refuses another context, another master key and any tampering', () => {
    const sealed = envelope.encrypt('value', 'o-1/a');
    expect(() => envelope.decrypt(sealed, 'o-2/a')).toThrow();
    expect(() => new SecretEnvelope(randomBytes(32)).decrypt(sealed, 'o-1/a')).toThrow();
    const [v, key, body] = sealed.split('.');
    const bytes = Buffer.from(body as string, 'base64url');
    bytes[bytes.length - 1] = (bytes[bytes.length - 1] as number) ^ 1;
    expect(() => envelope.decrypt(`${v}.${key}.${bytes.toString('base64url')}`, 'o-1/a')).toThrow();
    expect(() => envelope.decrypt('v0.x.y', 'o-1/a')).toThrow(/format/);
  });

  it('seals bytes the same way, bound to their context', () => {
    const plain = Buffer.from([0, 1, 2, 255, ...Buffer.from('{"serial":1}')]);
    const sealed = envelope.encryptBytes(plain, 'o-1/stateVersion/sv-1');
    expect(sealed[0]).toBe(1);
    expect(sealed.includes(Buffer.from('serial'))).toBe(false);
    expect(envelope.decryptBytes(sealed, 'o-1/stateVersion/sv-1')).toEqual(plain);
    expect(envelope.encryptBytes(plain, 'c')).not.toEqual(envelope.encryptBytes(plain, 'c'));
    expect(() => envelope.decryptBytes(sealed, 'o-1/stateVersion/sv-2')).toThrow();
    const tampered = Buffer.from(sealed);
    tampered[tampered.length - 1] = (tampered[tampered.length - 1] as number) ^ 1;
    expect(() => envelope.decryptBytes(tampered, 'o-1/stateVersion/sv-1')).toThrow();
    expect(() => envelope.decryptBytes(Buffer.from([2, 3]), 'c')).toThrow(/format/);
  });

  it('requires a 32-byte master key', () => {
    expect(() => new SecretEnvelope(randomBytes(16))).toThrow();
  });
});
