import type { PolicyResultView } from './policy-results-panel';

/** A run's results in the order the runner wrote them (not sorted). */
export const policyResultsFixture: PolicyResultView[] = [
  { controlPolicyId: 'pol-pass0001', policyName: 'EU regions only', policyType: 'aws_allowed_regions', enforcementLevel: 'hardMandatory', status: 'passed', hasPolicyChecksPassed: true, severityScore: 3 },
  {
    controlPolicyId: 'pol-warn0001',
    policyName: 'Tag every resource with its owner',
    policyType: 'aws_required_tags',
    enforcementLevel: 'warning',
    status: 'failed',
    hasPolicyChecksPassed: false,
    severityScore: 5,
    failedResources: [{ address: 'aws_s3_bucket.logs', message: 'missing tag owner' }],
  },
  { controlPolicyId: 'pol-rego0001', policyName: 'No public buckets (Rego)', policyType: 'opa', enforcementLevel: 'softMandatory', status: 'error', hasPolicyChecksPassed: false, severityScore: 6, errorMessage: 'opa: rego_parse_error: unexpected eof' },
  {
    controlPolicyId: 'pol-hard0001',
    policyName: 'Keep databases',
    policyType: 'deny_resource_deletion',
    enforcementLevel: 'hardMandatory',
    status: 'failed',
    hasPolicyChecksPassed: false,
    severityScore: 9,
    failedResources: [{ address: 'aws_db_instance.main', message: 'deleted' }],
  },
  // An older row without status: passed from the boolean alone.
  { controlPolicyId: 'pol-old00001', policyName: 'Legacy check', enforcementLevel: 'softMandatory', hasPolicyChecksPassed: true },
];
