import { describe, expect, it } from 'vitest';
import { SecretMasker } from './secret-masker';

function streamThrough(masker: SecretMasker, chunks: string[]): string {
  const out = chunks.map((c) => masker.write(Buffer.from(c)).toString('utf8')).join('');
  return out + masker.end().toString('utf8');
}

describe('SecretMasker', () => {
  const secret = 'hunter2-Secret!';

  it('masks a secret inside one chunk', () => {
    expect(streamThrough(new SecretMasker([secret]), [`password = "${secret}"\n`])).toBe('password = "***"\n');
  });

  it('masks a secret split across chunks at every possible place', () => {
    const text = `a ${secret} b ${secret}c`;
    for (let cut = 1; cut < text.length; cut++) {
      for (let second = cut + 1; second < text.length; second++) {
        const out = streamThrough(new SecretMasker([secret]), [text.slice(0, cut), text.slice(cut, second), text.slice(second)]);
        expect(out, `cut at ${cut}/${second}`).toBe('a *** b ***c');
      }
    }
  });

  it('masks a secret arriving one byte at a time', () => {
    const text = `x${secret}y`;
    expect(streamThrough(new SecretMasker([secret]), [...text])).toBe('x***y');
  });

  it('holds back only what could start a secret, and releases it at the end', () => {
    const masker = new SecretMasker([secret]);
    expect(masker.write(Buffer.from('line one\nhunt')).toString()).toBe('line one\n');
    expect(masker.end().toString()).toBe('hunt');
  });

  it('masks the base64 and URL-encoded forms and each line of a multi-line secret', () => {
    const key = '-----BEGIN KEY-----\nAAAAB3NzaC1yc2EAAAADAQABAAABAQ\n-----END KEY-----';
    const masker = new SecretMasker([secret, key, 'p@ss word/+=']);
    expect(masker.maskText(Buffer.from(secret).toString('base64'))).toBe('***');
    expect(masker.maskText(`url=${encodeURIComponent('p@ss word/+=')}`)).toBe('url=***');
    expect(masker.maskText('key: AAAAB3NzaC1yc2EAAAADAQABAAABAQ')).toBe('key: ***');
  });

  it('prefers the longest secret when secrets overlap, even across chunks', () => {
    const masker = new SecretMasker(['abcdef', 'abcdefghij']);
    expect(streamThrough(masker, ['xx abcdefg', 'hij yy'])).toBe('xx *** yy');
    expect(streamThrough(new SecretMasker(['abcdef', 'abcdefghij']), ['xx abcdefg', 'hXX'])).toBe('xx ***ghXX');
  });

  it('does not mask values shorter than six characters', () => {
    expect(new SecretMasker(['true', '12345']).maskText('true 12345')).toBe('true 12345');
  });

  it('passes bytes through untouched without secrets', () => {
    const bytes = Buffer.from([0xe2, 0x94]);
    expect(new SecretMasker([]).write(bytes)).toEqual(bytes);
  });
});
