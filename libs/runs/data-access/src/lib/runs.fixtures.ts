import type { Deployment, Plan, RemoteRun, Run, RunComment, RunStateV2, RunStep, Task } from './runs.types';

const base = {
  stackId: 'stk-1',
  stackName: 'network',
  namespaceId: 'ns-1',
  isActive: false,
  initiator: { userName: 'Ada Lovelace', username: 'ada@example.com', userType: 'user' },
  gitInfo: { repoName: 'acme/infra', branch: 'main', commitSubject: 'Widen the subnets', headSha: '3f9c2d1e8b7a6f5e4d3c2b1a0f9e8d7c6b5a4f3e' },
  iacType: 'terraform',
  iacVersion: { terraformVersion: '1.5.7' },
  durationInMs: 83_000,
  createdAt: '2026-11-02T10:00:00.000Z',
  updatedAt: '2026-11-02T10:01:23.000Z',
} as const;

const at = (minute: number, second = 0) => `2026-11-02T10:${String(minute).padStart(2, '0')}:${String(second).padStart(2, '0')}.000Z`;

/** Steps of a deployment that planned and waits for approval. */
export const deploymentStepsFixture: RunStep[] = [
  { name: 'gitClone', status: 'succeeded', startedAt: at(0), finishedAt: at(0, 4) },
  { name: 'terraformInit', status: 'succeeded', startedAt: at(0, 4), finishedAt: at(0, 20) },
  { name: 'tfLint', status: 'succeeded', startedAt: at(0, 20), finishedAt: at(0, 25) },
  { name: 'tfSec', status: 'issuesFound', startedAt: at(0, 25), finishedAt: at(0, 31) },
  { name: 'terraformPlan', status: 'succeeded', startedAt: at(0, 31), finishedAt: at(1, 2) },
  { name: 'infracost', status: 'succeeded', startedAt: at(1, 2), finishedAt: at(1, 6) },
  { name: 'controlPolicies', status: 'successWithWarning', startedAt: at(1, 6), finishedAt: at(1, 8) },
  { name: 'approval', status: 'waitingForApproval', startedAt: at(1, 8) },
  { name: 'terraformApply', status: 'notStarted' },
];

export const planSummaryFixture = {
  create: [{ tfResourceName: 'aws_subnet.private[2]' }, { tfResourceName: 'aws_route_table_association.private[2]' }],
  update: [{ tfResourceName: 'aws_vpc.main', logicalResourceId: 'vpc-0a1b2c3d' }],
  replace: [{ tfResourceName: 'aws_nat_gateway.main', logicalResourceId: 'nat-09f8e7d6' }],
  delete: [],
  hasOutputChanges: true,
};

/** A run of the runs lists, as the wire answers it. */
export function runFixture(overrides: Partial<Run> = {}): Run {
  return { id: 'dep-1', kind: 'deployment', status: 'succeeded', ...base, ...overrides } as Run;
}

export function deploymentFixture(overrides: Partial<Deployment> = {}): Deployment {
  return {
    id: 'dep-1',
    kind: 'deployment',
    status: 'waitingForApproval',
    ...base,
    isActive: true,
    isDestroy: false,
    deploymentSteps: deploymentStepsFixture,
    approvals: [{ userName: 'Grace Hopper', approvedAt: at(2) }],
    approvalRules: [{ type: 'requireTwoApprovals' }],
    approvalDeadlineAt: '2026-11-09T10:01:08.000Z',
    ...overrides,
  } as Deployment;
}

export function planFixture(overrides: Partial<Plan> = {}): Plan {
  return {
    id: 'plan-1',
    kind: 'plan',
    status: 'succeeded',
    ...base,
    planSteps: deploymentStepsFixture.slice(0, 7).map((step) => ({ ...step, status: step.status === 'issuesFound' ? 'succeeded' : step.status })),
    planSummary: planSummaryFixture,
    ...overrides,
  } as Plan;
}

export function taskFixture(overrides: Partial<Task> = {}): Task {
  return {
    id: 'task-1',
    kind: 'task',
    status: 'succeeded',
    ...base,
    config: { taskToExecute: { taskType: 'taintResources', resourcesAddresses: ['aws_instance.web'] } },
    taskSteps: [
      { name: 'gitClone', status: 'succeeded', startedAt: at(0), finishedAt: at(0, 3) },
      { name: 'terraformInit', status: 'succeeded', startedAt: at(0, 3), finishedAt: at(0, 15) },
      { name: 'taskExecution', status: 'succeeded', startedAt: at(0, 15), finishedAt: at(0, 18) },
    ],
    ...overrides,
  } as Task;
}

/** The step results of a run (`*State/v2`), with every result key the page shows. */
export function runStateFixture(overrides: Partial<RunStateV2> = {}): RunStateV2 {
  return {
    runId: 'dep-1',
    status: 'waitingForApproval',
    isActive: true,
    steps: deploymentStepsFixture,
    results: {
      gitCloneResult: { status: 'succeeded', stdOut: "Cloning into 'infra'...\nHEAD is now at 3f9c2d1 Widen the subnets" },
      terraformInitResult: { status: 'succeeded', stdOut: '\u001b[1mInitializing the backend...\u001b[0m\n\u001b[32mTerraform has been successfully initialized!\u001b[0m' },
      tfLintResult: { status: 'succeeded', stdOut: '0 issue(s) found' },
      tfSecResult: {
        status: 'issuesFound',
        failedTfSecChecks: [
          {
            severity: 'HIGH',
            description: 'Subnet associates public IP address.',
            resource: 'aws_subnet.public[0]',
            resolution: 'Set map_public_ip_on_launch to false.',
          },
        ],
      },
      terraformPlanResult: { status: 'succeeded', summary: planSummaryFixture, stdOut: 'Plan: 2 to add, 1 to change, 1 to destroy.' },
      infracostResult: { status: 'succeeded', monthlyCostDiff: 32.85, diffOutput: '+ aws_nat_gateway.main\n  +$32.85' },
      controlPoliciesResult: {
        status: 'successWithWarning',
        controlPoliciesRunResult: [
          { controlPolicyId: 'pol-1', policyName: 'Tag every resource', enforcementLevel: 'warning', hasPolicyChecksPassed: false, status: 'failed' },
          { controlPolicyId: 'pol-2', policyName: 'No public buckets', enforcementLevel: 'hardMandatory', hasPolicyChecksPassed: true, status: 'passed' },
        ],
      },
    },
    ...overrides,
  } as RunStateV2;
}

export function commentFixture(overrides: Partial<RunComment> = {}): RunComment {
  return { id: 'cmt-1', runId: 'dep-1', text: 'Checked the NAT gateway replacement with the network team.', author: 'Grace Hopper', createdAt: at(3), ...overrides };
}

export function remoteRunFixture(overrides: Partial<RemoteRun> = {}): RemoteRun {
  return {
    id: 'rr-1',
    stackId: 'stk-1',
    operation: 'plan',
    status: 'succeeded',
    isActive: false,
    initiator: { userName: 'Ada Lovelace', userType: 'user' },
    planSummary: planSummaryFixture,
    createdAt: base.createdAt,
    ...overrides,
  } as RemoteRun;
}
