import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { ConditionOperator } from '@terrace/domain';
import type { VariableScope, VariableType } from '@terrace/variables/data-access';

export const variableTypeLabels: Record<VariableType, { label: MessageDescriptor; short: MessageDescriptor; help: MessageDescriptor }> = {
  tfVar: {
    label: msg`Terraform variable`,
    short: msg`Terraform`,
    help: msg`Given to the code as an input variable (var.name).`,
  },
  envVar: {
    label: msg`Environment variable`,
    short: msg`Environment`,
    help: msg`Set in the run's environment, for providers and scripts.`,
  },
};

/** Where a value comes from, in the spec's order of precedence (stack, template, namespace, organization). */
export const scopeLabels: Record<VariableScope, MessageDescriptor> = {
  stack: msg`Stack`,
  template: msg`Template`,
  blueprint: msg`Blueprint`,
  namespace: msg`Namespace`,
  organization: msg`Organization`,
};

/** The condition operators of spec §5, as a person reads them. */
export const operatorLabels: Record<ConditionOperator, MessageDescriptor> = {
  ne: msg`is not equal to`,
  lt: msg`is less than`,
  lte: msg`is less than or equal to`,
  gt: msg`is greater than`,
  gte: msg`is greater than or equal to`,
  startsWith: msg`starts with`,
  contains: msg`contains`,
  in: msg`is one of`,
  match: msg`matches the pattern`,
  boolean: msg`is true or false`,
};
