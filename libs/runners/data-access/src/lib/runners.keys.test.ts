import { describe, expect, it } from 'vitest';
import { runnersKeys } from './runners.keys';

describe('runnersKeys', () => {
  it("nests the group lists and each group's runners and tokens under the groups key, so one invalidation reaches them all", () => {
    const groups = runnersKeys.groups();
    expect(runnersKeys.groupList({ page: 1, pageSize: 20 }).slice(0, groups.length)).toEqual(groups);
    const group = runnersKeys.group('rg-1');
    expect(group.slice(0, groups.length)).toEqual(groups);
    expect(runnersKeys.groupRunners('rg-1', { page: 1, pageSize: 20 }).slice(0, group.length)).toEqual(group);
    expect(runnersKeys.groupTokens('rg-1').slice(0, group.length)).toEqual(group);
    expect(runnersKeys.groupTokens('rg-2')).not.toEqual(runnersKeys.groupTokens('rg-1'));
  });
});
