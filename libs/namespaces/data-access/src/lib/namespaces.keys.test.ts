import { describe, expect, it } from 'vitest';
import { namespacesKeys } from './namespaces.keys';

describe('namespacesKeys', () => {
  it('nests lists and details under the domain key so one invalidation reaches both', () => {
    expect(namespacesKeys.list({ page: 1 })).toEqual(['namespaces', 'list', { page: 1 }]);
    expect(namespacesKeys.detail('x-1').slice(0, 1)).toEqual(namespacesKeys.all);
  });
});
