import { envelope, handle } from '@terrace/api-client/testing';
import type { ControlPolicyGroupInput } from '@terrace/policies/data-access';
import { controlPolicyFixtures, controlPolicyGroupFixture } from '@terrace/policies/data-access/testing';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage, setupMsw } from '../testing/render-page';
import { CreatePolicyGroupWizardPage } from './policy-group-wizard-page';

const server = setupMsw();
// Code that loads on first use (a select's list, a dialog, a later step, the form's checks) may
// take longer than findBy's default second on a busy machine.
const slow = { timeout: 15_000 };

describe('CreatePolicyGroupWizardPage', () => {
  it('needs at least one policy and creates the group with a severity per policy', async () => {
    const sent: ControlPolicyGroupInput[] = [];
    server.use(
      handle('get', '/controlPolicy', () => envelope(controlPolicyFixtures)),
      handle('post', '/controlPolicyGroup', ({ body }) => {
        if (body) sent.push(body.entity);
        return envelope([controlPolicyGroupFixture({ id: 'polg-new00001' })]);
      }),
    );
    const { user, router } = renderPage({
      path: 'createControlPolicyGroupWizard',
      element: <CreatePolicyGroupWizardPage />,
      url: '/app/createControlPolicyGroupWizard',
      otherPaths: ['controlPolicies', 'controlPolicyGroup/:controlPolicyGroupId'],
    });
    await user.type(screen.getByRole('textbox', { name: /Name/ }), 'Production');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(await screen.findByRole('button', { name: 'Create group' }, slow));
    expect(await screen.findByText('Choose at least one policy.', {}, slow)).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: /Keep databases/ }));
    await user.click(screen.getByRole('combobox', { name: 'Severity of Keep databases' }));
    await user.click(await screen.findByRole('option', { name: 'Critical' }, slow));
    await user.click(screen.getByRole('checkbox', { name: /EU regions only/ }));
    await user.click(screen.getByRole('button', { name: 'Create group' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/controlPolicyGroup/polg-new00001'));
    expect(sent).toEqual([
      {
        name: 'Production',
        controlPolicies: [
          { controlPolicyId: 'pol-nodelete1', severity: 'critical' },
          { controlPolicyId: 'pol-regions01', severity: 'medium' },
        ],
      },
    ]);
  });
});
