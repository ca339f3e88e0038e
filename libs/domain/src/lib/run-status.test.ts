import { describe, expect, it } from 'vitest';
import { runStatuses } from './run-status';

describe('runStatuses', () => {
  it('lists every run status of the specification once', () => {
    expect(new Set(runStatuses).size).toBe(runStatuses.length);
    expect(runStatuses).toContain('waitingForFailedControlPoliciesApproval');
  });
});
