import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { CM_DEFAULT_RUNNER_GROUP, managedControlPolicyIds } from '@terrace/domain';
import { controlPoliciesStep } from '@terrace/runner-engine';
import { startVcsHostStandIn, type VcsHostStandIn } from '@terrace/vcs-hosts/testing';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../audit/audit.schema';
import { addMember, createNamespace, signUpOrganization, type SignedUp } from '../../testing/factories';
import { createTestApi, type TestApi } from '../../testing/test-api';
import { claimNextJob, finishJob, jobSpec, type ClaimedJob } from '../runs/run-jobs.service';
import { policyResults } from './control-policies.schema';

// Control policies on the real server and PostgreSQL: the operations over HTTP (answers checked
// against the contract), and their evaluation in deployments through the real runs module: a run is
// created over HTTP, its plan job claimed, its spec built (the policies in force), the policies
// evaluated by the runner engine's control-policies step on a plan JSON, and the job finished with
// the results as the runner protocol does. OPA policies run tools/opa-stand-in as the opa binary.

const opaStandIn = resolve(import.meta.dirname, '../../../../../tools/opa-stand-in/bin/opa');

const hostToken = `ghp_${randomBytes(8).toString('hex')}`;
let standIn: VcsHostStandIn;
let workRoot: string;
let api: TestApi;
let admin: SignedUp;
let viewer: SignedUp;
let namespaceId: string;
let providerId: string;

type Item = Record<string, unknown> & { id: string };

beforeAll(async () => {
  process.env['TERRACE_OPA_BIN'] = opaStandIn;
  // The git host's API (a stand-in): the job's spec reaches the stack's repository through it.
  standIn = await startVcsHostStandIn({
    token: hostToken,
    repositories: [{ owner: 'acme', name: 'infra', defaultBranch: 'main', branches: [{ name: 'main', commit: 'a'.repeat(40) }], httpUrl: 'http://git.example.test/acme/infra.git' }],
  });
  workRoot = await mkdtemp(join(tmpdir(), 'terrace-policies-test-'));
  api = await createTestApi({ vcs: { endpoints: standIn.endpoints, gitWorkRoot: workRoot }, poolSize: 8 });
  admin = await signUpOrganization(api, 'policies');
  viewer = await addMember(api, admin.organizationId, 'viewer');
  namespaceId = (await createNamespace(api, admin.token)).id;
  providerId = await createVcsProvider(api, admin.token);
}, 60_000);

afterAll(async () => {
  delete process.env['TERRACE_OPA_BIN'];
  await api.close();
  await standIn.close();
  await rm(workRoot, { recursive: true, force: true });
});

async function createVcsProvider(_api: TestApi, token: string): Promise<string> {
  const provider = await api.call<{ id: string }>('createVcsProvider', {
    token,
    entity: { type: 'github', name: `gh-${randomBytes(3).toString('hex')}`, authType: 'token', gitCloneType: 'http', githubMetadata: { orgName: 'acme' }, credentials: { token: hostToken } },
  });
  if (provider.status !== 200) throw new Error(JSON.stringify(provider.body));
  return (provider.body.response.items[0] as { id: string }).id;
}

async function ok<T = Item>(operationId: string, options: Parameters<TestApi['call']>[1]): Promise<T[]> {
  const res = await api.call<T>(operationId, options);
  if (res.status !== 200) throw new Error(`${operationId}: ${res.status} ${JSON.stringify(res.body.response.errors)}`);
  return res.body.response.items;
}
const one = async <T = Item>(operationId: string, options: Parameters<TestApi['call']>[1]): Promise<T> => (await ok<T>(operationId, options))[0] as T;

const uniq = (label: string) => `${label}-${randomBytes(3).toString('hex')}`;

async function createPolicy(entity: Record<string, unknown>, token = admin.token): Promise<Item> {
  return one('createControlPolicy', { token, entity: { name: uniq(String(entity['type'])), ...entity } });
}

async function createStack(ns = namespaceId, token = admin.token, data: Record<string, unknown> = {}): Promise<string> {
  const stack = { name: uniq('stack'), namespaceId: ns, iacType: 'terraform', data: { vcsInfo: { providerId, repoName: 'infra', branch: 'main', path: 'envs/prod' }, ...data } };
  return (await one<{ id: string }>('createStack', { token, entity: { stack } })).id;
}

async function claimOf(organizationId: string, runId: string): Promise<ClaimedJob> {
  for (let i = 0; i < 50; i += 1) {
    const job = await claimNextJob(api.runs, { organizationId, runnerGroupId: CM_DEFAULT_RUNNER_GROUP, runnerId: 'rnr-policies-test' });
    if (!job) break;
    if (job.runId === runId) return job;
    await finishJob(api.runs, job, { status: 'failed', error: 'not this test' });
  }
  throw new Error(`no job for ${runId}`);
}

/** terraform show -json of a plan creating an S3 bucket with these tags. */
function bucketPlan(tags: Record<string, string>) {
  const change = { actions: ['create'], before: null, after: { bucket: 'logs', tags, tags_all: tags }, after_unknown: { arn: true, id: true } };
  return {
    format_version: '1.2',
    resource_changes: [{ address: 'aws_s3_bucket.logs', mode: 'managed', type: 'aws_s3_bucket', name: 'logs', provider_name: 'registry.terraform.io/hashicorp/aws', change }],
    configuration: { root_module: { resources: [{ address: 'aws_s3_bucket.logs', provider_config_key: 'aws' }] } },
  };
}

/** A deployment (or plan) of the stack whose plan phase the "runner" finishes with this plan JSON. */
async function deployWithPlan(stackId: string, plan: unknown, organizationId = admin.organizationId, token = admin.token, kind: 'deployment' | 'plan' = 'deployment'): Promise<Item> {
  const run = await one(kind === 'plan' ? 'createPlan' : 'createDeployment', { token, entity: { stackId } });
  const job = await claimOf(organizationId, run.id);
  const changes = (plan as { resource_changes: { address: string; change: { actions: string[] } }[] }).resource_changes;
  // The runner's side: the spec's policies evaluated on the plan (the opa binary from TERRACE_OPA_BIN).
  const spec = await jobSpec(api.runs, job);
  const checked = spec.controlPolicies ? await controlPoliciesStep({ policies: spec.controlPolicies, plan, log: async () => undefined }) : undefined;
  await finishJob(api.runs, job, {
    status: 'succeeded',
    planSummary: { add: changes.length, change: 0, destroy: 0, replace: 0, import: 0, hasChanges: true },
    resourceChanges: changes.map((c) => ({ address: c.address, change: { actions: c.change.actions } })),
    planJson: JSON.stringify(plan),
    ...(checked ? { controlPolicyResults: checked.results } : {}),
  });
  return kind === 'plan' ? one('getPlan', { token, params: { planId: run.id } }) : one('getDeployment', { token, params: { deploymentId: run.id } });
}

describe('control policies: CRUD, validation, permissions', () => {
  it('creates, reads, updates and deletes a policy, with audit rows', async () => {
    const policy = await createPolicy({ type: 'aws_required_tags', parameters: { tags: [{ key: 'Owner' }, { key: 'env', allowedValues: ['prod', 'dev'] }] } });
    expect(policy).toMatchObject({ id: expect.stringMatching(/^pol-/), type: 'aws_required_tags', isManaged: false, parameters: { tags: [{ key: 'Owner' }, { key: 'env', allowedValues: ['prod', 'dev'] }] } });
    expect(await one('getControlPolicy', { token: viewer.token, params: { controlPolicyId: policy.id } })).toMatchObject({ id: policy.id });
    const renamed = await one('updateControlPolicy', { token: admin.token, params: { controlPolicyId: policy.id }, entity: { name: 'renamed-policy', description: 'Tags we need' } });
    expect(renamed).toMatchObject({ name: 'renamed-policy', description: 'Tags we need', parameters: policy['parameters'] });
    const listed = await ok('listControlPolicies', { token: admin.token, query: { type: 'aws_required_tags' } });
    expect(listed.map((p) => p.id)).toContain(policy.id);
    expect(listed.every((p) => p['type'] === 'aws_required_tags')).toBe(true);
    await ok('deleteControlPolicy', { token: admin.token, params: { controlPolicyId: policy.id } });
    expect((await api.call('getControlPolicy', { token: admin.token, params: { controlPolicyId: policy.id } })).status).toBe(404);
    const audit = await api.database.db.select().from(auditEvents).where(and(eq(auditEvents.organizationId, admin.organizationId), eq(auditEvents.entityId, policy.id)));
    expect(audit.map((a) => `${a.entityType}:${a.action}`).sort()).toEqual(['controlPolicy:create', 'controlPolicy:delete', 'controlPolicy:update']);
  });

  it('answers the spec validations as field errors', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ type: 'aws_required_tags', parameters: { tags: [] } }, 'entity.parameters.tags', 'Add at least one required tag'],
      [{ type: 'aws_required_tags', parameters: { tags: [{ key: 'env(' }] } }, 'entity.parameters.tags.0.key', 'The tag key is not a valid regex pattern'],
      [{ type: 'azure_required_tags', parameters: { tags: [{ key: 'a', allowedValues: ['  '] }] } }, 'entity.parameters.tags.0.allowedValues.0', 'Value can not contain only spaces'],
      [{ type: 'aws_allowed_regions', parameters: { regions: [' '] } }, 'entity.parameters.regions', 'Choose at least one region'],
      [{ type: 'denied_resource_types', parameters: {} }, 'entity.parameters.resourceTypes', 'Choose at least one resource type'],
      [{ type: 'deny_resource_deletion', parameters: { arnPrefixes: ['s3:::prod'] } }, 'entity.parameters.arnPrefixes.0', "ARN prefix must start with 'arn:aws:'"],
      [{ type: 'resource_property_condition', parameters: { propertyConditions: [{ resourceType: 'aws_instance', property: 'x', operator: 'gt', value: 'big' }] } }, 'entity.parameters.propertyConditions.0.value', "For operator 'gt' property value must be a number"],
      [{ type: 'resource_property_condition', parameters: { propertyConditions: [{ resourceType: 'aws_instance', property: 'x', operator: 'match', value: '(' }] } }, 'entity.parameters.propertyConditions.0.value', "For operator 'match' the input is not a valid regex pattern"],
      [{ type: 'resource_property_condition', parameters: { propertyConditions: [{ resourceType: 'aws_instance', property: 'x', operator: 'in' }] } }, 'entity.parameters.propertyConditions.0.value', 'Please enter value(s)'],
      [{ type: 'module_rules', parameters: { moduleRules: {} } }, 'entity.parameters.moduleRules', 'Add at least one module rule'],
      [{ type: 'deny_cost_increase', parameters: {} }, 'entity.parameters.costIncrease', 'Set the allowed cost increase'],
      [{ type: 'opa', parameters: { opa: { source: 'inline', rego: 'deny := 1' } } }, 'entity.parameters.opa.rego', 'A Rego policy starts with a package declaration'],
      [{ type: 'opa', parameters: { opa: { source: 'vcs' } } }, 'entity.parameters.opa.vcsInfo', 'Choose the repository of the policy'],
      [{ type: 'aws_required_tags', name: '   ', parameters: { tags: [{ key: 'a' }] } }, 'entity.name', 'Name is required'],
    ];
    for (const [entity, field, message] of cases) {
      const res = await api.call('createControlPolicy', { token: admin.token, entity: { name: uniq('bad'), ...entity } });
      expect(res.status, JSON.stringify(entity)).toBe(400);
      expect(res.body.response.errors[0], JSON.stringify(entity)).toMatchObject({ code: 'validation_error', field, message });
    }
    // opa check (the stand-in) refuses Rego that does not compile, with opa's message.
    const broken = await api.call('createControlPolicy', {
      token: admin.token,
      entity: { name: uniq('rego'), type: 'opa', parameters: { opa: { source: 'inline', rego: 'package terrace\n\ndeny contains msg if {\n  msg := "a" +\n}\n' } } },
    });
    expect(broken.status).toBe(400);
    expect(broken.body.response.errors[0]).toMatchObject({ field: 'entity.parameters.opa.rego', message: expect.stringContaining('rego_parse_error') });
    // A policy kept in a repository is read at save time: an unknown provider is a field error.
    const unreadable = await api.call('createControlPolicy', {
      token: admin.token,
      entity: { name: uniq('rego'), type: 'opa', parameters: { opa: { source: 'vcs', vcsInfo: { providerId: 'vcsp-nope', repoName: 'acme/policies', path: 'policies' } } } },
    });
    expect(unreadable.status).toBe(400);
    expect(unreadable.body.response.errors[0]).toMatchObject({ field: 'entity.parameters.opa.vcsInfo', message: expect.stringContaining('VCS provider not found: vcsp-nope') });
    // Duplicate names.
    const first = await createPolicy({ type: 'aws_denied_regions', parameters: { regions: ['us-east-1'] } });
    const dup = await api.call('createControlPolicy', { token: admin.token, entity: { name: first['name'], type: 'aws_denied_regions', parameters: { regions: ['x'] } } });
    expect(dup.status).toBe(409);
    expect(dup.body.response.errors[0]).toMatchObject({ field: 'entity.name' });
  });

  it('refuses a viewer, and hides another organization', async () => {
    const denied = await api.call('createControlPolicy', { token: viewer.token, entity: { name: 'v', type: 'aws_denied_regions', parameters: { regions: ['us-east-1'] } } });
    expect(denied.status).toBe(403);
    const policy = await createPolicy({ type: 'aws_denied_regions', parameters: { regions: ['us-east-1'] } });
    expect((await api.call('deleteControlPolicy', { token: viewer.token, params: { controlPolicyId: policy.id } })).status).toBe(403);
    expect((await api.call('createControlPolicyMapping', { token: viewer.token, entity: { controlPolicyId: policy.id, targetType: 'namespace', targetId: namespaceId, enforcementLevel: 'warning' } })).status).toBe(403);
    const other = await signUpOrganization(api, 'policies-other');
    expect((await api.call('getControlPolicy', { token: other.token, params: { controlPolicyId: policy.id } })).status).toBe(404);
    expect((await api.call('updateControlPolicy', { token: other.token, params: { controlPolicyId: policy.id }, entity: { name: 'x' } })).status).toBe(404);
    expect((await api.call('deleteControlPolicy', { token: other.token, params: { controlPolicyId: policy.id } })).status).toBe(404);
    expect(await ok('listControlPolicies', { token: other.token, query: {} })).toEqual([]);
    const mapOther = await api.call('createControlPolicyMapping', { token: other.token, entity: { controlPolicyId: policy.id, targetType: 'namespace', targetId: namespaceId, enforcementLevel: 'warning' } });
    expect(mapOther.status).toBe(404);
  });

  it('lists the managed policies and compliance groups, read-only', async () => {
    const groups = await ok('listControlPolicyGroups', { token: admin.token, query: { includeManaged: true } });
    expect(groups.filter((g) => g['isManaged']).map((g) => g['name'])).toEqual([
      'CIS AWS Foundations Benchmark v1.4.0',
      'PCI DSS v3.2.1',
      'PCI DSS v4.0.1',
      'NIST SP 800-53 Rev. 5',
      'AWS Foundational Security Best Practices v1.0.0',
    ]);
    expect(groups.every((g) => String(g.id).startsWith('polg-'))).toBe(true);
    expect(await ok('listControlPolicyGroups', { token: admin.token, query: {} })).not.toContainEqual(expect.objectContaining({ isManaged: true }));
    const managed = await ok('listControlPolicies', { token: admin.token, query: { includeManaged: true } });
    expect(managed.filter((p) => p['isManaged']).length).toBeGreaterThan(5);
    expect((await api.call('updateControlPolicyGroup', { token: admin.token, params: { controlPolicyGroupId: 'polg-cis-aws-v1-4-0' }, entity: { name: 'x' } })).status).toBe(403);
    expect((await api.call('deleteControlPolicy', { token: admin.token, params: { controlPolicyId: 'pol-managed-ebs-encrypted' } })).status).toBe(403);
  });

  it('is paged, filtered and ordered on the server: own policies by name, then the managed ones', async () => {
    const org = await signUpOrganization(api, 'policies-paged');
    const own = [];
    for (const name of ['b-tags', 'a-regions', 'c-CloudTrail-own']) own.push(await createPolicy({ name, type: 'deny_resource_deletion', parameters: {} }, org.token));
    const list = async (query: Record<string, string | number | boolean>) => {
      const res = await api.call<Item>('listControlPolicies', { token: org.token, query });
      expect(res.status, JSON.stringify(res.body.response.errors)).toBe(200);
      return { names: res.body.response.items.map((p) => String(p['name'])), ids: res.body.response.items.map((p) => p.id), paging: res.body.response.paging };
    };
    const first = await list({ includeManaged: true, pageSize: 10 });
    expect(first.paging).toEqual({ page: 1, pageSize: 10, total: 3 + managedControlPolicyIds.length });
    expect(first.names.slice(0, 3)).toEqual(['a-regions', 'b-tags', 'c-CloudTrail-own']);
    const second = await list({ includeManaged: true, pageSize: 10, page: 2 });
    expect(second.ids).toHaveLength(3 + managedControlPolicyIds.length - 10);
    const managedNames = [...first.names.slice(3), ...second.names];
    expect(managedNames).toEqual([...managedNames].sort());
    expect(new Set([...first.ids, ...second.ids])).toEqual(new Set([...own.map((p) => p.id), ...managedControlPolicyIds]));
    expect(await list({ includeManaged: true, pageSize: 10, page: 3 })).toMatchObject({ ids: [], paging: { total: 3 + managedControlPolicyIds.length } });
    // Without managed ones, a page past the end still counts the organization's own.
    expect(await list({ pageSize: 10, page: 2 })).toMatchObject({ ids: [], paging: { total: 3 } });

    // Part of the name, case-insensitive, in both parts of the list.
    expect((await list({ includeManaged: true, search: ' cloudtrail ' })).names).toEqual(['c-CloudTrail-own', 'CloudTrail covers every region', 'CloudTrail validates log files']);
    expect((await list({ search: 'TAGS' })).names).toEqual(['b-tags']);

    // The highest severity any group gives a policy.
    const [tags, regions] = own as [Item, Item];
    await one('createControlPolicyGroup', { token: org.token, entity: { name: 'g1', controlPolicies: [{ controlPolicyId: regions.id, severity: 'critical' }, { controlPolicyId: tags.id, severity: 'low' }] } });
    await one('createControlPolicyGroup', { token: org.token, entity: { name: 'g2', controlPolicies: [{ controlPolicyId: tags.id, severity: 'high' }] } });
    expect((await list({ severity: 'critical' })).names).toEqual(['a-regions']);
    expect((await list({ severity: 'high' })).names).toEqual(['b-tags']);
    expect(await list({ severity: 'low' })).toMatchObject({ ids: [], paging: { total: 0 } });
    const criticalManaged = await list({ includeManaged: true, severity: 'critical', pageSize: 1000 });
    expect(criticalManaged.names[0]).toBe('a-regions');
    expect(criticalManaged.paging?.total).toBe(criticalManaged.ids.length);

    // The SDK's read by name still answers the one policy, and another organization sees none of them.
    expect((await list({ controlPolicyName: 'b-tags' })).ids).toEqual([tags.id]);
    expect((await ok('listControlPolicies', { token: admin.token, query: { search: 'c-CloudTrail-own' } }))).toEqual([]);
  });

  it('keeps groups of existing policies, and a policy in a group is not deleted', async () => {
    const policy = await createPolicy({ type: 'deny_resource_deletion', parameters: {} });
    const bad = await api.call('createControlPolicyGroup', { token: admin.token, entity: { name: uniq('g'), controlPolicies: [{ controlPolicyId: 'pol-nope', severity: 'low' }] } });
    expect(bad.status).toBe(400);
    expect(bad.body.response.errors[0]).toMatchObject({ field: 'entity.controlPolicies.0.controlPolicyId' });
    const group = await one('createControlPolicyGroup', {
      token: admin.token,
      entity: { name: uniq('g'), controlPolicies: [{ controlPolicyId: policy.id, severity: 'critical' }, { controlPolicyId: 'pol-managed-ebs-encrypted', severity: 'low' }] },
    });
    expect(group).toMatchObject({ id: expect.stringMatching(/^polg-/), isManaged: false });
    const refused = await api.call('deleteControlPolicy', { token: admin.token, params: { controlPolicyId: policy.id } });
    expect(refused.status).toBe(409);
    expect(refused.body.response.errors[0]?.message).toContain('remove it from the group first');
    const noLevel = await api.call('createControlPolicyGroupMapping', { token: admin.token, entity: { controlPolicyGroupId: group.id, targetType: 'namespace', targetId: namespaceId } });
    expect(noLevel.status).toBe(400);
    expect(noLevel.body.response.errors[0]).toMatchObject({ field: 'entity.enforcementLevel' });
    const notInGroup = await api.call('createControlPolicyGroupMapping', {
      token: admin.token,
      entity: { controlPolicyGroupId: group.id, targetType: 'namespace', targetId: namespaceId, enforcementLevel: 'warning', overrideEnforcements: [{ controlPolicyId: 'pol-managed-kms-rotation', enforcementLevel: 'hardMandatory' }] },
    });
    expect(notInGroup.body.response.errors[0]).toMatchObject({ field: 'entity.overrideEnforcements.0.controlPolicyId' });
    await ok('deleteControlPolicyGroup', { token: admin.token, params: { controlPolicyGroupId: group.id } });
    await ok('deleteControlPolicy', { token: admin.token, params: { controlPolicyId: policy.id } });
  });

  it('maps policies to the organization, namespaces and stacks, and refuses targets that do not exist', async () => {
    const policy = await createPolicy({ type: 'aws_denied_regions', parameters: { regions: ['us-east-1'] } });
    const stackId = await createStack();
    for (const [targetType, targetId] of [['organization', admin.organizationId], ['namespace', namespaceId], ['stack', stackId], ['template', 'tpl-x']] as const) {
      await one('createControlPolicyMapping', { token: admin.token, entity: { controlPolicyId: policy.id, targetType, targetId, enforcementLevel: 'warning' } });
    }
    const again = await api.call('createControlPolicyMapping', { token: admin.token, entity: { controlPolicyId: policy.id, targetType: 'stack', targetId: stackId, enforcementLevel: 'warning' } });
    expect(again.status).toBe(409);
    for (const [targetType, targetId] of [['namespace', 'ns-nope'], ['stack', 'stk-nope'], ['organization', 'o-other']] as const) {
      const res = await api.call('createControlPolicyMapping', { token: admin.token, entity: { controlPolicyId: policy.id, targetType, targetId, enforcementLevel: 'warning' } });
      expect(res.status, targetType).toBe(404);
    }
    const updated = await one('updateControlPolicyMapping', { token: admin.token, entity: { controlPolicyId: policy.id, targetType: 'stack', targetId: stackId, enforcementLevel: 'hardMandatory' } });
    expect(updated).toMatchObject({ enforcementLevel: 'hardMandatory' });
    const listed = await ok('listControlPolicyMappings', { token: admin.token, query: { controlPolicyId: policy.id } });
    expect(listed.map((m) => m['targetType']).sort()).toEqual(['namespace', 'organization', 'stack', 'template']);
    const nsListed = await ok('listControlPolicyNamespaceMappings', { token: admin.token, query: { namespaceId } });
    expect(nsListed).toContainEqual({ controlPolicyId: policy.id, namespaceId, enforcementLevel: 'warning' });
    await ok('deleteControlPolicyNamespaceMapping', { token: admin.token, entity: { controlPolicyId: policy.id, namespaceId } });
    await ok('deleteControlPolicyMapping', { token: admin.token, entity: { controlPolicyId: policy.id, targetType: 'stack', targetId: stackId } });
    expect((await ok('listControlPolicyMappings', { token: admin.token, query: { controlPolicyId: policy.id } })).length).toBe(2);
    expect((await api.call('deleteControlPolicyMapping', { token: admin.token, entity: { controlPolicyId: policy.id, targetType: 'stack', targetId: stackId } })).status).toBe(404);
    await ok('deleteControlPolicy', { token: admin.token, params: { controlPolicyId: policy.id } });
    expect(await ok('listControlPolicyMappings', { token: admin.token, query: { controlPolicyId: policy.id } })).toEqual([]);
  });
});

describe('control policies in deployments', () => {
  it('gives the runner the policies in force with the job, records what it reports without evaluating, and refuses a forged result', async () => {
    const org = await signUpOrganization(api, 'policies-runner');
    const ns = (await createNamespace(api, org.token)).id;
    const vcs = await createVcsProvider(api, org.token);
    const stackName = uniq('stack');
    const stackId = (await one<{ id: string }>('createStack', { token: org.token, entity: { stack: { name: stackName, namespaceId: ns, iacType: 'terraform', data: { vcsInfo: { providerId: vcs, repoName: 'infra', branch: 'main', path: '.' } } } } })).id;
    const tags = await one('createControlPolicy', { token: org.token, entity: { name: 'Owner tag', type: 'aws_required_tags', parameters: { tags: [{ key: 'Owner' }] } } });
    await one('createControlPolicyNamespaceMapping', { token: org.token, entity: { controlPolicyId: tags.id, namespaceId: ns, enforcementLevel: 'hardMandatory' } });
    const rego = 'package terrace\n\ndeny contains "never" if {\n  input.run.kind == "nothing"\n}\n';
    const opa = await one('createControlPolicy', { token: org.token, entity: { name: 'Rego check', type: 'opa', parameters: { opa: { source: 'inline', rego } } } });
    await one('createControlPolicyMapping', { token: org.token, entity: { controlPolicyId: opa.id, targetType: 'stack', targetId: stackId, enforcementLevel: 'warning' } });

    const run = await one('createDeployment', { token: org.token, entity: { stackId } });
    const job = await claimOf(org.organizationId, run.id);
    // The spec carries the policies in force, their levels resolved and the Rego given, with the Rego input's context.
    const spec = await jobSpec(api.runs, job);
    expect(spec.controlPolicies?.input).toEqual({ stack: { id: stackId, name: stackName, namespaceId: ns }, run: { id: run.id, kind: 'deployment' } });
    expect(spec.controlPolicies?.policies).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: tags.id, name: 'Owner tag', type: 'aws_required_tags', enforcementLevel: 'hardMandatory', parameters: { tags: [{ key: 'Owner' }] } }),
        expect.objectContaining({ id: opa.id, type: 'opa', enforcementLevel: 'warning', rego: { modules: { 'policy.rego': rego } } }),
      ]),
    );
    expect(spec.controlPolicies?.policies).toHaveLength(2);

    const plan = bucketPlan({});
    const finish = (controlPolicyResults: unknown) =>
      finishJob(api.runs, job, {
        status: 'succeeded',
        planSummary: { add: 1, change: 0, destroy: 0, replace: 0, import: 0, hasChanges: true },
        resourceChanges: [{ address: 'aws_s3_bucket.logs', change: { actions: ['create'] } }],
        planJson: JSON.stringify(plan),
        controlPolicyResults,
      });
    // A result for a policy the job did not carry, two results for one policy, or a malformed one: the finish is refused, nothing is recorded.
    await expect(finish([{ controlPolicyId: 'pol-forged', status: 'passed', failedResources: [] }])).rejects.toThrow('The job did not evaluate the control policy pol-forged');
    await expect(
      finish([
        { controlPolicyId: tags.id, status: 'passed', failedResources: [] },
        { controlPolicyId: tags.id, status: 'failed', failedResources: [] },
      ]),
    ).rejects.toThrow(`The control policy ${tags.id} has two results`);
    await expect(finish([{ controlPolicyId: tags.id, status: 'fine', failedResources: [] }])).rejects.toThrow('A control policy result is not valid');
    expect(await api.database.db.select().from(policyResults).where(eq(policyResults.runId, run.id))).toEqual([]);
    expect((await one('getDeployment', { token: org.token, params: { deploymentId: run.id } }))['status']).toBe('inProgress');

    // The runner says the tag policy passed (this plan lacks the tag: the server would have failed it,
    // and a hard failure stops the run): the server records the runner's word, with the job's level
    // and its own severity score. The Rego policy the runner did not report is 'Unable to Check'.
    await finish([{ controlPolicyId: tags.id, status: 'passed', failedResources: [] }]);
    const recorded = await api.database.db.select().from(policyResults).where(eq(policyResults.runId, run.id));
    expect(recorded.map((r) => [r.controlPolicyId, r.status, r.enforcementLevel, r.severityScore, r.errorMessage])).toEqual([
      [opa.id, 'error', 'warning', 4, 'The runner reported no result for this policy'],
      [tags.id, 'passed', 'hardMandatory', 3, null],
    ]);
    expect((await one('getDeployment', { token: org.token, params: { deploymentId: run.id } }))['status']).toMatch(/^(approved|waitingForApproval)$/);
    await api.call('cancelDeployment', { token: org.token, query: { deploymentId: run.id } });
  });

  it('works the same for a self-hosted runner over the runner protocol: policies in the spec, results with the finish', async () => {
    const org = await signUpOrganization(api, 'policies-self-hosted');
    const ns = (await createNamespace(api, org.token)).id;
    const vcs = await createVcsProvider(api, org.token);
    const group = await one<{ id: string }>('createRunnerGroup', { token: org.token, entity: { name: uniq('group'), maxConcurrency: 2 } });
    const groupToken = (await one<{ token: string }>('createRunnerGroupToken', { token: org.token, params: { groupId: group.id }, entity: { name: 'ci' } })).token;
    const runner = await one<{ token: string }>('registerRunner', { entity: { runnerGroupToken: groupToken, name: uniq('runner'), version: '1.0.0' } });
    const stackId = (
      await one<{ id: string }>('createStack', {
        token: org.token,
        entity: { stack: { name: uniq('stack'), namespaceId: ns, iacType: 'terraform', data: { vcsInfo: { providerId: vcs, repoName: 'infra', branch: 'main', path: '.' }, runnerConfig: { mode: 'selfHosted', groups: [group.id] } } } },
      })
    ).id;
    const policy = await one('createControlPolicy', { token: org.token, entity: { name: 'Owner tag', type: 'aws_required_tags', parameters: { tags: [{ key: 'Owner' }] } } });
    await one('createControlPolicyMapping', { token: org.token, entity: { controlPolicyId: policy.id, targetType: 'stack', targetId: stackId, enforcementLevel: 'softMandatory' } });
    const run = await one('createDeployment', { token: org.token, entity: { stackId } });
    const job = await one<{ jobId: string; token: string; runId: string }>('claimRunnerJob', { token: runner.token, entity: { waitSeconds: 0 } });
    expect(job.runId).toBe(run.id);
    // The spec as the runner receives it (the answer checked against the contract).
    const spec = await one<{ controlPolicies?: Parameters<typeof controlPoliciesStep>[0]['policies'] }>('getRunnerJobSpec', { token: job.token, params: { jobId: job.jobId } });
    expect(spec.controlPolicies?.policies).toEqual([expect.objectContaining({ id: policy.id, enforcementLevel: 'softMandatory' })]);
    const plan = bucketPlan({});
    const checked = await controlPoliciesStep({ policies: spec.controlPolicies as NonNullable<typeof spec.controlPolicies>, plan, log: async () => undefined });
    const finish = (controlPolicyResults: unknown) =>
      api.call('finishRunnerJob', {
        token: job.token,
        params: { jobId: job.jobId },
        entity: {
          status: 'succeeded',
          finalLogOffset: 0,
          outcome: {
            planSummary: { add: 1, change: 0, destroy: 0, replace: 0, import: 0, hasChanges: true },
            resourceChanges: [{ address: 'aws_s3_bucket.logs', change: { actions: ['create'] } }],
            planJson: JSON.stringify(plan),
            controlPolicyResults,
          },
        },
      });
    const forged = await finish([...checked.results, { controlPolicyId: 'pol-managed-ebs-encrypted', status: 'passed', failedResources: [] }]);
    expect(forged.status).toBe(400);
    expect(forged.body.response.errors[0]).toMatchObject({ field: 'outcome.controlPolicyResults.1.controlPolicyId', message: 'The job did not evaluate the control policy pol-managed-ebs-encrypted' });
    expect((await finish(checked.results)).status).toBe(200);
    expect((await one('getDeployment', { token: org.token, params: { deploymentId: run.id } }))['status']).toBe('waitingForFailedControlPoliciesApproval');
    const [recorded] = await api.database.db.select().from(policyResults).where(eq(policyResults.runId, run.id));
    expect(recorded).toMatchObject({ controlPolicyId: policy.id, status: 'failed', severityScore: 7, failedResources: [{ address: 'aws_s3_bucket.logs', message: "Missing the required tag 'Owner'" }] });
    await api.call('cancelDeployment', { token: org.token, query: { deploymentId: run.id } });
  });

  it('stops on a hard failure, waits on a soft one until approved, passes a warning, and lists the violations', async () => {
    const org = await signUpOrganization(api, 'policies-runs');
    const orgViewer = await addMember(api, org.organizationId, 'viewer');
    const ns = (await createNamespace(api, org.token)).id;
    const vcs = await createVcsProvider(api, org.token);
    const stack = async () =>
      (await one<{ id: string }>('createStack', { token: org.token, entity: { stack: { name: uniq('stack'), namespaceId: ns, iacType: 'terraform', data: { vcsInfo: { providerId: vcs, repoName: 'infra', branch: 'main', path: '.' } } } } })).id;
    const policy = await one('createControlPolicy', { token: org.token, entity: { name: 'Owner tag', type: 'aws_required_tags', parameters: { tags: [{ key: 'Owner' }] } } });
    await one('createControlPolicyNamespaceMapping', { token: org.token, entity: { controlPolicyId: policy.id, namespaceId: ns, enforcementLevel: 'hardMandatory' } });

    // Hard: the run fails, the result is recorded with its severity score.
    const stackId = await stack();
    const hard = await deployWithPlan(stackId, bucketPlan({ team: 'a' }), org.organizationId, org.token);
    expect(hard['status']).toBe('failed');
    const results = await api.database.db.select().from(policyResults).where(eq(policyResults.runId, hard.id));
    expect(results).toMatchObject([{ controlPolicyId: policy.id, status: 'failed', enforcementLevel: 'hardMandatory', severityScore: 9, isLatest: true }]);
    expect(results[0]?.failedResources).toEqual([{ address: 'aws_s3_bucket.logs', message: "Missing the required tag 'Owner'" }]);
    const state = await one<{ results?: { controlPoliciesResult?: unknown } }>('getDeploymentStateV2', { token: org.token, query: { deploymentId: hard.id } });
    expect(state.results?.controlPoliciesResult).toMatchObject({
      status: 'failed',
      controlPoliciesRunResult: [{ policyName: 'Owner tag', hasPolicyChecksPassed: false, severityScore: 9, status: 'failed', enforcementLevel: 'hardMandatory' }],
    });
    expect(hard['errorSummary'] ?? JSON.stringify(hard)).toContain('Owner tag');

    // Soft: waits; a viewer may not approve; someone with the permission does, and the run goes on.
    await one('updateControlPolicyMapping', { token: org.token, entity: { controlPolicyId: policy.id, targetType: 'namespace', targetId: ns, enforcementLevel: 'softMandatory' } });
    const soft = await deployWithPlan(stackId, bucketPlan({}), org.organizationId, org.token);
    expect(soft['status']).toBe('waitingForFailedControlPoliciesApproval');
    expect((await api.call('approveDeploymentFailedPolicies', { token: orgViewer.token, query: { deploymentId: soft.id } })).status).toBe(403);
    await one('approveDeploymentFailedPolicies', { token: org.token, query: { deploymentId: soft.id } });
    expect((await one('getDeployment', { token: org.token, params: { deploymentId: soft.id } }))['status']).toMatch(/^(approved|waitingForApproval)$/);
    await api.call('cancelDeployment', { token: org.token, query: { deploymentId: soft.id } });

    // Warning: passes on to approval with the warning shown.
    await one('updateControlPolicyMapping', { token: org.token, entity: { controlPolicyId: policy.id, targetType: 'namespace', targetId: ns, enforcementLevel: 'warning' } });
    const warned = await deployWithPlan(stackId, bucketPlan({}), org.organizationId, org.token);
    expect(warned['status']).toBe('waitingForApproval');
    const steps = await api.database.db.select().from(policyResults).where(eq(policyResults.runId, warned.id));
    expect(steps).toMatchObject([{ status: 'failed', enforcementLevel: 'warning', severityScore: 5 }]);
    await api.call('cancelDeployment', { token: org.token, query: { deploymentId: warned.id } });

    // Tagged code passes; the stack's latest check is now passed and leaves the violations list.
    const otherStack = await stack();
    const failing = await deployWithPlan(otherStack, bucketPlan({}), org.organizationId, org.token);
    await api.call('cancelDeployment', { token: org.token, query: { deploymentId: failing.id } });
    const violations = await api.call<Item>('listPolicyViolations', { token: org.token, query: { page: 1, pageSize: 10 } });
    expect(violations.status, JSON.stringify(violations.body)).toBe(200);
    expect(violations.body.response.items.map((v) => v['stackId']).sort()).toEqual([stackId, otherStack].sort());
    expect(violations.body.response.items[0]).toMatchObject({ controlPolicyId: policy.id, runKind: 'deployment', status: 'failed', policyName: 'Owner tag' });
    const passing = await deployWithPlan(stackId, bucketPlan({ Owner: 'me' }), org.organizationId, org.token);
    expect(passing['status']).toBe('waitingForApproval');
    await api.call('cancelDeployment', { token: org.token, query: { deploymentId: passing.id } });
    const after = await api.call<Item>('listPolicyViolations', { token: org.token, query: { page: 1, pageSize: 10 } });
    expect(after.body.response.items.map((v) => v['stackId'])).toEqual([otherStack]);
    expect((after.body.response as { paging?: { total: number } }).paging?.total).toBe(1);
    const filtered = await api.call<Item>('listPolicyViolations', { token: org.token, query: { page: 1, pageSize: 10, stackId, status: 'passed' } });
    expect(filtered.body.response.items.map((v) => v['runId'])).toEqual([passing.id]);
    const other = await api.call<Item>('listPolicyViolations', { token: admin.token, query: { page: 1, pageSize: 10, controlPolicyId: policy.id } });
    expect(other.body.response.items).toEqual([]);

    // A plan (a pull request's code) shows the failure as findings, succeeds, and leaves the stack's latest alone.
    await one('updateControlPolicyMapping', { token: org.token, entity: { controlPolicyId: policy.id, targetType: 'namespace', targetId: ns, enforcementLevel: 'hardMandatory' } });
    const plan = await deployWithPlan(stackId, bucketPlan({}), org.organizationId, org.token, 'plan');
    expect(plan['status']).toBe('succeeded');
    const planState = await one<{ results?: { controlPoliciesResult?: unknown } }>('getPlanStateV2', { token: org.token, query: { planId: plan.id } });
    expect(planState.results?.controlPoliciesResult).toMatchObject({ status: 'issuesFound', controlPoliciesRunResult: [{ policyName: 'Owner tag', status: 'failed', severityScore: 9 }] });
    const unchanged = await api.call<Item>('listPolicyViolations', { token: org.token, query: { page: 1, pageSize: 10 } });
    expect(unchanged.body.response.items.map((v) => v['stackId'])).toEqual([otherStack]);
  });

  it('applies groups by severity with a per-stack override, and evaluates OPA Rego through the stand-in', async () => {
    const org = await signUpOrganization(api, 'policies-groups');
    const ns = (await createNamespace(api, org.token)).id;
    const vcs = await createVcsProvider(api, org.token);
    const stack = async () =>
      (await one<{ id: string }>('createStack', { token: org.token, entity: { stack: { name: uniq('stack'), namespaceId: ns, iacType: 'terraform', data: { vcsInfo: { providerId: vcs, repoName: 'infra', branch: 'main', path: '.' } } } } })).id;
    const rego = 'package terrace\n\nimport rego.v1\n\ndeny contains msg if {\n  some rc in input.plan.resource_changes\n  rc.type == "aws_s3_bucket"\n  not rc.change.after.tags.Owner\n  msg := {"msg": sprintf("%s needs an Owner", [rc.address]), "resource": rc.address}\n}\n';
    const opa = await one('createControlPolicy', { token: org.token, entity: { name: 'Owner via Rego', type: 'opa', parameters: { opa: { source: 'inline', rego } } } });
    const group = await one('createControlPolicyGroup', {
      token: org.token,
      entity: { name: 'baseline', controlPolicies: [{ controlPolicyId: opa.id, severity: 'critical' }, { controlPolicyId: 'pol-managed-ebs-encrypted', severity: 'low' }] },
    });
    const special = await stack();
    const plain = await stack();
    await one('createControlPolicyGroupMapping', {
      token: org.token,
      entity: {
        controlPolicyGroupId: group.id,
        targetType: 'organization',
        targetId: org.organizationId,
        bySeverity: { low: 'warning', critical: 'hardMandatory' },
        overrideEnforcements: [{ controlPolicyId: opa.id, enforcementLevel: 'softMandatory', stackIds: [special] }],
      },
    });
    const hard = await deployWithPlan(plain, bucketPlan({}), org.organizationId, org.token);
    expect(hard['status']).toBe('failed');
    const soft = await deployWithPlan(special, bucketPlan({}), org.organizationId, org.token);
    expect(soft['status']).toBe('waitingForFailedControlPoliciesApproval');
    const results = await api.database.db.select().from(policyResults).where(eq(policyResults.runId, soft.id));
    expect(results.map((r) => [r.controlPolicyId, r.enforcementLevel, r.status, r.severityScore])).toEqual([
      [opa.id, 'softMandatory', 'failed', 7],
      ['pol-managed-ebs-encrypted', 'warning', 'passed', 1],
    ]);
    const opaResult = await one('getOpaResult', { token: org.token, query: { controlPolicyId: opa.id, runId: soft.id } });
    expect(opaResult).toMatchObject({ status: 'failed', violations: [{ message: 'aws_s3_bucket.logs needs an Owner', resource: 'aws_s3_bucket.logs' }] });
    expect((opaResult['result'] as { deny: unknown[] }).deny).toHaveLength(1);
    const softState = await one<{ results?: { controlPoliciesResult?: { status: string; controlPoliciesRunResult: Record<string, unknown>[] } } }>('getDeploymentStateV2', {
      token: org.token,
      query: { deploymentId: soft.id },
    });
    expect(softState.results?.controlPoliciesResult?.status).toBe('waitingForFailedControlPoliciesApproval');
    expect(softState.results?.controlPoliciesResult?.controlPoliciesRunResult[0]).toMatchObject({ controlPolicyId: opa.id, failedResources: [{ address: 'aws_s3_bucket.logs' }] });
    expect(softState.results?.controlPoliciesResult?.controlPoliciesRunResult[0]).not.toHaveProperty('result');
    expect((await api.call('getOpaResult', { token: admin.token, query: { controlPolicyId: opa.id, runId: soft.id } })).status).toBe(404);
    await api.call('cancelDeployment', { token: org.token, query: { deploymentId: soft.id } });

    // Without an opa binary the Rego policy is 'Unable to Check': soft-mandatory, the run waits for the error approval.
    await one('updateControlPolicyGroupMapping', {
      token: org.token,
      entity: { controlPolicyGroupId: group.id, targetType: 'organization', targetId: org.organizationId, enforcementLevel: 'softMandatory' },
    });
    process.env['TERRACE_OPA_BIN'] = '/nonexistent/opa';
    let unable: Item;
    try {
      unable = await deployWithPlan(special, bucketPlan({ Owner: 'me' }), org.organizationId, org.token);
    } finally {
      process.env['TERRACE_OPA_BIN'] = opaStandIn;
    }
    expect(unable['status']).toBe('waitingForErrorControlPoliciesApproval');
    const [unableResult] = await api.database.db.select().from(policyResults).where(and(eq(policyResults.runId, unable.id), eq(policyResults.controlPolicyId, opa.id)));
    expect(unableResult).toMatchObject({ status: 'error', severityScore: 6, errorMessage: expect.stringContaining('opa binary is not available') });
    await one('approveDeploymentFailedPolicies', { token: org.token, query: { deploymentId: unable.id } });
    expect((await one('getDeployment', { token: org.token, params: { deploymentId: unable.id } }))['status']).toMatch(/^(approved|waitingForApproval)$/);
    await api.call('cancelDeployment', { token: org.token, query: { deploymentId: unable.id } });

    // A deleted stack takes its results and the mappings on it along (audited).
    const stackPolicy = await one('createControlPolicy', { token: org.token, entity: { name: 'no deletes', type: 'deny_resource_deletion', parameters: {} } });
    await one('createControlPolicyMapping', { token: org.token, entity: { controlPolicyId: stackPolicy.id, targetType: 'stack', targetId: plain, enforcementLevel: 'warning' } });
    expect((await api.call('deleteStack', { token: org.token, params: { stackId: plain } })).status).toBe(200);
    expect(await api.database.db.select().from(policyResults).where(eq(policyResults.stackId, plain))).toEqual([]);
    expect(await ok('listControlPolicyMappings', { token: org.token, query: { controlPolicyId: stackPolicy.id } })).toEqual([]);
    const audit = await api.database.db.select().from(auditEvents).where(and(eq(auditEvents.organizationId, org.organizationId), eq(auditEvents.entityId, stackPolicy.id)));
    expect(audit.map((a) => a.action)).toEqual(['create', 'update', 'update']);
  });
});
