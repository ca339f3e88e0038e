import { envelope, handle } from '@terrace/api-client/testing';
import { organizationFixtures } from '@terrace/organization/data-access/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage, setupMsw } from '../../testing/render-page';
import { UsersSection } from './users-section';

const server = setupMsw();

function open(canEdit = true) {
  return renderPage({
    path: 'organization/setting',
    element: <UsersSection canEdit={canEdit} readOnlyReason="Only organization admins can change these settings." />,
    url: '/app/organization/setting?id=user-list',
  });
}

describe('UsersSection', () => {
  it('invites a user by e-mail with a role, after checking the address', async () => {
    const invited: unknown[] = [];
    server.use(
      handle('get', '/iam/org/user', () => envelope([organizationFixtures.user()], { paging: { page: 1, pageSize: 20, total: 1 } })),
      handle('get', '/iam/org/customRole', () => envelope([])),
      handle('post', '/iam/org/user/invite', ({ body }) => {
        invited.push(body?.entity);
        return envelope([{ id: 'inv-1', email: 'grace@example.com', role: 'member', expiresAt: '2026-03-08T00:00:00Z' }]);
      }),
    );
    const { user } = open();
    await screen.findByText('ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Invite user' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite a user' });
    const email = within(dialog).getByRole('textbox', { name: /E-mail address/ });
    await user.type(email, 'grace@');
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(email).toHaveAccessibleDescription('Please enter a valid email address');
    expect(invited).toEqual([]);
    await user.type(email, 'example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Invitation sent to grace@example.com.')).toBeInTheDocument();
    expect(invited).toEqual([{ email: 'grace@example.com', role: 'member' }]);
  });

  it('shows how each user signs in, and for a password whether a second factor guards it', async () => {
    server.use(
      handle('get', '/iam/org/user', () =>
        envelope(
          [
            organizationFixtures.user({ mfaEnabled: true }),
            organizationFixtures.user({ userId: 'usr-grace', email: 'grace@example.com', mfaEnabled: false }),
            organizationFixtures.user({ userId: 'usr-linus', email: 'linus@example.com', userType: 'ssoUser' }),
          ],
          { paging: { page: 1, pageSize: 20, total: 3 } },
        ),
      ),
      handle('get', '/iam/org/customRole', () => envelope([])),
    );
    open();
    const rowOf = async (email: string) => (await screen.findByText(email)).closest('tr') as HTMLElement;
    expect(within(await rowOf('ada@example.com')).getByText('Password')).toBeInTheDocument();
    expect(within(await rowOf('ada@example.com')).getByText('Two-factor on')).toBeInTheDocument();
    expect(within(await rowOf('grace@example.com')).getByText('Two-factor off')).toBeInTheDocument();
    const sso = await rowOf('linus@example.com');
    expect(within(sso).getByText('Single sign-on')).toBeInTheDocument();
    expect(within(sso).queryByText(/Two-factor/)).not.toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['Name', 'Sign-in', 'Role', 'Joined', 'Actions']);
  });

  it("removes a user only after 'delete user' is typed", async () => {
    const removed: string[] = [];
    server.use(
      handle('get', '/iam/org/user', () => envelope([organizationFixtures.user()], { paging: { page: 1, pageSize: 20, total: 1 } })),
      handle('get', '/iam/org/customRole', () => envelope([])),
      handle('delete', '/iam/org/user/{userId}', ({ params }) => {
        removed.push(params['userId'] ?? '');
        return envelope([organizationFixtures.user()]);
      }),
    );
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Remove ada@example.com' }));
    const dialog = await screen.findByRole('alertdialog');
    const confirm = within(dialog).getByRole('button', { name: 'Remove user' });
    await user.type(within(dialog).getByRole('textbox'), 'delete me');
    expect(confirm).toBeDisabled();
    await user.clear(within(dialog).getByRole('textbox'));
    await user.type(within(dialog).getByRole('textbox'), 'delete user');
    await user.click(confirm);
    await waitFor(() => expect(removed).toEqual(['usr-ada']));
    expect(await screen.findByText('ada@example.com removed.')).toBeInTheDocument();
  });

  it('asks the server for the page and page size in the URL', async () => {
    const requested: string[] = [];
    server.use(
      handle('get', '/iam/org/user', ({ query }) => {
        requested.push(query.toString());
        return envelope([organizationFixtures.user()], { paging: { page: 2, pageSize: 50, total: 60 } });
      }),
      handle('get', '/iam/org/customRole', () => envelope([])),
    );
    renderPage({
      path: 'organization/setting',
      element: <UsersSection canEdit readOnlyReason="" />,
      url: '/app/organization/setting?id=user-list&page=2&pageSize=50',
    });
    await screen.findByText('ada@example.com');
    expect(requested).toEqual(['page=2&pageSize=50']);
  });

  it('shows roles as text and disables the actions for a viewer', async () => {
    server.use(
      handle('get', '/iam/org/user', () => envelope([organizationFixtures.user({ orgRole: 'viewer' })], { paging: { page: 1, pageSize: 20, total: 1 } })),
      handle('get', '/iam/org/customRole', () => envelope([])),
    );
    open(false);
    expect(await screen.findByRole('button', { name: 'Remove ada@example.com' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Invite user' })).toBeDisabled();
    expect(screen.queryByRole('combobox', { name: /Role of/ })).not.toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'Viewer' })).toBeInTheDocument();
  });
});
