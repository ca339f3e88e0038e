import type { StepStatus } from '@terrace/domain';
import { evaluateJobPolicies, type JobControlPolicies, type OpaOptions, type ReportedPolicyResult } from '@terrace/policy-engine';
import type { StepResult } from './job-spec';

/**
 * The control-policies step of a plan job (design §3.4, §5.1): the policies the spec carries are
 * evaluated on the plan on this runner: the typed ones natively, Rego through the opa adapter with
 * the opa binary found (configured path, PATH, cache) or downloaded and checksum-verified like the
 * IaC binaries; without one, each Rego policy is 'Unable to Check' with the reason. The results go
 * with the job's finish (JobOutcome.controlPolicyResults); the server applies the enforcement.
 */

export interface ControlPoliciesStepInput {
  policies: JobControlPolicies;
  /** terraform's `show -json` of the plan. */
  plan: unknown;
  /** The infracost step's monthly difference, when it ran. */
  monthlyCostDiff?: number | undefined;
  opa?: OpaOptions | undefined;
  /** A line of the job's log. */
  log: (line: string) => Promise<void>;
}

export interface ControlPoliciesStepOutcome {
  status: StepStatus;
  result: StepResult;
  results: ReportedPolicyResult[];
}

const label: Record<ReportedPolicyResult['status'], string> = { passed: 'passed', failed: 'FAILED', error: 'Unable to Check' };
const colour: Record<ReportedPolicyResult['status'], string> = { passed: '\x1b[32m', failed: '\x1b[31m', error: '\x1b[33m' };

export async function controlPoliciesStep(input: ControlPoliciesStepInput): Promise<ControlPoliciesStepOutcome> {
  const { policies, log } = input;
  await log(`\n\x1b[1m▶ Control policies: ${policies.policies.length} in force on this stack\x1b[0m`);
  const cost = input.monthlyCostDiff !== undefined && Number.isFinite(input.monthlyCostDiff) ? { diffMonthlyCost: input.monthlyCostDiff } : undefined;
  const results = await evaluateJobPolicies(policies, input.plan, cost, input.opa ?? {});
  const levels = new Map(policies.policies.map((p) => [p.id, p]));
  for (const r of results) {
    const policy = levels.get(r.controlPolicyId);
    await log(`  ${colour[r.status]}${label[r.status]}\x1b[0m ${policy?.name ?? r.controlPolicyId} (${policy?.enforcementLevel ?? ''})`);
    for (const f of r.failedResources.slice(0, 50)) await log(`    ${f.address}${f.address && f.message ? ': ' : ''}${f.message ?? ''}`);
    if (r.failedResources.length > 50) await log(`    … and ${r.failedResources.length - 50} more`);
    if (r.errorMessage && r.status !== 'passed') await log(`    ${r.errorMessage}`);
  }
  const failed = results.filter((r) => r.status !== 'passed').length;
  await log(failed ? `\x1b[33m${failed} of ${results.length} control policies did not pass\x1b[0m` : `All ${results.length} control policies passed`);
  // The server writes the step's final status from the enforcement levels when the job finishes.
  const status: StepStatus = failed ? 'issuesFound' : 'succeeded';
  return {
    status,
    result: { stdOut: `${results.length - failed} of ${results.length} control policies passed` },
    results,
  };
}
