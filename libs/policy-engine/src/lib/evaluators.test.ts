import { controlPolicySeverityScore, enforcementLevels, policyCheckStatuses } from '@terrace/domain';
import { describe, expect, it } from 'vitest';
import { effectivePolicies, outcomeOf, runResultOf, sortPolicyResultsBySeverity } from './effective';
import { evaluateTypedPolicy, isRegistrySource, matchesName, matchesText } from './evaluators';
import { findManagedPolicy, managedGroups, managedPolicies } from './managed';
import type { ControlPolicyParameters, ControlPolicyType, PolicyDefinition, PolicyInput } from './types';

const policy = (type: ControlPolicyType, parameters: ControlPolicyParameters): PolicyDefinition => ({ id: 'pol-x', name: 'x', type, parameters });

interface Change {
  address?: string;
  type: string;
  actions: string[];
  after?: unknown;
  before?: unknown;
  afterUnknown?: unknown;
  mode?: string;
}

function plan(changes: Change[], extra: Record<string, unknown> = {}): PolicyInput {
  return {
    plan: {
      format_version: '1.2',
      resource_changes: changes.map((c, i) => ({
        address: c.address ?? `${c.type}.r${i}`,
        mode: c.mode ?? 'managed',
        type: c.type,
        name: `r${i}`,
        provider_name: 'registry.terraform.io/hashicorp/aws',
        change: { actions: c.actions, before: c.before ?? null, after: c.after ?? null, after_unknown: c.afterUnknown ?? {} },
      })),
      ...extra,
    },
  };
}

describe('deny resource deletion', () => {
  it('fails on deletions and replacements, passes on creates and updates, honours the resource types', () => {
    const p = policy('deny_resource_deletion', {});
    expect(evaluateTypedPolicy(p, plan([{ type: 'aws_s3_bucket', actions: ['create'] }, { type: 'aws_s3_bucket', actions: ['update'] }])).status).toBe('passed');
    const deleted = evaluateTypedPolicy(p, plan([{ address: 'aws_db_instance.main', type: 'aws_db_instance', actions: ['delete'] }]));
    expect(deleted).toMatchObject({ status: 'failed', failedResources: [{ address: 'aws_db_instance.main', message: 'The resource would be deleted' }] });
    const replaced = evaluateTypedPolicy(p, plan([{ type: 'aws_instance', actions: ['delete', 'create'] }]));
    expect(replaced.failedResources[0]?.message).toContain('replaced');
    const onlyDb = policy('deny_resource_deletion', { resourceTypes: ['aws_db_*'] });
    expect(evaluateTypedPolicy(onlyDb, plan([{ type: 'aws_instance', actions: ['delete'] }])).status).toBe('passed');
    expect(evaluateTypedPolicy(onlyDb, plan([{ type: 'aws_db_instance', actions: ['delete'] }])).status).toBe('failed');
    const byArn = policy('deny_resource_deletion', { arnPrefixes: [' ARN:aws:s3:::prod-'] });
    expect(evaluateTypedPolicy(byArn, plan([{ type: 'aws_s3_bucket', actions: ['delete'], before: { arn: 'arn:aws:s3:::prod-logs' } }])).status).toBe('failed');
    expect(evaluateTypedPolicy(byArn, plan([{ type: 'aws_s3_bucket', actions: ['delete'], before: { arn: 'arn:aws:s3:::dev-logs' } }])).status).toBe('passed');
    // A data source read is not a deletion of anything.
    expect(evaluateTypedPolicy(p, plan([{ type: 'aws_ami', mode: 'data', actions: ['delete'] }])).status).toBe('passed');
  });
});

describe('resource property condition', () => {
  const p = (operator: string, value?: string, property = 'instance_type') =>
    policy('resource_property_condition', { propertyConditions: [{ resourceType: 'aws_instance', property, operator: operator as 'ne', ...(value !== undefined ? { value } : {}) }] });
  const instance = (after: unknown, afterUnknown: unknown = {}) => plan([{ type: 'aws_instance', actions: ['create'], after, afterUnknown }]);

  it('checks each operator on the planned values', () => {
    expect(evaluateTypedPolicy(p('in', 't3.micro, t3.small'), instance({ instance_type: 't3.small' })).status).toBe('passed');
    expect(evaluateTypedPolicy(p('in', 't3.micro, t3.small'), instance({ instance_type: 'm5.large' })).status).toBe('failed');
    expect(evaluateTypedPolicy(p('ne', 'm5.large'), instance({ instance_type: 'm5.large' })).status).toBe('failed');
    expect(evaluateTypedPolicy(p('startsWith', 't3.'), instance({ instance_type: 't3.nano' })).status).toBe('passed');
    expect(evaluateTypedPolicy(p('contains', 'micro'), instance({ instance_type: 't3.small' })).status).toBe('failed');
    expect(evaluateTypedPolicy(p('match', 't[23]\\..*'), instance({ instance_type: 't2.micro' })).status).toBe('passed');
    expect(evaluateTypedPolicy(p('match', 't[23]'), instance({ instance_type: 't2.micro' })).status).toBe('failed');
    expect(evaluateTypedPolicy(p('gte', '20', 'root_block_device.0.volume_size'), instance({ root_block_device: [{ volume_size: 8 }] })).status).toBe('failed');
    expect(evaluateTypedPolicy(p('lte', '20', 'root_block_device.0.volume_size'), instance({ root_block_device: [{ volume_size: 8 }] })).status).toBe('passed');
    expect(evaluateTypedPolicy(p('gt', '8', 'root_block_device.0.volume_size'), instance({ root_block_device: [{ volume_size: 8 }] })).status).toBe('failed');
    expect(evaluateTypedPolicy(p('lt', '9', 'root_block_device.0.volume_size'), instance({ root_block_device: [{ volume_size: 8 }] })).status).toBe('passed');
    expect(evaluateTypedPolicy(p('boolean', 'true', 'ebs_optimized'), instance({ ebs_optimized: false })).status).toBe('failed');
    expect(evaluateTypedPolicy(p('boolean', 'true', 'ebs_optimized'), instance({ ebs_optimized: true })).status).toBe('passed');
  });

  it('is Unable to Check when the value is known only after apply, and ignores other resource types', () => {
    const unknown = evaluateTypedPolicy(p('in', 't3.micro'), instance({}, { instance_type: true }));
    expect(unknown).toMatchObject({ status: 'error', errorMessage: expect.stringContaining('known only after apply') });
    expect(evaluateTypedPolicy(p('in', 't3.micro'), plan([{ type: 'aws_s3_bucket', actions: ['create'], after: {} }])).status).toBe('passed');
  });
});

describe('required tags', () => {
  const aws = (tags: ControlPolicyParameters['tags']) => policy('aws_required_tags', { tags });
  const bucket = (after: unknown, afterUnknown: unknown = {}) => plan([{ address: 'aws_s3_bucket.b', type: 'aws_s3_bucket', actions: ['create'], after, afterUnknown }]);

  it('needs each key, case-sensitive, with an allowed value, and reads tags_all (default_tags) on aws', () => {
    const rule = aws([{ key: 'Owner' }, { key: 'env', allowedValues: ['prod', 'dev'] }]);
    expect(evaluateTypedPolicy(rule, bucket({ tags: { Owner: 'a', env: 'prod' }, tags_all: { Owner: 'a', env: 'prod' } })).status).toBe('passed');
    const lower = evaluateTypedPolicy(rule, bucket({ tags_all: { owner: 'a', env: 'prod' } }));
    expect(lower).toMatchObject({ status: 'failed', failedResources: [{ address: 'aws_s3_bucket.b', message: "Missing the required tag 'Owner'" }] });
    expect(evaluateTypedPolicy(rule, bucket({ tags_all: { Owner: 'a', env: 'Prod' } })).status).toBe('failed');
    // tags empty but the provider's default_tags fill tags_all.
    expect(evaluateTypedPolicy(rule, bucket({ tags: {}, tags_all: { Owner: 'a', env: 'dev' } })).status).toBe('passed');
  });

  it('supports regular expressions for keys and values, and skips resources without tags', () => {
    const rule = aws([{ key: 'cost-?center', allowedValues: ['cc-\\d{4}'] }]);
    expect(evaluateTypedPolicy(rule, bucket({ tags: { costcenter: 'cc-1234' } })).status).toBe('passed');
    expect(evaluateTypedPolicy(rule, bucket({ tags: { 'cost-center': 'cc-12' } })).status).toBe('failed');
    expect(evaluateTypedPolicy(rule, plan([{ type: 'aws_iam_role_policy_attachment', actions: ['create'], after: { role: 'r' } }])).status).toBe('passed');
  });

  it('is Unable to Check when the tags are computed, and azure reads azurerm resources only', () => {
    expect(evaluateTypedPolicy(aws([{ key: 'Owner' }]), bucket({}, { tags: true, tags_all: true })).status).toBe('error');
    const azure = policy('azure_required_tags', { tags: [{ key: 'Owner' }] });
    const rg = plan([{ type: 'azurerm_resource_group', actions: ['create'], after: { name: 'rg', tags: {} } }, { type: 'aws_s3_bucket', actions: ['create'], after: { tags: {} } }]);
    const result = evaluateTypedPolicy(azure, rg);
    expect(result.status).toBe('failed');
    expect(result.failedResources.map((r) => r.address)).toEqual(['azurerm_resource_group.r0']);
  });
});

describe('deny cost increase', () => {
  const pct = policy('deny_cost_increase', { costIncrease: { type: 'percent', value: 10 } });
  const amount = policy('deny_cost_increase', { costIncrease: { type: 'amount', value: 50 } });
  it('compares the estimate when there is one, and passes without one', () => {
    expect(evaluateTypedPolicy(pct, { plan: {}, cost: { pastMonthlyCost: 100, diffMonthlyCost: 9 } }).status).toBe('passed');
    expect(evaluateTypedPolicy(pct, { plan: {}, cost: { pastMonthlyCost: 100, diffMonthlyCost: 11 } }).status).toBe('failed');
    expect(evaluateTypedPolicy(pct, { plan: {}, cost: { pastMonthlyCost: 0, diffMonthlyCost: 1 } }).status).toBe('failed');
    expect(evaluateTypedPolicy(pct, { plan: {}, cost: { diffMonthlyCost: 1 } }).status).toBe('error');
    expect(evaluateTypedPolicy(amount, { plan: {}, cost: { diffMonthlyCost: 51 } }).status).toBe('failed');
    expect(evaluateTypedPolicy(amount, { plan: {}, cost: { diffMonthlyCost: -60 } }).status).toBe('passed');
    expect(evaluateTypedPolicy(amount, { plan: {} })).toMatchObject({ status: 'passed', errorMessage: 'No cost estimate for this run' });
  });
});

describe('aws regions', () => {
  const config = {
    configuration: {
      provider_config: { aws: { name: 'aws', expressions: { region: { constant_value: 'eu-west-1' } } }, 'aws.us': { name: 'aws', alias: 'us', expressions: { region: { constant_value: 'us-east-1' } } } },
      root_module: { resources: [{ address: 'aws_instance.eu', provider_config_key: 'aws' }, { address: 'aws_instance.us', provider_config_key: 'aws.us' }] },
    },
  };
  const changes = plan(
    [
      { address: 'aws_instance.eu', type: 'aws_instance', actions: ['create'], after: {} },
      { address: 'aws_instance.us', type: 'aws_instance', actions: ['create'], after: {} },
      { address: 'aws_iam_role.r', type: 'aws_iam_role', actions: ['create'], after: {} },
    ],
    config,
  );
  it('reads the region from the provider configuration, ignores global services', () => {
    const allowed = evaluateTypedPolicy(policy('aws_allowed_regions', { regions: ['eu-west-1', 'eu-central-1'] }), changes);
    expect(allowed).toMatchObject({ status: 'failed', failedResources: [{ address: 'aws_instance.us', message: 'The region us-east-1 is not allowed' }] });
    const denied = evaluateTypedPolicy(policy('aws_denied_regions', { regions: ['eu-.*'] }), changes);
    expect(denied.failedResources.map((r) => r.address)).toEqual(['aws_instance.eu']);
    expect(evaluateTypedPolicy(policy('aws_denied_regions', { regions: ['ap-south-1'] }), changes).status).toBe('passed');
  });
  it('reads a resource region or ARN, and is Unable to Check when the region is unknown', () => {
    const explicit = plan([{ type: 'aws_sqs_queue', actions: ['update'], after: { region: 'us-west-2' } }]);
    expect(evaluateTypedPolicy(policy('aws_allowed_regions', { regions: ['us-west-2'] }), explicit).status).toBe('passed');
    const arn = plan([{ type: 'aws_sqs_queue', actions: ['update'], after: { arn: 'arn:aws:sqs:ap-south-1:123:q' } }]);
    expect(evaluateTypedPolicy(policy('aws_allowed_regions', { regions: ['us-west-2'] }), arn).status).toBe('failed');
    const none = plan([{ type: 'aws_sqs_queue', actions: ['create'], after: {} }]);
    expect(evaluateTypedPolicy(policy('aws_allowed_regions', { regions: ['us-west-2'] }), none).status).toBe('error');
  });
});

describe('resource types', () => {
  const changes = plan([{ type: 'aws_instance', actions: ['create'] }, { type: 'aws_iam_user', actions: ['create'] }, { type: 'aws_eip', actions: ['update'] }]);
  it('allows only the listed types (wildcards too) and denies the listed ones, for new resources', () => {
    const allowed = evaluateTypedPolicy(policy('allowed_resource_types', { resourceTypes: ['aws_instance', 'aws_s3_*'] }), changes);
    expect(allowed.failedResources.map((r) => r.address)).toEqual(['aws_iam_user.r1']);
    const denied = evaluateTypedPolicy(policy('denied_resource_types', { resourceTypes: ['aws_iam_*'] }), changes);
    expect(denied.failedResources.map((r) => r.address)).toEqual(['aws_iam_user.r1']);
    expect(evaluateTypedPolicy(policy('denied_resource_types', { resourceTypes: ['aws_eip'] }), changes).status).toBe('passed');
  });
});

describe('module rules', () => {
  const modules = {
    configuration: {
      root_module: {
        module_calls: {
          vpc: { source: 'terraform-aws-modules/vpc/aws', version_constraint: '5.0.0', module: { module_calls: { inner: { source: 'git::https://github.com/x/y.git' } } } },
          local: { source: './modules/local' },
        },
      },
    },
  };
  it('checks nested module sources against allowed, denied and registry-only rules', () => {
    const input = plan([], modules);
    const registry = evaluateTypedPolicy(policy('module_rules', { moduleRules: { requireRegistryModules: true } }), input);
    expect(registry.failedResources.map((r) => r.address)).toEqual(['module.vpc.module.inner']);
    const allowed = evaluateTypedPolicy(policy('module_rules', { moduleRules: { allowedSources: ['terraform-aws-modules/'] } }), input);
    expect(allowed.failedResources.map((r) => r.address)).toEqual(['module.vpc.module.inner']);
    const denied = evaluateTypedPolicy(policy('module_rules', { moduleRules: { deniedModules: ['terraform-aws-modules/vpc/aws'] } }), input);
    expect(denied.failedResources.map((r) => r.address)).toEqual(['module.vpc']);
    expect(evaluateTypedPolicy(policy('module_rules', {}), input).status).toBe('error');
    expect(isRegistrySource('app.terraform.io/acme/vpc/aws')).toBe(true);
    expect(isRegistrySource('git::https://x/y.git')).toBe(false);
  });
});

describe('matching', () => {
  it('is case-sensitive and treats patterns as whole-text regular expressions', () => {
    expect(matchesText('Owner', 'owner')).toBe(false);
    expect(matchesText('Owner', 'Own.*')).toBe(true);
    expect(matchesText('MyOwner', 'Own.*')).toBe(false);
    expect(matchesText('a(', 'a(')).toBe(true);
    expect(matchesName('aws_iam_role', 'aws_iam_*')).toBe(true);
    expect(matchesName('aws_iam_role', 'aws_s3_*')).toBe(false);
  });
});

describe('severity score (spec §4) and ordering', () => {
  it('scores the whole table: failed hard 9 … passed warning 1', () => {
    const table: Record<string, number> = {
      'failed/hardMandatory': 9,
      'error/hardMandatory': 8,
      'failed/softMandatory': 7,
      'error/softMandatory': 6,
      'failed/warning': 5,
      'error/warning': 4,
      'passed/hardMandatory': 3,
      'passed/softMandatory': 2,
      'passed/warning': 1,
    };
    for (const status of policyCheckStatuses) {
      for (const level of enforcementLevels) {
        expect(controlPolicySeverityScore(status, level), `${status}/${level}`).toBe(table[`${status}/${level}`]);
        expect(runResultOf(policy('opa', {}), level, { status, failedResources: [] }).severityScore).toBe(table[`${status}/${level}`]);
      }
    }
    const rows = Object.keys(table)
      .reverse()
      .map((k) => {
        const [status, level] = k.split('/') as ['passed', 'warning'];
        return runResultOf(policy('opa', {}), level, { status, failedResources: [] });
      });
    expect(sortPolicyResultsBySeverity(rows).map((r) => r.severityScore)).toEqual([9, 8, 7, 6, 5, 4, 3, 2, 1]);
  });
});

describe('effective policies and outcome', () => {
  const place = { organizationId: 'o-1', stackId: 'stk-1', namespaceId: 'ns-1', templateId: 'tpl-1', blueprintId: null };
  it('collects org, namespace, template and stack mappings; the strictest level wins', () => {
    const levels = effectivePolicies(
      place,
      [
        { controlPolicyId: 'pol-a', targetType: 'organization', targetId: 'o-1', enforcementLevel: 'warning' },
        { controlPolicyId: 'pol-a', targetType: 'namespace', targetId: 'ns-1', enforcementLevel: 'softMandatory' },
        { controlPolicyId: 'pol-b', targetType: 'namespace', targetId: 'ns-2', enforcementLevel: 'hardMandatory' },
        { controlPolicyId: 'pol-c', targetType: 'template', targetId: 'tpl-1', enforcementLevel: 'warning' },
        { controlPolicyId: 'pol-d', targetType: 'blueprint', targetId: 'bp-1', enforcementLevel: 'warning' },
        { controlPolicyId: 'pol-e', targetType: 'stack', targetId: 'stk-1', enforcementLevel: 'hardMandatory' },
      ],
      [],
    );
    expect(Object.fromEntries(levels)).toEqual({ 'pol-a': 'softMandatory', 'pol-c': 'warning', 'pol-e': 'hardMandatory' });
  });
  it('gives group policies the level of their severity, or the override for the chosen stacks', () => {
    const group = { controlPolicies: [{ controlPolicyId: 'pol-low', severity: 'low' as const }, { controlPolicyId: 'pol-crit', severity: 'critical' as const }] };
    const mapping = {
      targetType: 'namespace' as const,
      targetId: 'ns-1',
      bySeverity: { low: 'warning' as const, critical: 'hardMandatory' as const },
      overrideEnforcements: [{ controlPolicyId: 'pol-crit', enforcementLevel: 'softMandatory' as const, stackIds: ['stk-2'] }],
      group,
    };
    expect(Object.fromEntries(effectivePolicies(place, [], [mapping]))).toEqual({ 'pol-low': 'warning', 'pol-crit': 'hardMandatory' });
    expect(Object.fromEntries(effectivePolicies({ ...place, stackId: 'stk-2' }, [], [mapping]))).toEqual({ 'pol-low': 'warning', 'pol-crit': 'softMandatory' });
    expect(Object.fromEntries(effectivePolicies(place, [], [{ ...mapping, bySeverity: null, enforcementLevel: 'softMandatory' }]))).toEqual({
      'pol-low': 'softMandatory',
      'pol-crit': 'softMandatory',
    });
  });
  it('turns results into the run outcome', () => {
    expect(outcomeOf([])).toBe('passed');
    expect(outcomeOf([{ status: 'failed', enforcementLevel: 'warning' }])).toBe('warning');
    expect(outcomeOf([{ status: 'failed', enforcementLevel: 'softMandatory' }, { status: 'failed', enforcementLevel: 'warning' }])).toBe('softFailed');
    expect(outcomeOf([{ status: 'error', enforcementLevel: 'softMandatory' }])).toBe('error');
    expect(outcomeOf([{ status: 'error', enforcementLevel: 'hardMandatory' }])).toBe('hardFailed');
    expect(outcomeOf([{ status: 'failed', enforcementLevel: 'hardMandatory' }, { status: 'passed', enforcementLevel: 'softMandatory' }])).toBe('hardFailed');
  });
});

describe('managed compliance groups', () => {
  it('name the five standards and only managed policies that exist', () => {
    expect(managedGroups.map((g) => g.id)).toEqual(['polg-cis-aws-v1-4-0', 'polg-pci-dss-v3-2-1', 'polg-pci-dss-v4-0-1', 'polg-nist-800-53-rev-5', 'polg-fsbp-v1-0-0']);
    for (const g of managedGroups) for (const p of g.controlPolicies) expect(findManagedPolicy(p.controlPolicyId), p.controlPolicyId).toBeDefined();
    expect(new Set(managedPolicies.map((p) => p.id)).size).toBe(managedPolicies.length);
  });
  it('flag an unencrypted EBS volume', () => {
    const ebs = findManagedPolicy('pol-managed-ebs-encrypted') as PolicyDefinition;
    expect(evaluateTypedPolicy(ebs, plan([{ type: 'aws_ebs_volume', actions: ['create'], after: { encrypted: false } }])).status).toBe('failed');
    expect(evaluateTypedPolicy(ebs, plan([{ type: 'aws_ebs_volume', actions: ['create'], after: { encrypted: true } }])).status).toBe('passed');
  });
});
