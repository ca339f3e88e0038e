import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod/mini';
import type { components } from './generated/openapi';
import * as schemas from './generated/schemas';
import {
  requestSchemaNames,
  zCustomRoleInput,
  zNamespaceCreateInput,
  zPersonalAccessTokenInput,
} from './generated/schemas';

type Name = (typeof requestSchemaNames)[number];
type Parsed<N extends Name> = z.output<(typeof schemas)[`z${N}`]>;
type Contract<N extends Name> = components['schemas'][N];
type Mismatched = {
  [N in Name]: [Parsed<N>] extends [Contract<N>]
    ? [Contract<N>] extends [Parsed<N>]
      ? never
      : N
    : N;
}[Name];

describe('generated request schemas', () => {
  it('parse to the same types as the generated contract types', () => {
    // Both directions, for every schema: a field or type that drifted from the contract fails the type check.
    expectTypeOf<Mismatched>().toBeNever();
  });

  it('exist for every request body entity and what it refers to', () => {
    for (const name of requestSchemaNames) expect(schemas).toHaveProperty(`z${name}`);
    expect(requestSchemaNames).toContain('NamespaceCreateInput');
    expect(requestSchemaNames).toContain('NamespaceName');
  });

  it('carry the contract’s limits, patterns, enums and required fields', () => {
    const name = zNamespaceCreateInput.shape.name;
    expect(name.safeParse('a'.repeat(128)).success).toBe(true);
    expect(name.safeParse('a'.repeat(129)).error?.issues[0]).toMatchObject({
      code: 'too_big',
      maximum: 128,
    });
    expect(name.safeParse('').error?.issues[0]).toMatchObject({ code: 'too_small', minimum: 1 });
    expect(name.safeParse('two\nlines').error?.issues[0]).toMatchObject({
      code: 'invalid_format',
      format: 'regex',
    });
    expect(zNamespaceCreateInput.safeParse({}).error?.issues[0]).toMatchObject({
      code: 'invalid_type',
      path: ['name'],
    });
    expect(zNamespaceCreateInput.safeParse({ name: 'n', extra: 1 }).error?.issues[0]).toMatchObject(
      { code: 'unrecognized_keys' },
    );
    expect(zCustomRoleInput.shape.type.safeParse('owner').error?.issues[0]).toMatchObject({
      code: 'invalid_value',
    });
    expect(
      zPersonalAccessTokenInput.shape.expiresInDays.safeParse(3651).error?.issues[0],
    ).toMatchObject({ code: 'too_big', maximum: 3650 });
    expect(zPersonalAccessTokenInput.shape.expiresInDays.safeParse(null).success).toBe(true);
  });
});
