import { describe, expect, it } from 'vitest';
import { runsKeys } from './runs.keys';

describe('runsKeys', () => {
  it('nests lists and details under the domain key so one invalidation reaches both', () => {
    expect(runsKeys.list({ page: 1, pageSize: 20 })).toEqual(['runs', 'list', { page: 1, pageSize: 20 }]);
    expect(runsKeys.detail('plan', 'plan-1').slice(0, 1)).toEqual(runsKeys.all);
  });

  it('keeps a run’s step results and comments under its detail', () => {
    const detail = runsKeys.detail('deployment', 'dep-1');
    expect(runsKeys.state('deployment', 'dep-1').slice(0, detail.length)).toEqual(detail);
    expect(runsKeys.comments('deployment', 'dep-1').slice(0, detail.length)).toEqual(detail);
    expect(runsKeys.detail('plan', 'dep-1')).not.toEqual(detail);
  });
});
