import type { Meta, StoryObj } from '@storybook/react-vite';
import { organizationFixtures } from '@terrace/organization/data-access/testing';
import { fn } from 'storybook/test';
import { CustomRoleDialog } from './custom-role-dialog';

const meta = {
  title: 'Organization/CustomRoleDialog',
  component: CustomRoleDialog,
  args: { open: true, onOpenChange: fn(), onSave: fn(async () => undefined) },
} satisfies Meta<typeof CustomRoleDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Create: Story = {};
export const Edit: Story = { args: { role: organizationFixtures.customRole({ stackRestriction: 'restrictWriteToOwnStacks' }) } };
