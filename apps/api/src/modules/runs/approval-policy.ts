import type { ApprovalRuleType } from '@terrace/domain';

// Deployment approval rules (spec automation §4): requireApproval (one approver),
// requireTwoApprovals (two distinct approvers), requireTeamsApproval (one member of each listed
// team), autoApprove. Every rule of the effective policy must hold (a namespace policy extended by
// the stack adds rules); a policy of autoApprove rules only approves at once.

export interface ApprovalRule {
  type: ApprovalRuleType;
  parameters?: { teams?: string[] | undefined } | undefined;
}

export interface ReceivedApproval {
  userId: string;
  /** The teams the approver was in when approving. */
  teams: string[];
}

/** Whether the policy approves without anyone (only autoApprove rules). An empty policy needs one approver. */
export function isAutoApproved(rules: readonly ApprovalRule[]): boolean {
  return rules.length > 0 && rules.every((rule) => rule.type === 'autoApprove');
}

/** The rules, with an empty policy read as requireApproval (every deployment needs approval unless configured). */
const effectiveRules = (rules: readonly ApprovalRule[]): readonly ApprovalRule[] => (rules.length ? rules : [{ type: 'requireApproval' }]);

/** What each unsatisfied rule still needs, in words; empty when the approvals satisfy the policy. */
export function missingApprovals(rules: readonly ApprovalRule[], approvals: readonly ReceivedApproval[]): string[] {
  const approvers = new Set(approvals.map((a) => a.userId));
  const missing: string[] = [];
  for (const rule of effectiveRules(rules)) {
    switch (rule.type) {
      case 'autoApprove':
        break;
      case 'requireApproval':
        if (approvers.size < 1) missing.push('one approval');
        break;
      case 'requireTwoApprovals':
        if (approvers.size < 2) missing.push(`${2 - approvers.size} more approval${approvers.size === 1 ? '' : 's'} from distinct users`);
        break;
      case 'requireTeamsApproval':
        for (const team of rule.parameters?.teams ?? []) {
          if (!approvals.some((a) => a.teams.includes(team))) missing.push(`an approval from a member of team ${team}`);
        }
        break;
    }
  }
  return missing;
}

export const approvalSatisfied = (rules: readonly ApprovalRule[], approvals: readonly ReceivedApproval[]): boolean =>
  missingApprovals(rules, approvals).length === 0;
