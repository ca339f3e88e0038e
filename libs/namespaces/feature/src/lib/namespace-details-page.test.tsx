import { envelope, errorResponse, handle } from '@terrace/api-client/testing';
import { namespaceFixture } from '@terrace/namespaces/data-access/testing';
import { organizationFixtures } from '@terrace/organization/data-access/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { signedInAs } from '@terrace/session/testing';
import { renderPage, setupMsw } from '../testing/render-page';
import { NamespaceDetailsPage, NamespaceDetailsRoute } from './namespace-details-page';

const server = setupMsw();

function handlers() {
  return [
    handle('get', '/namespace/{namespaceId}', ({ params }) =>
      envelope([
        namespaceFixture({
          id: params['namespaceId'] ?? '',
          deploymentApprovalPolicy: { rules: [{ type: 'requireTeamsApproval', parameters: { teams: ['team-sec'] } }], overrideBehavior: 'deny' },
        }),
      ]),
    ),
    handle('get', '/iam/org/team', () => envelope([organizationFixtures.team({ id: 'team-sec', name: 'Security' })])),
    handle('get', '/iam/org/programmaticUser', () => envelope([])),
    handle('get', '/iam/org/customRole', () => envelope([])),
    handle('get', '/iam/org/namespacePermission', () => envelope([])),
  ];
}

function open(url = '/app/namespace/ns-platform01', canEdit = true) {
  return renderPage({
    path: 'namespace/:namespaceId',
    element: <NamespaceDetailsPage canEdit={canEdit} />,
    url,
    otherPaths: ['namespaces', 'editNamespaceWizard/:namespaceId'],
  });
}

describe('NamespaceDetailsPage', () => {
  it('shows the tabs other domains give (stacks, variables) with the namespace, and none they do not', async () => {
    server.use(...handlers());
    const given = ({ namespaceId }: { namespaceId: string }) => <p>{`variables of ${namespaceId}`}</p>;
    renderPage({
      path: 'namespace/:namespaceId',
      element: <NamespaceDetailsPage variablesPanel={given} />,
      url: '/app/namespace/ns-platform01?tab=variables',
    });
    expect(await screen.findByRole('tab', { name: 'Variables', selected: true })).toBeInTheDocument();
    expect(await screen.findByText('variables of ns-platform01')).toBeInTheDocument();
    // No stacks panel was given: no stacks tab.
    expect(screen.queryByRole('tab', { name: 'Stacks' })).not.toBeInTheDocument();
  });

  it('opens the tab named in the URL and writes the chosen tab back to it', async () => {
    server.use(...handlers());
    const { user, router } = open('/app/namespace/ns-platform01?tab=settings');
    expect(await screen.findByRole('tab', { name: 'Settings', selected: true })).toBeInTheDocument();
    expect(screen.getByText('Require approval from teams: Security')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Permissions' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=permissions'));
    expect(await screen.findByRole('heading', { name: 'No one has access to this namespace yet' })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Overview' }));
    // The default tab is left out of the URL.
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it("deletes the namespace only after 'delete me' is typed, then returns to the list", async () => {
    const deleted: string[] = [];
    server.use(
      ...handlers(),
      handle('delete', '/namespace/{namespaceId}', ({ params }) => {
        deleted.push(params['namespaceId'] ?? '');
        return envelope([namespaceFixture()]);
      }),
    );
    const { user, router } = open();
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog');
    const confirm = within(dialog).getByRole('button', { name: 'Delete namespace' });
    await user.type(within(dialog).getByRole('textbox'), 'delete');
    expect(confirm).toBeDisabled();
    await user.type(within(dialog).getByRole('textbox'), ' me');
    await user.click(confirm);
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/namespaces'));
    expect(deleted).toEqual(['ns-platform01']);
    expect(await screen.findByText('Namespace platform deleted.')).toBeInTheDocument();
  });

  it('renders the error of a namespace that cannot be read', async () => {
    // MSW answers with the first matching handler, so the failing read goes first.
    server.use(handle('get', '/namespace/{namespaceId}', () => errorResponse(404, 'not_found', 'Namespace not found')), ...handlers());
    open('/app/namespace/ns-missing01');
    expect(await screen.findByRole('button', { name: /retry/i })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Namespaces' })).toHaveAttribute('href', '/app/namespaces');
  });

  it('keeps edit and delete visible but disabled for users who may not change it', async () => {
    server.use(...handlers());
    open('/app/namespace/ns-platform01', false);
    expect(await screen.findByRole('button', { name: 'Delete' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Edit' })).toBeDisabled();
  });
});

/** The route as the console mounts it: the session's role decides through the shared access model. */
function openAs(role: string) {
  server.use(...handlers(), ...signedInAs(role));
  return renderPage({ path: 'namespace/:namespaceId', element: <NamespaceDetailsRoute />, url: '/app/namespace/ns-platform01?tab=permissions', otherPaths: ['namespaces', 'editNamespaceWizard/:namespaceId'] },
  );
}

describe('NamespaceDetailsRoute', () => {
  // Viewers and members used to get enabled buttons (and a 403 at the end of the wizard).
  it.each(['viewer', 'member'])('disables edit, delete and grant for a %s, with the reason', async (role) => {
    const { user } = openAs(role);
    const reason = 'Your role does not allow this. Ask an organization admin.';
    const remove = await screen.findByRole('button', { name: 'Delete' });
    await waitFor(() => expect(remove).toBeDisabled());
    expect(screen.getByRole('button', { name: 'Edit' })).toBeDisabled();
    expect(screen.queryByRole('link', { name: 'Edit' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Grant access' })).toBeDisabled();
    const wrappers = document.querySelectorAll('[data-slot="disabled-reason"]');
    expect(wrappers.length).toBeGreaterThanOrEqual(3);
    for (const wrapper of wrappers) expect(wrapper).toHaveAccessibleDescription(reason);
    await user.hover(wrappers[1] as Element);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(reason);
  });

  it('offers edit, delete and grant to an admin', async () => {
    openAs('admin');
    expect(await screen.findByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/app/editNamespaceWizard/ns-platform01');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Delete' })).toBeEnabled());
    expect(screen.getByRole('button', { name: 'Grant access' })).toBeEnabled();
  });
});
