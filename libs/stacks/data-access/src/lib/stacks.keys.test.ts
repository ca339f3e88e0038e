import { describe, expect, it } from 'vitest';
import { stacksKeys } from './stacks.keys';

describe('stacksKeys', () => {
  it('nests lists and details under the domain key so one invalidation reaches both', () => {
    expect(stacksKeys.list({ page: 1, pageSize: 20 })).toEqual(["stacks", "list", { page: 1, pageSize: 20 }]);
    expect(stacksKeys.detail('x-1').slice(0, 1)).toEqual(stacksKeys.all);
  });
});
