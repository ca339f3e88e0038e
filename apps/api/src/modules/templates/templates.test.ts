import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, createNamespace, createVcsProvider, signUpOrganization, type SignedUp } from '../../testing/factories';
import { createTestApi, type TestApi } from '../../testing/test-api';
import { claimNextJob, finishJob } from '../runs/run-jobs.service';
import { runs } from '../runs/runs.schema';
import { stacks } from '../stacks/stacks.schema';
import { runStackLifecycle } from './stack-lifecycle.service';

// Templates on the real API and PostgreSQL: CRUD and its field errors, permissions, organizations,
// audit; stacks from a template within its time-to-live policy; the time-to-live job run with an
// advanced clock, its destroy run driven through the runner side of the runs domain. The job works
// across organizations, so another file's pass may report a run first: outcomes are read from the
// stacks and events, not from the pass that happened to see them.

type Template = Record<string, unknown> & { id: string; name: string };
type Stack = Record<string, unknown> & { id: string; name: string; expiresAt: string | null; latestRunId?: string; errorState?: string };

let api: TestApi;
let admin: SignedUp;
let providerId: string;
let namespaceId: string;

beforeAll(async () => {
  api = await createTestApi({ poolSize: 6 });
  admin = await signUpOrganization(api, 'templates');
  providerId = await createVcsProvider(api, admin.token);
  namespaceId = (await createNamespace(api, admin.token)).id;
}, 60_000);
afterAll(() => api.close());

const suffix = () => randomBytes(3).toString('hex');
const hours = (value: number) => ({ type: 'hours', value });

/** Each test's stacks run in a runner group of their own, so other files' jobs never mix in. */
function templateEntity(extra: Record<string, unknown> = {}) {
  return {
    name: `tmpl-${suffix()}`,
    iacType: 'opentofu',
    description: 'Preview environments',
    vcsInfo: { providerId, repoName: 'acme/previews', branch: 'main', path: 'envs/preview' },
    policy: { ttlConfig: { maxTtl: hours(8), defaultTtl: hours(2) } },
    skipStateRefreshOnDestroy: true,
    iacConfig: { opentofuVersion: '1.8.0', varFiles: ['preview.tfvars'] },
    runnerConfig: { mode: 'selfHosted', groups: [`grp-${suffix()}`] },
    ...extra,
  };
}

async function createTemplate(token = admin.token, extra: Record<string, unknown> = {}): Promise<Template> {
  const res = await api.call<Template>('createTemplate', { token, entity: templateEntity(extra) });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.response.items[0] as Template;
}

async function fromTemplate(template: Template, extra: Record<string, unknown> = {}, token = admin.token) {
  return api.call<Stack>('createStackFromTemplate', { token, entity: { templateId: template.id, name: `env-${suffix()}`, namespaceId, ...extra } });
}

/**
 * Plays a runner for the group: each claimable job ends with `outcome` (a plan with changes when it
 * succeeds); a deployment waiting for approval is approved, as a user would.
 */
async function runJobsOf(group: string, outcome: 'succeeded' | 'failed') {
  for (let i = 0; i < 4; i += 1) {
    const job = await claimNextJob(api.runs, { organizationId: admin.organizationId, runnerGroupId: group, runnerId: 'rnr-test' });
    if (!job) return;
    await finishJob(api.runs, { jobId: job.jobId, attempt: job.attempt }, {
      status: outcome,
      ...(job.phase === 'plan' && outcome === 'succeeded' ? { planSummary: { add: 1, change: 0, destroy: 0, replace: 0, import: 0, hasChanges: true } } : {}),
    });
    const [run] = await api.database.db.select().from(runs).where(eq(runs.id, job.runId));
    if (run?.status === 'waitingForApproval') {
      const approved = await api.call('approveDeployment', { token: admin.token, query: { deploymentId: job.runId } });
      expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    }
  }
}

// One pass of the TTL job over this file's organization (other files share the database).
const lifecycle = (now: Date) => runStackLifecycle(api.templates, now, { organizationId: admin.organizationId });

const groupOf = (template: Template) => ((template['runnerConfig'] as { groups: string[] }).groups[0] as string);

describe('templates', () => {
  it('creates a template with its whole shape, reads, lists, updates partially and deletes it, with audit rows', async () => {
    const entity = templateEntity();
    const created = await api.call<Template>('createTemplate', { token: admin.token, entity });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const template = created.body.response.items[0] as Template;
    expect(template.id).toMatch(/^tmpl-[a-z0-9]+$/);
    expect(template).toMatchObject({ ...entity, isManaged: false });

    const read = await api.call('getTemplate', { token: admin.token, params: { templateId: template.id } });
    expect(read.body.response.items).toEqual([template]);
    const listed = await api.call<Template>('listTemplates', { token: admin.token, query: { search: entity.name.slice(5), page: 1, pageSize: 10 } });
    expect(listed.body.response.items.map((t) => t.id)).toEqual([template.id]);
    expect(listed.body.response.paging?.total).toBe(1);

    const updated = await api.call<Template>('updateTemplate', {
      token: admin.token,
      params: { templateId: template.id },
      entity: { description: null, policy: { ttlConfig: { maxTtl: { type: 'days', value: 2 }, defaultTtl: hours(4) } } },
    });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    const after = updated.body.response.items[0] as Template;
    expect(after['description']).toBeUndefined();
    expect(after['policy']).toEqual({ ttlConfig: { maxTtl: { type: 'days', value: 2 }, defaultTtl: hours(4) } });
    expect(after['vcsInfo']).toEqual(entity.vcsInfo);

    expect((await api.call('deleteTemplate', { token: admin.token, params: { templateId: template.id } })).status).toBe(200);
    const gone = await api.call('getTemplate', { token: admin.token, params: { templateId: template.id } });
    expect(gone.status).toBe(404);
    expect(gone.body.response.errors[0]?.code).toBe('not_found');

    const audit = await api.call<{ entityId: string; action: string }>('listAuditEvents', { token: admin.token, query: { entityType: 'template' } });
    const mine = audit.body.response.items.filter((e) => e.entityId === template.id).map((e) => e.action);
    expect(mine.sort()).toEqual(['create', 'delete', 'update']);
  });

  it('refuses bad fields as field errors with the spec’s messages', async () => {
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ name: '  ' }, 'entity.name', /must not be blank/],
      [{ policy: { ttlConfig: { maxTtl: hours(2), defaultTtl: hours(3) } } }, 'entity.policy.ttlConfig.defaultTtl', /default time to live must not be longer/],
      [{ policy: { ttlConfig: { maxTtl: hours(0) } } }, 'entity.policy.ttlConfig.maxTtl.value', /.+/],
      [{ iacConfig: { varFiles: ['terraform.tfvars'] } }, 'entity.iacConfig.varFiles.0', /loads terraform.tfvars automatically/],
      [{ iacConfig: { varFiles: ['envs/'] } }, 'entity.iacConfig.varFiles.0', /Var file must be a file path/],
      [{ vcsInfo: { providerId: 'vcsp-nope', repoName: 'a/b' } }, 'entity.vcsInfo.providerId', /No VCS provider/],
      [{ vcsInfo: { providerId, repoName: 'a/b', branch: 'bad branch' } }, 'entity.vcsInfo.branch', /Branch name may contain only/],
      [{ vcsInfo: { providerId, repoName: 'a/b', path: '../etc' } }, 'entity.vcsInfo.path', /inside the repository/],
      [{ runnerConfig: { mode: 'selfHosted', groups: [] } }, 'entity.runnerConfig.groups', /.+/],
    ];
    for (const [extra, field, message] of cases) {
      const res = await api.call('createTemplate', { token: admin.token, entity: templateEntity(extra) });
      expect(res.status, JSON.stringify(extra)).toBe(400);
      expect(res.body.response.errors[0]?.field, JSON.stringify(extra)).toBe(field);
      expect(res.body.response.errors[0]?.message).toMatch(message);
    }
    const template = await createTemplate();
    const duplicate = await api.call('createTemplate', { token: admin.token, entity: templateEntity({ name: template.name }) });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.response.errors[0]).toMatchObject({ code: 'already_exist', field: 'entity.name' });
    // A maximum lowered below the stored default is refused too.
    const lowered = await api.call('updateTemplate', { token: admin.token, params: { templateId: template.id }, entity: { policy: { ttlConfig: { maxTtl: hours(1) } } } });
    expect(lowered.status).toBe(400);
    expect(lowered.body.response.errors[0]?.field).toBe('entity.policy.ttlConfig.defaultTtl');
    const cleared = await api.call('updateTemplate', { token: admin.token, params: { templateId: template.id }, entity: { vcsInfo: null } });
    expect(cleared.status).toBe(400);
  });

  it('lets viewers and members read templates but only admins change them; another organization sees none', async () => {
    const template = await createTemplate();
    const viewer = await addMember(api, admin.organizationId, 'viewer');
    const member = await addMember(api, admin.organizationId, 'member');
    expect((await api.call('getTemplate', { token: viewer.token, params: { templateId: template.id } })).status).toBe(200);
    expect((await api.call('createTemplate', { token: member.token, entity: templateEntity() })).status).toBe(403);
    expect((await api.call('updateTemplate', { token: viewer.token, params: { templateId: template.id }, entity: { description: 'x' } })).status).toBe(403);
    expect((await api.call('deleteTemplate', { token: member.token, params: { templateId: template.id } })).status).toBe(403);

    const other = await signUpOrganization(api, 'templates-other');
    expect((await api.call('getTemplate', { token: other.token, params: { templateId: template.id } })).status).toBe(404);
    expect((await api.call('deleteTemplate', { token: other.token, params: { templateId: template.id } })).status).toBe(404);
    const list = await api.call('listTemplates', { token: other.token, query: { templateId: template.id } });
    expect(list.body.response.items).toEqual([]);
    const fromOther = await api.call('createStackFromTemplate', {
      token: other.token,
      entity: { templateId: template.id, name: 'x', namespaceId: (await createNamespace(api, other.token)).id },
    });
    expect(fromOther.status).toBe(400);
    expect(fromOther.body.response.errors[0]?.field).toBe('entity.templateId');
  });

  it('maps templates to namespaces: listed by namespace, offered only there, mapping audited and removed by its tuple', async () => {
    const template = await createTemplate();
    const elsewhere = (await createNamespace(api, admin.token)).id;
    const mapping = { templateId: template.id, namespaceId };
    const created = await api.call('createTemplateNamespaceMapping', { token: admin.token, entity: mapping });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.response.items).toEqual([mapping]);
    expect((await api.call('createTemplateNamespaceMapping', { token: admin.token, entity: mapping })).status).toBe(409);
    const badNs = await api.call('createTemplateNamespaceMapping', { token: admin.token, entity: { templateId: template.id, namespaceId: 'ns-missing' } });
    expect(badNs.body.response.errors[0]?.field).toBe('entity.namespaceId');

    expect((await api.call('listTemplateNamespaceMappings', { token: admin.token, query: { templateId: template.id } })).body.response.items).toEqual([mapping]);
    const byNs = await api.call<Template>('listTemplates', { token: admin.token, query: { namespaceId } });
    expect(byNs.body.response.items.map((t) => t.id)).toContain(template.id);
    expect((await api.call<Template>('listTemplates', { token: admin.token, query: { namespaceId: elsewhere } })).body.response.items.map((t) => t.id)).not.toContain(template.id);

    const refused = await fromTemplate(template, { namespaceId: elsewhere });
    expect(refused.status).toBe(400);
    expect(refused.body.response.errors[0]).toMatchObject({ field: 'entity.namespaceId', message: expect.stringMatching(/not offered in namespace/) });

    expect((await api.call('deleteTemplateNamespaceMapping', { token: admin.token, entity: mapping })).status).toBe(200);
    expect((await api.call('deleteTemplateNamespaceMapping', { token: admin.token, entity: mapping })).status).toBe(404);
    const audit = await api.call<{ entityId: string; action: string }>('listAuditEvents', { token: admin.token, query: { entityType: 'templateNamespaceMapping' } });
    expect(audit.body.response.items.filter((e) => e.entityId === `${template.id}/${namespaceId}`).map((e) => e.action).sort()).toEqual(['create', 'delete']);
  });
});

describe('stacks from templates and their time to live', () => {
  it('creates an ephemeral stack within the policy, deploys it, and keeps extensions within the maximum', async () => {
    const template = await createTemplate();
    const tooLong = await fromTemplate(template, { ttl: hours(9) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.response.errors[0]).toMatchObject({ field: 'entity.ttl', message: 'The time to live may be at most 8 hours, the template\'s maximum' });

    const created = await fromTemplate(template, { ttl: hours(1), variables: [{ key: 'region', value: 'eu-west-1' }] });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const stack = created.body.response.items[0] as Stack;
    expect(stack).toMatchObject({ stackType: 'ephemeralManaged', templateId: template.id, namespaceId, iacType: 'opentofu', errorState: 'ok' });
    expect(stack['data']).toMatchObject({ vcsInfo: template['vcsInfo'], iacConfig: template['iacConfig'], runnerConfig: template['runnerConfig'], policy: { ttlConfig: { ttl: hours(1) } } });
    const left = Date.parse(String(stack.expiresAt)) - Date.now();
    expect(left).toBeGreaterThan(59 * 60_000);
    expect(left).toBeLessThanOrEqual(3600_000);
    // Its first deployment started at once; its variable is the stack's.
    expect(stack.latestRunId).toMatch(/^dep-/);
    const variables = await api.call<{ key: string; value: string; scope: string }>('listVariables', { token: admin.token, query: { stackId: stack.id } });
    expect(variables.body.response.items.find((v) => v.key === 'region')).toMatchObject({ value: 'eu-west-1', scope: 'stack' });
    const badVariable = await fromTemplate(template, { variables: [{ key: '1bad', value: 'x' }] });
    expect(badVariable.body.response.errors[0]?.field).toBe('entity.variables.0.key');

    // The default TTL applies when none is asked for.
    const byDefault = (await fromTemplate(template)).body.response.items[0] as Stack;
    expect(Date.parse(String(byDefault.expiresAt)) - Date.now()).toBeGreaterThan(119 * 60_000);

    const extendTooFar = await api.call('extendStackTtl', { token: admin.token, params: { stackId: stack.id }, entity: { ttl: { type: 'days', value: 1 } } });
    expect(extendTooFar.status).toBe(400);
    expect(extendTooFar.body.response.errors[0]).toMatchObject({ field: 'entity.ttl', message: expect.stringMatching(/at most 8 hours/) });
    const extended = await api.call<Stack>('extendStackTtl', { token: admin.token, params: { stackId: stack.id }, entity: { ttl: hours(8) } });
    expect(extended.status).toBe(200);
    expect(Date.parse(String((extended.body.response.items[0] as Stack).expiresAt)) - Date.now()).toBeGreaterThan(7.9 * 3600_000);

    // A viewer may not create stacks from templates.
    const viewer = await addMember(api, admin.organizationId, 'viewer');
    expect((await fromTemplate(template, {}, viewer.token)).status).toBe(403);
  });

  it('destroys an expired stack through a ttl destroy run and deletes it when the destroy succeeds; events for the last 7 days', async () => {
    const template = await createTemplate();
    const group = groupOf(template);
    const stack = (await fromTemplate(template, { ttl: hours(1) })).body.response.items[0] as Stack;
    // The first deployment creates the resources.
    await runJobsOf(group, 'succeeded');
    expect((await lifecycle(new Date())).destroysStarted).not.toContain(stack.id);

    // Not yet: 59 minutes later nothing happens; 61 minutes later the destroy starts, once.
    expect((await lifecycle(new Date(Date.now() + 59 * 60_000))).destroysStarted).not.toContain(stack.id);
    const later = new Date(Date.now() + 61 * 60_000);
    expect((await lifecycle(later)).destroysStarted).toContain(stack.id);
    expect((await lifecycle(later)).destroysStarted).not.toContain(stack.id);
    const [destroy] = await api.database.db.select().from(runs).where(eq(runs.stackId, stack.id)).orderBy(runs.createdAt).then((rows) => rows.slice(-1));
    expect(destroy).toMatchObject({ kind: 'destroy', trigger: 'ttl', status: 'queued', createdBy: null });
    expect(destroy?.config).toMatchObject({ isDestroy: true, refresh: false });

    await runJobsOf(group, 'succeeded');
    // The job is global: a pass of another test file may be the one that reports it.
    await lifecycle(later);
    expect((await api.call('getStack', { token: admin.token, params: { stackId: stack.id } })).status).toBe(404);

    const events = await api.call<{ type: string; stackId: string; runId?: string }>('listTemplateEvents', { token: admin.token, query: { templateId: template.id } });
    expect(events.status).toBe(200);
    expect(events.body.response.items.map((e) => e.type).sort()).toEqual(
      ['resourceCreationComplete', 'resourceTerminationComplete', 'resourceTerminationStarted', 'stackCreated', 'stackDeleted'].sort(),
    );
    expect(events.body.response.items.find((e) => e.type === 'resourceTerminationStarted')?.runId).toBe(destroy?.id);
    const audit = await api.call<{ entityId: string; action: string; initiator?: { userName: string } }>('listAuditEvents', { token: admin.token, query: { entityType: 'stack' } });
    expect(audit.body.response.items.find((e) => e.entityId === stack.id && e.action === 'delete')?.initiator?.userName).toBe('time to live');
  });

  it('marks a stack whose ttl destroy failed as stackPassedItsTTL and does not retry until its TTL is extended', async () => {
    const template = await createTemplate();
    const group = groupOf(template);
    const stack = (await fromTemplate(template, { ttl: hours(1) })).body.response.items[0] as Stack;
    await runJobsOf(group, 'failed');
    const later = new Date(Date.now() + 2 * 3600_000);
    expect((await lifecycle(later)).destroysStarted).toContain(stack.id);
    await runJobsOf(group, 'failed');
    await lifecycle(later);

    const read = (await api.call<Stack>('getStack', { token: admin.token, params: { stackId: stack.id } })).body.response.items[0] as Stack;
    expect(read.errorState).toBe('stackPassedItsTTL');
    const [row] = await api.database.db.select().from(stacks).where(eq(stacks.id, stack.id));
    expect(row?.errorState).toBe('stackPassedItsTTL');
    expect((await lifecycle(later)).destroysStarted).not.toContain(stack.id);
    const byError = await api.call<Stack>('listStacks', { token: admin.token, query: { errorState: 'stackPassedItsTTL', templateId: template.id } });
    expect(byError.body.response.items.map((s) => s.id)).toEqual([stack.id]);

    const events = await api.call<{ type: string }>('listTemplateEvents', { token: admin.token, query: { templateId: template.id, stackId: stack.id } });
    expect(events.body.response.items.map((e) => e.type)).toEqual(expect.arrayContaining(['resourceCreationFailed', 'resourceTerminationFailed']));

    // A template with live stacks stays.
    const del = await api.call('deleteTemplate', { token: admin.token, params: { templateId: template.id } });
    expect(del.status).toBe(409);

    // Extending the time to live clears the error; once it passes again, a new destroy starts.
    const extended = await api.call<Stack>('extendStackTtl', { token: admin.token, params: { stackId: stack.id }, entity: { ttl: hours(1) } });
    expect((extended.body.response.items[0] as Stack).errorState).toBe('ok');
    expect((await lifecycle(new Date(Date.now() + 30 * 60_000))).destroysStarted).not.toContain(stack.id);
    expect((await lifecycle(new Date(Date.now() + 2 * 3600_000))).destroysStarted).toContain(stack.id);
  });

  it('holds template-scoped variables, which its stacks inherit', async () => {
    const template = await createTemplate();
    const variable = await api.call('createVariable', { token: admin.token, entity: { scope: 'template', scopeId: template.id, key: 'size', value: 'small', type: 'tfVar' } });
    expect(variable.status, JSON.stringify(variable.body)).toBe(200);
    const stack = (await fromTemplate(template)).body.response.items[0] as Stack;
    const effective = await api.call<{ key: string; value: string; scope: string }>('listEffectiveVariables', { token: admin.token, params: { stackId: stack.id } });
    expect(effective.status, JSON.stringify(effective.body)).toBe(200);
    expect(effective.body.response.items.find((v) => v.key === 'size')).toMatchObject({ value: 'small', scope: 'template' });
    const missing = await api.call('createVariable', { token: admin.token, entity: { scope: 'template', scopeId: 'tmpl-missing', key: 'x', value: 'y', type: 'tfVar' } });
    expect(missing.status).not.toBe(200);
  });

  it('lists only the window asked for and another organization sees no events', async () => {
    const template = await createTemplate();
    await fromTemplate(template);
    const week = await api.call('listTemplateEvents', { token: admin.token, query: { templateId: template.id, daysBack: 7 } });
    expect(week.body.response.items).toHaveLength(1);
    const bad = await api.call('listTemplateEvents', { token: admin.token, query: { daysBack: 0 } });
    expect(bad.status).toBe(400);
    const other = await signUpOrganization(api, 'templates-events');
    expect((await api.call('listTemplateEvents', { token: other.token, query: { templateId: template.id } })).body.response.items).toEqual([]);
  });
});
