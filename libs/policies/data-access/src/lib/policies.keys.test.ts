import { describe, expect, it } from 'vitest';
import { policiesKeys } from './policies.keys';

describe('policiesKeys', () => {
  it('nests lists and details under the domain key so one invalidation reaches both', () => {
    expect(policiesKeys.list({ page: 1 })).toEqual(['policies', 'list', { page: 1 }]);
    expect(policiesKeys.detail('x-1').slice(0, 1)).toEqual(policiesKeys.all);
  });
});
