import { renderWithProviders } from '@terrace/design-system/testing';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PlanSummary } from './plan-summary';
import { StepTimeline } from './step-timeline';

describe('StepTimeline', () => {
  it('lists the steps in order with their status and duration; only a step with a result opens', async () => {
    const { user } = renderWithProviders(
      <StepTimeline
        steps={[
          { name: 'gitClone', status: 'succeeded', startedAt: '2026-11-02T10:00:00Z', finishedAt: '2026-11-02T10:00:04Z' },
          { name: 'terraformInit', status: 'failed', startedAt: '2026-11-02T10:00:04Z', finishedAt: '2026-11-02T10:01:09Z' },
          { name: 'approval', status: 'skipped' },
          { name: 'terraformPlan', status: 'notStarted' },
        ]}
        results={{ terraformInitResult: { status: 'failed', stdErr: 'Error: Failed to query available provider packages' }, terraformPlanResult: { status: 'notStarted' } }}
      />,
    );
    const items = document.querySelectorAll('[data-step]');
    expect([...items].map((item) => item.getAttribute('data-step'))).toEqual(['gitClone', 'terraformInit', 'approval', 'terraformPlan']);
    expect(items[0]).toHaveTextContent('SucceededClone repository4s');
    expect(items[1]).toHaveTextContent('FailedInit1m 5s');
    // Nothing to open for the clone (no result), the approval step, nor a plan that has not run.
    expect(screen.queryByRole('button', { name: /Clone repository/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Plan/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Init/ }));
    expect(await screen.findByText('Error: Failed to query available provider packages')).toBeInTheDocument();
  });

  it('shows the control policies worst first, and the custom flow hooks’ output', async () => {
    const { user } = renderWithProviders(
      <StepTimeline
        steps={[
          { name: 'customFlowBeforePlan', status: 'succeeded' },
          { name: 'controlPolicies', status: 'successWithWarning' },
        ]}
        results={{
          customFlow: { beforePlan: { status: 'succeeded', stdOut: 'make fmt-check: ok' } },
          controlPoliciesResult: {
            controlPoliciesRunResult: [
              { policyName: 'Budget tags', enforcementLevel: 'warning', hasPolicyChecksPassed: true },
              { policyName: 'No public buckets', enforcementLevel: 'softMandatory', hasPolicyChecksPassed: false },
              { policyName: 'Region allow-list', enforcementLevel: 'hardMandatory', hasPolicyChecksPassed: true, status: 'error' },
            ],
          },
        }}
      />,
    );
    await user.click(screen.getByRole('button', { name: /Custom flow before plan/ }));
    expect(await screen.findByText('make fmt-check: ok')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Control policies/ }));
    const table = await screen.findByRole('table', { name: 'Control policy results' });
    const rows = within(table).getAllByRole('row').slice(1).map((row) => row.textContent);
    expect(rows).toEqual(['Region allow-listHard mandatoryUnable to Check', 'No public bucketsSoft mandatoryFailed', 'Budget tagsWarningPassed']);
  });
});

describe('PlanSummary', () => {
  it('counts each action, and says when nothing or only outputs change', () => {
    const { rerender } = renderWithProviders(<PlanSummary summary={{ create: [{ tfResourceName: 'a.b' }], delete: [{ tfResourceName: 'c.d' }, { tfResourceName: 'e.f' }] }} />);
    expect([...document.querySelectorAll('[data-action]')].map((badge) => badge.textContent)).toEqual(['1 to create', '0 to update', '0 to replace', '2 to delete']);
    rerender(<PlanSummary summary={{}} />);
    expect(screen.getByText('No changes.')).toBeInTheDocument();
    rerender(<PlanSummary summary={{ hasOutputChanges: true }} />);
    expect(screen.getByText('Only outputs change.')).toBeInTheDocument();
    rerender(<PlanSummary summary={undefined} />);
    expect(screen.getByText('No plan yet.')).toBeInTheDocument();
  });
});
