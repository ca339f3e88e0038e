import type { Meta, StoryObj } from '@storybook/react-vite';
import { organizationFixtures } from '@terrace/organization/data-access/testing';
import { fn } from 'storybook/test';
import { TeamFormDialog } from './team-form-dialog';

const meta = {
  title: 'Organization/TeamFormDialog',
  component: TeamFormDialog,
  args: { open: true, onOpenChange: fn(), onSave: fn(async () => undefined) },
} satisfies Meta<typeof TeamFormDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Create: Story = {};
export const Edit: Story = { args: { team: organizationFixtures.team({ customIdpId: 'okta-platform' }) } };
