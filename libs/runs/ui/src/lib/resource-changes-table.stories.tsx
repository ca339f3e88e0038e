import type { Meta, StoryObj } from '@storybook/react-vite';
import { planSummaryFixture } from '@terrace/runs/data-access/testing';
import { ResourceChangesTable } from './resource-changes-table';

const meta = {
  title: 'Runs/ResourceChangesTable',
  component: ResourceChangesTable,
  args: {
    summary: {
      ...planSummaryFixture,
      delete: [{ tfResourceName: 'module.legacy.aws_instance.bastion', logicalResourceId: 'i-0abc123def4567890' }],
    },
  },
} satisfies Meta<typeof ResourceChangesTable>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const NoChanges: Story = { args: { summary: { create: [], update: [] } } };
