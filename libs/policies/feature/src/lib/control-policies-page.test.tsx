import { envelope, handle } from '@terrace/api-client/testing';
import { controlPolicyFixtures, controlPolicyGroupFixtures, policyMappingFixture } from '@terrace/policies/data-access/testing';
import { signedInAs } from '@terrace/session/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage, setupMsw } from '../testing/render-page';
import { ControlPoliciesPage } from './control-policies-page';

const server = setupMsw();

function listHandlers(queries: string[] = []) {
  return [
    handle('get', '/controlPolicy', ({ query }) => {
      queries.push(String(query));
      const type = query.get('type');
      return envelope(controlPolicyFixtures.filter((policy) => !type || policy.type === type));
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
  it('lists the policies with their type and highest group severity; the type filter goes to the server, severity narrows the rows', async () => {
    const queries: string[] = [];
    server.use(...signedInAs('admin'), ...listHandlers(queries));
    const { user, router } = open();
    const table = await screen.findByRole('table', { name: 'Control policies' });
    await waitFor(() => expect(namesIn(table)).toHaveLength(5));
    const keep = within(table).getByText('Keep databases').closest('tr') as HTMLElement;
    expect(within(keep).getByText('Deny resource deletion')).toBeInTheDocument();
    expect(within(keep).getByText('Critical')).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Severity' }));
    await user.click(await screen.findByRole('option', { name: 'Major' }));
    await waitFor(() => expect(namesIn(table)).toEqual(['EU regions only', expect.stringContaining('CIS 2.1.5')]));
    expect(router.state.location.search).toBe('?severity=high');

    await user.click(screen.getByRole('combobox', { name: 'Type' }));
    await user.click(await screen.findByRole('option', { name: 'Allowed regions (AWS)' }));
    await waitFor(() => expect(queries.at(-1)).toBe('type=aws_allowed_regions&includeManaged=true'));
    await waitFor(() => expect(namesIn(screen.getByRole('table', { name: 'Control policies' }))).toEqual(['EU regions only']));
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
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete Keep databases?' });
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
    const dialog = await screen.findByRole('dialog', { name: 'Where Tag every resource with its owner applies' });
    expect(await within(dialog).findByText('Not applied anywhere yet')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Apply to a target' }));
    const form = await screen.findByRole('dialog', { name: 'Apply to a namespace or stack' });
    await user.click(within(form).getByRole('combobox', { name: /^Namespace/ }));
    await user.click(await screen.findByRole('option', { name: 'platform' }));
    await user.click(within(form).getByRole('combobox', { name: /Enforcement level/ }));
    await user.click(await screen.findByRole('option', { name: 'Soft mandatory' }));
    await user.click(within(form).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(sent).toEqual([{ controlPolicyId: 'pol-tags0001', targetId: 'ns-platform01', targetType: 'namespace', enforcementLevel: 'softMandatory' }]));
    expect(await within(dialog).findByRole('link', { name: 'platform' })).toHaveAttribute('href', '/app/namespace/ns-platform01');
  });
});
