import { describe, expect, it } from 'vitest';
import { idPrefixes, newId } from './ids';

describe('newId', () => {
  it('prefixes ids as the wire format expects', () => {
    expect(newId('organization')).toMatch(/^o-[a-z0-9]{20}$/);
    expect(newId('namespace')).toMatch(/^ns-[a-z0-9]{20}$/);
    expect(newId('team')).toMatch(/^team-/);
    expect(newId('customRole')).toMatch(/^cro-/);
    expect(newId('customAbacConfiguration')).toMatch(/^cac-/);
    expect(newId('user')).toMatch(/^usr-/);
    expect(Object.keys(idPrefixes).length).toBeGreaterThan(5);
  });

  it('does not repeat', () => {
    const ids = new Set(Array.from({ length: 5000 }, () => newId('namespace')));
    expect(ids.size).toBe(5000);
  });
});
