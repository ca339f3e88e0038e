import { envelope, handle } from '@terrace/api-client/testing';
import { highestSeverityByPolicy } from '@terrace/domain';
import { controlPolicyFixtures, controlPolicyGroupFixtures, policyMappingFixture } from '@terrace/policies/data-access/testing';
import { signedInAs } from '@terrace/session/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage, setupMsw } from '../testing/render-page';
import { ControlPoliciesPage } from './control-policies-page';

const server = setupMsw();
// Code that loads on first use (a select's list, a dialog, a later step, the form's checks) may
// take longer than findBy's default second on a busy machine.
const slow = { timeout: 15_000 };

// The list as the server answers it: filtered by type, part of the name and highest group
// severity, then one page of it with the total.
function listHandlers(queries: string[] = []) {
  const severities = highestSeverityByPolicy(controlPolicyGroupFixtures);
  return [
    handle('get', '/controlPolicy', ({ query }) => {
      queries.push(String(query));
      const [type, search, severity] = [query.get('type'), query.get('search')?.toLowerCase(), query.get('severity')];
      const page = Number(query.get('page') ?? 1);
      const pageSize = Number(query.get('pageSize') ?? 100);
      const matching = controlPolicyFixtures.filter(
        (policy) => (!type || policy.type === type) && (!search || policy.name.toLowerCase().includes(search)) && (!severity || severities.get(policy.id) === severity),
      );
      return envelope(matching.slice((page - 1) * pageSize, page * pageSize), { paging: { page, pageSize: pageSize as 20, total: matching.length } });
    }),
    handle('get', '/controlPolicyGroup', () => envelope(controlPolicyGroupFixtures)),
    handle('get', '/namespace', () => envelope([{ id: 'ns-platform01', name: 'platform' }] as never[])),
    handle('get', '/stack', () => envelope([])),
  ];
}

function open(url = '/app/controlPolicies') {
  return renderPage({ path: 'controlPolicies', element: <ControlPoliciesPage />, url, otherPaths: ['editControlPolicyWizard/:controlPolicyId', 'createControlPolicyWizard', 'controlPolicyGroup/:controlPolicyGroupId', 'policyViolations'] });
}

const namesIn = (table: HTMLElement) => within(table).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell')[0]?.textContent ?? '');

describe('ControlPoliciesPage', () => {
  it('lists the policies with their type and highest group severity; type, severity and search go to the server', async () => {
    const queries: string[] = [];
    server.use(...signedInAs('admin'), ...listHandlers(queries));
    const { user, router } = open();
    const table = await screen.findByRole('table', { name: 'Control policies' });
    await waitFor(() => expect(namesIn(table)).toHaveLength(5));
    expect(queries).toEqual(['includeManaged=true&page=1&pageSize=20']);
    const keep = within(table).getByText('Keep databases').closest('tr') as HTMLElement;
    expect(within(keep).getByText('Deny resource deletion')).toBeInTheDocument();
    expect(within(keep).getByText('Critical')).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Severity' }));
    await user.click(await screen.findByRole('option', { name: 'Major' }, slow));
    await waitFor(() => expect(queries.at(-1)).toBe('severity=high&includeManaged=true&page=1&pageSize=20'));
    await waitFor(() => expect(namesIn(table)).toEqual(['EU regions only', expect.stringContaining('CIS 2.1.5')]));
    expect(router.state.location.search).toBe('?severity=high');

    await user.click(screen.getByRole('combobox', { name: 'Type' }));
    await user.click(await screen.findByRole('option', { name: 'Allowed regions (AWS)' }, slow));
    await waitFor(() => expect(queries.at(-1)).toBe('type=aws_allowed_regions&severity=high&includeManaged=true&page=1&pageSize=20'));
    await waitFor(() => expect(namesIn(screen.getByRole('table', { name: 'Control policies' }))).toEqual(['EU regions only']));
  });

  it('searches on the server, keeping the search and the page size in the URL; Clear filters clears it', async () => {
    const queries: string[] = [];
    server.use(...signedInAs('admin'), ...listHandlers(queries));
    const { user, router } = open('/app/controlPolicies?pageSize=10');
    const table = await screen.findByRole('table', { name: 'Control policies' });
    await waitFor(() => expect(namesIn(table)).toHaveLength(5));
    await user.type(screen.getByRole('searchbox'), 'EU');
    await waitFor(() => expect(queries.at(-1)).toBe('search=EU&includeManaged=true&page=1&pageSize=10'));
    await waitFor(() => expect(namesIn(table)).toEqual(['EU regions only']));
    expect(router.state.location.search).toBe('?pageSize=10&search=EU');

    await user.clear(screen.getByRole('searchbox'));
    await user.type(screen.getByRole('searchbox'), 'nothing like it');
    await user.click(await screen.findByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toBe('?pageSize=10'));
    await waitFor(() => expect(namesIn(screen.getByRole('table', { name: 'Control policies' }))).toHaveLength(5));
  });

  it('says what to do when there is no policy yet', async () => {
    server.use(...signedInAs('admin'), handle('get', '/controlPolicy', () => envelope([])), handle('get', '/controlPolicyGroup', () => envelope([])));
    open();
    expect(await screen.findByText('No control policies yet')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create policy' })).toBeEnabled();
  });

  it('deletes a policy only after the typed confirmation; a managed policy cannot be changed', async () => {
    const deleted: string[] = [];
    server.use(
      ...signedInAs('admin'),
      ...listHandlers(),
      handle('delete', '/controlPolicy/{controlPolicyId}', ({ params }) => (deleted.push(String(params.controlPolicyId)), envelope([]))),
    );
    const { user } = open();
    expect(await screen.findByRole('button', { name: 'Delete CIS 2.1.5 S3 public access' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Delete Keep databases' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete Keep databases?' }, slow);
    const confirm = within(dialog).getByRole('button', { name: 'Delete policy' });
    expect(confirm).toBeDisabled();
    await user.type(within(dialog).getByRole('textbox'), 'delete me');
    await user.click(confirm);
    await waitFor(() => expect(deleted).toEqual(['pol-nodelete1']));
  });

  it('shows where a policy applies and adds a namespace at a chosen level', async () => {
    const sent: unknown[] = [];
    server.use(
      ...signedInAs('admin'),
      ...listHandlers(),
      handle('get', '/controlPolicy/controlPolicyMapping', () => envelope(sent.length ? [policyMappingFixture({ enforcementLevel: 'softMandatory' })] : [])),
      handle('post', '/controlPolicy/controlPolicyMapping', ({ body }) => (sent.push(body?.entity), envelope([policyMappingFixture()]))),
    );
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Where Tag every resource with its owner applies' }));
    const dialog = await screen.findByRole('dialog', { name: 'Where Tag every resource with its owner applies' }, slow);
    expect(await within(dialog).findByText('Not applied anywhere yet')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Apply to a target' }));
    const form = await screen.findByRole('dialog', { name: 'Apply to a namespace or stack' }, slow);
    await user.click(within(form).getByRole('combobox', { name: /^Namespace/ }));
    await user.click(await screen.findByRole('option', { name: 'platform' }, slow));
    await user.click(within(form).getByRole('combobox', { name: /Enforcement level/ }));
    await user.click(await screen.findByRole('option', { name: 'Soft mandatory' }, slow));
    await user.click(within(form).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(sent).toEqual([{ controlPolicyId: 'pol-tags0001', targetId: 'ns-platform01', targetType: 'namespace', enforcementLevel: 'softMandatory' }]));
    expect(await within(dialog).findByRole('link', { name: 'platform' })).toHaveAttribute('href', '/app/namespace/ns-platform01');
  });
});
