import { describe, expect, it } from 'vitest';
import { policiesKeys } from './policies.keys';

describe('policiesKeys', () => {
  it('nests lists, details, groups and mappings under the domain key so one invalidation reaches them', () => {
    expect(policiesKeys.list({ type: 'opa' })).toEqual(['policies', 'list', { type: 'opa' }]);
    expect(policiesKeys.detail('pol-1').slice(0, 1)).toEqual(policiesKeys.all);
    expect(policiesKeys.group('polg-1').slice(0, 2)).toEqual(policiesKeys.groups());
    expect(policiesKeys.groupList(true).slice(0, 2)).toEqual(policiesKeys.groups());
    expect(policiesKeys.mappingsOf({ kind: 'group', id: 'polg-1' }).slice(0, 2)).toEqual(policiesKeys.mappings());
  });
});
