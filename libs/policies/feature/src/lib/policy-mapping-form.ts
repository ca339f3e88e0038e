import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { zControlPolicyGroupMapping, zEnforcementLevel, zPolicyTargetType } from '@terrace/api-client/schemas';
import { unwrapOptional } from '@terrace/design-system';
import type { PolicyMapping, PolicySubject } from '@terrace/policies/data-access';
import { z } from 'zod/mini';
import { splitList } from './split-list';

const overrideWire = unwrapOptional(zControlPolicyGroupMapping.shape.overrideEnforcements).def.element.shape;
const stackId = unwrapOptional(overrideWire.stackIds).def.element;

export const mappingMessages = {
  target: msg`Choose where the policy applies.`,
  overridePolicy: msg`Choose the policy to override.`,
  overrideStacks: msg`Enter at least one stack id.`,
  stackId: msg`A stack id starts with stk-.`,
} as const satisfies Record<string, MessageDescriptor>;

export const policyMappingSchema = z
  .object({
    targetType: zPolicyTargetType,
    targetId: z.string(),
    mode: z.enum(['level', 'bySeverity']),
    enforcementLevel: zEnforcementLevel,
    bySeverity: z.object({ low: zEnforcementLevel, medium: zEnforcementLevel, high: zEnforcementLevel, critical: zEnforcementLevel }),
    overrides: z.array(z.object({ controlPolicyId: z.string(), enforcementLevel: zEnforcementLevel, stackIds: z.string() })),
  })
  .check(z.superRefine((values, ctx) => {
    const problem = (path: PropertyKey[], message: MessageDescriptor) =>
      ctx.addIssue({ code: 'custom', path, message: message.message ?? message.id, params: { message } });
    if (values.targetId === '') problem(['targetId'], mappingMessages.target);
    values.overrides.forEach((override, index) => {
      if (override.controlPolicyId === '') problem(['overrides', index, 'controlPolicyId'], mappingMessages.overridePolicy);
      const ids = splitList(override.stackIds);
      if (ids.length === 0) problem(['overrides', index, 'stackIds'], mappingMessages.overrideStacks);
      else if (ids.some((id) => !stackId.safeParse(id).success)) problem(['overrides', index, 'stackIds'], mappingMessages.stackId);
    });
  }));

export type PolicyMappingValues = z.input<typeof policyMappingSchema>;
export type PolicyMappingOutput = z.output<typeof policyMappingSchema>;

export function emptyMappingForm(): PolicyMappingValues {
  return {
    targetType: 'namespace',
    targetId: '',
    mode: 'level',
    enforcementLevel: 'hardMandatory',
    bySeverity: { low: 'warning', medium: 'softMandatory', high: 'hardMandatory', critical: 'hardMandatory' },
    overrides: [],
  };
}

export function mappingToForm(mapping: PolicyMapping): PolicyMappingValues {
  const empty = emptyMappingForm();
  const group = 'controlPolicyGroupId' in mapping ? mapping : undefined;
  return {
    targetType: mapping.targetType,
    targetId: mapping.targetId,
    mode: group?.bySeverity ? 'bySeverity' : 'level',
    enforcementLevel: mapping.enforcementLevel ?? empty.enforcementLevel,
    bySeverity: { ...empty.bySeverity, ...group?.bySeverity },
    overrides: (group?.overrideEnforcements ?? []).map((o) => ({ controlPolicyId: o.controlPolicyId, enforcementLevel: o.enforcementLevel, stackIds: (o.stackIds ?? []).join(', ') })),
  };
}

/** The mapping on the wire: a policy takes one level; a group one level or one per severity, and its per-stack overrides. */
export function formToMapping(subject: PolicySubject, values: PolicyMappingOutput): PolicyMapping {
  const target = { targetId: values.targetId, targetType: values.targetType };
  if (subject.kind === 'policy') return { controlPolicyId: subject.id, ...target, enforcementLevel: values.enforcementLevel };
  return {
    controlPolicyGroupId: subject.id,
    ...target,
    ...(values.mode === 'bySeverity' ? { bySeverity: values.bySeverity } : { enforcementLevel: values.enforcementLevel }),
    overrideEnforcements: values.overrides.map((o) => ({ controlPolicyId: o.controlPolicyId, enforcementLevel: o.enforcementLevel, stackIds: splitList(o.stackIds) })),
  };
}
