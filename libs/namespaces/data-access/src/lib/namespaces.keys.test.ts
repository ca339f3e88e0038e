import { describe, expect, it } from 'vitest';
import { namespacesKeys } from './namespaces.keys';

describe('namespacesKeys', () => {
  it('nests lists and details under the domain key so one invalidation reaches both', () => {
    expect(namespacesKeys.list({ page: 1, pageSize: 20 })).toEqual(['namespaces', 'list', { page: 1, pageSize: 20 }]);
    expect(namespacesKeys.detail('ns-abcd').slice(0, 1)).toEqual(namespacesKeys.all);
  });

  it("puts a namespace's permissions under its detail key, so deleting the namespace drops them too", () => {
    const detail = namespacesKeys.detail('ns-abcd');
    expect(namespacesKeys.permissions('ns-abcd').slice(0, detail.length)).toEqual(detail);
  });

  it('makes an all-namespaces permission change reach every namespace’s permissions', () => {
    expect(namespacesKeys.permissionsOf('ns-abcd')).toEqual(namespacesKeys.permissions('ns-abcd'));
    expect(namespacesKeys.permissions('ns-abcd').slice(0, namespacesKeys.details().length)).toEqual(namespacesKeys.permissionsOf(null));
  });
});
