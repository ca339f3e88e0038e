import { describe, expect, it } from 'vitest';
import { organizationKeys } from './organization.keys';

describe('organizationKeys', () => {
  it('nests lists and details under the domain key so one invalidation reaches both', () => {
    expect(organizationKeys.list({ page: 1 })).toEqual(['organization', 'list', { page: 1 }]);
    expect(organizationKeys.detail('x-1').slice(0, 1)).toEqual(organizationKeys.all);
  });
});
