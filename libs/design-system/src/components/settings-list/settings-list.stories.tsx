import type { Meta, StoryObj } from '@storybook/react-vite';
import type { ColumnDef } from '../data-table/table-model';
import { UserPlus } from 'lucide-react';
import { expect, fn, within } from 'storybook/test';
import { EditButton, type EditAccess } from '../edit-button/edit-button';
import { SettingsList, useActionsColumn, type SettingsListProps } from './settings-list';

interface Team {
  id: string;
  name: string;
}

const teams: Team[] = [
  { id: 't1', name: 'Platform' },
  { id: 't2', name: 'Security' },
];

const success = { isPending: false, isSuccess: true, isError: false, isFetching: false, error: null, refetch: fn() };

function TeamList({ access, ...props }: Pick<SettingsListProps<Team>, 'query' | 'items' | 'access' | 'empty'>) {
  const actions = useActionsColumn<Team>((team) => (
    <EditButton access={access} row aria-label={`Remove ${team.name}`}>
      Remove
    </EditButton>
  ));
  const columns: ColumnDef<Team, unknown>[] = [{ accessorKey: 'name', header: 'Name' }, actions];
  return (
    <SettingsList
      {...props}
      access={access}
      aria-label="Teams"
      columns={columns}
      getRowId={(team) => team.id}
      add={{ icon: UserPlus, label: 'Create team', onClick: fn() }}
    />
  );
}

const admin: EditAccess = { canEdit: true, readOnlyReason: '' };
const viewer: EditAccess = { canEdit: false, readOnlyReason: 'Only organization admins can change these settings.' };

const meta = {
  title: 'Data display/SettingsList',
  component: TeamList,
  args: {
    query: success,
    items: teams,
    access: admin,
    empty: { title: 'No teams yet', text: 'Teams receive namespace permissions together.' },
  },
} satisfies Meta<typeof TeamList>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Admin: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: 'Create team' })).toBeEnabled();
    await expect(canvas.getByRole('button', { name: 'Remove Platform' })).toBeEnabled();
  },
};

/** A viewer sees every control, disabled, with the reason described to assistive technology (and shown on hover and focus). */
export const ReadOnly: Story = {
  args: { access: viewer },
  play: async ({ canvasElement }) => {
    const remove = within(canvasElement).getByRole('button', { name: 'Remove Security' });
    await expect(remove).toBeDisabled();
    const wrapper = remove.closest('[data-slot="disabled-reason"]');
    await expect(wrapper).toHaveAccessibleDescription(viewer.readOnlyReason);
  },
};

export const Empty: Story = { args: { items: [] } };
export const Loading: Story = { args: { items: undefined, query: { ...success, isPending: true, isSuccess: false } } };
export const Failed: Story = {
  args: { items: undefined, query: { ...success, isSuccess: false, isError: true, error: new Error('Internal Server Error') } },
};
