import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { JobControlPolicies } from '@terrace/policy-engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGitHttpServer, TestRepositories, type GitHttpServer } from '@terrace/git/testing';
import { installStandIns } from '@terrace/iac-stand-in';
import type { StepStatus } from '@terrace/domain';
import type { JobSink, JobSpec, StepKey, StepResult } from './job-spec';
import { runJob } from './run-job';

// The control-policies step of a plan job, end to end on the runner: a real git repository, the IaC
// stand-in as terraform, tools/opa-stand-in as the opa binary (or none). The policies come in the
// spec; the results go out in the outcome, the step and the log show them.

const opaStandIn = resolve(import.meta.dirname, '../../../../tools/opa-stand-in/bin/opa');

let repos: TestRepositories;
let git: GitHttpServer;
let work: string;
let binDir: string;

beforeAll(async () => {
  repos = await TestRepositories.create();
  git = await startGitHttpServer({ root: repos.root });
  work = await mkdtemp(join(tmpdir(), 'terrace-policies-step-'));
  binDir = join(work, 'bin');
  await installStandIns(binDir, { terraform: ['1.9.5'] });
  await repos.create('infra', {
    'main.tf': `terraform {\n  backend "local" {\n    path = "${join(work, 'terraform.tfstate')}"\n  }\n}\n\nresource "null_resource" "app" {\n  triggers = { name = "app" }\n}\n`,
  });
}, 60_000);

afterAll(async () => {
  await git.close();
  await repos.dispose();
  await rm(work, { recursive: true, force: true });
});

const rego = `package terrace

deny contains msg if {
  some rc in input.plan.resource_changes
  rc.type == "null_resource"
  msg := {"msg": sprintf("%s is not allowed in %s", [rc.address, input.stack.name]), "resource": rc.address}
}
`;

const policies: JobControlPolicies = {
  input: { stack: { id: 'stk-1', name: 'app', namespaceId: 'ns-1' }, run: { id: 'dep-1', kind: 'deployment' } },
  policies: [
    { id: 'pol-types', name: 'No null resources', type: 'denied_resource_types', enforcementLevel: 'hardMandatory', parameters: { resourceTypes: ['null_resource'] } },
    { id: 'pol-deletes', name: 'No deletions', type: 'deny_resource_deletion', enforcementLevel: 'warning', parameters: {} },
    { id: 'pol-rego', name: 'Rego says no', type: 'opa', enforcementLevel: 'softMandatory', parameters: { opa: { source: 'inline', rego } }, rego: { modules: { 'policy.rego': rego } } },
    { id: 'pol-repo', name: 'Rego of a repository', type: 'opa', enforcementLevel: 'warning', parameters: {}, unavailable: "The policy's Rego could not be read: Repository not found" },
  ],
};

function spec(overrides: Partial<JobSpec> = {}): JobSpec {
  return {
    jobId: 'job-1',
    runId: 'dep-1',
    runKind: 'deployment',
    phase: 'plan',
    organizationId: 'org-1',
    stackId: 'stk-1',
    stackName: 'app',
    repository: { url: git.urlOf('infra'), branch: 'main', path: '' },
    iac: { engine: 'terraform', version: '1.9.5' },
    variables: [],
    varFiles: [],
    hooks: { beforeInit: [], afterInit: [], beforePlan: [], afterPlan: [], beforeApply: [], afterApply: [] },
    backend: { kind: 'local' },
    controlPolicies: policies,
    ...overrides,
  };
}

async function plan(opaBinary: string, overrides: Partial<JobSpec> = {}) {
  const steps: { key: StepKey; status: string; result?: StepResult | undefined }[] = [];
  const chunks: Buffer[] = [];
  const sink: JobSink = {
    log: (bytes: Uint8Array) => void chunks.push(Buffer.from(bytes)),
    step: async (key: StepKey, status: StepStatus, result?: StepResult) => {
      steps.push({ key, status, result });
      return { signal: 'none' as const };
    },
  };
  const outcome = await runJob(spec(overrides), sink, new AbortController().signal, {
    workRoot: join(work, 'jobs'),
    binaries: { binDir, cacheDir: join(work, 'cache'), download: false },
    opa: { binary: opaBinary, download: false },
  });
  // eslint-disable-next-line no-control-regex
  return { outcome, steps, log: Buffer.concat(chunks).toString('utf8').replace(/\x1b\[\d+m/g, '') };
}

describe('the control-policies step', () => {
  it('evaluates the typed policies natively and the Rego through opa, after the plan, and reports them with the finish', async () => {
    const { outcome, steps, log } = await plan(opaStandIn);
    expect(outcome.status, outcome.error).toBe('succeeded');
    expect(outcome.controlPolicyResults).toEqual([
      { controlPolicyId: 'pol-types', status: 'failed', failedResources: [expect.objectContaining({ address: 'null_resource.app' })] },
      { controlPolicyId: 'pol-deletes', status: 'passed', failedResources: [] },
      {
        controlPolicyId: 'pol-rego',
        status: 'failed',
        failedResources: [{ address: 'null_resource.app', message: 'null_resource.app is not allowed in app' }],
        result: { deny: [{ msg: 'null_resource.app is not allowed in app', resource: 'null_resource.app' }] },
      },
      { controlPolicyId: 'pol-repo', status: 'error', failedResources: [], errorMessage: "The policy's Rego could not be read: Repository not found" },
    ]);
    // The step comes after the plan, shown in progress then with issues found (the server sets the enforcement's status).
    const keys = steps.map((s) => `${s.key}:${s.status}`);
    expect(keys.indexOf('controlPolicies:inProgress')).toBeGreaterThan(keys.indexOf('terraformPlan:succeeded'));
    expect(steps.at(-1)).toMatchObject({ key: 'controlPolicies', status: 'issuesFound', result: { stdOut: '1 of 4 control policies passed' } });
    expect(log).toContain('▶ Control policies: 4 in force on this stack');
    expect(log).toContain('FAILED No null resources (hardMandatory)');
    expect(log).toContain('null_resource.app: null_resource.app is not allowed in app');
    expect(log).toContain("Unable to Check Rego of a repository (warning)\n    The policy's Rego could not be read: Repository not found");
    expect(log).toContain('3 of 4 control policies did not pass');
  });

  it("without an opa binary each Rego policy is 'Unable to Check' with the reason; the typed ones are still checked", async () => {
    const { outcome, log } = await plan(join(work, 'no-such-opa'));
    expect(outcome.status, outcome.error).toBe('succeeded');
    expect(outcome.controlPolicyResults?.map((r) => [r.controlPolicyId, r.status, r.errorMessage])).toEqual([
      ['pol-types', 'failed', undefined],
      ['pol-deletes', 'passed', undefined],
      ['pol-rego', 'error', 'The opa binary is not available: the policy could not be checked'],
      ['pol-repo', 'error', "The policy's Rego could not be read: Repository not found"],
    ]);
    expect(log).toContain('Unable to Check Rego says no (softMandatory)');
  });

  it('has no step without policies', async () => {
    const { outcome, steps } = await plan(opaStandIn, { controlPolicies: undefined });
    expect(outcome.status, outcome.error).toBe('succeeded');
    expect(outcome.controlPolicyResults).toBeUndefined();
    expect(steps.some((s) => s.key === 'controlPolicies')).toBe(false);
  });
});
