import type { ControlPolicy, ControlPolicyGroup, ControlPolicyGroupMapping, ControlPolicyMapping, PolicyViolation } from './policies.types';

const at = '2026-11-02T10:00:00.000Z';

/** Wire-format objects for tests and stories. */
export function controlPolicyFixture(overrides: Partial<ControlPolicy> = {}): ControlPolicy {
  return {
    id: 'pol-tags0001',
    name: 'Tag every resource with its owner',
    description: 'Every AWS resource carries an owner tag.',
    type: 'aws_required_tags',
    parameters: { tags: [{ key: 'owner', allowedValues: ['team-.*'] }] },
    isManaged: false,
    createdAt: at,
    updatedAt: at,
    ...overrides,
  };
}

export const controlPolicyFixtures: ControlPolicy[] = [
  controlPolicyFixture(),
  controlPolicyFixture({ id: 'pol-regions01', name: 'EU regions only', description: '', type: 'aws_allowed_regions', parameters: { regions: ['eu-west-1', 'eu-central-1'] } }),
  controlPolicyFixture({ id: 'pol-nodelete1', name: 'Keep databases', description: '', type: 'deny_resource_deletion', parameters: { resourceTypes: ['aws_db_instance'] } }),
  controlPolicyFixture({
    id: 'pol-rego0001',
    name: 'No public buckets (Rego)',
    description: '',
    type: 'opa',
    parameters: { opa: { source: 'inline', rego: 'package terrace\n\ndeny contains msg if { false; msg := "" }', query: 'data.terrace.deny' } },
  }),
  controlPolicyFixture({ id: 'pol-cis00001', name: 'CIS 2.1.5 S3 public access', description: '', type: 'resource_property_condition', isManaged: true, parameters: { propertyConditions: [{ resourceType: 'aws_s3_bucket_public_access_block', property: 'block_public_acls', operator: 'boolean' }] } }),
];

export function controlPolicyGroupFixture(overrides: Partial<ControlPolicyGroup> = {}): ControlPolicyGroup {
  return {
    id: 'polg-core0001',
    name: 'Core guardrails',
    description: 'What every production stack must respect.',
    controlPolicies: [
      { controlPolicyId: 'pol-tags0001', severity: 'medium' },
      { controlPolicyId: 'pol-regions01', severity: 'high' },
      { controlPolicyId: 'pol-nodelete1', severity: 'critical' },
    ],
    isManaged: false,
    createdAt: at,
    ...overrides,
  };
}

export const controlPolicyGroupFixtures: ControlPolicyGroup[] = [
  controlPolicyGroupFixture(),
  controlPolicyGroupFixture({
    id: 'polg-cisaws140',
    name: 'CIS AWS v1.4.0',
    description: 'Managed: the CIS AWS Foundations checks the typed policies can express.',
    isManaged: true,
    controlPolicies: [{ controlPolicyId: 'pol-cis00001', severity: 'high' }],
  }),
];

export function policyMappingFixture(overrides: Partial<ControlPolicyMapping> = {}): ControlPolicyMapping {
  return { controlPolicyId: 'pol-tags0001', targetId: 'ns-platform01', targetType: 'namespace', enforcementLevel: 'hardMandatory', ...overrides };
}

export function groupMappingFixture(overrides: Partial<ControlPolicyGroupMapping> = {}): ControlPolicyGroupMapping {
  return {
    controlPolicyGroupId: 'polg-core0001',
    targetId: 'ns-platform01',
    targetType: 'namespace',
    bySeverity: { low: 'warning', medium: 'softMandatory', high: 'hardMandatory', critical: 'hardMandatory' },
    overrideEnforcements: [{ controlPolicyId: 'pol-regions01', enforcementLevel: 'warning', stackIds: ['stk-sandbox01'] }],
    ...overrides,
  };
}

export function policyViolationFixture(overrides: Partial<PolicyViolation> = {}): PolicyViolation {
  return {
    stackId: 'stk-web00001',
    stackName: 'web-frontend',
    namespaceId: 'ns-platform01',
    controlPolicyId: 'pol-tags0001',
    policyName: 'Tag every resource with its owner',
    runId: 'dep-0001',
    status: 'failed',
    enforcementLevel: 'hardMandatory',
    severityScore: 9,
    checkedAt: at,
    ...overrides,
  };
}
