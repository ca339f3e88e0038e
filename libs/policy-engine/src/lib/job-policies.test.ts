import { describe, expect, it } from 'vitest';
import { checkReportedResults, evaluateJobPolicy, NOT_REPORTED_MESSAGE, ReportedResultsError, type JobControlPolicies } from './job-policies';

const job: JobControlPolicies = {
  input: { stack: { id: 'stk-1', name: 'app', namespaceId: 'ns-1' }, run: { id: 'dep-1', kind: 'deployment' } },
  policies: [
    { id: 'pol-a', name: 'A', type: 'aws_required_tags', enforcementLevel: 'hardMandatory', parameters: { tags: [{ key: 'Owner' }] } },
    { id: 'pol-b', name: 'B', type: 'opa', enforcementLevel: 'softMandatory', parameters: {}, rego: { modules: { 'p.rego': 'package terrace' } } },
  ],
};

const refused = (reported: unknown) => {
  try {
    checkReportedResults(job, reported);
  } catch (error) {
    expect(error).toBeInstanceOf(ReportedResultsError);
    return { message: (error as ReportedResultsError).message, field: (error as ReportedResultsError).field };
  }
  throw new Error('not refused');
};

describe('checkReportedResults', () => {
  it("takes the levels, names and types from the job and scores the runner's statuses; a missing result is Unable to Check", () => {
    const results = checkReportedResults(job, [{ controlPolicyId: 'pol-a', status: 'failed', failedResources: [{ address: 'aws_s3_bucket.x', message: 'no Owner' }] }]);
    expect(results).toEqual([
      { controlPolicyId: 'pol-a', policyName: 'A', policyType: 'aws_required_tags', enforcementLevel: 'hardMandatory', status: 'failed', hasPolicyChecksPassed: false, severityScore: 9, failedResources: [{ address: 'aws_s3_bucket.x', message: 'no Owner' }] },
      { controlPolicyId: 'pol-b', policyName: 'B', policyType: 'opa', enforcementLevel: 'softMandatory', status: 'error', hasPolicyChecksPassed: false, severityScore: 6, failedResources: [], errorMessage: NOT_REPORTED_MESSAGE },
    ]);
  });

  it('refuses a result for a policy the job did not carry, twice for one policy, or malformed', () => {
    expect(refused([{ controlPolicyId: 'pol-x', status: 'passed', failedResources: [] }])).toEqual({ message: 'The job did not evaluate the control policy pol-x', field: 'outcome.controlPolicyResults.0.controlPolicyId' });
    expect(refused([{ controlPolicyId: 'pol-a', status: 'passed', failedResources: [] }, { controlPolicyId: 'pol-a', status: 'passed', failedResources: [] }]).message).toBe('The control policy pol-a has two results');
    expect(refused([{ controlPolicyId: 'pol-a', status: 'passed', failedResources: [], enforcementLevel: 'warning' }]).message).toContain('not valid');
    expect(refused([{ controlPolicyId: 'pol-a', status: 'ok', failedResources: [] }]).field).toBe('outcome.controlPolicyResults.0.status');
    expect(refused({ controlPolicyId: 'pol-a' }).message).toBe('The control policy results must be a list');
    expect(() => checkReportedResults(null, [{ controlPolicyId: 'pol-a', status: 'passed', failedResources: [] }])).toThrow(ReportedResultsError);
  });

  it('has nothing to record for a job without policies and no report', () => {
    expect(checkReportedResults(null, undefined)).toEqual([]);
  });
});

describe('evaluateJobPolicy', () => {
  it("is Unable to Check with the server's reason when the Rego could not be given", async () => {
    const result = await evaluateJobPolicy({ id: 'pol-c', name: 'C', type: 'opa', enforcementLevel: 'warning', parameters: {}, unavailable: 'The repository could not be read' }, {}, { input: job.input });
    expect(result).toEqual({ controlPolicyId: 'pol-c', status: 'error', failedResources: [], errorMessage: 'The repository could not be read' });
  });
});
