import { describe, expect, it } from 'vitest';
import { deepEqual, getPath, isWithin, setPath, unsetPath } from './paths';

describe('form paths', () => {
  it('reads nested members and list rows, and nothing past a missing step', () => {
    const values = { approval: { teams: ['a', 'b'] }, rows: [{ key: 'x' }] };
    expect(getPath(values, 'approval.teams.1')).toBe('b');
    expect(getPath(values, 'rows.0.key')).toBe('x');
    expect(getPath(values, 'rows.3.key')).toBeUndefined();
    expect(getPath(values, '')).toBe(values);
  });

  it('writes by copying only the objects along the path', () => {
    const values = { approval: { teams: ['a'], ruleType: 'any' }, name: { first: 'n' } };
    const next = setPath(values, 'approval.teams', ['a', 'b']);
    expect(next).toEqual({ approval: { teams: ['a', 'b'], ruleType: 'any' }, name: { first: 'n' } });
    expect(values.approval.teams).toEqual(['a']);
    expect(next.name).toBe(values.name);
    expect(next.approval).not.toBe(values.approval);
  });

  it('creates a list before a numeric step and an object otherwise', () => {
    const errors = setPath({}, 'tags.1.key', { type: 'too_small' });
    expect(Array.isArray((errors as { tags: unknown }).tags)).toBe(true);
    expect(getPath(errors, 'tags.1.key')).toEqual({ type: 'too_small' });
    expect(getPath(setPath({}, 'iac.version', 'x'), 'iac')).toEqual({ version: 'x' });
  });

  it('removes a member and the objects it leaves empty, keeping the others', () => {
    const errors = { iac: { version: { type: 'a' } }, name: { type: 'b' } };
    expect(unsetPath(errors, 'iac.version')).toEqual({ name: { type: 'b' } });
    expect(unsetPath(errors, 'missing.path')).toBe(errors);
    const rows = setPath(setPath({}, 'tags.0.key', { type: 'a' }), 'tags.1.key', { type: 'b' });
    expect(getPath(unsetPath(rows, 'tags.0.key'), 'tags.1.key')).toEqual({ type: 'b' });
    expect(unsetPath(unsetPath(rows, 'tags.0.key'), 'tags.1.key')).toEqual({});
  });

  it('tells a path below another apart from a sibling with the same prefix', () => {
    expect(isWithin('tags.0.key', 'tags')).toBe(true);
    expect(isWithin('tags', 'tags')).toBe(true);
    expect(isWithin('tagsExtra', 'tags')).toBe(false);
    expect(isWithin('anything', '')).toBe(true);
  });

  it('compares values by structure', () => {
    expect(deepEqual({ a: [1, { b: 'x' }] }, { a: [1, { b: 'x' }] })).toBe(true);
    expect(deepEqual({ a: [1, { b: 'x' }] }, { a: [1, { b: 'y' }] })).toBe(false);
    expect(deepEqual({ a: 1 }, { a: 1, b: undefined })).toBe(false);
    expect(deepEqual([], {})).toBe(false);
  });
});
