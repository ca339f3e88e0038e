import { envelope, handle } from '@terrace/api-client/testing';
import type { TeamUser } from '@terrace/organization/data-access';
import { organizationFixtures } from '@terrace/organization/data-access/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { signedInAs } from '@terrace/session/testing';
import { renderPage, setupMsw } from '../../testing/render-page';
import { TeamPage, TeamRoute } from './team-page';

const server = setupMsw();

describe('TeamPage', () => {
  it('shows the team with its IdP group and adds and removes members', async () => {
    let members: TeamUser[] = [{ teamId: 'team-platform', email: 'ada@example.com', userId: 'usr-ada' }];
    const removed: unknown[] = [];
    server.use(
      handle('get', '/iam/org/team/{teamId}', ({ params }) =>
        envelope([organizationFixtures.team({ id: params['teamId'] ?? '', customIdpId: 'okta-platform' })]),
      ),
      handle('get', '/iam/org/teamUser', () => envelope(members)),
      handle('post', '/iam/org/teamUser', ({ body }) => {
        members = [...members, { teamId: 'team-platform', email: body?.entity.userEmail ?? '', userId: 'usr-new' }];
        return envelope(members.slice(-1));
      }),
      handle('delete', '/iam/org/teamUser', ({ body }) => {
        removed.push(body?.entity);
        members = members.filter((m) => m.email !== body?.entity.userEmail);
        return envelope(members.slice(0, 1));
      }),
    );
    const { user } = renderPage({ path: 'team/:teamId', element: <TeamPage />, url: '/app/team/team-platform' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Platform' })).toBeInTheDocument();
    expect(screen.getByText('okta-platform')).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Members of Platform' });
    expect(await within(table).findByText('ada@example.com')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add member' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox', { name: /E-mail address/ }), 'grace@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Add member' }));
    expect(await within(table).findByText('grace@example.com')).toBeInTheDocument();

    await user.click(within(table).getByRole('button', { name: 'Remove ada@example.com from the team' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(removed).toEqual([{ teamId: 'team-platform', userEmail: 'ada@example.com' }]));
    await waitFor(() => expect(within(table).queryByText('ada@example.com')).not.toBeInTheDocument());
  });
});

describe('TeamRoute', () => {
  function openAs(role: string) {
    server.use(
      ...signedInAs(role),
      handle('get', '/iam/org/team/{teamId}', ({ params }) => envelope([organizationFixtures.team({ id: params['teamId'] ?? '' })])),
      handle('get', '/iam/org/teamUser', () => envelope([{ teamId: 'team-platform', email: 'ada@example.com', userId: 'usr-ada' }])),
    );
    return renderPage({ path: 'team/:teamId', element: <TeamRoute />, url: '/app/team/team-platform' });
  }

  it('lets a viewer read the team with every change disabled and the reason from the access model', async () => {
    openAs('viewer');
    const edit = await screen.findByRole('button', { name: 'Edit team' });
    await waitFor(() => expect(edit).toBeDisabled());
    expect(screen.getByRole('button', { name: 'Add member' })).toBeDisabled();
    expect(await screen.findByRole('button', { name: 'Remove ada@example.com from the team' })).toBeDisabled();
    expect(edit.closest('[data-slot="disabled-reason"]')).toHaveAccessibleDescription('Your role does not allow this. Ask an organization admin.');
  });

  it('lets an admin change the team', async () => {
    openAs('admin');
    await waitFor(async () => expect(await screen.findByRole('button', { name: 'Edit team' })).toBeEnabled());
    expect(screen.getByRole('button', { name: 'Add member' })).toBeEnabled();
  });
});
