import { screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { renderWithProviders } from '../../testing/render-with-providers';
import type { EditAccess } from '../edit-button/edit-button';
import { TokenList } from './token-list';

interface Token {
  id: string;
  name: string;
  createdAt: string;
  revokedAt: string | null;
}

const loaded = { isPending: false, isSuccess: true, isError: false, isFetching: false, error: null, refetch: () => undefined };

/** A list over tokens kept in state, as a server would keep them: revoked ones stay, marked. */
function Tokens({ initial, access = { canEdit: true, readOnlyReason: '' } }: { initial: Token[]; access?: EditAccess }) {
  const [tokens, setTokens] = useState(initial);
  return (
    <TokenList
      aria-label="Tokens of robot"
      query={loaded}
      items={tokens}
      columns={[{ id: 'status', header: 'Status', cell: ({ row }) => (row.original.revokedAt ? 'Revoked' : 'Active') }]}
      access={access}
      empty={{ title: 'No tokens yet', text: 'Create one.' }}
      create={{
        title: 'Create a token for robot',
        name: z.string().check(z.minLength(1), z.maxLength(10)),
        label: 'Token name',
        help: 'Where it is used.',
        onCreate: async (name) => {
          const token = { id: `t-${tokens.length + 1}`, name, createdAt: '2026-03-01T00:00:00Z', revokedAt: null };
          setTokens((list) => [...list, token]);
          return { ...token, token: `secret-of-${name}` };
        },
      }}
      revoke={{
        description: 'Anything that uses it is refused.',
        onRevoke: async (token) => setTokens((list) => list.map((t) => (t.id === token.id ? { ...t, revokedAt: '2026-03-02T00:00:00Z' } : t))),
        isRevoked: (token) => token.revokedAt !== null,
      }}
    />
  );
}

describe('TokenList', () => {
  it('shows a new token once, trimmed and named, and hides it again when that token is revoked after the typed phrase', async () => {
    const { user } = renderWithProviders(<Tokens initial={[]} />);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create token' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create a token for robot' });
    await user.click(within(dialog).getByRole('button', { name: 'Create token' }));
    expect(within(dialog).getByRole('textbox', { name: /Token name/ })).toHaveAccessibleDescription(/Enter a value/);
    await user.type(within(dialog).getByRole('textbox', { name: /Token name/ }), '  ci  ');
    await user.click(within(dialog).getByRole('button', { name: 'Create token' }));

    const reveal = await screen.findByRole('group', { name: 'New token ci' });
    expect(within(reveal).getByText('secret-of-ci')).toBeInTheDocument();
    expect(within(reveal).getByRole('button', { name: 'Copy' })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Tokens of robot' });
    expect(within(table).getByText('ci')).toBeInTheDocument();

    await user.click(within(table).getByRole('button', { name: 'Revoke token ci' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(confirm).toHaveTextContent('Revoke token ci?');
    expect(within(confirm).getByRole('button', { name: 'Revoke token' })).toBeDisabled();
    await user.type(within(confirm).getByRole('textbox'), 'revoke me');
    await user.click(within(confirm).getByRole('button', { name: 'Revoke token' }));
    await waitFor(() => expect(screen.queryByRole('group', { name: 'New token ci' })).not.toBeInTheDocument());
    expect(within(table).getByText('Revoked')).toBeInTheDocument();
    expect(within(table).getByRole('button', { name: 'Revoke token ci' })).toBeDisabled();
  });

  it('keeps creating and revoking disabled, with the reason, for users who may not change tokens', () => {
    renderWithProviders(
      <Tokens
        initial={[{ id: 't-1', name: 'old', createdAt: '2026-01-01T00:00:00Z', revokedAt: null }]}
        access={{ canEdit: false, readOnlyReason: 'Only admins manage tokens.' }}
      />,
    );
    for (const name of ['Create token', 'Revoke token old']) {
      const button = screen.getByRole('button', { name });
      expect(button, name).toBeDisabled();
      expect(button.closest('[data-slot="disabled-reason"]'), name).toHaveAccessibleDescription('Only admins manage tokens.');
    }
  });
});
