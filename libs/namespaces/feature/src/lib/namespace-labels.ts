import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { DeploymentApprovalRuleType, NamespaceCapabilityKey, PrincipalKind } from '@terrace/namespaces/data-access';
import type { OverrideBehavior } from './namespace-form';

/** Labels of the namespace settings, shared by the wizard, the details page and the stories. */
export const approvalRuleLabels: Record<DeploymentApprovalRuleType, { label: MessageDescriptor; help: MessageDescriptor }> = {
  requireApproval: {
    label: msg`Require approval`,
    help: msg`Any user allowed to approve deployments must approve before changes are applied.`,
  },
  autoApprove: {
    label: msg`Approve automatically`,
    help: msg`Plans are applied without waiting for anyone.`,
  },
  requireTwoApprovals: {
    label: msg`Require two approvals`,
    help: msg`Two different users must approve before changes are applied.`,
  },
  requireTeamsApproval: {
    label: msg`Require approval from teams`,
    help: msg`A member of each chosen team must approve before changes are applied.`,
  },
};

export const overrideBehaviorLabels: Record<OverrideBehavior, { label: MessageDescriptor; help: MessageDescriptor }> = {
  allow: { label: msg`Allow`, help: msg`Stacks may replace this policy with their own.` },
  deny: { label: msg`Deny`, help: msg`Stacks must use this policy as it is.` },
  extended: {
    label: msg`Extend`,
    help: msg`Stacks may add rules of their own, but this policy always applies too.`,
  },
};

export const capabilityLabels: Record<NamespaceCapabilityKey, { label: MessageDescriptor; help: MessageDescriptor }> = {
  deployOnPush: {
    label: msg`Deploy on push`,
    help: msg`A push to a stack's branch starts a deployment.`,
  },
  planOnPr: {
    label: msg`Plan on pull request`,
    help: msg`Opening or updating a pull request starts a plan and posts its result.`,
  },
  driftDetection: {
    label: msg`Drift detection`,
    help: msg`Stacks are checked on a schedule for changes made outside their code.`,
  },
};

export const principalKindLabels: Record<PrincipalKind, MessageDescriptor> = {
  team: msg`Team`,
  user: msg`User`,
  programmaticUser: msg`Programmatic user`,
};
