import type { EnforcementLevel, PolicyCheckStatus } from '@terrace/domain';

/** The policy types of spec §9 (the contract's ControlPolicyType). */
export const controlPolicyTypes = [
  'deny_resource_deletion',
  'resource_property_condition',
  'aws_required_tags',
  'azure_required_tags',
  'deny_cost_increase',
  'aws_allowed_regions',
  'aws_denied_regions',
  'allowed_resource_types',
  'denied_resource_types',
  'module_rules',
  'opa',
] as const;
export type ControlPolicyType = (typeof controlPolicyTypes)[number];

export type PropertyOperator = 'ne' | 'lt' | 'lte' | 'gt' | 'gte' | 'startsWith' | 'contains' | 'in' | 'match' | 'boolean';

export interface RequiredTag {
  /** Case-sensitive; a regular expression when it is not matched literally. */
  key: string;
  /** Case-sensitive literals or regular expressions; empty or absent: any value. */
  allowedValues?: string[] | undefined;
}

export interface PropertyCondition {
  resourceType: string;
  /** A dotted path into the resource's planned values (`versioning.0.enabled`). */
  property: string;
  operator: PropertyOperator;
  value?: string | undefined;
}

export interface OpaSource {
  source: 'inline' | 'vcs';
  rego?: string | undefined;
  vcsInfo?: { providerId?: string; repoName?: string; branch?: string; path?: string } | undefined;
  /** The rule evaluated; default `data.terrace`. */
  query?: string | undefined;
}

/** The parameters of the contract's ControlPolicyParameters (each type reads its own). */
export interface ControlPolicyParameters {
  tags?: RequiredTag[] | undefined;
  regions?: string[] | undefined;
  resourceTypes?: string[] | undefined;
  /** Deny resource deletion: only resources whose ARN starts with one of these. */
  arnPrefixes?: string[] | undefined;
  costIncrease?: { type: 'percent' | 'amount'; value: number } | undefined;
  propertyConditions?: PropertyCondition[] | undefined;
  moduleRules?: { allowedSources?: string[] | undefined; requireRegistryModules?: boolean | undefined; deniedModules?: string[] | undefined } | undefined;
  opa?: OpaSource | undefined;
}

export interface PolicyDefinition {
  id: string;
  name: string;
  type: ControlPolicyType;
  parameters: ControlPolicyParameters;
}

/** A resource the check failed on (or could not check). */
export interface FailedResource {
  address: string;
  message?: string;
}

export interface PolicyCheck {
  status: PolicyCheckStatus;
  failedResources: FailedResource[];
  /** Why the check could not be made ('Unable to Check'), or a note on a passed check. */
  errorMessage?: string;
  /** The raw result (OPA's). */
  result?: unknown;
}

/** A cost estimate of the plan (infracost's), when the run has one: the monthly difference, and the past total when known. */
export interface CostEstimate {
  diffMonthlyCost: number;
  pastMonthlyCost?: number | undefined;
}

/** What a policy is evaluated on. */
export interface PolicyInput {
  /** terraform `show -json` of the plan. */
  plan: unknown;
  cost?: CostEstimate | undefined;
}

export interface PolicyRunResult {
  controlPolicyId: string;
  policyName: string;
  policyType: ControlPolicyType;
  enforcementLevel: EnforcementLevel;
  status: PolicyCheckStatus;
  hasPolicyChecksPassed: boolean;
  severityScore: number;
  failedResources: FailedResource[];
  errorMessage?: string;
  result?: unknown;
}
