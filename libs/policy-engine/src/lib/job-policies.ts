import type { EnforcementLevel } from '@terrace/domain';
import { z } from 'zod';
import { runResultOf } from './effective';
import { evaluateTypedPolicy } from './evaluators';
import { evaluateRego, type OpaOptions } from './opa';
import { controlPolicyTypes, type ControlPolicyParameters, type ControlPolicyType, type CostEstimate, type FailedResource, type PolicyCheck, type PolicyRunResult } from './types';

/**
 * The control policies of a plan job, evaluated on the runner (design §3.4, §5.1): the server
 * resolves the policies in force on the stack when it builds the job's spec (outside any long
 * transaction, the Rego of a repository path read then), the runner evaluates them on its plan
 * (typed policies natively, Rego through the one opa adapter), and the job's finish reports one
 * result per policy. The server checks the report against what it gave (checkReportedResults) and
 * applies the enforcement levels; it evaluates nothing itself.
 */

/** One policy in force on the stack, as the job's spec carries it. */
export interface JobPolicy {
  id: string;
  name: string;
  type: ControlPolicyType;
  enforcementLevel: EnforcementLevel;
  parameters: ControlPolicyParameters;
  /** An OPA policy's Rego modules by file name (inline, or read from its repository path) and its query. */
  rego?: { modules: Record<string, string>; query?: string | undefined } | undefined;
  /** Why the server could not give the policy's Rego (its repository could not be read): the result is 'Unable to Check'. */
  unavailable?: string | undefined;
}

/** The job spec's `controlPolicies`: the policies and what the Rego input tells about the stack and run. */
export interface JobControlPolicies {
  input: {
    stack: { id: string; name: string; namespaceId: string };
    run: { id: string; kind: string };
  };
  policies: JobPolicy[];
}

/** One policy's result as the runner reports it with the job's finish (the runner protocol's RunnerControlPolicyResult). */
export interface ReportedPolicyResult {
  controlPolicyId: string;
  status: PolicyCheck['status'];
  failedResources: FailedResource[];
  errorMessage?: string | undefined;
  /** OPA's raw answer (GET /controlpolicy/opaResult). */
  result?: unknown;
}

/** Evaluates one policy of the job on the plan: never throws; what cannot be checked is 'error' with why. */
export async function evaluateJobPolicy(policy: JobPolicy, plan: unknown, context: { cost?: CostEstimate | undefined; input: JobControlPolicies['input'] }, opa: OpaOptions = {}): Promise<ReportedPolicyResult> {
  let check: PolicyCheck;
  try {
    if (policy.unavailable) check = { status: 'error', failedResources: [], errorMessage: policy.unavailable };
    else if (policy.type !== 'opa') check = evaluateTypedPolicy({ id: policy.id, name: policy.name, type: policy.type, parameters: policy.parameters }, { plan, cost: context.cost });
    else if (!policy.rego) check = { status: 'error', failedResources: [], errorMessage: 'The policy has no Rego module' };
    else {
      // The input of design §3.4: the plan as terraform shows it, the stack and run, the cost estimate.
      check = await evaluateRego(policy.rego, { plan, ...context.input, ...(context.cost ? { cost: context.cost } : {}) }, opa);
    }
  } catch (error) {
    check = { status: 'error', failedResources: [], errorMessage: `The policy could not be checked: ${error instanceof Error ? error.message : String(error)}` };
  }
  return {
    controlPolicyId: policy.id,
    status: check.status,
    failedResources: check.failedResources,
    ...(check.errorMessage ? { errorMessage: check.errorMessage } : {}),
    ...(check.result !== undefined ? { result: check.result } : {}),
  };
}

/** Evaluates every policy of the job, in the spec's order. */
export async function evaluateJobPolicies(job: JobControlPolicies, plan: unknown, cost: CostEstimate | undefined, opa: OpaOptions = {}): Promise<ReportedPolicyResult[]> {
  const results: ReportedPolicyResult[] = [];
  for (const policy of job.policies) results.push(await evaluateJobPolicy(policy, plan, { cost, input: job.input }, opa));
  return results;
}

// ---------------------------------------------------------------------------------------------
// The server's side: the runner's report checked against the job's policies

/** Limits of a report (a runner is not trusted to keep them). */
export const REPORT_LIMITS = { failedResources: 1000, text: 4000, resultBytes: 1_000_000 } as const;

const text = z.string().max(REPORT_LIMITS.text);
const reportedResultSchema = z
  .object({
    controlPolicyId: z.string().min(1).max(200),
    status: z.enum(['passed', 'failed', 'error']),
    failedResources: z.array(z.object({ address: z.string().max(1024), message: text.optional() }).strict()).max(REPORT_LIMITS.failedResources),
    errorMessage: text.optional(),
    result: z.unknown().optional(),
  })
  .strict();

/** The runner's report does not fit the job: the finish is refused. */
export class ReportedResultsError extends Error {
  constructor(
    message: string,
    readonly field: string,
  ) {
    super(message);
    this.name = 'ReportedResultsError';
  }
}

export const NOT_REPORTED_MESSAGE = 'The runner reported no result for this policy';

/**
 * The results to record for a job: one per policy the job carried, its enforcement level, name and
 * type from the job (never from the report), the severity score of spec §4 computed here. A result
 * for a policy the job did not carry, twice for one policy, or malformed, refuses the whole report;
 * a policy without a result is 'error' (Unable to Check: the safe side).
 */
export function checkReportedResults(job: JobControlPolicies | null, reported: unknown): PolicyRunResult[] {
  const policies = new Map((job?.policies ?? []).map((p) => [p.id, p]));
  if (reported !== undefined && reported !== null && !Array.isArray(reported)) throw new ReportedResultsError('The control policy results must be a list', 'outcome.controlPolicyResults');
  const byId = new Map<string, ReportedPolicyResult>();
  for (const [index, entry] of ((reported as unknown[] | undefined) ?? []).entries()) {
    const field = `outcome.controlPolicyResults.${index}`;
    const parsed = reportedResultSchema.safeParse(entry);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new ReportedResultsError(`A control policy result is not valid: ${issue?.message ?? 'malformed'}`, [field, ...(issue?.path ?? [])].join('.'));
    }
    const result = parsed.data as ReportedPolicyResult;
    if (!policies.has(result.controlPolicyId)) throw new ReportedResultsError(`The job did not evaluate the control policy ${result.controlPolicyId}`, `${field}.controlPolicyId`);
    if (byId.has(result.controlPolicyId)) throw new ReportedResultsError(`The control policy ${result.controlPolicyId} has two results`, `${field}.controlPolicyId`);
    if (result.result !== undefined && JSON.stringify(result.result).length > REPORT_LIMITS.resultBytes) {
      throw new ReportedResultsError(`The raw result of ${result.controlPolicyId} is larger than ${REPORT_LIMITS.resultBytes} bytes`, `${field}.result`);
    }
    byId.set(result.controlPolicyId, result);
  }
  return [...policies.values()].map((policy) => {
    const result = byId.get(policy.id);
    const check: PolicyCheck = result
      ? { status: result.status, failedResources: result.failedResources, ...(result.errorMessage ? { errorMessage: result.errorMessage } : {}), ...(result.result !== undefined ? { result: result.result } : {}) }
      : { status: 'error', failedResources: [], errorMessage: NOT_REPORTED_MESSAGE };
    return runResultOf({ id: policy.id, name: policy.name, type: policy.type, parameters: policy.parameters }, policy.enforcementLevel, check);
  });
}

const jobPolicySchema = z.object({
  id: z.string().min(1),
  name: z.string(),
  type: z.enum(controlPolicyTypes),
  enforcementLevel: z.enum(['warning', 'softMandatory', 'hardMandatory']),
  parameters: z.record(z.string(), z.unknown()),
  rego: z.object({ modules: z.record(z.string(), z.string()), query: z.string().optional() }).optional(),
  unavailable: z.string().optional(),
});

/** Validates the job spec's `controlPolicies` received over the wire (the runner engine's jobSpecSchema). */
export const jobControlPoliciesSchema = z.object({
  input: z.object({
    stack: z.object({ id: z.string().min(1), name: z.string(), namespaceId: z.string() }),
    run: z.object({ id: z.string().min(1), kind: z.string().min(1) }),
  }),
  policies: z.array(jobPolicySchema),
});
