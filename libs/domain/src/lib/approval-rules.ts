import type { ApprovalRuleType } from './run-status';

export interface ApprovalRuleLike {
  type: ApprovalRuleType;
  parameters?: { teams?: readonly string[] | undefined } | null | undefined;
}

/**
 * How many distinct approvers a deployment's policy asks for at least (spec automation §4):
 * requireApproval one, requireTwoApprovals two, requireTeamsApproval one member of each team (one
 * person may sit in several), autoApprove none. Every rule must hold; no rule at all means one
 * approval (every deployment needs approval unless configured).
 */
export function approvalsNeeded(rules: readonly ApprovalRuleLike[]): number {
  if (rules.length === 0) return 1;
  return Math.max(
    0,
    ...rules.map((rule) => {
      switch (rule.type) {
        case 'autoApprove':
          return 0;
        case 'requireApproval':
          return 1;
        case 'requireTwoApprovals':
          return 2;
        case 'requireTeamsApproval':
          return Math.min(1, rule.parameters?.teams?.length ?? 0);
      }
    }),
  );
}
