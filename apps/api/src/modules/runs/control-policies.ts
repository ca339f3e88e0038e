import type { Scope } from '../../db/scope';
import { listSteps, type RunRow } from './runs.repository';

// The control-policies step of a deployment's plan phase (design §5.1). The control-policies module
// evaluates the policies in force on the stack against the plan and records each result; the
// composition root wires it in (`RunJobsDeps.evaluateControlPolicies`). Without it every plan passes.

export type ControlPoliciesOutcome = 'passed' | 'warning' | 'softFailed' | 'hardFailed' | 'error';

export interface ControlPolicyRunResult {
  controlPolicyId: string;
  policyName: string;
  policyType?: string;
  enforcementLevel: 'warning' | 'softMandatory' | 'hardMandatory';
  status?: 'passed' | 'failed' | 'error';
  hasPolicyChecksPassed: boolean;
  severityScore?: number;
  failedResources?: { address: string; message?: string }[];
  errorMessage?: string;
}

export interface ControlPoliciesEvaluation {
  outcome: ControlPoliciesOutcome;
  /** The spec's controlPoliciesRunResult rows (policyName, enforcementLevel, hasPolicyChecksPassed, …), worst first. */
  results?: ControlPolicyRunResult[];
}

/** The run as the policies see it, and the plan's cost estimate when the infracost step gave one. */
export interface PoliciesInput {
  run: { id: string; kind: string; stackId: string; namespaceId: string };
  planJson: unknown;
  cost?: { diffMonthlyCost: number };
}

/** The hook: runs inside the finishing job's transaction (its scope), so it reads and writes through it. */
export type EvaluateControlPolicies = (scope: Scope, input: PoliciesInput) => Promise<ControlPoliciesEvaluation>;

export const evaluateControlPolicies: EvaluateControlPolicies = async () => ({ outcome: 'passed', results: [] });

/** What the policies are given for a run: the run, its plan JSON and the infracost step's monthly difference. */
export async function policiesInput(scope: Scope, run: RunRow, planJson: unknown): Promise<PoliciesInput> {
  const infracost = (await listSteps(scope, run.id)).find((s) => s.key === 'infracost');
  const diff = (infracost?.result as { monthlyCostDiff?: unknown } | null | undefined)?.monthlyCostDiff;
  return {
    run: { id: run.id, kind: run.kind, stackId: run.stackId, namespaceId: run.namespaceId },
    planJson,
    ...(typeof diff === 'number' && Number.isFinite(diff) ? { cost: { diffMonthlyCost: diff } } : {}),
  };
}
