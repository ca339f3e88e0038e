import { envelope, handle } from '@terrace/api-client/testing';
import { controlPolicyFixtures, controlPolicyGroupFixture, controlPolicyGroupFixtures, groupMappingFixture } from '@terrace/policies/data-access/testing';
import { signedInAs } from '@terrace/session/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage, setupMsw } from '../testing/render-page';
import { ControlPolicyGroupPage } from './control-policy-group-page';

const server = setupMsw();
// Code that loads on first use (a select's list, a dialog, a later step, the form's checks) may
// take longer than findBy's default second on a busy machine.
const slow = { timeout: 15_000 };

function handlers(group = controlPolicyGroupFixture(), mappings = [groupMappingFixture()]) {
  // The static path first: MSW, unlike the server's router, would match it as a group id.
  return [
    handle('get', '/controlPolicyGroup/controlPolicyGroupMapping', () => envelope(mappings)),
    handle('get', '/controlPolicyGroup/{controlPolicyGroupId}', () => envelope([group])),
    handle('get', '/controlPolicy', () => envelope(controlPolicyFixtures)),
    handle('get', '/namespace', () => envelope([{ id: 'ns-platform01', name: 'platform' }] as never[])),
    handle('get', '/stack', () => envelope([{ id: 'stk-web00001', name: 'web' }] as never[])),
  ];
}

function open(id = 'polg-core0001') {
  return renderPage({
    path: 'controlPolicyGroup/:controlPolicyGroupId',
    element: <ControlPolicyGroupPage />,
    url: `/app/controlPolicyGroup/${id}`,
    otherPaths: ['controlPolicies', 'editControlPolicyGroupWizard/:controlPolicyGroupId', 'namespace/:namespaceId', 'stack/:stackId'],
  });
}

describe('ControlPolicyGroupPage', () => {
  it('shows the policies with their severity and where the group applies, by severity with stack overrides', async () => {
    server.use(...signedInAs('admin'), ...handlers());
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Core guardrails' })).toBeInTheDocument();
    const policies = await screen.findByRole('table', { name: 'Policies of Core guardrails' });
    const regions = (await within(policies).findByText('EU regions only')).closest('tr') as HTMLElement;
    expect(within(regions).getByText('Major')).toBeInTheDocument();
    const mappings = await screen.findByRole('table', { name: 'Where it applies' });
    const row = (await within(mappings).findByRole('link', { name: 'platform' })).closest('tr') as HTMLElement;
    expect(row).toHaveTextContent('By severity');
    expect(row).toHaveTextContent('Minor: Warning');
    expect(row).toHaveTextContent('Moderate: Soft mandatory');
    expect(row).toHaveTextContent('Critical: Hard mandatory');
  });

  it('applies the group to a stack by severity with an override, and deletes the group after the typed phrase', async () => {
    const sent: unknown[] = [];
    const deleted: string[] = [];
    server.use(
      ...signedInAs('admin'),
      ...handlers(controlPolicyGroupFixture(), []),
      handle('post', '/controlPolicyGroup/controlPolicyGroupMapping', ({ body }) => (sent.push(body?.entity), envelope([groupMappingFixture()]))),
      handle('delete', '/controlPolicyGroup/{controlPolicyGroupId}', ({ params }) => (deleted.push(String(params.controlPolicyGroupId)), envelope([]))),
    );
    const { user, router } = open();
    expect(await screen.findByText('Not applied anywhere yet')).toBeInTheDocument();
    const apply = screen.getByRole('button', { name: 'Apply to a target' });
    // Enabled once the session says the role may update policies.
    await waitFor(() => expect(apply).toBeEnabled());
    await user.click(apply);
    const form = await screen.findByRole('dialog', { name: 'Apply to a namespace or stack' }, slow);
    await user.click(within(form).getByRole('combobox', { name: /Applies to/ }));
    await user.click(await screen.findByRole('option', { name: 'One stack' }, slow));
    await user.click(within(form).getByRole('combobox', { name: /^Stack/ }));
    await user.click(await screen.findByRole('option', { name: 'web' }, slow));
    await user.click(within(form).getByRole('radio', { name: 'By severity' }));
    await user.click(within(form).getByRole('combobox', { name: /Minor policies/ }));
    await user.click(await screen.findByRole('option', { name: 'Soft mandatory' }, slow));
    await user.click(within(form).getByRole('button', { name: 'Add override' }));
    await user.click(within(form).getByRole('button', { name: 'Apply' }));
    expect(await within(form).findByText('Choose the policy to override.', {}, slow)).toBeInTheDocument();
    await user.click(within(form).getByRole('combobox', { name: /^Policy/ }));
    await user.click(await screen.findByRole('option', { name: 'Keep databases' }, slow));
    await user.type(within(form).getByRole('textbox', { name: /Stack ids/ }), 'web');
    await user.click(within(form).getByRole('button', { name: 'Apply' }));
    expect(await within(form).findByText('A stack id starts with stk-.')).toBeInTheDocument();
    await user.clear(within(form).getByRole('textbox', { name: /Stack ids/ }));
    await user.type(within(form).getByRole('textbox', { name: /Stack ids/ }), 'stk-web00001');
    await user.click(within(form).getByRole('button', { name: 'Apply' }));
    await waitFor(() =>
      expect(sent).toEqual([
        {
          controlPolicyGroupId: 'polg-core0001',
          targetId: 'stk-web00001',
          targetType: 'stack',
          bySeverity: { low: 'softMandatory', medium: 'softMandatory', high: 'hardMandatory', critical: 'hardMandatory' },
          overrideEnforcements: [{ controlPolicyId: 'pol-nodelete1', enforcementLevel: 'warning', stackIds: ['stk-web00001'] }],
        },
      ]),
    );

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete Core guardrails?' }, slow);
    await user.type(within(confirm).getByRole('textbox'), 'delete me');
    await user.click(within(confirm).getByRole('button', { name: 'Delete group' }));
    await waitFor(() => expect(deleted).toEqual(['polg-core0001']));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/controlPolicies'));
  });

  it('keeps a managed group read-only but lets it be applied; a viewer may change nothing', async () => {
    server.use(...signedInAs('admin'), ...handlers(controlPolicyGroupFixtures[1]));
    const { unmount } = open('polg-cisaws140');
    expect(await screen.findByRole('heading', { level: 1, name: 'CIS AWS v1.4.0' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Delete' })).toBeDisabled();
    expect(await screen.findByRole('button', { name: 'Apply to a target' })).toBeEnabled();
    unmount();
    server.use(...signedInAs('viewer'));
    open('polg-cisaws140');
    expect(await screen.findByRole('button', { name: 'Change platform' })).toBeDisabled();
  });
});
