import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { addDomainIssue, lengthLimits, trimmed, unwrapOptional, wireRule } from './contract-resolver';

const message = { id: 'test.message', message: 'Not like this' };

describe('the helpers forms build their zod/mini schemas with', () => {
  it('unwrapOptional keeps a member’s own rules without its optional and nullable layers', () => {
    const member = z.string().check(z.maxLength(3));
    const unwrapped = unwrapOptional(z.optional(z.nullable(member)));
    expect(unwrapped).toBe(member);
    expect(unwrapped.safeParse(undefined).success).toBe(false);
    expect(unwrapped.safeParse('four').error?.issues[0]).toMatchObject({ code: 'too_big', maximum: 3 });
    expect(unwrapOptional(member)).toBe(member);
  });

  it('trimmed trims before the given rules check the text', () => {
    const name = trimmed(z.string().check(z.minLength(1), z.maxLength(3)));
    expect(name.parse('  abc ')).toBe('abc');
    expect(name.safeParse('   ').error?.issues[0]).toMatchObject({ code: 'too_small', minimum: 1 });
    expect(trimmed().parse(' a ')).toBe('a');
  });

  it('lengthLimits reads the minimum and maximum a schema checks', () => {
    expect(lengthLimits(z.string().check(z.minLength(8), z.maxLength(128)))).toEqual({ minimum: 8, maximum: 128 });
    expect(lengthLimits(z.array(z.string()).check(z.maxLength(5), z.maxLength(3)))).toEqual({ maximum: 3 });
    expect(lengthLimits(z.string())).toEqual({});
  });

  it('addDomainIssue reports a translated message on the path given', () => {
    const schema = z.object({ a: z.string() }).check(z.superRefine((_value, ctx) => addDomainIssue(ctx, message, ['a'])));
    expect(schema.safeParse({ a: 'x' }).error?.issues).toEqual([
      expect.objectContaining({ code: 'custom', path: ['a'], params: { message } }),
    ]);
  });

  it('wireRule reports the wire schema’s problems on the form field itself', () => {
    const wire = z.array(z.object({ name: z.string().check(z.minLength(2)) }));
    const schema = z.object({ names: z.array(z.string()).check(wireRule(wire, (names: string[]) => names.map((name) => ({ name })))) });
    expect(schema.safeParse({ names: ['ok', 'x'] }).error?.issues).toEqual([
      expect.objectContaining({ code: 'too_small', minimum: 2, path: ['names'] }),
    ]);
  });
});
