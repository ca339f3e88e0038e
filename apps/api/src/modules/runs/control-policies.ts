import type { RunRow } from './runs.repository';

// The control-policies step of a deployment's plan phase (design §5.1). The policies domain
// (typed catalogue and OPA, a later issue) fills this in; until then every plan passes.

export type ControlPoliciesOutcome = 'passed' | 'warning' | 'softFailed' | 'hardFailed' | 'error';

export interface ControlPoliciesEvaluation {
  outcome: ControlPoliciesOutcome;
  /** The spec's controlPoliciesRunResult rows (policyName, enforcementLevel, hasPolicyChecksPassed). */
  results?: { policyName: string; enforcementLevel: 'warning' | 'softMandatory' | 'hardMandatory'; hasPolicyChecksPassed: boolean }[];
}

export type EvaluateControlPolicies = (run: RunRow, planJson: unknown) => Promise<ControlPoliciesEvaluation>;

/** The hook: runs inside the finishing job's transaction, so it must not wait on other connections. */
export const evaluateControlPolicies: EvaluateControlPolicies = async () => ({ outcome: 'passed', results: [] });
