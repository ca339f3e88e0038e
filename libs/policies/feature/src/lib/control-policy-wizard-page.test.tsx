import { envelope, errorResponse, handle } from '@terrace/api-client/testing';
import type { ControlPolicyInput } from '@terrace/policies/data-access';
import { controlPolicyFixture } from '@terrace/policies/data-access/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage, setupMsw } from '../testing/render-page';
import { CreateControlPolicyWizardPage } from './control-policy-wizard-page';
import { EditControlPolicyWizardPage } from './edit-control-policy-wizard-page';

const server = setupMsw();
// Code that loads on first use (a select's list, a dialog, a later step, the form's checks) may
// take longer than findBy's default second on a busy machine.
const slow = { timeout: 15_000 };

describe('the control policy wizards', () => {
  it('moves on only once the type is chosen, checks the tag rules, and creates a required-tags policy', async () => {
    const sent: ControlPolicyInput[] = [];
    server.use(
      handle('post', '/controlPolicy', ({ body }) => {
        if (body) sent.push(body.entity);
        return envelope([controlPolicyFixture({ id: 'pol-new00001', name: body?.entity.name ?? '' })]);
      }),
    );
    const { user, router } = renderPage({
      path: 'createControlPolicyWizard',
      element: <CreateControlPolicyWizardPage />,
      url: '/app/createControlPolicyWizard',
      otherPaths: ['controlPolicies'],
    });
    await user.type(screen.getByRole('textbox', { name: /Name/ }), 'Owner tag');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Choose the kind of policy.', {}, slow)).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Required tags (AWS)' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));

    await user.type(await screen.findByRole('textbox', { name: /Allowed values 1/ }, slow), 'team-(a');
    await user.click(screen.getByRole('button', { name: 'Create policy' }));
    expect(screen.getByRole('textbox', { name: /Tag key 1/ })).toHaveAccessibleDescription(/Enter the tag key\./);
    expect(screen.getByRole('textbox', { name: /Allowed values 1/ })).toHaveAccessibleDescription(/The regex rule value is not a valid regex/);
    // Said once, on its field (not again under the list).
    expect(screen.getAllByText('The regex rule value is not a valid regex')).toHaveLength(1);
    expect(screen.getAllByText('Enter the tag key.')).toHaveLength(1);
    await user.type(screen.getByRole('textbox', { name: /Tag key 1/ }), 'owner');
    await user.clear(screen.getByRole('textbox', { name: /Allowed values 1/ }));
    await user.type(screen.getByRole('textbox', { name: /Allowed values 1/ }), 'team-.*, platform');
    await user.click(screen.getByRole('button', { name: 'Add tag' }));
    await user.type(screen.getByRole('textbox', { name: /Tag key 2/ }), 'env');
    await user.click(screen.getByRole('button', { name: 'Create policy' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/app/controlPolicies'));
    expect(sent).toEqual([{ name: 'Owner tag', type: 'aws_required_tags', parameters: { tags: [{ key: 'owner', allowedValues: ['team-.*', 'platform'] }, { key: 'env' }] } }]);
  });

  it('shows a field the server refused on that field', async () => {
    server.use(handle('post', '/controlPolicy', () => errorResponse(400, 'bad_request', 'Region xx-1 is unknown', { field: 'entity.parameters.regions' })));
    const { user } = renderPage({ path: 'createControlPolicyWizard', element: <CreateControlPolicyWizardPage />, url: '/app/createControlPolicyWizard', otherPaths: ['controlPolicies'] });
    await user.type(screen.getByRole('textbox', { name: /Name/ }), 'EU only');
    await user.click(screen.getByRole('radio', { name: 'Allowed regions (AWS)' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.type(await screen.findByRole('textbox', { name: /Regions/ }, slow), 'eu-west-1');
    await user.click(screen.getByRole('button', { name: 'Create policy' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: /Regions/ })).toHaveAccessibleDescription(/Region xx-1 is unknown/));
  });

  it('edits a policy without changing its type, and sends a partial update', async () => {
    const sent: unknown[] = [];
    server.use(
      handle('get', '/controlPolicy/{controlPolicyId}', () => envelope([controlPolicyFixture({ id: 'pol-regions01', name: 'EU only', description: '', type: 'aws_allowed_regions', parameters: { regions: ['eu-west-1'] } })])),
      handle('put', '/controlPolicy/{controlPolicyId}', ({ body }) => (sent.push(body?.entity), envelope([controlPolicyFixture({ id: 'pol-regions01' })]))),
    );
    const { user, router } = renderPage({
      path: 'editControlPolicyWizard/:controlPolicyId',
      element: <EditControlPolicyWizardPage />,
      url: '/app/editControlPolicyWizard/pol-regions01',
      otherPaths: ['controlPolicies'],
    });
    const types = await screen.findByRole('radiogroup', { name: 'Policy type' });
    expect(within(types).getByRole('radio', { name: 'Allowed regions (AWS)' })).toBeChecked();
    expect(within(types).getByRole('radio', { name: 'OPA Rego' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.type(await screen.findByRole('textbox', { name: /Regions/ }, slow), '\neu-central-1');
    await user.click(screen.getByRole('button', { name: 'Save policy' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/controlPolicies'));
    expect(sent).toEqual([{ name: 'EU only', description: null, parameters: { regions: ['eu-west-1', 'eu-central-1'] } }]);
  });

  it('offers no edit of a managed policy', async () => {
    server.use(handle('get', '/controlPolicy/{controlPolicyId}', () => envelope([controlPolicyFixture({ id: 'pol-cis00001', name: 'CIS 2.1.5', isManaged: true })])));
    renderPage({ path: 'editControlPolicyWizard/:controlPolicyId', element: <EditControlPolicyWizardPage />, url: '/app/editControlPolicyWizard/pol-cis00001', otherPaths: ['controlPolicies'] });
    expect(await screen.findByText('CIS 2.1.5 is a managed policy: it cannot be changed, only applied.')).toBeInTheDocument();
  });
});
