import { describe, expect, it } from 'vitest';
import { isUniqueViolation } from './postgres-errors';

describe('isUniqueViolation', () => {
  it('sees the PostgreSQL code directly or under the errors that wrap it', () => {
    expect(isUniqueViolation({ code: '23505' })).toBe(true);
    expect(isUniqueViolation(new Error('query failed', { cause: { code: '23505' } }))).toBe(true);
    expect(isUniqueViolation(new Error('query failed', { cause: { code: '23503' } }))).toBe(false);
    expect(isUniqueViolation(undefined)).toBe(false);
  });
});
