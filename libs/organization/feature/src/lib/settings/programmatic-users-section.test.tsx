import { envelope, handle } from '@terrace/api-client/testing';
import type { ProgrammaticToken } from '@terrace/organization/data-access';
import { organizationFixtures } from '@terrace/organization/data-access/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage, setupMsw } from '../../testing/render-page';
import { ProgrammaticUsersSection } from './programmatic-users-section';

const server = setupMsw();

describe('ProgrammaticUsersSection', () => {
  it("creates a token shown once with a copy button, and revokes one only after 'revoke me'", async () => {
    let tokens: ProgrammaticToken[] = [{ id: 'tok-old', name: 'old', createdAt: '2026-01-01T00:00:00Z', revokedAt: null }];
    const revoked: string[] = [];
    server.use(
      handle('get', '/iam/org/programmaticUser', () => envelope([organizationFixtures.programmaticUser()])),
      handle('get', '/iam/org/customRole', () => envelope([])),
      handle('get', '/iam/org/programmaticUser/{programmaticUserId}/token', () => envelope(tokens)),
      handle('post', '/iam/org/programmaticUser/{programmaticUserId}/token', ({ body }) => {
        const created = { id: 'tok-new', name: body?.entity.name ?? '', createdAt: '2026-03-01T00:00:00Z', revokedAt: null };
        tokens = [...tokens, created];
        return envelope([{ ...created, token: 'trc_once_only' }]);
      }),
      handle('delete', '/iam/org/programmaticUser/{programmaticUserId}/token/{tokenId}', ({ params }) => {
        revoked.push(params['tokenId'] ?? '');
        tokens = tokens.map((token) => (token.id === params['tokenId'] ? { ...token, revokedAt: '2026-03-02T00:00:00Z' } : token));
        return envelope(tokens.filter((token) => token.id === params['tokenId']));
      }),
    );
    const { user } = renderPage({
      path: 'organization/setting',
      element: <ProgrammaticUsersSection canEdit readOnlyReason="" />,
      url: '/app/organization/setting?id=programmatic-user-list',
    });
    await user.click(await screen.findByRole('button', { name: 'ci-pipeline' }));
    const tokensTable = await screen.findByRole('table', { name: 'API tokens of ci-pipeline' });
    expect(await within(tokensTable).findByText('old')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Create token' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox', { name: /Token name/ }), 'github-actions');
    await user.click(within(dialog).getByRole('button', { name: 'Create token' }));
    const reveal = await screen.findByRole('group', { name: 'New token github-actions' });
    expect(within(reveal).getByText('trc_once_only')).toBeInTheDocument();
    expect(within(reveal).getByRole('button', { name: 'Copy' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Revoke token old' }));
    const confirm = await screen.findByRole('alertdialog');
    await user.type(within(confirm).getByRole('textbox'), 'revoke me');
    await user.click(within(confirm).getByRole('button', { name: 'Revoke token' }));
    await waitFor(() => expect(revoked).toEqual(['tok-old']));
    // A revoked token stays in the list, marked, and cannot be revoked twice.
    await waitFor(() => expect(within(tokensTable).getByRole('button', { name: 'Revoke token old' })).toBeDisabled());
    expect(within(tokensTable).getByText(/Revoked on/)).toBeInTheDocument();
  });
});
