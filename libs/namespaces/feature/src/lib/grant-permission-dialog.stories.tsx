import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { GrantPermissionDialog } from './grant-permission-dialog';

const meta = {
  title: 'Namespaces/GrantPermissionDialog',
  component: GrantPermissionDialog,
  args: {
    namespaceId: 'ns-platform01',
    open: true,
    onOpenChange: fn(),
    onGrant: fn(async () => undefined),
    teams: [
      { id: 'team-platform', name: 'Platform' },
      { id: 'team-sec', name: 'Security' },
    ],
    programmaticUsers: [{ name: 'ci-pipeline' }],
    customRoles: [{ id: 'cro-ops', name: 'Operators' }],
  },
} satisfies Meta<typeof GrantPermissionDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Open: Story = {};
