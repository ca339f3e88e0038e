import type { Meta, StoryObj } from '@storybook/react-vite';
import { Layers, Plus, SearchX } from 'lucide-react';
import { Button } from '../button/button';
import { EmptyState } from './empty-state';

const meta = {
  title: 'Feedback/EmptyState',
  component: EmptyState,
  args: {
    icon: <Layers />,
    title: 'No stacks yet',
    text: 'A stack connects a Git repository to a cloud account and runs Terraform for it.',
    action: (
      <Button>
        <Plus aria-hidden />
        Create stack
      </Button>
    ),
  },
} satisfies Meta<typeof EmptyState>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const Matrix: Story = {
  render: (args) => (
    <div className="grid grid-cols-3 gap-4">
      <EmptyState title="Title only" className="rounded-lg border border-border" />
      <EmptyState
        icon={<SearchX />}
        title="No results"
        text="Try another search."
        className="rounded-lg border border-border"
      />
      <EmptyState {...args} className="rounded-lg border border-border" />
    </div>
  ),
};
