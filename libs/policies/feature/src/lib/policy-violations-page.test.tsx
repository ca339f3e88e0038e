import { envelope, handle } from '@terrace/api-client/testing';
import { controlPolicyFixtures, policyViolationFixture } from '@terrace/policies/data-access/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage, setupMsw } from '../testing/render-page';
import { PolicyViolationsPage } from './policy-violations-page';

const server = setupMsw();
// Code that loads on first use (a select's list, a dialog, a later step, the form's checks) may
// take longer than findBy's default second on a busy machine.
const slow = { timeout: 15_000 };

function open(url = '/app/policyViolations') {
  return renderPage({ path: 'policyViolations', element: <PolicyViolationsPage />, url, otherPaths: ['stack/:stackId', 'deployment/:deploymentId', 'plan/:planId'] });
}

const common = [
  handle('get', '/namespace', () => envelope([{ id: 'ns-platform01', name: 'platform' }] as never[])),
  handle('get', '/controlPolicy', () => envelope(controlPolicyFixtures)),
];

describe('PolicyViolationsPage', () => {
  it('lists every failed check with its stack and run, and filters on the server from the URL', async () => {
    const queries: string[] = [];
    server.use(
      ...common,
      handle('get', '/controlPolicy/violation', ({ query }) => {
        queries.push(String(query));
        return envelope(
          [
            policyViolationFixture(),
            policyViolationFixture({ stackId: 'stk-api00001', stackName: 'api', runId: 'plan-0002', status: 'error', enforcementLevel: 'softMandatory', severityScore: 6, controlPolicyId: 'pol-rego0001', policyName: 'No public buckets (Rego)' }),
          ],
          { paging: { page: 1, pageSize: 20, total: 2 } },
        );
      }),
    );
    const { user, router } = open();
    const table = await screen.findByRole('table', { name: 'Policy violations' });
    const web = (await within(table).findByRole('link', { name: 'web-frontend' })).closest('tr') as HTMLElement;
    expect(within(web).getByText('Failed')).toBeInTheDocument();
    expect(within(web).getByText('Hard mandatory')).toBeInTheDocument();
    expect(within(web).getByRole('link', { name: 'Run dep-0001 of web-frontend' })).toHaveAttribute('href', '/app/deployment/dep-0001?tab=policies');
    const api = within(table).getByRole('link', { name: 'api' }).closest('tr') as HTMLElement;
    expect(within(api).getByText('Unable to Check')).toBeInTheDocument();
    expect(within(api).getByRole('link', { name: 'Run plan-0002 of api' })).toHaveAttribute('href', '/app/plan/plan-0002?tab=policies');

    await user.click(screen.getByRole('combobox', { name: 'Enforcement' }));
    await user.click(await screen.findByRole('option', { name: 'Soft mandatory' }, slow));
    await waitFor(() => expect(queries.at(-1)).toBe('page=1&pageSize=20&enforcementLevel=softMandatory'));
    expect(router.state.location.search).toBe('?enforcementLevel=softMandatory');
  });

  it('says when nothing fails', async () => {
    server.use(...common, handle('get', '/controlPolicy/violation', () => envelope([], { paging: { page: 1, pageSize: 20, total: 0 } })));
    open();
    expect(await screen.findByText('No policy violations')).toBeInTheDocument();
  });
});
