import { envelope, errorResponse, handle } from '@terrace/api-client/testing';
import type { NamespacePermission } from '@terrace/namespaces/data-access';
import { organizationFixtures } from '@terrace/organization/data-access/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage, setupMsw } from '../testing/render-page';
import { NamespacePermissionsPanel } from './namespace-permissions-panel';

const server = setupMsw();

function organizationHandlers() {
  return [
    handle('get', '/iam/org/team', () => envelope([organizationFixtures.team({ id: 'team-sec', name: 'Security' })])),
    handle('get', '/iam/org/programmaticUser', () => envelope([organizationFixtures.programmaticUser()])),
    handle('get', '/iam/org/customRole', () =>
      envelope([
        organizationFixtures.customRole({ id: 'cro-ops', name: 'Operators', type: 'namespaceRole' }),
        organizationFixtures.customRole({ id: 'cro-org', name: 'Org auditors', type: 'organizationRole' }),
      ]),
    ),
  ];
}

function open(canEdit = true) {
  return renderPage({
    path: 'namespace/:namespaceId',
    element: <NamespacePermissionsPanel namespaceId="ns-platform01" canEdit={canEdit} />,
    url: '/app/namespace/ns-platform01?tab=permissions',
  });
}

describe('NamespacePermissionsPanel', () => {
  it('lists permissions with team names and role names resolved', async () => {
    server.use(
      ...organizationHandlers(),
      handle('get', '/iam/org/namespacePermission', ({ query }) =>
        envelope(
          query.get('namespaceId') === 'ns-platform01'
            ? [
                { namespaceId: 'ns-platform01', stackId: null, teamId: 'team-sec', role: 'admin', customRoleId: null },
                { namespaceId: 'ns-platform01', stackId: null, userEmail: 'ada@example.com', role: null, customRoleId: 'cro-ops' },
              ]
            : [],
        ),
      ),
    );
    open();
    const table = await screen.findByRole('table', { name: 'Namespace permissions' });
    expect(await within(table).findByText('Security')).toBeInTheDocument();
    expect(within(table).getByText('ada@example.com')).toBeInTheDocument();
    expect(await within(table).findByText('Operators')).toBeInTheDocument();
  });

  it('grants a team a namespace role and refreshes the list', async () => {
    const granted: unknown[] = [];
    let stored: NamespacePermission[] = [];
    server.use(
      ...organizationHandlers(),
      handle('get', '/iam/org/namespacePermission', () => envelope(stored)),
      handle('post', '/iam/org/namespacePermission', ({ body }) => {
        granted.push(body?.entity);
        stored = [{ namespaceId: 'ns-platform01', stackId: null, teamId: 'team-sec', role: 'admin', customRoleId: null }];
        return envelope(stored);
      }),
    );
    const { user } = open();
    await screen.findByRole('heading', { name: 'No one has access to this namespace yet' });
    await user.click(screen.getByRole('button', { name: 'Grant access' }));
    const dialog = await screen.findByRole('dialog', { name: 'Grant access' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Team' }));
    await user.click(await screen.findByRole('option', { name: 'Security' }));
    await user.click(within(dialog).getByRole('combobox', { name: 'Namespace role' }));
    await user.click(await screen.findByRole('option', { name: 'Admin' }));
    await user.click(within(dialog).getByRole('button', { name: 'Grant access' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(granted).toEqual([{ namespaceId: 'ns-platform01', teamId: 'team-sec', role: 'admin', customRoleId: null }]);
    expect(await screen.findByText('Access granted to Security.')).toBeInTheDocument();
    expect(await screen.findByRole('table', { name: 'Namespace permissions' })).toBeInTheDocument();
  });

  it('offers only namespace custom roles, and checks a user e-mail before sending', async () => {
    server.use(...organizationHandlers(), handle('get', '/iam/org/namespacePermission', () => envelope([])));
    const { user } = open();
    await screen.findByRole('heading', { name: 'No one has access to this namespace yet' });
    await user.click(screen.getByRole('button', { name: 'Grant access' }));
    const dialog = await screen.findByRole('dialog', { name: 'Grant access' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Namespace role' }));
    expect(await screen.findByRole('option', { name: 'Operators' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'Org auditors' })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    await user.click(within(dialog).getByRole('combobox', { name: 'Grant to' }));
    await user.click(await screen.findByRole('option', { name: 'User' }));
    await user.type(within(dialog).getByRole('textbox', { name: /E-mail address/ }), 'not-an-address');
    await user.click(within(dialog).getByRole('button', { name: 'Grant access' }));
    expect(within(dialog).getByRole('textbox', { name: /E-mail address/ })).toHaveAccessibleDescription('Please enter a valid email address');
  });

  it('keeps the dialog and its choices when the server refuses', async () => {
    server.use(
      ...organizationHandlers(),
      handle('get', '/iam/org/namespacePermission', () => envelope([])),
      handle('post', '/iam/org/namespacePermission', () => errorResponse(400, 'already_exist', 'Permission already exists')),
    );
    const { user } = open();
    await screen.findByRole('heading', { name: 'No one has access to this namespace yet' });
    await user.click(screen.getByRole('button', { name: 'Grant access' }));
    const dialog = await screen.findByRole('dialog', { name: 'Grant access' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Team' }));
    await user.click(await screen.findByRole('option', { name: 'Security' }));
    await user.click(within(dialog).getByRole('button', { name: 'Grant access' }));
    expect(await screen.findByText('Permission already exists')).toBeInTheDocument();
    expect(within(dialog).getByRole('combobox', { name: 'Team' })).toHaveTextContent('Security');
  });

  it('shows the controls disabled with the reason to non-admins', async () => {
    server.use(...organizationHandlers(), handle('get', '/iam/org/namespacePermission', () => envelope([])));
    open(false);
    const grant = await screen.findByRole('button', { name: 'Grant access' });
    expect(grant).toBeDisabled();
    expect(screen.getByText('Only administrators can change namespace permissions.', { selector: 'p' })).toBeInTheDocument();
    // The disabled button keeps its reason for pointer, keyboard and screen-reader users.
    expect(grant.closest('[data-slot="disabled-reason"]')).toHaveAccessibleDescription('Only administrators can change namespace permissions.');
  });
});
