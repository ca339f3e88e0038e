import { describe, expect, it } from 'vitest';
import { driftKeys } from './drift.keys';

describe('driftKeys', () => {
  it('nests lists and details under the domain key so one invalidation reaches both', () => {
    expect(driftKeys.list({ page: 1 })).toEqual(['drift', 'list', { page: 1 }]);
    expect(driftKeys.detail('x-1').slice(0, 1)).toEqual(driftKeys.all);
  });
});
