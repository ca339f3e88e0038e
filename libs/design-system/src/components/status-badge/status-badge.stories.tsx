import type { Meta, StoryObj } from '@storybook/react-vite';
import { runStatuses } from '@terrace/domain';
import { StatusBadge } from './status-badge';
import { stepStatusList } from './status-classification';

const meta = {
  title: 'Data/StatusBadge',
  component: StatusBadge,
  args: { status: 'inProgress', size: 'md' },
  argTypes: {
    status: {
      control: 'select',
      options: [...new Set([...runStatuses, ...stepStatusList, 'finishedError'])],
    },
    size: { control: 'inline-radio', options: ['sm', 'md'] },
  },
} satisfies Meta<typeof StatusBadge>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Failed: Story = { args: { status: 'failed' } };
export const WaitingForApproval: Story = { args: { status: 'waitingForApproval' } };

/** Every run status and every step status, in both sizes. */
export const Matrix: Story = {
  render: () => (
    <div className="flex flex-col gap-6">
      <section className="flex flex-col gap-2">
        <h3 className="text-xs font-medium text-muted-foreground">Run statuses</h3>
        <div className="flex flex-wrap gap-2">
          {runStatuses.map((s) => (
            <StatusBadge key={s} status={s} />
          ))}
        </div>
      </section>
      <section className="flex flex-col gap-2">
        <h3 className="text-xs font-medium text-muted-foreground">Step statuses (small)</h3>
        <div className="flex flex-wrap gap-2">
          {[...stepStatusList, 'finishedError' as const].map((s) => (
            <StatusBadge key={s} status={s} size="sm" />
          ))}
        </div>
      </section>
    </div>
  ),
};
