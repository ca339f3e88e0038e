import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { z } from 'zod/mini';
import type { EditAccess } from '../edit-button/edit-button';
import { TokenList, type TokenListProps } from './token-list';

interface Token {
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

const tokens: Token[] = [
  { id: 'tok-1', name: 'ci-pool', createdAt: '2026-02-01T09:00:00Z', lastUsedAt: '2026-03-01T12:30:00Z' },
  { id: 'tok-2', name: 'k8s-east', createdAt: '2026-02-14T09:00:00Z', lastUsedAt: null },
];
const success = { isPending: false, isSuccess: true, isError: false, isFetching: false, error: null, refetch: fn() };
const admin: EditAccess = { canEdit: true, readOnlyReason: '' };
const viewer: EditAccess = { canEdit: false, readOnlyReason: 'Only organization admins can manage tokens.' };

/** The list over tokens kept in state, so creating and revoking work as against a server. */
function Tokens(props: Pick<TokenListProps<Token>, 'query' | 'items' | 'access' | 'empty'>) {
  const [items, setItems] = useState(props.items);
  return (
    <TokenList
      {...props}
      items={items}
      aria-label="Registration tokens of build-farm"
      columns={[{ id: 'lastUsedAt', header: 'Last used', cell: ({ row }) => row.original.lastUsedAt?.slice(0, 10) ?? 'Never' }]}
      create={{
        title: 'Create a registration token for build-farm',
        description: 'A runner started with this token joins the group.',
        name: z.string().check(z.minLength(1), z.maxLength(64)),
        label: 'Name',
        help: 'Where the runners that use it run, e.g. ci-pool.',
        onCreate: async (name) => {
          const token = { id: `tok-${name}`, name, createdAt: '2026-03-02T09:00:00Z', lastUsedAt: null };
          setItems((list) => [...(list ?? []), token]);
          return { ...token, token: 'trg_s3cr3tV4lu3ShownOnce' };
        },
      }}
      revoke={{
        description: 'Runners registered with this token are no longer accepted.',
        onRevoke: async (token) => setItems((list) => list?.filter((item) => item.id !== token.id)),
      }}
    />
  );
}

const meta = {
  title: 'Data display/TokenList',
  component: Tokens,
  args: {
    query: success,
    items: tokens,
    access: admin,
    empty: { title: 'No registration tokens yet', text: 'Create one to start a runner with it.' },
  },
} satisfies Meta<typeof Tokens>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Listed: Story = {};

/** A new token: its secret shown once with the copy button, above the list. */
export const Created: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Create token' }));
    const dialog = within(await within(canvasElement.ownerDocument.body).findByRole('dialog'));
    await userEvent.type(dialog.getByRole('textbox', { name: /^Name/ }), 'k8s-west');
    await userEvent.click(dialog.getByRole('button', { name: 'Create token' }));
    const reveal = await canvas.findByRole('group', { name: 'New token k8s-west' });
    await expect(within(reveal).getByText('trg_s3cr3tV4lu3ShownOnce')).toBeVisible();
  },
};

/** Revoking asks for the typed phrase first. */
export const Revoking: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Revoke token ci-pool' }));
    const confirm = within(await within(canvasElement.ownerDocument.body).findByRole('alertdialog'));
    await expect(confirm.getByRole('button', { name: 'Revoke token' })).toBeDisabled();
  },
};

/** A viewer sees every control, disabled, with the reason. */
export const ReadOnly: Story = {
  args: { access: viewer },
  play: async ({ canvasElement }) => {
    const revoke = within(canvasElement).getByRole('button', { name: 'Revoke token ci-pool' });
    await expect(revoke).toBeDisabled();
    await expect(revoke.closest('[data-slot="disabled-reason"]')).toHaveAccessibleDescription(viewer.readOnlyReason);
  },
};

export const Empty: Story = { args: { items: [] } };
export const Loading: Story = { args: { items: undefined, query: { ...success, isPending: true, isSuccess: false } } };
