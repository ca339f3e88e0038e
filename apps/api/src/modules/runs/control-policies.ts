import type { JobControlPolicies } from '@terrace/policy-engine';
import type { Scope } from '../../db/scope';

// The control-policies step of a plan phase (design §3.4, §5.1). The server resolves the policies in
// force on the stack when it builds the plan job's spec (`ControlPoliciesForJob`, outside any long
// transaction); the runner evaluates them and reports the results with the job's finish; the
// finishing transaction only checks and records the report (`RecordControlPolicies`) and applies
// the enforcement. The composition root wires both to the control-policies module
// (`RunJobsDeps.controlPoliciesForJob`, `RunJobsDeps.recordControlPolicies`); without them every plan passes.

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

/** The run as the policies see it. */
export interface PoliciesRun {
  id: string;
  kind: string;
  stackId: string;
  namespaceId: string;
}

/** The policies of a plan job: resolved when its spec is built (read-only, no transaction held). */
export type ControlPoliciesForJob = (organizationId: string, run: PoliciesRun & { stackName: string }) => Promise<JobControlPolicies>;

/**
 * The runner's report checked against the job's policies and recorded: runs inside the finishing
 * job's transaction (its scope), evaluates nothing. A report that does not fit the job throws (the
 * finish is refused).
 */
export type RecordControlPolicies = (scope: Scope, input: { run: PoliciesRun; job: JobControlPolicies | null; reported: unknown }) => Promise<ControlPoliciesEvaluation>;

export const passingControlPolicies: RecordControlPolicies = async () => ({ outcome: 'passed', results: [] });
