import { envelope, errorResponse, handle } from '@terrace/api-client/testing';
import type { NamespaceCreateInput } from '@terrace/namespaces/data-access';
import { namespaceFixture } from '@terrace/namespaces/data-access/testing';
import { organizationFixtures } from '@terrace/organization/data-access/testing';
import { screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { renderPage, setupMsw } from '../testing/render-page';
import { CreateNamespaceWizardPage, EditNamespaceWizardPage } from './namespace-wizard-page';

// The wizard loads its checks on first use (lazySchema); compiled once here, so that loading them
// in a test takes no longer than in the console on a loaded machine.
beforeAll(() => import('./namespace-form.schema'));

const server = setupMsw();

// Counts the loads of the runner step's module, which the first step does not need.
const runnerStepLoads = vi.hoisted(() => vi.fn());
vi.mock('./namespace-runner-step', async (importOriginal) => {
  runnerStepLoads();
  return importOriginal();
});

const teams = () => handle('get', '/iam/org/team', () => envelope([organizationFixtures.team({ id: 'team-sec', name: 'Security' })]));

describe('CreateNamespaceWizardPage', () => {
  it('loads the later steps once the user starts on the first, not with the page', async () => {
    server.use(teams());
    const { user } = renderPage({ path: 'createNamespaceWizard', element: <CreateNamespaceWizardPage />, url: '/app/createNamespaceWizard' });
    const name = await screen.findByRole('textbox', { name: /Name/ });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(runnerStepLoads).not.toHaveBeenCalled();
    await user.type(name, 'p');
    await waitFor(() => expect(runnerStepLoads).toHaveBeenCalledTimes(1));
  });

  it('validates on Next, not on Back, and creates the namespace with every step’s choices', async () => {
    const sent: NamespaceCreateInput[] = [];
    server.use(
      teams(),
      handle('post', '/namespace', ({ body }) => {
        if (body) sent.push(body.entity);
        return envelope([namespaceFixture({ id: 'ns-new00001', name: body?.entity.name ?? '' })]);
      }),
    );
    const { user, router } = renderPage({
      path: 'createNamespaceWizard',
      element: <CreateNamespaceWizardPage />,
      url: '/app/createNamespaceWizard',
      otherPaths: ['namespace/:namespaceId', 'namespaces'],
    });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    // The form's checks load at the first press (lazySchema): the first Next waits for them.
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: /Name/ })).toHaveAccessibleDescription(/Enter a name for the namespace\./),
    );
    await user.type(screen.getByRole('textbox', { name: /Name/ }), 'payments');
    await user.click(screen.getByRole('button', { name: 'Next' }));

    // IaC versions: a bad version stops Next; Back leaves without complaint.
    await user.type(await screen.findByRole('textbox', { name: /Terraform version/ }), '1.x');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('textbox', { name: /Terraform version/ })).toHaveAccessibleDescription(/Enter a version such as 1\.9\.8/);
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('textbox', { name: /Name/ })).toHaveValue('payments');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    const version = screen.getByRole('textbox', { name: /Terraform version/ });
    expect(version).toHaveValue('1.x');
    await user.clear(version);
    await user.type(version, '1.9.8');
    await user.click(screen.getByRole('button', { name: 'Next' }));

    // Runners: self-hosted needs a group.
    await user.click(await screen.findByRole('radio', { name: 'Self-hosted runners' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Self-hosted runners need at least one runner group.')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /Runner groups/ }), 'eu-west, eu-central');
    await user.click(screen.getByRole('button', { name: 'Next' }));

    // Approval: teams approval needs a team.
    await user.click(await screen.findByRole('radio', { name: 'Require approval from teams' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Choose at least one team whose approval is required.')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Security' }));
    await user.click(screen.getByRole('radio', { name: 'Deny' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));

    // Capabilities start on; turn drift detection off.
    const drift = await screen.findByRole('switch', { name: 'Drift detection' });
    expect(drift).toBeChecked();
    await user.click(drift);
    await user.click(screen.getByRole('button', { name: 'Create namespace' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/app/namespace/ns-new00001'));
    expect(sent).toEqual([
      {
        name: 'payments',
        description: null,
        iacConfig: { terraformVersion: '1.9.8', terragruntVersion: null, opentofuVersion: null },
        runnerConfig: { mode: 'selfHosted', groups: ['eu-west', 'eu-central'], isOverridable: true },
        deploymentApprovalPolicy: { rules: [{ type: 'requireTeamsApproval', parameters: { teams: ['team-sec'] } }], overrideBehavior: 'deny' },
        capabilities: {
          deployOnPush: { status: 'enabled', isOverridable: true },
          planOnPr: { status: 'enabled', isOverridable: true },
          driftDetection: { status: 'disabled', isOverridable: true },
        },
      },
    ]);
    expect(await screen.findByText('Namespace payments created.')).toBeInTheDocument();
  });

  it('keeps everything typed and returns to the step of a field the server rejects', async () => {
    server.use(
      teams(),
      handle('post', '/namespace', () => errorResponse(400, 'already_exist', 'A namespace with this name already exists', { field: 'entity.name' })),
    );
    const { user, router } = renderPage({ path: 'createNamespaceWizard', element: <CreateNamespaceWizardPage />, url: '/app/createNamespaceWizard' });
    await user.type(screen.getByRole('textbox', { name: /Name/ }), 'payments');
    for (const next of ['IaC versions', 'Runners', 'Approval policy', 'Capabilities']) {
      await user.click(screen.getByRole('button', { name: 'Next' }));
      await waitFor(() => expect(screen.getByRole('listitem', { current: 'step' })).toHaveTextContent(next));
    }
    await user.click(await screen.findByRole('button', { name: 'Create namespace' }));
    const name = await screen.findByRole('textbox', { name: /Name/ });
    expect(name).toHaveValue('payments');
    expect(name).toHaveAccessibleDescription(/A namespace with this name already exists/);
    expect(screen.getByRole('listitem', { current: 'step' })).toHaveTextContent('Name (has errors)');
    expect(router.state.location.pathname).toBe('/app/createNamespaceWizard');
  });

  it('shows the contract’s limit on the field, from the generated schema', async () => {
    server.use(teams());
    const { user } = renderPage({ path: 'createNamespaceWizard', element: <CreateNamespaceWizardPage />, url: '/app/createNamespaceWizard' });
    const name = screen.getByRole('textbox', { name: /Name/ });
    await user.click(name);
    await user.paste('n'.repeat(129));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(name).toHaveAccessibleDescription(/Use at most 128 characters\./);
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('listitem', { current: 'step' })).toHaveTextContent('Name (has errors)');
    await user.type(name, '{Backspace}');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('textbox', { name: /Terraform version/ })).toBeInTheDocument();
  });

  it('puts a server error on a later step’s field and marks that step', async () => {
    server.use(
      teams(),
      handle('post', '/namespace', () =>
        errorResponse(400, 'bad_request', 'Terraform 0.11 is no longer supported', { field: 'entity.iacConfig.terraformVersion' }),
      ),
    );
    const { user } = renderPage({ path: 'createNamespaceWizard', element: <CreateNamespaceWizardPage />, url: '/app/createNamespaceWizard' });
    await user.type(screen.getByRole('textbox', { name: /Name/ }), 'payments');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.type(await screen.findByRole('textbox', { name: /Terraform version/ }), '0.11.0');
    for (let i = 0; i < 3; i += 1) await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(await screen.findByRole('button', { name: 'Create namespace' }));

    const version = await screen.findByRole('textbox', { name: /Terraform version/ });
    expect(version).toHaveValue('0.11.0');
    expect(version).toHaveAccessibleDescription(/Terraform 0\.11 is no longer supported/);
    expect(screen.getByRole('listitem', { current: 'step' })).toHaveTextContent('IaC versions (has errors)');
    // The other steps are not marked.
    expect(screen.getAllByRole('listitem').filter((item) => /has errors/.test(item.textContent ?? ''))).toHaveLength(1);
  });
});

describe('EditNamespaceWizardPage', () => {
  it('starts from the stored namespace and saves the change', async () => {
    const sent: unknown[] = [];
    server.use(
      teams(),
      handle('get', '/namespace/{namespaceId}', () => envelope([namespaceFixture()])),
      handle('put', '/namespace/{namespaceId}', ({ body, params }) => {
        sent.push({ id: params['namespaceId'], description: body?.entity.description });
        return envelope([namespaceFixture({ description: body?.entity.description ?? null })]);
      }),
    );
    const { user, router } = renderPage({
      path: 'editNamespaceWizard/:namespaceId',
      element: <EditNamespaceWizardPage />,
      url: '/app/editNamespaceWizard/ns-platform01',
      otherPaths: ['namespace/:namespaceId'],
    });
    const description = await screen.findByRole('textbox', { name: 'Description' });
    expect(screen.getByRole('textbox', { name: /Name/ })).toHaveValue('platform');
    await user.clear(description);
    await user.type(description, 'Networks');
    for (const next of ['IaC versions', 'Runners', 'Approval policy', 'Capabilities']) {
      await user.click(screen.getByRole('button', { name: 'Next' }));
      await waitFor(() => expect(screen.getByRole('listitem', { current: 'step' })).toHaveTextContent(next));
    }
    await user.click(await screen.findByRole('button', { name: 'Save namespace' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/namespace/ns-platform01'));
    expect(sent).toEqual([{ id: 'ns-platform01', description: 'Networks' }]);
  });
});
