import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { ErrorState } from './error-state';

const apiError = Object.assign(
  new Error('Stack prod-network could not be loaded: the request timed out.'),
  {
    status: 504,
    code: 'gatewayTimeout',
    requestId: '7f3c2a9e-1b4d',
  },
);

const meta = {
  title: 'Feedback/ErrorState',
  component: ErrorState,
  args: { error: apiError, onRetry: fn(), retrying: false },
} satisfies Meta<typeof ErrorState>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Retrying: Story = { args: { retrying: true } };
export const UnknownError: Story = { args: { error: null, onRetry: undefined } };

export const Matrix: Story = {
  render: (args) => (
    <div className="grid grid-cols-3 gap-4">
      <ErrorState error={new Error('Network error')} className="rounded-lg border border-border" />
      <ErrorState {...args} className="rounded-lg border border-border" />
      <ErrorState
        error={undefined}
        title="Could not load runs"
        onRetry={args.onRetry}
        retrying
        className="rounded-lg border border-border"
      />
    </div>
  ),
};
