import { describe, expect, it } from 'vitest';
import { approvalsNeeded } from './approval-rules';

describe('approvalsNeeded', () => {
  it('counts the distinct approvers a policy asks for at least', () => {
    expect(approvalsNeeded([])).toBe(1);
    expect(approvalsNeeded([{ type: 'autoApprove' }])).toBe(0);
    expect(approvalsNeeded([{ type: 'requireApproval' }])).toBe(1);
    expect(approvalsNeeded([{ type: 'requireTwoApprovals' }, { type: 'requireApproval' }])).toBe(2);
    // One person in both teams satisfies both: at least one approver.
    expect(approvalsNeeded([{ type: 'requireTeamsApproval', parameters: { teams: ['a', 'b'] } }])).toBe(1);
    expect(approvalsNeeded([{ type: 'requireTeamsApproval', parameters: { teams: ['a'] } }, { type: 'requireTwoApprovals' }])).toBe(2);
  });
});
